#pragma once

// The binary layout of DIR/index.jki (docs/index-format.md has the table for users, and
// tests/index/index_format_doc_test.cpp checks it against kSectionSpecs).
//
// Every integer is little-endian; records are packed (no padding) and read with memcpy, so
// the file is valid at any alignment. The file is
//
//   Header | section table (Header::section_count SectionEntry) | sections ...
//
// The header and the section table are covered by one CRC-32 checked at every open; each
// section has its own CRC-32, checked by `lookup --verify` (IndexFile::verify), which also
// checks every record against the invariants that queries check only where they read.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "emit/dictionary_format.hpp"
#include "index/corner_pattern.hpp"

namespace josekic::index {

/// The first 8 bytes of every index file.
inline constexpr std::array<char, 8> kMagic = {'J', 'O', 'S', 'E', 'K', 'I', 'X', '\0'};
/// The format version this program writes and reads; a larger one is a newer program's.
inline constexpr std::uint32_t kFormatVersion = 3;

/// What a section holds. A tree's sections are its base id plus a TreePart.
enum class SectionId : std::uint32_t {
    Strings = 1,            ///< the string pool: u16 length + bytes, referred to by byte offset
    Games = 2,              ///< GameRecord, stored part; most recent first (listed_before)
    Positions = 3,          ///< PositionRecord of both trees, by (bucket, low 48 bits, tree, node)
    PositionDirectory = 4,  ///< u32 x (2^bits + 1): the first position of each bucket
    Options = 5,            ///< one OptionsRecord: the compile options that shaped the tries
    /// The game table's other fields, column by column (kGameColumns), so that a filter reads
    /// only the fields it decides on (index/game_selection.hpp):
    GameYears = 6,    ///< i16 per game: GameRecord::year
    GamePlayers = 7,  ///< u32 x 2 per game: GameRecord::black_player, white_player
    GameRanks = 8,    ///< u32 x 2 per game: GameRecord::black_rank, white_rank
    GameEvents = 9,   ///< u32 per game: GameRecord::event
    /// What `merge` and `compile --update` need beyond the tries (compiler/compile/merge_log.hpp):
    MergeRun = 0x40,          ///< bytes: the run report and the options of the compile
    MergeGames = 0x41,        ///< bytes: every game not skipped, in input order, as replayed
    MergeGameNumbers = 0x42,  ///< u32: each kept game's number in the games section, in input order
    /// bytes: the options that decided how the dictionary was written (thresholds, --split,
    /// books, ...), as arguments each ended by a NUL; `compile --update` writes it so again.
    OutputOptions = 0x43,
    JosekiBase = 0x10,
    FusekiBase = 0x20,
    /// The corner patterns (compile --patterns; corner_pattern.hpp, pattern_blocks.hpp). Ids
    /// 0x30 and 0x31 were an earlier layout of them, which this version skips.
    PatternDirectory = 0x32,    ///< PatternBlockRecord of each block, plus a sentinel
    PatternOccurrences = 0x33,  ///< bytes: the blocks of patterns and their occurrences
    PatternYears = 0x34,        ///< YearRunRecord: the year of every game, by runs of game ids
    /// What an unfiltered `lookup --corner` prints of the commonest patterns, stored
    /// (pattern_summary.hpp), as StatsRecords do for the largest nodes:
    PatternSummaryDirectory = 0x35,  ///< PatternSummaryRecord of each summary, plus a sentinel
    PatternSummaries = 0x36,         ///< bytes: the summaries
};

/// The sections of one tree (joseki or fuseki), added to its base id.
enum class TreePart : std::uint32_t {
    Nodes = 0,        ///< NodeRecord in depth-first preorder, children in the trie's order
    Lines = 1,        ///< LineRecord, grouped by the node where the line ends, in preorder
    MoveNumbers = 2,  ///< bytes: the game move numbers of each joseki line (line_moves.hpp)
    Stats = 3,        ///< StatsRecord of the nodes with count > kStoredStatsAbove, by node
};

/// Positions are bucketed by the top `bits` bits of their key (the directory has 2^bits + 1
/// entries, bits = directory_bits(positions) at most kMaxDirectoryBits) and a record stores
/// the low 32 bits, so a lookup compares 32 + bits bits of the key. Keys that agree there
/// are told apart by replaying the nodes' moves and comparing the stones (position_check.hpp),
/// so a shorter stored key costs a rare replay, never a wrong answer.
inline constexpr unsigned kMaxDirectoryBits = 16;
/// The directory size for an index of `positions` positions: about one bucket per four.
constexpr unsigned directory_bits(std::uint64_t positions) {
    unsigned bits = 4;
    while (bits < kMaxDirectoryBits && (std::uint64_t{1} << bits) * 4 < positions) ++bits;
    return bits;
}
inline constexpr std::uint64_t kKeyLowMask = 0xFFFFFFFFULL;
/// The bucket of a key in a directory of 2^bits buckets.
constexpr std::uint64_t key_bucket(std::uint64_t key, unsigned bits) {
    return key >> (64 - bits);
}

/// Which dictionary a tree section belongs to.
enum class Tree : std::uint8_t { Joseki, Fuseki };
/// The dictionary a tree indexes (emit::kind_name names both: "joseki", "fuseki").
constexpr emit::DictionaryKind dictionary_kind(Tree tree) {
    return tree == Tree::Joseki ? emit::DictionaryKind::Joseki : emit::DictionaryKind::Fuseki;
}

constexpr std::uint32_t section_id(Tree tree, TreePart part) {
    const auto base = tree == Tree::Joseki ? SectionId::JosekiBase : SectionId::FusekiBase;
    return static_cast<std::uint32_t>(base) + static_cast<std::uint32_t>(part);
}

/// Nodes with at most this many lines have no StatsRecord: their statistics are added up
/// from their lines at query time (a few dozen records), which keeps the file small.
inline constexpr std::uint32_t kStoredStatsAbove = 64;

/// A move as 16 bits: bit 15 set for White, the low 9 bits the point index (y * 19 + x) or
/// kPassPoint.
inline constexpr std::uint16_t kPassPoint = 511;
inline constexpr std::uint16_t kWhiteBit = 0x8000;

/// A trie node (10 bytes). The nodes of a subtree are [i, subtree_end); the first child of i
/// is i + 1 (if i + 1 < subtree_end) and a child's next sibling is its own subtree_end. The
/// lines that end in the subtree are [lines_begin(i), lines_begin(subtree_end)), so its count
/// is their number; a sentinel record after the last node holds the total of lines.
struct NodeRecord {
    std::uint16_t move = 0;
    std::uint32_t subtree_end = 0;
    std::uint32_t lines_begin = 0;
    static constexpr std::size_t kSize = 10;
};

/// A line (one insertion into the trie) where it ends (10 bytes): its game, the outcome for
/// the line's first player (dictionary::LineOutcome), for a joseki line the offset in the
/// tree's MoveNumbers section of the game move numbers of its moves (fuseki: 0, a fuseki
/// line's move numbers are its depths), and its game's year (0 unknown), so that a node's
/// statistics never read the game table. Stored as u32 game | outcome << 30, u32, i16.
/// (The fields are in the order that packs them into 12 bytes in memory, where a query holds a
/// node's lines.)
struct LineRecord {
    std::uint32_t game = 0;  ///< below kMaxGames
    std::uint32_t move_numbers = 0;
    std::int16_t year = 0;
    std::uint8_t outcome = 0;
    static constexpr std::size_t kSize = 10;
};
/// Marks a fuseki node in a PositionRecord (trees have fewer than 2^31 nodes).
inline constexpr std::uint32_t kFusekiNodeBit = 0x80000000U;
/// Game ids take 30 bits of a LineRecord.
inline constexpr std::uint32_t kMaxGames = std::uint32_t{1} << 30;

/// A node's canonical position key (8 bytes: the key's low 32 bits, then u32 node with
/// kFusekiNodeBit set for a fuseki node); the nodes of one position are adjacent.
struct PositionRecord {
    std::uint64_t key = 0;  ///< the whole key; only key & kKeyLowMask is stored
    std::uint32_t node = 0;
    static constexpr std::size_t kSize = 8;
};

/// A block of the corner patterns (26 bytes): the key of its first pattern as 10 bytes (the
/// low 64 bits, then the high 16), u64 where the block starts in the PatternOccurrences
/// section, u32 the patterns and u32 the occurrences of the blocks before it. Sorted by key
/// (pattern_blocks.hpp has the blocks' layout); a sentinel record after the last block (key
/// kPatternSentinel, the section's size, the totals) closes the last block.
struct PatternBlockRecord {
    PatternKey first_key;
    std::uint64_t offset = 0;
    std::uint32_t patterns_before = 0;
    std::uint32_t occurrences_before = 0;
    static constexpr std::size_t kSize = 26;
};
/// The key of the sentinel after the last block, above every key (79 bits) a pattern has.
inline constexpr PatternValue kPatternSentinel = (PatternValue{1} << 80) - 1;

/// A stored pattern summary (22 bytes): the key of its pattern with Black to move (10 bytes,
/// as in PatternBlockRecord), u64 where the summary starts in the PatternSummaries section, u32
/// the occurrences it summarises (of both players to move). Sorted by key; a sentinel record
/// after the last (key kPatternSentinel, the section's size) closes the last summary and holds
/// in `occurrences` the threshold: the patterns with more occurrences than it, and only they,
/// have a summary.
struct PatternSummaryRecord {
    PatternKey key;
    std::uint64_t offset = 0;
    std::uint32_t occurrences = 0;
    static constexpr std::size_t kSize = 22;
};

/// A run of games of one year (6 bytes): u32 the first game of the run, i16 the year (0
/// unknown). Runs are sorted by first game, the first at game 0; a run lasts until the next
/// one starts. Games are numbered most recent first, so there is one run a year.
struct YearRunRecord {
    std::uint32_t first_game = 0;
    std::int16_t year = 0;
    static constexpr std::size_t kSize = 6;
};

/// The options of `compile` that shape the tries (64 bytes), so that `lookup --game` and
/// `review` track a game as the dictionary's games were tracked: u32 max_length, max_gap,
/// fuseki_moves, flags (kDuplicatesKept), then the upper-right zone as 361 bits (bit
/// i % 8 of byte i / 8 for the point of index i), padded to 48 bytes.
struct OptionsRecord {
    std::uint32_t max_length = 0;
    std::uint32_t max_gap = 0;
    std::uint32_t fuseki_moves = 0;
    std::uint32_t flags = 0;
    std::array<std::uint8_t, 48> zone{};
    static constexpr std::uint32_t kDuplicatesKept = 1;
    /// Bits 8-15 of flags: the cutoff rule's kind (trackers::CutoffRule::Kind, 0 for Dyer's
    /// ring); bits 16-23 its distance, bits 24-31 its approach distance (0 for the ring).
    static constexpr unsigned kCutoffKindShift = 8;
    static constexpr unsigned kCutoffDistanceShift = 16;
    static constexpr unsigned kCutoffApproachShift = 24;
    static constexpr std::size_t kSize = 64;
};

/// How many of its most recent games a StatsRecord names: `lookup --games N` up to this
/// many reads them instead of every line of a large subtree.
inline constexpr std::size_t kStoredRecentGames = 8;
/// No line, in StatsRecord::recent_lines.
inline constexpr std::uint32_t kNoLine = 0xFFFFFFFFU;

/// The statistics of a node with many lines (64 bytes), as dictionary::NodeStats, and the
/// lines of its kStoredRecentGames most recent distinct games (the first line of each in the
/// line order; kNoLine when there are fewer games), most recent first.
struct StatsRecord {
    std::uint32_t node = 0;
    std::uint32_t count = 0;
    std::uint32_t ends = 0;
    std::uint32_t first_player_wins = 0;
    std::uint32_t second_player_wins = 0;
    std::uint32_t draws = 0;
    std::uint32_t unknown = 0;
    std::int16_t first_year = 0;
    std::int16_t last_year = 0;
    std::array<std::uint32_t, kStoredRecentGames> recent_lines{};
    static constexpr std::size_t kSize = 64;
};

/// A game: string pool offsets of its texts, its index in its file, its year (0 when
/// unknown). Stored in five sections: the games section holds date, result, source_dir,
/// source_name and index_in_file (kSize bytes, encode()/decode_game()); the game columns
/// (kGameColumns) the fields a filter decides on.
struct GameRecord {
    std::uint32_t black_player = 0;
    std::uint32_t white_player = 0;
    std::uint32_t black_rank = 0;
    std::uint32_t white_rank = 0;
    std::uint32_t date = 0;
    std::uint32_t event = 0;
    std::uint32_t result = 0;
    std::uint32_t source_dir = 0;   ///< the directory part of the source path, '/' included
    std::uint32_t source_name = 0;  ///< the rest of the source path
    std::uint32_t index_in_file = 0;
    std::int16_t year = 0;
    static constexpr std::size_t kSize = 20;
};

/// The header (32 bytes): magic[8], then version u32, section_count u32, file_size u64, crc
/// u32 (CRC-32 of the header with this field zero, followed by the section table),
/// reserved u32. encode() writes the magic; decode_header() is nullopt without it.
struct Header {
    std::uint32_t version = kFormatVersion;
    std::uint32_t section_count = 0;
    std::uint64_t file_size = 0;
    std::uint32_t crc = 0;
    static constexpr std::size_t kSize = 32;
    static constexpr std::size_t kCrcOffset = 24;
    /// Sections an index may hold at most: the table a reader reads at open stays small.
    static constexpr std::uint32_t kMaxSections = 64;
};

/// One entry of the section table (32 bytes): id u32, record_size u32, offset u64, count
/// u64, crc u32 (CRC-32 of the section's bytes), reserved u32.
struct SectionEntry {
    std::uint32_t id = 0;
    std::uint32_t record_size = 0;
    std::uint64_t offset = 0;
    std::uint64_t count = 0;
    std::uint32_t crc = 0;
    static constexpr std::size_t kSize = 32;
};

/// The bytes of the header and a section table of `section_count` entries.
constexpr std::size_t head_size(std::uint32_t section_count) {
    return Header::kSize + std::size_t{section_count} * SectionEntry::kSize;
}

/// Whether an index must hold a kind of section.
enum class Presence : std::uint8_t { Required, Optional };

/// A kind of section this version knows: its id, its name in docs/index-format.md, the size
/// of its records and whether an index must hold it.
struct SectionSpec {
    std::uint32_t id;
    std::string_view name;
    std::uint32_t record_size;
    Presence presence;
};

/// Every section this version reads and writes: the one table that the writer, the reader
/// and the test of docs/index-format.md share. A reader skips a section whose id is not
/// here, whatever its record size, so that a later minor addition does not break it.
inline constexpr std::array<SectionSpec, 26> kSectionSpecs = {{
    {static_cast<std::uint32_t>(SectionId::Strings), "strings", 1, Presence::Required},
    {static_cast<std::uint32_t>(SectionId::Games), "games", GameRecord::kSize, Presence::Required},
    {static_cast<std::uint32_t>(SectionId::Positions), "positions", PositionRecord::kSize,
     Presence::Required},
    {static_cast<std::uint32_t>(SectionId::PositionDirectory), "position directory", 4,
     Presence::Required},
    {static_cast<std::uint32_t>(SectionId::Options), "options", OptionsRecord::kSize,
     Presence::Required},
    {section_id(Tree::Joseki, TreePart::Nodes), "joseki nodes", NodeRecord::kSize,
     Presence::Required},
    {section_id(Tree::Joseki, TreePart::Lines), "joseki lines", LineRecord::kSize,
     Presence::Required},
    {section_id(Tree::Joseki, TreePart::MoveNumbers), "joseki move numbers", 1, Presence::Required},
    {section_id(Tree::Joseki, TreePart::Stats), "joseki statistics", StatsRecord::kSize,
     Presence::Required},
    {section_id(Tree::Fuseki, TreePart::Nodes), "fuseki nodes", NodeRecord::kSize,
     Presence::Required},
    {section_id(Tree::Fuseki, TreePart::Lines), "fuseki lines", LineRecord::kSize,
     Presence::Required},
    {section_id(Tree::Fuseki, TreePart::MoveNumbers), "fuseki move numbers", 1, Presence::Required},
    {section_id(Tree::Fuseki, TreePart::Stats), "fuseki statistics", StatsRecord::kSize,
     Presence::Required},
    {static_cast<std::uint32_t>(SectionId::MergeRun), "merge run", 1, Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::MergeGames), "merge games", 1, Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::MergeGameNumbers), "merge game numbers", 4,
     Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::OutputOptions), "output options", 1, Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::PatternDirectory), "pattern directory",
     PatternBlockRecord::kSize, Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::PatternOccurrences), "pattern occurrences", 1,
     Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::PatternYears), "pattern years", YearRunRecord::kSize,
     Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::GameYears), "game years", 2, Presence::Required},
    {static_cast<std::uint32_t>(SectionId::GamePlayers), "game players", 8, Presence::Required},
    {static_cast<std::uint32_t>(SectionId::GameRanks), "game ranks", 8, Presence::Required},
    {static_cast<std::uint32_t>(SectionId::GameEvents), "game events", 4, Presence::Required},
    {static_cast<std::uint32_t>(SectionId::PatternSummaryDirectory), "pattern summary directory",
     PatternSummaryRecord::kSize, Presence::Optional},
    {static_cast<std::uint32_t>(SectionId::PatternSummaries), "pattern summaries", 1,
     Presence::Optional},
}};

