#include "index/index_format.hpp"

#include <algorithm>
#include <bit>

#include <zlib.h>

namespace josekic::index {

// load_le/store_le copy bytes as they are: the format is little-endian, and so is every
// host josekic is built for. A big-endian port would byte-swap here.
static_assert(std::endian::native == std::endian::little);

namespace {

struct Writer {
    std::byte* at;
    template <typename T>
    void put(T value) {
        store_le(value, at);
        at += sizeof value;
    }
    /// A pattern key in 10 bytes: the low 64 bits, then the high 16.
    void put_key(PatternKey key) {
        put(static_cast<std::uint64_t>(key.value));
        put(static_cast<std::uint16_t>(key.value >> 64));
    }
};

struct Reader {
    const std::byte* at;
    template <typename T>
    T get() {
        const T value = load_le<T>(at);
        at += sizeof value;
        return value;
    }
    PatternKey get_key() {
        const auto low = get<std::uint64_t>();
        const auto high = get<std::uint16_t>();
        return PatternKey{(PatternValue{high} << 64) | low};
    }
};

}  // namespace

void encode(const NodeRecord& r, std::byte* out) {
    Writer w{out};
    w.put(r.move);
    w.put(r.subtree_end);
    w.put(r.lines_begin);
}

void encode(const LineRecord& r, std::byte* out) {
    Writer w{out};
    w.put(static_cast<std::uint32_t>(r.game | (std::uint32_t{r.outcome} << 30)));
    w.put(r.move_numbers);
    w.put(r.year);
}

void encode_column(const GameColumn& column, const GameRecord& g, std::byte* out) {
    Writer w{out};
    if (column.text_field_count == 0) w.put(g.year);
    for (std::size_t f = 0; f < column.text_field_count; ++f) w.put(g.*column.text_fields[f]);
}

void decode_column(const GameColumn& column, const std::byte* in, GameRecord& g) {
    Reader r{in};
    if (column.text_field_count == 0) g.year = r.get<std::int16_t>();
    for (std::size_t f = 0; f < column.text_field_count; ++f)
        g.*column.text_fields[f] = r.get<std::uint32_t>();
}

void encode(const PositionRecord& r, std::byte* out) {
    Writer w{out};
    w.put(static_cast<std::uint32_t>(r.key & kKeyLowMask));
    w.put(r.node);
}

void encode(const StatsRecord& r, std::byte* out) {
    Writer w{out};
    for (std::uint32_t v :
         {r.node, r.count, r.ends, r.first_player_wins, r.second_player_wins, r.draws, r.unknown})
        w.put(v);
    w.put(r.first_year);
    w.put(r.last_year);
    for (std::uint32_t line : r.recent_lines) w.put(line);
}

void encode(const GameRecord& r, std::byte* out) {
    Writer w{out};
    for (std::uint32_t v : {r.date, r.result, r.source_dir, r.source_name, r.index_in_file})
        w.put(v);
}

NodeRecord decode_node(const std::byte* in) {
    Reader r{in};
    NodeRecord n;
    n.move = r.get<std::uint16_t>();
    n.subtree_end = r.get<std::uint32_t>();
    n.lines_begin = r.get<std::uint32_t>();
    return n;
}

PositionRecord decode_position(const std::byte* in) {
    Reader r{in};
    PositionRecord p;
    p.key = r.get<std::uint32_t>();
    p.node = r.get<std::uint32_t>();
    return p;
}

StatsRecord decode_stats(const std::byte* in) {
    Reader r{in};
    StatsRecord s;
    for (std::uint32_t* v : {&s.node, &s.count, &s.ends, &s.first_player_wins,
                             &s.second_player_wins, &s.draws, &s.unknown})
        *v = r.get<std::uint32_t>();
    s.first_year = r.get<std::int16_t>();
    s.last_year = r.get<std::int16_t>();
    for (std::uint32_t& line : s.recent_lines) line = r.get<std::uint32_t>();
    return s;
}

void encode(const PatternBlockRecord& r, std::byte* out) {
    Writer w{out};
    w.put_key(r.first_key);
    w.put(r.offset);
    w.put(r.patterns_before);
    w.put(r.occurrences_before);
}

PatternBlockRecord decode_pattern_block(const std::byte* in) {
    Reader r{in};
    PatternBlockRecord b;
    b.first_key = r.get_key();
    b.offset = r.get<std::uint64_t>();
    b.patterns_before = r.get<std::uint32_t>();
    b.occurrences_before = r.get<std::uint32_t>();
    return b;
}

void encode(const PatternSummaryRecord& r, std::byte* out) {
    Writer w{out};
    w.put_key(r.key);
    w.put(r.offset);
    w.put(r.occurrences);
}

PatternSummaryRecord decode_pattern_summary_record(const std::byte* in) {
    Reader r{in};
    PatternSummaryRecord s;
    s.key = r.get_key();
    s.offset = r.get<std::uint64_t>();
    s.occurrences = r.get<std::uint32_t>();
    return s;
}

void encode(const YearRunRecord& r, std::byte* out) {
    Writer w{out};
    w.put(r.first_game);
    w.put(r.year);
}

YearRunRecord decode_year_run(const std::byte* in) {
    Reader r{in};
    YearRunRecord y;
    y.first_game = r.get<std::uint32_t>();
    y.year = r.get<std::int16_t>();
    return y;
}

void encode(const OptionsRecord& r, std::byte* out) {
    Writer w{out};
    for (std::uint32_t v : {r.max_length, r.max_gap, r.fuseki_moves, r.flags}) w.put(v);
    for (std::uint8_t b : r.zone) w.put(b);
}

OptionsRecord decode_options(const std::byte* in) {
    Reader r{in};
    OptionsRecord o;
    for (std::uint32_t* v : {&o.max_length, &o.max_gap, &o.fuseki_moves, &o.flags})
        *v = r.get<std::uint32_t>();
    for (std::uint8_t& b : o.zone) b = r.get<std::uint8_t>();
    return o;
}

void encode(const Header& h, std::byte* out) {
    Writer w{out};
    for (char c : kMagic) w.put(c);
    w.put(h.version);
    w.put(h.section_count);
    w.put(h.file_size);
    w.put(h.crc);
    w.put(std::uint32_t{0});
}

std::optional<Header> decode_header(const std::byte* in) {
    if (!std::equal(kMagic.begin(), kMagic.end(), reinterpret_cast<const char*>(in)))
        return std::nullopt;
    Reader r{in + kMagic.size()};
    Header h;
    h.version = r.get<std::uint32_t>();
    h.section_count = r.get<std::uint32_t>();
    h.file_size = r.get<std::uint64_t>();
    h.crc = r.get<std::uint32_t>();
    return h;
}

void encode(const SectionEntry& e, std::byte* out) {
    Writer w{out};
    w.put(e.id);
    w.put(e.record_size);
    w.put(e.offset);
    w.put(e.count);
    w.put(e.crc);
    w.put(std::uint32_t{0});
}

SectionEntry decode_section_entry(const std::byte* in) {
    Reader r{in};
    SectionEntry e;
    e.id = r.get<std::uint32_t>();
    e.record_size = r.get<std::uint32_t>();
    e.offset = r.get<std::uint64_t>();
    e.count = r.get<std::uint64_t>();
    e.crc = r.get<std::uint32_t>();
    return e;
}

// zlib's CRC-32 processes several bytes a step; a table-driven loop of our own was a
// third as fast and one more thing to keep right.
std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t crc) {
    return static_cast<std::uint32_t>(
        ::crc32_z(crc, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

std::uint32_t header_crc(std::span<const std::byte> head) {
    const std::array<std::byte, 4> zero{};
    std::uint32_t crc = crc32(head.first(Header::kCrcOffset));
    crc = crc32(zero, crc);
    return crc32(head.subspan(Header::kCrcOffset + zero.size()), crc);
}

std::uint64_t compile_id(std::span<const std::byte> header_and_table) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a's offset basis and prime
    for (const std::byte b : header_and_table) {
        hash ^= static_cast<std::uint64_t>(b);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string compile_id_text(std::uint64_t id) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 15; i >= 0; --i, id >>= 4) text[static_cast<std::size_t>(i)] = kDigits[id & 15];
    return text;
}

}  // namespace josekic::index
