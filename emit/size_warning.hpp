#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace josekic::emit {

/// Above these sizes common viewers become slow: the DESIGN notes report CGoban 1 loading
/// a 62,000-node dictionary, but slowly, and Sabaki lays out its whole game tree on load.
/// Measured on this project's machine, @sabaki/sgf alone (before any drawing) needs 2.4 s
/// for a 33,000-node, 8.5 MB file and 4.6 s for a 48,000-node, 10.6 MB one. A josekic node
/// averages about 200-250 bytes with its comment, so the two limits agree at ~50,000 nodes
/// and ~10 MB; the byte limit also catches trees with unusually long game lists.
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
