#include <catch2/catch.hpp>

#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "compiler/compile/merge_log.hpp"
#include "index/index_reader.hpp"

using namespace josekic;

namespace {

compile::LoggedGameReader reader_of(const std::vector<std::byte>& bytes) {
    return compile::LoggedGameReader(
        [&bytes](std::uint64_t offset, std::span<std::byte> out) {
            std::memcpy(out.data(), bytes.data() + offset, out.size());
        },
        bytes.size(), "log.jki");
}

compile::LoggedGame kept_game() {
    compile::LoggedGame game;
    game.fingerprint = go::Hash128{0x0123456789ABCDEFULL, 0xFEDCBA9876543210ULL};
    game.legal_moves = 211;
    game.stopped_by = go::MoveVerdict::KoRecapture;
    game.year = 2019;
    game.winner = game::Winner::White;
    trackers::CornerSequence seq;
    seq.corner = trackers::Corner::LowerLeft;
    seq.end = trackers::SequenceEnd::LengthCap;
    seq.colours = trackers::ColourOrder::Swapped;
    seq.tenukis = 1;
    seq.moves = {go::Move::at(go::Color::Black, go::Point{15, 3}), go::Move::pass(go::Color::White),
                 go::Move::at(go::Color::Black, go::Point{18, 18})};
    game.analysis.corners.sequences = {seq};
    game.analysis.corners.blocked_by_setup = {trackers::Corner::UpperLeft};
    game.analysis.move_numbers = {1, 200, 3};
    game.analysis.move_numbers_end = {3};
    game.analysis.opening.opening_class = trackers::OpeningClass::Handicap;
    game.analysis.opening.moves = {go::Move::at(go::Color::White, go::Point{0, 0})};
    game.analysis.opening.setup_black = {go::Point{3, 3}, go::Point{15, 15}};
    return game;
}

}  // namespace

TEST_CASE("a logged game reads back as written, kept or filtered out", "[compile][merge]") {
    std::vector<std::byte> bytes;
    const compile::LoggedGame kept = kept_game();
    compile::encode_logged_game(kept, bytes);
    compile::LoggedGame filtered;
    filtered.fingerprint = go::Hash128{1, 2};
    filtered.filtered.emplace();
    filtered.filtered->misses[1] = game::FilterMiss::Missing;
    compile::encode_logged_game(filtered, bytes);

    compile::LoggedGameReader reader = reader_of(bytes);
    compile::LoggedGame back;
    REQUIRE(reader.next(back));
    CHECK(back.fingerprint == kept.fingerprint);
    CHECK_FALSE(back.filtered);
    CHECK(back.legal_moves == 211);
    CHECK(back.stopped_by == go::MoveVerdict::KoRecapture);
    CHECK(back.year == 2019);
    CHECK(back.winner == game::Winner::White);
    REQUIRE(back.analysis.corners.sequences.size() == 1);
    const trackers::CornerSequence& seq = back.analysis.corners.sequences[0];
    CHECK(seq.corner == trackers::Corner::LowerLeft);
    CHECK(seq.end == trackers::SequenceEnd::LengthCap);
    CHECK(seq.colours == trackers::ColourOrder::Swapped);
    CHECK(seq.tenukis == 1);
    CHECK(seq.moves == kept.analysis.corners.sequences[0].moves);
    CHECK(back.analysis.corners.blocked_by_setup.size() == 1);
    CHECK(back.analysis.move_numbers == kept.analysis.move_numbers);
    CHECK(back.analysis.move_numbers_end == kept.analysis.move_numbers_end);
    CHECK(back.analysis.opening.opening_class == trackers::OpeningClass::Handicap);
    CHECK(back.analysis.opening.moves == kept.analysis.opening.moves);
    CHECK(back.analysis.opening.setup_black == kept.analysis.opening.setup_black);
    CHECK(back.analysis.opening.setup_white.empty());

    REQUIRE(reader.next(back));
    CHECK(back.fingerprint == filtered.fingerprint);
    REQUIRE(back.filtered);
    CHECK(back.filtered->misses[1] == game::FilterMiss::Missing);
    CHECK_FALSE(back.filtered->misses[0]);
    CHECK_FALSE(reader.next(back));
}

