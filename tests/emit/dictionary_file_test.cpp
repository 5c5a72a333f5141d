#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "emit/atomic_file.hpp"
#include "emit/dictionary_file.hpp"
#include "emit/split.hpp"
#include "tests/emit/sample_dictionaries.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/split_in_memory.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using namespace josekic::emit;
using josekic::test_support::split_by_first_move;
using josekic::test_support::SplitDictionary;
using josekic::test_support::SplitFile;
namespace fs = std::filesystem;

namespace {

using josekic::test_support::TempDir;
using test_support::slurp;

WriteOptions options_for(DictionaryKind kind) {
    WriteOptions options;
    options.kind = kind;
    options.name = "streamed";
    options.provenance = {"Inputs: tests"};
    options.application = "josekic:test";
    return options;
}

// A trie whose text is several megabytes: 3,000 lines of 12 moves with a game each, so
// that the writer hands over several pieces.
dictionary::Trie large_trie() {
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    for (int i = 0; i < 3'000; ++i) {
        std::vector<go::Move> moves;
        for (int m = 0; m < 12; ++m) {
            const int where = (i * 7 + m * 31 + (i >> m) * 13) % go::kNumPoints;
            moves.push_back(go::Move::at(m % 2 == 0 ? go::Color::Black : go::Color::White,
                                         go::Point::from_index(where)));
        }
        const auto g =
            games->add(testing::game("Black " + std::to_string(i), "White]", "2020-01-01", 2020,
                                     "games/" + std::to_string(i) + ".sgf"));
        trie.insert(moves, dictionary::LineOutcome::FirstPlayerWon, 2000 + i % 20, g);
    }
    return trie;
}

}  // namespace

TEST_CASE("streamed text arrives in bounded pieces and equals the text written in memory",
          "[emit]") {
    const dictionary::Trie trie = large_trie();
    const WriteOptions options = options_for(DictionaryKind::Fuseki);
    const WrittenDictionary whole = write_dictionary(trie, options);
    REQUIRE(whole.text.size() > 3'000'000);

    std::string joined;
    std::size_t pieces = 0;
    std::size_t largest = 0;
    const WriteCounts counts = write_dictionary(trie, options, [&](std::string_view piece) {
        joined += piece;
        ++pieces;
        largest = std::max(largest, piece.size());
    });
    CHECK(joined == whole.text);
    CHECK(counts.bytes == whole.text.size());
    CHECK(counts.nodes == whole.nodes);
    CHECK(counts.terminals == whole.terminals);
    CHECK(pieces > 2);                 // the text never sits in memory as a whole
    CHECK(largest < 2 * 1024 * 1024);  // about a megabyte each
}

TEST_CASE("a dictionary file holds exactly the text written in memory", "[emit]") {
    const TempDir dir;
    const dictionary::Trie trie = large_trie();
    const WriteOptions options = options_for(DictionaryKind::Joseki);
    const WriteCounts counts = write_dictionary_file(dir.path() / "joseki.sgf", trie, options);
    const WrittenDictionary whole = write_dictionary(trie, options);
    CHECK(slurp(dir.path() / "joseki.sgf") == whole.text);
    CHECK(counts.bytes == whole.text.size());
    CHECK(counts.nodes == whole.nodes);
    CHECK(dir.entries() == 1);
}

TEST_CASE("split parts written as files equal the parts written in memory", "[emit]") {
    const TempDir dir;
    const auto trie = testing::small_joseki();
    const WriteOptions options = options_for(DictionaryKind::Joseki);
    const SplitPlan plan = plan_split(trie, options);
    const SplitDictionary in_memory = split_by_first_move(trie, options);
    REQUIRE(plan.parts.size() == in_memory.files.size());
    CHECK(plan.index_text == in_memory.index_text);
    for (std::size_t i = 0; i < plan.parts.size(); ++i) {
        const SplitPart& part = plan.parts[i];
        const WriteCounts counts =
            write_dictionary_file(dir.path() / part.file_name, trie, part.options, part.node);
        CHECK(part.file_name == in_memory.files[i].file_name);
        CHECK(slurp(dir.path() / part.file_name) == in_memory.files[i].dictionary.text);
        CHECK(counts.nodes == in_memory.files[i].dictionary.nodes);
    }
    CHECK(dir.entries() == plan.parts.size());
}

TEST_CASE("a dictionary file that cannot be written leaves neither a file nor a temporary",
          "[emit]") {
    const TempDir dir;
    const auto trie = testing::small_joseki();
    const WriteOptions options = options_for(DictionaryKind::Joseki);
    // The target is a non-empty directory: everything is written, the rename fails.
    const fs::path target = dir.path() / "joseki.sgf";
    fs::create_directories(target / "child");
    CHECK_THROWS_AS(write_dictionary_file(target, trie, options), std::runtime_error);
    CHECK(dir.entries() == 1);  // only the directory that was in the way
    CHECK(fs::is_directory(target));
    // The directory does not exist: nothing can be created.
    CHECK_THROWS_AS(write_dictionary_file(dir.path() / "missing" / "joseki.sgf", trie, options),
                    std::runtime_error);
    CHECK(dir.entries() == 1);
}

TEST_CASE("an atomic file abandoned half-way keeps the old contents and leaves no temporary",
          "[emit]") {
    const TempDir dir;
    const fs::path target = dir.path() / "fuseki.sgf";
    write_file_atomically(target, "old\n");
    {
        AtomicFile file(target);
        file.write("(;GM[1]");
        CHECK(file.size() == 7);
        CHECK(dir.entries() == 2);  // the target and the temporary being written
        // Destroyed without commit(), as when formatting throws.
    }
    CHECK(slurp(target) == "old\n");
    CHECK(dir.entries() == 1);

    // A sink that fails mid-way (a full disk) stops the write the same way.
    const dictionary::Trie trie = large_trie();
    const auto failing_write = [&] {
        AtomicFile file(target);
        std::size_t pieces = 0;
        write_dictionary(trie, options_for(DictionaryKind::Fuseki), [&](std::string_view piece) {
            if (++pieces == 2) throw std::runtime_error("disk full");
            file.write(piece);
        });
        file.commit();
    };
    CHECK_THROWS_WITH(failing_write(), "disk full");
    CHECK(slurp(target) == "old\n");
    CHECK(dir.entries() == 1);
}
