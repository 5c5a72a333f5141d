#include "emit/dictionary_writer.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "emit/node_writer.hpp"
#include "emit/shared_parts.hpp"
#include "emit/text_buffer.hpp"

namespace josekic::emit {
namespace {

using namespace std::string_view_literals;

using dictionary::kNoNode;
using dictionary::kRoot;
using dictionary::NodeId;
using dictionary::Trie;

// Text is handed to the sink in pieces of about this size: large enough that a file write
// per piece costs nothing, small enough that a dictionary is never held in memory.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

// Walks the trie in output order with an explicit stack, hands each node to its NodeWriter
// and the text to the sink in pieces, and copies out the parts helper threads formatted
// ahead of it (SharedParts). The children and the output piece are buffers reused from node to
// node.
class Writer {
  public:
    Writer(const Trie& trie, const WriteOptions& options, NodeId only_first_move,
           const TextSink& sink)
        : trie_(trie), options_(options), only_first_move_(only_first_move), sink_(sink) {}

    WriteCounts write() {
        out_ += '(';
        std::optional<SharedParts> shared;
        if (options_.helpers != nullptr) {
            shared.emplace(*options_.helpers, part_tops(),
                           [this](EmitHelpers::Part& part) { format_part(part); });
            if (shared->active()) shared_ = &*shared;
        }
        write_subtree(kRoot, 0);
        // The root is the first node: its text is still in out_ or went to the sink first.
        if (const std::optional<std::size_t> at = node_writer_.compile_id_position();
            at && counts_.compile_id_offsets.empty())
            counts_.compile_id_offsets.push_back(*at);
        shared_ = nullptr;
        out_ += ")\n"sv;
        flush();
        return counts_;
    }

  private:
    // Writes `start` (at `depth` moves from the root) and everything below it, from the
    // node's ';' to the ')' that closes its last variation.
    void write_subtree(NodeId start, std::size_t depth) {
        // Each frame is a branch point: its children in output order (pending_[begin, end))
        // and the next one to open. Everything between branch points is a chain written
        // without parentheses, so the stack (not the call stack) grows with the number of
        // branch points only; a frame's children sit on top of its parents' in pending_.
        struct Frame {
            std::size_t begin;
            std::size_t next;
            std::size_t end;
            std::size_t depth;
        };
        std::vector<Frame> stack;
        visit(start, depth);
        for (;;) {
            if (out_.size() >= kChunkBytes) flush();
            if (kept_.size() == 1) {
                out_ += '\n';
                visit(kept_.front(), ++depth);
                continue;
            }
            if (kept_.size() > 1) {
                const std::size_t begin = pending_.size();
                pending_.insert(pending_.end(), kept_.begin(), kept_.end());
                stack.push_back(Frame{begin, begin + 1, pending_.size(), depth + 1});
                out_ += "\n("sv;
                depth = stack.back().depth;
                visit(pending_[begin], depth);
                continue;
            }
            // A leaf: close variations until one of them has a sibling left to open.
            bool opened = false;
            while (!stack.empty() && !opened) {
                out_ += ')';
                Frame& top = stack.back();
                if (top.next < top.end) {
                    out_ += "\n("sv;
                    depth = top.depth;
                    visit(pending_[top.next++], depth);
                    opened = true;
                } else {
                    pending_.resize(top.begin);
                    stack.pop_back();
                }
            }
            if (!opened) break;
        }
    }

    // Writes node `id`, or, where a part begins, the whole part (leaving kept_ empty, as
    // after a leaf, because the part closes its own variations).
    void visit(NodeId id, std::size_t depth) {
        if (shared_ == nullptr || !shared_->starts_part(depth)) {
            write_node(id);
            return;
        }
        EmitHelpers::Part* ready = shared_->next();
        if (ready == nullptr) {
            write_subtree(id, depth);
            shared_->written_in_place();
            return;
        }
        flush();
        sink_(ready->text);
        counts_.bytes += ready->text.size();
        counts_.nodes += ready->nodes;
        counts_.terminals += ready->terminals;
        std::string().swap(ready->text);
        kept_.clear();
    }

