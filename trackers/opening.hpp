#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/game/game_record.hpp"
#include "core/go/move.hpp"
#include "core/go/point.hpp"
#include "core/go/symmetry.hpp"

namespace josekic::trackers {

/// Why a game's opening does or does not enter the even fuseki tree.
enum class OpeningClass : std::uint8_t {
    Even,  ///< no setup stones, HA absent/0/1, and Black makes the first stone move (or there is
           ///< none)
    Handicap,     ///< HA >= 2 (with or without AB stones)
    SetupStones,  ///< AB/AW stones on the root without HA >= 2 (problems, handicap written as AB
                  ///< only)
    WhiteFirst,   ///< no setup stones and no handicap, but White makes the first move
};

/// A readable name for the report, e.g. "white-first".
constexpr std::string_view name(OpeningClass c) {
    constexpr std::array<std::string_view, 4> names = {"even", "handicap", "setup-stones",
                                                       "white-first"};
    return names[static_cast<int>(c)];
}

/// Classifies a game for the fuseki trees. HA[1] without setup stones counts as even (no
/// stone is given; some servers write HA[1] for a no-komi game).
OpeningClass classify_opening(const game::GameRecord& record);

/// The two fuseki trees: even games (the default dictionary) and, under --fuseki-handicap,
/// everything else (handicap, setup stones, White first) in a tree of its own.
enum class FusekiTree : std::uint8_t { Even, Handicap };

/// The tree an opening of this class belongs to: Even for OpeningClass::Even, Handicap
/// for the other three (which are excluded and counted when --fuseki-handicap is off).
constexpr FusekiTree fuseki_tree_of(OpeningClass c) {
    return c == OpeningClass::Even ? FusekiTree::Even : FusekiTree::Handicap;
}

/// The fixed total order used to pick canonical images, as a key (smaller is preferred;
/// distinct points have distinct keys). It sorts points by
///   1. quadrant: upper-right, upper-left, lower-right, lower-left (a point on the centre
///      column x = 9 or centre row y = 9 belongs to the first of the quadrants it touches);
///   2. half: points at least as near the top/bottom edge as the left/right edge first
///      (in the upper-right quadrant: y <= 18 - x, "upper half");
///   3. the Point order (x, then y).
/// So the best image of any point under all 8 symmetries lies in the upper-right corner,
/// upper half (the triangle x >= 9, y <= 18 - x), and points on its boundary (the diagonal
/// through pd, the centre column) are their own best image under the reflection that fixes them.
int canonical_rank(go::Point p);

/// Places moves canonically, one after another, under the 8 board symmetries. It keeps the
/// set of symmetries t that map every move so far onto the canonical move already chosen
/// (initially all 8). Each new move is mapped by the candidates in that set; the images
/// with the smallest canonical_rank win and the set shrinks to the candidates that produce
/// it. A pass maps to a pass and keeps the set. The result is the lexicographically
/// smallest of the 8 images of the whole sequence, so every symmetric variant of a line
/// gives the same canonical line, and the canonical form of a prefix is the prefix of the
/// canonical form (which a trie needs).
///
/// The candidate set is always a coset t0 * S, where S is the stabiliser of the canonical
/// line so far: the symmetries that fix each stone played so far (hence also map the set
/// of stones, with colours, onto itself). It is the stabiliser of the sequence, not of the
/// unordered position, on purpose: a symmetry that only permutes earlier stones would give
/// a path that is not the image of the game under any single symmetry.
class SymmetryNormaliser {
  public:
    SymmetryNormaliser();

    /// Fixes the frame of setup stones (AB, AW) before any move: keeps the candidates
    /// whose images of the two stone sets, each sorted by canonical_rank, compare smallest
    /// (black set first). Returns the canonical setup stones, each set sorted by rank.
    /// Call at most once, before place().
    struct Setup {
        std::vector<go::Point> black;
        std::vector<go::Point> white;
    };
    Setup place_setup(std::span<const go::Point> black, std::span<const go::Point> white);

    /// The canonical image of the next move of the line.
    go::Move place(const go::Move& move);

    /// The symmetries still consistent with every choice so far, in kAllSymmetries order.
    std::span<const go::Symmetry> candidates() const { return {candidates_.data(), count_}; }
    /// One symmetry mapping the line so far onto its canonical image (the first candidate).
    go::Symmetry transform() const { return candidates_[0]; }

  private:
    std::array<go::Symmetry, 8> candidates_;
    std::size_t count_ = 8;
};

/// The canonical form of a whole line (see SymmetryNormaliser).
std::vector<go::Move> canonical_line(std::span<const go::Move> line);

/// Options of the fuseki opening.
struct OpeningOptions {
    /// Moves kept from the start of the game (--fuseki-moves); passes count as moves.
    int max_moves = 30;
};

/// A game's opening, normalised.
struct CanonicalOpening {
    OpeningClass opening_class = OpeningClass::Even;
    /// The setup stones in the canonical frame (empty for even games), sorted by rank.
    std::vector<go::Point> setup_black;
    std::vector<go::Point> setup_white;
    /// The first min(legal_moves, max_moves) moves, canonical; passes kept, colours as played.
    std::vector<go::Move> moves;
    /// One symmetry that maps the game onto the canonical opening.
    go::Symmetry symmetry = go::Symmetry::Identity;
};

/// Normalises a game's opening: setup stones first (if any), then the first
/// min(legal_moves, options.max_moves) moves. `legal_moves` is ReplayResult::legal_moves.
/// Colours are never swapped. Whether the opening enters a tree is the caller's choice,
/// from opening_class (see fuseki_tree_of).
CanonicalOpening normalise_opening(const game::GameRecord& record, std::size_t legal_moves,
                                   const OpeningOptions& options = {});

/// The canonical opening's moves only (setup stones, if any, fix the frame but are not
/// returned): normalise_opening(record, legal_moves, {max_moves}).moves.
std::vector<go::Move> canonical_opening(const game::GameRecord& record, std::size_t legal_moves,
                                        int max_moves = 30);

}  // namespace josekic::trackers
