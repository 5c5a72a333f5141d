#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "cli/lookup_text.hpp"
#include "core/game/game_filter.hpp"
#include "core/go/symmetry.hpp"
#include "fuzz/index_reseal.hpp"
#include "index/corner_pattern.hpp"
#include "index/index_reader.hpp"
#include "index/pattern_lookup.hpp"
#include "index/pattern_spill.hpp"
#include "index/pattern_summary.hpp"
#include "index/result_json.hpp"

using namespace josekic;

namespace {

// A game of `moves` ("B[pd]" ...) after `prefix`, its date `year`.
std::string sgf_game(const std::string& moves, int year, const std::string& result = "B+R") {
    return "(;GM[1]FF[4]SZ[19]PB[b]PW[w]DT[" + std::to_string(year) + "]RE[" + result + "]" +
           moves + ")";
}

// The moves of `upper_right` (SGF points of the upper-right corner, colours alternating from
// `first`) moved by `s`, as SGF nodes.
std::string placed(const std::vector<std::string>& upper_right, go::Symmetry s, char first) {
    std::string out;
    char colour = first;
    for (const std::string& p : upper_right) {
        const go::Point image = go::apply(s, *go::point_from_sgf(p));
        out += std::string(";") + colour + "[" + go::to_sgf(image) + "]";
        colour = colour == 'B' ? 'W' : 'B';
    }
    return out;
}

index::CornerQuery query(const std::string& text) {
    auto parsed = index::parse_corner_query(text, "--corner");
    REQUIRE(std::holds_alternative<index::CornerQuery>(parsed));
    return std::get<index::CornerQuery>(parsed);
}

// The same, with `to_move` to move.
index::CornerQuery query(const std::string& text, go::Color to_move) {
    index::CornerQuery q = query(text);
    q.to_move = to_move;
    return q;
}

// The goban-596 collection of ../shared, when it is there (a warning says the test is skipped
// when not).
std::optional<std::filesystem::path> goban_596() {
    const std::filesystem::path corpus = JOSEKIC_SOURCE_DIR "/../shared/corpus/goban-596.tar.xz";
    if (std::filesystem::exists(corpus)) return corpus;
    WARN("skipped: " << corpus << " is not present");
    return std::nullopt;
}

std::filesystem::path compile_with_patterns(const test_support::TempDir& dir,
                                            const std::vector<std::string>& games) {
    return test_support::compile_games(dir.path(), games, [](compile::CompileOptions& o) {
        o.patterns = compile::PatternOutput::Write;
    });
}

}  // namespace

