#include "compiler/go/board.hpp"

#include <stdexcept>

#include "compiler/go/zobrist.hpp"

namespace josekic::go {

namespace {

Color color_of(Stone s) { return s == Stone::Black ? Color::Black : Color::White; }

// The orthogonal neighbours of every point, as point indices, computed once: the flood
// fills below run for most moves of every replayed game.
struct Neighbours {
    std::array<std::uint16_t, 4> at{};
    int count = 0;
};
constexpr std::array<Neighbours, kNumPoints> make_neighbour_table() {
    std::array<Neighbours, kNumPoints> table{};
    for (int i = 0; i < kNumPoints; ++i) {
        const int x = i % kBoardSize;
        const int y = i / kBoardSize;
        Neighbours& n = table[i];
        if (x > 0) n.at[n.count++] = static_cast<std::uint16_t>(i - 1);
        if (x < kLastLine) n.at[n.count++] = static_cast<std::uint16_t>(i + 1);
        if (y > 0) n.at[n.count++] = static_cast<std::uint16_t>(i - kBoardSize);
        if (y < kLastLine) n.at[n.count++] = static_cast<std::uint16_t>(i + kBoardSize);
    }
    return table;
}
constexpr std::array<Neighbours, kNumPoints> kNeighbours = make_neighbour_table();

// A group found by a flood fill: its stones, or the news that it has a liberty (the fill
// stops at the first one, so a living group costs only as much as the search for it).
struct GroupScan {
    bool has_liberty = false;
    int size = 0;
    std::array<std::uint16_t, kNumPoints> stones;
};

// Flood fill of the group at `start` with a fixed-size stack and a 361-bit visited set: a
// group has at most 361 stones, so nothing here allocates or clears much.
void scan_group(const std::array<Stone, kNumPoints>& points, int start, GroupScan& scan) {
    std::array<std::uint64_t, (kNumPoints + 63) / 64> seen{};
    const auto mark = [&](int i) { seen[static_cast<std::size_t>(i) / 64] |= std::uint64_t{1} << (i % 64); };
    const auto marked = [&](int i) { return (seen[static_cast<std::size_t>(i) / 64] >> (i % 64)) & 1U; };
    const Stone colour = points[static_cast<std::size_t>(start)];
    scan.has_liberty = false;
    scan.size = 0;
    int visited = 0;
    scan.stones[static_cast<std::size_t>(scan.size++)] = static_cast<std::uint16_t>(start);
    mark(start);
    while (visited < scan.size) {
        const Neighbours& adj = kNeighbours[scan.stones[static_cast<std::size_t>(visited++)]];
        for (int k = 0; k < adj.count; ++k) {
            const int q = adj.at[static_cast<std::size_t>(k)];
            const Stone there = points[static_cast<std::size_t>(q)];
            if (there == Stone::Empty) {
                scan.has_liberty = true;
                return;
            }
            if (there == colour && !marked(q)) {
                mark(q);
                scan.stones[static_cast<std::size_t>(scan.size++)] = static_cast<std::uint16_t>(q);
            }
        }
    }
}

bool touches_empty(const std::array<Stone, kNumPoints>& points, int point) {
    const Neighbours& adj = kNeighbours[static_cast<std::size_t>(point)];
    for (int k = 0; k < adj.count; ++k) {
        if (points[adj.at[static_cast<std::size_t>(k)]] == Stone::Empty) return true;
    }
    return false;
}

}  // namespace

std::string_view describe(MoveVerdict v) {
    switch (v) {
        case MoveVerdict::Legal: return "legal";
        case MoveVerdict::Occupied: return "point is occupied";
        case MoveVerdict::Suicide: return "suicide";
        case MoveVerdict::KoRecapture: return "immediate ko recapture";
    }
    return "?";
}

void Board::put(int point, Stone s) {
    points_[static_cast<std::size_t>(point)] = s;
    hash_ ^= zobrist_key(color_of(s), point);
    ++stone_count_;
}

void Board::remove(int point) {
    hash_ ^= zobrist_key(color_of(points_[static_cast<std::size_t>(point)]), point);
    points_[static_cast<std::size_t>(point)] = Stone::Empty;
    --stone_count_;
}

void Board::place_setup(Color c, Point p) {
    if (at(p) != Stone::Empty) remove(p.index());
    put(p.index(), stone_of(c));
    ko_ban_.reset();
}

void Board::clear(Point p) {
    if (at(p) != Stone::Empty) remove(p.index());
    ko_ban_.reset();
}

// Both checks are preceded by a look at the stone's own neighbours (here, or in play()):
// most groups touch an empty point there, and then the flood fill is not needed.
bool Board::has_liberty(int point) const {
    if (touches_empty(points_, point)) return true;
    GroupScan scan;
    scan_group(points_, point, scan);
    return scan.has_liberty;
}

int Board::capture_if_dead(int point) {
    GroupScan scan;
    scan_group(points_, point, scan);
    if (scan.has_liberty) return 0;
    for (int i = 0; i < scan.size; ++i) remove(scan.stones[static_cast<std::size_t>(i)]);
    return scan.size;
}

MoveVerdict Board::play(const Move& m) {
    if (m.is_pass()) {
        ko_ban_.reset();
        last_captures_ = 0;
        return MoveVerdict::Legal;
    }
    const Point p = *m.point;
    if (at(p) != Stone::Empty) return MoveVerdict::Occupied;
    // Only the opponent of the player who took the ko is banned: records with two moves of
    // one colour in a row (an omitted pass) may legally fill or retake it.
    if (ko_ban_ && *ko_ban_ == p && ko_banned_ == m.color) return MoveVerdict::KoRecapture;

    const int here = p.index();
    put(here, stone_of(m.color));
    const Stone enemy = stone_of(opponent(m.color));
    int captured = 0;
    int single_capture = 0;
    // An empty neighbour is a liberty of the new stone: then no flood fill is needed to
    // rule out suicide (captures only ever add liberties).
    bool touches_liberty = false;
    const Neighbours& adj = kNeighbours[static_cast<std::size_t>(here)];
    for (int i = 0; i < adj.count; ++i) {
        const int q = adj.at[static_cast<std::size_t>(i)];
        const Stone there = points_[static_cast<std::size_t>(q)];
        if (there == Stone::Empty) touches_liberty = true;
        // Most enemy neighbours touch an empty point themselves: alive, and no call needed.
        if (there != enemy || touches_empty(points_, q)) continue;
        const int removed = capture_if_dead(q);
        if (removed == 1) single_capture = q;
        captured += removed;
    }
    if (captured == 0 && !touches_liberty && !has_liberty(here)) {
        remove(here);
        return MoveVerdict::Suicide;
    }

    // A ko: one stone captured by a lone stone that now has exactly that one liberty.
    ko_ban_.reset();
    if (captured == 1) {
        int own_neighbours = 0;
        int liberties = 0;
        for (int i = 0; i < adj.count; ++i) {
            const Stone there = points_[adj.at[static_cast<std::size_t>(i)]];
            if (there == stone_of(m.color)) ++own_neighbours;
            if (there == Stone::Empty) ++liberties;
        }
        if (own_neighbours == 0 && liberties == 1) {
            ko_ban_ = Point::from_index(single_capture);
            ko_banned_ = opponent(m.color);
        }
    }
    last_captures_ = captured;
    return MoveVerdict::Legal;
}

std::uint64_t Board::hash_from_scratch() const {
    std::uint64_t h = 0;
    for (int i = 0; i < kNumPoints; ++i) {
        if (points_[i] != Stone::Empty) h ^= zobrist_key(color_of(points_[i]), Point::from_index(i));
    }
    return h;
}

Board Board::from_diagram(std::string_view diagram) {
    Board board;
    int i = 0;
    for (char ch : diagram) {
        if (ch == ' ' || ch == '\n' || ch == '\r') continue;
        if (i >= kNumPoints) throw std::invalid_argument("board diagram has more than 361 points");
        if (ch == 'X') board.put(i, Stone::Black);
        else if (ch == 'O') board.put(i, Stone::White);
        else if (ch != '.' && ch != '+') throw std::invalid_argument("board diagram: unexpected character");
        ++i;
    }
    if (i != kNumPoints) throw std::invalid_argument("board diagram must have 361 points");
    return board;
}

std::string Board::to_diagram() const {
    std::string out;
    out.reserve(kNumPoints + kBoardSize);
    for (int y = 0; y < kBoardSize; ++y) {
        for (int x = 0; x < kBoardSize; ++x) {
            const Stone s = points_[y * kBoardSize + x];
            out += s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.';
        }
        out += '\n';
    }
    return out;
}

}  // namespace josekic::go
