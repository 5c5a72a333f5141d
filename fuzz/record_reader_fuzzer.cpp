// libFuzzer target: any bytes as a GIB, NGF and UGF file, and through the dispatch by
// content. Every game's moves are points of its board (or passes) with one location each,
// and every diagnostic names the file and a code.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/formats/gib_reader.hpp"
#include "core/formats/ngf_reader.hpp"
#include "core/formats/record_reader.hpp"
#include "core/formats/ugf_reader.hpp"

namespace {

void check(const std::vector<josekic::game::GameRecord>& games,
           const josekic::diag::DiagnosticList& sink) {
    for (const josekic::game::GameRecord& g : games) {
        if (g.moves.size() != g.move_locations.size()) std::abort();
        for (const josekic::go::Move& m : g.moves) {
            if (m.point && (m.point->x >= g.board_width || m.point->y >= g.board_height))
                std::abort();
        }
    }
    for (const josekic::diag::Diagnostic& d : sink.items) {
        if (d.path.empty() || josekic::diag::name(d.code).empty() || d.message.empty())
            std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const josekic::sgf::ReadOptions options;
    for (const auto reader : {josekic::formats::read_gib_games, josekic::formats::read_ngf_games,
                              josekic::formats::read_ugf_games}) {
        josekic::diag::DiagnosticList sink;
        check(reader(bytes, "fuzz.rec", options, sink), sink);
    }
    josekic::diag::DiagnosticList sink;
    check(josekic::formats::read_record_games(bytes, "fuzz.ngf", options, sink), sink);
    return 0;
}