    // The tops of the parts: the nodes written at kPartDepth, in the order the writer
    // reaches them.
    std::vector<NodeId> part_tops() {
        std::vector<NodeId> tops;
        std::vector<std::pair<NodeId, std::size_t>> stack{{kRoot, 0}};
        while (!stack.empty()) {
            const auto [node, depth] = stack.back();
            stack.pop_back();
            if (depth == kPartDepth) {
                tops.push_back(node);
                continue;
            }
            keep_children(node);
            for (auto it = kept_.rbegin(); it != kept_.rend(); ++it)
                stack.emplace_back(*it, depth + 1);
        }
        kept_.clear();
        // Helpers format with a writer of their own (options_ without helpers).
        part_options_ = options_;
        part_options_.helpers = nullptr;
        return tops;
    }

    // On a helper thread: one part into its text.
    void format_part(EmitHelpers::Part& part) const {
        const TextSink into_part = [&part](std::string_view piece) { part.text += piece; };
        Writer helper(trie_, part_options_, only_first_move_, into_part);
        helper.write_subtree(part.node, kPartDepth);
        helper.flush();
        part.nodes = helper.counts_.nodes;
        part.terminals = helper.counts_.terminals;
    }

    void flush() {
        if (out_.empty()) return;
        sink_(out_.view());
        counts_.bytes += out_.size();
        out_.clear();
    }

    // Fills kept_ with the children written below `node` (all of them; below the root of
    // one file of a split, only its first move) in output order, in a reused buffer.
    void keep_children(NodeId node) {
        trie_.sorted_children(node, kept_);
        if (node == kRoot && only_first_move_ != kNoNode)
            std::erase_if(kept_, [this](NodeId c) { return c != only_first_move_; });
    }

    // Writes one node (without the leading newline or '(') and leaves its written children
    // in kept_.
    void write_node(NodeId id) {
        keep_children(id);
        ++counts_.nodes;
        if (trie_.node(id).stats.ends > 0) ++counts_.terminals;
        node_writer_.write(id, kept_);
    }

    const Trie& trie_;
    const WriteOptions& options_;
    NodeId only_first_move_;
    const TextSink& sink_;
    WriteCounts counts_;
    TextBuffer out_;               // the piece of text not yet handed to the sink
    std::vector<NodeId> kept_;     // the children of the node just written
    std::vector<NodeId> pending_;  // the children of the open branch points
    NodeWriter node_writer_{trie_, options_, only_first_move_, out_};
    SharedParts* shared_ = nullptr;  // the parts helpers may take, while write() runs
    WriteOptions part_options_;      // options_ without helpers, for the helpers' writers
};

WrittenDictionary collect(const Trie& trie, NodeId first_move, const WriteOptions& options) {
    WrittenDictionary written;
    const WriteCounts counts =
        Writer(trie, options, first_move, [&written](std::string_view piece) {
            written.text += piece;
        }).write();
    written.nodes = counts.nodes;
    written.terminals = counts.terminals;
    return written;
}

}  // namespace

WriteCounts write_dictionary(const Trie& trie, const WriteOptions& options, const TextSink& sink) {
    return Writer(trie, options, kNoNode, sink).write();
}

WriteCounts write_dictionary_part(const Trie& trie, NodeId first_move, const WriteOptions& options,
                                  const TextSink& sink) {
    return Writer(trie, options, first_move, sink).write();
}

WrittenDictionary write_dictionary(const Trie& trie, const WriteOptions& options) {
    return collect(trie, kNoNode, options);
}

WrittenDictionary write_dictionary_part(const Trie& trie, NodeId first_move,
                                        const WriteOptions& options) {
    return collect(trie, first_move, options);
}

}  // namespace josekic::emit
