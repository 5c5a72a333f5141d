#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/go/move.hpp"
#include "prune/dictionary_kind.hpp"

namespace josekic::prune {

/// The point of a move as a prune list writes it, without colour: two SGF letters
/// ("pc"), or a pass / tenuki, written "tenuki", "pass", "tt" or left empty (inside
/// brackets, "B[]"). `std::nullopt` means "not a move word" (malformed).
/// The result is optional<optional<Point>>: the outer level says whether `word` is a
/// move, the inner one whether it is a stone (a value) or a pass (nullopt).
std::optional<std::optional<go::Point>> parse_move_point(std::string_view word);

/// A path written the way prune lists and reports write it, each move with its colour:
/// "B[pc] W[qe] B[tenuki]". A pass is written "tenuki" in a joseki dictionary (that is
/// what it means there) and "pass" in a fuseki dictionary. parse_prune_list reads it back.
std::string render_path(std::span<const go::Move> path, DictionaryKind kind);

}  // namespace josekic::prune
