#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/crafted_index.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

#include "index/game_selection.hpp"
#include "index/index_format.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "index/query_moves.hpp"

namespace fs = std::filesystem;
using namespace josekic;
using test_support::bytes_of;
using test_support::crafted;
using test_support::entry_of;

namespace {

fs::path write_bytes(const fs::path& path, const std::vector<std::byte>& bytes) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return path;
}

std::string open_error(const fs::path& path) {
    try {
        index::IndexFile::open(path).verify();
    } catch (const index::IndexError& e) {
        return e.what();
    }
    return "";
}

// Reads everything a lookup reads, so that damage anywhere is met.
void use_everything(const index::IndexFile& file) {
    for (index::Tree tree : {index::Tree::Joseki, index::Tree::Fuseki}) {
        const auto q = std::get<index::QueryLine>(index::parse_query("", tree));
        const index::LookupResult root = index::lookup(file, tree, q, 100);
        for (const index::ContinuationFacts& c : root.continuations) {
            index::QueryLine next = q;
            next.canonical.push_back(c.canonical_move);
            next.played.push_back(c.move);
            index::lookup(file, tree, next, 100);
        }
    }
}

std::string view_error(const std::vector<std::byte>& bytes) {
    try {
        const index::IndexFile file = index::IndexFile::view(bytes, "crafted.jki");
        use_everything(file);
        file.verify();
    } catch (const index::IndexError& e) {
        return e.what();
    }
    return "";
}

struct Compiled {
    test_support::TempDir dir;
    fs::path index;
    std::vector<std::byte> bytes;
    Compiled() {
        index =
            test_support::compile_games(dir.path(), test_support::handmade_games()) / "index.jki";
        bytes = bytes_of(index);
    }
};

}  // namespace

TEST_CASE("an index compile wrote opens, verifies and answers", "[index][reader]") {
    Compiled c;
    const index::IndexFile file = index::IndexFile::open(c.index);
    CHECK_NOTHROW(file.verify());
    CHECK(file.game_count() == 5);
    CHECK_NOTHROW(use_everything(file));
}

TEST_CASE("a truncated index is an error naming the file", "[index][reader]") {
    Compiled c;
    for (std::size_t size : {std::size_t{0}, std::size_t{7}, std::size_t{40}, c.bytes.size() - 1}) {
        std::vector<std::byte> cut(c.bytes.begin(),
                                   c.bytes.begin() + static_cast<std::ptrdiff_t>(size));
        const fs::path path = write_bytes(c.dir.path() / "cut.jki", cut);
        const std::string error = open_error(path);
        INFO(size);
        CHECK(error.find(path.string()) != std::string::npos);
    }
}

TEST_CASE("an index of a newer format says so", "[index][reader]") {
    Compiled c;
    std::vector<std::byte> newer = c.bytes;
    index::store_le(index::kFormatVersion + 1, newer.data() + 8);
    const std::string error = open_error(write_bytes(c.dir.path() / "newer.jki", newer));
    CHECK(error.find("newer josekic") != std::string::npos);
}

TEST_CASE("an index of an older format asks for a new compile", "[index][reader]") {
    Compiled c;
    std::vector<std::byte> older = c.bytes;
    index::store_le(index::kFormatVersion - 1, older.data() + 8);
    const std::string error = open_error(write_bytes(c.dir.path() / "older.jki", older));
    CHECK(error.find("older.jki: index format " + std::to_string(index::kFormatVersion - 1) +
                     " was written by an older josekic; compile the dictionary again") !=
          std::string::npos);
}

TEST_CASE("a file that is no index is refused", "[index][reader]") {
    Compiled c;
    const fs::path sgf = c.index.parent_path() / "joseki.sgf";
    CHECK(open_error(sgf).find("not a josekic index") != std::string::npos);
    CHECK(open_error(c.dir.path() / "missing.jki").find("cannot open") != std::string::npos);
    // A FIFO is refused at once: opened for reading, it would wait for a writer for ever.
    const fs::path fifo = c.dir.path() / "fifo.jki";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(open_error(fifo).find("not a regular file") != std::string::npos);
}

