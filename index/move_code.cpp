#include "index/move_code.hpp"

#include "index/index_format.hpp"

namespace josekic::index {

std::uint16_t encode_move(const go::Move& move) {
    const std::uint16_t colour = move.color == go::Color::White ? kWhiteBit : 0;
    const auto point = move.point ? static_cast<std::uint16_t>(move.point->index()) : kPassPoint;
    return static_cast<std::uint16_t>(colour | point);
}

std::optional<go::Move> decode_move(std::uint16_t code) {
    if ((code & ~(kWhiteBit | 0x1FFU)) != 0) return std::nullopt;
    const go::Color colour = (code & kWhiteBit) != 0 ? go::Color::White : go::Color::Black;
    const int point = code & 0x1FF;
    if (point == kPassPoint) return go::Move::pass(colour);
    if (point >= go::kNumPoints) return std::nullopt;
    return go::Move::at(colour, go::Point::from_index(point));
}

}  // namespace josekic::index
