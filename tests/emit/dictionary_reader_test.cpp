#include <catch2/catch.hpp>

#include <tuple>

#include "emit/dictionary_reader.hpp"
#include "emit/dictionary_writer.hpp"
#include "emit/split.hpp"
#include "tests/emit/sample_dictionaries.hpp"

using namespace josekic;
using namespace josekic::emit;

namespace {

WriteOptions test_options(DictionaryKind kind) {
    WriteOptions options;
    options.kind = kind;
    options.name = "round ]trip[ \\ name: 名人";
    options.provenance = {"Inputs: a]b\\c", "Options: --min-count 1", "line\nwith a break"};
    options.application = "josekic:test";
    return options;
}

auto fields(const dictionary::GameReference& g) {
    return std::tie(g.black_player, g.white_player, g.black_rank, g.white_rank, g.date, g.year,
                    g.event, g.result, g.source_path, g.index_in_file);
}

// Walks both tries in output order (explicit stack) and requires equal moves, statistics
// and listed games at every node.
void require_same_tries(const dictionary::Trie& a, const dictionary::Trie& b) {
    REQUIRE(a.size() == b.size());
    std::vector<std::pair<dictionary::NodeId, dictionary::NodeId>> stack{
        {dictionary::kRoot, dictionary::kRoot}};
    while (!stack.empty()) {
        const auto [x, y] = stack.back();
        stack.pop_back();
        const dictionary::TrieNode& nx = a.node(x);
        const dictionary::TrieNode& ny = b.node(y);
        if (x != dictionary::kRoot) REQUIRE(nx.move == ny.move);
        REQUIRE(nx.stats == ny.stats);
        REQUIRE(a.listed_games(x).size() == b.listed_games(y).size());
        for (std::size_t i = 0; i < a.listed_games(x).size(); ++i) {
            REQUIRE(fields(a.games()[a.listed_games(x)[i]]) ==
                    fields(b.games()[b.listed_games(y)[i]]));
        }
        const auto cx = a.sorted_children(x);
        const auto cy = b.sorted_children(y);
        REQUIRE(cx.size() == cy.size());
        for (std::size_t i = 0; i < cx.size(); ++i) stack.emplace_back(cx[i], cy[i]);
    }
}

}  // namespace

TEST_CASE("write -> read -> write is byte-identical and keeps every statistic", "[emit]") {
    const auto trie = testing::small_joseki();
    for (const DictionaryKind kind : {DictionaryKind::Joseki, DictionaryKind::Fuseki}) {
        const WriteOptions options = test_options(kind);
        const std::string first = write_dictionary(trie, options).text;
        diag::DiagnosticList sink;
        const auto back = read_dictionary(first, "first.sgf", sink);
        REQUIRE(sink.items.empty());
        REQUIRE(back.has_value());
        require_same_tries(trie, back->trie);
        CHECK(back->root.kind == kind);
        CHECK(back->root.name == options.name);
        CHECK(back->root.application == "josekic:test");
        CHECK(back->root.provenance == options.provenance);
        CHECK(back->trie.games().size() == 8);  // each game once

        WriteOptions again = options;
        again.name = back->root.name;
        again.provenance = back->root.provenance;
        CHECK(write_dictionary(back->trie, again).text == first);
    }
}

TEST_CASE(
    "a collection of trees with setup stones reads back tree by tree and rewrites "
    "identically",
    "[emit]") {
    const auto trie = testing::small_joseki();
    WriteOptions two = test_options(DictionaryKind::Fuseki);
    two.setup.black = {*go::point_from_sgf("pd"), *go::point_from_sgf("dp")};
    WriteOptions none = test_options(DictionaryKind::Fuseki);
    const std::string first = write_dictionary(trie, two).text;
    CHECK(first.find("ST[2]AB[pd][dp]GN[") != std::string::npos);
    const std::string collection = first + write_dictionary(trie, none).text;

    diag::DiagnosticList sink;
    const auto back = read_dictionary_collection(collection, "handicap.sgf", sink);
    REQUIRE(sink.items.empty());
    REQUIRE(back.has_value());
    REQUIRE(back->size() == 2);
    CHECK((*back)[0].root.setup == two.setup);
    CHECK((*back)[1].root.setup.empty());
    std::string again;
    for (const ReadDictionary& tree : *back) {
        require_same_tries(trie, tree.trie);
        WriteOptions options = test_options(DictionaryKind::Fuseki);
        options.setup = tree.root.setup;
        again += write_dictionary(tree.trie, options).text;
    }
    CHECK(again == collection);
    // read_dictionary still reads one tree, and says the others are left out.
    CHECK(read_dictionary(collection, "handicap.sgf", sink).has_value());
    REQUIRE(sink.items.size() == 1);
    CHECK(sink.items[0].code == "extra-game-tree");
}

