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
    // Each line as the index has it, its game numbered as the index numbers it.
    const compile::LineMatch as_stored = [](const index::LineRecord& r) {
        return std::optional<index::IndexedLine>(index::IndexedLine{
            dictionary::kNoNode, r.game, static_cast<dictionary::LineOutcome>(r.outcome), false,
            r.year, r.move_numbers});
    };

    for (const index::Tree which : {index::Tree::Joseki, index::Tree::Fuseki}) {
        INFO((which == index::Tree::Joseki ? "joseki" : "fuseki"));
        const index::TreeView& tree = file.tree(which);
        dictionary::Trie loaded(std::make_shared<dictionary::GameTable>());
        index::LineLog lines;
        compile::load_tree(file, which, as_stored, loaded, lines);

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
            CHECK(lines[l].game == record.game);
            CHECK(lines[l].move_numbers == record.move_numbers);
            CHECK(lines[l].year == record.year);
            CHECK_FALSE(lines[l].colours_swapped);
        }
    }
}

TEST_CASE("a tree loaded into a trie with lines adds to them, lines left out add no node",
          "[loaded-tree]") {
    test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const index::IndexFile file = index::IndexFile::open(dict / "index.jki");
    const index::TreeView& tree = file.tree(index::Tree::Joseki);
    const std::vector<std::vector<go::Move>> paths = paths_of(tree);
    const std::uint32_t left_out = tree.line(0).game;  // a game with a line, left out once
    const auto keep_if = [](bool keep_left_out, std::uint32_t left) {
        return compile::LineMatch([=](const index::LineRecord& r) {
            if (!keep_left_out && r.game == left) return std::optional<index::IndexedLine>();
            return std::optional<index::IndexedLine>(index::IndexedLine{
                dictionary::kNoNode, r.game, static_cast<dictionary::LineOutcome>(r.outcome), false,
                r.year, r.move_numbers});
        });
    };

    // Loaded without the game, then again with it (which lists games: the table holds as
    // many as the index); inserted the same way, line by line.
    auto games = std::make_shared<dictionary::GameTable>();
    for (std::uint32_t g = 0; g < file.game_count(); ++g) {
        dictionary::GameReference game;
        game.index_in_file = static_cast<int>(g) + 1;
        games->add(game);
    }
    dictionary::Trie loaded(games);
    dictionary::Trie inserted(std::make_shared<dictionary::GameTable>());
    index::LineLog lines;
    std::size_t expected_lines = 0;
    for (const bool with_it : {false, true}) {
        compile::load_tree(file, index::Tree::Joseki, keep_if(with_it, left_out), loaded, lines);
        for (std::uint32_t i = 0; i < tree.size(); ++i) {
            const auto next =
                i + 1 < tree.size() ? tree.node(i + 1).lines_begin : tree.line_count();
            for (std::uint32_t l = tree.node(i).lines_begin; l < next; ++l) {
                const index::LineRecord line = tree.line(l);
                if (!with_it && line.game == left_out) continue;
                inserted.insert(paths[i], static_cast<dictionary::LineOutcome>(line.outcome),
                                line.year != 0 ? std::optional<int>(line.year) : std::nullopt,
                                std::nullopt);
                ++expected_lines;
            }
        }
        INFO("with the game left out once: " << with_it);
        CHECK(lines.size() == expected_lines);
        REQUIRE(loaded.size() == inserted.size());
        for (std::uint32_t i = 0; i < tree.size(); ++i) {
            const dictionary::NodeId in_inserted = walk(inserted, paths[i]);
            const dictionary::NodeId in_loaded = walk(loaded, paths[i]);
            REQUIRE((in_loaded == dictionary::kNoNode) == (in_inserted == dictionary::kNoNode));
            if (in_loaded != dictionary::kNoNode)
                CHECK(loaded.stats(in_loaded) == inserted.stats(in_inserted));
        }
        for (const index::IndexedLine& line : lines)
            CHECK(loaded.path_to(line.end) ==
                  inserted.path_to(walk(inserted, loaded.path_to(line.end))));
    }
    CHECK(loaded.size() < tree.size() + 1);  // every node once, though loaded twice
}

TEST_CASE("a damaged tree is refused as damage when loaded, never a crash", "[loaded-tree]") {
    test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    const std::string original = test_support::slurp(dict / "index.jki");
    const index::IndexFile clean = index::IndexFile::open(dict / "index.jki");
    std::size_t refused = 0;
    // Lines of games the index has, kept as stored.
    const compile::LineMatch in_range = [&clean](const index::LineRecord& r) {
        if (r.game >= clean.game_count()) index::throw_damaged("crafted.jki", "a line's game");
        return std::optional<index::IndexedLine>(index::IndexedLine{
            dictionary::kNoNode, r.game, static_cast<dictionary::LineOutcome>(r.outcome), false,
            r.year, r.move_numbers});
    };
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
                        compile::load_tree(file, which, in_range, trie, lines);
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

TEST_CASE("two children with one move are damage, not two nodes", "[loaded-tree]") {
    test_support::TempDir dir;
    const auto dict = test_support::compile_games(dir.path(), test_support::handmade_games());
    std::string bytes = test_support::slurp(dict / "index.jki");
    const index::IndexFile clean = index::IndexFile::open(dict / "index.jki");
    const index::TreeView& tree = clean.tree(index::Tree::Joseki);
    // The root's first two children: node 1, and the node after its subtree.
    const std::uint32_t second = tree.node(1).subtree_end;
    REQUIRE(second < tree.size());
    const index::SectionView& nodes =
        clean.section(index::section_id(index::Tree::Joseki, index::TreePart::Nodes));
    const auto move_at = [&](std::uint32_t node) {
        return static_cast<std::size_t>(nodes.offset + std::uint64_t{node} * nodes.record_size);
    };
    bytes.replace(move_at(second), 2, bytes.substr(move_at(1), 2));  // the u16 move
    const index::IndexFile file =
        index::IndexFile::view(std::as_bytes(std::span(bytes)), "crafted.jki");
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    index::LineLog lines;
    const compile::LineMatch as_stored = [](const index::LineRecord& r) {
        return std::optional<index::IndexedLine>(index::IndexedLine{
            dictionary::kNoNode, r.game, static_cast<dictionary::LineOutcome>(r.outcome), false,
            r.year, r.move_numbers});
    };
    CHECK_THROWS_WITH(compile::load_tree(file, index::Tree::Joseki, as_stored, trie, lines),
                      Catch::Contains("two children with one move"));
}
