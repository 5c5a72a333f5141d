#include "reference/cutoff_measures.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "emit/split.hpp"

namespace josekic::reference {

namespace {

double share(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

void add_row(MeasureRow& into, const MeasureRow& row) {
    into.moves += row.moves;
    into.known_moves += row.known_moves;
    into.nodes += row.nodes;
    into.book_lines += row.book_lines;
    into.recalled += row.recalled;
}

}  // namespace

bool LineOrder::operator()(const std::vector<go::Move>& a, const std::vector<go::Move>& b) const {
    return std::lexicographical_compare(
        a.begin(), a.end(), b.begin(), b.end(), [](const go::Move& x, const go::Move& y) {
            return dictionary::move_order_key(x) < dictionary::move_order_key(y);
        });
}

std::set<std::vector<go::Move>, LineOrder> book_lines(const ReferenceIndex& book,
                                                      std::size_t min_moves) {
    std::set<std::vector<go::Move>, LineOrder> lines;
    // Depth first with the "bad on the way" flag carried down.
    std::vector<std::pair<RefNodeId, bool>> stack{{kRefRoot, false}};
    while (!stack.empty()) {
        const auto [id, bad_above] = stack.back();
        stack.pop_back();
        const RefNode& node = book.node(id);
        const bool bad = bad_above || (id != kRefRoot && (node.annotation.marks & kBadMarks) != 0);
        if (bad) continue;
        if (node.first_child == kNoRefNode) {
            std::vector<go::Move> path = book.path_to(id);
            while (!path.empty() && !path.back().point) path.pop_back();
            if (path.size() >= min_moves) lines.insert(std::move(path));
            continue;
        }
        for (RefNodeId c = node.first_child; c != kNoRefNode; c = book.node(c).next_sibling)
            stack.emplace_back(c, bad);
    }
    return lines;
}

double MeasureRow::known_share() const {
    return share(known_moves, moves);
}

double MeasureRow::recall() const {
    return share(recalled, book_lines);
}

bool known_move(const dictionary::Trie& trie, const Annotations& annotations,
                dictionary::NodeId node, std::size_t reference) {
    if (annotations.known(node, reference)) return true;
    const dictionary::TrieNode here = trie.node(node);
    if (here.move.point || !annotations.known(here.parent, reference)) return false;
    const RefNode& book = annotations.references()[reference].node(
        annotations.place(here.parent, reference).book_node);
    return book.first_child == kNoRefNode || book.annotation.has(Mark::TenukiOk);
}

std::vector<CutoffMeasures> measure_cutoff(const dictionary::Trie& trie,
                                           const Annotations& annotations,
                                           const MeasureOptions& options) {
    std::vector<CutoffMeasures> result;
    for (std::size_t r = 0; r < annotations.references().size(); ++r) {
        const ReferenceIndex& book = annotations.references()[r];
        std::map<std::string, MeasureRow> rows;
        const auto row = [&rows](const go::Move& first) -> MeasureRow& {
            const std::string name = emit::first_move_name(first);
            MeasureRow& found = rows[name];
            found.first_move = name;
            return found;
        };
        for (dictionary::NodeId first = trie.node(dictionary::kRoot).first_child;
             first != dictionary::kNoNode; first = trie.node(first).next_sibling) {
            MeasureRow& into = row(trie.node(first).move);
            std::vector<dictionary::NodeId> stack{first};
            while (!stack.empty()) {
                const dictionary::NodeId n = stack.back();
                stack.pop_back();
                const dictionary::TrieNode node = trie.node(n);
                if (node.stats.count < options.min_count) continue;  // so are its children
                into.moves += node.stats.count;
                ++into.nodes;
                if (known_move(trie, annotations, n, r)) into.known_moves += node.stats.count;
                for (dictionary::NodeId c = node.first_child; c != dictionary::kNoNode;
                     c = trie.node(c).next_sibling)
                    stack.push_back(c);
            }
        }
        for (const std::vector<go::Move>& line : book_lines(book, options.min_book_moves)) {
            MeasureRow& into = row(line.front());
            ++into.book_lines;
            dictionary::NodeId n = dictionary::kRoot;
            for (const go::Move& m : line) {
                n = trie.find_child(n, m);
                if (n == dictionary::kNoNode) break;
            }
            if (n != dictionary::kNoNode && trie.node(n).stats.count >= options.min_recall_count)
                ++into.recalled;
        }
        CutoffMeasures measures;
        measures.reference = book.name();
        measures.total.first_move = "all";
        for (auto& [name, r_row] : rows) {
            add_row(measures.total, r_row);
            measures.rows.push_back(r_row);
        }
        result.push_back(std::move(measures));
    }
    return result;
}

}  // namespace josekic::reference
