#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "emit/emit_helpers.hpp"

namespace josekic::emit {

/// The parts of one dictionary that helper threads may format ahead of its writer
/// (emit_helpers.hpp), seen from the writer. While it lives the helpers can take its parts;
/// its destructor hides them again and waits for the parts being formatted, so that no
/// helper outlives the writer's state, also when the write fails.
class SharedParts {
  public:
    /// Formats one part (the subtree of part.node) into part.text, with a writer of its own.
    using Format = std::function<void(EmitHelpers::Part&)>;

    /// `tops`: the nodes at kPartDepth in the order the writer reaches them. With fewer than
    /// two there is nothing to share: active() is false and the helpers never see them.
    SharedParts(EmitHelpers& helpers, const std::vector<dictionary::NodeId>& tops, Format format);
    SharedParts(const SharedParts&) = delete;
    SharedParts& operator=(const SharedParts&) = delete;
    ~SharedParts();

    /// Whether helpers may take parts of this dictionary.
    bool active() const { return !dictionary_.parts.empty(); }
    /// Whether the writer, at `depth` moves from the root, reaches the top of the next part
    /// (never inside a part it formats itself).
    bool starts_part(std::size_t depth) const {
        return depth == kPartDepth && active() && !in_part_;
    }
    /// For the writer at the top of the next part: nullptr when no helper has taken it (the
    /// writer formats it in place, then calls written_in_place()); otherwise the part a
    /// helper formatted, once it is ready, whose text the writer copies out. Rethrows a
    /// helper's failure.
    EmitHelpers::Part* next();
    /// The part next() left to the writer is written.
    void written_in_place() { in_part_ = false; }

  private:
    EmitHelpers& helpers_;
    EmitHelpers::DictionaryParts dictionary_;
    std::size_t next_part_ = 0;  // the next part the writer reaches
    bool in_part_ = false;       // the writer is formatting a part: no part starts inside it
};

}  // namespace josekic::emit
