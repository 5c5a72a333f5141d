#pragma once

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

namespace josekic::index {

/// An index that cannot be used: missing, truncated, damaged, foreign or of a newer format.
/// The message names the file.
class IndexError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// One section of an open index: where its records are.
struct SectionView {
    const std::byte* data = nullptr;
    std::uint64_t count = 0;
    std::uint32_t record_size = 0;
    std::uint32_t crc = 0;
};

/// The sections of one tree, with bounds-checked access to their records. Every accessor
/// throws IndexError for an index or a record that points outside the file.
class TreeView {
  public:
    /// Nodes of the tree (the sentinel not counted); node 0 is the root.
    std::uint32_t size() const { return node_count_; }
    NodeRecord node(std::uint32_t i) const;
    std::uint32_t line_count() const { return static_cast<std::uint32_t>(lines_.count); }
    LineRecord line(std::uint32_t i) const;
    /// The position records whose key is `key` (node ids), in node order.
    std::vector<std::uint32_t> nodes_at(std::uint64_t key) const;
    /// The stored statistics of `node`, if it has more than kStoredStatsAbove lines.
    std::optional<StatsRecord> stored_stats(std::uint32_t node) const;
    /// The game move numbers of the joseki lines (line_moves.hpp); empty for fuseki.
    std::span<const std::byte> move_numbers() const {
        return {move_numbers_.data, static_cast<std::size_t>(move_numbers_.count)};
    }
    /// The game move number of the last of `moves`, the first moves of `line`'s line, in a
    /// joseki tree. Throws IndexError when the stored numbers cannot be read.
    std::uint32_t move_number(const LineRecord& line, std::span<const go::Move> moves) const;

  private:
    friend class IndexFile;
    [[noreturn]] void damaged(const std::string& what) const;
    const std::string* path_ = nullptr;
    SectionView nodes_, lines_, stats_, move_numbers_;
    SectionView positions_, directory_;  // shared by both trees; tree_bit_ tells them apart
    std::uint32_t tree_bit_ = 0;
    unsigned directory_bits_ = 1;
    std::uint32_t node_count_ = 0;
};

/// A game of the index, its texts as views into the file.
struct IndexedGame {
    std::string_view black_player, white_player, black_rank, white_rank, date, event, result;
    std::string source_path;
    std::uint32_t index_in_file = 1;
    std::int16_t year = 0;
};

/// An index file opened for reading: mapped into memory (or a view of bytes the caller
/// keeps), its header and section table checked, nothing else read at open.
class IndexFile {
  public:
    /// Maps the file at `path`. Throws IndexError naming it if it cannot be used.
    static IndexFile open(const std::filesystem::path& path);
    /// The index in `bytes`, which must outlive the result; `name` stands for the file in
    /// messages.
    static IndexFile view(std::span<const std::byte> bytes, std::string name);

    IndexFile(IndexFile&&) noexcept;
    IndexFile& operator=(IndexFile&&) noexcept;
    ~IndexFile();

    const TreeView& tree(Tree t) const { return t == Tree::Joseki ? joseki_ : fuseki_; }
    std::uint32_t game_count() const { return static_cast<std::uint32_t>(games_.count); }
    IndexedGame game(std::uint32_t id) const;
    /// The compile options that shaped the tries (index_options.hpp reads them).
    OptionsRecord options() const { return decode_options(options_.data); }
    /// Checks the CRC of every section (reads the whole file). Throws IndexError.
    void verify() const;
    const std::string& path() const { return *path_; }
    std::uint64_t size_bytes() const { return bytes_.size(); }

  private:
    IndexFile() = default;
    void check_layout();
    [[noreturn]] void damaged(const std::string& what) const;
    std::string_view string_at(std::uint32_t offset) const;

    std::unique_ptr<std::string> path_;  // stable address: the tree views point at it
    std::span<const std::byte> bytes_;
    void* mapping_ = nullptr;
    std::vector<SectionView> sections_;
    SectionView strings_, games_, positions_, directory_, options_;
    TreeView joseki_, fuseki_;
};

}  // namespace josekic::index
