#include "index/index_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

#include "core/io/positioned_io.hpp"
#include "index/line_moves.hpp"

namespace josekic::index {

namespace {

struct SectionEntry {
    std::uint32_t id;
    std::uint32_t record_size;
    std::uint64_t offset;
    std::uint64_t count;
    std::uint32_t crc;
};

std::size_t expected_record_size(std::uint32_t id) {
    switch (id) {
        case static_cast<std::uint32_t>(SectionId::Strings):
            return 1;
        case static_cast<std::uint32_t>(SectionId::Games):
            return GameRecord::kSize;
        case static_cast<std::uint32_t>(SectionId::Positions):
            return PositionRecord::kSize;
        case static_cast<std::uint32_t>(SectionId::PositionDirectory):
            return 4;
        case static_cast<std::uint32_t>(SectionId::Options):
            return OptionsRecord::kSize;
        default:
            break;
    }
    switch (static_cast<TreePart>(id & 0xFU)) {
        case TreePart::Nodes:
            return NodeRecord::kSize;
        case TreePart::Lines:
            return LineRecord::kSize;
        case TreePart::Stats:
            return StatsRecord::kSize;
        case TreePart::MoveNumbers:
            return 1;
    }
    return 0;
}

// Reads out.size() bytes at `offset` of `section`; false when they are not all in it.
bool read_section(const ByteSource& source, const SectionView& section, std::uint64_t offset,
                  std::span<std::byte> out) {
    const std::uint64_t size = section.count * section.record_size;
    return offset <= size && out.size() <= size - offset &&
           source.read(section.offset + offset, out);
}

}  // namespace

ByteSource::~ByteSource() {
    if (fd_ >= 0) ::close(fd_);
}

bool ByteSource::read(std::uint64_t offset, std::span<std::byte> out) const {
    if (offset > size_ || out.size() > size_ - offset) return false;
    if (fd_ < 0) {
        std::copy_n(bytes_.begin() + static_cast<std::ptrdiff_t>(offset), out.size(), out.begin());
        return true;
    }
    return io::read_at(fd_, offset, out).bytes == out.size();
}

void TreeView::damaged(const std::string& what) const {
    throw IndexError(*path_ + ": the index is damaged (" + what +
                     "); compile the dictionary again");
}

void TreeView::read(const SectionView& section, std::uint64_t offset,
                    std::span<std::byte> out) const {
    if (!read_section(*source_, section, offset, out)) damaged("a read outside its section");
}

NodeRecord TreeView::node(std::uint32_t i) const {
    if (i > node_count_) damaged("node " + std::to_string(i) + " is out of range");
    std::array<std::byte, NodeRecord::kSize> b;
    read(nodes_, std::uint64_t{i} * NodeRecord::kSize, b);
    const NodeRecord r = decode_node(b.data());
    // The links a walk follows must stay inside the tree and the lines.
    if (i < node_count_ && (r.subtree_end <= i || r.subtree_end > node_count_))
        damaged("node " + std::to_string(i) + " has a bad subtree");
    if (r.lines_begin > lines_.count) damaged("node " + std::to_string(i) + " has bad lines");
    return r;
}

LineRecord TreeView::line(std::uint32_t i) const {
    if (i >= lines_.count) damaged("line " + std::to_string(i) + " is out of range");
    std::array<std::byte, LineRecord::kSize> b;
    read(lines_, std::uint64_t{i} * LineRecord::kSize, b);
    return decode_line(b.data());
}

void TreeView::read_lines(std::uint32_t first, std::uint32_t n, std::vector<std::byte>& out) const {
    if (std::uint64_t{first} + n > lines_.count)
        damaged("lines " + std::to_string(first) + "+" + std::to_string(n) + " are out of range");
    out.resize(std::size_t{n} * LineRecord::kSize);
    read(lines_, std::uint64_t{first} * LineRecord::kSize, out);
}

std::vector<std::uint32_t> TreeView::nodes_at(std::uint64_t key) const {
    const std::uint64_t bucket = key_bucket(key, directory_bits_);
    std::array<std::byte, 8> range;
    read(directory_, bucket * 4, range);
    std::uint64_t lo = load_le<std::uint32_t>(range.data());
    std::uint64_t hi = load_le<std::uint32_t>(range.data() + 4);
    if (lo > hi || hi > positions_.count) damaged("bad position directory");
    const std::uint64_t low = key & kKeyLowMask;
    const auto at = [&](std::uint64_t i) {
        std::array<std::byte, PositionRecord::kSize> b;
        read(positions_, i * PositionRecord::kSize, b);
        return decode_position(b.data());
    };
    const std::uint64_t bucket_end = hi;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (at(mid).key < low)
            lo = mid + 1;
        else
            hi = mid;
    }
    std::vector<std::uint32_t> nodes;
    for (; lo < bucket_end; ++lo) {
        const PositionRecord r = at(lo);
        if (r.key != low) break;
        if ((r.node & kFusekiNodeBit) != tree_bit_) continue;
        const std::uint32_t node = r.node & ~kFusekiNodeBit;
        if (node >= node_count_) damaged("a position names a node out of range");
        nodes.push_back(node);
    }
    return nodes;
}

