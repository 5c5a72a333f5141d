// extract_corners() feeds a tracker only the moves that can change it (zone, ring, gap
// deadline). These tests compare it with the plain rules applied to every move of every
// corner, on random games and on real ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/game/replay.hpp"
#include "core/go/board.hpp"
#include "core/input/walker.hpp"
#include "core/sgf/game_reader.hpp"
#include "trackers/corner_tracker.hpp"

using namespace josekic;
using namespace josekic::trackers;

namespace {

// The tracker rules of corner_tracker.hpp written out directly: every corner sees every
// move and counts its gap move by move.
// A local cutoff rule's verdict on a zone or ring stone, from its definition (cutoff.hpp).
ZoneRole naive_local_role(const CutoffRule& rule, Corner corner,
                          const std::vector<go::Move>& played, go::Point p, ZoneRole role) {
    int stones = 0;
    int nearest = 99;
    bool touches = false;
    for (const go::Move& m : played) {
        if (!m.point) continue;
        ++stones;
        const int dx = std::abs(int{m.point->x} - int{p.x});
        const int dy = std::abs(int{m.point->y} - int{p.y});
        nearest = std::min(nearest, std::max(dx, dy));
        touches = touches || dx + dy == 1;
    }
    const bool near = nearest <= (stones == 1 ? rule.approach : rule.distance);
    if (role == ZoneRole::Zone) {
        if (stones == 0) return in_corner_proper(corner, p) ? ZoneRole::Zone : ZoneRole::Outside;
        return near ? ZoneRole::Zone : ZoneRole::Outside;
    }
    if (rule.kind == CutoffRule::Kind::Spill) return near ? ZoneRole::Ring : ZoneRole::Outside;
    if (rule.kind == CutoffRule::Kind::Contact) return touches ? ZoneRole::Ring : ZoneRole::Outside;
    return ZoneRole::Ring;
}

// Under contested, the other side leaving a lone stone ends the corner's line.
bool rule_left_alone_ends(const CutoffRule& rule) {
    return rule.kind == CutoffRule::Kind::Contested;
}

// The line's stones as the line replays alone, as lookup replays it (a ko retaken at once is
// allowed: the threats were elsewhere), or nullopt when one of its moves cannot be played so.
std::optional<go::Board> replay_alone(const std::vector<go::Move>& line) {
    go::Board board;
    for (const go::Move& m : line) {
        go::MoveVerdict verdict = board.play(m);
        if (verdict == go::MoveVerdict::KoRecapture) {
            board.play(go::Move::pass(go::opponent(m.color)));
            verdict = board.play(m);
        }
        if (verdict != go::MoveVerdict::Legal) return std::nullopt;
    }
    return board;
}

// Under a local rule a line must replay alone to the stones of its moves that the game's
// board still holds (`from_line`: which points of the game's board hold a stone one of the
// line's moves put there).
bool replays_as_played(const std::vector<go::Move>& line, const go::Board& game,
                       const std::vector<bool>& from_line) {
    const std::optional<go::Board> alone = replay_alone(line);
    if (!alone) return false;
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Point p = go::Point::from_index(i);
        const go::Stone s = alone->at(p);
        if (s != go::Stone::Empty ? !from_line[i] || game.at(p) != s : bool{from_line[i]})
            return false;
    }
    return true;
}

