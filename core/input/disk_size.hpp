#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace josekic::input {

/// The bytes on disk of what walk_inputs would read from `inputs`: files named directly,
/// and in directories (recursively) the regular files named as game records or archives.
/// An estimate for a progress display, cheap next to the walk (one stat per file, no file
/// opened): what cannot be listed counts 0, and symbolic links to directories are not
/// followed.
std::uint64_t total_disk_bytes(const std::vector<std::string>& inputs);

}  // namespace josekic::input
