#include "index/pattern_spill.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <queue>
#include <stdexcept>
#include <string>
#include <system_error>
#include <tuple>

#include "core/io/positioned_io.hpp"
#include "emit/atomic_file.hpp"

namespace josekic::index {

namespace {

static_assert(sizeof(SpilledOccurrence) == 24);

// A lambda, not a function: std::sort inlines it (a function pointer cost a call a compare).
constexpr auto key_before = [](const SpilledOccurrence& a, const SpilledOccurrence& b) {
    return a.event.key_high != b.event.key_high ? a.event.key_high < b.event.key_high
                                                : a.event.key_low < b.event.key_low;
};

bool same_key(const SpilledOccurrence& a, const SpilledOccurrence& b) {
    return a.event.key_high == b.event.key_high && a.event.key_low == b.event.key_low;
}

// Occurrences of one run read back at once: 192 kB, for each run at the same time.
constexpr std::size_t kPieceOccurrences = 8192;

}  // namespace

PatternSpill::PatternSpill(std::filesystem::path directory, std::size_t run_occurrences)
    : directory_(std::move(directory)),
      run_occurrences_(std::max<std::size_t>(1, run_occurrences)) {}

PatternSpill::~PatternSpill() {
    if (fd_ >= 0) ::close(fd_);
}

void PatternSpill::add(std::uint32_t game, std::span<const PatternEvent> events) {
    for (const PatternEvent& e : events) {
        if (buffer_.size() == run_occurrences_) write_run();
        if (buffer_.capacity() == 0) buffer_.reserve(std::min<std::size_t>(run_occurrences_, 4096));
        buffer_.push_back(SpilledOccurrence{e, game});
    }
    total_ += events.size();
}

void PatternSpill::write_run() {
    if (fd_ < 0) {
        fd_ = emit::open_unnamed_file(directory_);
        if (fd_ < 0) fail("cannot make a temporary file", errno);
    }
    std::sort(buffer_.begin(), buffer_.end(), key_before);
    const int error =
        io::write_at(fd_, written_ * sizeof(SpilledOccurrence), std::as_bytes(std::span(buffer_)));
    if (error != 0) fail("cannot write a temporary file", error);
    runs_.push_back(Run{written_, buffer_.size()});
    written_ += buffer_.size();
    buffer_.clear();
}

void PatternSpill::for_each_pattern(
    const std::function<void(PatternKey, std::span<const SpilledOccurrence>)>& visit) {
    // The last run stays in memory: a compile whose patterns fit one run writes no file.
    std::sort(buffer_.begin(), buffer_.end(), key_before);
    struct Cursor {
        std::vector<SpilledOccurrence> piece;
        std::size_t at = 0;
        std::uint64_t next = 0;  // in the run
        Run run;
        bool in_memory = false;
    };
    std::vector<Cursor> cursors(runs_.size() + 1);
    for (std::size_t r = 0; r < runs_.size(); ++r) cursors[r].run = runs_[r];
    cursors.back().piece = std::move(buffer_);
    cursors.back().in_memory = true;
    cursors.back().run = Run{0, cursors.back().piece.size()};
    cursors.back().next = cursors.back().piece.size();
    const auto refill = [&](Cursor& c) {
        if (c.at < c.piece.size()) return true;
        if (c.in_memory || c.next == c.run.count) return false;
        const std::size_t n = static_cast<std::size_t>(
            std::min<std::uint64_t>(kPieceOccurrences, c.run.count - c.next));
        c.piece.resize(n);
        const io::ReadResult got =
            io::read_at(fd_, (c.run.first + c.next) * sizeof(SpilledOccurrence),
                        std::as_writable_bytes(std::span(c.piece)));
        if (got.bytes != n * sizeof(SpilledOccurrence))
            fail("cannot read back a temporary file", got.error);
        c.next += n;
        c.at = 0;
        return true;
    };
    const auto later = [&](std::size_t a, std::size_t b) {
        return key_before(cursors[b].piece[cursors[b].at], cursors[a].piece[cursors[a].at]);
    };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heap(later);
    for (std::size_t r = 0; r < cursors.size(); ++r)
        if (refill(cursors[r])) heap.push(r);
    std::vector<SpilledOccurrence> group;
    while (!heap.empty()) {
        group.clear();
        const std::size_t first = heap.top();
        const SpilledOccurrence head = cursors[first].piece[cursors[first].at];
        while (!heap.empty() && same_key(cursors[heap.top()].piece[cursors[heap.top()].at], head)) {
            const std::size_t r = heap.top();
            heap.pop();
            Cursor& c = cursors[r];
            do {
                group.push_back(c.piece[c.at++]);
            } while ((c.at < c.piece.size() || refill(c)) && same_key(c.piece[c.at], head));
            if (c.at < c.piece.size() || refill(c)) heap.push(r);
        }
        visit(head.event.key(), group);
    }
    runs_.clear();
    total_ = 0;
}

void PatternSpill::fail(const char* what, int error) const {
    throw std::runtime_error("index: " + std::string(what) + " in " + directory_.string() + ": " +
                             (error != 0 ? std::strerror(error) : "it ends too soon"));
}

}  // namespace josekic::index
