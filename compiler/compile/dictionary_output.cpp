#include "compiler/compile/dictionary_output.hpp"

#include <memory>

#include "compiler/compile/node_comments.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "emit/atomic_file.hpp"
#include "emit/dictionary_file.hpp"
#include "emit/size_warning.hpp"
#include "emit/split.hpp"

namespace josekic::compile {

namespace {

using pipeline::StageTimer;

// Streams one file of the dictionary, so that its text is never held in memory; the time
// inside the file writes (and the final fsync and rename) is told apart from the formatting.
void write_file(const std::filesystem::path& path, const dictionary::Trie& trie,
                dictionary::NodeId first_move, const emit::WriteOptions& options,
                emit::SizeAdvice advice, DictionaryOutput& output) {
    double writing = 0.0;
    double whole = 0.0;
    emit::WriteCounts counts;
    {
        const StageTimer timer(whole);
        counts = emit::write_dictionary_file(path, trie, options, first_move,
                                             [&writing](const std::function<void()>& write) {
                                                 const StageTimer write_timer(writing);
                                                 write();
                                             });
    }
    output.times.write += writing;
    output.times.format += whole - writing;
    output.files.push_back(OutputFile{path.string(), counts.bytes, counts.nodes});
    output.nodes += counts.nodes;
    output.terminals += counts.terminals;
    // The file name only: report.txt sits beside it and must not depend on -o.
    if (auto warning =
            emit::size_warning(path.filename().string(), counts.bytes, counts.nodes, advice)) {
        output.warnings.push_back(*warning);
    }
}

}  // namespace

DictionaryOutput write_annotated_dictionary(const dictionary::Trie& trie,
                                            emit::WriteOptions options,
                                            const reference::Annotations* references,
                                            const DictionaryTarget& target) {
    DictionaryOutput output;
    std::optional<dictionary::DictionaryGraph> graph;
    {
        const StageTimer timer(output.times.graph);
        graph.emplace(trie);
    }
    output.transposition_classes = graph->class_count();
    const NodeComments comments(*graph, references);
    options.extra_comments = &comments;

    if (target.layout == Layout::SingleFile) {
        write_file(target.path, trie, dictionary::kNoNode, options, emit::SizeAdvice::SuggestSplit,
                   output);
        return output;
    }
    std::optional<emit::SplitPlan> split;
    {
        const StageTimer timer(output.times.format);
        split.emplace(emit::plan_split(trie, options));
    }
    for (const emit::SplitPart& part : split->parts) {
        write_file(target.path / part.file_name, trie, part.node, part.options,
                   emit::SizeAdvice::AlreadySplit, output);
    }
    const std::filesystem::path index = target.path / split->index_file_name;
    {
        const StageTimer timer(output.times.write);
        emit::write_file_atomically(index, split->index_text);
    }
    output.files.push_back(OutputFile{index.string(), split->index_text.size(), 0});
    return output;
}

DictionaryOutput write_annotated_collection(const std::vector<CollectionEntry>& trees,
                                            const std::filesystem::path& path) {
    DictionaryOutput output;
    // Kept until the file is written: each tree's comments read its graph.
    std::vector<std::unique_ptr<dictionary::DictionaryGraph>> graphs;
    std::vector<std::unique_ptr<NodeComments>> comments;
    std::vector<emit::CollectionTree> collection;
    for (const CollectionEntry& tree : trees) {
        {
            const StageTimer timer(output.times.graph);
            graphs.push_back(std::make_unique<dictionary::DictionaryGraph>(*tree.trie));
        }
        output.transposition_classes += graphs.back()->class_count();
        comments.push_back(std::make_unique<NodeComments>(*graphs.back(), tree.references));
        emit::WriteOptions options = tree.options;
        options.extra_comments = comments.back().get();
        collection.push_back({tree.trie, std::move(options)});
    }
    emit::WriteCounts counts;
    {
        const StageTimer timer(output.times.format);
        counts = emit::write_collection_file(path, collection);
    }
    output.files.push_back(OutputFile{path.string(), counts.bytes, counts.nodes});
    output.nodes = counts.nodes;
    output.terminals = counts.terminals;
    if (auto warning = emit::size_warning(path.filename().string(), counts.bytes, counts.nodes,
                                          emit::SizeAdvice::AlreadySplit)) {
        output.warnings.push_back(*warning);
    }
    return output;
}

}  // namespace josekic::compile
