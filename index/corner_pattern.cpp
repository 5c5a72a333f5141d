#include "index/corner_pattern.hpp"

#include <algorithm>
#include <utility>

#include "core/go/symmetry.hpp"
#include "trackers/corner_tracker.hpp"

namespace josekic::index {

namespace {

using trackers::Corner;

// The board point of (row, column) of `corner`'s region, where (row, column) may reach one
// point past the region (the next-move square).
go::Point board_point(Corner corner, int row, int column) {
    const go::Point upper_right{static_cast<std::uint8_t>(go::kLastLine - column),
                                static_cast<std::uint8_t>(row)};
    return go::apply(trackers::rotation_from_upper_right(corner), upper_right);
}

// (row, column) of a board point in `corner`'s frame (unbounded: the caller checks).
std::pair<int, int> local_point(Corner corner, go::Point p) {
    const go::Point upper_right =
        go::apply(go::inverse(trackers::rotation_from_upper_right(corner)), p);
    return {upper_right.y, go::kLastLine - upper_right.x};
}

struct Regions {
    // By corner, the board index of each region point (row * 7 + column).
    std::array<std::array<std::uint16_t, kPatternPoints>, 4> points{};
    // By board index: 1 + the corner whose region holds it, or 0.
    std::array<std::uint8_t, go::kNumPoints> corner_of{};
};

const Regions& regions() {
    static const Regions table = [] {
        Regions r;
        for (Corner corner : trackers::kAllCorners) {
            for (int row = 0; row < kPatternSide; ++row) {
                for (int column = 0; column < kPatternSide; ++column) {
                    const int index = board_point(corner, row, column).index();
                    r.points[static_cast<std::size_t>(corner)]
                            [static_cast<std::size_t>(row * kPatternSide + column)] =
                        static_cast<std::uint16_t>(index);
                    r.corner_of[static_cast<std::size_t>(index)] =
                        static_cast<std::uint8_t>(1 + static_cast<int>(corner));
                }
            }
        }
        return r;
    }();
    return table;
}

constexpr int digit_of(go::Stone s) {
    return s == go::Stone::Empty ? 0 : s == go::Stone::Black ? 1 : 2;
}

// The key value (without the player to move) of the smaller of `digits` (by row * 7 + column)
// and its reflection in the corner's diagonal; `reflected` says whether it is the reflection.
PatternValue smaller_reflection(const std::array<int, kPatternPoints>& digits,
                                bool* reflected = nullptr, bool* symmetric = nullptr) {
    // Most significant digit first: the point farthest from the corner.
    PatternValue as_seen = 0;
    PatternValue mirrored = 0;
    for (int i = kPatternPoints - 1; i >= 0; --i) {
        const int row = i / kPatternSide;
        const int column = i % kPatternSide;
        as_seen = as_seen * 3 + static_cast<PatternValue>(digits[static_cast<std::size_t>(i)]);
        mirrored =
            mirrored * 3 + static_cast<PatternValue>(
                               digits[static_cast<std::size_t>(column * kPatternSide + row)]);
    }
    if (reflected != nullptr) *reflected = mirrored < as_seen;
    if (symmetric != nullptr) *symmetric = mirrored == as_seen;
    return std::min(as_seen, mirrored);
}

}  // namespace

int PatternKey::point(int index) const {
    PatternValue v = value >> 1;
    for (int i = 0; i < index; ++i) v /= 3;
    return static_cast<int>(v % 3);
}

PatternKey PatternKey::colours_reversed() const {
    // Reversed, the pattern's smaller reflection may be the other one: both are made again.
    std::array<int, kPatternPoints> digits{};
    PatternValue v = value >> 1;
    for (int& digit : digits) {
        const auto d = static_cast<int>(v % 3);
        v /= 3;
        digit = d == 0 ? 0 : 3 - d;
    }
    return PatternKey{(smaller_reflection(digits) << 1) | ((value & 1U) ^ 1U)};
}

int PatternKey::stone_count() const {
    PatternValue v = value >> 1;
    int stones = 0;
    for (int i = 0; i < kPatternPoints; ++i, v /= 3)
        if (v % 3 != 0) ++stones;
    return stones;
}

std::string_view next_name(std::uint8_t code) {
    return code == kNextElsewhere ? "elsewhere" : code == kNextPass ? "pass" : "end";
}

std::optional<Corner> pattern_corner(go::Point p) {
    const std::uint8_t c = regions().corner_of[static_cast<std::size_t>(p.index())];
    if (c == 0) return std::nullopt;
    return static_cast<Corner>(c - 1);
}

std::optional<CornerPattern> read_pattern(const go::Board& board, Corner corner,
                                          go::Color to_move) {
    const auto& points = regions().points[static_cast<std::size_t>(corner)];
    std::array<int, kPatternPoints> digits{};
    bool empty = true;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        digits[i] = digit_of(board.at(go::Point::from_index(points[i])));
        empty = empty && digits[i] == 0;
    }
    if (empty) return std::nullopt;
    const PatternValue side = to_move == go::Color::White ? 1 : 0;
    CornerPattern pattern;
    pattern.corner = corner;
    pattern.key = PatternKey{
        (smaller_reflection(digits, &pattern.reflected, &pattern.symmetric) << 1) | side};
    return pattern;
}

