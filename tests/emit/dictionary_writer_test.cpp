#include <catch2/catch.hpp>

#include <algorithm>

#include "emit/dictionary_writer.hpp"
#include "tests/emit/extra_text.hpp"
#include "tests/emit/golden.hpp"
#include "tests/emit/sample_dictionaries.hpp"

using namespace josekic;
using namespace josekic::emit;
using josekic::emit::testing::line;

namespace {

WriteOptions test_options(DictionaryKind kind) {
    WriteOptions options;
    options.kind = kind;
    options.name = "test dictionary";
    options.provenance = {"Inputs: tests", "Games read: 8, skipped: 0, duplicates: 0"};
    options.application = "josekic:test";  // goldens must not change with the version number
    return testing::stating(options, {});
}

std::size_t count_of(const std::string& text, std::string_view what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("a small joseki dictionary is written as the golden file says", "[emit]") {
    const auto trie = testing::small_joseki();
    const WrittenDictionary written = write_dictionary(trie, test_options(DictionaryKind::Joseki));
    CHECK(written.nodes == trie.size());
    CHECK(written.terminals == trie.terminal_count());
    testing::check_golden("small-joseki.sgf", written.text);
}

TEST_CASE("a fuseki dictionary cut by thresholds is written as the golden file says", "[emit]") {
    prune::Thresholds min_count_2;
    min_count_2.min_count = 2;
    const auto whole = testing::small_joseki();
    const auto trie = testing::thresholded(whole, min_count_2);
    WriteOptions options = testing::stating(test_options(DictionaryKind::Fuseki), min_count_2);
    options.max_games_listed = 1;
    // The extra text of the nodes with an even id in the whole trie (the cut trie numbers
    // its nodes otherwise).
    const testing::ExtraText extra([&](dictionary::NodeId id) {
        dictionary::NodeId in_whole = dictionary::kRoot;
        for (const go::Move& move : trie.path_to(id)) in_whole = whole.find_child(in_whole, move);
        return in_whole % 2 == 0 ? "Also reached by 1 other move order." : std::string();
    });
    options.extra_comments = &extra;
    const WrittenDictionary written = write_dictionary(trie, options);
    testing::check_golden("small-fuseki-min-count-2.sgf", written.text);
    CHECK(written.text.find("Not shown: 1 rarer line (size limits).") != std::string::npos);
    CHECK(written.text.find("Also reached by 1 other move order.") != std::string::npos);
    CHECK(written.text.find("and 2 more.") != std::string::npos);
}

TEST_CASE("the writer writes every node of the trie it is given", "[emit]") {
    const auto trie = testing::small_joseki();
    // root, pd, nc, qf, tenuki, nc(after tenuki), qc, qd, pc, qd, oc, qc = 12 nodes
    CHECK(write_dictionary(trie, test_options(DictionaryKind::Joseki)).nodes == 12);
    prune::Thresholds main_line_only;
    main_line_only.max_children = 1;  // pd nc qf
    const WrittenDictionary main_line = write_dictionary(testing::thresholded(trie, main_line_only),
                                                         test_options(DictionaryKind::Joseki));
    CHECK(main_line.nodes == 4);
    CHECK(count_of(main_line.text, "\n(") == 0);
}

TEST_CASE("parentheses open only at real branch points, one node per line", "[emit]") {
    const auto trie = testing::small_joseki();
    const std::string text = write_dictionary(trie, test_options(DictionaryKind::Joseki)).text;
    // Branch points: root (pd, qd, qc), pd (nc, qc, tenuki). Each child of a branch point
    // opens one variation, plus the game tree itself.
    CHECK(count_of(text, "\n(;") == 6);
    CHECK(text.rfind("(;GM[1]FF[4]CA[UTF-8]AP[josekic:test]SZ[19]ST[2]GN[test dictionary]", 0) ==
          0);
    CHECK(text.find("\n;B[qf]") != std::string::npos);  // a single child continues without '('
    CHECK(text.find('\r') == std::string::npos);
    CHECK(text.back() == '\n');
    CHECK(text.find("\n(;W[]C[Tenuki: White plays elsewhere.") != std::string::npos);
}

TEST_CASE("continuations are labelled in frequency order and tabled with tenuki", "[emit]") {
    const auto trie = testing::small_joseki();
    const std::string text = write_dictionary(trie, test_options(DictionaryKind::Joseki)).text;
    CHECK(text.find("LB[pd:A][qd:B][qc:C]") != std::string::npos);
    CHECK(text.find("LB[nc:A][qc:B]XS") != std::string::npos);  // the tenuki has no label
    CHECK(text.find("\ntenuki  W  1 (16.7%)  wins -  2005]") != std::string::npos);
}

TEST_CASE("every special character in names and events is escaped", "[emit]") {
    const auto trie = testing::small_joseki();
    const std::string text = write_dictionary(trie, test_options(DictionaryKind::Joseki)).text;
    CHECK(text.find("[Iyama \\]Yuta[]") != std::string::npos);
    CHECK(text.find("[Park\\\\Junghwan]") != std::string::npos);
    CHECK(text.find("[dir/b:c.sgf]") !=
          std::string::npos);  // ':' needs no escape in a simple value
    CHECK(text.find("B: Iyama \\]Yuta[ 9p  W: Park\\\\Junghwan 8p") != std::string::npos);
    CHECK(text.find("[林海峰]") != std::string::npos);
    CHECK(text.find("[Cho Chikun\nHonorary]") != std::string::npos);     // kept in the data
    CHECK(text.find("B: Cho Chikun Honorary 9p") != std::string::npos);  // one line in the comment
    // Outside escapes, every ']' closes a value that a '[' opened.
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (depth == 1 && text[i] == '\\') {
            ++i;
            continue;
        }
        if (text[i] == '[') {
            if (depth == 0) depth = 1;
        } else if (text[i] == ']') {
            REQUIRE(depth == 1);
            depth = 0;
        }
    }
    CHECK(depth == 0);
}

TEST_CASE("output does not depend on insertion order", "[emit]") {
    using dictionary::LineOutcome;
    auto build = [](bool reverse) {
        auto games = std::make_shared<dictionary::GameTable>();
        dictionary::Trie trie(games);
        std::vector<std::pair<std::vector<go::Move>, int>> lines = {{line({"pd", "nc"}), 2001},
                                                                    {line({"pd", "qc"}), 2002},
                                                                    {line({"pd", "nc"}), 2003},
                                                                    {line({"qd"}), 2004}};
        if (reverse) std::reverse(lines.begin(), lines.end());
        for (const auto& [moves, year] : lines) {
            trie.insert(
                moves, LineOutcome::FirstPlayerWon, year,
                games->add(testing::game("X", "Y", std::to_string(year), year, "x.sgf", year)));
        }
        return trie;
    };
    const WriteOptions options = test_options(DictionaryKind::Joseki);
    const std::string forward = write_dictionary(build(false), options).text;
    CHECK(forward == write_dictionary(build(true), options).text);
    CHECK(forward == write_dictionary(build(false), options).text);
}

TEST_CASE("a 100,000-move chain and a 50,000-deep comb are written without recursion", "[emit]") {
    using dictionary::LineOutcome;
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie chain(games);
    std::vector<go::Move> moves;
    for (int i = 0; i < 100'000; ++i) {
        moves.push_back(go::Move::at(i % 2 == 0 ? go::Color::Black : go::Color::White,
                                     go::Point::from_index(i % 361)));
    }
    chain.insert(moves, LineOutcome::Unknown, std::nullopt, std::nullopt);
    WriteOptions options = test_options(DictionaryKind::Fuseki);
    const WrittenDictionary written = write_dictionary(chain, options);
    CHECK(written.nodes == 100'001);
    CHECK(count_of(written.text, "\n(") == 0);

    // A comb: every node on the main line also has a short side branch, so the branch
    // stack is 50,000 deep.
    dictionary::Trie comb(games);
    dictionary::NodeId at = dictionary::kRoot;
    for (int i = 0; i < 50'000; ++i) {
        const go::Color c = i % 2 == 0 ? go::Color::Black : go::Color::White;
        // Built node by node: inserting 50,000 lines of growing length would take O(n^2).
        comb.set_stats(comb.find_or_add_child(at, go::Move::pass(c)), {.count = 1});
        at = comb.find_or_add_child(at, go::Move::at(c, go::Point::from_index(i % 361)));
        comb.set_stats(at, {.count = 2});
    }
    const WrittenDictionary comb_written = write_dictionary(comb, options);
    CHECK(comb_written.nodes == comb.size());
    CHECK(count_of(comb_written.text, "\n(;") == 2 * 50'000);
}

TEST_CASE("a game that ends two corner sequences at one node is listed once", "[emit]") {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    const auto both_corners = games->add(testing::game("P", "Q", "2020-01-01", 2020, "two.sgf"));
    const auto other = games->add(testing::game("R", "S", "2019-01-01", 2019, "one.sgf"));
    for (auto g : {both_corners, both_corners, other}) {
        trie.insert(line({"pd"}), dictionary::LineOutcome::FirstPlayerWon,
                    games->operator[](g).year, g);
    }
    WriteOptions options = test_options(DictionaryKind::Joseki);
    options.max_games_listed = 1;
    const std::string text = write_dictionary(trie, options).text;
    CHECK(text.find("B: P 9p  W: Q 8p  B+R  Test Cup  (two.sgf #1)  (2 lines)\nand 1 more.]") !=
          std::string::npos);
    CHECK(count_of(text, "[two.sgf]") == 2);  // the data keeps both lines
}

TEST_CASE("extra text and game fields are escaped in the comment", "[emit]") {
    auto trie = testing::small_joseki();
    // A name with a carriage return: flattened to a space like a line feed.
    trie.insert(
        line({"qc", "oc"}), dictionary::LineOutcome::FirstPlayerWon, 2001,
        trie.shared_games()->add(testing::game("Carriage\rReturn", "X]", "2001", 2001, "h.sgf")));
    WriteOptions options = test_options(DictionaryKind::Joseki);
    struct Appended final : ExtraComment {
        void append(dictionary::NodeId id, TextBuffer& out) const override {
            CHECK(out.empty());
            if (id % 3 == 0) out += "Path B[pd] W[qc]\\ end]";  // needs escaping, no CR
            if (id % 3 == 1) out += "Two\r\nlines\rhere\r";  // CR LF and lone CRs: the general way
        }
    };
    const Appended extra;
    options.extra_comments = &extra;
    const std::string text = write_dictionary(trie, options).text;
    CHECK(text.find("Path B[pd\\] W[qc\\]\\\\ end\\]") != std::string::npos);
    CHECK(text.find("Two\nlines\nhere\n") != std::string::npos);
    CHECK(text.find('\r') == std::string::npos);
    // Names from the games, escaped inside the comment as in the XG property.
    CHECK(text.find("Iyama \\]Yuta[") != std::string::npos);
    CHECK(text.find("Park\\\\Junghwan") != std::string::npos);
    CHECK(text.find("Cho Chikun Honorary") != std::string::npos);
    CHECK(text.find("B: Carriage Return 9p  W: X\\] 8p") != std::string::npos);
}
