#pragma once

// Small tries for the prune tests, built with Trie::insert as the compiler does.

#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

#include "core/dictionary/trie.hpp"

namespace josekic::prune::testing {

/// Moves alternating from Black; "" or "tt" is a pass (tenuki).
inline std::vector<go::Move> moves(std::initializer_list<std::string_view> points,
                                   go::Color first = go::Color::Black) {
    std::vector<go::Move> out;
    go::Color c = first;
    for (const std::string_view p : points) {
        out.push_back(p.empty() || p == "tt" ? go::Move::pass(c)
                                             : go::Move::at(c, *go::point_from_sgf(p)));
        c = go::opponent(c);
    }
    return out;
}

/// A line inserted `times` times, each with its own listed game.
struct Line {
    std::initializer_list<std::string_view> points;
    int times = 1;
};

inline dictionary::Trie make_trie(std::initializer_list<Line> lines) {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    int n = 0;
    for (const Line& line : lines) {
        for (int i = 0; i < line.times; ++i) {
            const std::string path = "game" + std::to_string(++n) + ".sgf";
            dictionary::GameReference ref;
            ref.source_path = dictionary::SourcePath::split(path);
            ref.year = 2000 + n;
            trie.insert(moves(line.points), dictionary::LineOutcome::FirstPlayerWon, ref.year,
                        games->add(ref));
        }
    }
    return trie;
}

/// The node at the end of a path, or kNoNode.
inline dictionary::NodeId find(const dictionary::Trie& trie,
                               std::initializer_list<std::string_view> points) {
    dictionary::NodeId at = dictionary::kRoot;
    for (const go::Move& m : moves(points)) {
        at = trie.find_child(at, m);
        if (at == dictionary::kNoNode) return at;
    }
    return at;
}

/// A canonical text of a whole trie (paths in output order with their statistics and
/// listed games), for comparing tries and pinning results.
inline std::string dump(const dictionary::Trie& trie) {
    std::string out;
    std::vector<std::pair<dictionary::NodeId, std::string>> stack{{dictionary::kRoot, "root"}};
    while (!stack.empty()) {
        const auto [id, path] = stack.back();
        stack.pop_back();
        const auto& s = trie.node(id).stats;
        out += path + " c" + std::to_string(s.count) + " e" + std::to_string(s.ends) + " w" +
               std::to_string(s.first_player_wins) + " y" + std::to_string(s.first_year) + "-" +
               std::to_string(s.last_year) + " g";
        for (const auto g : trie.listed_games(id))
            out += ',' + trie.games()[g].source_path.joined();
        out += '\n';
        const auto children = trie.sorted_children(id);
        for (auto it = children.rbegin(); it != children.rend(); ++it) {
            const auto& m = trie.node(*it).move;
            stack.emplace_back(*it, path + ' ' + go::sgf_letter(m.color) +
                                        (m.point ? go::to_sgf(*m.point) : "tt"));
        }
    }
    return out;
}

}  // namespace josekic::prune::testing