TEST_CASE("a corner shape is found at any move, in any corner, orientation and colours",
          "[index][patterns]") {
    // B pd, W qc, B pc, W qd, then B qe: in the upper-right at moves 1-5; in the lower-left,
    // reflected, after two moves in the centre; in the upper-left with White first (colours
    // reversed), after one centre move.
    const std::vector<std::string> shape{"pd", "qc", "pc", "qd", "qe"};
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(
        dir, {sgf_game(placed(shape, go::Symmetry::Identity, 'B'), 2001),
              sgf_game(";B[jj];W[jk]" + placed(shape, go::Symmetry::Rotate180, 'B'), 2002, "W+R"),
              sgf_game(";B[jj]" + placed(shape, go::Symmetry::Rotate270, 'W'), 2003)});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    REQUIRE(file.has_patterns());
    file.verify();

    index::CornerQuery q = query("B[pd] W[qc] B[pc] W[qd]");
    q.to_move = go::Color::Black;
    index::PatternLookupResult r = index::lookup_pattern(file, q, 5);
    CHECK(r.stats.count == 2);
    CHECK(r.games == 2);
    CHECK(r.first_move == 4);
    CHECK(r.last_move == 6);
    REQUIRE(r.continuations.size() == 1);
    REQUIRE(r.continuations[0].move);
    CHECK(*r.continuations[0].move == go::Move::at(go::Color::Black, *go::point_from_sgf("qe")));
    CHECK(r.continuations[0].stats.count == 2);
    // The player to move (Black) won the first game and lost the second.
    CHECK(r.stats.first_player_wins == 1);
    CHECK(r.stats.second_player_wins == 1);
    REQUIRE(r.recent.size() == 2);
    CHECK(r.recent[0].game.year == 2002);  // most recent first
    CHECK(r.recent[0].move_number == 6);

    // The same shape given in another corner and orientation finds the same.
    index::CornerQuery elsewhere = query("B[dp] W[cq] B[cp] W[dq]");
    elsewhere.to_move = go::Color::Black;
    const index::PatternLookupResult r2 = index::lookup_pattern(file, elsewhere, 5);
    CHECK(r2.stats.count == 2);
    REQUIRE(r2.continuations.size() == 1);
    // In the query's own frame: the second game played qe's image co, which is eq in the
    // query's orientation (its reflection in the lower-left diagonal).
    CHECK(r2.continuations[0].move->point == go::point_from_sgf("eq"));

    // The eras of the index's games (2001-2003: split at the median year), the occurrences
    // of each, and each continuation's, which add up to them.
    REQUIRE(r.eras.count() == 2);
    CHECK(r.first_year == 2001);
    CHECK(r.last_year == 2003);
    CHECK(r.per_era[0] + r.per_era[1] == 2);
    CHECK(r.continuations[0].per_era == r.per_era);

    q.colours = index::ColourReversal::Either;
    r = index::lookup_pattern(file, q, 5);
    CHECK(r.stats.count == 3);
    CHECK(r.colour_reversed == 1);
    CHECK(r.first_move == 4);
    CHECK(r.last_move == 6);
    CHECK(r.median_move == 5);
    // The reversed game's continuation, in the query's colours, is the same B at qe.
    REQUIRE(r.continuations.size() == 1);
    CHECK(r.continuations[0].stats.count == 3);
}

TEST_CASE("a capture changes a corner's pattern", "[index][patterns]") {
    // W sa is captured by B sb at move 3: the corner then holds B ra, B sb.
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(dir, {sgf_game(";B[ra];W[sa];B[sb];W[jj]", 2000)});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    index::CornerQuery after = query("B[ra] B[sb]");
    after.to_move = go::Color::White;
    const index::PatternLookupResult r = index::lookup_pattern(file, after, 5);
    CHECK(r.stats.count == 1);
    CHECK(r.first_move == 3);
    REQUIRE(r.continuations.size() == 1);
    CHECK(r.continuations[0].next == index::kNextElsewhere);
    CHECK(index::lookup_pattern(file, query("B[ra] W[sa] B[sb]"), 5).stats.count == 0);
    CHECK(index::lookup_pattern(file, query("B[ra] W[sa]"), 5).stats.count == 1);

    // A game's corner after move 4, where it has stayed since move 3 (either player to move).
    game::GameRecord record;
    for (const char* m : {"ra", "sa", "sb", "jj"})
        record.moves.push_back(
            go::Move::at(record.moves.size() % 2 == 0 ? go::Color::Black : go::Color::White,
                         *go::point_from_sgf(m)));
    const auto from_game =
        index::game_corner_query(record, record.moves.size(), 4, trackers::Corner::UpperRight);
    REQUIRE(from_game);
    CHECK(from_game->stones.size() == 2);
    CHECK_FALSE(from_game->to_move);
    CHECK(index::lookup_pattern(file, *from_game, 5).stats.count == 1);
    CHECK_FALSE(
        index::game_corner_query(record, record.moves.size(), 4, trackers::Corner::LowerLeft));
}

