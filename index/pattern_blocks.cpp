#include "index/pattern_blocks.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <tuple>

#include "index/index_reader.hpp"

namespace josekic::index {

void PatternBlockWriter::add(PatternKey key, std::span<const PatternOccurrence> occurrences) {
    if (occurrences.empty()) throw std::logic_error("index: a pattern without occurrences");
    if (!directory_.empty() && key <= previous_)
        throw std::logic_error("index: corner patterns out of order");
    if (patterns_ + 1 > 0xFFFFFFFFULL || occurrences_ + occurrences.size() > 0xFFFFFFFFULL)
        throw std::runtime_error("index: more than 2^32 pattern occurrences");
    const std::uint64_t at = bytes();
    PatternValue difference = 0;
    if (directory_.empty() || at - block_start_ >= kPatternBlockBytes) {
        directory_.push_back(PatternBlockRecord{key, at, static_cast<std::uint32_t>(patterns_),
                                                static_cast<std::uint32_t>(occurrences_)});
        block_start_ = at;
    } else {
        difference = key.value - previous_.value;
    }
    const bool single = occurrences.size() == 1;
    append_varint(buffer_, (difference << 1) | (single ? 1U : 0U));
    if (!single) append_varint(buffer_, static_cast<std::uint32_t>(occurrences.size() - 2));
    const PatternOccurrence* before = nullptr;
    for (const PatternOccurrence& o : occurrences) {
        if (o.game >= kMaxGames || o.outcome > 3 || o.move_number == 0 || o.next >= kNextCodes)
            throw std::logic_error("index: a pattern occurrence out of range");
        if (before != nullptr && std::tie(o.game, o.move_number, o.next) <
                                     std::tie(before->game, before->move_number, before->next))
            throw std::logic_error("index: pattern occurrences out of order");
        const std::uint32_t game = before != nullptr ? o.game - before->game : o.game;
        append_varint(buffer_, (game << 2) | o.outcome);
        append_varint(buffer_, std::uint32_t{o.move_number} * kNextCodes + o.next);
        before = &o;
    }
    previous_ = key;
    ++patterns_;
    occurrences_ += occurrences.size();
    if (buffer_.size() >= kPieceBytes) hand_on();
}

void PatternBlockWriter::hand_on() {
    if (buffer_.empty()) return;
    put_(buffer_);
    handed_ += buffer_.size();
    buffer_.clear();
}

std::vector<PatternBlockRecord> PatternBlockWriter::finish() {
    hand_on();
    directory_.push_back(PatternBlockRecord{PatternKey{kPatternSentinel}, handed_,
                                            static_cast<std::uint32_t>(patterns_),
                                            static_cast<std::uint32_t>(occurrences_)});
    return std::move(directory_);
}

PatternCursor::PatternCursor(Read read, std::string_view file, std::uint64_t at, std::uint64_t end)
    : read_(std::move(read)), file_(file), end_(end), piece_at_(at) {
    if (at > end) damaged("a corner pattern block");
    next_ = limit_ = piece_.data();
}

PatternCursor::Head PatternCursor::head(PatternKey previous) {
    const auto word = varint<PatternValue>();
    Head h;
    h.key = PatternKey{previous.value + (word >> 1)};  // below 2^80 + 2^127: no wrap
    if (h.key.value >= kPatternSentinel) damaged("a corner pattern's key");
    if ((word & 1U) != 0) {
        h.count = 1;
    } else {
        const auto more = varint<std::uint32_t>();
        if (more > 0xFFFFFFFFU - 2) damaged("a corner pattern's count");
        h.count = more + 2;
    }
    return h;
}

void PatternCursor::refill() {
    const std::uint64_t read_to = position();
    const auto kept = static_cast<std::size_t>(limit_ - next_);
    const std::uint64_t available = end_ - (read_to + kept);
    if (available == 0) return;
    // The piece keeps what is not read yet at its front; a new vector, not a move within the
    // old one: next_ may point into it.
    std::vector<std::byte> piece(
        kept + static_cast<std::size_t>(std::min<std::uint64_t>(available, kPieceBytes)));
    if (kept != 0) std::memcpy(piece.data(), next_, kept);
    read_(read_to + kept, std::span(piece).subspan(kept));
    piece_ = std::move(piece);
    piece_at_ = read_to;
    next_ = piece_.data();
    limit_ = piece_.data() + piece_.size();
}

void PatternCursor::damaged(std::string_view what) const {
    throw_damaged(file_, std::string(what) + " at byte " + std::to_string(position()));
}

std::size_t YearRuns::find(std::uint32_t game) const {
    const auto after = std::upper_bound(
        runs_.begin(), runs_.end(), game,
        [](std::uint32_t g, const YearRunRecord& run) { return g < run.first_game; });
    return after == runs_.begin() ? 0 : static_cast<std::size_t>(after - runs_.begin() - 1);
}

std::map<int, std::uint64_t> YearRuns::games_per_year(std::uint32_t games) const {
    std::map<int, std::uint64_t> per_year;
    for (std::size_t r = 0; r < runs_.size(); ++r) {
        const std::uint32_t end = r + 1 < runs_.size() ? runs_[r + 1].first_game : games;
        if (runs_[r].year != 0 && end > runs_[r].first_game)
            per_year[runs_[r].year] += end - runs_[r].first_game;
    }
    return per_year;
}

std::vector<YearRunRecord> year_runs(std::span<const std::int16_t> years) {
    std::vector<YearRunRecord> runs;
    for (std::size_t game = 0; game < years.size(); ++game)
        if (runs.empty() || runs.back().year != years[game])
            runs.push_back(YearRunRecord{static_cast<std::uint32_t>(game), years[game]});
    return runs;
}

}  // namespace josekic::index
