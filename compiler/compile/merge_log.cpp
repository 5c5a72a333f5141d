#include "compiler/compile/merge_log.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#include "index/index_format.hpp"
#include "index/index_reader.hpp"
#include "index/varint.hpp"

namespace josekic::compile {

namespace {

constexpr int kPass = 361;  // after the points of the board, in a move's code

// Every integer is an unsigned LEB128 varint (a signed one zigzagged), every text a varint
// length and its bytes, every list a varint count and its items.
class Writer {
  public:
    explicit Writer(std::vector<std::byte>& out) : out_(out) {}
    void u(std::uint64_t v) { index::append_varint(out_, v); }
    void s(std::int64_t v) {
        u((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
    }
    void text(std::string_view t) {
        u(t.size());
        const auto* b = reinterpret_cast<const std::byte*>(t.data());
        out_.insert(out_.end(), b, b + t.size());
    }
    void raw(std::span<const std::byte> bytes) {
        out_.insert(out_.end(), bytes.begin(), bytes.end());
    }
    void u64(std::uint64_t v) {
        std::array<std::byte, 8> b;
        index::store_le(v, b.data());
        raw(b);
    }
    void optional_int(const std::optional<int>& v) {
        u(v ? 1 : 0);
        if (v) s(*v);
    }
    // A move as point * 2 + colour (a pass is point 361): two bytes at most.
    void moves(const std::vector<go::Move>& moves) {
        u(moves.size());
        for (const go::Move& m : moves) {
            const auto point = static_cast<std::uint64_t>(m.point ? m.point->index() : kPass);
            u(point * 2 + (m.color == go::Color::White ? 1 : 0));
        }
    }

  private:
    std::vector<std::byte>& out_;
};

class Reader {
  public:
    Reader(std::span<const std::byte> bytes, const std::string& path) : b_(bytes), path_(path) {}
    std::uint64_t u() {
        std::uint64_t v = 0;
        const std::byte* next = index::decode_varint(b_.data() + at_, b_.data() + b_.size(), v);
        if (next == nullptr) damaged();
        at_ = static_cast<std::size_t>(next - b_.data());
        return v;
    }
    std::int64_t s() {
        const std::uint64_t v = u();
        return static_cast<std::int64_t>((v >> 1) ^ (~(v & 1) + 1));
    }
    // A count of items that take at least one byte each: bounded by what remains.
    std::size_t count() {
        const std::uint64_t n = u();
        if (n > b_.size() - at_) damaged();
        return static_cast<std::size_t>(n);
    }
    template <typename Enum>
    Enum small(unsigned limit) {
        const std::uint64_t v = u();
        if (v >= limit) damaged();
        return static_cast<Enum>(v);
    }
    int i32() {
        const std::int64_t v = s();
        if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) damaged();
        return static_cast<int>(v);
    }
    std::string text() {
        const std::size_t n = count();
        std::string t(reinterpret_cast<const char*>(b_.data() + at_), n);
        at_ += n;
        return t;
    }
    std::span<const std::byte> raw(std::size_t n) {
        if (n > b_.size() - at_) damaged();
        const std::span<const std::byte> bytes = b_.subspan(at_, n);
        at_ += n;
        return bytes;
    }
    std::uint64_t u64() { return index::load_le<std::uint64_t>(raw(8).data()); }
    std::optional<int> optional_int() {
        if (u() == 0) return std::nullopt;
        return i32();
    }
    // Into `moves`, whose room is used again.
    void moves(std::vector<go::Move>& moves) {
        moves.resize(count());
        for (go::Move& m : moves) {
            const std::uint64_t code = u();
            if (code / 2 > kPass) damaged();
            m.color = code % 2 == 1 ? go::Color::White : go::Color::Black;
            m.point = std::nullopt;
            if (code / 2 < kPass) m.point = go::Point::from_index(static_cast<int>(code / 2));
        }
    }
    bool at_end() const { return at_ == b_.size(); }
    [[noreturn]] void damaged() const { index::throw_damaged(path_, "a merge record"); }

  private:
    std::span<const std::byte> b_;
    const std::string& path_;
    std::size_t at_ = 0;
};

void write_counts(Writer& w, const std::map<std::string, std::uint64_t>& counts) {
    w.u(counts.size());
    for (const auto& [name, n] : counts) {
        w.text(name);
        w.u(n);
    }
}

std::map<std::string, std::uint64_t> read_counts(Reader& r) {
    std::map<std::string, std::uint64_t> counts;
    for (std::size_t n = r.count(); n > 0; --n) {
        std::string name = r.text();
        counts[std::move(name)] = r.u();
    }
    return counts;
}

void write_rank(Writer& w, const std::optional<game::Rank>& rank) {
    w.u(rank ? 1 : 0);
    if (!rank) return;
    w.u(static_cast<std::uint64_t>(rank->kind));
    w.s(rank->level);
}

std::optional<game::Rank> read_rank(Reader& r) {
    if (r.u() == 0) return std::nullopt;
    game::Rank rank;
    rank.kind = r.small<game::RankKind>(3);
    rank.level = r.i32();
    return rank;
}

void write_verdict(Writer& w, const game::FilterVerdict& verdict) {
    for (const auto& miss : verdict.misses) w.u(miss ? 1 + static_cast<std::uint64_t>(*miss) : 0);
}

game::FilterVerdict read_verdict(Reader& r) {
    game::FilterVerdict verdict;
    for (auto& miss : verdict.misses) {
        const auto v = r.small<unsigned>(3);
        if (v > 0) miss = static_cast<game::FilterMiss>(v - 1);
    }
    return verdict;
}

constexpr unsigned kCodeLimit = 256;

}  // namespace

std::vector<std::byte> encode_merge_run(const MergeRun& merge) {
    std::vector<std::byte> out;
    Writer w(out);
    const pipeline::RunReport& run = merge.run;
    w.text(merge.zones_file);
    w.text(merge.forced_charset);
    w.u(static_cast<std::uint64_t>(merge.handicap));
    w.u(run.inputs.size());
    for (const std::string& input : run.inputs) w.text(input);
    w.u(run.files_read);
    w.u(run.bytes_read);
    w.u(run.files_skipped.size());
    for (const pipeline::SkippedFile& f : run.files_skipped) {
        w.text(f.path);
        w.u(static_cast<std::uint64_t>(f.code));
        w.text(f.message);
    }
    w.u(run.josekic_files_skipped);
    w.u(run.inputs_missing);
    w.u(run.games_read);
    w.u(run.games_kept);
    write_counts(w, run.games_skipped);
    w.u(run.duplicates_dropped);
    const game::GameFilter& filter = run.filter;
    w.optional_int(filter.since);
    w.optional_int(filter.until);
    write_rank(w, filter.min_rank);
    write_rank(w, filter.max_rank);
    w.u(filter.players.size());
    for (const game::PlayerName& p : filter.players) w.text(p.as_written());
    w.u(filter.event ? 1 : 0);
    if (filter.event) w.text(*filter.event);
    w.u(run.filtered.games_removed);
    for (const auto& failed : run.filtered.failed)
        for (const std::uint64_t n : failed) w.u(n);
    w.u(run.moves_replayed);
    write_counts(w, run.games_cut);
    write_counts(w, run.diagnostics.by_code);
    w.u(run.diagnostics.warnings);
    w.u(run.diagnostics.errors);
    w.u(run.largest_files.size());
    for (const pipeline::FileMeasure& f : run.largest_files) {
        w.text(f.path);
        w.u(f.bytes);
    }
    return out;
}

MergeRun decode_merge_run(std::span<const std::byte> bytes, const std::string& path) {
    Reader r(bytes, path);
    MergeRun merge;
    pipeline::RunReport& run = merge.run;
    merge.zones_file = r.text();
    merge.forced_charset = r.text();
    merge.handicap = r.small<HandicapFuseki>(2);
    for (std::size_t n = r.count(); n > 0; --n) run.inputs.push_back(r.text());
    run.files_read = r.u();
    run.bytes_read = r.u();
    for (std::size_t n = r.count(); n > 0; --n) {
        pipeline::SkippedFile f;
        f.path = r.text();
        f.code = r.small<diag::Code>(kCodeLimit);
        f.message = r.text();
        run.files_skipped.push_back(std::move(f));
    }
    run.josekic_files_skipped = r.u();
    run.inputs_missing = r.u();
    run.games_read = r.u();
    run.games_kept = r.u();
    run.games_skipped = read_counts(r);
    run.duplicates_dropped = r.u();
    game::GameFilter& filter = run.filter;
    filter.since = r.optional_int();
    filter.until = r.optional_int();
    filter.min_rank = read_rank(r);
    filter.max_rank = read_rank(r);
    for (std::size_t n = r.count(); n > 0; --n) filter.players.emplace_back(r.text());
    if (r.u() != 0) filter.event = r.text();
    run.filtered.games_removed = r.u();
    for (auto& failed : run.filtered.failed)
        for (std::uint64_t& n : failed) n = r.u();
    run.moves_replayed = r.u();
    run.games_cut = read_counts(r);
    run.diagnostics.by_code = read_counts(r);
    run.diagnostics.warnings = r.u();
    run.diagnostics.errors = r.u();
    for (std::size_t n = r.count(); n > 0; --n) {
        pipeline::FileMeasure f;
        f.path = r.text();
        f.bytes = r.u();
        run.largest_files.push_back(std::move(f));
    }
    if (!r.at_end()) r.damaged();
    return merge;
}

namespace {

void write_entry(Writer& w, const go::Hash128& fingerprint,
                 const std::optional<game::FilterVerdict>& filtered, std::uint64_t legal_moves,
                 const std::optional<go::MoveVerdict>& stopped_by, const std::optional<int>& year,
                 game::Winner winner, const GameAnalysis* analysis) {
    w.u64(fingerprint.high);
    w.u64(fingerprint.low);
    w.u(filtered ? 1 : 0);
    if (filtered) {
        write_verdict(w, *filtered);
        return;
    }
    w.u(legal_moves);
    w.u(stopped_by ? 1 + static_cast<std::uint64_t>(*stopped_by) : 0);
    w.optional_int(year);
    w.u(static_cast<std::uint64_t>(winner));
    const trackers::CornerExtraction& corners = analysis->corners;
    w.u(corners.blocked_by_setup.size());
    w.u(corners.sequences.size());
    for (const trackers::CornerSequence& seq : corners.sequences) {
        w.u(static_cast<std::uint64_t>(seq.corner));
        w.u(static_cast<std::uint64_t>(seq.end));
        w.u(static_cast<std::uint64_t>(seq.colours));
        w.u(seq.tenukis);
        w.moves(seq.moves);
    }
    w.u(analysis->move_numbers_end.size());
    for (const std::uint32_t end : analysis->move_numbers_end) w.u(end);
    w.u(analysis->move_numbers.size());
    w.raw(std::as_bytes(std::span(analysis->move_numbers)));
    const trackers::CanonicalOpening& opening = analysis->opening;
    w.u(static_cast<std::uint64_t>(opening.opening_class));
    w.moves(opening.moves);
    for (const auto* stones : {&opening.setup_black, &opening.setup_white}) {
        w.u(stones->size());
        for (const go::Point p : *stones) w.u(static_cast<std::uint64_t>(p.index()));
    }
}

// Entries are framed by their length, so that a reader takes each whole from its buffer.
void frame(std::span<const std::byte> entry, std::vector<std::byte>& out) {
    Writer(out).u(entry.size());
    out.insert(out.end(), entry.begin(), entry.end());
}

}  // namespace

void encode_logged_game(const pipeline::GameSlot& slot, const GameAnalysis* analysis,
                        std::vector<std::byte>& out) {
    std::vector<std::byte> entry;
    Writer w(entry);
    write_entry(w, slot.fingerprint.key, slot.filtered, slot.replay.legal_moves,
                slot.replay.stopped_by, slot.record.info.year, slot.record.info.winner, analysis);
    frame(entry, out);
}

void encode_logged_game(const LoggedGame& game, std::vector<std::byte>& out) {
    std::vector<std::byte> entry;
    Writer w(entry);
    write_entry(w, game.fingerprint, game.filtered, game.legal_moves, game.stopped_by, game.year,
                game.winner, &game.analysis);
    frame(entry, out);
}

LoggedGameReader::LoggedGameReader(std::function<void(std::uint64_t, std::span<std::byte>)> read,
                                   std::uint64_t size, std::string path)
    : read_(std::move(read)), size_(size), path_(std::move(path)) {}

void LoggedGameReader::fill() {
    constexpr std::size_t kPiece = std::size_t{1} << 20;
    buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(at_));
    at_ = 0;
    const std::size_t n =
        static_cast<std::size_t>(std::min<std::uint64_t>(kPiece, size_ - file_at_));
    const std::size_t old = buffer_.size();
    buffer_.resize(old + n);
    read_(file_at_, std::span<std::byte>(buffer_.data() + old, n));
    file_at_ += n;
}

bool LoggedGameReader::next(LoggedGame& game) {
    if (buffer_.size() - at_ < 10 && file_at_ < size_) fill();
    if (at_ == buffer_.size()) return false;
    std::uint64_t length = 0;
    {
        Reader frame_reader(std::span<const std::byte>(buffer_).subspan(at_), path_);
        length = frame_reader.u();
        std::size_t header = 1;
        for (std::uint64_t v = length; v >= 0x80; v >>= 7) ++header;
        at_ += header;
    }
    while (buffer_.size() - at_ < length && file_at_ < size_) fill();
    if (buffer_.size() - at_ < length) index::throw_damaged(path_, "a merge record");
    Reader r(std::span<const std::byte>(buffer_).subspan(at_, static_cast<std::size_t>(length)),
             path_);
    entry_at_ = at_;
    entry_size_ = static_cast<std::size_t>(length);
    at_ += static_cast<std::size_t>(length);

    // Every field is set, and the vectors keep their room: `game` may be one read before.
    game.fingerprint.high = r.u64();
    game.fingerprint.low = r.u64();
    game.legal_moves = 0;
    game.stopped_by.reset();
    game.year.reset();
    game.winner = game::Winner::Unknown;
    game.filtered.reset();
    GameAnalysis& analysis = game.analysis;
    analysis.opening.setup_black.clear();
    analysis.opening.setup_white.clear();
    analysis.opening.symmetry = go::Symmetry::Identity;
    analysis.patterns.clear();  // a merge reads the patterns from the index
    if (r.u() != 0) {
        game.filtered = read_verdict(r);
        if (!r.at_end()) r.damaged();
        analysis = GameAnalysis{};
        return true;
    }
    game.legal_moves = r.u();
    if (const auto stop = r.small<unsigned>(5); stop > 0)
        game.stopped_by = static_cast<go::MoveVerdict>(stop - 1);
    game.year = r.optional_int();
    game.winner = r.small<game::Winner>(4);
    trackers::CornerExtraction& corners = analysis.corners;
    corners.blocked_by_setup.assign(r.count(), trackers::Corner{});
    corners.sequences.resize(r.count());
    for (trackers::CornerSequence& seq : corners.sequences) {
        std::vector<go::Move> moves = std::move(seq.moves);
        seq = trackers::CornerSequence{};
        seq.corner = r.small<trackers::Corner>(4);
        seq.end = r.small<trackers::SequenceEnd>(
            static_cast<unsigned>(trackers::kAllSequenceEnds.size()));
        seq.colours = r.small<trackers::ColourOrder>(2);
        seq.tenukis = static_cast<std::size_t>(r.u());
        r.moves(moves);
        seq.moves = std::move(moves);
    }
    game.analysis.move_numbers_end.resize(r.count());
    for (std::uint32_t& end : game.analysis.move_numbers_end)
        end = r.small<std::uint32_t>(0xFFFFFFFFU);
    const std::span<const std::byte> numbers = r.raw(r.count());
    game.analysis.move_numbers.resize(numbers.size());
    if (!numbers.empty())
        std::memcpy(game.analysis.move_numbers.data(), numbers.data(), numbers.size());
    trackers::CanonicalOpening& opening = game.analysis.opening;
    opening.opening_class = r.small<trackers::OpeningClass>(4);
    r.moves(opening.moves);
    for (auto* stones : {&opening.setup_black, &opening.setup_white}) {
        stones->resize(r.count());
        for (go::Point& p : *stones) p = go::Point::from_index(r.small<int>(361));
    }
    if (!r.at_end()) r.damaged();
    // The builder copies each sequence's move numbers from these ends: they must lie in order
    // inside the numbers.
    if (game.analysis.move_numbers_end.size() != corners.sequences.size()) r.damaged();
    std::uint32_t previous = 0;
    for (const std::uint32_t end : game.analysis.move_numbers_end) {
        if (end < previous || end > game.analysis.move_numbers.size()) r.damaged();
        previous = end;
    }
    return true;
}

void LoggedGameReader::copy_entry(std::vector<std::byte>& out) const {
    out.clear();
    frame(std::span<const std::byte>(buffer_).subspan(entry_at_, entry_size_), out);
}

}  // namespace josekic::compile
