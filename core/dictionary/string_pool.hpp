#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace josekic::dictionary {

/// Handle of a string in a StringPool: strings are numbered 0, 1, 2, ... in the order they
/// were first interned, so that a handle can index a table beside the pool.
using StringId = std::uint32_t;

/// Strings stored once each, end to end in one arena: the names, ranks, dates, events and
/// directories of a collection's games repeat across thousands of games. Equal texts get
/// the same handle, so comparing handles compares texts for equality.
class StringPool {
  public:
    /// The handle of `text`, which is added if the pool does not hold it yet. Throws
    /// std::length_error when the pool would pass 4 GiB of text or 2^32 - 1 strings.
    StringId intern(std::string_view text);

    /// The text of `id`. Valid until the next intern() (the arena may move as it grows).
    std::string_view operator[](StringId id) const {
        const std::uint32_t begin = id == 0 ? 0 : ends_[id - 1];
        return {text_.data() + begin, ends_[id] - begin};
    }

    /// Distinct strings held (the handles are 0 to size() - 1).
    std::size_t size() const { return ends_.size(); }

    /// Frees the table that finds a text's handle (16 to 32 bytes a string) once no more
    /// strings are interned; the next intern() builds it again from the text.
    void release_lookup() { std::vector<Slot>().swap(slots_); }

  private:
    /// One slot of the open-addressing table that finds a text's handle: its hash keeps
    /// most probes from comparing texts, and lets the table grow without hashing them again.
    struct Slot {
        std::uint32_t hash = 0;
        StringId id = kNoString;
    };
    static constexpr StringId kNoString = 0xFFFFFFFFU;

    /// Makes the table of handles twice as large, or builds it when it was released.
    void grow_slots();

    std::vector<char> text_;           // every string, end to end
    std::vector<std::uint32_t> ends_;  // where each string ends in text_
    std::vector<Slot> slots_;          // a power of two, at most half full
};

}  // namespace josekic::dictionary
