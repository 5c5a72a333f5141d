// The explorer's API over an index in memory: what the server answers, without the server.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "explorer/api.hpp"
#include "index/index_format.hpp"
#include "index/index_reader.hpp"
#include "index/result_json.hpp"
#include "tests/support/compiled_dictionary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;

namespace {

std::vector<std::byte> bytes_of(const std::filesystem::path& path) {
    const std::string text = test_support::slurp(path);
    std::vector<std::byte> bytes(text.size());
    std::memcpy(bytes.data(), text.data(), text.size());
    return bytes;
}

}  // namespace

TEST_CASE("a record found damaged is a 500 answer with lookup's message", "[explorer]") {
    const test_support::TempDir dir;
    std::vector<std::byte> bytes = bytes_of(
        test_support::compile_games(dir.path(), test_support::handmade_games()) / "index.jki");
    const index::SectionEntry nodes = [&] {
        const std::optional<index::Header> header = index::decode_header(bytes.data());
        REQUIRE(header);
        const std::uint32_t id = index::section_id(index::Tree::Joseki, index::TreePart::Nodes);
        for (std::uint32_t i = 0; i < header->section_count; ++i) {
            const index::SectionEntry e =
                index::decode_section_entry(bytes.data() + index::head_size(i));
            if (e.id == id) return e;
        }
        FAIL("no joseki nodes section");
        return index::SectionEntry{};
    }();
    // The first child of the root's first child, made to end past its parent: damage that
    // only the query reading that node meets.
    const auto node_at = [&](std::uint64_t i) {
        return bytes.data() + nodes.offset + i * index::NodeRecord::kSize;
    };
    const index::NodeRecord parent = index::decode_node(node_at(1));
    REQUIRE(parent.subtree_end > 2);
    index::NodeRecord child = index::decode_node(node_at(2));
    child.subtree_end = parent.subtree_end + 1;
    index::encode(child, node_at(2));

    const index::IndexFile file = index::IndexFile::view(bytes, "damaged.jki");
    const explorer::Api api(file);
    const explorer::ApiAnswer root = api.lookup(index::Tree::Joseki, {});
    REQUIRE(root.status == 200);
    const std::string first =
        index::Json::parse(root.body)["continuations"][0]["move"].get<std::string>();
    const explorer::ApiAnswer damaged = api.lookup(index::Tree::Joseki, {{"moves", first}});
    CHECK(damaged.status == 500);
    INFO(damaged.body);
    CHECK_THAT(index::Json::parse(damaged.body)["error"].get<std::string>(),
               Catch::StartsWith("damaged.jki: the index is damaged (node 2 reaches past its "
                                 "parent)"));
}
