#pragma once

// How a file meets the budget: the smallest min count whose file fits, found by writing
// the candidates into a counter. Node counts come from the trie (prune::KeptCounts) and are
// exact; bytes depend on the text, so each candidate is measured, and the file written is
// one that was measured to fit.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "compiler/compile/node_comments.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"
#include "prune/thresholds.hpp"
#include "reference/annotate.hpp"

namespace josekic::compile {

struct DictionaryTimes;

/// A dictionary as given (what the prune lists and thresholds left) and, made when first
/// needed and shared by the files that write it uncut (the parts of a --split), its
/// transposition graph and reference notes.
class GivenTrie {
  public:
    /// `references` (joseki only) may be null; both must outlive this.
    GivenTrie(const dictionary::Trie& trie,
              const std::vector<reference::ReferenceIndex>* references, emit::DictionaryKind kind)
        : trie_(trie), references_(references), kind_(kind) {}

    const dictionary::Trie& trie() const { return trie_; }
    const std::vector<reference::ReferenceIndex>* references() const { return references_; }
    emit::DictionaryKind kind() const { return kind_; }
    /// The comments of the trie as given, graph built on the first call (timed in `times`).
    const NodeComments& comments(DictionaryTimes& times);
    /// Transposition classes of the graph, 0 while it was not needed.
    std::size_t transposition_classes() const { return graph_ ? graph_->class_count() : 0; }

  private:
    const dictionary::Trie& trie_;
    const std::vector<reference::ReferenceIndex>* references_;
    emit::DictionaryKind kind_;
    std::unique_ptr<dictionary::DictionaryGraph> graph_;
    std::unique_ptr<reference::Annotations> notes_;
    std::unique_ptr<NodeComments> comments_;
};

/// One game tree of a file, as given.
struct FileTree {
    GivenTrie* given = nullptr;
    emit::WriteOptions options;
    /// The root child one file of a --split dictionary holds; kNoNode for all of them.
    dictionary::NodeId only_first_move = dictionary::kNoNode;
};

/// A cut copy of a dictionary with its own transposition graph, notes and comments.
struct CutTrie {
    explicit CutTrie(dictionary::Trie cut_trie) : trie(std::move(cut_trie)) {}
    dictionary::Trie trie;
    /// The era counts and players of the copy's nodes, when the given trie had them.
    std::optional<dictionary::SideStats> side;
    std::unique_ptr<dictionary::DictionaryGraph> graph;
    std::unique_ptr<reference::Annotations> notes;
    std::unique_ptr<NodeComments> comments;
};

/// One tree ready to write at a min count: its trie (the given one, or a cut copy) and its
/// options, comments included.
struct PreparedTree {
    std::unique_ptr<CutTrie> cut;  ///< the cut copy, or null for the given trie
    const dictionary::Trie* trie = nullptr;
    dictionary::NodeId only_first_move = dictionary::kNoNode;
    emit::WriteOptions options;
};

/// The trees of a file as they will be written.
struct FittedFile {
    std::vector<PreparedTree> trees;
    /// The min count the budget chose; 0 when it cut nothing.
    std::uint64_t budget_min_count = 0;
    std::uint64_t nodes = 0;  ///< what the measured text holds (0 when not measured)
    std::uint64_t bytes = 0;
    /// False only when not even the roots alone fit (a budget of a few bytes).
    bool fits = true;
};

/// Chooses what the file of `trees` keeps: everything when it fits `thresholds.budget`,
/// otherwise the lines of the smallest min count whose file fits (above
/// `thresholds.min_count`, which the trees already had applied). Deterministic: the
/// choice depends on the trees' contents and the options only. Time spent goes to `times`.
FittedFile fit_file(std::span<const FileTree> trees, const prune::Thresholds& thresholds,
                    DictionaryTimes& times);

}  // namespace josekic::compile
