#pragma once

// The corner patterns as the index stores them (sections 0x32-0x34, docs/index-format.md):
// the PatternOccurrences section is a run of blocks, each of patterns in increasing key order,
// each pattern followed by its occurrences, every number a varint (varint.hpp):
//
//   pattern     (key - previous key) * 2 + 1 when it has one occurrence
//               [count - 2, when it has more]
//               occurrence ...
//   occurrence  (game - previous game) * 4 + outcome      (a pattern's first: game * 4 + outcome)
//               move number * 67 + next-move code
//
// The previous key of a block's first pattern is the block's first key, which the directory
// (PatternBlockRecord) holds, so its difference is 0. A pattern's occurrences are sorted by
// game, move number and next move. A block ends before the first pattern that would start
// kPatternBlockBytes or more into it: a lookup finds its block in the directory by binary
// search and reads less than that before the pattern it wants. A game's year is not in the
// occurrences: the PatternYears section gives it by runs of game ids.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/corner_pattern.hpp"
#include "index/index_format.hpp"
#include "index/varint.hpp"

namespace josekic::index {

/// One occurrence of a pattern, as the index gives it back.
struct PatternOccurrence {
    std::uint32_t game = 0;         ///< in the index's game table
    std::uint16_t move_number = 0;  ///< the game move (1-based) after which the pattern arose
    std::uint8_t next = kNextNone;  ///< where the next move went (corner_pattern.hpp's codes)
    std::uint8_t outcome = 0;       ///< for the player to move (dictionary::LineOutcome)
};

/// The bytes after which a block ends at the next pattern.
inline constexpr std::size_t kPatternBlockBytes = 4096;

/// Encodes the patterns, added in increasing key order, into blocks whose bytes it hands to
/// `put` a piece at a time; keeps the directory, which is small (one record a block).
class PatternBlockWriter {
  public:
    using Put = std::function<void(std::span<const std::byte>)>;
    explicit PatternBlockWriter(Put put) : put_(std::move(put)) {}

    /// Adds the pattern `key`, above every key added before, with its `occurrences` (at least
    /// one, sorted by game, move number and next move; their years are not stored). Throws
    /// std::logic_error when they are not, or when the counts pass 32 bits.
    void add(PatternKey key, std::span<const PatternOccurrence> occurrences);
    /// Hands on the last bytes and returns the directory, its sentinel included.
    std::vector<PatternBlockRecord> finish();
    /// Bytes made so far.
    std::uint64_t bytes() const { return handed_ + buffer_.size(); }

  private:
    static constexpr std::size_t kPieceBytes = std::size_t{1} << 20;
    void hand_on();

    Put put_;
    std::vector<std::byte> buffer_;
    std::vector<PatternBlockRecord> directory_;
    std::uint64_t handed_ = 0;
    std::uint64_t block_start_ = 0;
    PatternKey previous_;
    std::uint64_t patterns_ = 0;
    std::uint64_t occurrences_ = 0;
};

/// Reads patterns and occurrences from the bytes [at, end) of a PatternOccurrences section,
/// a piece at a time through `read` (which reads bytes of the section at an offset, bounds
/// checked). Malformed bytes, or bytes that run past `end`, throw the IndexError of a damaged
/// index naming `file` (throw_damaged).
class PatternCursor {
  public:
    using Read = std::function<void(std::uint64_t offset, std::span<std::byte> out)>;
    PatternCursor(Read read, std::string_view file, std::uint64_t at, std::uint64_t end);

    /// Where the next byte is read, in the section.
    std::uint64_t position() const {
        return piece_at_ + static_cast<std::uint64_t>(next_ - base());
    }
    bool at_end() const { return position() == end_; }

