#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "emit/dictionary_writer.hpp"
#include "emit/emit_helpers.hpp"
#include "tests/emit/extra_text.hpp"

using namespace josekic;
using namespace josekic::emit;

namespace {

// Many first and second moves, so that the dictionary has many parts.
dictionary::Trie wide_trie() {
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    for (int i = 0; i < 400; ++i) {
        std::vector<go::Move> moves;
        for (int m = 0; m < 8; ++m) {
            moves.push_back(
                go::Move::at(m % 2 == 0 ? go::Color::Black : go::Color::White,
                             go::Point::from_index((i * (m + 3) + m * 47) % go::kNumPoints)));
        }
        trie.insert(moves, dictionary::LineOutcome::FirstPlayerWon, 2000 + i % 7, std::nullopt);
    }
    return trie;
}

WriteOptions options_for_test() {
    WriteOptions options;
    options.kind = DictionaryKind::Fuseki;
    options.application = "josekic:test";
    return options;
}

// The writer is held at the root until the helper has formatted something, so the helper
// certainly takes parts; `fail_in_helper` makes the helper's comments throw.
std::string write_with_helper(const dictionary::Trie& trie, bool fail_in_helper,
                              bool& helper_worked) {
    EmitHelpers helpers(1);
    const std::thread::id writer_thread = std::this_thread::get_id();
    std::atomic<bool> helper_started{false};
    WriteOptions options = options_for_test();
    options.helpers = &helpers;
    const testing::ExtraText extra([&](dictionary::NodeId node) -> std::string {
        if (std::this_thread::get_id() != writer_thread) {
            helper_started = true;
            if (fail_in_helper) throw std::runtime_error("helper failed");
            return {};
        }
        if (node == dictionary::kRoot) {
            const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (!helper_started && std::chrono::steady_clock::now() < give_up)
                std::this_thread::yield();
        }
        return {};
    });
    options.extra_comments = &extra;
    std::thread helper([&] { helpers.help(); });
    std::string text;
    try {
        write_dictionary(trie, options, [&](std::string_view piece) { text += piece; });
    } catch (...) {
        helpers.job_done();
        helper.join();
        helper_worked = helper_started;
        throw;
    }
    helpers.job_done();
    helper.join();
    helper_worked = helper_started;
    return text;
}

}  // namespace

TEST_CASE("parts formatted by a helper thread give the same text", "[emit]") {
    const dictionary::Trie trie = wide_trie();
    const WrittenDictionary alone = write_dictionary(trie, options_for_test());
    bool helper_worked = false;
    CHECK(write_with_helper(trie, false, helper_worked) == alone.text);
    CHECK(helper_worked);
    WriteCounts counts;
    EmitHelpers idle(1);  // nobody helps: the writer formats every part itself
    WriteOptions options = options_for_test();
    options.helpers = &idle;
    std::string text;
    counts = write_dictionary(trie, options, [&](std::string_view piece) { text += piece; });
    CHECK(text == alone.text);
    CHECK(counts.nodes == alone.nodes);
    CHECK(counts.terminals == alone.terminals);
}

TEST_CASE("a helper's failure reaches the writer", "[emit]") {
    const dictionary::Trie trie = wide_trie();
    bool helper_worked = false;
    CHECK_THROWS_WITH(write_with_helper(trie, true, helper_worked), "helper failed");
    CHECK(helper_worked);
}
