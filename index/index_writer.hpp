#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "core/dictionary/game_table.hpp"
#include "core/dictionary/trie.hpp"
#include "index/index_format.hpp"
#include "index/index_lines.hpp"

namespace josekic::index {

/// One unpruned trie and every line inserted into it.
struct TreeInput {
    const dictionary::Trie* trie = nullptr;
    std::span<const IndexedLine> lines;
    /// The game move numbers of the lines (joseki; IndexedLine::move_numbers points here).
    std::span<const std::uint8_t> move_numbers;
};

/// What goes into an index: both tries (which share `games`).
struct IndexInput {
    const dictionary::GameTable* games = nullptr;
    TreeInput joseki;
    TreeInput fuseki;
    OptionsRecord options;  ///< the compile options that shaped the tries
};

/// An index as written: the header with its section table, then the sections in order.
/// Kept in pieces so that writing it never needs a second copy of the whole file.
struct IndexImage {
    std::vector<std::byte> head;
    std::vector<std::vector<std::byte>> sections;

    /// Bytes of the whole file.
    std::size_t size() const;
};

/// The index of `input` (index_format.hpp). Throws std::logic_error when the lines do not
/// account for every count of a trie (a line was inserted but not logged), and
/// std::length_error when the dictionary is too large for the format's 32-bit fields.
IndexImage build_index(const IndexInput& input);

/// Writes an index atomically to `path` (emit/atomic_file), piece by piece. Throws
/// std::runtime_error naming the path when it cannot be written.
void write_index(const std::filesystem::path& path, const IndexImage& image);

}  // namespace josekic::index
