#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/pipeline/streamed_file.hpp"
#include "core/diag/diagnostic.hpp"

namespace josekic::pipeline {

/// Remembers every kept game by its fingerprint (the same in all 8 orientations) and
/// recognises a later copy. Games must be offered in input order: the first copy wins.
class DuplicateFinder {
  public:
    /// For a game seen before, the warning that names the first copy (and the symmetry that
    /// turns it into this one); otherwise remembers the game and returns nothing.
    /// `path` is the display path of the file that holds `slot`.
    std::optional<diag::Diagnostic> check(const std::string& path, const GameSlot& slot);

  private:
    struct HashOfHash128 {
        std::size_t operator()(const go::Hash128& h) const {
            return static_cast<std::size_t>(h.low ^ (h.high >> 7));
        }
    };
    // Where a game was first seen, to name it when a duplicate turns up.
    struct FirstSeen {
        std::uint32_t file = 0;  // index into file_paths_
        int index_in_file = 0;
        go::Symmetry to_canonical = go::Symmetry::Identity;
    };

    std::unordered_map<go::Hash128, FirstSeen, HashOfHash128> seen_;
    std::vector<std::string> file_paths_;
};

}  // namespace josekic::pipeline
