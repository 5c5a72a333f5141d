#pragma once

#include <optional>
#include <string>
#include <vector>

#include "prune/prune_list.hpp"

namespace josekic::cli {

/// Reads the prune lists given to `compile --prune` or `prune --list`, printing every
/// problem of every list on stderr as positioned diagnostics. nullopt when a list cannot
/// be used: the command then writes nothing and exits 1.
std::optional<std::vector<prune::PruneList>> read_prune_lists(
    const std::vector<std::string>& files);

}  // namespace josekic::cli
