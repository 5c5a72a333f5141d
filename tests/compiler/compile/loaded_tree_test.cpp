#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <vector>

#include <catch2/catch.hpp>

#include "compiler/compile/loaded_tree.hpp"
#include "index/index_reader.hpp"
#include "index/move_code.hpp"
#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;

namespace {

// The moves from the root to every node of `tree`, read from its records in preorder.
std::vector<std::vector<go::Move>> paths_of(const index::TreeView& tree) {
    std::vector<std::vector<go::Move>> paths(tree.size());
    std::vector<std::uint32_t> open;  // the nodes whose subtrees the walk is in
    for (std::uint32_t i = 0; i < tree.size(); ++i) {
        while (!open.empty() && i >= tree.node(open.back()).subtree_end) open.pop_back();
        if (i > 0) {
            paths[i] = paths[open.back()];
            paths[i].push_back(*index::decode_move(tree.node(i).move));
        }
        open.push_back(i);
    }
    return paths;
}

// The node of `trie` reached by `path`, or kNoNode.
dictionary::NodeId walk(const dictionary::Trie& trie, const std::vector<go::Move>& path) {
    dictionary::NodeId at = dictionary::kRoot;
    for (const go::Move& move : path) {
        at = trie.find_child(at, move);
        if (at == dictionary::kNoNode) break;
    }
    return at;
}

}  // namespace

TEST_CASE("a tree loaded from an index is the trie of its lines, node for node", "[loaded-tree]") {
    test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const std::vector<dictionary::GameId> game_of = compile::game_numbers_by_index(file);
    // Every kept game has its place once.
    std::vector<dictionary::GameId> places = game_of;
    std::erase(places, compile::kNotKept);
    std::sort(places.begin(), places.end());
    CHECK(places.size() == test_support::handmade_games().size());
    for (std::size_t k = 0; k < places.size(); ++k) CHECK(places[k] == k);

    for (const index::Tree which : {index::Tree::Joseki, index::Tree::Fuseki}) {
        INFO((which == index::Tree::Joseki ? "joseki" : "fuseki"));
        const index::TreeView& tree = file.tree(which);
        dictionary::Trie loaded(std::make_shared<dictionary::GameTable>());
        index::LineLog lines;
        compile::load_tree(file, which, game_of, loaded, lines);

        // The same lines inserted from the root, one by one, as a compile adds them.
        dictionary::Trie inserted(std::make_shared<dictionary::GameTable>());
        const std::vector<std::vector<go::Move>> paths = paths_of(tree);
        std::vector<std::uint32_t> end_of_line(tree.line_count());
        for (std::uint32_t i = 0; i < tree.size(); ++i) {
            const auto next =
                i + 1 < tree.size() ? tree.node(i + 1).lines_begin : tree.line_count();
            for (std::uint32_t l = tree.node(i).lines_begin; l < next; ++l) {
                const index::LineRecord line = tree.line(l);
                inserted.insert(paths[i], static_cast<dictionary::LineOutcome>(line.outcome),
                                line.year != 0 ? std::optional<int>(line.year) : std::nullopt,
                                std::nullopt);
                end_of_line[l] = i;
            }
        }
        REQUIRE(tree.line_count() > 0);
        REQUIRE(loaded.size() == inserted.size());
        REQUIRE(loaded.size() == tree.size());
        for (std::uint32_t i = 0; i < tree.size(); ++i) {
            CHECK(walk(loaded, paths[i]) == i);  // ids are the index's preorder
            CHECK(loaded.stats(i) == inserted.stats(walk(inserted, paths[i])));
        }
        REQUIRE(lines.size() == tree.line_count());
        for (std::uint32_t l = 0; l < lines.size(); ++l) {
            const index::LineRecord record = tree.line(l);
            CHECK(lines[l].end == end_of_line[l]);
            CHECK(lines[l].game == game_of[record.game]);
            CHECK(lines[l].move_numbers == record.move_numbers);
            CHECK(lines[l].year == record.year);
            CHECK_FALSE(lines[l].colours_swapped);
        }
    }
}

TEST_CASE("a damaged tree is refused as damage when loaded, never a crash", "[loaded-tree]") {
    test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const std::string original = test_support::slurp(dict / "index.jki");
    const index::IndexFile clean = index::IndexFile::open(dict / "index.jki");
    std::size_t refused = 0;
    for (const index::Tree which : {index::Tree::Joseki, index::Tree::Fuseki}) {
        for (const index::TreePart part : {index::TreePart::Nodes, index::TreePart::Lines}) {
            const index::SectionView& section = clean.section(index::section_id(which, part));
            for (std::uint64_t at = 0; at < section.count * section.record_size; ++at) {
                for (const int value : {0x00, 0x7F, 0xFF}) {
                    std::string bytes = original;
                    char& byte = bytes[static_cast<std::size_t>(section.offset + at)];
                    if (static_cast<unsigned char>(byte) == value) continue;
                    byte = static_cast<char>(value);
                    const index::IndexFile file =
                        index::IndexFile::view(std::as_bytes(std::span(bytes)), "crafted.jki");
                    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
                    index::LineLog lines;
                    try {
                        compile::load_tree(file, which, compile::game_numbers_by_index(file), trie,
                                           lines);
                    } catch (const index::IndexError& e) {
                        CHECK(std::string(e.what()).find("crafted.jki") != std::string::npos);
                        ++refused;
                    }
                }
            }
        }
    }
    CHECK(refused > 100);  // most changes are damage; some are another valid tree
}
