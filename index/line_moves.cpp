#include "index/line_moves.hpp"

#include "index/varint.hpp"

namespace josekic::index {

std::vector<go::Move> moves_as_played(const trackers::CornerSequence& sequence) {
    const go::Symmetry back = go::inverse(sequence.symmetry);
    std::vector<go::Move> played;
    played.reserve(sequence.moves.size());
    for (const go::Move& canonical : sequence.moves) {
        go::Move m = go::apply(back, canonical);
        if (sequence.colours == trackers::ColourOrder::Swapped) m.color = go::opponent(m.color);
        played.push_back(m);
    }
    return played;
}

std::vector<std::optional<std::size_t>> game_move_indices(const game::GameRecord& record,
                                                          std::span<const go::Move> played,
                                                          std::size_t first_index,
                                                          std::size_t end) {
    std::vector<std::optional<std::size_t>> at;
    at.reserve(played.size());
    end = std::min(end, record.moves.size());
    std::size_t from = first_index;
    for (const go::Move& move : played) {
        std::optional<std::size_t> found;
        if (!move.is_pass()) {
            // The tracker took the first move in its zone after the previous one, so the
            // first equal move from there on is this one.
            for (std::size_t i = from; i < end; ++i) {
                if (record.moves[i] == move) {
                    found = i;
                    from = i + 1;
                    break;
                }
            }
        }
        at.push_back(found);
    }
    return at;
}

void append_move_numbers(std::vector<std::uint8_t>& out, std::span<const go::Move> moves,
                         std::span<const std::optional<std::size_t>> indices) {
    std::uint64_t previous = 0;
    for (std::size_t k = 0; k < moves.size(); ++k) {
        if (k != 0 && moves[k].is_pass()) {
            ++previous;
            continue;
        }
        // A stone not found (never, for a tracker's sequence) is taken as the next move.
        const std::uint64_t number = k < indices.size() && indices[k] && *indices[k] + 1 > previous
                                         ? *indices[k] + 1
                                         : previous + 1;
        append_varint(out, number - previous);
        previous = number;
    }
}

std::optional<std::uint32_t> move_number_at(std::span<const std::byte> numbers,
                                            std::uint64_t offset, std::span<const go::Move> moves) {
    std::uint64_t number = 0;
    std::uint64_t at = offset;
    for (std::size_t k = 0; k < moves.size(); ++k) {
        if (k != 0 && moves[k].is_pass()) {
            ++number;
            continue;
        }
        const std::optional<std::uint32_t> step = read_varint<std::uint32_t>(numbers, at);
        if (!step) return std::nullopt;
        number += *step;
    }
    if (number > 0xFFFFFFFFULL) return std::nullopt;
    return static_cast<std::uint32_t>(number);
}

}  // namespace josekic::index
