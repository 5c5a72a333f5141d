#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "compiler/compile/dictionary_output.hpp"
#include "emit/dictionary_reader.hpp"
#include "prune/apply.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using josekic::test_support::slurp;
using josekic::test_support::TempDir;

namespace {

// 120 lines of 6 moves: three first moves, four second, five third, then a tail of its own,
// each played 1 to 13 times, so that every min count cuts a little more.
dictionary::Trie sample() {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    const std::vector<std::string> first = {"pd", "qc", "qd"};
    int game = 0;
    for (int i = 0; i < 120; ++i) {
        std::vector<go::Point> points = {*go::point_from_sgf(first[i % 3]),
                                         go::Point{static_cast<std::uint8_t>(2 + (i / 3) % 4), 2},
                                         go::Point{static_cast<std::uint8_t>(2 + (i / 12) % 5), 8},
                                         go::Point{static_cast<std::uint8_t>(i % 19), 12},
                                         go::Point{static_cast<std::uint8_t>(i / 19), 14},
                                         go::Point{static_cast<std::uint8_t>(i % 7), 16}};
        std::vector<go::Move> line;
        go::Color colour = go::Color::Black;
        for (const go::Point p : points) {
            line.push_back(go::Move::at(colour, p));
            colour = go::opponent(colour);
        }
        const int times = 1 + (i * 7) % 13;
        for (int t = 0; t < times; ++t) {
            const std::string number = std::to_string(++game);
            const std::string path = "collection/game" + number + ".sgf";
            const std::string black = "Black " + number;
            const std::string white = "White " + number;
            dictionary::GameReference reference;
            reference.source_path = dictionary::SourcePath::split(path);
            reference.black_player = black;
            reference.white_player = white;
            reference.year = 1990 + game % 30;
            trie.insert(line, dictionary::LineOutcome::FirstPlayerWon, reference.year,
                        games->add(reference));
        }
    }
    return trie;
}

emit::WriteOptions options() {
    emit::WriteOptions o;
    o.kind = emit::DictionaryKind::Joseki;
    o.name = "budget test";
    o.application = "josekic:test";
    o.provenance = {"Input: test"};
    return o;
}

struct Written {
    std::string text;
    compile::OutputFile file;
};

// Writes `trie` with `thresholds` (already applied to it) and reads the file back.
Written write(const TempDir& dir, const dictionary::Trie& trie, const prune::Thresholds& thresholds,
              const std::string& name) {
    const std::filesystem::path path = dir.path() / name;
    const compile::DictionaryOutput output = compile::write_annotated_dictionary(
        trie, options(), thresholds, nullptr, compile::DictionaryTarget{path});
    REQUIRE(output.files.size() == 1);
    return Written{slurp(path), output.files.front()};
}

// The file a given --min-count writes, without a budget.
Written with_min_count(const TempDir& dir, const dictionary::Trie& trie, std::uint64_t m) {
    prune::Thresholds given;
    given.min_count = m;
    return write(dir, prune::apply(trie, {}, given, prune::DictionaryKind::Joseki).trie, given,
                 "min-count-" + std::to_string(m) + ".sgf");
}

std::size_t nodes_read_back(const std::string& text) {
    diag::DiagnosticList sink;
    const auto read = emit::read_dictionary(text, "budget.sgf", sink);
    REQUIRE(read);
    return read->trie.size();
}

}  // namespace

TEST_CASE("the budget keeps the lines of the smallest min count that fits its nodes",
          "[compile][budget]") {
    const TempDir dir;
    const dictionary::Trie trie = sample();
    const Written at_3 = with_min_count(dir, trie, 3);
    const Written at_4 = with_min_count(dir, trie, 4);
    REQUIRE(at_4.file.nodes < at_3.file.nodes);

    prune::Thresholds limits;
    limits.budget.max_nodes = at_3.file.nodes - 1;  // min count 3 keeps one node too many
    const Written fitted = write(dir, trie, limits, "fitted.sgf");
    CHECK(fitted.file.budget_min_count == 4);
    CHECK(fitted.file.nodes == at_4.file.nodes);
    CHECK(nodes_read_back(fitted.text) == fitted.file.nodes);
    CHECK(fitted.file.nodes <= *limits.budget.max_nodes);
    CHECK(fitted.text.find("Size limits: min count 4 (the smallest that fits the budget of " +
                           std::to_string(at_3.file.nodes - 1) + " nodes per file)") !=
          std::string::npos);
    CHECK(fitted.text.find("XP[Input: test][Budget: lines seen fewer than 4 times are left out") !=
          std::string::npos);
    // A node whose continuations were cut says how many lines went.
    CHECK(fitted.text.find("Not shown: ") != std::string::npos);
    // Deterministic.
    CHECK(write(dir, trie, limits, "again.sgf").text == fitted.text);
}

