#pragma once

// Writing one dictionary with its comments: the one code path of `compile` and `prune`, so
// that pruning a compiled dictionary and compiling with the same lists give the same bytes.
// Every file written meets the budget of prune::Thresholds (fitted_file.hpp chooses how).

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"
#include "prune/thresholds.hpp"
#include "reference/reference_index.hpp"

namespace josekic::compile {

/// The name (GN) of the trees of fuseki-handicap.sgf, before ": " and their setup. The index
/// holds no handicap tree, so a cut line of theirs is not in it: `compile` and `prune` know
/// those trees by this name.
inline constexpr std::string_view kHandicapFusekiName =
    "josekic fuseki dictionary: handicap and setup games";

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
    /// The min count the budget chose for this file (lines seen fewer times are left out);
    /// 0 when the budget cut nothing.
    std::uint64_t budget_min_count = 0;
    /// Where the compile id of each root begins (emit::WriteCounts::compile_id_offsets).
    std::vector<std::uint64_t> compile_id_offsets = {};
};

/// Wall-clock seconds spent on one dictionary after reading (for --timings only; never in
/// report.txt, which must not depend on the machine).
struct DictionaryTimes {
    double graph = 0.0;   ///< transposition graph (positions, classes)
    double format = 0.0;  ///< SGF text of the tree and its comments (budget trials included)
    double write = 0.0;   ///< atomic file writes (temporary file, fsync, rename)
};

/// What writing one dictionary produced.
struct DictionaryOutput {
    std::size_t nodes = 0;      ///< SGF nodes written over all its files, roots included
    std::size_t terminals = 0;  ///< written nodes where at least one line ends
    std::size_t transposition_classes = 0;
    std::vector<OutputFile> files;      ///< in the order written (a split's index last)
    std::vector<std::string> warnings;  ///< files larger than viewers open comfortably
    DictionaryTimes times;
};

/// Writes `trie` to `target`: builds its transposition graph, gives every node its
/// transposition sentence and, when `references` is given (joseki only), what the reference
/// books say of it, and streams each file atomically (emit::write_dictionary_file). Each
/// file meets `thresholds.budget`: when the whole trie does not fit, the file keeps the lines
/// of the smallest min count that fits (prune::cut_at_min_count), and its root comment says
/// so. `trie` is what the other thresholds (and prune lists) left; they only name the
/// limits in the root comment (`options.size_limits` is replaced, as are
/// `options.extra_comments`). Throws std::runtime_error when a file cannot be written.
DictionaryOutput write_annotated_dictionary(
    const dictionary::Trie& trie, const emit::WriteOptions& options,
    const prune::Thresholds& thresholds, const std::vector<reference::ReferenceIndex>* references,
    const DictionaryTarget& target);

/// One game tree of a collection file: a dictionary, how it is written and, for joseki, the
/// reference books to annotate it with (or nullptr).
struct CollectionEntry {
    const dictionary::Trie* trie;
    emit::WriteOptions options;
    const std::vector<reference::ReferenceIndex>* references = nullptr;
};

/// Writes several dictionaries as the game trees of one SGF collection at `path`, in order,
/// each annotated as write_annotated_dictionary does (fuseki-handicap.sgf: one tree per
/// setup); one min count for all of them makes the file fit the budget. --split does not
/// apply: the file is already cut into trees. Throws std::runtime_error when the file cannot
/// be written.
DictionaryOutput write_annotated_collection(const std::vector<CollectionEntry>& trees,
                                            const prune::Thresholds& thresholds,
                                            const std::filesystem::path& path);

}  // namespace josekic::compile