/// The columns of the game table, each one section: for every game, in the games section's
/// order, some of its GameRecord fields (little-endian): a filter of ranks reads 8 bytes a
/// game, not the whole game. Each holds one record per game (checked at open).
struct GameColumn {
    SectionId id;
    /// The text fields of a GameRecord this column holds, in order; none for the years.
    std::array<std::uint32_t GameRecord::*, 2> text_fields;
    std::size_t text_field_count;
};
inline constexpr std::array<GameColumn, 4> kGameColumns = {{
    {SectionId::GameYears, {nullptr, nullptr}, 0},
    {SectionId::GamePlayers, {&GameRecord::black_player, &GameRecord::white_player}, 2},
    {SectionId::GameRanks, {&GameRecord::black_rank, &GameRecord::white_rank}, 2},
    {SectionId::GameEvents, {&GameRecord::event, nullptr}, 1},
}};

/// The spec of the section `id`; nullptr for an id this version does not know.
constexpr const SectionSpec* section_spec(std::uint32_t id) {
    for (const SectionSpec& spec : kSectionSpecs)
        if (spec.id == id) return &spec;
    return nullptr;
}

/// The record size of the section `id`, which this version knows.
constexpr std::uint32_t record_size_of(std::uint32_t id) {
    return section_spec(id)->record_size;
}
constexpr std::uint32_t record_size_of(SectionId id) {
    return record_size_of(static_cast<std::uint32_t>(id));
}

