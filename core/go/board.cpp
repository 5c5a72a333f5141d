#include "core/go/board.hpp"

#include <stdexcept>
#include <utility>

#include "core/go/zobrist.hpp"

namespace josekic::go {

namespace {

constexpr int kWidth = Board::kWidth;
constexpr int kNumCells = Board::kNumCells;

// The point index (Point::index()) of every cell of the board; border entries are unused.
constexpr std::array<std::uint16_t, kNumCells> kPointOfCell = [] {
    std::array<std::uint16_t, kNumCells> table{};
    for (int i = 0; i < kNumPoints; ++i) {
        table[static_cast<std::size_t>(Board::cell_of(Point::from_index(i)))] =
            static_cast<std::uint16_t>(i);
    }
    return table;
}();

std::uint16_t narrow(int n) {
    return static_cast<std::uint16_t>(n);
}

// Calls f on the four neighbours of a cell, written out: this runs several times a move.
template <typename F>
void for_each_neighbour(int cell, F f) {
    f(cell - kWidth);
    f(cell - 1);
    f(cell + 1);
    f(cell + kWidth);
}

}  // namespace

const std::array<Board::Cell, Board::kNumCells> Board::kEmptyCells = [] {
    std::array<Cell, kNumCells> cells{};
    cells.fill(kEdge);
    for (int i = 0; i < kNumPoints; ++i)
        cells[static_cast<std::size_t>(cell_of(Point::from_index(i)))] = kEmpty;
    return cells;
}();

std::string_view describe(MoveVerdict v) {
    switch (v) {
        case MoveVerdict::Legal:
            return "legal";
        case MoveVerdict::Occupied:
            return "point is occupied";
        case MoveVerdict::Suicide:
            return "suicide";
        case MoveVerdict::KoRecapture:
            return "immediate ko recapture";
    }
    return "?";
}

void Board::add_stone(int cell, Cell colour) {
    cells_[cell] = colour;
    join_chain(cell, colour);
}

// Forced inline into play_move(), the hottest code of a compile.
[[gnu::always_inline]] inline Board::Joined Board::join_chain(int cell, Cell own) {
    // One pass over the neighbours: each neighbouring chain loses a pseudo-liberty,
    // friendly ones are joined.
    int head = cell;  // the new stone's chain, once it has joined one
    int empties = 0;
    bool enemy_without_liberty = false;
    for_each_neighbour(cell, [&](int n) {
        const Cell there = cells_[n];
        if (there == kEmpty) {
            ++empties;
        } else if (there == own) {
            const int h = chain_[n];
            --liberties_[h];
            if (head == cell) {
                // The first friendly chain takes the lone stone in: no relabelling.
                chain_[cell] = narrow(h);
                next_[cell] = next_[h];
                next_[h] = narrow(cell);
                ++size_[h];
                head = h;
            } else if (h != head) {  // a second chain, not the first one touched again
                head = merge(head, h);
            }
        } else if (there != kEdge) {  // an enemy stone
            if (--liberties_[chain_[n]] == 0) enemy_without_liberty = true;
        }
    });
    if (head == cell) {
        chain_[cell] = narrow(cell);
        next_[cell] = narrow(cell);
        size_[cell] = 1;
        liberties_[cell] = narrow(empties);
    } else {
        liberties_[head] = narrow(liberties_[head] + empties);
    }
    return Joined{head, empties, enemy_without_liberty};
}

int Board::merge(int a, int b) {
    if (a == b) return a;
    // Relabelling the smaller chain keeps the cost of all merges of a game small.
    if (size_[a] < size_[b]) std::swap(a, b);
    int s = b;
    do {
        chain_[s] = narrow(a);
        s = next_[s];
    } while (s != b);
    std::swap(next_[a], next_[b]);  // splices the two circular lists into one
    liberties_[a] = narrow(liberties_[a] + liberties_[b]);
    size_[a] = narrow(size_[a] + size_[b]);
    return a;
}

void Board::capture_chain(int head) {
    int s = head;
    do {
        cells_[s] = kEmpty;
        captured_[last_captures_++] = kPointOfCell[s];
        // Every neighbouring stone gains the point as a pseudo-liberty; those of the chain
        // itself too, which does no harm as the chain is going.
        for_each_neighbour(s, [&](int n) {
            if (cells_[n] == kBlack || cells_[n] == kWhite) ++liberties_[chain_[n]];
        });
        s = next_[s];
    } while (s != head);
}

void Board::rebuild_chains() {
    const std::array<Cell, kNumCells> stones = cells_;
    cells_ = kEmptyCells;
    for (int cell = 0; cell < kNumCells; ++cell) {
        if (stones[cell] == kBlack || stones[cell] == kWhite) add_stone(cell, stones[cell]);
    }
}

void Board::place_setup(Color c, Point p) {
    const int cell = cell_of(p);
    const Cell colour = c == Color::Black ? kBlack : kWhite;
    if (cells_[cell] == kEmpty) {
        add_stone(cell, colour);
    } else {
        cells_[cell] = colour;
        rebuild_chains();
    }
    ko_cell_ = 0;
}

void Board::clear(Point p) {
    const int cell = cell_of(p);
    if (cells_[cell] != kEmpty) {
        cells_[cell] = kEmpty;
        rebuild_chains();
    }
    ko_cell_ = 0;
}

// Forced inline into play_line(): a call per move would cost a fifth of the move.
[[gnu::always_inline]] MoveVerdict Board::play_move(const Move& m) {
    if (m.is_pass()) {
        ko_cell_ = 0;
        last_captures_ = 0;
        return MoveVerdict::Legal;
    }
    const int cell = cell_of(*m.point);
    if (cells_[cell] != kEmpty) return MoveVerdict::Occupied;
    // Only the opponent of the player who took the ko is banned: records with two moves of
    // one colour in a row (an omitted pass) may legally fill or retake it.
    if (cell == ko_cell_ && ko_banned_ == m.color) return MoveVerdict::KoRecapture;

    // The stone is put down at once and taken back in the rare case of a suicide, so that
    // one pass over the neighbours (join_chain) does the common work.
    const Cell own = m.color == Color::Black ? kBlack : kWhite;
    cells_[cell] = own;
    const auto [head, empties, enemy_without_liberty] = join_chain(cell, own);

    if (!enemy_without_liberty && liberties_[head] == 0) {
        undo_suicide(cell);
        return MoveVerdict::Suicide;
    }
    ko_cell_ = 0;
    last_captures_ = 0;
    if (!enemy_without_liberty) return MoveVerdict::Legal;
    int taken = 0;  // the head of the last chain captured
    for_each_neighbour(cell, [&](int n) {
        const Cell there = cells_[n];
        if (there != kEmpty && there != own && there != kEdge &&
            liberties_[chain_[n]] == 0) {  // enemy
            taken = chain_[n];
            capture_chain(taken);
        }
    });
    // A ko: one stone captured by a lone stone that had no empty neighbour, so that the
    // captured point is now its only liberty.
    if (last_captures_ == 1 && size_[head] == 1 && empties == 0) {
        ko_cell_ = taken;
        ko_banned_ = opponent(m.color);
    }
    return MoveVerdict::Legal;
}

MoveVerdict Board::play(const Move& m) {
    return play_move(m);
}

Board::LineResult Board::play_line(std::span<const Move> moves) {
    LineResult result;
    for (; result.played < moves.size(); ++result.played) {
        result.stopped_by = play_move(moves[result.played]);
        if (result.stopped_by != MoveVerdict::Legal) break;
    }
    return result;
}

void Board::undo_suicide(int cell) {
    // Suicides are rare in game records (a few games in thousands), so rebuilding every
    // chain is cheaper overall than preparing each move to be taken back.
    cells_[cell] = kEmpty;
    rebuild_chains();
}

int Board::stone_count() const {
    int count = 0;
    for (int cell = 0; cell < kNumCells; ++cell)
        count += cells_[cell] == kBlack || cells_[cell] == kWhite ? 1 : 0;
    return count;
}

std::uint64_t Board::hash() const {
    std::uint64_t h = 0;
    for (int i = 0; i < kNumPoints; ++i) {
        const Stone s = at(Point::from_index(i));
        if (s != Stone::Empty) h ^= zobrist_key(s == Stone::Black ? Color::Black : Color::White, i);
    }
    return h;
}

Board Board::from_diagram(std::string_view diagram) {
    Board board;
    int i = 0;
    for (char ch : diagram) {
        if (ch == ' ' || ch == '\n' || ch == '\r') continue;
        if (i >= kNumPoints) throw std::invalid_argument("board diagram has more than 361 points");
        const int cell = cell_of(Point::from_index(i));
        if (ch == 'X')
            board.add_stone(cell, kBlack);
        else if (ch == 'O')
            board.add_stone(cell, kWhite);
        else if (ch != '.' && ch != '+')
            throw std::invalid_argument("board diagram: unexpected character");
        ++i;
    }
    if (i != kNumPoints) throw std::invalid_argument("board diagram must have 361 points");
    return board;
}

std::string Board::to_diagram() const {
    std::string out;
    out.reserve(kNumPoints + kBoardSize);
    for (int i = 0; i < kNumPoints; ++i) {
        const Stone s = at(Point::from_index(i));
        out += s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.';
        if (i % kBoardSize == kLastLine) out += '\n';
    }
    return out;
}

}  // namespace josekic::go
