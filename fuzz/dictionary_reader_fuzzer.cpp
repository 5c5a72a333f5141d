// libFuzzer target: any bytes as a josekic dictionary (what `josekic prune` reads back).
// Foreign or damaged files must give diagnostics, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "emit/dictionary_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    josekic::diag::DiagnosticList sink;
    const auto dictionary = josekic::emit::read_dictionary(bytes, "fuzz.sgf", sink);
    if (!dictionary && sink.items.empty()) std::abort();
    return 0;
}
