#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/go/move.hpp"
#include "index/index_format.hpp"
#include "index/page_cache.hpp"
#include "index/pattern_blocks.hpp"
#include "index/pattern_summary.hpp"
#include "index/record_cursor.hpp"

namespace josekic::index {

/// An index that cannot be used: missing, truncated, damaged, foreign or of a newer format.
/// The message names the file.
class IndexError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Throws the IndexError of a damaged index: "FILE: the index is damaged (WHAT); compile the
/// dictionary again". The one message of every reader and query that meets damage.
[[noreturn]] void throw_damaged(std::string_view file, std::string_view what);

/// Where the bytes of an open index come from: its file, read with pread through a bounded
/// PageCache, or bytes in memory. A file is read, not mapped: on kernels that cache files in
/// large folios, a mapping puts a whole folio (up to megabytes) into the process's resident
/// memory for each record it touches, and a lookup touches records all over a large index.
class ByteSource {
  public:
    /// Takes `fd` (closed with the source), a file of `size` bytes.
    ByteSource(int fd, std::uint64_t size);
    /// Bytes the caller keeps alive.
    explicit ByteSource(std::span<const std::byte> bytes) : bytes_(bytes), size_(bytes.size()) {}
    ByteSource(const ByteSource&) = delete;
    ByteSource& operator=(const ByteSource&) = delete;
    ~ByteSource();

    std::uint64_t size() const { return size_; }
    /// Copies out.size() bytes from `offset`, which the caller has checked lie in the source.
    /// False when they cannot be read (the file shrank under us).
    bool read(std::uint64_t offset, std::span<std::byte> out) const;

  private:
    int fd_ = -1;
    std::unique_ptr<PageCache> pages_;
    std::span<const std::byte> bytes_;
    std::uint64_t size_ = 0;
};

/// One section of an open index: where its records are.
struct SectionView {
    bool present = false;
    std::uint64_t offset = 0;
    std::uint64_t count = 0;
    std::uint32_t record_size = 0;
    std::uint32_t crc = 0;
};

/// The sections of one tree, with bounds-checked access to their records. Every accessor
/// throws IndexError for an index or a record that points outside the file.
class TreeView {
  public:
    /// The index's file name, for messages.
    const std::string& path() const { return *path_; }
    /// Which tree of its index this is.
    Tree tree() const { return tree_bit_ == 0 ? Tree::Joseki : Tree::Fuseki; }
    /// Nodes of the tree (the sentinel not counted); node 0 is the root.
    std::uint32_t size() const { return node_count_; }
    NodeRecord node(std::uint32_t i) const;
    std::uint32_t line_count() const { return static_cast<std::uint32_t>(lines_.count); }
    LineRecord line(std::uint32_t i) const;
    /// Calls `visit(i, line)` for the lines [first, last) in order, reading them a block at
    /// a time: a node's lines lie together, and one read per record cost a system call each.
    template <typename Visit>
    void for_each_line(std::uint32_t first, std::uint32_t last, Visit visit) const {
        for (auto lines = line_cursor(first, last); !lines.done();) {
            const auto i = static_cast<std::uint32_t>(lines.position());
            visit(i, lines.next());
        }
    }
    /// The position records whose key is `key` (node ids), in node order.
    std::vector<std::uint32_t> nodes_at(std::uint64_t key) const;
    /// The stored statistics of `node`, if it has more than kStoredStatsAbove lines.
    std::optional<StatsRecord> stored_stats(std::uint32_t node) const;
    /// The game move number of the last of `moves`, the first moves of `line`'s line, in a
    /// joseki tree. Throws IndexError when the stored numbers cannot be read.
    std::uint32_t move_number(const LineRecord& line, std::span<const go::Move> moves) const;
    /// The game move number of a joseki line's first stone.
    std::uint32_t first_move_number(const LineRecord& line) const;
    /// Throws the IndexError of damage found in this tree (throw_damaged, naming the file).
    [[noreturn]] void damaged(const std::string& what) const;