TEST_CASE("the budget keeps the lines of the smallest min count that fits its bytes",
          "[compile][budget]") {
    const TempDir dir;
    const dictionary::Trie trie = sample();
    const Written at_3 = with_min_count(dir, trie, 3);
    const Written at_4 = with_min_count(dir, trie, 4);
    // The budget's own words make its file a little longer than --min-count's: min count
    // 3 cannot fit, and 4 fits when the two differ by more than those words.
    REQUIRE(at_3.text.size() - at_4.text.size() > 1000);

    prune::Thresholds limits;
    limits.budget.max_bytes = at_3.text.size() - 1;
    const Written fitted = write(dir, trie, limits, "fitted.sgf");
    CHECK(fitted.file.budget_min_count == 4);
    CHECK(fitted.text.size() == fitted.file.bytes);
    CHECK(fitted.text.size() <= *limits.budget.max_bytes);
    CHECK(nodes_read_back(fitted.text) == at_4.file.nodes);

    // Both limits at once: the stricter one decides.
    limits.budget.max_nodes = at_4.file.nodes - 1;
    const Written both = write(dir, trie, limits, "both.sgf");
    CHECK(both.file.budget_min_count > 4);
    CHECK(both.file.nodes <= *limits.budget.max_nodes);
    CHECK(both.text.size() <= *limits.budget.max_bytes);
}

TEST_CASE("a dictionary within its budget is written as without one", "[compile][budget]") {
    const TempDir dir;
    const dictionary::Trie trie = sample();
    const Written full = write(dir, trie, prune::Thresholds{}, "full.sgf");
    prune::Thresholds viewer;
    viewer.budget = prune::Budget::viewer();
    const Written fitted = write(dir, trie, viewer, "viewer.sgf");
    CHECK(fitted.file.budget_min_count == 0);
    CHECK(fitted.text == full.text);
    prune::Thresholds exact;
    exact.budget = {full.file.nodes, full.text.size()};
    CHECK(write(dir, trie, exact, "exact.sgf").text == full.text);
}

TEST_CASE("a budget too small for the root alone writes the root and warns", "[compile][budget]") {
    const TempDir dir;
    const dictionary::Trie trie = sample();
    prune::Thresholds tiny;
    tiny.budget.max_bytes = 100;
    const auto path = dir.path() / "tiny.sgf";
    const compile::DictionaryOutput output = compile::write_annotated_dictionary(
        trie, options(), tiny, nullptr, compile::DictionaryTarget{path});
    CHECK(output.nodes == 1);
    REQUIRE(output.warnings.size() == 1);
    CHECK(output.warnings.front().find("does not fit the budget of 100 bytes per file") !=
          std::string::npos);
}

TEST_CASE("each file of a split meets the budget on its own", "[compile][budget]") {
    const TempDir dir;
    const dictionary::Trie trie = sample();
    prune::Thresholds limits;
    limits.budget.max_nodes = 60;
    limits.budget.max_bytes = 40'000;
    const compile::DictionaryOutput output = compile::write_annotated_dictionary(
        trie, options(), limits, nullptr,
        compile::DictionaryTarget{dir.path(), compile::Layout::SplitByFirstMove});
    REQUIRE(output.files.size() == 4);  // three first moves and the index
    for (std::size_t i = 0; i < 3; ++i) {
        const compile::OutputFile& file = output.files[i];
        INFO(file.path);
        CHECK(file.nodes <= 60);
        CHECK(file.bytes <= 40'000);
        CHECK(std::filesystem::file_size(file.path) == file.bytes);
        CHECK(nodes_read_back(slurp(file.path)) == file.nodes);
        CHECK(file.budget_min_count > 0);
    }
}