std::uint8_t next_code(const CornerPattern& pattern, const go::Move& move) {
    if (move.is_pass()) return kNextPass;
    auto [row, column] = local_point(pattern.corner, *move.point);
    if (pattern.reflected) std::swap(row, column);
    if (row >= kNextSquare || column >= kNextSquare) return kNextElsewhere;
    const int code = row * kNextSquare + column;
    const int mirrored = column * kNextSquare + row;
    return static_cast<std::uint8_t>(pattern.symmetric ? std::min(code, mirrored) : code);
}

go::Point next_point(const CornerPattern& pattern, std::uint8_t code) {
    int row = code / kNextSquare;
    int column = code % kNextSquare;
    if (pattern.reflected) std::swap(row, column);
    return board_point(pattern.corner, row, column);
}

std::vector<PatternEvent> game_patterns(const game::GameRecord& record, std::size_t legal_moves) {
    std::vector<PatternEvent> events;
    go::Board board;
    for (go::Point p : record.setup_black) board.place_setup(go::Color::Black, p);
    for (go::Point p : record.setup_white) board.place_setup(go::Color::White, p);
    const std::size_t moves =
        std::min<std::size_t>({legal_moves, record.moves.size(), std::size_t{0xFFFF}});
    // The patterns of the previous move wait for the move that follows them.
    std::array<CornerPattern, 4> pending{};
    std::size_t pending_count = 0;
    const auto settle = [&](const go::Move* next) {
        for (std::size_t k = 0; k < pending_count; ++k) {
            PatternEvent& e = events[events.size() - pending_count + k];
            e.next = next != nullptr ? next_code(pending[k], *next) : kNextNone;
        }
        pending_count = 0;
    };
    for (std::size_t i = 0; i < moves; ++i) {
        const go::Move& move = record.moves[i];
        settle(&move);
        if (board.play(move) != go::MoveVerdict::Legal || move.is_pass()) continue;
        std::array<bool, 4> changed{};
        if (const auto c = pattern_corner(*move.point))
            changed[static_cast<std::size_t>(*c)] = true;
        for (const std::uint16_t captured : board.last_captured_points())
            if (const auto c = pattern_corner(go::Point::from_index(captured)))
                changed[static_cast<std::size_t>(*c)] = true;
        const go::Color to_move = go::opponent(move.color);
        const dictionary::LineOutcome outcome = trackers::line_outcome(
            record.info.winner, to_move == go::Color::Black ? trackers::ColourOrder::AsPlayed
                                                            : trackers::ColourOrder::Swapped);
        for (Corner corner : trackers::kAllCorners) {
            if (!changed[static_cast<std::size_t>(corner)]) continue;
            const std::optional<CornerPattern> pattern = read_pattern(board, corner, to_move);
            if (!pattern) continue;
            events.push_back(
                PatternEvent{pattern->key, static_cast<std::uint16_t>(i + 1), kNextNone, outcome});
            pending[pending_count++] = *pattern;
        }
    }
    settle(nullptr);
    return events;
}

}  // namespace josekic::index
