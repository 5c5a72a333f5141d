#include "compiler/compile/node_comments.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/go/move_image.hpp"
#include "emit/decimal_text.hpp"
#include "emit/text_cursor.hpp"

namespace josekic::compile {

namespace {

// The moves from the root to `node` mapped by `s`, each after a space (" B[pd] W[qc]
// B[tenuki]", a pass written as `pass`): first their length (one walk up the tree), then the
// text back to front from its end (a second walk), so that the moves need no list of their
// own.
std::size_t line_length(const dictionary::Trie& trie, dictionary::NodeId node,
                        std::string_view pass) {
    std::size_t length = 0;
    for (dictionary::NodeId at = node; at != dictionary::kRoot && at != dictionary::kNoNode;) {
        const dictionary::TrieNode& here = trie.node(at);
        length += here.move.point ? 6 : 4 + pass.size();  // " B[pd]" or " B[tenuki]"
        at = here.parent;
    }
    return length;
}
void put_line_backwards(const dictionary::Trie& trie, dictionary::NodeId node, go::Symmetry s,
                        std::string_view pass, char* end) {
    const go::MoveImage image_of(s);
    for (dictionary::NodeId at = node; at != dictionary::kRoot && at != dictionary::kNoNode;) {
        const dictionary::TrieNode& here = trie.node(at);
        const go::Move image = image_of(here.move);
        *--end = ']';
        if (image.point) {
            *--end = static_cast<char>('a' + image.point->y);
            *--end = static_cast<char>('a' + image.point->x);
        } else {
            end -= pass.size();
            std::copy(pass.begin(), pass.end(), end);
        }
        *--end = '[';
        *--end = go::sgf_letter(image.color);
        *--end = ' ';
        at = here.parent;
    }
}

}  // namespace

void append_transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node,
                                  emit::DictionaryKind kind, emit::TextBuffer& out) {
    const dictionary::TranspositionFacts t = graph.transposition_facts(node);
    if (t.other_orders == 0) return;
    const dictionary::Trie& trie = graph.trie();
    const std::string_view pass = emit::pass_text(kind);
    const std::size_t path = line_length(trie, t.most_frequent_other, pass);
    // Room: 103 bytes of words, three numbers and the path.
    emit::TextCursor c(out, 103 + 3 * emit::kMaxNumberBytes + path);
    c.put("Transposition: this position is also reached by ");
    c.decimal(t.other_orders);
    if (t.other_orders == 1)
        c.put(" other move order (played ");
    else
        c.put(" other move orders (played ");
    c.decimal(t.other_games);
    if (t.other_games == 1)
        c.put(" time; ");
    else
        c.put(" times; ");
    c.decimal(t.class_games);
    c.put(" in all), most often");  // the path starts with a space
    put_line_backwards(trie, t.most_frequent_other, t.to_here, pass, c.at() + path);
    c.advance_to(c.at() + path);
}

void NodeComments::append(dictionary::NodeId node, emit::TextBuffer& out) const {
    // This runs for every written node, and few nodes of a large dictionary have a
    // transposition: the others cost a bit test here (the work, and the registers it
    // saves, sit in the functions called).
    if (references_ != nullptr) {
        append_with_references(node, out);
        return;
    }
    if (graph_->has_transpositions(node)) append_transposition_comment(*graph_, node, kind_, out);
}

void NodeComments::append_with_references(dictionary::NodeId node, emit::TextBuffer& out) const {
    const std::size_t start = out.size();
    if (graph_->has_transpositions(node)) append_transposition_comment(*graph_, node, kind_, out);
    const std::string known = reference::comment_for(*references_, graph_->trie(), node);
    if (known.empty()) return;
    if (out.size() > start) out += '\n';  // after the transposition sentence
    out += known;
}

std::vector<reference::ReferenceIndex> load_references(const std::vector<std::string>& arguments,
                                                       diag::DiagnosticSink& sink) {
    std::vector<reference::ReferenceIndex> references;
    for (const std::string& argument : arguments) {
        if (std::string problem = reference::reference_spec_problem(argument); !problem.empty())
            throw std::runtime_error(problem);
        const reference::ReferenceSpec spec = reference::parse_reference_spec(argument);
        references.push_back(reference::load_reference_file(spec.name, spec.path, sink));
    }
    return references;
}

}  // namespace josekic::compile
