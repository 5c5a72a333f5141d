#include "compiler/compile/fitted_file.hpp"

#include <algorithm>
#include <limits>

#include "compiler/compile/dictionary_output.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "prune/budget.hpp"
#include "prune/report_text.hpp"

namespace josekic::compile {

namespace {

using dictionary::kNoNode;
using dictionary::kRoot;
using pipeline::StageTimer;

// The root comment and the provenance of a tree written at `min_count`, which the budget
// chose when it is above the floor the trees came with.
emit::WriteOptions options_at(const FileTree& tree, const prune::Thresholds& thresholds,
                              std::uint64_t min_count, bool budget_cut) {
    emit::WriteOptions options = tree.options;
    prune::Thresholds in_force = thresholds;
    if (budget_cut) {
        in_force.min_count = min_count;
        // In the provenance too, which `prune` carries into what it writes.
        options.provenance.push_back("Budget: lines seen fewer than " + std::to_string(min_count) +
                                     " times are left out, to fit " +
                                     prune::budget_text(thresholds.budget));
    }
    options.size_limits = prune::size_limits_text(
        in_force, budget_cut ? prune::MinCountOrigin::Budget : prune::MinCountOrigin::Given);
    return options;
}

// The comments of `trie`: its transposition graph and reference notes, made into `graph`
// and `notes`.
std::unique_ptr<NodeComments> annotated_comments(
    const dictionary::Trie& trie, const std::vector<reference::ReferenceIndex>* references,
    std::unique_ptr<dictionary::DictionaryGraph>& graph,
    std::unique_ptr<reference::Annotations>& notes, emit::DictionaryKind kind,
    DictionaryTimes& times) {
    {
        const StageTimer timer(times.graph);
        graph = std::make_unique<dictionary::DictionaryGraph>(trie);
    }
    if (references != nullptr && !references->empty())
        notes = std::make_unique<reference::Annotations>(reference::annotate(trie, *references));
    return std::make_unique<NodeComments>(*graph, notes.get(), kind);
}

}  // namespace

const NodeComments& GivenTrie::comments(DictionaryTimes& times) {
    if (!comments_)
        comments_ = annotated_comments(trie_, references_, graph_, notes_, kind_, times);
    return *comments_;
}

namespace {

class Fitter {
  public:
    Fitter(std::span<const FileTree> trees, const prune::Thresholds& thresholds,
           DictionaryTimes& times)
        : trees_(trees),
          thresholds_(thresholds),
          times_(times),
          floor_(thresholds.min_count.value_or(1)) {}

    FittedFile fit() {
        const prune::Budget& budget = thresholds_.budget;
        if (budget.none()) return prepare(floor_);
        std::vector<prune::BudgetTree> shapes;
        for (const FileTree& tree : trees_)
            shapes.push_back({&tree.given->trie(), tree.only_first_move});
        const prune::KeptCounts kept(shapes);
        const std::uint64_t no_limit = std::numeric_limits<std::uint64_t>::max();
        const std::uint64_t roots_only = std::max(floor_, kept.roots_only());
        // Below this count the file holds too many nodes: an exact count, no text needed.
        std::uint64_t m = kept.min_count_for_nodes(budget.max_nodes.value_or(no_limit), floor_);
        if (!budget.max_bytes) return prepare(m);

        // Measure candidates, each cutting more than the last, until one fits; the next
        // guess keeps as many nodes as the bytes per node measured allow.
        std::optional<std::uint64_t> failed;
        FittedFile best;
        for (;;) {
            FittedFile candidate = measured(m);
            if (candidate.fits || m >= roots_only) {
                best = std::move(candidate);
                break;
            }
            failed = m;
            const double allowed = static_cast<double>(candidate.nodes) *
                                   static_cast<double>(*budget.max_bytes) /
                                   static_cast<double>(candidate.bytes);
            const auto target = static_cast<std::uint64_t>(allowed * 0.97);
            m = std::min(roots_only, std::max(m + 1, kept.min_count_for_nodes(target, floor_)));
        }
        // The guesses may overshoot: the smallest count that fits lies between the last
        // that did not and the first that did.
        std::uint64_t best_m = m;
        if (failed && best.fits) {
            std::uint64_t low = *failed;
            while (best_m - low > 1) {
                const std::uint64_t middle = low + (best_m - low) / 2;
                FittedFile candidate = measured(middle);
                if (candidate.fits) {
                    best = std::move(candidate);
                    best_m = middle;
                } else {
                    low = middle;
                }
            }
        }
        return best;
    }

  private:
    // The trees at min count `m`, prepared and measured.
    FittedFile measured(std::uint64_t m) {
        FittedFile file = prepare(m);
        const StageTimer timer(times_.format);
        for (const PreparedTree& tree : file.trees) {
            emit::WriteOptions options = tree.options;
            options.helpers = nullptr;  // measured on this thread; the file may use them
            const emit::TextSink count = [](std::string_view) {};
            const emit::WriteCounts counts =
                tree.only_first_move == kNoNode
                    ? emit::write_dictionary(*tree.trie, options, count)
                    : emit::write_dictionary_part(*tree.trie, tree.only_first_move, options, count);
            file.nodes += counts.nodes;
            file.bytes += counts.bytes;
        }
        file.fits = thresholds_.budget.fits(file.nodes, file.bytes);
        return file;
    }

    // The trees at min count `m`: as given at the floor, cut copies above it.
    FittedFile prepare(std::uint64_t m) {
        FittedFile file;
        const bool cut = m > floor_;
        file.budget_min_count = cut ? m : 0;
        for (const FileTree& given : trees_) {
            PreparedTree tree;
            tree.options = options_at(given, thresholds_, m, cut);
            if (!cut) {
                tree.trie = &given.given->trie();
                tree.only_first_move = given.only_first_move;
                tree.options.extra_comments = &given.given->comments(times_);
            } else {
                tree.cut = std::make_unique<CutTrie>(
                    prune::cut_at_min_count(given.given->trie(), m, given.only_first_move));
                CutTrie& copy = *tree.cut;
                tree.trie = &copy.trie;
                if (given.options.side != nullptr) {
                    copy.side = given.options.side->for_copy(given.given->trie(), copy.trie);
                    tree.options.side = &*copy.side;
                }
                // The copy of a --split file holds its first move only, unless the cut took
                // that too (then kRoot, which no child matches, writes the root alone).
                if (given.only_first_move != kNoNode) {
                    tree.only_first_move = copy.trie.node(kRoot).first_child;
                    if (tree.only_first_move == kNoNode) tree.only_first_move = kRoot;
                }
                copy.comments = annotated_comments(copy.trie, given.given->references(), copy.graph,
                                                   copy.notes, given.given->kind(), times_);
                tree.options.extra_comments = copy.comments.get();
            }
            file.trees.push_back(std::move(tree));
        }
        return file;
    }

    std::span<const FileTree> trees_;
    const prune::Thresholds& thresholds_;
    DictionaryTimes& times_;
    std::uint64_t floor_;
};

}  // namespace

FittedFile fit_file(std::span<const FileTree> trees, const prune::Thresholds& thresholds,
                    DictionaryTimes& times) {
    return Fitter(trees, thresholds, times).fit();
}

}  // namespace josekic::compile
