// libFuzzer target: any bytes as a zone map. A refused map has an error; an accepted zone
// prints a map that reads back as the same zone (the round trip `josekic zones --map` and
// `--zones FILE` rely on).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "trackers/zone.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    josekic::diag::DiagnosticList sink;
    const auto zone = josekic::trackers::Zone::from_map(text, "fuzz.zone", sink);
    if (!zone) {
        if (sink.items.empty()) std::abort();
        return 0;
    }
    const std::string map = zone->to_map();
    josekic::diag::DiagnosticList again;
    const auto reread = josekic::trackers::Zone::from_map(map, "round-trip", again);
    if (!reread || reread->to_map() != map || reread->size() != zone->size()) std::abort();
    (void)josekic::trackers::render_zone_map(*zone);
    return 0;
}