TEST_CASE("a move elsewhere is told by its player, a game's end is one row", "[index][patterns]") {
    // B pd and W qc, made by either player's move: then Black plays elsewhere (game 1), White
    // plays elsewhere (game 2), or the game ends with Black (game 3) or White (game 4) to move.
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(
        dir, {sgf_game(";B[pd];W[qc];B[jj]", 2001), sgf_game(";W[qc];B[pd];W[jj]", 2002),
              sgf_game(";B[pd];W[qc]", 2003), sgf_game(";W[qc];B[pd]", 2004)});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::PatternLookupResult r = index::lookup_pattern(file, query("B[pd] W[qc]"), 5);
    CHECK(r.stats.count == 4);
    std::map<std::string, std::uint64_t> rows;
    for (const index::PatternContinuation& c : r.continuations) {
        REQUIRE_FALSE(c.move);
        CHECK(c.player.has_value() == (c.next != index::kNextNone));
        const std::string player = c.player ? (*c.player == go::Color::Black ? "B " : "W ") : "";
        rows[player + std::string(index::next_name(c.next))] += c.stats.count;
    }
    CHECK(rows ==
          std::map<std::string, std::uint64_t>{{"B elsewhere", 1}, {"W elsewhere", 1}, {"end", 2}});
    // The text and the JSON say whose move it was.
    const std::string text = cli::render_pattern_text(r);
    CHECK(text.find("  B elsewhere  1") != std::string::npos);
    CHECK(text.find("  W elsewhere  1") != std::string::npos);
    const auto json = index::pattern_lookup_json(r);
    std::set<std::string> players;
    for (const auto& c : json["continuations"]) {
        const std::string player = c["player"].is_null() ? "" : c["player"].get<std::string>();
        players.insert(c["move"].get<std::string>() + " " + player);
    }
    CHECK(players == std::set<std::string>{"elsewhere B", "elsewhere W", "end "});
}

namespace {

// The continuations of `r` as "B elsewhere", "W[qd]", "end", with their counts.
std::map<std::string, std::uint64_t> continuation_rows(const index::PatternLookupResult& r) {
    std::map<std::string, std::uint64_t> rows;
    for (const index::PatternContinuation& c : r.continuations) {
        if (c.move) {
            const char* colour = c.move->color == go::Color::Black ? "B[" : "W[";
            rows[colour + go::to_sgf(*c.move->point) + "]"] += c.stats.count;
            continue;
        }
        const std::string player = c.player ? (*c.player == go::Color::Black ? "B " : "W ") : "";
        rows[player + std::string(index::next_name(c.next))] += c.stats.count;
    }
    return rows;
}

}  // namespace

TEST_CASE("the player to move is the one who moves next, also after two moves of one colour",
          "[index][patterns]") {
    // White moves twice in a row after B pd W qc (Fox's handicap games write White's first two
    // moves so): the pattern then has White to move, and White's move is White's.
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(dir, {sgf_game(";B[pd];W[qc];W[jj]", 2001)});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::PatternLookupResult r =
        index::lookup_pattern(file, query("B[pd] W[qc]", go::Color::White), 5);
    CHECK(r.stats.count == 1);
    CHECK(continuation_rows(r) == std::map<std::string, std::uint64_t>{{"W elsewhere", 1}});
    CHECK(index::lookup_pattern(file, query("B[pd] W[qc]", go::Color::Black), 5).stats.count == 0);
}

TEST_CASE("a pattern that is its own colour reversal counts once with either colour",
          "[index][patterns]") {
    // B nc W qf, reflected in the corner's diagonal, is W nc B qf: its colours reversed.
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(
        dir, {sgf_game(";B[nc];W[qf];B[jj]", 2001), sgf_game(";B[qf];W[nc];B[qd]", 2002)});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::PatternLookupResult exact = index::lookup_pattern(file, query("B[nc] W[qf]"), 5);
    index::CornerQuery either_query = query("B[nc] W[qf]");
    either_query.colours = index::ColourReversal::Either;
    const index::PatternLookupResult either = index::lookup_pattern(file, either_query, 5);
    CHECK(exact.stats.count == 2);
    CHECK(either.stats.count == 2);
    CHECK(either.games == 2);
    CHECK(either.colour_reversed == 0);
    CHECK(continuation_rows(either) == continuation_rows(exact));
}

