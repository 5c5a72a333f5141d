#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace josekic::emit {

/// Above these sizes common viewers become slow: the DESIGN notes report CGoban 1 loading
/// a 62,000-node dictionary, but slowly, and Sabaki lays out its whole game tree on load,
/// taking seconds for a file of this size before it draws anything (docs/PERFORMANCE.md).
/// A josekic node averages a few hundred bytes with its comment, so the two limits agree;
/// the byte limit also catches trees with unusually long game lists.
inline constexpr std::uint64_t kComfortableBytes = 10'000'000;
inline constexpr std::uint64_t kComfortableNodes = 50'000;

/// Whether the file is already one part of a --split dictionary (then splitting again is
/// no advice).
enum class SizeAdvice { SuggestSplit, AlreadySplit };

/// A warning for the report when a written file is larger than viewers handle
/// comfortably, suggesting --min-count, --max-depth and (for a whole dictionary) --split;
/// nullopt when it is fine.
std::optional<std::string> size_warning(std::string_view path, std::uint64_t bytes,
                                        std::uint64_t nodes,
                                        SizeAdvice advice = SizeAdvice::SuggestSplit);

}  // namespace josekic::emit
