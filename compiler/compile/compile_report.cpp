#include "compiler/compile/compile_report.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "core/dictionary/dictionary_graph.hpp"
#include "core/input/walker.hpp"
#include "emit/decimal_text.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/split.hpp"
#include "prune/report_text.hpp"

namespace josekic::compile {

namespace {

using emit::percent;
// Counts are written as the dictionaries' comments write them, "2,522,100".
using emit::with_thousands;

std::string ratio(std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) return "-";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f",
                  static_cast<double>(part) / static_cast<double>(whole));
    return buffer;
}

// The root's children: the first-move table, or for fuseki the most common first
// `depth` moves, as "path count share" rows.
void top_lines(std::ostringstream& out, const dictionary::Trie& trie, std::size_t depth,
               std::size_t rows) {
    struct Line {
        std::vector<go::Move> moves;
        std::uint64_t count;
    };
    std::vector<Line> lines;
    std::vector<std::pair<dictionary::NodeId, std::size_t>> stack{{dictionary::kRoot, 0}};
    while (!stack.empty()) {
        const auto [node, level] = stack.back();
        stack.pop_back();
        if (level == depth) {
            lines.push_back(Line{trie.path_to(node), trie.node(node).stats.count});
            continue;
        }
        for (dictionary::NodeId child : trie.sorted_children(node))
            stack.emplace_back(child, level + 1);
    }
    std::stable_sort(lines.begin(), lines.end(),
                     [](const Line& a, const Line& b) { return a.count > b.count; });
    const std::uint64_t total = trie.node(dictionary::kRoot).stats.count;
    for (std::size_t i = 0; i < lines.size() && i < rows; ++i) {
        char row[160];
        std::snprintf(
            row, sizeof row, "  %-28s %8s  %6s\n",
            dictionary::format_line(lines[i].moves, emit::pass_text(emit::DictionaryKind::Fuseki))
                .c_str(),
            with_thousands(lines[i].count).c_str(), percent(lines[i].count, total).c_str());
        out << row;
    }
}

// What was written of one dictionary.
void written_line(std::ostringstream& out, const DictionaryOutput& written) {
    out << "  written              " << with_thousands(written.nodes) << " nodes, "
        << with_thousands(written.terminals) << " terminal nodes, "
        << with_thousands(written.transposition_classes) << " transposition classes\n";
}

}  // namespace

std::vector<std::string> provenance_lines(const CompileOptions& options,
                                          const pipeline::RunReport& run,
                                          const DictionaryBuilder& builder,
                                          const dictionary::Eras& eras) {
    const std::vector<std::string> inputs = input::sorted_inputs(options.inputs);
    std::vector<std::string> lines;
    std::string input_line = "Input:";
    for (const std::string& input : inputs) input_line += " " + input;
    lines.push_back(input_line);
    std::uint64_t skipped = 0;
    for (const auto& [reason, count] : run.games_skipped) skipped += count;
    lines.push_back("Games: " + std::to_string(run.games_read) + " read, " +
                    std::to_string(run.games_kept) + " used, " + std::to_string(skipped) +
                    " skipped (" + std::to_string(run.duplicates_dropped) + " duplicates), from " +
                    std::to_string(run.files_read) + " files (" +
                    std::to_string(run.files_skipped.size()) + " unreadable)");
    if (!run.filter.empty()) {
        lines.push_back("Filters: " + run.filter.describe() + ", " +
                        std::to_string(run.filtered.games_removed) +
                        " games removed (report.txt says why)");
    }
    if (builder.first_year() != 0) {
        lines.push_back("Years: " + std::to_string(builder.first_year()) + "-" +
                        std::to_string(builder.last_year()));
    }
    if (eras.count() > 1) {
        std::string line = "Eras:";
        for (std::size_t e = 0; e < eras.count(); ++e)
            line += (e > 0 ? ", " : " ") + eras.label(e, builder.first_year(), builder.last_year());
        line += options.eras ? " (--eras)" : " (chosen from the games' years; --eras to choose)";
        lines.push_back(line);
    }
    lines.push_back(
        "Zones: " + (options.zones_file.empty() ? std::string("default") : options.zones_file) +
        "; joseki length cap " + std::to_string(options.tracker.max_length) +
        ", tenuki gap limit " + std::to_string(options.tracker.max_gap));
    lines.push_back("Fuseki: first " + std::to_string(options.opening.max_moves) +
                    " moves of even games" +
                    (options.handicap == HandicapFuseki::SeparateTree
                         ? "; handicap games in fuseki-handicap.sgf"
                         : "; handicap games left out"));
    lines.push_back(std::string("Duplicates: ") +
                    (options.stream.duplicates == pipeline::Duplicates::Drop ? "dropped" : "kept"));
    for (const std::string& reference : options.references)
        lines.push_back("Reference: " + reference);
    if (!options.stream.read.forced_charset.empty())
        lines.push_back("Charset: " + options.stream.read.forced_charset);
    if (options.index == IndexOutput::Write)
        lines.push_back(
            "Index: index.jki beside this file holds every line played, whatever "
            "thresholds and prune lists leave out here (josekic lookup, josekic review)");
    return lines;
}