TEST_CASE("a dictionary cut by thresholds reads back as written and rewrites identically",
          "[emit]") {
    prune::Thresholds limits;
    limits.min_count = 2;
    limits.max_children = 1;
    const auto trie = testing::thresholded(testing::small_joseki(), limits);
    const WriteOptions options = testing::stating(test_options(DictionaryKind::Joseki), limits);
    const WrittenDictionary first = write_dictionary(trie, options);
    diag::DiagnosticList sink;
    const auto back = read_dictionary(first.text, "cut.sgf", sink);
    REQUIRE(back.has_value());
    CHECK(back->trie.size() == first.nodes);
    CHECK(write_dictionary(back->trie, options).text == first.text);
}

TEST_CASE("each file of a split dictionary reads back to its first move's subtree", "[emit]") {
    const auto trie = testing::small_joseki();
    const SplitDictionary split = split_by_first_move(trie, test_options(DictionaryKind::Joseki));
    REQUIRE(split.files.size() == 3);
    std::uint64_t sum = 0;
    for (const SplitFile& file : split.files) {
        diag::DiagnosticList sink;
        const auto back = read_dictionary(file.dictionary.text, file.file_name, sink);
        REQUIRE(back.has_value());
        CHECK(sink.items.empty());
        CHECK(back->trie.size() == file.dictionary.nodes);
        CHECK(back->trie.node(dictionary::kRoot).stats == trie.node(dictionary::kRoot).stats);
        REQUIRE(back->trie.sorted_children(dictionary::kRoot).size() == 1);
        sum += back->trie.node(back->trie.sorted_children(dictionary::kRoot)[0]).stats.count;
    }
    CHECK(sum == trie.node(dictionary::kRoot).stats.count);
}

