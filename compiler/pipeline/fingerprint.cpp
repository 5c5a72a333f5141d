#include "compiler/pipeline/fingerprint.hpp"

#include <array>

namespace josekic::pipeline {

namespace {
constexpr std::uint64_t rotate_left(std::uint64_t v, int bits) { return (v << bits) | (v >> (64 - bits)); }

// A pass has no point and so no Zobrist key; these constants stand in for it.
constexpr go::Hash128 kPassKey[2] = {{0x9AE16A3B2F90404FULL, 0xC3A5C85C97CB3127ULL},
                                     {0xB492B66FBE98F273ULL, 0x9DDFEA08EB382D69ULL}};

// The image of every point under every symmetry, as a point index: the fingerprint
// hashes a game under all 8 symmetries in one pass over its moves.
using ImageTable = std::array<std::array<std::uint16_t, go::kNumPoints>, 8>;
constexpr ImageTable make_image_table() {
    ImageTable table{};
    for (go::Symmetry s : go::kAllSymmetries) {
        for (int i = 0; i < go::kNumPoints; ++i) {
            table[static_cast<int>(s)][i] =
                static_cast<std::uint16_t>(go::apply(s, go::Point::from_index(i)).index());
        }
    }
    return table;
}
constexpr ImageTable kImages = make_image_table();

}  // namespace

GameFingerprint fingerprint(const game::GameRecord& record) {
    constexpr int kSymmetries = 8;
    std::array<go::Hash128, kSymmetries> setup{};
    for (int s = 0; s < kSymmetries; ++s) {
        for (go::Point p : record.setup_black) setup[s] ^= go::zobrist_key128(go::Color::Black, kImages[s][p.index()]);
        for (go::Point p : record.setup_white) setup[s] ^= go::zobrist_key128(go::Color::White, kImages[s][p.index()]);
    }

    // Multiply-rotate before mixing in each move makes the hash depend on move order,
    // which a plain XOR (a position hash) would not.
    std::array<go::Hash128, kSymmetries> line;
    line.fill(go::Hash128{0x6C62272E07BB0142ULL, 0x62B821756295C58DULL});
    for (const go::Move& m : record.moves) {
        for (int s = 0; s < kSymmetries; ++s) {
            const go::Hash128 key =
                m.point ? go::zobrist_key128(m.color, kImages[s][m.point->index()]) : kPassKey[static_cast<int>(m.color)];
            line[s].high = rotate_left(line[s].high * 0xFF51AFD7ED558CCDULL, 29) ^ key.high;
            line[s].low = rotate_left(line[s].low * 0xC4CEB9FE1A85EC53ULL, 31) ^ key.low;
        }
    }

    // The smallest image is canonical; on a tie the first symmetry in kAllSymmetries order.
    GameFingerprint best;
    for (int s = 0; s < kSymmetries; ++s) {
        line[s].high ^= rotate_left(setup[s].high, 17) ^ record.moves.size();
        line[s].low ^= rotate_left(setup[s].low, 23);
        if (s == 0 || line[s] < best.key) best = {line[s], go::kAllSymmetries[s]};
    }
    return best;
}

}  // namespace josekic::pipeline
