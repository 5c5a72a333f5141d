#include "compiler/pipeline/fingerprint.hpp"

namespace josekic::pipeline {

namespace {
constexpr std::uint64_t rotate_left(std::uint64_t v, int bits) { return (v << bits) | (v >> (64 - bits)); }

// A pass has no point and so no Zobrist key; these constants stand in for it.
constexpr go::Hash128 kPassKey[2] = {{0x9AE16A3B2F90404FULL, 0xC3A5C85C97CB3127ULL},
                                     {0xB492B66FBE98F273ULL, 0x9DDFEA08EB382D69ULL}};

go::Hash128 hash_under(const game::GameRecord& record, go::Symmetry s) {
    go::Hash128 setup;
    for (go::Point p : record.setup_black) setup ^= go::zobrist_key128(go::Color::Black, go::apply(s, p));
    for (go::Point p : record.setup_white) setup ^= go::zobrist_key128(go::Color::White, go::apply(s, p));

    // Multiply-rotate before mixing in each move makes the hash depend on move order,
    // which a plain XOR (a position hash) would not.
    go::Hash128 line{0x6C62272E07BB0142ULL, 0x62B821756295C58DULL};
    for (const go::Move& m : record.moves) {
        const go::Hash128 key = m.point ? go::zobrist_key128(m.color, go::apply(s, *m.point))
                                        : kPassKey[static_cast<int>(m.color)];
        line.high = rotate_left(line.high * 0xFF51AFD7ED558CCDULL, 29) ^ key.high;
        line.low = rotate_left(line.low * 0xC4CEB9FE1A85EC53ULL, 31) ^ key.low;
    }
    line.high ^= rotate_left(setup.high, 17) ^ record.moves.size();
    line.low ^= rotate_left(setup.low, 23);
    return line;
}
}  // namespace

GameFingerprint fingerprint(const game::GameRecord& record) {
    GameFingerprint best{hash_under(record, go::Symmetry::Identity), go::Symmetry::Identity};
    for (go::Symmetry s : go::kAllSymmetries) {
        const go::Hash128 h = hash_under(record, s);
        if (h < best.key) best = {h, s};
    }
    return best;
}

}  // namespace josekic::pipeline
