#include "emit/split.hpp"

#include <algorithm>
#include <set>

#include "emit/decimal_text.hpp"
#include "emit/set_files.hpp"

namespace josekic::emit {
namespace {

// The lines of `p` counted from the upper-right corner's two edges, nearer first. Both
// dictionaries put every first move there, also one past the middle of the top edge (ic,
// which the upper-right tracker sees in its zone, is 11-3 there, not the 9-3 of the far
// corner, which holds its mirror image kc).
std::pair<int, int> edge_lines(const go::Point& p) {
    const int from_right = go::kBoardSize - p.x;
    const int from_top = p.y + 1;
    return {std::min(from_right, from_top), std::max(from_right, from_top)};
}

}  // namespace

std::string first_move_name(const go::Move& move) {
    if (!move.point) return "tenuki";
    const auto [near, far] = edge_lines(*move.point);
    if (near == 3 && far == 4) return "3-4";
    return std::to_string(far) + "-" + std::to_string(near);
}

std::string first_move_nickname(const go::Move& move) {
    if (!move.point) return {};
    const auto [near, far] = edge_lines(*move.point);
    if (near == 4 && far == 4) return "hoshi";
    if (near == 3 && far == 4) return "komoku";
    if (near == 3 && far == 3) return "san-san";
    if (near == 3 && far == 5) return "mokuhazushi";
    if (near == 4 && far == 5) return "takamoku";
    if (near == 5 && far == 5) return "gonogo";
    if (near == 3 && far == 6) return "oomokuhazushi";
    if (near == 4 && far == 6) return "ootakamoku";
    if (near == 10 && far == 10) return "tengen";
    return {};
}

SplitPlan plan_split(const dictionary::Trie& trie, const WriteOptions& options) {
    SplitPlan plan;
    const std::string kind(kind_name(options.kind));
    plan.index_file_name = split_list_file(kind);
    const std::uint64_t total = trie.node(dictionary::kRoot).stats.count;

    const std::vector<dictionary::NodeId> first_moves = trie.sorted_children(dictionary::kRoot);

    std::set<std::string> used;
    plan.index_text = (options.name.empty() ? std::string() : options.name + "\n") + "The " + kind +
                      " dictionary split by first move: " + with_thousands(total) +
                      (options.kind == DictionaryKind::Joseki ? " corner sequences" : " games") +
                      " in all.\n" + "file, first move, count, share\n";
    for (dictionary::NodeId c : first_moves) {
        const go::Move& move = trie.node(c).move;
        SplitPart part;
        part.first_move = first_move_name(move);
        part.file_name = kind + "-" + part.first_move + ".sgf";
        if (used.count(part.file_name) > 0 && move.point) {
            part.file_name = kind + "-" + part.first_move + "-" + go::to_sgf(*move.point) + ".sgf";
        }
        used.insert(part.file_name);
        part.count = trie.node(c).stats.count;
        part.node = c;
        part.options = options;
        part.options.name =
            (options.name.empty() ? kind : options.name) + ", first move " + part.first_move;

        const std::string nickname = first_move_nickname(move);
        plan.index_text += part.file_name + "  " + part.first_move +
                           (nickname.empty() ? "" : " (" + nickname + ")") + "  " +
                           with_thousands(part.count) + "  " + percent(part.count, total) + "\n";
        plan.parts.push_back(std::move(part));
    }
    return plan;
}

std::vector<std::string> split_part_names(std::string_view text) {
    std::vector<std::string> names;
    bool is_split_index = false;
    bool in_files = false;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (line.find(" dictionary split by first move: ") != std::string_view::npos)
            is_split_index = true;
        if (line == "file, first move, count, share") {
            in_files = is_split_index;
            continue;
        }
        if (!in_files) continue;
        const std::string_view name = line.substr(0, line.find("  "));
        if (name.ends_with(".sgf") && name.find('/') == std::string_view::npos)
            names.emplace_back(name);
    }
    return names;
}

}  // namespace josekic::emit