TEST_CASE("patterns that differ in one point are two entries", "[index][patterns]") {
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(
        dir, {sgf_game(";B[pd];W[qc]", 2000), sgf_game(";B[pd];W[qb]", 2001)});
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    // B pd (twice: one key), then the two answers.
    CHECK(file.pattern_count() == 3);
    CHECK(file.occurrence_count() == 4);
    CHECK(index::lookup_pattern(file, query("B[pd]"), 5).stats.count == 2);
    CHECK(index::lookup_pattern(file, query("B[pd] W[qc]"), 5).stats.count == 1);
    CHECK(index::lookup_pattern(file, query("B[pd] W[qb]"), 5).stats.count == 1);
    CHECK(index::lookup_pattern(file, query("B[pd] W[qd]"), 5).stats.count == 0);

    go::Board a;
    a.place_setup(go::Color::Black, *go::point_from_sgf("pd"));
    go::Board b = a;
    b.place_setup(go::Color::White, *go::point_from_sgf("sa"));
    const auto ka = index::read_pattern(a, trackers::Corner::UpperRight, go::Color::Black);
    const auto kb = index::read_pattern(b, trackers::Corner::UpperRight, go::Color::Black);
    REQUIRE(ka);
    REQUIRE(kb);
    CHECK(ka->key != kb->key);
    CHECK(kb->key.stone_count() == 2);
    CHECK(kb->key.colours_reversed().colours_reversed() == kb->key);
    // An empty corner is no pattern.
    CHECK_FALSE(index::read_pattern(go::Board{}, trackers::Corner::LowerLeft, go::Color::Black));
}

TEST_CASE("every pattern of many random games is found with its count of occurrences",
          "[index][patterns]") {
    // 300 games of 120 random legal moves: tens of thousands of patterns, in many blocks.
    std::mt19937 random(2026);
    std::vector<std::string> games;
    std::map<index::PatternKey, std::uint32_t> expected;
    std::uint64_t total = 0;
    for (int g = 0; g < 300; ++g) {
        go::Board board;
        game::GameRecord record;
        std::string moves;
        for (int m = 0; m < 120; ++m) {
            const go::Color colour = m % 2 == 0 ? go::Color::Black : go::Color::White;
            for (int attempt = 0; attempt < 50; ++attempt) {
                const go::Point p{static_cast<std::uint8_t>(random() % 19),
                                  static_cast<std::uint8_t>(random() % 19)};
                go::Board trial = board;
                if (board.at(p) != go::Stone::Empty ||
                    trial.play(go::Move::at(colour, p)) != go::MoveVerdict::Legal)
                    continue;
                board = trial;
                record.moves.push_back(go::Move::at(colour, p));
                moves += std::string(";") + (colour == go::Color::Black ? "B" : "W") + "[" +
                         go::to_sgf(p) + "]";
                break;
            }
            if (record.moves.size() != static_cast<std::size_t>(m + 1)) break;
        }
        games.push_back(sgf_game(moves, 1990 + g % 30, g % 3 == 0 ? "W+R" : "B+R"));
        for (const index::PatternEvent& e : index::game_patterns(record, record.moves.size())) {
            ++expected[e.key()];
            ++total;
        }
    }
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(dir, games);
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    file.verify();
    CHECK(file.pattern_count() == expected.size());
    CHECK(file.occurrence_count() == total);
    CHECK(file.section(static_cast<std::uint32_t>(index::SectionId::PatternDirectory)).count > 20);
    std::size_t k = 0;
    for (const auto& [key, count] : expected) {
        if (k++ % 13 != 0) continue;
        INFO("pattern " << k);
        CHECK(file.pattern_occurrences(key).count == count);
    }
    // Keys the index does not hold: below the first, between two, above the last.
    CHECK(file.pattern_occurrences(index::PatternKey{0}).count == 0);
    index::PatternKey between{expected.begin()->first.value + 1};
    while (expected.count(between) != 0) ++between.value;
    CHECK(file.pattern_occurrences(between).count == 0);
    CHECK(file.pattern_occurrences(index::PatternKey{index::kPatternSentinel - 1}).count == 0);
}

TEST_CASE("the pattern spill merges sorted runs into one key order", "[index][patterns]") {
    const test_support::TempDir dir;
    index::PatternSpill spill(dir.path(), 3);  // a run every three occurrences
    std::vector<index::PatternEvent> events;
    for (unsigned k : {5U, 1U, 9U, 1U, 5U, 7U, 1U}) {
        index::PatternEvent e;
        e.set_key(index::PatternKey{index::PatternValue{k} << 70});
        e.move_number = static_cast<std::uint16_t>(k);
        events.push_back(e);
    }
    spill.add(0, std::span(events).first(4));
    spill.add(1, std::span(events).subspan(4));
    CHECK(spill.runs_written() == 2);
    std::vector<std::pair<unsigned, std::size_t>> seen;
    spill.for_each_pattern([&](index::PatternKey key, std::span<const index::SpilledOccurrence> o) {
        seen.emplace_back(static_cast<unsigned>(key.value >> 70), o.size());
    });
    CHECK(seen == std::vector<std::pair<unsigned, std::size_t>>{{1, 3}, {5, 2}, {7, 1}, {9, 1}});
}

