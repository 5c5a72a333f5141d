#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/setup.hpp"

namespace josekic::emit {

/// The machine-readable part of a josekic dictionary file. Viewers ignore unknown
/// properties (SGF FF[4] allows private ones), so these carry every statistic through a
/// write -> read round trip while the comment C[] shows people the same numbers.
///
///   root   XD[joseki:1] or XD[fuseki:1]   dictionary kind and format version (required:
///                                          a file without it was not written by josekic)
///          XP[line][line]...               provenance lines given by the compiler (inputs,
///                                          games read/skipped/deduplicated, options, ...)
///          XI[compile id]                  (when an index was written beside the file) the
///                                          compile id of that index (16 hex digits,
///                                          index_format.hpp): the lines the file leaves out
///                                          are in the index of this id, and no other
///          XE[year][year]...               (format 2) the first year of each era after the
///                                          first; XE[] for one era. Absent: no era counts
///                                          or players (written without them, or format 1)
///   every  XS[count:ends:fw:sw:draws:unknown:first_year:last_year]
///   node                                   dictionary::NodeStats, decimal, year 0 = none
///          XN[players:era0:era1:...]       (format 2, where XE is given, nodes of count 2
///                                          or more) distinct players of the move and lines
///                                          per era (dictionary::SideStats); a node of one
///                                          line has one player and its year's era
///          XG[PB][PW][BR][WR][DT][year][EV][RE][source][index]...
///                                          the games its comment lists (emit::games_shown),
///                                          kGameFields values per
///                                          game in listed order (year empty = unknown)
///
/// Every value is written through emit::escaped(), so any byte of a name survives.
inline constexpr std::string_view kKindProperty = "XD";
inline constexpr std::string_view kProvenanceProperty = "XP";
inline constexpr std::string_view kStatsProperty = "XS";
inline constexpr std::string_view kGamesProperty = "XG";
inline constexpr std::string_view kErasProperty = "XE";
inline constexpr std::string_view kSideProperty = "XN";
inline constexpr std::string_view kCompileIdProperty = "XI";
/// The version written. Format 1 (josekic 0.1) has no XE and XN and is still read.
inline constexpr int kFormatVersion = 2;
inline constexpr int kOldestReadableVersion = 1;
inline constexpr std::size_t kGameFields = 10;

/// Which dictionary a file holds: corner sequences or whole-board openings.
enum class DictionaryKind { Joseki, Fuseki };

/// "joseki" or "fuseki": the XD value's first field and the prefix of file names.
std::string_view kind_name(DictionaryKind kind);
/// How text (comments, reports, lookup) writes a pass in a line of `kind`: "tenuki" in a
/// joseki line (a move elsewhere), "pass" in a fuseki line, as in "B[pd] W[tenuki] B[qf]".
/// The SGF nodes themselves stay B[]/W[].
std::string_view pass_text(DictionaryKind kind);
/// The kind named by kind_name(), or nullopt.
std::optional<DictionaryKind> kind_from_name(std::string_view name);

/// What the root of a dictionary says about the dictionary as a whole.
struct RootInfo {
    DictionaryKind kind = DictionaryKind::Joseki;
    std::string name;                     ///< GN, may be empty
    std::string application;              ///< AP as written, e.g. "josekic:0.2.0"
    std::vector<std::string> provenance;  ///< XP lines: how the dictionary was made
    /// XI: the compile id of the index that holds the lines the file leaves out; empty
    /// when the root has none (compiled without an index, or by an older josekic).
    std::string compile_id;
    dictionary::Setup setup;  ///< AB/AW of the root: the stones a handicap fuseki tree starts from
};

}  // namespace josekic::emit
