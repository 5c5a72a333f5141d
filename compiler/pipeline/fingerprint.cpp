#include "compiler/pipeline/fingerprint.hpp"

#include <array>

namespace josekic::pipeline {

namespace {
constexpr std::uint64_t rotate_left(std::uint64_t v, int bits) {
    return (v << bits) | (v >> (64 - bits));
}

constexpr int kSymmetries = 8;

// A pass has no point and so no Zobrist key; these constants stand in for it.
constexpr go::Hash128 kPassKey[2] = {{0x9AE16A3B2F90404FULL, 0xC3A5C85C97CB3127ULL},
                                     {0xB492B66FBE98F273ULL, 0x9DDFEA08EB382D69ULL}};
constexpr go::Hash128 kLineSeed{0x6C62272E07BB0142ULL, 0x62B821756295C58DULL};

// The image of every point under every symmetry, as a point index.
constexpr const auto& kImages = go::kImageIndex;

// Multiply-rotate before mixing in each move makes the hash depend on move order, which a
// plain XOR (a position hash) would not.
constexpr void mix(go::Hash128& line, const go::Hash128& key) {
    line.high = rotate_left(line.high * 0xFF51AFD7ED558CCDULL, 29) ^ key.high;
    line.low = rotate_left(line.low * 0xC4CEB9FE1A85EC53ULL, 31) ^ key.low;
}

constexpr go::Hash128 move_key(const go::Move& m, int symmetry) {
    return m.point ? go::zobrist_key128(
                         m.color, kImages[static_cast<std::size_t>(symmetry)][m.point->index()])
                   : kPassKey[static_cast<int>(m.color)];
}

// Sets the fingerprint apart from the keys of full_fingerprint(), which serves other games.
constexpr std::uint64_t kOneImageMark = 0x5851F42D4C957F2DULL;

using SetupKeys = std::array<go::Hash128, kSymmetries>;

// The XOR of the setup stones' keys in every image: a set, so stone order does not count.
SetupKeys setup_keys(const game::GameRecord& record) {
    SetupKeys setup{};
    for (int s = 0; s < kSymmetries; ++s) {
        for (go::Point p : record.setup_black)
            setup[s] ^= go::zobrist_key128(go::Color::Black, kImages[s][p.index()]);
        for (go::Point p : record.setup_white)
            setup[s] ^= go::zobrist_key128(go::Color::White, kImages[s][p.index()]);
    }
    return setup;
}

// The final key of an image from its line hash and setup key.
constexpr go::Hash128 finish_key(go::Hash128 line, const go::Hash128& setup, std::size_t moves) {
    line.high ^= rotate_left(setup.high, 17) ^ moves;
    line.low ^= rotate_left(setup.low, 23);
    return line;
}

// The key of every one of the 8 images, the smallest canonical (on a tie the first
// symmetry in kAllSymmetries order). Serves the games for which canonical_image() finds no
// single image: a setup and line that some symmetry maps onto themselves.
GameFingerprint full_fingerprint(const game::GameRecord& record, const SetupKeys& setup) {
    std::array<go::Hash128, kSymmetries> line;
    line.fill(kLineSeed);
    for (const go::Move& m : record.moves) {
        for (int s = 0; s < kSymmetries; ++s) mix(line[s], move_key(m, s));
    }
    GameFingerprint best;
    for (int s = 0; s < kSymmetries; ++s) {
        const go::Hash128 key = finish_key(line[s], setup[s], record.moves.size());
        if (s == 0 || key < best.key) best = {key, go::kAllSymmetries[s]};
    }
    return best;
}

// The one symmetry whose image of the game is smallest: by the image's setup key first,
// then by the images' point indices move by move (passes are the same in every image).
// Both depend on the image only, so a game and its images choose the same picture. -1
// when two or more images stay equal to the end, i.e. the game is symmetric. Most games
// are told apart by their first move or two.
int canonical_image(const game::GameRecord& record, const SetupKeys& setup) {
    std::array<int, kSymmetries> candidates{0, 1, 2, 3, 4, 5, 6, 7};
    int count = kSymmetries;
    {
        // Without setup stones every key is 0 and all 8 stay.
        int kept = 0;
        for (int s = 0; s < kSymmetries; ++s) {
            const auto u = static_cast<std::size_t>(s);
            if (kept > 0 && setup[u] > setup[static_cast<std::size_t>(candidates[0])]) continue;
            if (kept > 0 && setup[u] < setup[static_cast<std::size_t>(candidates[0])]) kept = 0;
            candidates[static_cast<std::size_t>(kept++)] = s;
        }
        count = kept;
        if (count == 1) return candidates[0];
    }
    for (const go::Move& m : record.moves) {
        if (!m.point) continue;
        const int point = m.point->index();
        int kept = 0;
        int best = go::kNumPoints;
        for (int i = 0; i < count; ++i) {
            const int s = candidates[static_cast<std::size_t>(i)];
            const int image = kImages[static_cast<std::size_t>(s)][static_cast<std::size_t>(point)];
            if (image > best) continue;
            if (image < best) {
                best = image;
                kept = 0;
            }
            candidates[static_cast<std::size_t>(kept++)] = s;
        }
        count = kept;
        if (count == 1) return candidates[0];
    }
    return -1;
}

}  // namespace

// The key of a game is the hash of one canonical image of it, chosen from the game itself,
// so two games that are images of each other have the same key and the relation between
// them (their to_canonical symmetries) is the one that maps one onto the other, whichever
// image is canonical. Hashing that one image costs an eighth of hashing all 8.
GameFingerprint fingerprint(const game::GameRecord& record) {
    const bool has_setup = !record.setup_black.empty() || !record.setup_white.empty();
    const SetupKeys setup = has_setup ? setup_keys(record) : SetupKeys{};
    const int s = canonical_image(record, setup);
    if (s < 0) return full_fingerprint(record, setup);
    go::Hash128 line = kLineSeed;
    for (const go::Move& m : record.moves) mix(line, move_key(m, s));
    const auto u = static_cast<std::size_t>(s);
    line = finish_key(line, setup[u], record.moves.size());
    line.high ^= kOneImageMark;
    return GameFingerprint{line, go::kAllSymmetries[u]};
}

}  // namespace josekic::pipeline
