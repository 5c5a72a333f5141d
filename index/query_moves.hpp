#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/go/move.hpp"
#include "core/go/symmetry.hpp"
#include "index/index_format.hpp"
#include "trackers/zone.hpp"

namespace josekic::index {

/// A malformed query: what is wrong and the 1-based column where.
struct QueryError {
    std::size_t column = 1;
    std::string message;
};

/// A query's moves as typed and as the dictionary holds them.
struct QueryLine {
    std::vector<go::Move> played;     ///< as typed (tenuki passes inserted for joseki)
    std::vector<go::Move> canonical;  ///< normalised as the trie is, same length
    /// Maps the dictionary's points back into the query's frame.
    go::Symmetry to_query = go::Symmetry::Identity;
    /// Whether the dictionary's colours are the query's swapped (joseki: White played first).
    bool colours_swapped = false;

    /// A joseki line wholly in the overlap of two corners' zones is recorded by both corners'
    /// trackers, each as it sees it (and not by one whose corner was played already): the
    /// other corner's view, when it is another line of the dictionary. A lookup answers with
    /// the view the dictionary knows best (index::lookup).
    std::vector<QueryLine> other_views;

    /// A dictionary move (a continuation) in the query's corner, orientation and colours.
    go::Move in_query_frame(const go::Move& canonical_move) const;
};

/// Moves as typed: each with the column where it starts, and the column of the first.
struct ParsedMoves {
    std::vector<go::Move> moves;
    std::vector<int> columns;
    std::size_t column = 1;
};

/// Parses `text` in the prune-list move syntax (below), not normalised; `option` names the
/// option in messages. Blank text is no moves.
std::variant<ParsedMoves, QueryError> parse_moves(std::string_view text, std::string_view option);

/// Parses `text` in the prune-list move syntax (prune/prune_list.hpp: colours optional,
/// alternating from Black; tenuki, pass, tt; points also as GTP writes them, "Q16", or in
/// upper-case SGF letters) and normalises it for `tree`: a joseki line as the corner
/// trackers do (trackers/normalize.hpp; a tenuki pass is put between two moves of one
/// colour), a fuseki line under the 8 symmetries (trackers/opening.hpp). A joseki line's
/// corner is one whose `zone` holds every stone, the upper-right first (a line the dictionary
/// writes is then its own normal form, so every line of the dictionary is found by its own
/// moves); another such corner's view is in other_views. A move onto an occupied point (and in a
/// whole-board opening any illegal move) is an error at its column. An empty query is the root.
std::variant<QueryLine, QueryError> parse_query(
    std::string_view text, Tree tree, const trackers::Zone& zone = trackers::Zone::default_zone());

}  // namespace josekic::index
