#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "emit/dictionary_reader.hpp"
#include "emit/dictionary_writer.hpp"
#include "prune/apply.hpp"
#include "prune/prune_list.hpp"
#include "tests/prune/prune_test_tries.hpp"

using namespace josekic;
using namespace josekic::prune;
using namespace josekic::prune::testing;

namespace {
dictionary::Trie sample() {
    return make_trie({{{"pd", "qc", "qd", "pc", "qb"}, 5},
                      {{"pd", "qc", "pc"}, 2},
                      {{"pd", "qc", "pc", "qd"}, 1},
                      {{"pd", "nc"}, 3},
                      {{"pd", "nc", "tt", "qf"}, 1},
                      {{"pd", "nc", "qf", "pb"}, 2},
                      {{"pd", "tt", "qf"}, 1},
                      {{"qd", "oc"}, 4},
                      {{"qd", "oc", "tt"}, 1},
                      {{"dd"}, 1}});
}

emit::WriteOptions options() {
    emit::WriteOptions o;
    o.kind = emit::DictionaryKind::Joseki;
    o.name = "prune round trip";
    o.application = "josekic:test";
    return o;
}

PruneList list_of(std::string_view text) {
    diag::DiagnosticList sink;
    auto list = parse_prune_list(text, "list.txt", sink);
    REQUIRE(list);
    return *list;
}

using josekic::test_support::slurp;
}  // namespace

TEST_CASE("pruning a compiled dictionary equals compiling with the same list", "[prune]") {
    const auto trie = sample();
    const PruneList list = list_of("pd qc pc\npd ** tenuki\nkeep qd oc tt\n");
    Thresholds limits;
    limits.min_count = 2;
    limits.max_children = 2;

    // Compile with the list: prune the trie, then write it.
    const std::string compiled =
        emit::write_dictionary(apply(trie, {list}, limits, DictionaryKind::Joseki).trie, options())
            .text;

    // Compile without, read the file back (statistics from the SGF, no games), prune, write.
    const std::string unpruned = emit::write_dictionary(trie, options()).text;
    diag::DiagnosticList sink;
    const auto read = emit::read_dictionary(unpruned, "joseki.sgf", sink);
    INFO((sink.items.empty() ? std::string() : diag::format(sink.items.front())));
    REQUIRE(read);
    CHECK(sink.items.empty());
    REQUIRE(read->root.kind == DictionaryKind::Joseki);
    const PruneResult later = apply(read->trie, {list}, limits, read->root.kind);
    CHECK(later.diagnostics.empty());
    const std::string pruned = emit::write_dictionary(later.trie, options()).text;

    CHECK(pruned == compiled);
    CHECK(pruned != unpruned);
    CHECK(later.nodes_after < later.nodes_before);

    // Pruning the pruned file again with the same list and thresholds changes nothing: the
    // remove entries now match nothing (and say so), the keep entry still protects.
    const auto reread = emit::read_dictionary(pruned, "pruned.sgf", sink);
    REQUIRE(reread);
    const PruneResult again = apply(reread->trie, {list}, limits, reread->root.kind);
    CHECK(emit::write_dictionary(again.trie, options()).text == pruned);
    CHECK(again.diagnostics.size() == 2);
    // Without the keep entry the thresholds drop what it protected.
    const PruneResult unkept = apply(reread->trie, {}, limits, reread->root.kind);
    CHECK(unkept.nodes_after == again.nodes_after - 1);
}

TEST_CASE("the input dictionary file is unchanged by pruning", "[prune]") {
    const auto dir = josekic::test_support::fresh_scratch_dir("prune-input-unchanged");
    const auto input = dir / "joseki.sgf";
    const auto output = dir / "pruned.sgf";
    {
        std::ofstream out(input, std::ios::binary);
        out << emit::write_dictionary(sample(), options()).text;
    }
    const std::string before = slurp(input);
    const auto modified_before = std::filesystem::last_write_time(input);
    diag::DiagnosticList sink;
    const auto read = emit::read_dictionary_file(input, sink);
    REQUIRE(read);
    const PruneResult r = apply(read->trie, {list_of("pd\n")}, {}, read->root.kind);
    {
        std::ofstream out(output, std::ios::binary);
        out << emit::write_dictionary(r.trie, options()).text;
    }
    CHECK(slurp(input) == before);
    CHECK(std::hash<std::string>{}(slurp(input)) == std::hash<std::string>{}(before));
    CHECK(std::filesystem::last_write_time(input) == modified_before);
    CHECK(slurp(output) != before);
    std::filesystem::remove_all(dir);
}

