// libFuzzer target: any bytes as a prune list. Either the list parses, or at least one
// error says why (the caller then writes nothing): never both silent and refused.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "prune/prune_list.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    josekic::diag::DiagnosticList sink;
    const auto list = josekic::prune::parse_prune_list(text, "fuzz.txt", sink);
    if (!list && sink.items.empty()) std::abort();
    for (const josekic::diag::Diagnostic& d : sink.items) {
        if (josekic::diag::name(d.code).empty() || josekic::diag::format(d).empty()) std::abort();
    }
    return 0;
}
