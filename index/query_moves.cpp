#include "index/query_moves.hpp"

#include <algorithm>
#include <cctype>
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

// The corners whose trackers read `moves` (stones and tenukis, the first a stone): those whose
// zone holds every stone, as every line a tracker records does (a stone outside the zone is
// another corner's, and one on its ring shuts it off). Where two do (every stone in an
// overlap), each tracker records the line apart (one whose corner was played already does
// not), and the dictionary holds both views: the upper-right one first, which keeps a
// canonical line as it is, so that the dictionary's own lines are found by their own moves
// ("ic" stays ic, where the upper-left view would make it kc). When none holds every stone,
// the first stone's corner alone: the answer then shows the move that leaves it. Empty when
// the first stone is in no corner.
std::vector<trackers::Corner> corners_of(const std::vector<go::Move>& moves,
                                         const trackers::Zone& zone) {
    const go::Point first = *moves.front().point;
    // The first stone's corners, the upper right first; a stone off the centre lines has its
    // quadrant's even outside a (custom) zone.
    std::vector<trackers::Corner> candidates;
    if (zone.contains(trackers::Corner::UpperRight, first))
        candidates.push_back(trackers::Corner::UpperRight);
    if (const std::optional<trackers::Corner> quadrant = quadrant_of(first))
        candidates.push_back(*quadrant);
    for (const trackers::Corner c : kCorners)
        if (zone.contains(c, first)) candidates.push_back(c);
    std::vector<trackers::Corner> corners;
    for (const trackers::Corner c : candidates) {
        const bool holds_every_stone = std::ranges::all_of(
            moves, [&](const go::Move& m) { return m.is_pass() || zone.contains(c, *m.point); });
        if (holds_every_stone && std::ranges::find(corners, c) == corners.end())
            corners.push_back(c);
    }
    if (corners.empty() && !candidates.empty()) corners.push_back(candidates.front());
    return corners;
}

std::variant<QueryLine, QueryError> joseki_line(const std::vector<go::Move>& moves,
                                                std::size_t column, const trackers::Zone& zone) {
    if (moves.empty()) return QueryLine{};
    if (moves.front().is_pass())
        return QueryError{column, "a corner sequence starts with a stone, not a tenuki"};
    // Two moves of one colour in a row: the other side played elsewhere, as the trackers
    // record it.
    std::vector<go::Move> played;
    for (const go::Move& m : moves) {
        if (!played.empty() && played.back().color == m.color)
            played.push_back(go::Move::pass(go::opponent(m.color)));
        played.push_back(m);
    }
    const std::vector<trackers::Corner> corners = corners_of(moves, zone);
    if (corners.empty())
        return QueryError{column,
                          "the first stone is on a centre line outside every corner's zone: it "
                          "belongs to no corner"};
    const auto view_from = [&](trackers::Corner corner) {
        QueryLine view;
        view.played = played;
        trackers::NormalizedSequence n = trackers::normalize_corner_sequence(corner, played);
        view.canonical = std::move(n.moves);
        view.to_query = go::inverse(n.symmetry);
        view.colours_swapped = n.colours == trackers::ColourOrder::Swapped;
        return view;
    };
    QueryLine line = view_from(corners.front());
    for (std::size_t i = 1; i < corners.size(); ++i) {
        QueryLine other = view_from(corners[i]);
        if (other.canonical != line.canonical) line.other_views.push_back(std::move(other));
    }
    return line;
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

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

// A point written as GTP writes it ("Q16", "d4": a column letter A-T without I, a row 1-19
// counted from the bottom), or nothing.
std::optional<go::Point> gtp_point(std::string_view word) {
    if (word.size() < 2 || word.size() > 3) return std::nullopt;
    const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(word[0])));
    if (letter < 'a' || letter > 't' || letter == 'i') return std::nullopt;
    int row = 0;
    for (const char c : word.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        row = row * 10 + (c - '0');
    }
    if (row < 1 || row > go::kBoardSize || word[1] == '0') return std::nullopt;
    const int x = letter < 'i' ? letter - 'a' : letter - 'a' - 1;
    return go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(go::kBoardSize - row)};
}

