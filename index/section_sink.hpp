#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "emit/atomic_file.hpp"
#include "index/index_format.hpp"

namespace josekic::index {

/// The index file being written (index_format.hpp): each section goes to it as soon as it is
/// made, and the header with the section table, which needs every section's offset and
/// checksum, is written last over the room left for it. The whole index is never in memory
/// at once.
class SectionSink {
  public:
    /// Plans `section_count` sections; throws std::logic_error if more or fewer are made.
    SectionSink(emit::AtomicFile& file, std::size_t section_count);

    /// Starts a section of `count` records of `record_size` bytes; its bytes follow through
    /// append() until the next begin() or finish().
    void begin(std::uint32_t id, std::uint32_t record_size, std::uint64_t count);
    void append(std::span<const std::byte> bytes);
    /// Sets the count of the open section, when begin() could not know it (records of
    /// varying size, counted in bytes); no section may be beside it.
    void set_count(std::uint64_t count);
    /// Starts the section that follows the open one, made beside it: its bytes come through
    /// append_beside(), in order, while the open one's still come through append(), and go
    /// to their place after the open section (whose size its count gives). Both close at
    /// the next begin() or finish().
    void begin_beside(std::uint32_t id, std::uint32_t record_size, std::uint64_t count);
    void append_beside(std::span<const std::byte> bytes);
    /// Sets the count of the section beside, when begin_beside() could not know it (the
    /// records of a k-way merge); before it closes.
    void set_beside_count(std::uint64_t count);
    /// Writes the header and the section table; returns the file's size.
    std::uint64_t finish();

  private:
    /// A section being made: its table entry, and of a section made beside, its bytes so far.
    struct Entry {
        SectionEntry table;
        std::uint64_t written = 0;

        std::uint64_t end() const { return table.offset + table.count * table.record_size; }
    };

    void close_section();
    /// Adds `entry`, whose bytes are all in the file, to the section table.
    void add_to_table(const Entry& entry);

    emit::AtomicFile& file_;
    std::vector<std::byte> table_;
    std::size_t sections_;
    std::size_t written_ = 0;
    std::optional<Entry> open_;
    std::optional<Entry> beside_;
};

/// Records encoded into a buffer of about 1 MiB at a time and handed on, so that no section
/// is ever encoded whole: to SectionSink::append or append_beside, by `put`.
template <typename Record, typename Put>
class RecordStream {
  public:
    explicit RecordStream(Put put) : put_(std::move(put)) {}
    ~RecordStream() = default;
    RecordStream(const RecordStream&) = delete;
    RecordStream& operator=(const RecordStream&) = delete;

    void push(const Record& record) {
        if (used_ == buffer_.size()) flush();
        encode(record, buffer_.data() + used_);
        used_ += Record::kSize;
    }
    /// Hands on what is buffered; call once the last record is pushed.
    void flush() {
        if (used_ == 0) return;
        put_(std::span<const std::byte>(buffer_.data(), used_));
        used_ = 0;
    }

  private:
    static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

    Put put_;
    std::vector<std::byte> buffer_ = std::vector<std::byte>(
        std::max<std::size_t>(1, kChunkBytes / Record::kSize) * Record::kSize);
    std::size_t used_ = 0;
};

/// Appends `records`, encoded, to the section open in `sink`.
template <typename Record>
void append_records(SectionSink& sink, std::span<const Record> records) {
    auto put = [&sink](std::span<const std::byte> bytes) { sink.append(bytes); };
    RecordStream<Record, decltype(put)> stream(put);
    for (const Record& r : records) stream.push(r);
    stream.flush();
}

/// A section of `records`.
template <typename Record>
void write_records(SectionSink& sink, std::uint32_t id, std::span<const Record> records) {
    sink.begin(id, static_cast<std::uint32_t>(Record::kSize), records.size());
    append_records(sink, records);
}

}  // namespace josekic::index
