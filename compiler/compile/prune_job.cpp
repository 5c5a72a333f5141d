#include "compiler/compile/prune_job.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/compile/dictionary_output.hpp"
#include "compiler/compile/node_comments.hpp"
#include "emit/decimal_text.hpp"
#include "emit/dictionary_reader.hpp"
#include "emit/set_files.hpp"
#include "index/dictionary_set.hpp"
#include "index/index_format.hpp"
#include "index/index_reader.hpp"
#include "prune/apply.hpp"
#include "prune/list_file.hpp"
#include "prune/report_text.hpp"
#include "reference/coverage.hpp"

namespace josekic::compile {

namespace {

std::optional<std::vector<prune::PruneList>> read_lists_to(const std::vector<std::string>& files,
                                                           std::ostream& messages) {
    diag::DiagnosticList problems;
    std::optional<std::vector<prune::PruneList>> lists = prune::read_prune_lists(files, problems);
    for (const diag::Diagnostic& d : problems.items) messages << diag::format(d) << "\n";
    return lists;
}

// The compile id of the index `file`, if there is one.
std::optional<std::string> compile_id_beside(const std::filesystem::path& file) {
    std::error_code no_index;
    if (!std::filesystem::exists(file, no_index)) return std::nullopt;
    return index::compile_id_text(index::IndexFile::open(file).compile_id());
}

}  // namespace

PruneOutcome prune_dictionary(const PruneJob& job, std::ostream& out, std::ostream& messages) {
    const std::optional<std::vector<prune::PruneList>> read_lists =
        read_lists_to(job.list_files, messages);
    bool failed = !read_lists;
    diag::DiagnosticList reference_problems;
    const std::vector<reference::ReferenceIndex> references =
        load_references(job.references, reference_problems);
    for (const diag::Diagnostic& d : reference_problems.items) messages << diag::format(d) << "\n";
    const PruneOutcome written_outcome = diag::any_error(reference_problems.items)
                                             ? PruneOutcome::WrittenReferenceIncomplete
                                             : PruneOutcome::Written;
    diag::DiagnosticList problems;
    // The lines pruning leaves out are in an index when compile wrote one beside DICT: it
    // holds the unpruned dictionaries, which `josekic lookup` reads. Only DICT's own index
    // (the compile id its root names) keeps that promise.
    const std::filesystem::path index_file =
        std::filesystem::absolute(job.dictionary).parent_path() / emit::kIndexFile;
    // A collection (fuseki-handicap.sgf: one tree per setup) is pruned tree by tree.
    std::optional<std::vector<emit::ReadDictionary>> read;
    std::optional<std::string> beside_id;
    // DICT, then its index: a compile that swaps its set in between is waited out.
    index::read_one_set([&] {
        problems = {};
        read = emit::read_dictionary_collection_file(job.dictionary, problems);
        beside_id = read ? compile_id_beside(index_file) : std::nullopt;
        return !read || !beside_id || read->front().root.compile_id.empty() ||
               read->front().root.compile_id == *beside_id;
    });
    for (const diag::Diagnostic& d : problems.items) messages << diag::format(d) << "\n";
    if (!read) failed = true;
    if (failed) {
        messages << "josekic: nothing was written\n";
        return PruneOutcome::NothingWritten;
    }

    const std::vector<prune::PruneList>& lists = *read_lists;
    std::vector<prune::PruneResult> results;
    if (job.thresholds.min_players && !read->front().side) {
        messages << "josekic: " << job.dictionary
                 << " was written without player counts (dictionary format 1, josekic 0.1): "
                    "--min-players needs a dictionary compiled by this version; nothing was "
                    "written\n";
        return PruneOutcome::NothingWritten;
    }
    for (const emit::ReadDictionary& tree : *read) {
        results.push_back(prune::apply(tree.trie, lists, job.thresholds, tree.root.kind,
                                       tree.side ? &*tree.side : nullptr));
    }
    // An entry is unmatched when no tree of the collection has its line: one warning each.
    std::vector<const prune::PruneResult*> every_tree;
    for (const prune::PruneResult& result : results) every_tree.push_back(&result);
    for (const diag::Diagnostic& d : prune::unmatched_warnings(every_tree))
        messages << diag::format(d) << "\n";
    if (job.run == PruneRun::DryRun) {
        for (std::size_t i = 0; i < results.size(); ++i) {
            if (results.size() > 1) out << (i > 0 ? "\n" : "") << (*read)[i].root.name << "\n";
            out << prune::render_dry_run(results[i], job.thresholds);
        }
        return written_outcome;
    }

    const bool joseki = read->front().root.kind == emit::DictionaryKind::Joseki;
    if (!references.empty() && !joseki)
        messages << "josekic: warning: references apply to joseki dictionaries only; ignored\n";
    const std::vector<reference::ReferenceIndex>* joseki_references =
        joseki && !references.empty() ? &references : nullptr;
    const std::string& own_id = read->front().root.compile_id;
    bool index_beside = false;
    if (beside_id) {
        if (!own_id.empty() && own_id != *beside_id) {
            messages << "josekic: error: " << job.dictionary
                     << " leaves lines to the index of compile " << own_id << ", but "
                     << index_file.string() << " beside it is of compile " << *beside_id
                     << ": not its own index; nothing was written\n";
            return PruneOutcome::NothingWritten;
        }
        index_beside = !own_id.empty();
        if (!index_beside) {
            messages << "josekic: warning: " << job.dictionary
                     << " names no index (written without one, or by an older josekic): "
                        "the pruned file does not refer to "
                     << index_file.string() << "\n";
        }
    }
    std::vector<CollectionEntry> trees;
    std::size_t nodes_before = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const emit::RootInfo& root = (*read)[i].root;
        const dictionary::Trie& trie = results[i].trie;
        emit::WriteOptions write;
        write.kind = root.kind;
        write.name = root.name;
        write.setup = root.setup;
        write.provenance = root.provenance;
        if (!lists.empty() || !job.thresholds.none())
            write.provenance.push_back(prune::describe_applied(lists, job.thresholds));
        for (const std::string& reference : job.references)
            write.provenance.push_back("Reference: " + reference);
        write.max_games_listed = job.max_games_listed;
        if (results[i].side) write.side = &*results[i].side;
        if (index_beside) {
            write.compile_id = own_id;
            // The trees of fuseki-handicap.sgf name the index's compile id too, but it holds
            // none of their lines.
            if (!root.name.starts_with(kHandicapFusekiName))
                write.cut_lines = emit::CutLines::InIndex;
        }
        trees.push_back({&trie, std::move(write), joseki_references});
        nodes_before += results[i].nodes_before;
    }
    // The same paths as compile's, so that both write the same bytes.
    const DictionaryOutput written =
        trees.size() == 1 ? write_annotated_dictionary(
                                *trees.front().trie, trees.front().options, job.thresholds,
                                joseki_references, DictionaryTarget{job.output, Layout::SingleFile})
                          : write_annotated_collection(trees, job.thresholds, job.output);
    out << job.dictionary << ": " << emit::counted(nodes_before, "node") << " -> " << job.output
        << ": " << emit::counted(written.nodes, "node") << " ("
        << emit::with_thousands(written.terminals) << " terminal)"
        << (trees.size() > 1 ? " in " + std::to_string(trees.size()) + " trees" : std::string());
    if (const std::uint64_t m = written.files.front().budget_min_count; m > 0) {
        out << "; lines seen fewer than " << m << " times left out for the budget ("
            << prune::budget_text(job.thresholds.budget) << ")";
    }
    out << "\n";
    for (const std::string& warning : written.warnings)
        messages << "josekic: warning: " << warning << "\n";
    if (joseki_references != nullptr) {
        for (const prune::PruneResult& result : results) {
            out << reference::render_coverage(reference::compute_coverage(
                result.trie, reference::annotate(result.trie, references)));
        }
    }
    return written_outcome;
}

}  // namespace josekic::compile
