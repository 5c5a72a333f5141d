#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/side_stats.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_format.hpp"

namespace josekic::emit {

/// How a dictionary is read back.
struct ReadOptions {
    /// Options of the rebuilt trie. Listed games are restored as written, even if a node
    /// lists more than games_kept_per_terminal.
    dictionary::TrieOptions trie_options;
};

/// A dictionary read back from its SGF: the trie with every statistic and listed game (in
/// a fresh GameTable, each game once) and what its root says.
struct ReadDictionary {
    dictionary::Trie trie;
    RootInfo root;
    /// Era counts and distinct players (XE, XN), or nullopt for a dictionary written without
    /// them (format 1, josekic 0.1).
    std::optional<dictionary::SideStats> side;
};

/// What the root of the dictionary file at `path` says of its index, read from the file's
/// first bytes alone (a lookup must not parse a whole dictionary): nullopt when the file
/// cannot be read or is no josekic dictionary; an empty string when its root names no
/// index (compiled without one, or by a josekic from before compile ids); else the compile
/// id of its XI property (dictionary_format.hpp).
std::optional<std::string> read_root_compile_id(const std::filesystem::path& path);

/// Rebuilds a dictionary from SGF text written by write_dictionary() (or one file of a
/// split). Statistics come from the private properties (dictionary_format.hpp), never
/// from comments, so a user may edit comments freely. Problems go to `sink` as
/// "path:line:col" diagnostics: a file that was not written by josekic (no XD property
/// at the root) or of an unknown format version is an error and gives nullopt; a node
/// without a readable move is an error and its subtree is skipped; missing or damaged
/// statistics are warnings and count as zero. Two sibling nodes with the same move (a
/// hand-edited file) are merged, their statistics added.
std::optional<ReadDictionary> read_dictionary(std::string_view bytes, std::string_view path,
                                              diag::DiagnosticSink& sink,
                                              const ReadOptions& options = {});

/// Rebuilds every game tree of a collection written as several dictionaries in one file (the
/// handicap fuseki trees, one per setup, of fuseki-handicap.sgf), in file order, each with
/// a game table of its own; a file of one tree gives one. Same rules as read_dictionary;
/// nullopt when any tree is not a josekic dictionary.
std::optional<std::vector<ReadDictionary>> read_dictionary_collection(
    std::string_view bytes, std::string_view path, diag::DiagnosticSink& sink,
    const ReadOptions& options = {});

/// Reads the file at `path` and calls read_dictionary_collection. Throws std::runtime_error
/// naming the path if the file cannot be read.
std::optional<std::vector<ReadDictionary>> read_dictionary_collection_file(
    const std::filesystem::path& path, diag::DiagnosticSink& sink, const ReadOptions& options = {});

/// Reads the file at `path` and calls read_dictionary. Throws std::runtime_error naming the
/// path if the file cannot be read.
std::optional<ReadDictionary> read_dictionary_file(const std::filesystem::path& path,
                                                   diag::DiagnosticSink& sink,
                                                   const ReadOptions& options = {});

}  // namespace josekic::emit
