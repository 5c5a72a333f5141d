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