/// Little-endian encoding and decoding of the records above.
void encode(const NodeRecord& r, std::byte* out);
void encode(const LineRecord& r, std::byte* out);
void encode(const PositionRecord& r, std::byte* out);
void encode(const StatsRecord& r, std::byte* out);
void encode(const GameRecord& r, std::byte* out);
void encode(const OptionsRecord& r, std::byte* out);
void encode(const PatternBlockRecord& r, std::byte* out);
void encode(const YearRunRecord& r, std::byte* out);
void encode(const PatternSummaryRecord& r, std::byte* out);
PatternBlockRecord decode_pattern_block(const std::byte* in);
PatternSummaryRecord decode_pattern_summary_record(const std::byte* in);
YearRunRecord decode_year_run(const std::byte* in);
/// The record of `column` for the game `g` (record_size_of(column.id) bytes), and its fields
/// read back into `g`.
void encode_column(const GameColumn& column, const GameRecord& g, std::byte* out);
void decode_column(const GameColumn& column, const std::byte* in, GameRecord& g);
void encode(const Header& h, std::byte* out);
void encode(const SectionEntry& e, std::byte* out);
NodeRecord decode_node(const std::byte* in);
PositionRecord decode_position(const std::byte* in);
StatsRecord decode_stats(const std::byte* in);
OptionsRecord decode_options(const std::byte* in);
/// The header in `in` (Header::kSize bytes); nullopt when it does not start with kMagic.
std::optional<Header> decode_header(const std::byte* in);
SectionEntry decode_section_entry(const std::byte* in);

