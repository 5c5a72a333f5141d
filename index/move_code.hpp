#pragma once

#include <cstdint>
#include <optional>

#include "core/go/move.hpp"

namespace josekic::index {

/// A move as the index stores it (see index_format.hpp: kWhiteBit, kPassPoint).
std::uint16_t encode_move(const go::Move& move);
/// The move of a 16-bit code; nullopt for a code that is no move (a damaged file).
std::optional<go::Move> decode_move(std::uint16_t code);

}  // namespace josekic::index
