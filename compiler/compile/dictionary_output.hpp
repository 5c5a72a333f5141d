#pragma once

// Writing one dictionary with its comments: the one code path of `compile` and `prune`, so
// that pruning a compiled dictionary and compiling with the same lists give the same bytes.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"
#include "reference/annotate.hpp"

namespace josekic::compile {

/// Whether a dictionary is one file or one file per first move (--split).
enum class Layout { SingleFile, SplitByFirstMove };

/// Where one dictionary goes.
struct DictionaryTarget {
    /// The file (SingleFile), or the directory that receives the parts and the index
    /// (SplitByFirstMove, whose file names come from emit::plan_split).
    std::filesystem::path path;
    Layout layout = Layout::SingleFile;
};

/// One file written.
struct OutputFile {
    std::string path;
    std::uint64_t bytes = 0;
    std::size_t nodes = 0;
};

/// Wall-clock seconds spent on one dictionary after reading (for --timings only; never in
/// report.txt, which must not depend on the machine).
struct DictionaryTimes {
    double graph = 0.0;   ///< transposition graph (positions, classes)
    double format = 0.0;  ///< SGF text of the tree and its comments
    double write = 0.0;   ///< atomic file writes (temporary file, fsync, rename)
};

/// What writing one dictionary produced.
struct DictionaryOutput {
    std::size_t nodes = 0;      ///< SGF nodes written over all its files, roots included
    std::size_t terminals = 0;  ///< written nodes where at least one line ends
    std::size_t transposition_classes = 0;
    std::vector<OutputFile> files;      ///< in the order written (a split's index last)
    std::vector<std::string> warnings;  ///< files too large for common viewers
    DictionaryTimes times;
};

/// Writes `trie` to `target`: builds its transposition graph, gives every node its
/// transposition sentence and, when `references` is given (joseki only), what the reference
/// books say of it, and streams each file atomically (emit::write_dictionary_file). Throws
/// std::runtime_error when a file cannot be written. `options.extra_comments` is replaced.
DictionaryOutput write_annotated_dictionary(const dictionary::Trie& trie,
                                            emit::WriteOptions options,
                                            const reference::Annotations* references,
                                            const DictionaryTarget& target);

/// One game tree of a collection file: a dictionary, how it is written and, for joseki, its
/// reference notes (or nullptr).
struct CollectionEntry {
    const dictionary::Trie* trie;
    emit::WriteOptions options;
    const reference::Annotations* references = nullptr;
};

/// Writes several dictionaries as the game trees of one SGF collection at `path`, in order,
/// each annotated as write_annotated_dictionary does (fuseki-handicap.sgf: one tree per
/// setup). --split does not apply: the file is already cut into trees. Throws
/// std::runtime_error when the file cannot be written.
DictionaryOutput write_annotated_collection(const std::vector<CollectionEntry>& trees,
                                            const std::filesystem::path& path);

}  // namespace josekic::compile
