#include "emit/size_warning.hpp"

#include "emit/decimal_text.hpp"

namespace josekic::emit {

std::optional<std::string> size_warning(std::string_view path, std::uint64_t bytes,
                                        std::uint64_t nodes, SizeAdvice advice) {
    if (bytes <= kComfortableBytes && nodes <= kComfortableNodes) return std::nullopt;
    return std::string(path) + " has " + with_thousands(nodes) + " nodes (" +
           with_thousands(bytes / 1000) + " kB); viewers handle about " +
           with_thousands(kComfortableNodes) + " nodes or " +
           with_thousands(kComfortableBytes / 1'000'000) +
           " MB comfortably. Use --min-count N to drop rare lines, --max-depth D to cut long ones" +
           (advice == SizeAdvice::SuggestSplit
                ? std::string(", or --split to write one file per first move.")
                : std::string(" or --max-children K to keep the main continuations."));
}

}  // namespace josekic::emit