TEST_CASE("a damaged pattern section is found by verify and by the query that reads it",
          "[index][patterns]") {
    const test_support::TempDir dir;
    const auto dict = compile_with_patterns(
        dir, {sgf_game(";B[pd];W[qc]", 2000), sgf_game(";B[pd];W[qb]", 2001)});
    const std::vector<std::byte> bytes = test_support::slurp_bytes(dict / "index.jki");
    const auto section = [&](index::SectionId id) {
        const auto head = index::decode_header(bytes.data());
        for (std::uint32_t i = 0; i < head->section_count; ++i) {
            const index::SectionEntry e =
                index::decode_section_entry(bytes.data() + index::head_size(i));
            if (e.id == static_cast<std::uint32_t>(id)) return e;
        }
        FAIL("no section " << static_cast<std::uint32_t>(id));
        return index::SectionEntry{};
    };
    const index::IndexFile clean = index::IndexFile::view(bytes, "index.jki");
    CHECK(index::lookup_pattern(clean, query("B[pd] W[qc]"), 5).stats.count == 1);
    // Resealed, as a crafted file would be: the checks of the records, not the checksums, must
    // find the damage.
    const auto damaged_index = [&](const std::function<void(std::vector<std::byte>&)>& damage) {
        std::vector<std::byte> copy = bytes;
        damage(copy);
        fuzz::reseal(copy);
        return copy;
    };

    // Every byte of the blocks set: each varint runs on past the end of its block.
    const index::SectionEntry blocks = section(index::SectionId::PatternOccurrences);
    std::vector<std::byte> damaged = damaged_index([&](std::vector<std::byte>& b) {
        for (std::uint64_t i = 0; i < blocks.count; ++i) b[blocks.offset + i] = std::byte{0xFF};
    });
    index::IndexFile file = index::IndexFile::view(damaged, "index.jki");
    CHECK_THROWS_WITH(file.verify(), Catch::Contains("damaged"));
    CHECK_THROWS_WITH(index::lookup_pattern(file, query("B[pd] W[qc]"), 5),
                      Catch::Contains("damaged"));

    // The sentinel's offset past the section: the last block would end outside it.
    const index::SectionEntry directory = section(index::SectionId::PatternDirectory);
    damaged = damaged_index([&](std::vector<std::byte>& b) {
        const std::size_t sentinel = directory.offset + (directory.count - 1) * 26;
        index::store_le(std::uint64_t{1000}, b.data() + sentinel + 10);
    });
    file = index::IndexFile::view(damaged, "index.jki");
    CHECK_THROWS_WITH(file.verify(), Catch::Contains("damaged"));
    CHECK_THROWS_WITH(index::lookup_pattern(file, query("B[pd] W[qc]"), 5),
                      Catch::Contains("damaged"));

    // A game's year that the pattern years do not give.
    const index::SectionEntry years = section(index::SectionId::PatternYears);
    damaged = damaged_index([&](std::vector<std::byte>& b) {
        index::store_le(std::int16_t{1990}, b.data() + years.offset + 4);
    });
    file = index::IndexFile::view(damaged, "index.jki");
    CHECK_THROWS_WITH(file.verify(), Catch::Contains("year"));
    clean.verify();
}

