// libFuzzer target: any bytes through the SGF parser and the game reader. The reader must
// never crash, hang or leak, and every diagnostic it reports must be well formed.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "core/sgf/game_reader.hpp"
#include "core/sgf/sgf_tree.hpp"

namespace {

void check_diagnostics(const josekic::diag::DiagnosticList& list) {
    for (const josekic::diag::Diagnostic& d : list.items) {
        // A location is either unknown (0:0) or 1-based; a code is never empty.
        if (d.where.line < 0 || d.where.column < 0 || josekic::diag::name(d.code).empty())
            std::abort();
        if (josekic::diag::format(d).empty()) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    {
        josekic::diag::DiagnosticList sink;
        const auto trees = josekic::sgf::parse_collection(bytes, "fuzz.sgf", sink);
        std::size_t bytes_seen = 0;
        for (const auto& tree : trees) {
            if (tree.nodes.empty()) std::abort();  // nodes[0] is the root by contract
            // Read every identifier and value: views into the input or into the tree's
            // own storage must all be valid (ASan checks each byte read here).
            for (const auto& node : tree.nodes) {
                for (const auto& property : node.properties) {
                    if (property.id.empty() || property.values.size() != property.value_at.size())
                        std::abort();
                    for (const char c : property.id) bytes_seen += static_cast<unsigned char>(c);
                    for (const std::string_view value : property.values) {
                        for (const char c : value) bytes_seen += static_cast<unsigned char>(c);
                    }
                }
            }
        }
        volatile std::size_t keep_reads = bytes_seen;  // so that the compiler keeps the reads
        (void)keep_reads;
        check_diagnostics(sink);
    }
    {
        // read_games() reads clean trees in one pass and leaves the others to the parser:
        // it must give what reading the whole file through trees gives, diagnostics (and
        // their order) included.
        josekic::diag::DiagnosticList sink;
        const auto games =
            josekic::sgf::read_games(bytes, "fuzz.sgf", josekic::sgf::ReadOptions{}, sink);
        check_diagnostics(sink);
        josekic::diag::DiagnosticList tree_sink;
        const auto tree_games = josekic::sgf::read_games_through_trees(
            bytes, "fuzz.sgf", josekic::sgf::ReadOptions{}, tree_sink);
        if (games.size() != tree_games.size() || sink.items.size() != tree_sink.items.size())
            std::abort();
        for (std::size_t i = 0; i < games.size(); ++i) {
            const auto& a = games[i];
            const auto& b = tree_games[i];
            if (a.index_in_file != b.index_in_file || a.location.line != b.location.line ||
                a.location.column != b.location.column || a.moves != b.moves ||
                a.info.black_player != b.info.black_player || a.setup_black != b.setup_black ||
                a.board_width != b.board_width) {
                std::abort();
            }
        }
        for (std::size_t i = 0; i < sink.items.size(); ++i) {
            if (josekic::diag::format(sink.items[i]) != josekic::diag::format(tree_sink.items[i]))
                std::abort();
        }
    }
    return 0;
}
