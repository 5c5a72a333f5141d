// josekic_make_scale_corpus: writes a corpus of legal, distinct generated games whose
// dictionaries grow as a real collection's do, for benchmarks at scale. See --help.

#include <boost/program_options.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/scale_corpus/corpus_writer.hpp"
#include "bench/scale_corpus/game_generator.hpp"
#include "bench/scale_corpus/source_pool.hpp"

namespace po = boost::program_options;
using namespace josekic::bench;

namespace {

constexpr const char* kUsage =
    R"(usage: josekic_make_scale_corpus SOURCE... -o DIR --games N [options]

Writes N legal, distinct Go games made from the real games of the SOURCEs (directories,
archives or SGF files), for benchmarks of `josekic compile` at scale. Each game follows
the openings of the games before it by frequency, leaves them where a new line starts, and
goes on with a real game's moves while they are legal (another real game's at the same
move number when one is not), so that its dictionaries grow with the number of games as a
real collection's do. The same SOURCEs and options give the same files.

Games go into monthly collections DIR/months/YYYY-MM.sgf (--games-per-month each, dated
within the month), or with --one-file-per-game into DIR/months/YYYY-MM/NNNNNNN.sgf.
--subsets also makes DIR/games-K/ directories of links to the first K games' months
(K a multiple of --games-per-month): compile DIR/months or DIR/games-K, not DIR. Generated data does
not belong in the repository: write it to /tmp or another scratch directory.

Exit status: 0 when every game was written, 1 when a file cannot be written or the
sources cannot make N distinct games, 2 for a bad command line.

options)";

struct CommandLine {
    std::vector<std::string> sources;
    CorpusLayout layout;
    GeneratorOptions generator;
    std::size_t games = 0;
    std::string first_month = "2005-01";
    std::string subsets;
    std::size_t min_moves = 50;
};

std::vector<std::size_t> parse_list(const std::string& text) {
    std::vector<std::size_t> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(std::stoul(item));
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    CommandLine command;
    bool one_file_per_game = false;
    po::options_description options(kUsage);
    options.add_options()("output,o", po::value<std::string>()->required(),
                          "directory to write into")("games", po::value(&command.games)->required(),
                                                     "games to write")(
        "seed", po::value(&command.generator.seed)->default_value(1), "random seed")(
        "games-per-month", po::value(&command.layout.games_per_month)->default_value(5000),
        "games dated in each month")("first-month",
                                     po::value(&command.first_month)->default_value("2005-01"),
                                     "month of the first games, YYYY-MM")(
        "one-file-per-game", po::bool_switch(&one_file_per_game),
        "one file per game instead of monthly collections")(
        "subsets", po::value(&command.subsets), "comma-separated game counts: DIR/games-K links")(
        "leave-weight", po::value(&command.generator.leave_weight)->default_value(0.5),
        "weight, in games, of leaving the known lines at each opening node")(
        "trie-depth", po::value(&command.generator.trie_depth)->default_value(30),
        "opening moves followed by frequency")(
        "min-moves", po::value(&command.min_moves)->default_value(50),
        "shortest real game used as a source")("help,h", "print this help and exit");
    po::options_description hidden;
    hidden.add_options()("source", po::value(&command.sources));
    po::options_description all;
    all.add(options).add(hidden);
    po::positional_options_description positional;
    positional.add("source", -1);
    try {
        po::variables_map vm;
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << options << "\n";
            return 0;
        }
        po::notify(vm);
        command.layout.directory = vm["output"].as<std::string>();
        int year = 0;
        int month = 0;
        if (std::sscanf(command.first_month.c_str(), "%4d-%2d", &year, &month) != 2 || month < 1 ||
            month > 12)
            throw po::error("--first-month must be YYYY-MM");
        command.layout.first_year = year;
        command.layout.first_month = month;
        if (command.sources.empty()) throw po::error("no SOURCE given");
        if (command.layout.games_per_month == 0) throw po::error("--games-per-month must be > 0");
        command.layout.layout = one_file_per_game ? FileLayout::OnePerGame : FileLayout::Monthly;
    } catch (const std::exception& e) {
        std::cerr << "josekic_make_scale_corpus: " << e.what() << "\n" << options << "\n";
        return 2;
    }

    try {
        const SourcePool pool = read_source_games(command.sources, command.min_moves);
        std::cerr << "sources: " << pool.files_read << " files, " << pool.games_read << " games, "
                  << pool.games.size() << " usable\n";
        if (pool.games.empty()) {
            std::cerr << "josekic_make_scale_corpus: no usable source game\n";
            return 1;
        }
        GameGenerator generator(pool, command.generator);
        CorpusWriter writer(command.layout);
        std::size_t moves = 0;
        for (std::size_t i = 0; i < command.games; ++i) {
            const auto game = generator.next();
            if (!game) {
                std::cerr << "josekic_make_scale_corpus: the sources made only " << i
                          << " distinct games\n";
                return 1;
            }
            moves += game->moves.size();
            writer.add(*game, pool.games[game->info_source].info);
        }
        writer.finish();
        for (const auto subset : parse_list(command.subsets))
            link_subset(command.layout, writer.months(), subset);
        std::cerr << command.games << " games (" << moves << " moves) in " << writer.months().size()
                  << " months under " << command.layout.directory.string() << "; opening trie "
                  << generator.trie_nodes() << " nodes\n";
    } catch (const std::exception& e) {
        std::cerr << "josekic_make_scale_corpus: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
