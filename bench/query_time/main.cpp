// josekic_query_time: the time of `lookup` queries inside one long-running process, as the
// explorer makes them, unfiltered and filtered side by side. See --help.

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cli/filter_options.hpp"
#include "cli/lookup_command.hpp"
#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "index/query_moves.hpp"

namespace po = boost::program_options;
using namespace josekic;

namespace {

constexpr const char* kUsage =
    R"(usage: josekic_query_time DIR --moves "pd qc" [--fuseki] [filters] [--runs N]

Times one lookup query inside one process, as a long-running process (the explorer) makes
it: each run opens DIR's index, asks the query twice without a filter, then makes the
selection of the filter's games and asks the query twice with it (the second time with the
same selection). Prints the median of each over the runs, in ms. Asserts nothing.

options)";

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Keeps the answer alive until it is timed, so that the query is not optimised away.
std::size_t weight(const index::LookupResult& r) {
    return r.stats.count + r.continuations.size() + r.games.size();
}

}  // namespace

int main(int argc, char** argv) {
    std::string dictionary;
    std::string moves;
    bool fuseki = false;
    int runs = 9;
    cli::FilterOptions filters;
    po::options_description options(kUsage);
    options.add_options()("moves", po::value(&moves)->required(), "the query's moves")(
        "fuseki", po::bool_switch(&fuseki), "look up the whole-board opening")(
        "runs", po::value(&runs)->default_value(9), "runs, each in a newly opened index")(
        "help,h", "print this help and exit");
    cli::add_filter_options(options, filters);
    po::options_description all;
    all.add(options).add_options()("dictionary", po::value(&dictionary)->required());
    po::positional_options_description positional;
    positional.add("dictionary", 1);
    game::GameFilter filter;
    try {
        po::variables_map vm;
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << options << "\n";
            return 0;
        }
        po::notify(vm);
        filter = cli::parse_filter(filters, "josekic_query_time");
        if (runs < 1) throw po::error("--runs must be at least 1");
    } catch (const std::exception& e) {
        std::cerr << "josekic_query_time: " << e.what() << "\n";
        return 2;
    }

    try {
        const index::Tree tree = fuseki ? index::Tree::Fuseki : index::Tree::Joseki;
        auto parsed = index::parse_query(moves, tree);
        if (const auto* error = std::get_if<index::QueryError>(&parsed)) {
            std::cerr << "josekic_query_time: --moves, column " << error->column << ": "
                      << error->message << "\n";
            return 2;
        }
        const index::QueryLine query = std::get<index::QueryLine>(parsed);
        std::vector<double> plain_first, plain_second, select, first, second;
        std::size_t checksum = 0;
        for (int run = 0; run < runs; ++run) {
            const index::IndexFile file = index::IndexFile::open(cli::index_path(dictionary));
            Clock::time_point start = Clock::now();
            checksum += weight(index::lookup(file, tree, query, 5));
            plain_first.push_back(ms_since(start));
            start = Clock::now();
            checksum += weight(index::lookup(file, tree, query, 5));
            plain_second.push_back(ms_since(start));
            if (filter.empty()) continue;
            start = Clock::now();
            const index::GameSelection selection(file, filter);
            select.push_back(ms_since(start));
            checksum += weight(index::lookup(file, tree, query, 5, &selection));
            first.push_back(ms_since(start));
            start = Clock::now();
            checksum += weight(index::lookup(file, tree, query, 5, &selection));
            second.push_back(ms_since(start));
        }
        std::printf("unfiltered first %.2f second %.2f", median(plain_first), median(plain_second));
        if (!filter.empty())
            std::printf("; filtered selection %.2f first %.2f (selection included) second %.2f",
                        median(select), median(first), median(second));
        std::printf(" ms (medians of %d runs; answer weight %zu)\n", runs, checksum / runs);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "josekic_query_time: " << e.what() << "\n";
        return 1;
    }
}