TEST_CASE("one flipped byte anywhere is an error or a checksum mismatch, never a crash",
          "[index][reader]") {
    Compiled c;
    // Every byte of the header and section table, then a sample of the sections.
    std::vector<std::size_t> offsets;
    for (std::size_t i = 0; i < 512 && i < c.bytes.size(); ++i) offsets.push_back(i);
    for (std::size_t i = 512; i < c.bytes.size(); i += 1999) offsets.push_back(i);
    std::size_t detected = 0;
    for (std::size_t at : offsets) {
        std::vector<std::byte> damaged = c.bytes;
        damaged[at] ^= std::byte{0x5A};
        INFO(at);
        try {
            const index::IndexFile file = index::IndexFile::view(damaged, "damaged.jki");
            // Damage the header checksum does not cover is found by verify(); whatever
            // verify() would say, a lookup must not crash.
            try {
                use_everything(file);
            } catch (const index::IndexError&) {
            }
            file.verify();
        } catch (const index::IndexError& e) {
            CHECK(std::string(e.what()).find("damaged.jki") != std::string::npos);
            ++detected;
        }
    }
    CHECK(detected == offsets.size());
}

TEST_CASE("the index checksum is the standard CRC-32, continued across pieces", "[index]") {
    const std::string text = "123456789";
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(text.data()),
                                           text.size());
    CHECK(index::crc32(bytes) == 0xCBF43926U);
    CHECK(index::crc32(bytes.subspan(4), index::crc32(bytes.first(4))) == 0xCBF43926U);
    CHECK(index::crc32({}) == 0U);
}

TEST_CASE("a section of an unknown id is skipped whatever its record size", "[index][reader]") {
    Compiled c;
    const std::uint64_t end_of_file = c.bytes.size();
    const std::vector<std::byte> payload(8, std::byte{0x42});
    // Id 0x7F4: its low four bits are 4, which once sent the reader to a record size of 0
    // and a division by it (SIGFPE).
    for (std::uint32_t record_size : {0U, 8U, 3U}) {
        INFO(record_size);
        const std::uint64_t count = record_size == 0 ? 5 : 8 / record_size;
        const std::vector<std::byte> file = crafted(
            c.bytes,
            [&](std::vector<index::SectionEntry>& entries) {
                entries.push_back(index::SectionEntry{
                    0x7F4, record_size, end_of_file, count,
                    index::crc32(std::span(payload).first(count * record_size))});
            },
            payload);
        CHECK(view_error(file).empty());
    }
}

TEST_CASE("a section that claims more records than the file holds is damaged", "[index][reader]") {
    Compiled c;
    for (std::uint64_t count :
         {std::uint64_t{1} << 40, std::uint64_t{1} << 63, ~std::uint64_t{0} / 10 + 1}) {
        INFO(count);
        const std::string error = view_error(crafted(c.bytes, [&](auto& entries) {
            entry_of(entries, index::section_id(index::Tree::Joseki, index::TreePart::Lines))
                .count = count;
        }));
        CHECK_THAT(error, Catch::Contains("crafted.jki: the index is damaged (section") &&
                              Catch::Contains("(joseki lines) lies outside the file"));
    }
    // An unknown section too: its size is a product that must not overflow.
    const std::string error = view_error(crafted(c.bytes, [](auto& entries) {
        // Right after the table, which the new entry makes one longer.
        const auto after_table = index::head_size(static_cast<std::uint32_t>(entries.size() + 1));
        entries.push_back(
            index::SectionEntry{0x7F4, 0x10000, after_table, std::uint64_t{1} << 50, 0});
    }));
    CHECK_THAT(error, Catch::Contains("lies outside the file"));
}

TEST_CASE("two sections that overlap are damaged", "[index][reader]") {
    Compiled c;
    const std::string error = view_error(crafted(c.bytes, [](auto& entries) {
        const std::uint32_t lines = index::section_id(index::Tree::Fuseki, index::TreePart::Lines);
        const std::uint32_t nodes = index::section_id(index::Tree::Fuseki, index::TreePart::Nodes);
        entry_of(entries, lines).offset = entry_of(entries, nodes).offset;
    }));
    CHECK_THAT(error, Catch::Contains("crafted.jki: the index is damaged (two sections overlap)"));
}

