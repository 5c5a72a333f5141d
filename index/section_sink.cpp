#include "index/section_sink.hpp"

#include <stdexcept>
#include <string_view>

#include "index/index_format.hpp"

namespace josekic::index {

namespace {

std::string_view as_chars(std::span<const std::byte> bytes) {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace

SectionSink::SectionSink(emit::AtomicFile& file, std::size_t section_count)
    : file_(file),
      table_(head_size(static_cast<std::uint32_t>(section_count))),
      sections_(section_count) {
    file_.write(as_chars(table_));  // room for the header, filled in by finish()
}

void SectionSink::begin(std::uint32_t id, std::uint32_t record_size, std::uint64_t count) {
    close_section();
    if (written_ == sections_) throw std::logic_error("index: more sections than planned");
    open_ = Entry{SectionEntry{id, record_size, file_.size(), count, 0}};
}

void SectionSink::append(std::span<const std::byte> bytes) {
    open_->table.crc = crc32(bytes, open_->table.crc);
    file_.write(as_chars(bytes));
}

void SectionSink::set_count(std::uint64_t count) {
    if (!open_ || beside_) throw std::logic_error("index: no section to count");
    open_->table.count = count;
}

void SectionSink::begin_beside(std::uint32_t id, std::uint32_t record_size, std::uint64_t count) {
    if (!open_ || beside_) throw std::logic_error("index: a section beside no open section");
    if (written_ + 1 == sections_) throw std::logic_error("index: more sections than planned");
    beside_ = Entry{SectionEntry{id, record_size, open_->end(), count, 0}};
}

void SectionSink::append_beside(std::span<const std::byte> bytes) {
    beside_->table.crc = crc32(bytes, beside_->table.crc);
    file_.write_ahead(beside_->table.offset + beside_->written, as_chars(bytes));
    beside_->written += bytes.size();
}

void SectionSink::set_beside_count(std::uint64_t count) {
    if (!beside_) throw std::logic_error("index: no section beside to count");
    beside_->table.count = count;
}

std::uint64_t SectionSink::finish() {
    close_section();
    if (written_ != sections_) throw std::logic_error("index: fewer sections than planned");
    Header header;
    header.section_count = static_cast<std::uint32_t>(sections_);
    header.file_size = file_.size();
    encode(header, table_.data());
    header.crc = header_crc(table_);
    encode(header, table_.data());
    file_.write_at(0, as_chars(table_));
    return file_.size();
}

void SectionSink::close_section() {
    if (!open_) return;
    if (file_.size() != open_->end())
        throw std::logic_error("index: a section's size does not match its records");
    add_to_table(*open_);
    open_.reset();
    if (!beside_) return;
    if (beside_->written != beside_->end() - beside_->table.offset)
        throw std::logic_error("index: a section's size does not match its records");
    file_.skip_to(beside_->end());
    add_to_table(*beside_);
    beside_.reset();
}

void SectionSink::add_to_table(const Entry& entry) {
    encode(entry.table, table_.data() + head_size(static_cast<std::uint32_t>(written_)));
    ++written_;
}

}  // namespace josekic::index