std::optional<StatsRecord> TreeView::stored_stats(std::uint32_t node) const {
    std::uint64_t lo = 0;
    std::uint64_t hi = stats_.count;
    const auto node_at = [&](std::uint64_t i) {
        std::array<std::byte, 4> b;
        read(stats_, i * StatsRecord::kSize, b);
        return load_le<std::uint32_t>(b.data());
    };
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (node_at(mid) < node)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == stats_.count) return std::nullopt;
    std::array<std::byte, StatsRecord::kSize> b;
    read(stats_, lo * StatsRecord::kSize, b);
    const StatsRecord r = decode_stats(b.data());
    if (r.node != node) return std::nullopt;
    return r;
}

std::uint32_t TreeView::move_number(const LineRecord& line, std::span<const go::Move> moves) const {
    // A varint takes at most 5 bytes; a line's numbers end where the section does at the latest.
    const std::uint64_t size = move_numbers_.count;
    if (line.move_numbers > size) damaged("a line's move numbers lie outside the file");
    std::vector<std::byte> bytes(static_cast<std::size_t>(
        std::min<std::uint64_t>(size - line.move_numbers, moves.size() * 5)));
    read(move_numbers_, line.move_numbers, bytes);
    const std::optional<std::uint32_t> number = move_number_at(bytes, 0, moves);
    if (!number) damaged("a line's move numbers are unreadable");
    return *number;
}

std::uint32_t TreeView::first_move_number(const LineRecord& line) const {
    // A line's first number is always stored, whatever its first move: only its place counts.
    const go::Move first{};
    return move_number(line, std::span(&first, 1));
}

IndexFile IndexFile::open(const std::filesystem::path& path) {
    IndexFile file;
    file.path_ = std::make_unique<std::string>(path.string());
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw IndexError(path.string() + ": cannot open the index: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw IndexError(path.string() + ": not a regular file");
    }
    file.source_ = std::make_shared<ByteSource>(fd, static_cast<std::uint64_t>(st.st_size));
    file.check_layout();
    return file;
}

IndexFile IndexFile::view(std::span<const std::byte> bytes, std::string name) {
    IndexFile file;
    file.path_ = std::make_unique<std::string>(std::move(name));
    file.source_ = std::make_shared<ByteSource>(bytes);
    file.check_layout();
    return file;
}

void IndexFile::damaged(const std::string& what) const {
    throw IndexError(*path_ + ": the index is damaged (" + what +
                     "); compile the dictionary again");
}

void IndexFile::read(const SectionView& section, std::uint64_t offset,
                     std::span<std::byte> out) const {
    if (!read_section(*source_, section, offset, out)) damaged("a read outside its section");
}

