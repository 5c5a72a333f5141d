#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_reader.hpp"
#include "reference/annotate.hpp"
#include "reference/coverage.hpp"
#include "reference/reference_index.hpp"

using namespace josekic;
using namespace josekic::reference;

namespace {

const std::filesystem::path kShared =
    std::filesystem::path(JOSEKIC_SOURCE_DIR) / ".." / "shared" / "reference";

go::Move b(const char* p) {
    return go::Move::at(go::Color::Black, *go::point_from_sgf(p));
}
go::Move w(const char* p) {
    return go::Move::at(go::Color::White, *go::point_from_sgf(p));
}

RefNodeId walk(const ReferenceIndex& index, std::initializer_list<go::Move> moves) {
    RefNodeId n = kRefRoot;
    for (const go::Move& m : moves) {
        if (n == kNoRefNode) return n;
        n = index.find_child(n, m);
    }
    return n;
}

std::size_t count_marked(const ReferenceIndex& index, Mark mark) {
    std::size_t n = 0;
    for (RefNodeId i = 0; i < index.size(); ++i) n += index.node(i).annotation.has(mark) ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("GNU Go's joseki files", "[reference]") {
    const std::filesystem::path dir = kShared / "gnugo-joseki";
    if (!std::filesystem::exists(dir)) {
        WARN("no " << dir << "; skipped");
        return;
    }
    diag::DiagnosticList sink;
    const ReferenceIndex gnugo = load_reference_file("gnugo", dir, sink);
    // Each file starts with its licence before the first '(': a warning, nothing else.
    for (const diag::Diagnostic& d : sink.items) CHECK(d.code == "text-outside-game");
    CHECK(gnugo.size() > 500);
    CHECK(gnugo.counts.setup_subtrees == 0);
    // hoshi_keima.sgf: 4-4, the knight's approach (canonically W nc), the one-space low
    // pincer qh (canonically hc... checked through the tree rather than by hand).
    const RefNodeId approach = walk(gnugo, {b("pd"), w("nc")});
    REQUIRE(approach != kNoRefNode);
    CHECK(gnugo.node(approach).annotation.text == "kogeima kakari");
    // Class letters came through: urgent, standard and antisuji moves all exist.
    CHECK(count_marked(gnugo, Mark::Urgent) > 10);
    CHECK(count_marked(gnugo, Mark::Good) > 10);
    CHECK(count_marked(gnugo, Mark::Mistake) > 3);
    // sansan.sgf starts at the 3-3 point.
    CHECK(walk(gnugo, {b("qc")}) != kNoRefNode);
}

TEST_CASE("Pachi's joseki files", "[reference]") {
    const std::filesystem::path dir = kShared / "pachi-joseki" / "joseki";
    if (!std::filesystem::exists(dir)) {
        WARN("no " << dir << "; skipped");
        return;
    }
    diag::DiagnosticList sink;
    const ReferenceIndex pachi = load_reference_file("pachi", dir, sink);
    CHECK(sink.items.empty());
    CHECK(pachi.size() > 1000);
    // Pachi's extra-stone variations ("kobayashi opening") are left out, and counted.
    CHECK(pachi.counts.setup_subtrees > 5);
    CHECK(pachi.counts.inserted_passes > 10);         // "2 moves in a row" tenuki
    CHECK(count_marked(pachi, Mark::Avoided) > 100);  // <don't>, <avoid>
    CHECK(count_marked(pachi, Mark::Mistake) > 20);   // <bad>, "not joseki"
    CHECK(count_marked(pachi, Mark::AfterTenuki) > 5);
    // joseki_34.sgf: komoku qd with the high approach oc, canonically B pc, W qe.
    const RefNodeId high_approach = walk(pachi, {b("pc"), w("qe")});
    CHECK(high_approach != kNoRefNode);
}

TEST_CASE("a single shipped file and the dagaz file load without damage", "[reference]") {
    const std::filesystem::path dagaz = kShared / "dagaz-gobot" / "joseki.sgf";
    if (!std::filesystem::exists(dagaz)) {
        WARN("no " << dagaz << "; skipped");
        return;
    }
    diag::DiagnosticList sink;
    const ReferenceIndex index = load_reference_file("dagaz", dagaz, sink);
    CHECK(sink.items.empty());
    CHECK(index.size() > 300);
    CHECK(walk(index, {b("pc")}) != kNoRefNode);
}

// Not run by default: prints the coverage of a compiled dictionary by the shipped references,
// e.g. JOSEKIC_COVERAGE_DICTIONARY=/tmp/x/joseki.sgf josekic_tests "[.coverage]".
TEST_CASE("coverage of a compiled dictionary", "[.coverage]") {
    const char* dictionary = std::getenv("JOSEKIC_COVERAGE_DICTIONARY");
    if (dictionary == nullptr || !std::filesystem::exists(kShared)) {
        WARN("set JOSEKIC_COVERAGE_DICTIONARY and provide ../shared/reference");
        return;
    }
    diag::DiagnosticList sink;
    auto read = emit::read_dictionary_file(dictionary, sink);
    REQUIRE(read);
    std::vector<ReferenceIndex> refs;
    refs.push_back(load_reference_file("gnugo", kShared / "gnugo-joseki", sink));
    refs.push_back(load_reference_file("pachi", kShared / "pachi-joseki" / "joseki", sink));
    refs.push_back(load_reference_file(
        "pachi-josekifix", kShared / "pachi-joseki" / "josekifix" / "josekifix.sgf", sink));
    refs.push_back(load_reference_file("dagaz", kShared / "dagaz-gobot" / "joseki.sgf", sink));
    const Annotations ann = annotate(read->trie, refs);
    std::cout << render_coverage(compute_coverage(read->trie, ann));
    // Lines no reference knows whose previous move one of them knows, most played first.
    std::vector<std::pair<std::uint64_t, dictionary::NodeId>> missing;
    for (dictionary::NodeId n = 1; n < read->trie.size(); ++n) {
        bool known_by_any = false;
        bool parent_known = false;
        for (std::size_t r = 0; r < refs.size(); ++r) {
            known_by_any = known_by_any || ann.known(n, r);
            parent_known = parent_known || ann.known(read->trie.node(n).parent, r);
        }
        if (!known_by_any && parent_known) missing.emplace_back(read->trie.node(n).stats.count, n);
    }
    std::sort(missing.begin(), missing.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    std::cout << "\nLines no reference knows:\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(15, missing.size()); ++i) {
        std::cout << missing[i].first << "  "
                  << dictionary::format_line(read->trie.path_to(missing[i].second)) << "\n";
    }
}
