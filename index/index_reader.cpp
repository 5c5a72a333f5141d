#include "index/index_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "index/line_moves.hpp"
#include "index/move_code.hpp"
#include "index/node_nesting.hpp"
#include "index/record_search.hpp"

namespace josekic::index {

namespace {

// Reads out.size() bytes at `offset` of `section`; false when they are not all in it.
bool read_section(const ByteSource& source, const SectionView& section, std::uint64_t offset,
                  std::span<std::byte> out) {
    const std::uint64_t size = section.count * section.record_size;
    return offset <= size && out.size() <= size - offset &&
           source.read(section.offset + offset, out);
}

}  // namespace

ByteSource::ByteSource(int fd, std::uint64_t size)
    : fd_(fd), pages_(std::make_unique<PageCache>(fd, size)), size_(size) {}

ByteSource::~ByteSource() {
    if (fd_ >= 0) ::close(fd_);
}

bool ByteSource::read(std::uint64_t offset, std::span<std::byte> out) const {
    if (offset > size_ || out.size() > size_ - offset) return false;
    if (fd_ < 0) {
        std::copy_n(bytes_.begin() + static_cast<std::ptrdiff_t>(offset), out.size(), out.begin());
        return true;
    }
    return pages_->read(offset, out);
}

void throw_damaged(std::string_view file, std::string_view what) {
    throw IndexError(std::string(file) + ": the index is damaged (" + std::string(what) +
                     "); compile the dictionary again");
}

void TreeView::damaged(const std::string& what) const {
    throw_damaged(*path_, what);
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

RecordCursor<LineRecord, decode_line> TreeView::line_cursor(std::uint32_t first,
                                                            std::uint32_t last) const {
    if (first > last || last > lines_.count)
        damaged("lines " + std::to_string(first) + "-" + std::to_string(last) +
                " are out of range");
    return {
        [this](std::uint64_t offset, std::span<std::byte> bytes) { read(lines_, offset, bytes); },
        first, last, kLinesPerRead};
}

std::vector<std::uint32_t> TreeView::nodes_at(std::uint64_t key) const {
    const std::uint64_t bucket = key_bucket(key, directory_bits_);
    std::array<std::byte, 8> range;
    read(directory_, bucket * 4, range);
    std::uint64_t lo = load_le<std::uint32_t>(range.data());
    const std::uint64_t hi = load_le<std::uint32_t>(range.data() + 4);
    if (lo > hi || hi > positions_.count) damaged("bad position directory");
    const std::uint64_t low = key & kKeyLowMask;
    const auto at = [&](std::uint64_t i) {
        std::array<std::byte, PositionRecord::kSize> b;
        read(positions_, i * PositionRecord::kSize, b);
        return decode_position(b.data());
    };
    lo = first_not_before(lo, hi, [&](std::uint64_t i) { return at(i).key < low; });
    std::vector<std::uint32_t> nodes;
    std::optional<std::uint32_t> previous;
    for (; lo < hi; ++lo) {
        const PositionRecord r = at(lo);
        if (r.key != low) break;
        // Records of one key are sorted by node, each node once: a repeated or unsorted one
        // would count its lines again.
        if (previous && r.node <= *previous) damaged("the position table is out of order");
        previous = r.node;
        if ((r.node & kFusekiNodeBit) != tree_bit_) continue;
        const std::uint32_t node = r.node & ~kFusekiNodeBit;
        if (node >= node_count_) damaged("a position names a node out of range");
        nodes.push_back(node);
    }
    return nodes;
}

std::optional<StatsRecord> TreeView::stored_stats(std::uint32_t node) const {
    const auto node_at = [&](std::uint64_t i) {
        std::array<std::byte, 4> b;
        read(stats_, i * StatsRecord::kSize, b);
        return load_le<std::uint32_t>(b.data());
    };
    const std::uint64_t lo =
        first_not_before(0, stats_.count, [&](std::uint64_t i) { return node_at(i) < node; });
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

template <typename Record, Record (*Decode)(const std::byte*), typename Visit>
void TreeView::for_each_record(const SectionView& section, Visit visit) const {
    constexpr std::uint64_t kPerRead = 4096;
    RecordCursor<Record, Decode> records(
        [this, &section](std::uint64_t offset, std::span<std::byte> bytes) {
            read(section, offset, bytes);
        },
        0, section.count, kPerRead);
    while (!records.done()) {
        const std::uint64_t i = records.position();
        visit(i, records.next());
    }
}

void TreeView::verify_records(std::uint32_t game_count) const {
    // Nodes: each subtree inside its parent's, the lines they begin at in preorder, the
    // sentinel's the total (node_nesting.hpp); a move code each.
    NodeNesting nesting(node_count_, lines_.count);
    for_each_record<NodeRecord, decode_node>(nodes_, [&](std::uint64_t i, const NodeRecord& r) {
        const auto node = static_cast<std::uint32_t>(i);
        if (node == node_count_) {
            if (!nesting.ends(r)) damaged("the sentinel does not count every line");
            return;
        }
        if (!nesting.enter(r)) damaged("node " + std::to_string(node) + " " + nesting.problem());
        if (!decode_move(r.move) && node != 0)
            damaged("node " + std::to_string(node) + " has a bad move code");
    });
    for_each_record<LineRecord, decode_line>(lines_, [&](std::uint64_t i, const LineRecord& l) {
        if (l.game >= game_count) damaged("line " + std::to_string(i) + " names no game");
        if (l.move_numbers > move_numbers_.count)
            damaged("line " + std::to_string(i) + " has its move numbers outside the file");
    });
    std::optional<std::uint32_t> previous;
    for_each_record<StatsRecord, decode_stats>(stats_, [&](std::uint64_t, const StatsRecord& s) {
        if (s.node >= node_count_ || (previous && s.node <= *previous))
            damaged("the statistics are out of order");
        previous = s.node;
        const NodeRecord r = node(s.node);
        const std::uint32_t last = node(r.subtree_end).lines_begin;
        const std::uint32_t ends = node(s.node + 1).lines_begin;
        if (s.count != last - r.lines_begin || s.count <= kStoredStatsAbove ||
            s.ends != ends - r.lines_begin ||
            std::uint64_t{s.first_player_wins} + s.second_player_wins + s.draws + s.unknown !=
                s.count)
            damaged("statistics of node " + std::to_string(s.node) + " do not add up");
        for (std::uint32_t l : s.recent_lines)
            if (l != kNoLine && (l < r.lines_begin || l >= last))
                damaged("statistics of node " + std::to_string(s.node) + " name a bad line");
    });
}

IndexFile IndexFile::open(const std::filesystem::path& path) {
    IndexFile file;
    file.path_ = std::make_unique<std::string>(path.string());
    // O_NONBLOCK: a FIFO in the index's place would wait for a writer for ever; it is
    // refused below (the flag does nothing to a regular file's reads).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
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
    throw_damaged(*path_, what);
}

void IndexFile::read(const SectionView& section, std::uint64_t offset,
                     std::span<std::byte> out) const {
    if (!read_section(*source_, section, offset, out)) damaged("a read outside its section");
}

void IndexFile::check_layout() {
    const std::string& name = *path_;
    const std::uint64_t size = source_->size();
    std::array<std::byte, Header::kSize> header_bytes{};
    const std::optional<Header> header = size < Header::kSize || !source_->read(0, header_bytes)
                                             ? std::nullopt
                                             : decode_header(header_bytes.data());
    if (!header) throw IndexError(name + ": not a josekic index (no JOSEKIX header)");
    if (header->version > kFormatVersion)
        throw IndexError(name + ": index format " + std::to_string(header->version) +
                         " was written by a newer josekic; this one reads format " +
                         std::to_string(kFormatVersion));
    if (header->version != kFormatVersion)
        throw IndexError(name + ": index format " + std::to_string(header->version) +
                         " was written by an older josekic; compile the dictionary again");
    if (header->file_size != size)
        damaged("it has " + std::to_string(size) + " bytes, its header says " +
                std::to_string(header->file_size) + ": truncated?");
    if (header->section_count > Header::kMaxSections || head_size(header->section_count) > size)
        damaged("bad section table");
    const std::size_t table_end = head_size(header->section_count);
    std::vector<std::byte> head(table_end);
    if (!source_->read(0, head)) damaged("cannot read the section table");
    compile_id_ = index::compile_id(head);
    if (header_crc(head) != header->crc) damaged("header checksum mismatch");

    // Each section's bytes, to check that no two overlap: {offset, end}.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> extents;
    for (std::uint32_t i = 0; i < header->section_count; ++i) {
        const SectionEntry entry = decode_section_entry(head.data() + head_size(i));
        const SectionSpec* spec = section_spec(entry.id);
        const std::string which =
            "section " + std::to_string(i) +
            (spec != nullptr ? " (" + std::string(spec->name) + ")" : std::string());
        if (spec != nullptr && entry.record_size != spec->record_size)
            damaged(which + " has records of " + std::to_string(entry.record_size) +
                    " bytes, not " + std::to_string(spec->record_size));
        // A product, never a quotient: the record size of an unknown section may be 0.
        std::uint64_t bytes = 0;
        if (entry.offset < table_end) damaged(which + " starts inside the section table");
        if (entry.offset > size ||
            __builtin_mul_overflow(entry.count, std::uint64_t{entry.record_size}, &bytes) ||
            bytes > size - entry.offset)
            damaged(which + " lies outside the file");
        if (bytes != 0) extents.emplace_back(entry.offset, entry.offset + bytes);
        sections_.push_back(
            SectionView{true, entry.offset, entry.count, entry.record_size, entry.crc});
        if (spec == nullptr) continue;  // a later version's section: skipped, as documented
        SectionView* slot = slot_of(entry.id);
        if (slot->present) damaged(which + " appears twice");
        *slot = sections_.back();
    }
    std::sort(extents.begin(), extents.end());
    for (std::size_t i = 1; i < extents.size(); ++i)
        if (extents[i].first < extents[i - 1].second) damaged("two sections overlap");
    for (const SectionSpec& spec : kSectionSpecs)
        if (spec.presence == Presence::Required && !slot_of(spec.id)->present)
            damaged("the " + std::string(spec.name) + " section is missing");
    if (options_.count != 1) damaged("the compile options are missing");
    for (const SectionView& column : game_columns_)
        if (column.count != games_.count)
            damaged("a game column does not hold one record per game");
    if (pattern_directory_.present != pattern_occurrences_.present ||
        pattern_directory_.present != pattern_years_.present)
        damaged("the corner patterns are missing some of their sections");
    if (pattern_directory_.present && pattern_directory_.count == 0)
        damaged("the corner pattern directory has no sentinel");
    if (pattern_summary_directory_.present != pattern_summaries_.present ||
        (pattern_summary_directory_.present && !pattern_directory_.present))
        damaged("the corner pattern summaries are missing some of their sections");
    if (pattern_summary_directory_.present && pattern_summary_directory_.count == 0)
        damaged("the corner pattern summary directory has no sentinel");
    unsigned bits = 0;
    while (bits < kMaxDirectoryBits && (std::uint64_t{1} << bits) + 1 < directory_.count) ++bits;
    if (bits == 0 || (std::uint64_t{1} << bits) + 1 != directory_.count)
        damaged("bad position directory");
    joseki_.tree_bit_ = 0;
    fuseki_.tree_bit_ = kFusekiNodeBit;
    for (TreeView* view : {&joseki_, &fuseki_}) {
        if (view->nodes_.count < 2 || view->nodes_.count > 0xFFFFFFFFULL) damaged("bad node count");
        if (view->lines_.count > 0xFFFFFFFFULL) damaged("bad line count");
        view->node_count_ = static_cast<std::uint32_t>(view->nodes_.count - 1);
        view->path_ = path_.get();
        view->source_ = source_;
        view->positions_ = positions_;
        view->directory_ = directory_;
        view->directory_bits_ = bits;
    }
}

SectionView* IndexFile::slot_of(std::uint32_t id) {
    switch (id) {
        case static_cast<std::uint32_t>(SectionId::Strings):
            return &strings_;
        case static_cast<std::uint32_t>(SectionId::Games):
            return &games_;
        case static_cast<std::uint32_t>(SectionId::Positions):
            return &positions_;
        case static_cast<std::uint32_t>(SectionId::PositionDirectory):
            return &directory_;
        case static_cast<std::uint32_t>(SectionId::Options):
            return &options_;
        case static_cast<std::uint32_t>(SectionId::MergeRun):
            return &merge_run_;
        case static_cast<std::uint32_t>(SectionId::MergeGames):
            return &merge_games_;
        case static_cast<std::uint32_t>(SectionId::MergeGameNumbers):
            return &merge_game_numbers_;
        case static_cast<std::uint32_t>(SectionId::OutputOptions):
            return &output_options_;
        case static_cast<std::uint32_t>(SectionId::PatternDirectory):
            return &pattern_directory_;
        case static_cast<std::uint32_t>(SectionId::PatternOccurrences):
            return &pattern_occurrences_;
        case static_cast<std::uint32_t>(SectionId::PatternYears):
            return &pattern_years_;
        case static_cast<std::uint32_t>(SectionId::PatternSummaryDirectory):
            return &pattern_summary_directory_;
        case static_cast<std::uint32_t>(SectionId::PatternSummaries):
            return &pattern_summaries_;
        default:
            break;
    }
    for (std::size_t c = 0; c < kGameColumns.size(); ++c)
        if (id == column_id(kGameColumns[c].id)) return &game_columns_[c];
    for (Tree t : {Tree::Joseki, Tree::Fuseki}) {
        TreeView& view = t == Tree::Joseki ? joseki_ : fuseki_;
        if (id == section_id(t, TreePart::Nodes)) return &view.nodes_;
        if (id == section_id(t, TreePart::Lines)) return &view.lines_;
        if (id == section_id(t, TreePart::Stats)) return &view.stats_;
        if (id == section_id(t, TreePart::MoveNumbers)) return &view.move_numbers_;
    }
    throw std::logic_error("index: a section in kSectionSpecs that the reader does not hold");
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

void IndexFile::read_game_records(std::uint32_t first, std::uint32_t n,
                                  std::vector<std::byte>& bytes,
                                  std::vector<GameRecord>& out) const {
    if (std::uint64_t{first} + n > games_.count)
        damaged("games " + std::to_string(first) + "+" + std::to_string(n) + " are out of range");
    bytes.resize(std::size_t{n} * GameRecord::kSize);
    read(games_, std::uint64_t{first} * GameRecord::kSize, bytes);
    out.resize(n);
    for (std::uint32_t k = 0; k < n; ++k)
        out[k] = decode_game(bytes.data() + std::size_t{k} * GameRecord::kSize);
    for (std::size_t c = 0; c < kGameColumns.size(); ++c) {
        const std::uint32_t size = game_columns_[c].record_size;
        bytes.resize(std::size_t{n} * size);
        read(game_columns_[c], std::uint64_t{first} * size, bytes);
        for (std::uint32_t k = 0; k < n; ++k)
            decode_column(kGameColumns[c], bytes.data() + std::size_t{k} * size, out[k]);
    }
}

std::vector<std::byte> IndexFile::string_pool() const {
    std::vector<std::byte> pool(static_cast<std::size_t>(strings_.count));
    read(strings_, 0, pool);
    return pool;
}

std::string_view IndexFile::string_in(std::span<const std::byte> pool, std::uint32_t offset) const {
    if (std::uint64_t{offset} + 2 > pool.size()) damaged("a text lies outside the string pool");
    const auto length = load_le<std::uint16_t>(pool.data() + offset);
    if (std::uint64_t{offset} + 2 + length > pool.size())
        damaged("a text lies outside the string pool");
    return {reinterpret_cast<const char*>(pool.data()) + offset + 2, length};
}

IndexedGame IndexFile::game(std::uint32_t id) const {
    if (id >= games_.count) damaged("game " + std::to_string(id) + " is out of range");
    std::array<std::byte, GameRecord::kSize> b;
    read(games_, std::uint64_t{id} * GameRecord::kSize, b);
    GameRecord r = decode_game(b.data());
    for (const GameColumn& column : kGameColumns) {
        std::array<std::byte, 8> field{};
        const std::span<std::byte> bytes(field.data(), record_size_of(column.id));
        read_column_record(column.id, id, bytes);
        decode_column(column, bytes.data(), r);
    }
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

const SectionView& IndexFile::section(std::uint32_t id) const {
    return *const_cast<IndexFile*>(this)->slot_of(id);
}

OptionsRecord IndexFile::options() const {
    std::array<std::byte, OptionsRecord::kSize> b;
    read(options_, 0, b);
    return decode_options(b.data());
}

void IndexFile::verify() const {
    verify_checksums();
    joseki_.verify_records(game_count());
    fuseki_.verify_records(game_count());
    verify_positions();
    verify_games();
    if (has_patterns()) verify_patterns();
}

void IndexFile::verify_checksums() const {
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

void IndexFile::verify_games() const {
    // The pool is read once: a read per text would be ten system calls a game.
    std::vector<std::byte> pool(static_cast<std::size_t>(strings_.count));
    read(strings_, 0, pool);
    const auto text_fits = [&](std::uint32_t offset) {
        return std::uint64_t{offset} + 2 <= pool.size() &&
               std::uint64_t{offset} + 2 + load_le<std::uint16_t>(pool.data() + offset) <=
                   pool.size();
    };
    joseki_.for_each_record<GameRecord, decode_game>(
        games_, [&](std::uint64_t id, const GameRecord& g) {
            for (std::uint32_t offset : {g.date, g.result, g.source_dir, g.source_name})
                if (!text_fits(offset))
                    damaged("game " + std::to_string(id) + " names a text outside the pool");
        });
    for (const GameColumn& column : kGameColumns) {
        for_each_column_record(column.id, [&](std::uint32_t id, const std::byte* record) {
            for (std::size_t f = 0; f < column.text_field_count; ++f)
                if (!text_fits(load_le<std::uint32_t>(record + 4 * f)))
                    damaged("game " + std::to_string(id) + " names a text outside the pool");
        });
    }
}

void IndexFile::verify_positions() const {
    std::vector<std::uint32_t> directory(static_cast<std::size_t>(directory_.count));
    read(directory_, 0, std::as_writable_bytes(std::span(directory)));
    if (directory.front() != 0 || directory.back() != positions_.count)
        damaged("bad position directory");
    for (std::size_t bucket = 0; bucket + 1 < directory.size(); ++bucket)
        if (directory[bucket] > directory[bucket + 1]) damaged("bad position directory");
    // Sorted by key and node within each bucket: a new bucket starts the order afresh.
    std::size_t bucket = 0;
    // The record before in the same bucket; a key above any stored one at a bucket's start
    // (keys store 32 bits), so that the first record compares as in order.
    PositionRecord previous{~std::uint64_t{0}, 0};
    joseki_.for_each_record<PositionRecord, decode_position>(
        positions_, [&](std::uint64_t i, const PositionRecord& r) {
            while (directory[bucket + 1] <= i) {
                ++bucket;
                previous = PositionRecord{~std::uint64_t{0}, 0};
            }
            const Tree t = (r.node & kFusekiNodeBit) != 0 ? Tree::Fuseki : Tree::Joseki;
            if ((r.node & ~kFusekiNodeBit) >= tree(t).size())
                damaged("a position names a node out of range");
            if (previous.key <= kKeyLowMask &&
                (r.key < previous.key || (r.key == previous.key && r.node <= previous.node)))
                damaged("the position table is out of order");
            previous = r;
        });
}

}  // namespace josekic::index
