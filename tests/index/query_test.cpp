#include <catch2/catch.hpp>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/temp_dir.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "index/index_reader.hpp"
#include "index/position_keys.hpp"
#include "index/query.hpp"

namespace fs = std::filesystem;
using namespace josekic;

namespace {

std::vector<std::byte> read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::vector<std::byte> bytes(text.size());
    std::memcpy(bytes.data(), text.data(), text.size());
    return bytes;
}

// Where a section's records are: {offset, count}.
std::pair<std::size_t, std::size_t> section(const std::vector<std::byte>& bytes,
                                            index::SectionId id) {
    const auto count = index::load_le<std::uint32_t>(bytes.data() + 12);
    for (std::uint32_t i = 0; i < count; ++i) {
        const index::SectionEntry e =
            index::decode_section_entry(bytes.data() + index::head_size(i));
        if (e.id == static_cast<std::uint32_t>(id)) return {e.offset, e.count};
    }
    FAIL("no such section");
    return {};
}

index::PositionKeyer position_of(const index::TreeView& tree, index::Tree t, std::uint32_t node) {
    index::PositionKeyer keyer(t);
    for (const go::Move& m : index::node_line(tree, node)) keyer.play(m);
    return keyer;
}

}  // namespace

TEST_CASE("nodes whose keys agree but whose stones do not are told apart", "[index][query]") {
    test_support::TempDir dir;
    const fs::path dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    std::vector<std::byte> bytes = read_bytes(dict / "index.jki");
    const auto [offset, count] = section(bytes, index::SectionId::Positions);
    // Two neighbouring joseki records of different keys: give the second the first's key, as
    // a collision of the stored bits would.
    std::size_t forged = 0;
    for (std::size_t i = 0; i + 2 < count && forged == 0; ++i) {
        const auto at = [&](std::size_t k) {
            return index::decode_position(bytes.data() + offset + k * index::PositionRecord::kSize);
        };
        if (at(i).key != at(i + 1).key && at(i + 1).key != at(i + 2).key &&
            (at(i).node & index::kFusekiNodeBit) == 0 &&
            (at(i + 1).node & index::kFusekiNodeBit) == 0 && (i == 0 || at(i - 1).key != at(i).key))
            forged = i + 1;
    }
    REQUIRE(forged != 0);
    std::byte* record = bytes.data() + offset + forged * index::PositionRecord::kSize;
    const index::PositionRecord victim = index::decode_position(record);
    std::memcpy(record, record - index::PositionRecord::kSize, 4);  // the stored key bits
    const index::PositionRecord original =
        index::decode_position(record - index::PositionRecord::kSize);
    // Records of one key are sorted by node, as the writer sorts a real collision's.
    if (victim.node < original.node)
        std::swap_ranges(record - index::PositionRecord::kSize, record, record);

    const index::IndexFile file = index::IndexFile::view(bytes, "forged.jki");
    const index::TreeView& tree = file.tree(index::Tree::Joseki);
    // Both nodes answer the key, yet each position keeps only its own node.
    const index::PositionKeyer first = position_of(tree, index::Tree::Joseki, original.node);
    const std::vector<std::uint32_t> at_key = tree.nodes_at(first.key());
    CHECK(std::find(at_key.begin(), at_key.end(), victim.node) != at_key.end());
    const index::PositionTotals totals = index::position_totals(file, index::Tree::Joseki, first);
    CHECK(totals.nodes == std::vector<std::uint32_t>{original.node});
    CHECK(totals.collisions == 1);
}

TEST_CASE("a node with many lines names its most recent games as reading them all would",
          "[index][query]") {
    test_support::TempDir dir;
    // 80 distinct games of one opening (their sixth and seventh moves differ).
    std::vector<std::string> games;
    for (int k = 0; k < 80; ++k) {
        const auto point = [](int x, int y) {
            return std::string{static_cast<char>('a' + x), static_cast<char>('a' + y)};
        };
        games.push_back("(;GM[1]FF[4]SZ[19]DT[" + std::to_string(1950 + k % 60) +
                        "-01-01];B[pd];W[dd];B[pq];W[dp];B[" + point(6 + k % 7, 6 + k / 7 % 7) +
                        "];W[" + point(6 + k / 49, 13) + "])");
    }
    const fs::path dict = test_support::compile_games(dir.path(), games);
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    std::size_t checked = 0;
    for (index::Tree t : {index::Tree::Joseki, index::Tree::Fuseki}) {
        const index::TreeView& tree = file.tree(t);
        for (std::uint32_t node = 0; node < tree.size(); ++node) {
            if (!tree.stored_stats(node)) continue;
            ++checked;
            // More than kStoredRecentGames games: every line is read.
            const std::vector<index::GameAt> all =
                index::recent_games(tree, node, index::kStoredRecentGames + 1);
            for (std::size_t limit : {std::size_t{1}, std::size_t{5}, index::kStoredRecentGames}) {
                const std::vector<index::GameAt> stored = index::recent_games(tree, node, limit);
                REQUIRE(stored.size() == limit);
                for (std::size_t k = 0; k < limit; ++k) {
                    CHECK(stored[k].game == all[k].game);
                    CHECK(stored[k].line.move_numbers == all[k].line.move_numbers);
                }
            }
        }
    }
    CHECK(checked >= 2);
}
