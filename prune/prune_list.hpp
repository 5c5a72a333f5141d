#pragma once

// The prune list format (one entry per line; README "Prune lists" has the user's version):
//
//   line    := [scope] [action] target [ '#' comment ]      blank and comment-only lines are
//   ignored scope   := 'joseki:' | 'fuseki:'                        no scope: the entry applies to
//   both trees action  := 'remove' | 'keep'                            default 'remove' target  :=
//   path                                         the node at the end of the path
//            | path '**' move                               every node below `path` reached by
//            `move`
//   path    := move*                                        from the root, in normalised
//   coordinates move    := coord | 'tenuki' | 'pass' | 'tt'             colour alternates, Black
//   first
//            | ('B' | 'W') '[' [coord | 'tenuki' | 'pass' | 'tt'] ']'     explicit colour
//
// Examples:
//   pc qe qd                 remove B[pc] W[qe] B[qd] and everything below it
//   B[pd] W[tenuki] B[qf]    colours written out; the next uncoloured move takes the other colour
//   joseki: pd qc            only in the joseki dictionary
//   keep pd nc qf            keep this subtree even where --min-count etc. would drop it
//   pd ** tenuki             remove every tenuki (of either colour) anywhere below B[pd]
//   ** W[aa]                 remove every White move at aa, anywhere in the tree
//
// In the '**' form the final move matches at any depth below the path (the path itself is
// not matched); without a colour it matches both colours, with one only that colour. An
// entry whose target is the root (an empty path without '**') is refused: it would remove
// the whole dictionary.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/go/move.hpp"
#include "prune/dictionary_kind.hpp"

namespace josekic::prune {

/// What an entry does to the nodes it matches.
enum class EntryAction : std::uint8_t {
    Remove,  ///< the node and everything below it are removed
    Keep,    ///< the node, everything below it and the path to it are exempt from thresholds
};

/// The final move of a '**' entry: a point or a pass, of one colour or of either.
struct MovePattern {
    std::optional<go::Point> point;  ///< nullopt: a pass (tenuki)
    std::optional<go::Color> color;  ///< nullopt: either colour

    bool matches(const go::Move& move) const {
        return move.point == point && (!color || *color == move.color);
    }
    friend bool operator==(const MovePattern&, const MovePattern&) = default;
};

/// One line of a prune list.
struct PruneEntry {
    Scope scope = Scope::Both;
    EntryAction action = EntryAction::Remove;
    std::vector<go::Move> path;           ///< from the root; with `anywhere`, the prefix
    std::vector<int> path_columns;        ///< the 1-based column of each move of `path`
    std::optional<MovePattern> anywhere;  ///< set for the '**' form
    diag::SourceLocation where;           ///< of the entry's first character
    std::string text;  ///< the entry as written, without comment and outer blanks
};

/// A parsed prune list: its entries in file order, and where they came from.
struct PruneList {
    std::string path;  ///< as given to the parser; diagnostics and reports name it
    std::vector<PruneEntry> entries;
};

/// Parses a prune list in the text format above. Every malformed line is reported to
/// `sink` as an error `path:line:col` (code "prune-syntax", or "prune-root" for an entry
/// that targets the root); if there is any, the result is nullopt and the caller must
/// write nothing.
std::optional<PruneList> parse_prune_list(std::string_view text, std::string_view path,
                                          diag::DiagnosticSink& sink);

}  // namespace josekic::prune
