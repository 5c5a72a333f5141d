#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace josekic::emit {

/// Above these sizes common viewers become slow or fail: Sabaki (Electron) and q5Go take
/// tens of seconds and hundreds of MB to lay out a game tree of ~50,000 nodes, CGoban 1
/// is reported to load a 62,000-node dictionary but slowly, and mobile viewers give up far
/// earlier. A josekic node with its comment averages 100-300 bytes, so 50,000 nodes is
/// about 5-15 MB; 5 MB catches trees whose comments (long game lists) are unusually big.
inline constexpr std::uint64_t kComfortableBytes = 5'000'000;
inline constexpr std::uint64_t kComfortableNodes = 50'000;

/// A warning for the report when a written file is larger than viewers handle
/// comfortably, suggesting --min-count, --max-depth or --split; nullopt when it is fine.
std::optional<std::string> size_warning(std::string_view path, std::uint64_t bytes, std::uint64_t nodes);

}  // namespace josekic::emit