  private:
    friend class IndexFile;
    /// Lines read at once by for_each_line: 40 kB, little next to a lookup's memory.
    static constexpr std::uint32_t kLinesPerRead = 4096;
    /// Checks every node, line and statistics record of the tree against the invariants the
    /// queries rely on (IndexFile::verify). Throws IndexError.
    void verify_records(std::uint32_t game_count) const;
    /// Calls `visit(i, record)` for every record of `section` in order, `Record::kSize` bytes
    /// each, read a block at a time.
    template <typename Record, Record (*Decode)(const std::byte*), typename Visit>
    void for_each_record(const SectionView& section, Visit visit) const;
    /// The line records [first, last) (bounds-checked).
    RecordCursor<LineRecord, decode_line> line_cursor(std::uint32_t first,
                                                      std::uint32_t last) const;
    /// Reads `out.size()` bytes at `offset` of `section` (bounds-checked).
    void read(const SectionView& section, std::uint64_t offset, std::span<std::byte> out) const;
    const std::string* path_ = nullptr;
    std::shared_ptr<const ByteSource> source_;
    SectionView nodes_, lines_, stats_, move_numbers_;
    SectionView positions_, directory_;  // shared by both trees; tree_bit_ tells them apart
    std::uint32_t tree_bit_ = 0;
    unsigned directory_bits_ = 1;
    std::uint32_t node_count_ = 0;
};

/// A game of the index.
struct IndexedGame {
    std::string black_player, white_player, black_rank, white_rank, date, event, result;
    std::string source_path;
    std::uint32_t index_in_file = 1;
    std::int16_t year = 0;
};

/// An index file opened for reading (or a view of bytes the caller keeps): its header and
/// section table checked, nothing else read at open; records are read as queries need them.
class IndexFile {
  public:
    /// Opens the file at `path`. Throws IndexError naming it if it cannot be used.
    static IndexFile open(const std::filesystem::path& path);
    /// The index in `bytes`, which must outlive the result; `name` stands for the file in
    /// messages.
    static IndexFile view(std::span<const std::byte> bytes, std::string name);

    const TreeView& tree(Tree t) const { return t == Tree::Joseki ? joseki_ : fuseki_; }
    std::uint32_t game_count() const { return static_cast<std::uint32_t>(games_.count); }
    IndexedGame game(std::uint32_t id) const;
    /// Calls `visit(id, record)` with every game's record of `column` (one of kGameColumns),
    /// `record` its record_size_of(column) bytes, in id order, read a block at a time: a
    /// filter decides every game, and one read per record cost a system call each.
    template <typename Visit>
    void for_each_column_record(SectionId column, Visit visit) const {
        const SectionView& view = section(column_id(column));
        const std::uint32_t size = view.record_size;
        std::vector<std::byte> block;
        for (std::uint32_t at = 0; at < game_count();) {
            const std::uint32_t n = std::min(game_count() - at, kGamesPerRead);
            block.resize(std::size_t{n} * size);
            read(view, std::uint64_t{at} * size, block);
            for (std::uint32_t k = 0; k < n; ++k)
                visit(at + k, block.data() + std::size_t{k} * size);
            at += n;
        }
    }
    /// Calls `visit(id, record)` for every game in id order, each record whole (its part in
    /// the games section and its columns), read a block at a time.
    template <typename Visit>
    void for_each_game_record(Visit visit) const {
        std::vector<std::byte> block;
        std::vector<GameRecord> records;
        for (std::uint32_t at = 0; at < game_count();) {
            const std::uint32_t n = std::min(game_count() - at, kGamesPerRead);
            read_game_records(at, n, block, records);
            for (std::uint32_t k = 0; k < n; ++k) visit(at + k, records[k]);
            at += n;
        }
    }
    /// Reads the record of game `id` in `column` (one of kGameColumns)
    /// into `out`, its record_size_of(column) bytes. Throws IndexError for an id out of range.
    void read_column_record(SectionId column, std::uint32_t id, std::span<std::byte> out) const {
        const SectionView& view = section(column_id(column));
        if (id >= game_count() || out.size() != view.record_size)
            damaged("game " + std::to_string(id) + " is out of range");
        read(view, std::uint64_t{id} * view.record_size, out);
    }
    /// The whole string pool, the texts GameRecord offsets point into (string_in reads them).
    std::vector<std::byte> string_pool() const;
    /// The text at `offset` of `pool` (from string_pool()). Throws IndexError when it lies
    /// outside the pool.
    std::string_view string_in(std::span<const std::byte> pool, std::uint32_t offset) const;
    /// The compile options that shaped the tries (index_options.hpp reads them).
    OptionsRecord options() const;
    /// The section `id` (one of kSectionSpecs) as the table gives it; `present` is false
    /// when the index has none (an optional section).
    const SectionView& section(std::uint32_t id) const;
    /// Reads `out.size()` bytes at `offset` of `section`. Throws IndexError when they lie
    /// outside it.
    void read_bytes(const SectionView& section, std::uint64_t offset,
                    std::span<std::byte> out) const {
        read(section, offset, out);
    }
    /// Whether the index holds the corner patterns (compile --patterns).
    bool has_patterns() const { return pattern_directory_.present; }
    /// Distinct patterns and their occurrences (0 without patterns).
    std::uint32_t pattern_count() const { return pattern_totals().patterns_before; }
    std::uint32_t occurrence_count() const { return pattern_totals().occurrences_before; }
    /// Where the occurrences of one pattern lie (pattern_blocks.hpp).
    struct PatternSpan {
        std::uint64_t offset = 0;  ///< of its first occurrence in the occurrences section
        std::uint64_t end = 0;     ///< of its block
        std::uint32_t count = 0;   ///< 0 when the index does not hold the pattern
    };
    /// The occurrences of the pattern `key`. Throws IndexError for damage met on the way.
    PatternSpan pattern_occurrences(PatternKey key) const;
    /// The years of the games, by runs (the PatternYears section).
    YearRuns year_runs() const;
    /// Calls `visit(occurrence)` for the occurrences of `span` in order (by game, move number
    /// and next move); throws IndexError for damage.
    template <typename Visit>
    void for_each_occurrence(const PatternSpan& span, Visit visit) const {
        if (span.count == 0) return;
        PatternCursor cursor = occurrence_cursor(span.offset, span.end);
        PatternOccurrence o;
        for (std::uint32_t k = 0; k < span.count; ++k) {
            cursor.occurrence(o, k == 0);
            if (o.game >= game_count()) cursor.damaged("a pattern occurrence's game");
            visit(o);
        }
    }
    /// The stored summary of the stone pattern of `key` (either player to move), when the
    /// index has one (pattern_summary.hpp: the patterns of many occurrences). Throws
    /// IndexError for a summary that is damaged as far as a query can tell (malformed, outside
    /// its section, its counts not adding up); one that still looks valid is found by verify().
    std::optional<PatternSummary> pattern_summary(PatternKey key) const;
    /// Checks the CRC of every section, then every record against the invariants that the
    /// queries check only where they read (nodes nested in their parents, lines in preorder,
    /// statistics that add up, game ids and texts inside their tables, positions sorted).
    /// Reads the whole file. Throws IndexError.
    void verify() const;
    /// Checks the CRC of every section (the first step of verify()): a reader that reads
    /// the whole index anyway (merge) refuses one whose bytes changed. Throws IndexError.
    void verify_checksums() const;
    const std::string& path() const { return *path_; }
    /// Throws the IndexError of damage found in this index (throw_damaged, naming the file).
    [[noreturn]] void damaged(const std::string& what) const;
    std::uint64_t size_bytes() const { return source_->size(); }
    /// The index's compile id (index_format.hpp compile_id), which the SGF files of the same
    /// compile write at their root.
    std::uint64_t compile_id() const { return compile_id_; }

