#include "compiler/go/board.hpp"

#include <stdexcept>

#include "compiler/go/zobrist.hpp"

namespace josekic::go {

namespace {

Color color_of(Stone s) { return s == Stone::Black ? Color::Black : Color::White; }

// Orthogonal neighbours on the board; returns how many were written.
int neighbours(Point p, std::array<Point, 4>& out) {
    int n = 0;
    if (p.x > 0) out[n++] = Point{static_cast<std::uint8_t>(p.x - 1), p.y};
    if (p.x < kLastLine) out[n++] = Point{static_cast<std::uint8_t>(p.x + 1), p.y};
    if (p.y > 0) out[n++] = Point{p.x, static_cast<std::uint8_t>(p.y - 1)};
    if (p.y < kLastLine) out[n++] = Point{p.x, static_cast<std::uint8_t>(p.y + 1)};
    return n;
}

// Flood fill of the group at `start`, with a fixed-size stack: a group has at most 361
// stones, so nothing here allocates.
template <typename Visit>
void for_each_stone_of_group(const std::array<Stone, kNumPoints>& points, Point start, Visit visit) {
    std::array<bool, kNumPoints> seen{};
    std::array<Point, kNumPoints> stack;
    int top = 0;
    const Stone colour = points[start.index()];
    stack[top++] = start;
    seen[start.index()] = true;
    while (top > 0) {
        const Point p = stack[--top];
        if (!visit(p)) return;
        std::array<Point, 4> adj;
        const int n = neighbours(p, adj);
        for (int i = 0; i < n; ++i) {
            const Point q = adj[i];
            if (!seen[q.index()] && points[q.index()] == colour) {
                seen[q.index()] = true;
                stack[top++] = q;
            }
        }
    }
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

void Board::put(Point p, Stone s) {
    points_[p.index()] = s;
    hash_ ^= zobrist_key(color_of(s), p);
    ++stone_count_;
}

void Board::remove(Point p) {
    hash_ ^= zobrist_key(color_of(points_[p.index()]), p);
    points_[p.index()] = Stone::Empty;
    --stone_count_;
}

void Board::place_setup(Color c, Point p) {
    if (at(p) != Stone::Empty) remove(p);
    put(p, stone_of(c));
    ko_ban_.reset();
}

void Board::clear(Point p) {
    if (at(p) != Stone::Empty) remove(p);
    ko_ban_.reset();
}

bool Board::has_liberty(Point start) const {
    // Fast path: most groups touch an empty point next to the stone asked about, so the
    // flood fill (which clears a 361-entry visited set) is only needed for the rest.
    std::array<Point, 4> near;
    const int near_count = neighbours(start, near);
    for (int i = 0; i < near_count; ++i) {
        if (points_[near[i].index()] == Stone::Empty) return true;
    }
    bool found = false;
    for_each_stone_of_group(points_, start, [&](Point p) {
        std::array<Point, 4> adj;
        const int n = neighbours(p, adj);
        for (int i = 0; i < n; ++i) {
            if (points_[adj[i].index()] == Stone::Empty) {
                found = true;
                return false;  // stop the fill
            }
        }
        return true;
    });
    return found;
}

int Board::capture_if_dead(Point start) {
    if (has_liberty(start)) return 0;
    std::array<Point, kNumPoints> group;
    int size = 0;
    for_each_stone_of_group(points_, start, [&](Point p) {
        group[size++] = p;
        return true;
    });
    for (int i = 0; i < size; ++i) remove(group[i]);
    return size;
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

    put(p, stone_of(m.color));
    const Stone enemy = stone_of(opponent(m.color));
    int captured = 0;
    std::optional<Point> single_capture;
    std::array<Point, 4> adj;
    const int n = neighbours(p, adj);
    for (int i = 0; i < n; ++i) {
        if (at(adj[i]) != enemy) continue;
        const int removed = capture_if_dead(adj[i]);
        if (removed == 1) single_capture = adj[i];
        captured += removed;
    }
    if (captured == 0 && !has_liberty(p)) {
        remove(p);
        return MoveVerdict::Suicide;
    }

    // A ko: one stone captured by a lone stone that now has exactly that one liberty.
    ko_ban_.reset();
    if (captured == 1) {
        int own_neighbours = 0;
        int liberties = 0;
        for (int i = 0; i < n; ++i) {
            if (at(adj[i]) == stone_of(m.color)) ++own_neighbours;
            if (at(adj[i]) == Stone::Empty) ++liberties;
        }
        if (own_neighbours == 0 && liberties == 1) {
            ko_ban_ = single_capture;
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
        if (ch == 'X') board.put(Point::from_index(i), Stone::Black);
        else if (ch == 'O') board.put(Point::from_index(i), Stone::White);
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