TEST_CASE(
    "every corner position of the goban-596 joseki index has at least its count of "
    "pattern occurrences",
    "[index][patterns][shared]") {
    const std::optional<std::filesystem::path> corpus = goban_596();
    if (!corpus) return;
    const test_support::TempDir dir;
    const auto dict = test_support::compile_inputs(
        dir.path(), {corpus->string()},
        [](compile::CompileOptions& o) { o.patterns = compile::PatternOutput::Write; });
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::TreeView& tree = file.tree(index::Tree::Joseki);
    file.verify();
    const auto occurrences = [&](index::PatternKey key) {
        return std::uint64_t{file.pattern_occurrences(key).count};
    };
    // A walk of the tree in preorder with the board of each open branch: a node's board is its
    // parent's with its move played.
    struct Open {
        std::uint32_t node;
        go::Board board;
        bool inside;  // every stone so far in the upper-right 7x7 region
    };
    std::vector<Open> stack{{0, go::Board{}, true}};
    std::size_t checked = 0;
    while (!stack.empty()) {
        const Open open = std::move(stack.back());
        stack.pop_back();
        for (const std::uint32_t child : index::children(tree, open.node)) {
            const go::Move move = index::node_move(tree, child);
            Open next{child, open.board, open.inside};
            if (!move.is_pass()) {
                next.inside = next.inside &&
                              index::pattern_corner(*move.point) == trackers::Corner::UpperRight;
                if (next.board.play(move) != go::MoveVerdict::Legal) continue;
                if (next.inside) {
                    const auto pattern = index::read_pattern(
                        next.board, trackers::Corner::UpperRight, go::opponent(move.color));
                    REQUIRE(pattern);
                    const std::uint64_t count =
                        index::node_stats(file, index::Tree::Joseki, child).count;
                    std::string line;
                    for (const go::Move& m : index::node_line(tree, child))
                        line += m.is_pass() ? std::string(" pass") : " " + go::to_sgf(*m.point);
                    INFO("node " << child << ":" << line);
                    CHECK(occurrences(pattern->key) +
                              occurrences(pattern->key.colours_reversed()) >=
                          count);
                    ++checked;
                }
            }
            if (next.inside) stack.push_back(std::move(next));
        }
    }
    CHECK(checked > 1000);
}

namespace {

// A dictionary of the same games compiled with every pattern of more than `above` occurrences
// summarised (`summarised`) and with none (`scanned`), the game table the same in both.
struct SummarisedAndScanned {
    std::filesystem::path summarised, scanned;
};

SummarisedAndScanned compile_twice(const test_support::TempDir& dir,
                                   const std::vector<std::string>& inputs, std::uint32_t above) {
    const auto with = [](std::uint32_t summaries_above) {
        return [summaries_above](compile::CompileOptions& o) {
            o.patterns = compile::PatternOutput::Write;
            o.pattern_summaries_above = summaries_above;
        };
    };
    return {test_support::compile_inputs(dir.path() / "summarised", inputs, with(above)),
            test_support::compile_inputs(dir.path() / "scanned", inputs,
                                         with(std::numeric_limits<std::uint32_t>::max()))};
}

// What `lookup --corner` prints of `q`, as text and as JSON.
std::string printed(const index::IndexFile& file, const index::CornerQuery& q, std::size_t games,
                    const index::GameSelection* selection = nullptr) {
    const index::PatternLookupResult r = index::lookup_pattern(file, q, games, selection);
    return cli::render_pattern_text(r) + index::pattern_lookup_json(r).dump(1);
}

// The stones of `key` as a query in the upper-right corner (row r from the top, column c from
// the right edge), either player to move.
index::CornerQuery query_of(index::PatternKey key) {
    index::CornerQuery q;
    for (int r = 0; r < index::kPatternSide; ++r) {
        for (int c = 0; c < index::kPatternSide; ++c) {
            const int d = key.point(r * index::kPatternSide + c);
            if (d == 0) continue;
            q.stones.push_back(
                go::Move::at(d == 1 ? go::Color::Black : go::Color::White,
                             go::Point{static_cast<std::uint8_t>(go::kBoardSize - 1 - c),
                                       static_cast<std::uint8_t>(r)}));
        }
    }
    return q;
}

// The keys of the stored summaries of `file` (the directory's records, the sentinel left out).
std::vector<index::PatternKey> summarised_keys(const index::IndexFile& file) {
    const index::SectionView& directory =
        file.section(static_cast<std::uint32_t>(index::SectionId::PatternSummaryDirectory));
    std::vector<index::PatternKey> keys;
    for (std::uint64_t i = 0; directory.present && i + 1 < directory.count; ++i) {
        std::array<std::byte, index::PatternSummaryRecord::kSize> b;
        file.read_bytes(directory, i * b.size(), b);
        keys.push_back(index::decode_pattern_summary_record(b.data()).key);
    }
    return keys;
}

}  // namespace