  private:
    /// Game records read at once by for_each_game_record and the columns' readers.
    static constexpr std::uint32_t kGamesPerRead = 4096;
    /// The pattern block `i` of the directory (the sentinel is the last).
    PatternBlockRecord pattern_block(std::uint64_t i) const;
    /// The sentinel of the pattern directory, which holds the totals.
    PatternBlockRecord pattern_totals() const;
    /// A cursor over the bytes [at, end) of the occurrences section.
    PatternCursor occurrence_cursor(std::uint64_t at, std::uint64_t end) const;
    /// Checks the pattern sections (verify()).
    void verify_patterns() const;
    /// The record `i` of the pattern summary directory (the sentinel is the last).
    PatternSummaryRecord pattern_summary_record(std::uint64_t i) const;
    /// Checks that the stored summaries are those `summaries` (made from every pattern's
    /// occurrences by verify_patterns) makes.
    void verify_pattern_summaries(PatternSummaryWriter& summaries) const;
    IndexFile() = default;
    /// Reads the `n` game records from `first` into `out` (bounds-checked).
    /// Reads the `n` whole game records from `first` into `out` (bounds-checked), through
    /// `bytes`.
    void read_game_records(std::uint32_t first, std::uint32_t n, std::vector<std::byte>& bytes,
                           std::vector<GameRecord>& out) const;
    void check_layout();
    /// Where the section `id` of kSectionSpecs is kept.
    SectionView* slot_of(std::uint32_t id);
    std::string string_at(std::uint32_t offset) const;
    /// Checks the position directory and table (verify()).
    void verify_positions() const;
    /// Checks that every text a game names lies in the string pool (verify()).
    void verify_games() const;
    static constexpr std::uint32_t column_id(SectionId column) {
        return static_cast<std::uint32_t>(column);
    }
    void read(const SectionView& section, std::uint64_t offset, std::span<std::byte> out) const;

    std::unique_ptr<std::string> path_;  // stable address: the tree views point at it
    std::shared_ptr<const ByteSource> source_;
    std::vector<SectionView> sections_;
    SectionView strings_, games_, positions_, directory_, options_;
    SectionView merge_run_, merge_games_, merge_game_numbers_, output_options_;
    SectionView pattern_directory_, pattern_occurrences_, pattern_years_;
    SectionView pattern_summary_directory_, pattern_summaries_;
    std::array<SectionView, kGameColumns.size()> game_columns_;  // in kGameColumns' order
    TreeView joseki_, fuseki_;
    std::uint64_t compile_id_ = 0;
};

}  // namespace josekic::index