    struct Head {
        PatternKey key;
        std::uint32_t count = 0;  ///< occurrences, at least one
    };
    /// The next pattern's key (the one before it plus the stored difference; `previous` the
    /// block's first key for its first pattern) and count.
    Head head(PatternKey previous);
    /// The next occurrence of the pattern, all but its year; `first` for its first, whose
    /// game is stored whole.
    void occurrence(PatternOccurrence& o, bool first) {
        const auto word = varint<std::uint32_t>();
        // Both below 2^30: the sum cannot wrap.
        const std::uint32_t game = (first ? 0 : game_) + (word >> 2);
        if (game >= kMaxGames) damaged("a pattern occurrence's game");
        game_ = game;
        const auto where = varint<std::uint32_t>();
        // where / 67 as a multiply, exact for every 32-bit value (67 * 128207979 = 2^33 + 1):
        // the compiler divided, a tenth of a lookup of a million occurrences.
        static_assert(kNextCodes == 67);
        const auto move = static_cast<std::uint32_t>((std::uint64_t{where} * 128207979U) >> 33);
        if (move == 0 || move > 0xFFFF) damaged("a pattern occurrence's move number");
        o.game = game;
        o.outcome = static_cast<std::uint8_t>(word & 3U);
        o.move_number = static_cast<std::uint16_t>(move);
        o.next = static_cast<std::uint8_t>(where - move * kNextCodes);
    }
    /// Throws the IndexError of a damaged index: `what` is damaged.
    [[noreturn]] void damaged(std::string_view what) const;

  private:
    static constexpr std::size_t kPieceBytes = std::size_t{1} << 16;
    const std::byte* base() const { return piece_.data(); }
    template <typename Unsigned>
    Unsigned varint() {
        if (static_cast<std::size_t>(limit_ - next_) < kFastBytes) refill();
        if constexpr (sizeof(Unsigned) == 4) {
            if (static_cast<std::size_t>(limit_ - next_) >= kFastBytes) {
                std::uint32_t value = 0;
                const std::size_t length = decode_varint32_fast(next_, value);
                if (length == 0) damaged("a corner pattern block");
                next_ += length;
                return value;
            }
        }
        Unsigned value{};
        const std::byte* after = decode_varint(next_, limit_, value);
        if (after == nullptr) damaged("a corner pattern block");
        next_ = after;
        return value;
    }
    /// Bytes decode_varint32_fast reads.
    static constexpr std::size_t kFastBytes = 8;
    /// Keeps the bytes not yet read and reads more after them, up to the end.
    void refill();

    Read read_;
    std::string file_;
    std::uint64_t end_;
    std::vector<std::byte> piece_;
    std::uint64_t piece_at_;  // the section offset of piece_[0]
    const std::byte* next_ = nullptr;
    const std::byte* limit_ = nullptr;
    std::uint32_t game_ = 0;
};

/// The year of each game, from the runs of the PatternYears section; the fastest for games
/// asked in increasing order.
class YearRuns {
  public:
    explicit YearRuns(std::vector<YearRunRecord> runs) : runs_(std::move(runs)) {}
    /// The runs, in order.
    std::span<const YearRunRecord> runs() const { return runs_; }
    /// The run that holds `game` (the first run when the first starts after it); 0 without
    /// runs.
    std::size_t run_of(std::uint32_t game) {
        if (runs_.empty()) return 0;
        if (at_ + 1 < runs_.size() && runs_[at_ + 1].first_game <= game) {
            ++at_;
            if (at_ + 1 < runs_.size() && runs_[at_ + 1].first_game <= game) at_ = find(game);
        } else if (game < runs_[at_].first_game) {
            at_ = find(game);
        }
        return at_;
    }
    /// The year (0 unknown) of `game`.
    std::int16_t year_of(std::uint32_t game) {
        return runs_.empty() ? 0 : runs_[run_of(game)].year;
    }
    /// The dated games of each year, of the `games` games of the index.
    std::map<int, std::uint64_t> games_per_year(std::uint32_t games) const;

  private:
    /// The run of `game` by binary search.
    std::size_t find(std::uint32_t game) const;

    std::vector<YearRunRecord> runs_;
    std::size_t at_ = 0;
};

/// The runs of the PatternYears section for `years`, the year of each game in the index's
/// order.
std::vector<YearRunRecord> year_runs(std::span<const std::int16_t> years);

}  // namespace josekic::index
