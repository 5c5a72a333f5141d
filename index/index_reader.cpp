#include "index/index_reader.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

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

}  // namespace

void TreeView::damaged(const std::string& what) const {
    throw IndexError(*path_ + ": the index is damaged (" + what +
                     "); compile the dictionary again");
}

NodeRecord TreeView::node(std::uint32_t i) const {
    if (i > node_count_) damaged("node " + std::to_string(i) + " is out of range");
    const NodeRecord r = decode_node(nodes_.data + std::size_t{i} * NodeRecord::kSize);
    // The links a walk follows must stay inside the tree and the lines.
    if (i < node_count_ && (r.subtree_end <= i || r.subtree_end > node_count_))
        damaged("node " + std::to_string(i) + " has a bad subtree");
    if (r.lines_begin > lines_.count) damaged("node " + std::to_string(i) + " has bad lines");
    return r;
}

LineRecord TreeView::line(std::uint32_t i) const {
    if (i >= lines_.count) damaged("line " + std::to_string(i) + " is out of range");
    return decode_line(lines_.data + std::size_t{i} * LineRecord::kSize);
}

std::vector<std::uint32_t> TreeView::nodes_at(std::uint64_t key) const {
    const std::uint64_t bucket = key_bucket(key, directory_bits_);
    std::uint64_t lo = load_le<std::uint32_t>(directory_.data + bucket * 4);
    std::uint64_t hi = load_le<std::uint32_t>(directory_.data + (bucket + 1) * 4);
    if (lo > hi || hi > positions_.count) damaged("bad position directory");
    const std::uint64_t low = key & kKeyLowMask;
    const auto low_at = [&](std::uint64_t i) {
        return decode_position(positions_.data + i * PositionRecord::kSize).key;
    };
    const std::uint64_t bucket_end = hi;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (low_at(mid) < low)
            lo = mid + 1;
        else
            hi = mid;
    }
    std::vector<std::uint32_t> nodes;
    for (; lo < bucket_end && low_at(lo) == low; ++lo) {
        const PositionRecord r = decode_position(positions_.data + lo * PositionRecord::kSize);
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
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (load_le<std::uint32_t>(stats_.data + mid * StatsRecord::kSize) < node)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == stats_.count) return std::nullopt;
    const StatsRecord r = decode_stats(stats_.data + lo * StatsRecord::kSize);
    if (r.node != node) return std::nullopt;
    return r;
}

std::uint32_t TreeView::move_number(const LineRecord& line, std::span<const go::Move> moves) const {
    const std::optional<std::uint32_t> number =
        move_number_at(move_numbers(), line.move_numbers, moves);
    if (!number) damaged("a line's move numbers are unreadable");
    return *number;
}

IndexFile::IndexFile(IndexFile&& other) noexcept {
    *this = std::move(other);
}

IndexFile& IndexFile::operator=(IndexFile&& other) noexcept {
    if (this == &other) return *this;
    if (mapping_ != nullptr) ::munmap(mapping_, bytes_.size());
    path_ = std::move(other.path_);
    bytes_ = other.bytes_;
    mapping_ = std::exchange(other.mapping_, nullptr);
    sections_ = std::move(other.sections_);
    strings_ = other.strings_;
    games_ = other.games_;
    positions_ = other.positions_;
    directory_ = other.directory_;
    options_ = other.options_;
    joseki_ = other.joseki_;
    fuseki_ = other.fuseki_;
    return *this;
}

IndexFile::~IndexFile() {
    if (mapping_ != nullptr) ::munmap(mapping_, bytes_.size());
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
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > 0) {
        void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            ::close(fd);
            throw IndexError(path.string() + ": cannot map the index: " + std::strerror(errno));
        }
        file.mapping_ = map;
        file.bytes_ = {static_cast<const std::byte*>(map), size};
    }
    ::close(fd);
    file.check_layout();
    return file;
}

IndexFile IndexFile::view(std::span<const std::byte> bytes, std::string name) {
    IndexFile file;
    file.path_ = std::make_unique<std::string>(std::move(name));
    file.bytes_ = bytes;
    file.check_layout();
    return file;
}

void IndexFile::damaged(const std::string& what) const {
    throw IndexError(*path_ + ": the index is damaged (" + what +
                     "); compile the dictionary again");
}

