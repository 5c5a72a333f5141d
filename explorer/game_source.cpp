#include "explorer/game_source.hpp"

#include <malloc.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/formats/record_reader.hpp"
#include "core/game/replay.hpp"
#include "core/game/skip_rules.hpp"
#include "core/go/point.hpp"
#include "core/input/file_kinds.hpp"
#include "core/input/walker.hpp"
#include "core/sgf/game_trees.hpp"

namespace josekic::explorer {

namespace {

using index::Json;

std::string point_text(const go::Point& p) {
    return {static_cast<char>('a' + p.x), static_cast<char>('a' + p.y)};
}

// The file on disk that holds what the index calls `source`: the file itself, or an archive
// whose path `source` starts with ("fox.tar.xz/fox/a.sgf"); nullopt when there is none.
std::optional<std::string> file_holding(const std::string& source) {
    std::error_code error;
    std::string container = source;
    while (!container.empty()) {
        if (std::filesystem::is_regular_file(container, error)) {
            if (container != source && input::classify_name(container) == input::FileKind::Other)
                return std::nullopt;
            return container;
        }
        const std::size_t slash = container.rfind('/');
        if (slash == std::string::npos || slash == 0) break;
        container.resize(slash);
    }
    return std::nullopt;
}

// Hands `holds_it` the bytes `members` kept of each archive member the index may call
// `source`, until it says one holds what it looks for. False when none did.
bool read_kept_members(const std::string& source, const ArchiveMemberCache& members,
                       const std::function<bool(const std::string& bytes)>& holds_it) {
    const std::optional<std::string> container = file_holding(source);
    if (!container || *container == source) return false;
    for (const ArchiveMemberCache::Bytes& bytes : members.members(*container, source))
        if (holds_it(*bytes)) return true;
    return false;
}

// Hands `holds_it` the bytes of each file the index may call `source`, until it says one
// holds what it looks for: a file on disk, or a member of an archive on disk read through the
// walker as compile read it. An archive may hold two members of one name (two tars joined, a
// zip appended to): each is tried in turn. The members a reading of an archive passes are
// kept in `members`. False when there is none.
bool read_source(const std::string& source, const ArchiveMemberCache& members,
                 const std::function<bool(const std::string& bytes)>& holds_it) {
    const std::optional<std::string> container = file_holding(source);
    if (!container) return false;
    const std::optional<std::uint64_t> ticket =
        *container != source ? members.start_reading(*container) : std::nullopt;
    bool found = false;
    std::unordered_map<std::string, std::size_t> named;  // members of a name passed
    input::walk_inputs({*container}, [&](input::InputFile&& file) {
        if (file.read_error) return input::WalkControl::Continue;
        if (ticket && !file.cut_short)
            members.keep(*container, *ticket, file.display_path, named[file.display_path]++,
                         file.bytes);
        if (file.display_path != source) return input::WalkControl::Continue;
        found = true;
        return holds_it(file.bytes) ? input::WalkControl::Stop : input::WalkControl::Continue;
    });
    return found;
}

// Whether `r` is the game the index holds, by the facts it keeps of it: a game whose moves
// were edited and its headers kept cannot be told (the index keeps no moves of a game).
bool is_the_game(const game::GameRecord& r, const index::IndexedGame& game) {
    return r.info.black_player == game.black_player && r.info.white_player == game.white_player &&
           r.info.date == game.date && r.info.event == game.event && r.info.result == game.result;
}

// The game of `tree`, one game tree of `game`'s file, when it is `game`.
std::optional<game::GameRecord> game_in_tree(std::string_view tree,
                                             const index::IndexedGame& game) {
    diag::DiagnosticList problems;
    std::vector<game::GameRecord> alone =
        formats::read_record_games(tree, game.source_path, {}, problems);
    if (alone.size() == 1 && is_the_game(alone.front(), game)) return std::move(alone.front());
    return std::nullopt;
}

// The game `game` of its file's `bytes`, as compile read it: its game tree read alone when it
// can be found without reading the others, else the whole file read; nullopt when the file
// no longer holds the game there.
std::optional<game::GameRecord> game_in_file(std::string_view bytes,
                                             const index::IndexedGame& game) {
    if (formats::record_format(game.source_path, bytes) == input::RecordFormat::Sgf) {
        if (const std::optional<std::string_view> tree =
                sgf::nth_game_tree(bytes, game.index_in_file))
            if (std::optional<game::GameRecord> found = game_in_tree(*tree, game)) return found;
    }
    diag::DiagnosticList problems;
    std::vector<game::GameRecord> games =
        formats::read_record_games(bytes, game.source_path, {}, problems);
    const std::size_t at = game.index_in_file - 1;
    if (at >= games.size() || !is_the_game(games[at], game)) return std::nullopt;
    return std::move(games[at]);
}

}  // namespace

std::optional<game::FirstPlayableGame> load_game(std::string_view bytes, std::string_view name,
                                                 diag::DiagnosticList& problems) {
    return game::first_playable_game(formats::read_record_games(bytes, name, {}, problems),
                                     problems);
}

Json record_json(const game::GameRecord& record, std::size_t legal_moves) {
    Json setup{{"black", Json::array()}, {"white", Json::array()}};
    for (const go::Point& p : record.setup_black) setup["black"].push_back(point_text(p));
    for (const go::Point& p : record.setup_white) setup["white"].push_back(point_text(p));
    Json moves = Json::array();
    for (std::size_t i = 0; i < legal_moves && i < record.moves.size(); ++i) {
        const go::Move& m = record.moves[i];
        moves.push_back(std::string(m.color == go::Color::Black ? "B[" : "W[") +
                        (m.point ? point_text(*m.point) : "") + "]");
    }
    return Json{{"black", record.info.black_player},
                {"white", record.info.white_player},
                {"result", record.info.result},
                {"setup", std::move(setup)},
                {"moves", std::move(moves)}};
}

GameSource::GameSource(const index::IndexFile& index) : index_(&index) {}

std::vector<std::string> GameSource::places_of(const std::string& source) const {
    namespace fs = std::filesystem;
    std::vector<std::string> places{source};
    const fs::path relative(source);
    if (relative.is_absolute()) return places;
    std::error_code error;
    fs::path dir = fs::absolute(fs::path(index_->path()), error).parent_path();
    for (int up = 0; up < kParentsSearched && !error && !dir.empty(); ++up) {
        std::string place = (dir / relative).lexically_normal().string();
        if (std::find(places.begin(), places.end(), place) == places.end())
            places.push_back(std::move(place));
        if (dir == dir.parent_path()) break;
        dir = dir.parent_path();
    }
    return places;
}

Json GameSource::game_json(std::uint32_t id, std::size_t move) const {
    index::IndexedGame game = index_->game(id);
    Json out = index::game_facts_json(index::GameFacts{game, 0, id});
    out.erase("move_number");
    out["move"] = move;
    std::optional<game::GameRecord> record;
    std::optional<std::string> problem;
    const std::string named = game.source_path;
    for (const std::string& place : places_of(named)) {
        game.source_path = place;
        if (const std::optional<std::string> tree = trees_.tree(place, game.index_in_file))
            record = game_in_tree(*tree, game);
        if (record) break;
        const WholeFile read = read_whole_file(game, record);
        if (read == WholeFile::Read) break;
        // The first place that has the file says what is wrong; none has it: it is gone.
        if (read == WholeFile::Changed && !problem)
            problem = "the file " + place + " has changed since the index was compiled: it " +
                      "no longer holds this game as game " + std::to_string(game.index_in_file);
    }
    if (!record) {
        out["record"] = nullptr;
        out["record_problem"] = problem.value_or(
            "the file " + named + " is gone: it is not where it was when the index was compiled");
        return out;
    }
    diag::DiagnosticList problems;
    const std::size_t legal = game::replay(*record, problems).legal_moves;
    out["record"] = record_json(*record, legal);
    // A move past the game's end shows its last position, as the page does: the answer says
    // which move it shows.
    out["move"] = std::min(move, out["record"]["moves"].size());
    return out;
}

GameSource::WholeFile GameSource::read_whole_file(const index::IndexedGame& game,
                                                  std::optional<game::GameRecord>& record) const {
    const auto holds_it = [&](const std::string& bytes) {
        record = game_in_file(bytes, game);
        return record.has_value();
    };
    // Kept members first: they wait for no reading of a whole file.
    if (read_kept_members(game.source_path, members_, holds_it)) return WholeFile::Read;
    whole_file_readers_.acquire();
    // The file's records are freed on return; glibc keeps freed memory in the arena of the
    // thread that used it, so that each of the server's threads would keep a parse's worth:
    // handed back to the system at once.
    struct Release {
        std::counting_semaphore<kWholeFileReaders>& readers;
        ~Release() {
            malloc_trim(0);
            readers.release();
        }
    } release{whole_file_readers_};
    const bool there = read_source(game.source_path, members_, holds_it);
    if (!there) return WholeFile::Gone;
    return record ? WholeFile::Read : WholeFile::Changed;
}

}  // namespace josekic::explorer
