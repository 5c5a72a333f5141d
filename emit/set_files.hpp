#pragma once

#include <array>
#include <string_view>

namespace josekic::emit {

// The names of the files of a dictionary set (docs/compile.md, "Output files and exit
// status"), in one place: compile, merge and prune write them, and lookup, explore, prune and
// the clean-up of an older josekic's files find them by these names.

inline constexpr std::string_view kJosekiFile = "joseki.sgf";
inline constexpr std::string_view kFusekiFile = "fuseki.sgf";
/// The handicap openings of --fuseki-handicap, one tree per setup.
inline constexpr std::string_view kHandicapFusekiFile = "fuseki-handicap.sgf";
/// The index (docs/index-format.md).
inline constexpr std::string_view kIndexFile = "index.jki";
inline constexpr std::string_view kReportFile = "report.txt";
/// The lists of a --split dictionary's part files, one a kind.
inline constexpr std::string_view kJosekiSplitList = "joseki-index.txt";
inline constexpr std::string_view kFusekiSplitList = "fuseki-index.txt";

/// The SGF files of a set written without --split.
inline constexpr std::array<std::string_view, 3> kDictionaryFiles{kJosekiFile, kFusekiFile,
                                                                  kHandicapFusekiFile};
/// The lists of a set written with --split.
inline constexpr std::array<std::string_view, 2> kSplitLists{kJosekiSplitList, kFusekiSplitList};

/// The list of the part files of a split dictionary of kind `kind` ("joseki" or "fuseki",
/// emit::kind_name).
constexpr std::string_view split_list_file(std::string_view kind) {
    return kind == "joseki" ? kJosekiSplitList : kFusekiSplitList;
}

}  // namespace josekic::emit