TEST_CASE("a summarised pattern prints what a count of its occurrences prints",
          "[index][patterns]") {
    // The shape of the first test at moves 1-4 and 3-6, in three corners and both colours,
    // and a shape White to move only (B pd, W qc, B qd after two centre moves: White to move).
    const std::vector<std::string> shape{"pd", "qc", "pc", "qd", "qe"};
    const test_support::TempDir dir;
    test_support::compile_games(
        dir.path() / "first",
        {sgf_game(placed(shape, go::Symmetry::Identity, 'B'), 2001),
         sgf_game(";B[jj];W[jk]" + placed(shape, go::Symmetry::Rotate180, 'B'), 2002, "W+R"),
         sgf_game(";B[jj]" + placed(shape, go::Symmetry::Rotate270, 'W'), 2003),
         sgf_game(placed(shape, go::Symmetry::Transpose, 'B') + ";W[jj]", 2019, "W+R"),
         sgf_game(";B[jj];W[jk];B[pd];W[qc];B[qd]", 2018, "B+R")});
    const SummarisedAndScanned dicts =
        compile_twice(dir, {(dir.path() / "first" / "games").string()}, 0);
    const index::IndexFile summarised = index::IndexFile::open(dicts.summarised / "index.jki");
    const index::IndexFile scanned = index::IndexFile::open(dicts.scanned / "index.jki");
    summarised.verify();
    CHECK(summarised_keys(scanned).empty());
    CHECK(summarised_keys(summarised).size() > 5);

    for (const char* stones : {"B[pd]", "B[pd] W[qc]", "B[pd] W[qc] B[pc]",
                               "B[dp] W[cq] B[cp] W[dq]", "B[pd] W[qc] B[qd]", "B[ra]"}) {
        for (const std::optional<go::Color> to_move :
             {std::optional<go::Color>{}, std::optional{go::Color::Black},
              std::optional{go::Color::White}}) {
            for (const auto colours :
                 {index::ColourReversal::Exact, index::ColourReversal::Either}) {
                for (const std::size_t games :
                     {std::size_t{0}, std::size_t{1}, std::size_t{5}, index::kStoredPatternGames,
                      index::kStoredPatternGames + 1}) {
                    index::CornerQuery q = query(stones);
                    q.to_move = to_move;
                    q.colours = colours;
                    INFO(stones << ", to move " << (to_move ? static_cast<int>(*to_move) : -1)
                                << ", colours " << static_cast<int>(colours) << ", games "
                                << games);
                    CHECK(printed(summarised, q, games) == printed(scanned, q, games));
                }
            }
        }
    }
    // A filter counts from the occurrences, summary or not.
    game::GameFilter since;
    since.since = 2003;
    const index::GameSelection a(summarised, since), b(scanned, since);
    CHECK(printed(summarised, query("B[pd] W[qc]"), 5, &a) ==
          printed(scanned, query("B[pd] W[qc]"), 5, &b));
}

TEST_CASE("every summarised pattern of goban-596 prints what a count of its occurrences prints",
          "[index][patterns][shared]") {
    const std::optional<std::filesystem::path> corpus = goban_596();
    if (!corpus) return;
    const test_support::TempDir dir;
    // Low enough that hundreds of patterns are summarised, shapes of a few stones and of many.
    const SummarisedAndScanned dicts = compile_twice(dir, {corpus->string()}, 4);
    const index::IndexFile summarised = index::IndexFile::open(dicts.summarised / "index.jki");
    const index::IndexFile scanned = index::IndexFile::open(dicts.scanned / "index.jki");
    summarised.verify();
    const std::vector<index::PatternKey> keys = summarised_keys(summarised);
    CHECK(keys.size() > 200);
    std::size_t answered = 0;
    for (const index::PatternKey key : keys) {
        index::CornerQuery q = query_of(key);
        INFO("pattern of " << q.stones.size() << " stones, summary " << answered);
        const std::optional<index::PatternSummary> summary = summarised.pattern_summary(key);
        REQUIRE(summary);
        // The summary is used: the eras are the query's.
        CHECK(summary->eras == index::lookup_pattern(summarised, q, 0).eras);
        for (const std::optional<go::Color> to_move :
             {std::optional<go::Color>{}, std::optional{go::Color::Black},
              std::optional{go::Color::White}}) {
            q.to_move = to_move;
            for (const std::size_t games : {std::size_t{5}, index::kStoredPatternGames})
                CHECK(printed(summarised, q, games) == printed(scanned, q, games));
        }
        ++answered;
    }
}

