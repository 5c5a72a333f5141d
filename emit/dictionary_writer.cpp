#include "emit/dictionary_writer.hpp"

#include <exception>

#include "emit/node_writer.hpp"
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
// and the text to the sink in pieces, and shares parts of the tree with helper threads
// (emit_helpers.hpp). The children and the output piece are buffers reused from node to node.
class Writer {
  public:
    Writer(const Trie& trie, const WriteOptions& options, NodeId only_first_move,
           const TextSink& sink)
        : trie_(trie), options_(options), only_first_move_(only_first_move), sink_(sink) {}

    WriteCounts write() {
        out_ += '(';
        if (options_.helpers != nullptr) plan_parts();
        if (own_parts_.parts.empty()) {
            write_subtree(kRoot, 0);
        } else {
            // Helpers may be formatting parts of this dictionary until they are removed, also when
            // the write fails.
            options_.helpers->add(own_parts_);
            struct Removal {
                EmitHelpers* helpers;
                EmitHelpers::DictionaryParts* parts;
                ~Removal() { helpers->remove(*parts); }
            } removal{options_.helpers, &own_parts_};
            write_subtree(kRoot, 0);
        }
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
        if (depth != kPartDepth || own_parts_.parts.empty() || in_part_) {
            write_node(id);
            return;
        }
        const std::size_t index = next_part_++;
        EmitHelpers::Part& part = own_parts_.parts[index];
        if (options_.helpers->take_in_order(own_parts_, index)) {
            in_part_ = true;
            write_subtree(id, depth);
            in_part_ = false;
            return;
        }
        options_.helpers->wait_ready(own_parts_, index);
        if (part.failure) std::rethrow_exception(part.failure);
        flush();
        sink_(part.text);
        counts_.bytes += part.text.size();
        counts_.nodes += part.nodes;
        counts_.terminals += part.terminals;
        std::string().swap(part.text);
        kept_.clear();
    }

    // The parts: the nodes written at kPartDepth, in the order the writer reaches them.
    void plan_parts() {
        std::vector<std::pair<NodeId, std::size_t>> stack{{kRoot, 0}};
        while (!stack.empty()) {
            const auto [node, depth] = stack.back();
            stack.pop_back();
            if (depth == kPartDepth) {
                own_parts_.parts.emplace_back().node = node;
                continue;
            }
            keep_children(node);
            for (auto it = kept_.rbegin(); it != kept_.rend(); ++it)
                stack.emplace_back(*it, depth + 1);
        }
        kept_.clear();
        if (own_parts_.parts.size() < 2) {
            own_parts_.parts.clear();
            return;
        }
        // Helpers format with a writer of their own, into the part's text.
        part_options_ = options_;
        part_options_.helpers = nullptr;
        own_parts_.format = [this](EmitHelpers::Part& part) {
            const TextSink into_part = [&part](std::string_view piece) { part.text += piece; };
            Writer helper(trie_, part_options_, only_first_move_, into_part);
            helper.write_subtree(part.node, kPartDepth);
            helper.flush();
            part.nodes = helper.counts_.nodes;
            part.terminals = helper.counts_.terminals;
        };
    }

    void flush() {
        if (out_.empty()) return;
        sink_(out_.view());
        counts_.bytes += out_.size();
        out_.clear();
    }

    // Fills kept_ with the children written below `node` (all of them; below the root of
    // one file of a split, only its first move) in output order, sorted here in a reused
    // buffer.
    void keep_children(NodeId node) {
        kept_.clear();
        const bool one_first_move = node == kRoot && only_first_move_ != kNoNode;
        for (NodeId c = trie_.node(node).first_child; c != kNoNode;
             c = trie_.node(c).next_sibling) {
            if (one_first_move && c != only_first_move_) continue;
            kept_.push_back(c);
        }
        if (kept_.size() > 1) dictionary::sort_in_output_order(trie_, kept_);
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
    EmitHelpers::DictionaryParts own_parts_;  // parts, when helpers may take some
    std::size_t next_part_ = 0;               // the next part the writer reaches
    bool in_part_ = false;                    // writing a part: no part starts inside it
    WriteOptions part_options_;               // options_ without helpers, for the helpers' writers
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
