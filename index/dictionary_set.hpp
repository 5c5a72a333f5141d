#pragma once

// The index of a compiled dictionary, opened for a query only when the SGF files beside it
// are of the same compile: `lookup` and `review` must not answer from one compile's index
// beside another compile's dictionaries.

#include <filesystem>
#include <functional>
#include <string>

#include "index/index_reader.hpp"

namespace josekic::index {

/// The index a DIR|INDEX argument names: DIR/index.jki for a directory, else the file.
std::filesystem::path index_path(const std::string& dictionary);

/// Whether the directory `dir` holds a compiled dictionary's SGF files (joseki.sgf,
/// fuseki.sgf, fuseki-handicap.sgf or the parts a split index lists), with its index or
/// without (--no-index).
bool holds_dictionary_files(const std::filesystem::path& dir);

/// Calls `read` (which reads files of one dictionary and says whether they are of one compile)
/// until it says they are, a few times at most, waiting a little more each time: a compile
/// swaps a whole set in at once (emit/output_set.hpp), but a reader opens its files one by
/// one, and one that straddles the swap sees two sets and looks again. Returns what the last
/// call said.
bool read_one_set(const std::function<bool()>& read);

/// Opens the index `dictionary` names (index_path) and checks it against the SGF
/// dictionaries in its directory (joseki.sgf, fuseki.sgf, fuseki-handicap.sgf and the parts
/// a split index lists): each root that names a compile id (XI) must name this index's.
/// Files that name none (a josekic from before compile ids) cannot be checked, unless
/// another file names one: the set is then mixed. A compile replacing the set while it is
/// read (emit/output_set.hpp) is waited out: the check is tried again a few times. Throws
/// IndexError naming both files when they do not belong together, and as
/// IndexFile::open does.
IndexFile open_dictionary_index(const std::string& dictionary);

}  // namespace josekic::index