TEST_CASE("a section whose offset points into the header is damaged", "[index][reader]") {
    Compiled c;
    for (std::uint64_t offset : {std::uint64_t{0}, std::uint64_t{8}, std::uint64_t{40}}) {
        INFO(offset);
        const std::string error = view_error(crafted(c.bytes, [&](auto& entries) {
            entry_of(entries, static_cast<std::uint32_t>(index::SectionId::Strings)).offset =
                offset;
        }));
        CHECK_THAT(error, Catch::Contains("(strings) starts inside the section table"));
    }
}

TEST_CASE("a known section of another record size is damaged, whatever the size",
          "[index][reader]") {
    Compiled c;
    for (std::uint32_t size : {0U, 8U, 11U}) {
        INFO(size);
        const std::string error = view_error(crafted(c.bytes, [&](auto& entries) {
            entry_of(entries, static_cast<std::uint32_t>(index::SectionId::Games)).record_size =
                size;
        }));
        CHECK_THAT(error,
                   Catch::Contains("(games) has records of " + std::to_string(size) +
                                   " bytes, not " + std::to_string(index::GameRecord::kSize)));
    }
}

TEST_CASE("a required section missing or given twice is damaged", "[index][reader]") {
    Compiled c;
    const std::string missing = view_error(crafted(c.bytes, [](auto& entries) {
        std::erase_if(entries, [](const index::SectionEntry& e) {
            return e.id == index::section_id(index::Tree::Fuseki, index::TreePart::Stats);
        });
    }));
    CHECK_THAT(missing, Catch::Contains("the fuseki statistics section is missing"));
    const std::string twice = view_error(crafted(c.bytes, [](auto& entries) {
        index::SectionEntry copy =
            entry_of(entries, static_cast<std::uint32_t>(index::SectionId::Options));
        copy.count = 0;
        entries.push_back(copy);
    }));
    CHECK_THAT(twice, Catch::Contains("(options) appears twice"));
}

namespace {

// The error of a root lookup in `bytes`, unfiltered or through a filter that reads the game
// table (a rank filter), which adds up the lines itself instead of reading stored figures.
std::string root_lookup_error(const std::vector<std::byte>& bytes, bool filtered) {
    try {
        const index::IndexFile file = index::IndexFile::view(bytes, "damaged.jki");
        game::GameFilter filter;
        filter.min_rank = game::parse_rank("1k");
        const index::GameSelection selection(file, filter);
        for (index::Tree tree : {index::Tree::Joseki, index::Tree::Fuseki})
            index::lookup(file, tree, std::get<index::QueryLine>(index::parse_query("", tree)), 5,
                          filtered ? &selection : nullptr);
    } catch (const index::IndexError& e) {
        return e.what();
    }
    return "";
}

std::pair<std::uint64_t, std::uint64_t> section_of(const std::vector<std::byte>& bytes,
                                                   std::uint32_t id) {
    const std::optional<index::Header> header = index::decode_header(bytes.data());
    for (std::uint32_t i = 0; i < header->section_count; ++i) {
        const index::SectionEntry e =
            index::decode_section_entry(bytes.data() + index::head_size(i));
        if (e.id == id) return {e.offset, e.count};
    }
    FAIL("no section " << id);
    return {};
}

}  // namespace