TEST_CASE("a deep chain reads back without recursion", "[emit]") {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie chain(games);
    std::vector<go::Move> moves;
    for (int i = 0; i < 100'000; ++i) {
        moves.push_back(go::Move::at(i % 2 == 0 ? go::Color::Black : go::Color::White,
                                     go::Point::from_index(i % 361)));
    }
    chain.insert(moves, dictionary::LineOutcome::FirstPlayerWon, 2020, std::nullopt);
    const WriteOptions options = test_options(DictionaryKind::Fuseki);
    const std::string text = write_dictionary(chain, options).text;
    diag::DiagnosticList sink;
    const auto back = read_dictionary(text, "deep.sgf", sink);
    REQUIRE(back.has_value());
    CHECK(back->trie.size() == 100'001);
    CHECK(write_dictionary(back->trie, options).text == text);
}

TEST_CASE("a file not written by josekic is refused with a clear diagnostic", "[emit]") {
    diag::DiagnosticList sink;
    CHECK_FALSE(read_dictionary("(;GM[1]FF[4]SZ[19];B[pd];W[dd])", "game.sgf", sink).has_value());
    REQUIRE(sink.items.size() == 1);
    CHECK(sink.items[0].code == "not-a-josekic-dictionary");
    CHECK(diag::format(sink.items[0]).rfind("game.sgf:1:2: error: not a josekic dictionary", 0) ==
          0);

    diag::DiagnosticList version_sink;
    CHECK_FALSE(
        read_dictionary("(;XD[joseki:9]XS[0:0:0:0:0:0:0:0])", "new.sgf", version_sink).has_value());
    REQUIRE(version_sink.items.size() == 1);
    CHECK(version_sink.items[0].code == "unsupported-dictionary-version");

    diag::DiagnosticList empty_sink;
    CHECK_FALSE(read_dictionary("", "empty.sgf", empty_sink).has_value());
    CHECK_FALSE(empty_sink.items.empty());
}

TEST_CASE("damaged statistics and moves are reported with their place and skipped", "[emit]") {
    const std::string text =
        "(;XD[joseki:1]XS[3:0:1:1:0:1:2000:2001]\n"
        "(;B[pd]XS[2:oops]\n"
        ";W[zz]XS[1:1:0:0:0:1:0:0])\n"
        "(;C[no move]XS[1:1:0:0:0:1:0:0]))\n";
    diag::DiagnosticList sink;
    const auto back = read_dictionary(text, "edited.sgf", sink);
    REQUIRE(back.has_value());
    REQUIRE(sink.items.size() == 3);
    CHECK(sink.items[0].code == "bad-statistics");
    CHECK(sink.items[0].where.line == 2);
    CHECK(sink.items[1].code == "bad-move");
    CHECK(sink.items[1].where.line == 3);
    CHECK(sink.items[2].code == "node-without-move");
    CHECK(back->trie.size() == 2);  // root and pd
    CHECK(back->trie.node(dictionary::kRoot).stats.count == 3);
}

TEST_CASE("a count beyond the 32-bit counters is damaged statistics", "[emit]") {
    diag::DiagnosticList sink;
    const auto back =
        read_dictionary("(;XD[joseki:1]XS[4294967296:0:0:0:0:4294967296:0:0])", "big.sgf", sink);
    REQUIRE(back.has_value());
    REQUIRE(sink.items.size() == 1);
    CHECK(sink.items[0].code == "bad-statistics");
    CHECK(back->trie.node(dictionary::kRoot).stats.count == 0);
}

TEST_CASE("same-move siblings whose counts add up beyond 32 bits are damaged statistics",
          "[emit]") {
    diag::DiagnosticList sink;
    const auto back = read_dictionary(
        "(;XD[joseki:1]XS[4294967295:0:0:0:0:4294967295:0:0]"
        "(;B[pd]XS[4294967295:4294967295:0:0:0:4294967295:0:0])"
        "(;B[pd]XS[1:1:0:0:0:1:0:0]))",
        "siblings.sgf", sink);
    REQUIRE(back.has_value());
    REQUIRE(sink.items.size() == 2);
    CHECK(sink.items[0].code == "duplicate-move");
    CHECK(sink.items[1].code == "bad-statistics");
    CHECK(sink.items[1].where.column == 116);  // the second copy's XS value
    const dictionary::NodeId pd = back->trie.find_child(
        dictionary::kRoot, go::Move::at(go::Color::Black, *go::point_from_sgf("pd")));
    REQUIRE(pd != dictionary::kNoNode);
    CHECK(back->trie.node(pd).stats.count == 4294967295u);  // the first copy, unchanged
}

TEST_CASE(
    "nodes with the same statistics one after another, and the first that differs, read back as "
    "written",
    "[emit]") {
    // Long single-game tails (equal statistics from node to node), tails whose last node
    // differs only in its ends or years, and counts long enough that the statistics
    // property does not fit the writer's copy of the last one.
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    const auto moves = [](std::initializer_list<const char*> points) {
        std::vector<go::Move> line;
        go::Color colour = go::Color::Black;
        for (const char* p : points) {
            line.push_back(go::Move::at(colour, *go::point_from_sgf(p)));
            colour = go::opponent(colour);
        }
        return line;
    };
    trie.insert(moves({"pd", "qc", "qd", "pc", "oc", "ob", "nc", "nb"}),
                dictionary::LineOutcome::FirstPlayerWon, 2019, std::nullopt);
    trie.insert(moves({"pd", "qc", "qd", "pc", "oc", "ob"}),
                dictionary::LineOutcome::FirstPlayerWon, 2019, std::nullopt);
    trie.insert(moves({"pd", "qc", "qd", "pc", "oc", "ob", "nc", "mb"}),
                dictionary::LineOutcome::SecondPlayerWon, 2021, std::nullopt);
    for (int i = 0; i < 12345; ++i) {
        trie.insert(moves({"dp", "cq", "dq", "cp", "do"}),
                    i % 3 == 0 ? dictionary::LineOutcome::Draw : dictionary::LineOutcome::Unknown,
                    1990 + i % 30, std::nullopt);
    }
    trie.insert(moves({"dp", "cq", "dq", "cp", "do", "bo"}), dictionary::LineOutcome::Unknown,
                std::nullopt, std::nullopt);
    for (const DictionaryKind kind : {DictionaryKind::Joseki, DictionaryKind::Fuseki}) {
        const std::string text = write_dictionary(trie, test_options(kind)).text;
        diag::DiagnosticList sink;
        const auto back = read_dictionary(text, "tails.sgf", sink);
        REQUIRE(sink.items.empty());
        REQUIRE(back.has_value());
        require_same_tries(trie, back->trie);
    }
}
