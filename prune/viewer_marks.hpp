#pragma once

#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "core/sgf/sgf_tree.hpp"
#include "prune/prune_list.hpp"

namespace josekic::prune {

/// True when a node of a dictionary copy is marked for pruning in an SGF editor: it has a
/// `BM` (bad move) property, or a comment (`C`) with a line that reads "prune" (any case,
/// blanks around it ignored, nothing else on that line).
bool is_marked(const sgf::SgfNode& node);

/// Reads a copy of a dictionary in which the user marked nodes (see is_marked) and turns
/// every marked node into a Remove entry whose path is the moves from the root to it
/// (B/W of each node on the way; `B[]` and `B[tt]` are passes), on the main line and in
/// variations alike, in file order. The entry's location is the marked node's ';' and its
/// text the path as render_path writes it.
///
/// Scope: the entries apply to the dictionary the file is a copy of when its root still
/// carries josekic's kind property (XD[joseki:1] / XD[fuseki:1]), to both otherwise. Errors (code
/// "prune-viewer" for a marked node without a move on its path, i.e. the root, or a move that is
/// not a 19x19 point; and any error of the SGF reader) make the result nullopt.
std::optional<PruneList> parse_viewer_marks(std::string_view sgf_bytes, std::string_view path,
                                            diag::DiagnosticSink& sink);

}  // namespace josekic::prune
