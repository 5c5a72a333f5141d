#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <semaphore>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/game/skip_rules.hpp"
#include "explorer/archive_member_cache.hpp"
#include "explorer/game_tree_cache.hpp"
#include "index/index_reader.hpp"
#include "index/result_json.hpp"

namespace josekic::explorer {

/// Reads the first game of `bytes` that compile analyses (SGF, GIB, NGF or UGF, as its content
/// or `name` says; game::first_playable_game) with compile's readers and skip rules, and
/// replays it; nullopt when it holds no such game. Every diagnostic, the skip warnings
/// included, goes to `problems`.
std::optional<game::FirstPlayableGame> load_game(std::string_view bytes, std::string_view name,
                                                 diag::DiagnosticList& problems);

/// A game's moves for the page: {"setup": {"black": ["pd", ...], "white": [...]},
/// "moves": ["B[pd]", "W[dd]", "B[]" (a pass), ...]}, its legal moves only.
index::Json record_json(const game::GameRecord& record, std::size_t legal_moves);

/// The games of an index read from their source files, for GET /api/games/ID.
/// Thread-safe.
class GameSource {
  public:
    /// `index` must outlive the source.
    explicit GameSource(const index::IndexFile& index);

    /// GET /api/games/ID: the index's facts of game `id` (below game_count()) and "move"
    /// (the move asked for); then "record", its moves read from the source file or archive
    /// member the index names (record_json), or null with "record_problem" saying plainly why
    /// (the file is gone, or no longer holds that game). Reads no file but that one.
    index::Json game_json(std::uint32_t id, std::size_t move) const;

  private:
    /// Reading a game may parse its whole file, and a file of a large collection may hold
    /// thousands of games (megabytes of records while it is parsed): two at a time bound the
    /// memory that many clients opening games can take, whatever the number of threads.
    static constexpr std::ptrdiff_t kWholeFileReaders = 2;

    /// How many of the dictionary directory's parents a relative source path is looked
    /// for from.
    static constexpr int kParentsSearched = 8;

    /// Where the source path `source` of a game may be: as the index names it (from the
    /// working directory, when relative), then, for a relative path, from the directory of
    /// the index and each of its parents. A collection compiled as `josekic compile games -o
    /// out` names "games/a.sgf", which `josekic explore ~/go/out` run elsewhere finds from
    /// ~/go. A game found there is still checked against the index's facts.
    std::vector<std::string> places_of(const std::string& source) const;

    enum class WholeFile { Read, Gone, Changed };
    /// Reads `game` from its whole file (or archive member, `game.source_path`) into
    /// `record`: Gone when there is no such file, Changed when it does not hold the game.
    WholeFile read_whole_file(const index::IndexedGame& game,
                              std::optional<game::GameRecord>& record) const;

    const index::IndexFile* index_;
    GameTreeCache trees_;
    ArchiveMemberCache members_;
    mutable std::counting_semaphore<kWholeFileReaders> whole_file_readers_{kWholeFileReaders};
};

}  // namespace josekic::explorer