TEST_CASE("a damaged pattern summary is found by verify and by the query that reads it",
          "[index][patterns]") {
    const test_support::TempDir dir;
    const auto dict = test_support::compile_games(
        dir.path(), {sgf_game(";B[pd];W[qc]", 2000), sgf_game(";B[pd];W[qb]", 2001)},
        [](compile::CompileOptions& o) {
            o.patterns = compile::PatternOutput::Write;
            o.pattern_summaries_above = 1;  // B pd alone, twice
        });
    const std::vector<std::byte> bytes = test_support::slurp_bytes(dict / "index.jki");
    const index::IndexFile clean = index::IndexFile::view(bytes, "index.jki");
    REQUIRE(summarised_keys(clean).size() == 1);
    clean.verify();
    const auto section = [&](index::SectionId id) {
        return clean.section(static_cast<std::uint32_t>(id));
    };
    const index::SectionView summaries = section(index::SectionId::PatternSummaries);
    const index::SectionView directory = section(index::SectionId::PatternSummaryDirectory);
    // Resealed, as a crafted file would be.
    const auto damaged_index = [&](const std::function<void(std::vector<std::byte>&)>& damage) {
        std::vector<std::byte> copy = bytes;
        damage(copy);
        fuzz::reseal(copy);
        return copy;
    };
    const auto check_damaged = [&](const std::vector<std::byte>& damaged, bool query_finds) {
        const index::IndexFile file = index::IndexFile::view(damaged, "index.jki");
        CHECK_THROWS_WITH(file.verify(),
                          Catch::Contains("damaged") && Catch::Contains("corner pattern summar"));
        if (query_finds)
            CHECK_THROWS_WITH(index::lookup_pattern(file, query("B[pd]"), 5),
                              Catch::Contains("damaged") && Catch::Contains("summary"));
    };

    // Every byte set: the varints run on past the summary's end.
    check_damaged(damaged_index([&](std::vector<std::byte>& b) {
                      for (std::uint64_t i = 0; i < summaries.count; ++i)
                          b[summaries.offset + i] = std::byte{0xFF};
                  }),
                  true);
    // The occurrences the directory gives differ from the summary's.
    check_damaged(damaged_index([&](std::vector<std::byte>& b) {
                      index::store_le(std::uint32_t{3}, b.data() + directory.offset + 18);
                  }),
                  true);
    // The sentinel's offset past the section.
    check_damaged(damaged_index([&](std::vector<std::byte>& b) {
                      index::store_le(
                          std::uint64_t{1000},
                          b.data() + directory.offset + index::PatternSummaryRecord::kSize + 10);
                  }),
                  true);
    // A threshold under which another pattern would have a summary: only verify finds it.
    check_damaged(damaged_index([&](std::vector<std::byte>& b) {
                      index::store_le(
                          std::uint32_t{0},
                          b.data() + directory.offset + index::PatternSummaryRecord::kSize + 18);
                  }),
                  false);
    // Another first year of the second era (the summary's first varints: one boundary, then
    // its year): a query finds the eras differ from the index's and counts the occurrences
    // instead; verify finds the summary differs from them.
    REQUIRE(bytes[summaries.offset] == std::byte{1});
    const std::vector<std::byte> wrong =
        damaged_index([&](std::vector<std::byte>& b) { b[summaries.offset + 1] ^= std::byte{1}; });
    CHECK(printed(index::IndexFile::view(wrong, "index.jki"), query("B[pd]"), 5) ==
          printed(clean, query("B[pd]"), 5));
    check_damaged(wrong, false);
}
