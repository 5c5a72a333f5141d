#pragma once

// What `merge` and `compile --update` need of a compile beyond its tries, kept in the index's
// merge sections (index_format.hpp: MergeRun, MergeGames, MergeGameNumbers; docs/merge.md):
// the run report with the options that shaped it, and every game that was neither skipped
// nor a duplicate, in input order, with what the workers found in it. A merge gives the games
// of its parts to one DictionaryBuilder in order, as the consumer of one compile of all their
// inputs would, and each part's trees after its games (loaded_tree.hpp), so that both write
// the same bytes.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "compiler/compile/compile_job.hpp"
#include "compiler/compile/game_analysis.hpp"
#include "compiler/pipeline/run_report.hpp"
#include "compiler/pipeline/streamed_file.hpp"
#include "core/go/zobrist.hpp"

namespace josekic::compile {

/// A compile's run report (times and slowest files aside) and the options of the stream and
/// the fuseki that the provenance names and that parts to merge must share.
struct MergeRun {
    pipeline::RunReport run;
    std::string zones_file;      ///< --zones FILE as given; empty for the default zone
    std::string forced_charset;  ///< --charset
    HandicapFuseki handicap = HandicapFuseki::Exclude;
};

/// The bytes of the merge run section.
std::vector<std::byte> encode_merge_run(const MergeRun& run);
/// The merge run in `bytes`. Throws index::IndexError naming `path` when they are damaged.
MergeRun decode_merge_run(std::span<const std::byte> bytes, const std::string& path);

/// One game that was neither skipped nor a duplicate, as its compile saw it.
struct LoggedGame {
    go::Hash128 fingerprint;                      ///< pipeline::GameFingerprint::key
    std::optional<game::FilterVerdict> filtered;  ///< set for a game the filters removed
    // A kept game:
    std::uint64_t legal_moves = 0;
    std::optional<go::MoveVerdict> stopped_by;
    std::optional<int> year;
    game::Winner winner = game::Winner::Unknown;
    /// What the builder reads of it: of each sequence its corner, end, colours, tenukis,
    /// moves; the move numbers; the number of corners blocked; the opening.
    GameAnalysis analysis;
};

/// Appends the entry of `slot` to `out`; `analysis` is null for a game the filters removed.
void encode_logged_game(const pipeline::GameSlot& slot, const GameAnalysis* analysis,
                        std::vector<std::byte>& out);
/// Appends the entry of `game` to `out` (a merge's own log).
void encode_logged_game(const LoggedGame& game, std::vector<std::byte>& out);

/// Reads the entries of a merge games section one by one, in order.
class LoggedGameReader {
  public:
    /// `read(offset, out)` reads bytes of the section; `size` is its size.
    LoggedGameReader(std::function<void(std::uint64_t, std::span<std::byte>)> read,
                     std::uint64_t size, std::string path);
    /// The next entry, or false at the end. Throws index::IndexError for a damaged one.
    /// `game` may hold a game read before: every field is set, and its vectors' room is
    /// used again rather than allocated anew.
    bool next(LoggedGame& game);
    /// Replaces `out` with the entry next() read last, framed as encode_logged_game frames
    /// it: the bytes that a merge logs for the game, without encoding it again.
    void copy_entry(std::vector<std::byte>& out) const;

  private:
    void fill();
    std::function<void(std::uint64_t, std::span<std::byte>)> read_;
    std::uint64_t size_;
    std::string path_;
    std::uint64_t file_at_ = 0;  // bytes of the section read into buffer_ so far
    std::vector<std::byte> buffer_;
    std::size_t at_ = 0;        // next unread byte of buffer_
    std::size_t entry_at_ = 0;  // where in buffer_ the last entry read begins (after its frame)
    std::size_t entry_size_ = 0;
};

}  // namespace josekic::compile