TEST_CASE("a game read into one read before is the game read afresh", "[compile][merge]") {
    // A large game, a smaller one with nothing optional, a filtered one, the large one again.
    std::vector<compile::LoggedGame> games{kept_game(), {}, {}, kept_game()};
    games[0].analysis.corners.sequences.push_back(games[0].analysis.corners.sequences[0]);
    games[0].analysis.move_numbers_end = {2, 3};
    games[1].fingerprint = go::Hash128{5, 6};
    games[1].analysis.corners.sequences = {trackers::CornerSequence{}};
    games[1].analysis.corners.sequences[0].moves = {go::Move::pass(go::Color::Black)};
    games[1].analysis.move_numbers_end = {0};
    games[2].filtered.emplace();
    std::vector<std::byte> bytes;
    for (const compile::LoggedGame& game : games) compile::encode_logged_game(game, bytes);

    compile::LoggedGameReader reused_reader = reader_of(bytes);
    compile::LoggedGameReader fresh_reader = reader_of(bytes);
    compile::LoggedGame reused;
    // Not in the log, so the reader must reset what a game made elsewhere may have set.
    reused.analysis.opening.symmetry = go::Symmetry::Rotate90;
    reused.analysis.patterns.resize(2);
    for (std::size_t i = 0; i < games.size(); ++i) {
        CAPTURE(i);
        compile::LoggedGame fresh;
        REQUIRE(reused_reader.next(reused));
        REQUIRE(fresh_reader.next(fresh));
        std::vector<std::byte> reused_bytes;
        std::vector<std::byte> fresh_bytes;
        compile::encode_logged_game(reused, reused_bytes);
        compile::encode_logged_game(fresh, fresh_bytes);
        CHECK(reused_bytes == fresh_bytes);
        CHECK(reused.analysis.corners.sequences.size() == fresh.analysis.corners.sequences.size());
        for (const trackers::CornerSequence& seq : reused.analysis.corners.sequences) {
            CHECK(seq.symmetry == go::Symmetry::Identity);
            CHECK(seq.first_move_index == 0);
        }
        CHECK(reused.analysis.opening.symmetry == go::Symmetry::Identity);
        CHECK(reused.analysis.patterns.empty());
    }
    CHECK_FALSE(reused_reader.next(reused));
}

TEST_CASE("an entry copied from the reader is the bytes that were written for it",
          "[compile][merge]") {
    // Long enough entries that the reader refills its buffer between them.
    std::vector<std::byte> bytes;
    std::vector<std::vector<std::byte>> written;
    compile::LoggedGame game = kept_game();
    game.analysis.move_numbers.assign(300000, 7);
    game.analysis.move_numbers_end = {300000};
    for (int i = 0; i < 8; ++i) {
        game.legal_moves = static_cast<std::uint64_t>(i);
        written.emplace_back();
        compile::encode_logged_game(game, written.back());
        bytes.insert(bytes.end(), written.back().begin(), written.back().end());
    }
    compile::LoggedGameReader reader = reader_of(bytes);
    compile::LoggedGame back;
    std::vector<std::byte> copied{std::byte{1}};
    for (const std::vector<std::byte>& entry : written) {
        REQUIRE(reader.next(back));
        reader.copy_entry(copied);
        CHECK(copied == entry);
    }
    CHECK_FALSE(reader.next(back));
}

TEST_CASE("a cut or damaged merge record is damage, never a crash", "[compile][merge]") {
    std::vector<std::byte> bytes;
    compile::encode_logged_game(kept_game(), bytes);
    for (std::size_t size = 1; size < bytes.size(); ++size) {
        INFO(size);
        const std::vector<std::byte> cut(bytes.begin(), bytes.begin() + static_cast<long>(size));
        compile::LoggedGameReader reader = reader_of(cut);
        compile::LoggedGame game;
        CHECK_THROWS_AS(reader.next(game), index::IndexError);
    }
    for (std::size_t at = 0; at < bytes.size(); ++at) {
        std::vector<std::byte> flipped = bytes;
        flipped[at] ^= std::byte{0xFF};
        compile::LoggedGameReader reader = reader_of(flipped);
        compile::LoggedGame game;
        try {
            while (reader.next(game)) {
            }
        } catch (const index::IndexError&) {
        }
    }
}

TEST_CASE("a merge run reads back as written", "[compile][merge]") {
    compile::MergeRun run;
    run.zones_file = "zones.txt";
    run.handicap = compile::HandicapFuseki::SeparateTree;
    run.run.inputs = {"a", "b c"};
    run.run.files_read = 7;
    run.run.files_skipped.push_back({"x.sgf", diag::Code::NoGameTree, "no tree"});
    run.run.games_read = 12;
    run.run.games_kept = 9;
    run.run.games_skipped = {{"duplicate", 2}, {"not-19x19", 1}};
    run.run.filter.since = 2017;
    run.run.filter.min_rank = game::Rank{game::RankKind::Professional, 9};
    run.run.filter.players.emplace_back("Cho Chikun");
    run.run.filtered.games_removed = 3;
    run.run.filtered.failed[0][1] = 3;
    run.run.diagnostics.by_code = {{"duplicate", 2}};
    run.run.diagnostics.warnings = 2;
    run.run.largest_files.push_back({"big.sgf", 4096, 0.0});
    const std::vector<std::byte> bytes = compile::encode_merge_run(run);
    const compile::MergeRun back = compile::decode_merge_run(bytes, "r.jki");
    CHECK(back.zones_file == "zones.txt");
    CHECK(back.handicap == compile::HandicapFuseki::SeparateTree);
    CHECK(back.run.inputs == run.run.inputs);
    CHECK(back.run.files_skipped.at(0).code == diag::Code::NoGameTree);
    CHECK(back.run.games_skipped == run.run.games_skipped);
    CHECK(back.run.filter.describe() == run.run.filter.describe());
    CHECK(back.run.filtered.failed == run.run.filtered.failed);
    CHECK(back.run.diagnostics.by_code == run.run.diagnostics.by_code);
    CHECK(back.run.largest_files.at(0).bytes == 4096);
    CHECK(compile::encode_merge_run(back) == bytes);
    const std::vector<std::byte> cut(bytes.begin(), bytes.end() - 1);
    CHECK_THROWS_AS(compile::decode_merge_run(cut, "r.jki"), index::IndexError);
}
