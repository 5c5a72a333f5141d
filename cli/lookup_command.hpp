#pragma once

#include <string>
#include <vector>

namespace josekic::cli {

/// `josekic lookup DIR|INDEX --moves "pd qc qd" [--fuseki] [--games N] [--json] [--verify]`:
/// looks a corner sequence (or, with --fuseki, a whole-board opening) up in the index that
/// compile wrote and prints its statistics, its position over all move orders, its
/// continuations and its most recent games. Returns 0 (also for a line the dictionary does
/// not know), 1 for an index that cannot be used, 2 for a malformed query.
int run_lookup(const std::vector<std::string>& args);

}  // namespace josekic::cli
