#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <vector>

#include "index/corner_pattern.hpp"

namespace josekic::index {

/// One occurrence of a pattern as a compile collects it (24 bytes in memory and on disk): the
/// event and the game's id in the compile's game table (the index renumbers games when it
/// writes them).
struct SpilledOccurrence {
    PatternEvent event;
    std::uint32_t game = 0;
};

/// The pattern occurrences of every game of a compile, which at a million games do not fit in
/// memory: they are gathered into runs of kRunOccurrences, each sorted by key and written to
/// an unnamed temporary file (emit/atomic_file.hpp's open_unnamed_file) when it is full, then
/// merged (k-way) into one stream in key order when the index is written. A compile whose patterns
/// fit one run never writes a file.
class PatternSpill {
  public:
    /// The occurrences of one run: 48 MiB.
    static constexpr std::size_t kRunOccurrences = std::size_t{2} << 20;

    /// The file, if one is needed, is made in `directory` (a compile's output set's staging
    /// directory).
    explicit PatternSpill(std::filesystem::path directory,
                          std::size_t run_occurrences = kRunOccurrences);
    ~PatternSpill();
    PatternSpill(const PatternSpill&) = delete;
    PatternSpill& operator=(const PatternSpill&) = delete;

    /// Adds the patterns of game `game`. Throws std::runtime_error naming the directory when
    /// a run cannot be written.
    void add(std::uint32_t game, std::span<const PatternEvent> events);
    /// Occurrences added.
    std::uint64_t size() const { return total_; }
    /// Runs written to the file so far.
    std::size_t runs_written() const { return runs_.size(); }

    /// Calls `visit(key, occurrences)` for each distinct key in increasing order with all its
    /// occurrences (in no particular order; the span is valid during the call). Reads the runs
    /// back a piece at a time. Once only: the occurrences held in memory are given up.
    void for_each_pattern(
        const std::function<void(PatternKey, std::span<const SpilledOccurrence>)>& visit);

  private:
    void write_run();
    [[noreturn]] void fail(const char* what, int error) const;

    std::filesystem::path directory_;
    std::size_t run_occurrences_;
    int fd_ = -1;
    std::vector<SpilledOccurrence> buffer_;
    struct Run {
        std::uint64_t first = 0;  ///< in occurrences from the file's start
        std::uint64_t count = 0;
    };
    std::vector<Run> runs_;
    std::uint64_t written_ = 0;
    std::uint64_t total_ = 0;
};

}  // namespace josekic::index
