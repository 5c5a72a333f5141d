#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace josekic::diag {

/// How bad a data problem is: a warning keeps what can be kept, an error loses the file, the
/// entry or the value it names (and makes `check` and `prune` exit 1).
enum class Severity : std::uint8_t { Warning, Error };

/// "warning" or "error", as printed in a diagnostic.
constexpr std::string_view name(Severity s) {
    return s == Severity::Error ? "error" : "warning";
}

/// Every data problem josekic reports. The one table below (`kCodes`) gives each its printed
/// name, its severity where that is fixed, and its meaning; docs/diagnostics.md documents the
/// same table for users. Reports count problems by name, so a code that is not in the table
/// cannot be reported.
enum class Code : std::uint8_t {
    // Input: files, directories, archives (core/input).
    InputNotFound,
    CannotRead,
    NotARegularFile,
    DirectoryRepeated,
    FileTooLarge,
    CorruptArchive,
    NotAnArchive,
    SplitArchiveVolume,
    SplitArchiveIncomplete,
    // SGF syntax (core/sgf).
    EmptyFile,
    NoGameTree,
    TextOutsideGame,
    MissingOpenParen,
    MissingSemicolon,
    MissingCloseParen,
    StrayCloseParen,
    EmptyGameTree,
    DetachedNode,
    UnexpectedCharacter,
    PropertyWithoutValue,
    UnterminatedValue,
    BadPropertyId,
    // Text encoding (core/sgf/charset).
    UnknownCharset,
    InvalidTextEncoding,
    AmbiguousCharset,
    // Game records (core/sgf/game_builder).
    SetupInMainLine,
    BadNumber,
    BadSize,
    BadKomi,
    BadPoint,
    BadMove,
    // Native formats of server clients (core/formats).
    NoGameRecord,
    RecordCutShort,
    // Replay (core/game): the move that stops a game.
    OccupiedPoint,
    Suicide,
    KoRecapture,
    // Games the compile skips (compiler/pipeline).
    NotGo,
    Not19x19,
    NoMoves,
    Duplicate,
    HandicapWithoutStones,
    // The zone map (trackers/zone).
    ZoneMapRows,
    ZoneMapRowLength,
    ZoneMapChar,
    ZoneEmpty,
    ZoneTengen,
    ZoneAsymmetric,
    // Reading a dictionary back (emit/dictionary_reader).
    NotAJosekicDictionary,
    UnsupportedDictionaryVersion,
    ExtraGameTree,
    NodeWithoutMove,
    DuplicateMove,
    MissingStatistics,
    BadStatistics,
    BadGameList,
    BadSetupStone,
    // Prune lists (prune/).
    PruneIo,
    PruneSyntax,
    PruneRoot,
    PruneViewer,
    PruneUnmatched,
    // Reference joseki books (reference/).
    ReferenceBadMove,
    ReferenceNotABook,
};

/// One row of the table of codes.
struct CodeInfo {
    Code code;
    /// The stable kebab-case name printed in `[...]` and counted in report.txt/report.json.
    std::string_view name;
    /// The severity every report of this code has; nullopt where it depends on the reader
    /// (a bad move ends a game record with a warning but drops a dictionary line with an error).
    std::optional<Severity> severity;
    /// What the code means, in one line.
    std::string_view meaning;
};

