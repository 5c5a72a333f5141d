#include "cli/prune_command.hpp"

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "cli/prune_lists.hpp"
#include "cli/threshold_options.hpp"
#include "compiler/compile/dictionary_output.hpp"
#include "compiler/compile/node_comments.hpp"
#include "emit/dictionary_reader.hpp"
#include "index/index_format.hpp"
#include "index/index_reader.hpp"
#include "prune/apply.hpp"
#include "prune/report_text.hpp"
#include "reference/coverage.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

namespace {

const char* const kPruneDescription =
    "Removes lines from a dictionary that josekic wrote earlier (joseki.sgf, fuseki.sgf,\n"
    "fuseki-handicap.sgf, pruned tree by tree, or one file of a --split dictionary). The\n"
    "statistics come from the file itself: no games are needed. DICT is never modified; the\n"
    "result goes to OUT (written atomically), and its root comment records the lists and\n"
    "thresholds applied. Pruning a compiled dictionary gives the same file as compiling with\n"
    "the same --prune lists. OUT fits the budget (--max-nodes, --max-bytes; --full for none)\n"
    "as compile's files do, so `prune DICT -o OUT` alone fits a --full dictionary to a viewer.\n"
    "\n"
    "A prune list is a text file (see README, \"Prune lists\") or a copy of the dictionary in\n"
    "which nodes were marked in an SGF editor as bad moves (BM) or with a comment line\n"
    "'prune'.\n"
    "\n"
    "The lines left out stay in DICT's index (index.jki beside it), and OUT says so, when\n"
    "that index is DICT's own: a DICT whose root names another compile's index than the one\n"
    "beside it is refused.\n"
    "\n"
    "Exit status: 0 when OUT was written (or the dry run printed); 1 when DICT is not a\n"
    "josekic dictionary, the index beside it is not its own, a list is malformed or OUT\n"
    "cannot be written (nothing is written); 2 for a bad command line.";

}  // namespace

