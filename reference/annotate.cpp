#include "reference/annotate.hpp"

#include <sstream>
#include <utility>

namespace josekic::reference {

Annotations::Annotations(std::vector<ReferenceIndex> references, std::size_t trie_size)
    : references_(std::move(references)),
      depths_(trie_size, 0),
      places_(trie_size * references_.size()) {}

const NodeAnnotation& Annotations::annotation(dictionary::NodeId node,
                                              std::size_t reference) const {
    const Place& p = place(node, reference);
    return references_[reference].node(p.book_node).annotation;
}

Annotations annotate(const dictionary::Trie& trie, const std::vector<ReferenceIndex>& references) {
    Annotations result(references, trie.size());
    const std::size_t r_count = references.size();
    std::vector<std::uint32_t>& depths = result.mutable_depths();
    // Parents before children, with an explicit stack (tries can be deep).
    std::vector<dictionary::NodeId> stack{dictionary::kRoot};
    while (!stack.empty()) {
        const dictionary::NodeId parent = stack.back();
        stack.pop_back();
        for (dictionary::NodeId c = trie.node(parent).first_child; c != dictionary::kNoNode;
             c = trie.node(c).next_sibling) {
            depths[c] = depths[parent] + 1;
            for (std::size_t r = 0; r < r_count; ++r) {
                const Place& up = result.place(parent, r);
                Place here = up;
                if (up.book_depth == depths[parent]) {  // the parent is known: look one move on
                    const RefNodeId child =
                        result.references()[r].find_child(up.book_node, trie.node(c).move);
                    if (child != kNoRefNode) here = Place{child, depths[c]};
                }
                result.mutable_place(c, r) = here;
            }
            stack.push_back(c);
        }
    }
    return result;
}

std::string comment_for(const Annotations& annotations, const dictionary::Trie& trie,
                        dictionary::NodeId node) {
    if (node == dictionary::kRoot || node >= annotations.trie_size()) return {};
    std::ostringstream out;
    const auto line = [&out]() -> std::ostringstream& {
        if (out.tellp() > 0) out << '\n';
        return out;
    };
    const std::uint32_t depth = annotations.depth(node);
    const dictionary::NodeId parent = trie.node(node).parent;
    const bool ends_here = trie.node(node).stats.ends > 0;
    for (std::size_t r = 0; r < annotations.references().size(); ++r) {
        const std::string& name = annotations.references()[r].name();
        const Place& place = annotations.place(node, r);
        if (annotations.known(node, r)) {
            const std::string said = describe(annotations.annotation(node, r));
            line() << "Known in " << name << " (move " << depth << ")" << (said.empty() ? "" : ": ")
                   << said;
            continue;
        }
        if (annotations.known(parent, r)) {
            line() << "Not in " << name << ": the line leaves it here, at move " << depth;
        }
        if (ends_here && place.book_depth > 0) {
            const std::string said =
                describe(annotations.references()[r].node(place.book_node).annotation);
            line() << "As in " << name << ": " << (said.empty() ? "" : said + ", ") << "move "
                   << place.book_depth << "; then left the book";
        }
    }
    return out.str();
}

}  // namespace josekic::reference