std::string render_compile_report(const CompileResult& result, const DictionaryBuilder& builder,
                                  const std::vector<std::string>& output_arguments) {
    std::ostringstream out;
    out << pipeline::render_text(result.run, pipeline::Timings::Omit) << "\n";

    const JosekiCounts& j = result.joseki;
    out << "Joseki\n";
    out << "  sequences            " << with_thousands(j.sequences) << " ("
        << ratio(j.sequences, result.run.games_kept) << " per game), " << with_thousands(j.moves)
        << " moves, " << with_thousands(j.tenukis) << " tenuki\n";
    out << "  per corner          ";
    for (trackers::Corner c : trackers::kAllCorners) {
        out << " " << trackers::name(c) << " "
            << with_thousands(j.sequences_per_corner[static_cast<int>(c)]);
    }
    out << "\n  ended by            ";
    for (trackers::SequenceEnd e : trackers::kAllSequenceEnds) {
        const auto n = j.sequences_by_end[static_cast<int>(e)];
        // Only a local cutoff rule ends a line so: Dyer's reports keep their four reasons.
        if (e == trackers::SequenceEnd::DecidedOutside && n == 0) continue;
        out << " " << trackers::name(e) << " " << with_thousands(n) << " ("
            << percent(n, j.sequences) << ")";
    }
    out << "\n  colours swapped      " << with_thousands(j.colour_swapped) << " ("
        << percent(j.colour_swapped, j.sequences) << ")\n";
    out << "  corners blocked by setup stones " << with_thousands(j.corners_blocked_by_setup)
        << "\n";
    const dictionary::Trie& joseki = builder.joseki();
    out << "  trie                 " << with_thousands(joseki.size() - 1) << " nodes, "
        << with_thousands(joseki.terminal_count()) << " terminal nodes\n";
    written_line(out, result.joseki_output);
    out << "  first moves:\n";
    const std::uint64_t total = joseki.node(dictionary::kRoot).stats.count;
    for (dictionary::NodeId child : joseki.sorted_children(dictionary::kRoot)) {
        const auto& node = joseki.node(child);
        if (std::uint64_t{node.stats.count} * 1000 < total)
            break;  // the rarer ones are in the dictionary
        char row[160];
        const std::string name = emit::first_move_name(node.move);
        const std::string nick = emit::first_move_nickname(node.move);
        std::snprintf(row, sizeof row, "    %-6s %-12s %-4s %8s  %6s\n", name.c_str(), nick.c_str(),
                      node.move.point ? go::to_sgf(*node.move.point).c_str() : "",
                      with_thousands(node.stats.count).c_str(),
                      percent(node.stats.count, total).c_str());
        out << row;
    }

    const FusekiCounts& f = result.fuseki;
    out << "\nFuseki\n";
    out << "  games by class      ";
    for (const auto& [name, count] : f.games_by_class)
        out << " " << name << " " << with_thousands(count);
    out << "\n  openings             " << with_thousands(f.even_openings) << " even";
    if (f.handicap_openings) {
        out << ", " << with_thousands(f.handicap_openings) << " in the handicap trees ("
            << with_thousands(f.handicap_setups) << (f.handicap_setups == 1 ? " setup" : " setups")
            << ")";
    }
    if (f.excluded) {
        out << ", " << with_thousands(f.excluded)
            << " not even, left out (--fuseki-handicap keeps them)";
    }
    const dictionary::Trie& fuseki = builder.fuseki();
    out << "\n  trie                 " << with_thousands(fuseki.size() - 1) << " nodes, "
        << with_thousands(fuseki.terminal_count()) << " leaves\n";
    written_line(out, result.fuseki_output);
    out << "  most common first three moves:\n";
    top_lines(out, fuseki, 3, 10);

    out << "\nFiles written (budget: " << prune::budget_text(result.budget)
        << (result.budget.none() ? ", --full" : "");
    // What `compile --update` takes from the index when its command line leaves them out.
    if (!output_arguments.empty()) {
        out << "; written with";
        for (const std::string& argument : output_arguments) out << " " << argument;
    }
    out << ")\n";
    for (const DictionaryOutput* dictionary : result.outputs()) {
        for (const OutputFile& file : dictionary->files) {
            // Names only: report.txt sits beside them, and the text must not depend on -o.
            out << "  " << std::filesystem::path(file.path).filename().string() << "  "
                << with_thousands(file.bytes) << " bytes";
            if (file.nodes) out << ", " << with_thousands(file.nodes) << " nodes";
            if (file.budget_min_count > 0) {
                out << "; lines seen fewer than " << with_thousands(file.budget_min_count)
                    << " times left out to fit";
            }
            out << "\n";
        }
    }
    for (const DictionaryOutput* dictionary : result.outputs()) {
        for (const std::string& warning : dictionary->warnings)
            out << "warning: " << warning << "\n";
    }
    return out.str();
}

}  // namespace josekic::compile
