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
    // By corner, each region point (row * 7 + column).
    std::array<std::array<go::Point, kPatternPoints>, 4> points{};
    // By board index: 1 + the corner whose region holds it, or 0; and its index there.
    std::array<std::uint8_t, go::kNumPoints> corner_of{};
    std::array<std::uint8_t, go::kNumPoints> index_of{};
};

const Regions& regions() {
    static const Regions table = [] {
        Regions r;
        for (Corner corner : trackers::kAllCorners) {
            for (int row = 0; row < kPatternSide; ++row) {
                for (int column = 0; column < kPatternSide; ++column) {
                    const go::Point p = board_point(corner, row, column);
                    const int index = p.index();
                    r.points[static_cast<std::size_t>(corner)]
                            [static_cast<std::size_t>(row * kPatternSide + column)] = p;
                    r.corner_of[static_cast<std::size_t>(index)] =
                        static_cast<std::uint8_t>(1 + static_cast<int>(corner));
                    r.index_of[static_cast<std::size_t>(index)] =
                        static_cast<std::uint8_t>(row * kPatternSide + column);
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

// A pattern's number (without the player to move) as two 64-bit halves, digits 25-48 and
// 0-24 (3^25 < 2^40): compared as a pair they order as the whole numbers do, and a compile
// keeps them up to date stone by stone (CornerHalves), joining them only for a key: 128-bit
// arithmetic on every digit of every pattern cost a quarter of a compile.
constexpr int kLowDigits = 25;
using Halves = std::pair<std::uint64_t, std::uint64_t>;

// Which digit of the key each point is (by row * 7 + column): the points of the first line
// are the most significant digits, then those of the second line, and so on inwards (nearer
// the corner first within a line). Those points are the most often empty, so keys that sort
// next to each other share them and differ in low digits: the differences the index stores
// between neighbouring keys stay short (docs/index-format.md).
constexpr std::array<std::uint8_t, kPatternPoints> kDigitOf = [] {
    std::array<int, kPatternPoints> by_rank{};
    for (int i = 0; i < kPatternPoints; ++i) by_rank[static_cast<std::size_t>(i)] = i;
    const auto rank = [](int i) {
        const int row = i / kPatternSide;
        const int column = i % kPatternSide;
        const int line = row < column ? row : column;
        const int along = row < column ? column : row;
        return (line * kPatternSide + along) * kPatternPoints + i;
    };
    // An insertion sort: std::sort is not constexpr in every library this builds with.
    for (std::size_t i = 1; i < by_rank.size(); ++i)
        for (std::size_t j = i; j > 0 && rank(by_rank[j]) < rank(by_rank[j - 1]); --j) {
            const int t = by_rank[j];
            by_rank[j] = by_rank[j - 1];
            by_rank[j - 1] = t;
        }
    std::array<std::uint8_t, kPatternPoints> digit_of{};
    for (std::size_t k = 0; k < by_rank.size(); ++k)
        digit_of[static_cast<std::size_t>(by_rank[k])] =
            static_cast<std::uint8_t>(kPatternPoints - 1 - static_cast<int>(k));
    return digit_of;
}();
static_assert(kDigitOf[0] == kPatternPoints - 1);  // the corner point is the most significant
static_assert(kDigitOf[kPatternPoints - 1] == 0);  // the point farthest inside the least

constexpr std::array<std::uint64_t, kLowDigits> kPowers = [] {
    std::array<std::uint64_t, kLowDigits> powers{};
    std::uint64_t p = 1;
    for (std::uint64_t& power : powers) {
        power = p;
        p *= 3;
    }
    return powers;
}();

// Adds `digit` at point `index` (row * 7 + column) to `halves` (digit -1, -2 to take a stone
// away).
void add_digit(Halves& halves, int index, std::int64_t digit) {
    const int position = kDigitOf[static_cast<std::size_t>(index)];
    std::uint64_t& half = position >= kLowDigits ? halves.first : halves.second;
    half += static_cast<std::uint64_t>(digit) *
            kPowers[static_cast<std::size_t>(position >= kLowDigits ? position - kLowDigits
                                                                    : position)];
}

// The index of the reflection of point `index` (row * 7 + column) in the corner's diagonal.
constexpr int mirror_index(int index) {
    return index % kPatternSide * kPatternSide + index / kPatternSide;
}

// The pattern of `corner` whose points read `seen` and, reflected, `mirrored`.
CornerPattern pattern_of(Corner corner, const Halves& seen, const Halves& mirrored,
                         go::Color to_move) {
    CornerPattern pattern;
    pattern.corner = corner;
    pattern.reflected = mirrored < seen;
    pattern.symmetric = mirrored == seen;
    const auto& [high, low] = std::min(seen, mirrored);
    constexpr PatternValue kLowRange = PatternValue{kPowers.back()} * 3;
    const PatternValue side = to_move == go::Color::White ? 1 : 0;
    pattern.key = PatternKey{((PatternValue{high} * kLowRange + low) << 1) | side};
    return pattern;
}

// The pattern of `digits` (by row * 7 + column) in `corner`.
CornerPattern pattern_of(Corner corner, const std::array<int, kPatternPoints>& digits,
                         go::Color to_move) {
    Halves seen{}, mirrored{};
    for (int i = 0; i < kPatternPoints; ++i) {
        add_digit(seen, i, digits[static_cast<std::size_t>(i)]);
        add_digit(mirrored, mirror_index(i), digits[static_cast<std::size_t>(i)]);
    }
    return pattern_of(corner, seen, mirrored, to_move);
}

// The four corners' halves and stone counts of a board, kept up to date as stones come and go.
class CornerHalves {
  public:
    explicit CornerHalves(const go::Board& board) {
        for (int i = 0; i < go::kNumPoints; ++i) {
            const go::Point p = go::Point::from_index(i);
            if (board.at(p) != go::Stone::Empty) change(p, digit_of(board.at(p)));
        }
    }
    /// A stone of `digit` put on `p` (digit > 0) or taken away (digit < 0).
    void change(go::Point p, int digit) {
        const Regions& r = regions();
        const std::uint8_t c = r.corner_of[static_cast<std::size_t>(p.index())];
        if (c == 0) return;
        RegionState& corner = corners_[c - 1U];
        const int index = r.index_of[static_cast<std::size_t>(p.index())];
        add_digit(corner.seen, index, digit);
        add_digit(corner.mirrored, mirror_index(index), digit);
        corner.stones += digit > 0 ? 1 : -1;
    }
    std::optional<CornerPattern> pattern(Corner corner, go::Color to_move) const {
        const RegionState& c = corners_[static_cast<std::size_t>(corner)];
        if (c.stones == 0) return std::nullopt;
        return pattern_of(corner, c.seen, c.mirrored, to_move);
    }

  private:
    struct RegionState {
        Halves seen{}, mirrored{};
        int stones = 0;
    };
    std::array<RegionState, 4> corners_{};
};

}  // namespace

int PatternKey::point(int index) const {
    PatternValue v = value >> 1;
    for (int i = 0; i < kDigitOf[static_cast<std::size_t>(index)]; ++i) v /= 3;
    return static_cast<int>(v % 3);
}

PatternKey PatternKey::colours_reversed() const {
    // Reversed, the pattern's smaller reflection may be the other one: both are made again.
    std::array<int, kPatternPoints> digits{};
    for (int i = 0; i < kPatternPoints; ++i) {
        const int d = point(i);
        digits[static_cast<std::size_t>(i)] = d == 0 ? 0 : 3 - d;
    }
    const go::Color reversed_to_move =
        to_move() == go::Color::Black ? go::Color::White : go::Color::Black;
    return pattern_of(Corner::UpperRight, digits, reversed_to_move).key;
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
        digits[i] = digit_of(board.at(points[i]));
        empty = empty && digits[i] == 0;
    }
    if (empty) return std::nullopt;
    return pattern_of(corner, digits, to_move);
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
    CornerHalves halves(board);
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
        const int own = move.color == go::Color::Black ? 1 : 2;
        halves.change(*move.point, own);
        for (const std::uint16_t captured : board.last_captured_points())
            halves.change(go::Point::from_index(captured), own - 3);
        std::array<bool, 4> changed{};
        if (const auto c = pattern_corner(*move.point))
            changed[static_cast<std::size_t>(*c)] = true;
        for (const std::uint16_t captured : board.last_captured_points())
            if (const auto c = pattern_corner(go::Point::from_index(captured)))
                changed[static_cast<std::size_t>(*c)] = true;
        // The player to move is the one who moves next: usually the other player, but a record
        // may give one player two moves in a row (Fox's handicap games write White's first
        // two so), and the next move is then that player's, as the continuation shows it.
        const go::Color to_move =
            i + 1 < moves ? record.moves[i + 1].color : go::opponent(move.color);
        const dictionary::LineOutcome outcome = trackers::line_outcome(
            record.info.winner, to_move == go::Color::Black ? trackers::ColourOrder::AsPlayed
                                                            : trackers::ColourOrder::Swapped);
        for (Corner corner : trackers::kAllCorners) {
            if (!changed[static_cast<std::size_t>(corner)]) continue;
            const std::optional<CornerPattern> pattern = halves.pattern(corner, to_move);
            if (!pattern) continue;
            PatternEvent event;
            event.set_key(pattern->key);
            event.move_number = static_cast<std::uint16_t>(i + 1);
            event.outcome = outcome;
            events.push_back(event);
            pending[pending_count++] = *pattern;
        }
    }
    settle(nullptr);
    return events;
}

}  // namespace josekic::index
