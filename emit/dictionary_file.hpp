#pragma once

#include <filesystem>
#include <functional>
#include <span>

#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"

namespace josekic::emit {

/// Runs one write to the file (a piece of text, or the final fsync and rename) given as
/// `write`, for a caller that times them apart from the formatting (--timings).
using WriteTimer = std::function<void(const std::function<void()>& write)>;

/// Writes a dictionary straight into the file `target`, atomically (emit::AtomicFile: a
/// temporary file, fsync, rename; no temporary is left on failure or signal), streaming
/// the text in pieces so that memory does not grow with the file. `first_move` is a root
/// child for one part of a --split dictionary (write_dictionary_part), or kNoNode for the
/// whole dictionary. The bytes are those write_dictionary would return. Throws
/// std::runtime_error when the file cannot be written.
/// `timer`, when given, runs every write to the file.
WriteCounts write_dictionary_file(const std::filesystem::path& target, const dictionary::Trie& trie,
                                  const WriteOptions& options,
                                  dictionary::NodeId first_move = dictionary::kNoNode,
                                  const WriteTimer& timer = nullptr);

}  // namespace josekic::emit

namespace josekic::emit {

/// One game tree of a collection file.
struct CollectionTree {
    const dictionary::Trie* trie;
    WriteOptions options;
};

/// Writes the trees one after another into the file `target`, an SGF collection (as
/// fuseki-handicap.sgf holds one tree per setup), atomically as write_dictionary_file.
/// Returns the counts of all trees together.
WriteCounts write_collection_file(const std::filesystem::path& target,
                                  std::span<const CollectionTree> trees);

/// Writes `id` over the placeholder of the same width at each of `offsets` in the file
/// `target` (WriteCounts::compile_id_offsets: the roots' XI values, known once the index is
/// written) and flushes it to disk. For a file of a set not yet committed (OutputSet), which
/// no reader sees. Throws std::runtime_error naming the file.
void write_compile_id(const std::filesystem::path& target, std::span<const std::uint64_t> offsets,
                      std::string_view id);

}  // namespace josekic::emit