void IndexFile::check_layout() {
    const std::string& name = *path_;
    const std::uint64_t size = source_->size();
    std::array<std::byte, kHeaderSize> header{};
    if (size < kHeaderSize || !source_->read(0, header) ||
        !std::equal(kMagic.begin(), kMagic.end(), reinterpret_cast<const char*>(header.data())))
        throw IndexError(name + ": not a josekic index (no JOSEKIX header)");
    const auto version = load_le<std::uint32_t>(header.data() + 8);
    if (version > kFormatVersion)
        throw IndexError(name + ": index format " + std::to_string(version) +
                         " was written by a newer josekic; this one reads format " +
                         std::to_string(kFormatVersion));
    if (version != kFormatVersion)
        throw IndexError(name + ": index format " + std::to_string(version) +
                         " was written by an older josekic; compile the dictionary again");
    const auto section_count = load_le<std::uint32_t>(header.data() + 12);
    const auto file_size = load_le<std::uint64_t>(header.data() + 16);
    if (file_size != size)
        damaged("it has " + std::to_string(size) + " bytes, its header says " +
                std::to_string(file_size) + ": truncated?");
    if (section_count > 64 || kHeaderSize + std::size_t{section_count} * kSectionEntrySize > size)
        damaged("bad section table");
    const std::size_t table_end = kHeaderSize + std::size_t{section_count} * kSectionEntrySize;
    std::vector<std::byte> head(table_end);
    if (!source_->read(0, head)) damaged("cannot read the section table");
    compile_id_ = index::compile_id(head);
    const auto stored_crc = load_le<std::uint32_t>(head.data() + kHeaderCrcOffset);
    std::fill_n(head.begin() + kHeaderCrcOffset, 4, std::byte{0});
    if (crc32(head) != stored_crc) damaged("header checksum mismatch");

    for (std::uint32_t i = 0; i < section_count; ++i) {
        const std::byte* e = head.data() + kHeaderSize + std::size_t{i} * kSectionEntrySize;
        const SectionEntry entry{load_le<std::uint32_t>(e), load_le<std::uint32_t>(e + 4),
                                 load_le<std::uint64_t>(e + 8), load_le<std::uint64_t>(e + 16),
                                 load_le<std::uint32_t>(e + 24)};
        if (entry.record_size != expected_record_size(entry.id)) damaged("bad record size");
        if (entry.offset < table_end || entry.offset > size ||
            entry.count > (size - entry.offset) / entry.record_size)
            damaged("a section lies outside the file");
        sections_.push_back(
            SectionView{true, entry.offset, entry.count, entry.record_size, entry.crc});
        SectionView* slot = nullptr;
        if (entry.id == static_cast<std::uint32_t>(SectionId::Strings)) slot = &strings_;
        if (entry.id == static_cast<std::uint32_t>(SectionId::Games)) slot = &games_;
        if (entry.id == static_cast<std::uint32_t>(SectionId::Positions)) slot = &positions_;
        if (entry.id == static_cast<std::uint32_t>(SectionId::PositionDirectory))
            slot = &directory_;
        if (entry.id == static_cast<std::uint32_t>(SectionId::Options)) slot = &options_;
        for (Tree t : {Tree::Joseki, Tree::Fuseki}) {
            TreeView& view = t == Tree::Joseki ? joseki_ : fuseki_;
            if (entry.id == section_id(t, TreePart::Nodes)) slot = &view.nodes_;
            if (entry.id == section_id(t, TreePart::Lines)) slot = &view.lines_;
            if (entry.id == section_id(t, TreePart::Stats)) slot = &view.stats_;
            if (entry.id == section_id(t, TreePart::MoveNumbers)) slot = &view.move_numbers_;
        }
        if (slot == nullptr) continue;  // a section this version does not read
        if (slot->present) damaged("a section appears twice");
        *slot = sections_.back();
    }
    if (!strings_.present || !games_.present) damaged("the game table is missing");
    if (!positions_.present || !directory_.present) damaged("the position table is missing");
    if (!options_.present || options_.count != 1) damaged("the compile options are missing");
    unsigned bits = 0;
    while (bits < kMaxDirectoryBits && (std::uint64_t{1} << bits) + 1 < directory_.count) ++bits;
    if (bits == 0 || (std::uint64_t{1} << bits) + 1 != directory_.count)
        damaged("bad position directory");
    joseki_.tree_bit_ = 0;
    fuseki_.tree_bit_ = kFusekiNodeBit;
    for (TreeView* view : {&joseki_, &fuseki_}) {
        if (!view->nodes_.present || !view->lines_.present || !view->stats_.present ||
            !view->move_numbers_.present)
            damaged("a tree is missing");
        if (view->nodes_.count < 2 || view->nodes_.count > 0xFFFFFFFFULL) damaged("bad node count");
        view->node_count_ = static_cast<std::uint32_t>(view->nodes_.count - 1);
        view->path_ = path_.get();
        view->source_ = source_;
        view->positions_ = positions_;
        view->directory_ = directory_;
        view->directory_bits_ = bits;
    }
}

std::string IndexFile::string_at(std::uint32_t offset) const {
    if (std::uint64_t{offset} + 2 > strings_.count) damaged("a text lies outside the string pool");
    std::array<std::byte, 2> length_bytes;
    read(strings_, offset, length_bytes);
    const auto length = load_le<std::uint16_t>(length_bytes.data());
    if (std::uint64_t{offset} + 2 + length > strings_.count)
        damaged("a text lies outside the string pool");
    std::string text(length, '\0');
    read(strings_, std::uint64_t{offset} + 2,
         std::as_writable_bytes(std::span<char>(text.data(), text.size())));
    return text;
}

IndexedGame IndexFile::game(std::uint32_t id) const {
    if (id >= games_.count) damaged("game " + std::to_string(id) + " is out of range");
    std::array<std::byte, GameRecord::kSize> b;
    read(games_, std::uint64_t{id} * GameRecord::kSize, b);
    const GameRecord r = decode_game(b.data());
    IndexedGame g;
    g.black_player = string_at(r.black_player);
    g.white_player = string_at(r.white_player);
    g.black_rank = string_at(r.black_rank);
    g.white_rank = string_at(r.white_rank);
    g.date = string_at(r.date);
    g.event = string_at(r.event);
    g.result = string_at(r.result);
    g.source_path = string_at(r.source_dir) + string_at(r.source_name);
    g.index_in_file = r.index_in_file;
    g.year = r.year;
    return g;
}

OptionsRecord IndexFile::options() const {
    std::array<std::byte, OptionsRecord::kSize> b;
    read(options_, 0, b);
    return decode_options(b.data());
}

void IndexFile::verify() const {
    std::vector<std::byte> chunk(std::size_t{1} << 20);
    for (std::size_t i = 0; i < sections_.size(); ++i) {
        const SectionView& s = sections_[i];
        const std::uint64_t size = s.count * s.record_size;
        std::uint32_t crc = 0;
        for (std::uint64_t at = 0; at < size; at += chunk.size()) {
            const std::span<std::byte> part(
                chunk.data(),
                static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), size - at)));
            read(s, at, part);
            crc = crc32(part, crc);
        }
        if (crc != s.crc) damaged("checksum mismatch in section " + std::to_string(i));
    }
}

}  // namespace josekic::index
