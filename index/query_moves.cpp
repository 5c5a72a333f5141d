#include "index/query_moves.hpp"

#include <algorithm>
#include <optional>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/position_index.hpp"
#include "core/go/board.hpp"
#include "prune/prune_list.hpp"
#include "trackers/normalize.hpp"
#include "trackers/opening.hpp"

namespace josekic::index {

namespace {

constexpr trackers::Corner kCorners[] = {trackers::Corner::UpperRight, trackers::Corner::UpperLeft,
                                         trackers::Corner::LowerLeft, trackers::Corner::LowerRight};

// The corner of a point off the centre lines.
std::optional<trackers::Corner> quadrant_of(go::Point p) {
    constexpr int kCentre = go::kBoardSize / 2;
    if (p.x == kCentre || p.y == kCentre) return std::nullopt;
    if (p.y < kCentre)
        return p.x > kCentre ? trackers::Corner::UpperRight : trackers::Corner::UpperLeft;
    return p.x > kCentre ? trackers::Corner::LowerRight : trackers::Corner::LowerLeft;
}

// The corner whose tracker a line starting at `p` is read with. A stone in an overlap is seen
// by two trackers, and the dictionary holds both views; the upper-right one keeps a canonical
// line as it is, so the dictionary's own lines are found by their own moves ("ic" stays ic,
// where the upper-left view would make it kc).
std::optional<trackers::Corner> corner_of(go::Point p, const trackers::Zone& zone) {
    if (zone.contains(trackers::Corner::UpperRight, p)) return trackers::Corner::UpperRight;
    if (const std::optional<trackers::Corner> quadrant = quadrant_of(p)) return quadrant;
    for (const trackers::Corner c : kCorners)
        if (zone.contains(c, p)) return c;
    return std::nullopt;
}

std::variant<QueryLine, QueryError> joseki_line(const std::vector<go::Move>& moves,
                                                std::size_t column, const trackers::Zone& zone) {
    QueryLine q;
    if (moves.empty()) return q;
    if (moves.front().is_pass())
        return QueryError{column, "a corner sequence starts with a stone, not a tenuki"};
    // Two moves of one colour in a row: the other side played elsewhere, as the trackers
    // record it.
    for (const go::Move& m : moves) {
        if (!q.played.empty() && q.played.back().color == m.color)
            q.played.push_back(go::Move::pass(go::opponent(m.color)));
        q.played.push_back(m);
    }
    const std::optional<trackers::Corner> corner = corner_of(*moves.front().point, zone);
    if (!corner)
        return QueryError{column,
                          "the first stone is on a centre line outside every corner's zone: it "
                          "belongs to no corner"};
    trackers::NormalizedSequence n = trackers::normalize_corner_sequence(*corner, q.played);
    q.canonical = std::move(n.moves);
    q.to_query = go::inverse(n.symmetry);
    q.colours_swapped = n.colours == trackers::ColourOrder::Swapped;
    return q;
}

QueryLine fuseki_line(std::vector<go::Move> moves) {
    QueryLine q;
    trackers::SymmetryNormaliser normaliser;
    for (const go::Move& m : moves) q.canonical.push_back(normaliser.place(m));
    q.to_query = go::inverse(normaliser.transform());
    q.played = std::move(moves);
    return q;
}

// The first illegal move of the query, as an error at its column. A joseki line is played
// without the rest of its game, where a ko may be retaken or a point refilled after captures
// elsewhere (dictionary::ReplayStep::Forced), so only a stone onto a stone of the line is
// refused there; a whole-board opening is a game's first moves, all legal.
std::optional<QueryError> illegal_move(const std::vector<go::Move>& moves,
                                       const std::vector<int>& columns, Tree tree) {
    dictionary::PositionTracker corner(dictionary::kDefaultPositionKeys,
                                       dictionary::KeyUpdates::Off);
    go::Board board;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const go::Move& m = moves[i];
        go::MoveVerdict verdict = go::MoveVerdict::Legal;
        if (tree == Tree::Joseki) {
            if (!m.is_pass() && corner.board().at(*m.point) != go::Stone::Empty)
                verdict = go::MoveVerdict::Occupied;
            else
                corner.play(m);
        } else {
            verdict = board.play(m);
        }
        if (verdict == go::MoveVerdict::Legal) continue;
        return QueryError{static_cast<std::size_t>(std::max(columns[i], 1)),
                          "move " + std::to_string(i + 1) + ", " + go::sgf_letter(m.color) + "[" +
                              go::to_sgf(*m.point) +
                              "], is not legal: " + std::string(go::describe(verdict))};
    }
    return std::nullopt;
}

}  // namespace

go::Move QueryLine::in_query_frame(const go::Move& canonical_move) const {
    go::Move m = go::apply(to_query, canonical_move);
    if (colours_swapped) m.color = go::opponent(m.color);
    return m;
}

std::variant<QueryLine, QueryError> parse_query(std::string_view text, Tree tree,
                                                const trackers::Zone& zone) {
    std::vector<go::Move> moves;
    std::vector<int> columns;
    std::size_t column = 1;
    if (text.find_first_not_of(" \t") != std::string_view::npos) {
        if (text.find_first_of("\n#") != std::string_view::npos) {
            const std::size_t at = text.find_first_of("\n#");
            return QueryError{at + 1, "unexpected '" + std::string(1, text[at]) + "'"};
        }
        diag::DiagnosticList problems;
        const std::optional<prune::PruneList> list =
            prune::parse_prune_list(text, "--moves", problems);
        if (!list || list->entries.size() != 1 || list->entries[0].anywhere ||
            list->entries[0].scope != prune::Scope::Both ||
            list->entries[0].action != prune::EntryAction::Remove) {
            if (!problems.items.empty()) {
                const diag::Diagnostic& d = problems.items.front();
                return QueryError{static_cast<std::size_t>(std::max(d.where.column, 1)), d.message};
            }
            return QueryError{1, "expected moves only, like \"pd qc qd\""};
        }
        moves = list->entries[0].path;
        columns = list->entries[0].path_columns;
        column = static_cast<std::size_t>(list->entries[0].where.column);
    }
    if (std::optional<QueryError> error = illegal_move(moves, columns, tree)) return *error;
    if (tree == Tree::Joseki) return joseki_line(moves, column, zone);
    return fuseki_line(std::move(moves));
}

}  // namespace josekic::index
