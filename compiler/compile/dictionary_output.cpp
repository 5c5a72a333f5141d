#include "compiler/compile/dictionary_output.hpp"

#include <memory>

#include "compiler/compile/fitted_file.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "emit/atomic_file.hpp"
#include "emit/decimal_text.hpp"
#include "emit/dictionary_file.hpp"
#include "emit/split.hpp"
#include "prune/report_text.hpp"

namespace josekic::compile {

namespace {

using pipeline::StageTimer;

// A warning for a file larger than viewers open comfortably (possible with --full or a
// budget above the viewer's), or one that could not be cut to its budget.
void warn_about_size(const std::filesystem::path& path, const FittedFile& file,
                     const OutputFile& written, const prune::Thresholds& thresholds,
                     DictionaryOutput& output) {
    // The file name only: report.txt sits beside it and must not depend on -o.
    const std::string name = path.filename().string();
    const std::string size =
        emit::counted(written.nodes, "node") + ", " + emit::counted(written.bytes, "byte");
    if (!file.fits) {
        output.warnings.push_back(name + " (" + size + ") does not fit the budget of " +
                                  prune::budget_text(thresholds.budget) +
                                  " even with only its root");
        return;
    }
    const prune::Budget viewer = prune::Budget::viewer();
    if (viewer.fits(written.nodes, written.bytes)) return;
    output.warnings.push_back(
        name + " (" + size + ") is larger than viewers open comfortably (" +
        prune::budget_text(viewer) + ")" +
        (thresholds.budget.none() ? "; without --full it is cut to fit" : ""));
}

// Streams the file, so that its text is never held in memory; the time inside the file
// writes (and the final fsync and rename) is told apart from the formatting.
void write_file(const std::filesystem::path& path, const FittedFile& file,
                const prune::Thresholds& thresholds, DictionaryOutput& output) {
    double writing = 0.0;
    double whole = 0.0;
    emit::WriteCounts counts;
    {
        const StageTimer timer(whole);
        const emit::WriteTimer timed = [&writing](const std::function<void()>& write) {
            const StageTimer write_timer(writing);
            write();
        };
        if (file.trees.size() == 1) {
            const PreparedTree& tree = file.trees.front();
            counts = emit::write_dictionary_file(path, *tree.trie, tree.options,
                                                 tree.only_first_move, timed);
        } else {
            std::vector<emit::CollectionTree> collection;
            for (const PreparedTree& tree : file.trees)
                collection.push_back({tree.trie, tree.options});
            counts = emit::write_collection_file(path, collection);
        }
    }
    output.times.write += writing;
    output.times.format += whole - writing;
    output.files.push_back(OutputFile{path.string(), counts.bytes, counts.nodes,
                                      file.budget_min_count, counts.compile_id_offsets});
    output.nodes += counts.nodes;
    output.terminals += counts.terminals;
    for (const PreparedTree& tree : file.trees) {
        if (tree.cut) output.transposition_classes += tree.cut->graph->class_count();
    }
    warn_about_size(path, file, output.files.back(), thresholds, output);
}

// Fits the trees of one file to the budget and writes it.
void write_fitted(const std::filesystem::path& path, std::span<const FileTree> trees,
                  const prune::Thresholds& thresholds, DictionaryOutput& output) {
    const FittedFile file = fit_file(trees, thresholds, output.times);
    write_file(path, file, thresholds, output);
}

}  // namespace

DictionaryOutput write_annotated_dictionary(
    const dictionary::Trie& trie, const emit::WriteOptions& options,
    const prune::Thresholds& thresholds, const std::vector<reference::ReferenceIndex>* references,
    const DictionaryTarget& target) {
    DictionaryOutput output;
    GivenTrie given(trie, references, options.kind);
    if (target.layout == Layout::SingleFile) {
        const FileTree tree{&given, options, dictionary::kNoNode};
        write_fitted(target.path, std::span(&tree, 1), thresholds, output);
        output.transposition_classes += given.transposition_classes();
        return output;
    }
    std::optional<emit::SplitPlan> split;
    {
        const StageTimer timer(output.times.format);
        split.emplace(emit::plan_split(trie, options));
    }
    for (const emit::SplitPart& part : split->parts) {
        const FileTree tree{&given, part.options, part.node};
        write_fitted(target.path / part.file_name, std::span(&tree, 1), thresholds, output);
    }
    output.transposition_classes += given.transposition_classes();
    const std::filesystem::path index = target.path / split->index_file_name;
    {
        const StageTimer timer(output.times.write);
        emit::write_file_atomically(index, split->index_text);
    }
    output.files.push_back(OutputFile{index.string(), split->index_text.size(), 0, 0});
    return output;
}

DictionaryOutput write_annotated_collection(const std::vector<CollectionEntry>& trees,
                                            const prune::Thresholds& thresholds,
                                            const std::filesystem::path& path) {
    DictionaryOutput output;
    std::vector<std::unique_ptr<GivenTrie>> given;
    std::vector<FileTree> file;
    for (const CollectionEntry& tree : trees) {
        given.push_back(
            std::make_unique<GivenTrie>(*tree.trie, tree.references, tree.options.kind));
        file.push_back(FileTree{given.back().get(), tree.options, dictionary::kNoNode});
    }
    write_fitted(path, file, thresholds, output);
    for (const auto& tree : given) output.transposition_classes += tree->transposition_classes();
    return output;
}

}  // namespace josekic::compile
