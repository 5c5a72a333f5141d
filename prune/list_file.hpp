#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "prune/prune_list.hpp"

namespace josekic::prune {

/// True when `text` is an SGF file rather than a text prune list: its first character
/// that is not blank (nor a UTF-8 byte order mark) is '('.
bool looks_like_sgf(std::string_view text);

/// Parses what `--list` / `--prune` was given: a viewer-marked SGF copy of a dictionary
/// (parse_viewer_marks) when looks_like_sgf, a text prune list (parse_prune_list) otherwise.
std::optional<PruneList> parse_any_prune_list(std::string_view text, std::string_view path,
                                              diag::DiagnosticSink& sink);

/// Reads `file` and parses it as parse_any_prune_list does. A file that cannot be read is
/// an error (code "prune-io", no line) and gives nullopt. The file is only read.
std::optional<PruneList> read_prune_list(const std::filesystem::path& file,
                                         diag::DiagnosticSink& sink);

/// Reads every file of `files` (read_prune_list), in order, so that the problems of all of
/// them reach `sink` at once. nullopt when any of them cannot be used: compile and prune
/// then write nothing.
std::optional<std::vector<PruneList>> read_prune_lists(const std::vector<std::string>& files,
                                                       diag::DiagnosticSink& sink);

}  // namespace josekic::prune