CornerExtraction reference_extraction(const Zone& zone, const TrackerOptions& options,
                                      const game::GameRecord& record, std::size_t legal_moves) {
    CornerExtraction out;
    const std::size_t n = std::min(legal_moves, record.moves.size());
    for (Corner corner : kAllCorners) {
        bool blocked = false;
        for (const auto* stones : {&record.setup_black, &record.setup_white}) {
            for (go::Point p : *stones)
                blocked = blocked || zone.role(corner, p) != ZoneRole::Outside;
        }
        if (blocked) {
            out.blocked_by_setup.push_back(corner);
            continue;
        }
        CornerSequence seq;
        seq.corner = corner;
        seq.end = SequenceEnd::GameEnd;
        std::vector<go::Move> played;
        std::size_t gap = 0;
        go::Board game;
        for (go::Point p : record.setup_black) game.place_setup(go::Color::Black, p);
        for (go::Point p : record.setup_white) game.place_setup(go::Color::White, p);
        std::vector<bool> from_line(go::kNumPoints, false);
        for (std::size_t i = 0; i < n; ++i) {
            const go::Move& move = record.moves[i];
            game.play(move);
            for (const std::uint16_t taken : game.last_captured_points()) from_line[taken] = false;
            ZoneRole role = move.point ? zone.role(corner, *move.point) : ZoneRole::Outside;
            if (options.cutoff.local() && role != ZoneRole::Outside)
                role = naive_local_role(options.cutoff, corner, played, *move.point, role);
            if (role == ZoneRole::Ring) {
                seq.end = SequenceEnd::ExclusionRing;
                break;
            }
            if (role == ZoneRole::Outside) {
                if (played.empty()) continue;
                if (options.cutoff.local() && !replays_as_played(played, game, from_line)) {
                    seq.end = SequenceEnd::DecidedOutside;
                    break;
                }
                ++gap;
                if (options.max_gap != 0 && gap > options.max_gap) {
                    seq.end = SequenceEnd::LongTenuki;
                    break;
                }
                continue;
            }
            gap = 0;
            const bool tenuki = !played.empty() && played.back().color == move.color;
            if (tenuki && played.size() == 1 && rule_left_alone_ends(options.cutoff)) {
                seq.end = SequenceEnd::LongTenuki;
                break;
            }
            if (options.max_length != 0 && played.size() + (tenuki ? 2 : 1) > options.max_length) {
                seq.end = SequenceEnd::LengthCap;
                break;
            }
            if (options.cutoff.local()) {
                std::vector<go::Move> longer = played;
                if (tenuki) longer.push_back(go::Move::pass(go::opponent(move.color)));
                longer.push_back(move);
                from_line[move.point->index()] = true;
                if (!replays_as_played(longer, game, from_line)) {
                    seq.end = SequenceEnd::DecidedOutside;
                    break;
                }
            }
            if (played.empty()) seq.first_move_index = i;
            if (tenuki) {
                played.push_back(go::Move::pass(go::opponent(move.color)));
                ++seq.tenukis;
            }
            played.push_back(move);
            if (options.max_length != 0 && played.size() == options.max_length) {
                seq.end = SequenceEnd::LengthCap;
                break;
            }
        }
        if (played.empty()) continue;
        NormalizedSequence normal = normalize_corner_sequence(corner, played);
        seq.moves = std::move(normal.moves);
        seq.colours = normal.colours;
        seq.symmetry = normal.symmetry;
        out.sequences.push_back(std::move(seq));
    }
    return out;
}

// Option sets that make every end rule fire often, including the "no limit" zeros and gap
// limits too large for any game (which must not wrap around).
const std::vector<TrackerOptions> kOptionSets = {{30, 40, {}},
                                                 {3, 2, {}},
                                                 {0, 0, {}},
                                                 {1, 1, {}},
                                                 {5, 0, {}},
                                                 {0, 5, {}},
                                                 {12, 7, {}},
                                                 {30, SIZE_MAX, {}},
                                                 {30, SIZE_MAX - 1, {}},
                                                 {30, SIZE_MAX - 120, {}},
                                                 {30, SIZE_MAX - 300, {}},
                                                 {30, 40, *parse_cutoff("locality")},
                                                 {30, 40, *parse_cutoff("locality:1")},
                                                 {12, 7, *parse_cutoff("spill")},
                                                 {30, 40, *parse_cutoff("spill:2,3")},
                                                 {30, 40, *parse_cutoff("contact")},
                                                 {30, 40, *parse_cutoff("contested")},
                                                 {3, 2, *parse_cutoff("contested:2,3")},
                                                 {5, 0, *parse_cutoff("contact:1")}};

// How many of the game's first moves are legal (a random game need not be).
std::size_t legal_prefix(const game::GameRecord& record) {
    go::Board board;
    for (go::Point p : record.setup_black) board.place_setup(go::Color::Black, p);
    for (go::Point p : record.setup_white) board.place_setup(go::Color::White, p);
    return board.play_line(record.moves).played;
}