/// The table of codes, in the order of `Code`.
inline constexpr std::array kCodes = {
    CodeInfo{Code::InputNotFound, "input-not-found", Severity::Error,
             "an input named on the command line does not exist"},
    CodeInfo{Code::CannotRead, "cannot-read", Severity::Error,
             "a file, directory or archive entry could not be opened, listed or read"},
    CodeInfo{Code::NotARegularFile, "not-a-regular-file", Severity::Error,
             "a FIFO, socket or device among the inputs; not read"},
    CodeInfo{Code::DirectoryRepeated, "directory-repeated", Severity::Warning,
             "a directory reached a second time (symlink loop or second link); read once"},
    CodeInfo{Code::FileTooLarge, "file-too-large", Severity::Error,
             "a file or archive entry larger than the limit for one file (256 MiB); skipped"},
    CodeInfo{Code::CorruptArchive, "corrupt-archive", Severity::Error,
             "an archive unreadable from some entry on; the entries before it are kept"},
    CodeInfo{Code::NotAnArchive, "not-an-archive", Severity::Error,
             "a file named like an archive whose content is neither an archive nor SGF"},
    CodeInfo{Code::SplitArchiveVolume, "split-archive-volume", Severity::Error,
             "a later volume of a split archive named alone; read it through its .001"},
    CodeInfo{Code::SplitArchiveIncomplete, "split-archive-incomplete", Severity::Error,
             "a split archive with a volume missing; the message names the missing volume"},
    CodeInfo{Code::EmptyFile, "empty-file", Severity::Warning,
             "a file that is empty or white space only"},
    CodeInfo{Code::NoGameTree, "no-game-tree", Severity::Error,
             "a file without any SGF game tree; skipped"},
    CodeInfo{Code::TextOutsideGame, "text-outside-game", Severity::Warning,
             "text before, between or after the game trees; ignored"},
    CodeInfo{Code::MissingOpenParen, "missing-open-paren", Severity::Warning,
             "a game tree that does not start with '('; read as if it did"},
    CodeInfo{Code::MissingSemicolon, "missing-semicolon", Severity::Warning,
             "a game tree whose first node does not start with ';'; read as if it did"},
    CodeInfo{Code::MissingCloseParen, "missing-close-paren", Severity::Warning,
             "a game tree not closed at the end of the file, or before the next game of a "
             "collection starts (a '(' whose first node holds GM or FF, which only a game's "
             "root holds); read as if it were, and the next game as the next game"},
    CodeInfo{Code::StrayCloseParen, "stray-close-paren", Severity::Warning,
             "a ')' outside any game tree; ignored"},
    CodeInfo{Code::EmptyGameTree, "empty-game-tree", Severity::Warning,
             "a game tree without any node; skipped"},
    CodeInfo{Code::DetachedNode, "detached-node", Severity::Warning,
             "a variation that opens before any node; its nodes are not part of the game"},
    CodeInfo{Code::UnexpectedCharacter, "unexpected-character", Severity::Warning,
             "a character that has no place between nodes; skipped"},
    CodeInfo{Code::PropertyWithoutValue, "property-without-value", Severity::Warning,
             "a property identifier without any [value]; ignored"},
    CodeInfo{Code::UnterminatedValue, "unterminated-value", Severity::Error,
             "a value not closed before the end of the file (truncated?); kept as far as it goes"},
    CodeInfo{Code::BadPropertyId, "bad-property-id", Severity::Warning,
             "a property identifier without a capital letter; ignored"},
    CodeInfo{Code::UnknownCharset, "unknown-charset", Severity::Warning,
             "a CA[] charset josekic does not know; text read in the fallback charset"},
    CodeInfo{Code::InvalidTextEncoding, "invalid-text-encoding", Severity::Warning,
             "text that is not valid in its charset; bad sequences replaced by U+FFFD"},
    CodeInfo{Code::AmbiguousCharset, "ambiguous-charset", Severity::Warning,
             "text without a known charset (no CA) that could as well be ISO-8859-1 (accented "
             "letters, \"Jörg\") as the CJK charset guessed (\"J鰎g\"); read in the CJK "
             "charset, the other reading shown (reported once per file)"},
    CodeInfo{Code::SetupInMainLine, "setup-in-main-line", Severity::Warning,
             "AB/AW/AE after the root node; the game is read up to the node before"},
    CodeInfo{Code::BadNumber, "bad-number", Severity::Warning,
             "a property that needs a whole number holds something else (or, HA, a negative "
             "one); ignored"},
    CodeInfo{Code::BadSize, "bad-size", Severity::Warning, "SZ[] is not a board size; 19 assumed"},
    CodeInfo{Code::BadKomi, "bad-komi", Severity::Warning, "KM[] is not a number; ignored"},
    CodeInfo{Code::BadPoint, "bad-point", Severity::Warning,
             "a setup stone that is not a point of the board; ignored"},
    CodeInfo{Code::BadMove, "bad-move", std::nullopt,
             "a move that is not a point of the board: a game ends before it (warning), a "
             "dictionary loses the lines below it (error)"},
    CodeInfo{Code::NoGameRecord, "no-game-record", Severity::Error,
             "a GIB, NGF or UGF file with neither a header nor moves; skipped"},
    CodeInfo{Code::RecordCutShort, "record-cut-short", Severity::Warning,
             "a GIB game without its end mark (\\GE), or an NGF game with fewer moves than its "
             "header counts (a truncated file); read as far as it goes"},
    CodeInfo{Code::OccupiedPoint, "occupied-point", Severity::Warning,
             "a move on an occupied point; the game is kept up to the move before"},
    CodeInfo{Code::Suicide, "suicide", Severity::Warning,
             "a suicide move; the game is kept up to the move before"},
    CodeInfo{Code::KoRecapture, "ko-recapture", Severity::Warning,
             "an immediate ko recapture; the game is kept up to the move before"},
    CodeInfo{Code::NotGo, "not-go", Severity::Warning, "a game whose GM[] is not Go; skipped"},
    CodeInfo{Code::Not19x19, "not-19x19", Severity::Warning,
             "a game on a board other than 19x19; skipped"},
    CodeInfo{Code::NoMoves, "no-moves", Severity::Warning,
             "a game without moves, or whose first move is illegal; skipped"},
    CodeInfo{Code::Duplicate, "duplicate", Severity::Warning,
             "a game identical to an earlier one; skipped (see --keep-duplicates)"},
    CodeInfo{Code::HandicapWithoutStones, "handicap-without-stones", Severity::Warning,
             "a game whose HA asks for handicap stones that it does not place (no AB or AW "
             "before White's first move): kept, its corners read as recorded, empty"},
    CodeInfo{Code::ZoneMapRows, "zone-map-rows", Severity::Error,
             "a zone map with more or fewer than 19 rows"},
    CodeInfo{Code::ZoneMapRowLength, "zone-map-row-length", Severity::Error,
             "a zone map row with more or fewer than 19 points"},
    CodeInfo{Code::ZoneMapChar, "zone-map-char", Severity::Error,
             "a zone map character other than 'X' and '.'"},
    CodeInfo{Code::ZoneEmpty, "zone-empty", Severity::Error, "a zone map without any point"},
    CodeInfo{Code::ZoneTengen, "zone-tengen", Severity::Error,
             "a zone map that holds tengen, which belongs to no corner"},
    CodeInfo{Code::ZoneAsymmetric, "zone-asymmetric", Severity::Error,
             "a zone map that is not symmetric about the corner's diagonal"},
    CodeInfo{Code::NotAJosekicDictionary, "not-a-josekic-dictionary", Severity::Error,
             "a file that is not a dictionary written by josekic (no tree, no XD, wrong kind)"},
    CodeInfo{Code::UnsupportedDictionaryVersion, "unsupported-dictionary-version", Severity::Error,
             "a dictionary in a format version this josekic does not read"},
    CodeInfo{Code::ExtraGameTree, "extra-game-tree", Severity::Warning,
             "a dictionary with more than one game tree; the others are ignored"},
    CodeInfo{Code::NodeWithoutMove, "node-without-move", Severity::Error,
             "a dictionary node with no move or two; it and the lines below it are skipped"},
    CodeInfo{Code::DuplicateMove, "duplicate-move", Severity::Warning,
             "the same move twice at one dictionary node; the two are merged"},
    CodeInfo{Code::MissingStatistics, "missing-statistics", Severity::Warning,
             "a dictionary node without XS statistics; counted as 0"},
    CodeInfo{Code::BadStatistics, "bad-statistics", Severity::Warning,
             "XS statistics that cannot be read or overflow; counted as 0"},
    CodeInfo{Code::BadGameList, "bad-game-list", Severity::Warning,
             "an XG game list with a missing field, year or index; the bad part is ignored"},
    CodeInfo{Code::BadSetupStone, "bad-setup-stone", Severity::Warning,
             "a setup stone (AB/AW) of a handicap tree's root that is not a point; ignored"},
    CodeInfo{Code::PruneIo, "prune-io", Severity::Error, "a prune list that cannot be read"},
    CodeInfo{Code::PruneSyntax, "prune-syntax", Severity::Error,
             "a prune list line that is not a move sequence"},
    CodeInfo{Code::PruneRoot, "prune-root", Severity::Error,
             "a prune list entry that would remove the whole dictionary; refused"},
    CodeInfo{Code::PruneViewer, "prune-viewer", Severity::Error,
             "a viewer-marked node that cannot be pruned (the root, or a path with a bad move)"},
    CodeInfo{Code::PruneUnmatched, "prune-unmatched", Severity::Warning,
             "a prune list entry that matched nothing in the dictionary"},
    CodeInfo{Code::ReferenceBadMove, "reference-bad-move", Severity::Warning,
             "a reference book move that is not a 19x19 point; its subtree is not used"},
    CodeInfo{Code::ReferenceNotABook, "reference-not-a-book", Severity::Warning,
             "a game tree of a reference file that is no 19x19 joseki book (another board size, "
             "a josekic fuseki dictionary, one long line without a variation: a game record); "
             "not used"},
};

/// True when row i of `kCodes` describes `Code(i)`, so that a look-up by index is right.
constexpr bool codes_in_enum_order() {
    for (std::size_t i = 0; i < kCodes.size(); ++i) {
        if (static_cast<std::size_t>(kCodes[i].code) != i) return false;
    }
    return true;
}
static_assert(codes_in_enum_order(), "kCodes must list every Code once, in enum order");
static_assert(kCodes.back().code == Code::ReferenceNotABook, "kCodes must end with the last Code");

/// The table row of `code`.
constexpr const CodeInfo& info(Code code) {
    return kCodes[static_cast<std::size_t>(code)];
}

/// The printed name of `code`, e.g. "occupied-point".
constexpr std::string_view name(Code code) {
    return info(code).name;
}

}  // namespace josekic::diag
