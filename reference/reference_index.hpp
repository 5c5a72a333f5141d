#pragma once

// A reference dictionary (Kogo's, GNU Go's, Pachi's joseki files, a user's notes) read as a
// tree of canonical corner moves, so that it can be laid over josekic's joseki trie.
//
// Every root-to-node line of the SGF is normalised exactly as the corner trackers normalise
// a game's corner sequence (trackers/normalize.hpp): the corner is the one of the line's
// first stone, rotated to the upper right; the first stone off the corner's diagonal goes to
// the upper half; colours are swapped if White plays first. A reference drawn in any corner,
// in any orientation, with either colour first, therefore lands on the same canonical path
// as the same moves in josekic's trie. Lines of the file that become the same canonical line
// are merged (their annotations too).
//
// Tenuki: a pass (B[] or B[tt]) is a pass; two moves of one colour in a row get a pass of the
// other colour between them, as in josekic's trie. Passes before the first stone are
// dropped. Nodes without a move or setup (GNU Go puts comments in such nodes) belong to the
// move before them. Setup stones (AB/AW/AE): a single stone set up before any move is
// taken as the line's first move; any other setup changes the position in a way no move
// order of josekic's trie can match, so that node's subtree is left out and counted.
//
// One line in two places. A book may reach one canonical line from several of its branches
// (the same moves in another corner, mirrored, with colours swapped, or repeated), typically
// its main treatment of the line and a subtree about a particular whole-board situation.
// When the places judge the line in opposite directions (one a mistake, trick, doubtful,
// avoided or not joseki: kBadMarks; another good, joseki, urgent or minor: kApprovingMarks),
// the main treatment decides and the other places become the annotation's note, with their
// file, line and context. The *main treatment* is recognised so:
// - a place lies in a *situation* when a comment above it on its branch is conditional
//   ("Given a White stone at top, ...", "If Black has a shimari ...", "When ...", "would be":
//   reference/verdict_prose.hpp); for a verdict that a comment points at (a label, a move by
//   its number), the pointing comment counts too. The main treatment lies in no situation;
// - among places alike in that, the first in the book's order (files sorted by name, then
//   file order) is the main treatment: a book treats a line before it refers back to it.
// A *place* is the SGF node that plays the line's last move on a branch (a comment-only node
// speaks for that move's place; a labelled continuation the node has no variation for is a
// place of its own). Verdicts of one place always add up, as do places that agree.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/go/move.hpp"
#include "reference/annotation.hpp"

namespace josekic::reference {

using RefNodeId = std::uint32_t;
inline constexpr RefNodeId kRefRoot = 0;
inline constexpr RefNodeId kNoRefNode = 0xFFFFFFFFu;

/// A canonical reference line's last move and what the reference says about it.
struct RefNode {
    go::Move move;  ///< canonical (see the top of this file); meaningless for the root
    RefNodeId parent = kNoRefNode;
    RefNodeId first_child = kNoRefNode;
    RefNodeId next_sibling = kNoRefNode;
    std::uint32_t depth =
        0;  ///< moves from the root, passes included: the move number in the corner
    NodeAnnotation annotation;   ///< in canonical colours
    diag::SourceLocation where;  ///< of the first SGF node that reached this line
};

/// What loading skipped, for the report.
struct LoadCounts {
    std::size_t sgf_nodes = 0;        ///< nodes of every game tree in the file
    std::size_t moves = 0;            ///< move nodes read into the tree
    std::size_t setup_subtrees = 0;   ///< subtrees left out because of setup stones
    std::size_t skipped_nodes = 0;    ///< SGF nodes inside those (and bad-move) subtrees
    std::size_t inserted_passes = 0;  ///< passes added for two moves of one colour in a row
};

/// A reference dictionary as a tree of canonical moves.
class ReferenceIndex {
  public:
    /// An empty reference called `name` (the short name comments cite, e.g. "kogo").
    explicit ReferenceIndex(std::string name, std::string path = {});

    const std::string& name() const { return name_; }
    /// Whether reading the book met an error (a value cut short): it holds what could be read.
    bool read_in_part() const { return read_in_part_; }
    void mark_read_in_part() { read_in_part_ = true; }
    const std::string& path() const { return path_; }
    const RefNode& node(RefNodeId id) const { return nodes_[id]; }
    RefNode& node(RefNodeId id) { return nodes_[id]; }
    std::size_t size() const { return nodes_.size(); }
    /// The child of `parent` reached by the canonical `move`, or kNoRefNode.
    RefNodeId find_child(RefNodeId parent, const go::Move& move) const;
    /// The child of `parent` reached by `move`, created if absent.
    RefNodeId find_or_add_child(RefNodeId parent, const go::Move& move, diag::SourceLocation where);
    /// The canonical moves from the root to `id`.
    std::vector<go::Move> path_to(RefNodeId id) const;

    /// A verdict of one place of the book on the line to `node` (see "One line in two places"
    /// at the top of this file).
    struct PlaceVerdict {
        RefNodeId node = kNoRefNode;
        std::uint64_t place = 0;  ///< the place's SGF node, numbered across the book in order
        std::uint16_t marks = 0;  ///< bits of kBadMarks | kApprovingMarks
        bool in_situation = false;
        std::string text;     ///< the place's own comment text, when the verdict is its own
        std::string context;  ///< the situation's comment text, else the judging comment's
        std::string where;    ///< "file.sgf:LINE" of the judging node
    };
    /// Records a verdict of one place; settle_places() weighs them.
    void add_place_verdict(PlaceVerdict verdict);
    /// Where places of one line judge it in opposite directions, keeps the main treatment's
    /// verdict on the node and makes the others its note. Idempotent: run after every file.
    void settle_places();

    LoadCounts counts;

  private:
    std::string name_;
    std::string path_;
    bool read_in_part_ = false;
    std::vector<RefNode> nodes_;
    std::vector<PlaceVerdict> place_verdicts_;
};

/// Reads a reference dictionary from SGF bytes (any charset josekic reads; every game tree
/// of the collection is added). Damage and unreadable moves go to `sink` as diagnostics of
/// `path`; the rest of the file is still used.
ReferenceIndex load_reference(std::string name, std::string_view bytes, std::string_view path,
                              diag::DiagnosticSink& sink);

/// Adds the lines of one more SGF file to `index` (a reference spread over several files,
/// such as GNU Go's joseki directory, is one tree). Same rules as load_reference.
void add_reference_text(ReferenceIndex& index, std::string_view bytes, std::string_view path,
                        diag::DiagnosticSink& sink);

/// Reads the file at `path` with load_reference; a directory means every *.sgf file in it
/// (case-insensitive extension, in sorted order) merged into one reference. Throws
/// std::runtime_error naming the path when it cannot be read or a directory has no SGF.
ReferenceIndex load_reference_file(std::string name, const std::filesystem::path& path,
                                   diag::DiagnosticSink& sink);

/// A --reference argument: "NAME=FILE" or "FILE" (the name is then the file's stem).
struct ReferenceSpec {
    std::string name;
    std::string path;
};

/// Parses a --reference argument (see ReferenceSpec). An empty name or path gives nullopt-like
/// empty fields; callers reject those as a usage error.
ReferenceSpec parse_reference_spec(std::string_view argument);
/// What is wrong with `argument` as a --reference (NAME=FILE or FILE), or empty.
std::string reference_spec_problem(std::string_view argument);

}  // namespace josekic::reference