TEST_CASE("a position recorded twice is damage, not a doubled count, filtered or not",
          "[index][reader]") {
    Compiled c;
    std::vector<std::byte> bytes = c.bytes;
    const auto [offset, count] =
        section_of(bytes, static_cast<std::uint32_t>(index::SectionId::Positions));
    // The joseki root's record, copied over its neighbour: as a zeroed table repeats one.
    std::uint64_t root = count;
    for (std::uint64_t i = 0; i < count && root == count; ++i)
        if (index::decode_position(bytes.data() + offset + i * index::PositionRecord::kSize).node ==
            0)
            root = i;
    REQUIRE(root < count);
    const std::uint64_t next = root + 1 < count ? root + 1 : root - 1;
    std::memcpy(bytes.data() + offset + next * index::PositionRecord::kSize,
                bytes.data() + offset + root * index::PositionRecord::kSize,
                index::PositionRecord::kSize);
    for (bool filtered : {false, true}) {
        INFO(filtered);
        CHECK_THAT(root_lookup_error(bytes, filtered),
                   Catch::StartsWith("damaged.jki: the index is damaged (the position table is "
                                     "out of order); compile the dictionary again"));
    }
    CHECK_THAT(view_error(bytes), Catch::Contains("the index is damaged"));
}

TEST_CASE("a node reaching past its parent is damage met by the query that reads it",
          "[index][reader]") {
    Compiled c;
    std::vector<std::byte> bytes = c.bytes;
    const auto [offset, count] =
        section_of(bytes, index::section_id(index::Tree::Joseki, index::TreePart::Nodes));
    const auto node = [&](std::uint64_t i) {
        return index::decode_node(bytes.data() + offset + i * index::NodeRecord::kSize);
    };
    // The first child of the root's first child, made to end past its parent.
    const index::NodeRecord parent = node(1);
    REQUIRE(parent.subtree_end > 2);
    REQUIRE(parent.subtree_end < count - 1);
    index::NodeRecord child = node(2);
    child.subtree_end = parent.subtree_end + 1;
    index::encode(child, bytes.data() + offset + 2 * index::NodeRecord::kSize);
    const index::IndexFile file = index::IndexFile::view(bytes, "damaged.jki");
    const auto first = std::get<index::QueryLine>(index::parse_query("", index::Tree::Joseki));
    const index::LookupResult root = index::lookup(file, index::Tree::Joseki, first, 5);
    index::QueryLine line = first;
    line.canonical.push_back(root.continuations.front().canonical_move);
    line.played.push_back(root.continuations.front().move);
    CHECK_THROWS_WITH(index::lookup(file, index::Tree::Joseki, line, 5),
                      Catch::Contains("damaged.jki: the index is damaged (node 2 reaches past "
                                      "its parent)"));
    const std::vector<std::byte> sealed = crafted(bytes, [](auto&) {});
    CHECK_THROWS_WITH(index::IndexFile::view(sealed, "damaged.jki").verify(),
                      Catch::Contains("damaged.jki: the index is damaged (node 2 has a bad "
                                      "subtree)"));
}

TEST_CASE("stored statistics that do not add up are damage", "[index][reader]") {
    test_support::TempDir dir;
    // Enough games for a node with stored statistics (more than 64 lines): the root.
    std::vector<std::string> games;
    for (int i = 0; i < 40; ++i) games.push_back(test_support::handmade_games()[i % 5]);
    const fs::path index_path =
        test_support::compile_games(
            dir.path(), games,
            [](compile::CompileOptions& o) { o.stream.duplicates = pipeline::Duplicates::Keep; }) /
        "index.jki";
    std::vector<std::byte> bytes = bytes_of(index_path);
    REQUIRE(root_lookup_error(bytes, false).empty());
    const auto [offset, count] =
        section_of(bytes, index::section_id(index::Tree::Joseki, index::TreePart::Stats));
    REQUIRE(count > 0);
    index::StatsRecord stats = index::decode_stats(bytes.data() + offset);
    stats.first_player_wins += 7;
    index::encode(stats, bytes.data() + offset);
    CHECK_THAT(root_lookup_error(bytes, false),
               Catch::Contains("damaged.jki: the index is damaged (statistics of node") &&
                   Catch::Contains("do not add up"));
}

TEST_CASE("a game column of fewer records than games is damage", "[index][reader]") {
    const Compiled c;
    const auto players = static_cast<std::uint32_t>(index::SectionId::GamePlayers);
    const std::string error =
        view_error(crafted(c.bytes, [&](auto& entries) { --entry_of(entries, players).count; }));
    CHECK(error.find("a game column does not hold one record per game") != std::string::npos);
}