// Compares the two on one game under every option set; returns the sequences compared.
std::size_t compare(const game::GameRecord& record, std::size_t given_legal_moves) {
    std::size_t sequences = 0;
    for (const TrackerOptions& options : kOptionSets) {
        INFO("max_length " << options.max_length << ", max_gap " << options.max_gap << ", cutoff "
                           << options.cutoff.name());
        // Ring trackers do not look at legality; a local rule's compare the line with the game's
        // board, so they are given the legal moves, as game::replay counts them.
        const std::size_t legal_moves = options.cutoff.local()
                                            ? std::min(given_legal_moves, legal_prefix(record))
                                            : given_legal_moves;
        const CornerExtraction fast =
            extract_corners(Zone::default_zone(), options, record, legal_moves);
        const CornerExtraction slow =
            reference_extraction(Zone::default_zone(), options, record, legal_moves);
        REQUIRE(fast.blocked_by_setup == slow.blocked_by_setup);
        REQUIRE(fast.sequences.size() == slow.sequences.size());
        for (std::size_t i = 0; i < fast.sequences.size(); ++i) {
            const CornerSequence& a = fast.sequences[i];
            const CornerSequence& b = slow.sequences[i];
            INFO("sequence " << i << " in corner " << name(b.corner));
            REQUIRE(a.corner == b.corner);
            REQUIRE(a.moves == b.moves);
            REQUIRE(name(a.end) == name(b.end));
            REQUIRE(a.colours == b.colours);
            REQUIRE(a.symmetry == b.symmetry);
            REQUIRE(a.first_move_index == b.first_move_index);
            REQUIRE(a.tenukis == b.tenukis);
        }
        sequences += fast.sequences.size();
    }
    return sequences;
}

go::Point random_point(std::mt19937& rng) {
    std::uniform_int_distribution<int> coordinate(0, go::kLastLine);
    return go::Point{static_cast<std::uint8_t>(coordinate(rng)),
                     static_cast<std::uint8_t>(coordinate(rng))};
}

// A game that need not be legal (the trackers do not look at legality): stones anywhere,
// passes, the same colour twice now and then, and sometimes setup stones.
game::GameRecord random_game(std::mt19937& rng) {
    game::GameRecord record;
    std::uniform_int_distribution<int> length(0, 250);
    std::uniform_int_distribution<int> percent(0, 99);
    const int moves = length(rng);
    go::Color colour = go::Color::Black;
    for (int i = 0; i < moves; ++i) {
        if (percent(rng) < 10) colour = go::opponent(colour);
        if (percent(rng) < 5) {
            record.moves.push_back(go::Move::pass(colour));
        } else {
            record.moves.push_back(go::Move::at(colour, random_point(rng)));
        }
        colour = go::opponent(colour);
    }
    if (percent(rng) < 10) record.setup_black.push_back(random_point(rng));
    if (percent(rng) < 10) record.setup_white.push_back(random_point(rng));
    record.move_locations.resize(record.moves.size());
    return record;
}

}  // namespace

TEST_CASE("extract_corners agrees with the plain rules on random games", "[trackers]") {
    std::mt19937 rng(20261122);  // fixed seed: the same games every run
    std::size_t sequences = 0;
    for (int game = 0; game < 3000; ++game) {
        const game::GameRecord record = random_game(rng);
        INFO("random game " << game);
        std::uniform_int_distribution<std::size_t> cut(0, record.moves.size() + 2);
        sequences += compare(record, record.moves.size());
        sequences += compare(record, cut(rng));
    }
    CHECK(sequences > 10000);
}

TEST_CASE("extract_corners agrees with the plain rules on real games", "[trackers][real-games]") {
    // The shared corpora where they exist (skipped otherwise), Debian's goban games where
    // installed, JOSEKIC_TRACKER_GAMES for another directory or archive, and the samples.
    std::vector<std::string> inputs;
    const std::string shared = std::string(JOSEKIC_SOURCE_DIR) + "/../shared/corpus/";
    for (const std::string& candidate :
         {shared + "goban-596.tar.xz", shared + "fox-pro-even-1404.tar.xz",
          std::string("/usr/share/goban")}) {
        if (std::filesystem::exists(candidate)) inputs.push_back(candidate);
    }
    if (const char* extra = std::getenv("JOSEKIC_TRACKER_GAMES")) inputs.emplace_back(extra);
    inputs.emplace_back(std::string(JOSEKIC_SOURCE_DIR) + "/samples");
    std::size_t games = 0;
    std::size_t sequences = 0;
    input::walk_inputs(inputs, [&](input::InputFile&& file) {
        if (file.read_error) return input::WalkControl::Continue;
        diag::DiagnosticList problems;
        for (const game::GameRecord& record :
             sgf::read_games(file.bytes, file.display_path, {}, problems)) {
            if (record.game_type != 1 || record.board_width != go::kBoardSize ||
                record.board_height != go::kBoardSize) {
                continue;
            }
            INFO(file.display_path << " game " << record.index_in_file);
            const game::ReplayResult replayed = game::replay(record, problems);
            sequences += compare(record, replayed.legal_moves);
            ++games;
        }
        return input::WalkControl::Continue;
    });
    CHECK(games > 0);
    CHECK(sequences > 0);
}