namespace {
// Made-up era counts and players for every node of two or more lines, as a compile would
// give them.
dictionary::SideStats side_of(const dictionary::Trie& trie) {
    dictionary::SideStats side(dictionary::Eras({2017}));
    for (dictionary::NodeId id = 0; id < trie.size(); ++id) {
        const dictionary::TrieNode& node = trie.node(id);
        if (!dictionary::SideStats::kept(node)) continue;
        dictionary::SideCounts counts;
        counts.players = node.stats.count >= 3 ? 2 : 1;
        counts.per_era[0] = node.stats.count / 2;
        counts.per_era[1] = node.stats.count - node.stats.count / 2;
        side.add(id, counts);
    }
    return side;
}

void require_same_side(const dictionary::Trie& a, const dictionary::SideStats& sa,
                       const dictionary::Trie& b, const dictionary::SideStats& sb) {
    REQUIRE(sa.eras() == sb.eras());
    // Node by node along the same paths.
    for (dictionary::NodeId id = 0; id < a.size(); ++id) {
        dictionary::NodeId at = dictionary::kRoot;
        for (const go::Move& m : a.path_to(id)) at = b.find_child(at, m);
        REQUIRE(at != dictionary::kNoNode);
        REQUIRE(sa.of(a, id) == sb.of(b, at));
    }
}
}  // namespace

TEST_CASE("era counts and players survive write, read and prune", "[prune][side-stats]") {
    const dictionary::Trie trie = sample();
    const dictionary::SideStats side = side_of(trie);
    emit::WriteOptions write = options();
    write.side = &side;
    const std::string text = emit::write_dictionary(trie, write).text;
    CHECK(text.find("XE[2017]") != std::string::npos);
    CHECK(text.find("By era: ") != std::string::npos);

    diag::DiagnosticList problems;
    const auto read = emit::read_dictionary(text, "dict.sgf", problems);
    REQUIRE(read);
    CHECK(problems.items.empty());
    REQUIRE(read->side);
    require_same_side(trie, side, read->trie, *read->side);

    // --min-players 2 on the compiled tries and on the dictionary read back: the same file.
    Thresholds thresholds;
    thresholds.min_players = 2;
    const PruneResult direct = apply(trie, {}, thresholds, emit::DictionaryKind::Joseki, &side);
    const PruneResult again =
        apply(read->trie, {}, thresholds, emit::DictionaryKind::Joseki, &*read->side);
    REQUIRE(direct.side);
    CHECK(direct.nodes_after < direct.nodes_before);
    CHECK(direct.thresholds.back().reason == ThresholdReason::MinPlayers);
    CHECK(direct.thresholds.back().subtrees > 0);
    emit::WriteOptions pruned_write = options();
    pruned_write.side = &*direct.side;
    emit::WriteOptions again_write = options();
    again_write.side = &*again.side;
    CHECK(emit::write_dictionary(direct.trie, pruned_write).text ==
          emit::write_dictionary(again.trie, again_write).text);
    require_same_side(direct.trie, *direct.side, trie, side);
}

TEST_CASE("a dictionary of format 1 is read without era counts and players",
          "[prune][side-stats]") {
    std::string text = emit::write_dictionary(sample(), options()).text;
    const std::size_t version = text.find("XD[joseki:2]");
    REQUIRE(version != std::string::npos);
    text.replace(version, 12, "XD[joseki:1]");
    diag::DiagnosticList problems;
    const auto read = emit::read_dictionary(text, "old.sgf", problems);
    REQUIRE(read);
    CHECK(problems.items.empty());
    CHECK_FALSE(read->side);
    // Written again, it has no By era lines; --min-players needs what it lacks.
    CHECK(emit::write_dictionary(read->trie, options()).text.find("By era") == std::string::npos);
    Thresholds thresholds;
    thresholds.min_players = 2;
    CHECK_THROWS_AS(apply(read->trie, {}, thresholds, emit::DictionaryKind::Joseki, nullptr),
                    std::invalid_argument);

    text.replace(version, 12, "XD[joseki:3]");
    diag::DiagnosticList newer;
    CHECK_FALSE(emit::read_dictionary(text, "new.sgf", newer));
    REQUIRE(newer.items.size() == 1);
    CHECK(newer.items.front().message.find("version 3 is not supported") != std::string::npos);
}