void IndexFile::check_layout() {
    const std::string& name = *path_;
    if (bytes_.size() < kHeaderSize ||
        !std::equal(kMagic.begin(), kMagic.end(), reinterpret_cast<const char*>(bytes_.data())))
        throw IndexError(name + ": not a josekic index (no JOSEKIX header)");
    const auto version = load_le<std::uint32_t>(bytes_.data() + 8);
    if (version > kFormatVersion)
        throw IndexError(name + ": index format " + std::to_string(version) +
                         " was written by a newer josekic; this one reads format " +
                         std::to_string(kFormatVersion));
    if (version != kFormatVersion)
        throw IndexError(name + ": unknown index format " + std::to_string(version));
    const auto section_count = load_le<std::uint32_t>(bytes_.data() + 12);
    const auto file_size = load_le<std::uint64_t>(bytes_.data() + 16);
    if (file_size != bytes_.size())
        damaged("it has " + std::to_string(bytes_.size()) + " bytes, its header says " +
                std::to_string(file_size) + ": truncated?");
    if (section_count > 64 ||
        kHeaderSize + std::size_t{section_count} * kSectionEntrySize > bytes_.size())
        damaged("bad section table");
    const std::size_t table_end = kHeaderSize + std::size_t{section_count} * kSectionEntrySize;
    std::vector<std::byte> head(bytes_.begin(),
                                bytes_.begin() + static_cast<std::ptrdiff_t>(table_end));
    std::fill_n(head.begin() + kHeaderCrcOffset, 4, std::byte{0});
    if (crc32(head) != load_le<std::uint32_t>(bytes_.data() + kHeaderCrcOffset))
        damaged("header checksum mismatch");

    for (std::uint32_t i = 0; i < section_count; ++i) {
        const std::byte* e = bytes_.data() + kHeaderSize + std::size_t{i} * kSectionEntrySize;
        const SectionEntry entry{load_le<std::uint32_t>(e), load_le<std::uint32_t>(e + 4),
                                 load_le<std::uint64_t>(e + 8), load_le<std::uint64_t>(e + 16),
                                 load_le<std::uint32_t>(e + 24)};
        if (entry.record_size != expected_record_size(entry.id)) damaged("bad record size");
        if (entry.offset < table_end || entry.offset > bytes_.size() ||
            entry.count > (bytes_.size() - entry.offset) / entry.record_size)
            damaged("a section lies outside the file");
        sections_.push_back(
            SectionView{bytes_.data() + entry.offset, entry.count, entry.record_size, entry.crc});
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
        if (slot->data != nullptr) damaged("a section appears twice");
        *slot = sections_.back();
    }
    if (strings_.data == nullptr || games_.data == nullptr) damaged("the game table is missing");
    if (positions_.data == nullptr || directory_.data == nullptr)
        damaged("the position table is missing");
    if (options_.data == nullptr || options_.count != 1) damaged("the compile options are missing");
    unsigned bits = 0;
    while (bits < kMaxDirectoryBits && (std::uint64_t{1} << bits) + 1 < directory_.count) ++bits;
    if (bits == 0 || (std::uint64_t{1} << bits) + 1 != directory_.count)
        damaged("bad position directory");
    joseki_.tree_bit_ = 0;
    fuseki_.tree_bit_ = kFusekiNodeBit;
    for (TreeView* view : {&joseki_, &fuseki_}) {
        if (view->nodes_.data == nullptr || view->lines_.data == nullptr ||
            view->stats_.data == nullptr || view->move_numbers_.data == nullptr)
            damaged("a tree is missing");
        if (view->nodes_.count < 2 || view->nodes_.count > 0xFFFFFFFFULL) damaged("bad node count");
        view->node_count_ = static_cast<std::uint32_t>(view->nodes_.count - 1);
        view->path_ = path_.get();
        view->positions_ = positions_;
        view->directory_ = directory_;
        view->directory_bits_ = bits;
    }
}

std::string_view IndexFile::string_at(std::uint32_t offset) const {
    if (std::uint64_t{offset} + 2 > strings_.count) damaged("a text lies outside the string pool");
    const auto length = load_le<std::uint16_t>(strings_.data + offset);
    if (std::uint64_t{offset} + 2 + length > strings_.count)
        damaged("a text lies outside the string pool");
    return {reinterpret_cast<const char*>(strings_.data + offset + 2), length};
}

IndexedGame IndexFile::game(std::uint32_t id) const {
    if (id >= games_.count) damaged("game " + std::to_string(id) + " is out of range");
    const GameRecord r = decode_game(games_.data + std::size_t{id} * GameRecord::kSize);
    IndexedGame g;
    g.black_player = string_at(r.black_player);
    g.white_player = string_at(r.white_player);
    g.black_rank = string_at(r.black_rank);
    g.white_rank = string_at(r.white_rank);
    g.date = string_at(r.date);
    g.event = string_at(r.event);
    g.result = string_at(r.result);
    g.source_path = std::string(string_at(r.source_dir)) + std::string(string_at(r.source_name));
    g.index_in_file = r.index_in_file;
    g.year = r.year;
    return g;
}

void IndexFile::verify() const {
    for (std::size_t i = 0; i < sections_.size(); ++i) {
        const SectionView& s = sections_[i];
        if (crc32({s.data, static_cast<std::size_t>(s.count * s.record_size)}) != s.crc)
            damaged("checksum mismatch in section " + std::to_string(i));
    }
}

}  // namespace josekic::index
