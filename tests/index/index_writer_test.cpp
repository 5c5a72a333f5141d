#include <catch2/catch.hpp>

#include "tests/support/move_lines.hpp"
#include "tests/support/temp_dir.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "emit/atomic_file.hpp"
#include "index/index_lines.hpp"
#include "index/index_writer.hpp"

using namespace josekic;
using namespace josekic::dictionary;
using test_support::line;

namespace {

// Fuseki-like lines (no move numbers) in a trie of their own, logged as DictionaryBuilder
// logs them: in insertion order.
struct LoggedTrie {
    std::shared_ptr<GameTable> games = std::make_shared<GameTable>();
    Trie trie{games};
    index::LineLog lines;

    void add(const std::vector<go::Move>& moves, int year) {
        GameReference ref;
        ref.year = year;
        const std::string path = "game" + std::to_string(games->size()) + ".sgf";
        ref.source_path = SourcePath::split(path);  // views `path`: it must outlive add()
        const GameId id = games->add(ref);
        const NodeId end = trie.insert(moves, LineOutcome::FirstPlayerWon, year, id);
        lines.push_back(index::IndexedLine{end, id, LineOutcome::FirstPlayerWon, false,
                                           static_cast<std::int16_t>(year), 0});
    }
};

std::string read_whole(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Writes the index of `logged` (both trees the same) to `path`.
void write(const LoggedTrie& logged, const std::filesystem::path& path) {
    emit::AtomicFile file(path);
    index::write_index({logged.games.get(),
                        {&logged.trie, logged.lines, {}},
                        {&logged.trie, logged.lines, {}},
                        {},
                        {},
                        {},
                        {}},
                       file);
    file.commit();
}

}  // namespace

TEST_CASE("group_by_end orders a line log by end node, then game, then move numbers",
          "[index][writer]") {
    index::LineLog lines{{7, 2, LineOutcome::Draw, false, 0, 30},
                         {3, 9, LineOutcome::Draw, false, 0, 10},
                         {7, 1, LineOutcome::Draw, false, 0, 50},
                         {7, 2, LineOutcome::Draw, false, 0, 20}};
    index::group_by_end(lines);
    std::vector<std::uint32_t> order;
    for (const index::IndexedLine& l : lines) order.push_back(l.move_numbers);
    CHECK(order == std::vector<std::uint32_t>{10, 50, 20, 30});
}

TEST_CASE("the index is written from lines grouped by end node, whatever their order before",
          "[index][writer]") {
    test_support::TempDir dir;
    LoggedTrie logged;
    logged.add(line({"pd", "dp", "pp"}), 2019);
    logged.add(line({"pd", "dd"}), 2015);
    logged.add(line({"pd", "dp", "pp"}), 2021);
    logged.add(line({"pd", "dd"}), 2018);
    logged.add(line({"pd", "dp"}), 2020);

    // In insertion order a line ending at an earlier node comes after later ones.
    CHECK_THROWS_AS(write(logged, dir.path() / "ungrouped.jki"), std::logic_error);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "ungrouped.jki"));

    index::group_by_end(logged.lines);
    write(logged, dir.path() / "grouped.jki");
    // The same lines logged in another order give the same bytes once grouped.
    std::reverse(logged.lines.begin(), logged.lines.end());
    index::group_by_end(logged.lines);
    write(logged, dir.path() / "reversed.jki");
    const std::string grouped = read_whole(dir.path() / "grouped.jki");
    CHECK_FALSE(grouped.empty());
    CHECK(grouped == read_whole(dir.path() / "reversed.jki"));
}
