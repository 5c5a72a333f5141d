#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace josekic::index {

/// The records [first, last) of one section of an index, in order, read a block of
/// `per_read` at a time: a read per record would cost a system call each. `read(offset,
/// bytes)` fills `bytes` from `offset` of the section (and throws IndexError for bytes
/// outside it). A pull cursor, so that a reader can walk two sections side by side.
template <typename Record, Record (*Decode)(const std::byte*)>
class RecordCursor {
  public:
    using Read = std::function<void(std::uint64_t offset, std::span<std::byte> bytes)>;

    RecordCursor(Read read, std::uint64_t first, std::uint64_t last, std::uint64_t per_read)
        : read_(std::move(read)), next_(first), last_(last), per_read_(per_read) {}

    /// The number of the record next() returns.
    std::uint64_t position() const { return next_; }
    /// One past the number of the last record.
    std::uint64_t end() const { return last_; }
    bool done() const { return next_ == last_; }
    /// The next record. Throws std::logic_error when done().
    Record next() {
        if (at_ == block_.size()) [[unlikely]]
            fill();
        const Record record = Decode(block_.data() + at_);
        at_ += Record::kSize;
        ++next_;
        return record;
    }

  private:
    // Out of line, so that next() is small enough to be inlined into a reader's loop.
    [[gnu::noinline]] void fill() {
        if (done()) throw std::logic_error("RecordCursor: a read past its records");
        const std::uint64_t n = std::min(per_read_, last_ - next_);
        block_.resize(static_cast<std::size_t>(n) * Record::kSize);
        read_(next_ * Record::kSize, block_);
        at_ = 0;
    }

    Read read_;
    std::uint64_t next_;
    std::uint64_t last_;
    std::uint64_t per_read_;
    std::vector<std::byte> block_;
    std::size_t at_ = 0;  // in block_
};

}  // namespace josekic::index