/// Little-endian integers at any alignment.
template <typename T>
T load_le(const std::byte* in) {
    T value{};
    std::memcpy(&value, in, sizeof value);  // the supported hosts are little-endian
    return value;
}

/// Inline, unlike the other decoders: a filtered query near the root decodes millions of
/// lines, and a filter every game (of whose fields it reads a few).
inline LineRecord decode_line(const std::byte* in) {
    LineRecord l;
    const auto word = load_le<std::uint32_t>(in);
    l.game = word & (kMaxGames - 1);
    l.outcome = static_cast<std::uint8_t>(word >> 30);
    l.move_numbers = load_le<std::uint32_t>(in + 4);
    l.year = load_le<std::int16_t>(in + 8);
    return l;
}

/// The fields of a game that its record in the games section holds (the others stay 0).
inline GameRecord decode_game(const std::byte* in) {
    GameRecord g;
    std::size_t at = 0;
    for (std::uint32_t* v : {&g.date, &g.result, &g.source_dir, &g.source_name, &g.index_in_file}) {
        *v = load_le<std::uint32_t>(in + at);
        at += 4;
    }
    return g;
}
template <typename T>
void store_le(T value, std::byte* out) {
    std::memcpy(out, &value, sizeof value);
}

/// CRC-32 (IEEE 802.3, reflected, as zlib's crc32) of `bytes`, continuing from `crc`.
std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t crc = 0);
/// The header checksum of `head`, the header followed by the section table: their CRC-32
/// with the header's crc field taken as zero (whatever `head` holds there).
std::uint32_t header_crc(std::span<const std::byte> head);

/// The compile id of an index: the 64-bit FNV-1a hash of its header and section table as
/// stored. They hold every section's size and CRC-32, so indexes of different contents get
/// different ids and the same index the same id, however often it is compiled. The SGF files
/// of the same compile name it at their root (XI, emit/dictionary_format.hpp).
std::uint64_t compile_id(std::span<const std::byte> header_and_table);

/// A compile id as the SGF files write it: 16 lower-case hexadecimal digits.
std::string compile_id_text(std::uint64_t id);

}  // namespace josekic::index