// `text` with every point written as GTP writes it, or in upper-case SGF letters, spelt in
// SGF letters, padded with blanks so that every word keeps its column; or the error of a word
// that looks like a GTP point but is none.
std::variant<std::string, QueryError> sgf_spelling(std::string_view text) {
    std::string out(text);
    std::size_t i = 0;
    while (i < out.size()) {
        if (is_blank(out[i])) {
            ++i;
            continue;
        }
        std::size_t start = i;
        while (i < out.size() && !is_blank(out[i])) ++i;
        std::size_t end = i;
        // A coloured move: the point is inside the brackets.
        const bool coloured = end - start >= 3 && (out[start] == 'B' || out[start] == 'W') &&
                              out[start + 1] == '[' && out[end - 1] == ']';
        if (coloured) {
            start += 2;
            --end;
        }
        const std::string_view word(out.data() + start, end - start);
        const bool upper_letters = word.size() == 2 &&
                                   std::isupper(static_cast<unsigned char>(word[0])) &&
                                   std::isupper(static_cast<unsigned char>(word[1]));
        if (upper_letters && word[0] <= 'T' && word[1] <= 'T') {
            out[start] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[start])));
            out[start + 1] =
                static_cast<char>(std::tolower(static_cast<unsigned char>(out[start + 1])));
            continue;
        }
        const bool looks_gtp =
            word.size() >= 2 && std::isalpha(static_cast<unsigned char>(word[0])) &&
            std::all_of(word.begin() + 1, word.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
        if (!looks_gtp) continue;
        const std::optional<go::Point> point = gtp_point(word);
        if (!point)
            return QueryError{start + 1, "'" + std::string(word) +
                                             "' is not a point: GTP columns are A-T without I, "
                                             "rows 1-19 from the bottom (Q16 is SGF pd)"};
        const std::string letters = go::to_sgf(*point);
        const std::size_t width = end - start;
        out.replace(start, width, letters);
        // Pad after the word (after its ']' when coloured) so that later columns stay.
        out.insert(start + letters.size() + (coloured ? 1 : 0), width - letters.size(), ' ');
    }
    return out;
}

}  // namespace

go::Move QueryLine::in_query_frame(const go::Move& canonical_move) const {
    go::Move m = go::apply(to_query, canonical_move);
    if (colours_swapped) m.color = go::opponent(m.color);
    return m;
}

std::variant<ParsedMoves, QueryError> parse_moves(std::string_view text, std::string_view option) {
    ParsedMoves parsed;
    if (text.find_first_not_of(" \t") == std::string_view::npos) return parsed;
    if (text.find_first_of("\n#") != std::string_view::npos) {
        const std::size_t at = text.find_first_of("\n#");
        return QueryError{at + 1, "unexpected '" + std::string(1, text[at]) + "'"};
    }
    // Copied from an SGF file ("B[pd];W[qc]"): said as such, not as the '[' after it.
    if (const std::size_t at = text.find(';'); at != std::string_view::npos)
        return QueryError{at + 1, "moves are separated by spaces, not ';': B[pd] W[qc]"};
    std::variant<std::string, QueryError> spelt = sgf_spelling(text);
    if (const auto* error = std::get_if<QueryError>(&spelt)) return *error;
    diag::DiagnosticList problems;
    const std::optional<prune::PruneList> list =
        prune::parse_prune_list(std::get<std::string>(spelt), option, problems);
    if (!list || list->entries.size() != 1 || list->entries[0].anywhere ||
        list->entries[0].scope != prune::Scope::Both ||
        list->entries[0].action != prune::EntryAction::Remove) {
        if (!problems.items.empty()) {
            const diag::Diagnostic& d = problems.items.front();
            std::string message = d.message;
            if (message.ends_with("tt)"))
                message.insert(message.size() - 1, "; or a GTP point such as Q16");
            return QueryError{static_cast<std::size_t>(std::max(d.where.column, 1)), message};
        }
        return QueryError{1, "expected moves only, like \"pd qc qd\""};
    }
    parsed.moves = list->entries[0].path;
    parsed.columns = list->entries[0].path_columns;
    parsed.column = static_cast<std::size_t>(list->entries[0].where.column);
    return parsed;
}

std::variant<QueryLine, QueryError> parse_query(std::string_view text, Tree tree,
                                                const trackers::Zone& zone) {
    std::variant<ParsedMoves, QueryError> parsed = parse_moves(text, "--moves");
    if (const auto* error = std::get_if<QueryError>(&parsed)) return *error;
    ParsedMoves& p = std::get<ParsedMoves>(parsed);
    if (std::optional<QueryError> error = illegal_move(p.moves, p.columns, tree)) return *error;
    if (tree == Tree::Joseki) return joseki_line(p.moves, p.column, zone);
    return fuseki_line(std::move(p.moves));
}

}  // namespace josekic::index