ExitStatus run_prune(const std::vector<std::string>& args) {
    const CommandHelp help{"prune", "josekic prune DICT.sgf [--list FILE]... -o OUT.sgf [options]",
                           kPruneDescription};
    std::string dictionary_path;
    std::vector<std::string> list_files;
    std::vector<std::string> reference_arguments;
    std::string output;
    bool dry_run = false;
    std::size_t max_games_listed = 5;
    ThresholdOptions threshold_options;
    po::options_description visible;
    visible.add_options()("list,l", po::value(&list_files)->value_name("FILE")->composing(),
                          "prune list to apply (repeatable)")(
        "output,o", po::value(&output)->value_name("OUT.sgf"),
        "where to write the pruned dictionary")("dry-run,n", po::bool_switch(&dry_run),
                                                "print what would be removed and write nothing")(
        "reference", po::value(&reference_arguments)->value_name("[NAME=]FILE")->composing(),
        "reference joseki dictionary (SGF file or directory) to cross-reference with (repeatable)")(
        "max-games-listed",
        number_value(&max_games_listed, std::size_t{0}, std::size_t{kMaxCountOption})
            ->value_name("N")
            ->default_value(max_games_listed),
        "games listed where a line ends, most recent first");
    add_threshold_options(visible, threshold_options);
    po::options_description hidden;
    hidden.add_options()("input", po::value(&dictionary_path), "the dictionary to prune");
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("input", 1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;
    if (dictionary_path.empty()) throw UsageError(help.name, "give the dictionary to prune");
    if (!dry_run && output.empty()) throw UsageError(help.name, "give -o OUT.sgf (or --dry-run)");
    const prune::Thresholds thresholds = parse_thresholds(threshold_options, help.name);
    if (list_files.empty() && thresholds.none() && thresholds.budget.none() &&
        reference_arguments.empty()) {
        throw UsageError(help.name,
                         "give at least one --list, threshold or --reference (--full alone "
                         "leaves nothing to do)");
    }

    const std::optional<std::vector<prune::PruneList>> read_lists = read_prune_lists(list_files);
    bool failed = !read_lists;
    diag::DiagnosticList reference_problems;
    const std::vector<reference::ReferenceIndex> references =
        compile::load_references(reference_arguments, reference_problems);
    for (const diag::Diagnostic& d : reference_problems.items) std::cerr << diag::format(d) << "\n";
    diag::DiagnosticList problems;
    // A collection (fuseki-handicap.sgf: one tree per setup) is pruned tree by tree.
    std::optional<std::vector<emit::ReadDictionary>> read =
        emit::read_dictionary_collection_file(dictionary_path, problems);
    for (const diag::Diagnostic& d : problems.items) std::cerr << diag::format(d) << "\n";
    if (!read) failed = true;
    if (failed) {
        std::cerr << "josekic: nothing was written\n";
        return ExitStatus::Error;
    }

    const std::vector<prune::PruneList>& lists = *read_lists;
    std::vector<prune::PruneResult> results;
    if (thresholds.min_players && !read->front().side) {
        std::cerr << "josekic: " << dictionary_path
                  << " was written without player counts (dictionary format 1, josekic 0.1): "
                     "--min-players needs a dictionary compiled by this version; nothing was "
                     "written\n";
        return ExitStatus::Error;
    }
    for (const emit::ReadDictionary& tree : *read) {
        results.push_back(prune::apply(tree.trie, lists, thresholds, tree.root.kind,
                                       tree.side ? &*tree.side : nullptr));
    }
    // An entry is unmatched when no tree of the collection has its line: one warning each.
    std::vector<const prune::PruneResult*> every_tree;
    for (const prune::PruneResult& result : results) every_tree.push_back(&result);
    for (const diag::Diagnostic& d : prune::unmatched_warnings(every_tree))
        std::cerr << diag::format(d) << "\n";
    if (dry_run) {
        for (std::size_t i = 0; i < results.size(); ++i) {
            if (results.size() > 1)
                std::cout << (i > 0 ? "\n" : "") << (*read)[i].root.name << "\n";
            std::cout << prune::render_dry_run(results[i], thresholds);
        }
        return ExitStatus::Ok;
    }

    const bool joseki = read->front().root.kind == emit::DictionaryKind::Joseki;
    if (!references.empty() && !joseki)
        std::cerr << "josekic: warning: references apply to joseki dictionaries only; ignored\n";
    const std::vector<reference::ReferenceIndex>* joseki_references =
        joseki && !references.empty() ? &references : nullptr;
    // The lines pruning leaves out are in an index when compile wrote one beside DICT: it
    // holds the unpruned dictionaries, which `josekic lookup` reads. Only DICT's own index
    // (the compile id its root names) keeps that promise.
    const std::filesystem::path index_file =
        std::filesystem::absolute(dictionary_path).parent_path() / index::kIndexFileName;
    std::error_code no_index;
    const std::string& own_id = read->front().root.compile_id;
    bool index_beside = false;
    if (std::filesystem::exists(index_file, no_index)) {
        const std::string beside_id =
            index::compile_id_text(index::IndexFile::open(index_file).compile_id());
        if (!own_id.empty() && own_id != beside_id) {
            std::cerr << "josekic: " << dictionary_path << " leaves lines to the index of compile "
                      << own_id << ", but " << index_file.string() << " beside it is of compile "
                      << beside_id << ": not its own index; nothing was written\n";
            return ExitStatus::Error;
        }
        index_beside = !own_id.empty();
        if (!index_beside) {
            std::cerr << "josekic: warning: " << dictionary_path
                      << " names no index (written without one, or by an older josekic): "
                         "the pruned file does not refer to "
                      << index_file.string() << "\n";
        }
    }
    std::vector<compile::CollectionEntry> trees;
    std::size_t nodes_before = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const emit::RootInfo& root = (*read)[i].root;
        const dictionary::Trie& trie = results[i].trie;
        emit::WriteOptions write;
        write.kind = root.kind;
        write.name = root.name;
        write.setup = root.setup;
        write.provenance = root.provenance;
        if (!lists.empty() || !thresholds.none())
            write.provenance.push_back(prune::describe_applied(lists, thresholds));
        for (const std::string& reference : reference_arguments)
            write.provenance.push_back("Reference: " + reference);
        write.max_games_listed = max_games_listed;
        if (results[i].side) write.side = &*results[i].side;
        if (index_beside) {
            write.cut_lines = emit::CutLines::InIndex;
            write.compile_id = own_id;
        }
        trees.push_back({&trie, std::move(write), joseki_references});
        nodes_before += results[i].nodes_before;
    }
    // The same paths as compile's, so that both write the same bytes.
    const compile::DictionaryOutput written =
        trees.size() == 1
            ? compile::write_annotated_dictionary(
                  *trees.front().trie, trees.front().options, thresholds, joseki_references,
                  compile::DictionaryTarget{output, compile::Layout::SingleFile})
            : compile::write_annotated_collection(trees, thresholds, output);
    std::cout << dictionary_path << ": " << nodes_before << " nodes -> " << output << ": "
              << written.nodes << " nodes (" << written.terminals << " terminal)"
              << (trees.size() > 1 ? " in " + std::to_string(trees.size()) + " trees"
                                   : std::string());
    if (const std::uint64_t m = written.files.front().budget_min_count; m > 0) {
        std::cout << "; lines seen fewer than " << m << " times left out for the budget ("
                  << prune::budget_text(thresholds.budget) << ")";
    }
    std::cout << "\n";
    for (const std::string& warning : written.warnings)
        std::cerr << "josekic: warning: " << warning << "\n";
    if (joseki_references != nullptr) {
        for (const prune::PruneResult& result : results) {
            std::cout << reference::render_coverage(reference::compute_coverage(
                result.trie, reference::annotate(result.trie, references)));
        }
    }
    return ExitStatus::Ok;
}

}  // namespace josekic::cli
