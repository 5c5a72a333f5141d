#pragma once

// Writes a dictionary::Trie as an annotated SGF game tree.
//
// Layout: one node per line (a comment may continue over several lines), LF line breaks,
// '(' only where a node has two or more children (a single-child chain is ";B[..]" lines
// without parentheses, so nesting depth equals the number of real branch points), written
// with an explicit stack so trees of any depth are safe. Children come in
// Trie::sorted_children order, so the most frequent continuation is the main line, and
// output bytes depend only on the trie's contents and the options.
//
// Root: GM[1]FF[4]CA[UTF-8]AP[josekic:VERSION]SZ[19]ST[2] AB[..]AW[..] (setup stones, for a
// handicap fuseki tree) GN[name] C[...]. ST[2] tells
// viewers to show the variations of the next move without their own board markup, so the
// LB letters josekic writes are the only marks.
//
// Every node: C[] with count, share of the parent, the first player's win rate over the
// decided games, years, lines ending here, optional extra text (transpositions), the table
// of continuations (LB letters A, B, ... on the board in the same order; tenuki has no
// point and appears only in the table) and, where lines end, the listed games. A pass
// (tenuki) is B[] / W[] and its comment starts with "Tenuki". The statistics are repeated
// machine-readably in private properties; dictionary_format.hpp documents them.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/setup.hpp"
#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/emit_helpers.hpp"
#include "emit/extra_comment.hpp"

namespace josekic::emit {

/// Whether the lines a dictionary leaves out can be asked for: an index (DIR/index.jki,
/// written from the unpruned tries) sits beside the file, and `josekic lookup` reads it.
enum class CutLines { NotIndexed, InIndex };

/// How a dictionary is written.
struct WriteOptions {
    DictionaryKind kind = DictionaryKind::Joseki;
    std::string name;                     ///< GN of the root, e.g. "josekic joseki: fox-28k"
    std::vector<std::string> provenance;  ///< root comment lines: inputs, games read/skipped/
                                          ///< deduplicated, date range, options in force
    /// What the thresholds applied before writing (prune::Thresholds, which drop rare, deep
    /// and surplus lines from the trie; the writer writes every node it is given) left out,
    /// as prune::size_limits_text words it: "min count 1, max depth none, max children none"
    /// when nothing was. The root comment's "Size limits:" line; empty leaves the thresholds
    /// out of that line.
    std::string size_limits;
    std::size_t max_games_listed = 5;  ///< games shown per terminal node, then "and N more"
    /// InIndex: a node whose continuations were cut adds that `josekic lookup` has them.
    CutLines cut_lines = CutLines::NotIndexed;
    /// Extra text for the nodes' comments (e.g. "also reached by 3 other move orders"),
    /// appended to the writer's buffer (extra_comment.hpp), or nullptr for none. It must
    /// outlive the write.
    const ExtraComment* extra_comments = nullptr;
    /// Setup stones the lines start from, written at the root as AB/AW (a handicap fuseki
    /// tree); empty for none.
    dictionary::Setup setup;
    /// Era counts and distinct players of the trie's nodes (the "By era:" lines, "by N
    /// players", the XE and XN properties), or nullptr to leave them out. It must outlive the
    /// write.
    const dictionary::SideStats* side = nullptr;
    /// The compile id of the index the lines cut from this file are in (XI, see
    /// dictionary_format.hpp), written at the root; empty for none. The caller may write a
    /// placeholder of the id's width and fill it in later at WriteCounts::compile_id_offsets.
    std::string compile_id;
    /// AP value; empty means "josekic:" followed by this build's version.
    std::string application;
    /// Threads that may format parts of this dictionary ahead of the writer (see
    /// emit_helpers.hpp), or nullptr. The text is the same either way; extra_comments must
    /// then be safe to call from several threads at once.
    EmitHelpers* helpers = nullptr;
};

/// What a write produced, apart from the text itself.
struct WriteCounts {
    std::uint64_t bytes = 0;    ///< bytes of SGF text
    std::size_t nodes = 0;      ///< SGF nodes written, root included
    std::size_t terminals = 0;  ///< written nodes where at least one line ends
    /// Where each root's compile id begins in the text (WriteOptions::compile_id), in order.
    std::vector<std::uint64_t> compile_id_offsets;
};

/// Where the text goes while it is written: called with consecutive pieces of it (about a
/// megabyte each, the last one shorter), in order, so that no caller has to hold a whole
/// dictionary. May throw; the write then stops and the exception propagates.
using TextSink = std::function<void(std::string_view)>;

/// Writes `trie` as one SGF game tree (see the top of this header) into `sink`.
WriteCounts write_dictionary(const dictionary::Trie& trie, const WriteOptions& options,
                             const TextSink& sink);

/// Writes only the subtree of the root's child `first_move` (with the root above it, whose
/// statistics still describe the whole dictionary): one file of a --split dictionary.
WriteCounts write_dictionary_part(const dictionary::Trie& trie, dictionary::NodeId first_move,
                                  const WriteOptions& options, const TextSink& sink);

/// The SGF text of a dictionary and what it holds.
struct WrittenDictionary {
    std::string text;
    std::size_t nodes = 0;      ///< SGF nodes written, root included
    std::size_t terminals = 0;  ///< written nodes where at least one line ends
};

/// write_dictionary into a string (tests, small dictionaries; files are streamed with
/// write_dictionary_file, dictionary_file.hpp).
WrittenDictionary write_dictionary(const dictionary::Trie& trie, const WriteOptions& options);

/// write_dictionary_part into a string.
WrittenDictionary write_dictionary_part(const dictionary::Trie& trie, dictionary::NodeId first_move,
                                        const WriteOptions& options);

}  // namespace josekic::emit
