#include "core/sgf/utf8.hpp"

#include <cstdint>
#include <cstring>

namespace josekic::sgf {

std::size_t utf8_sequence(const unsigned char* p, std::size_t n) {
    const unsigned c = p[0];
    if (c < 0x80) return 1;
    if (c < 0xC2 || c > 0xF4) return 0;
    std::size_t len = 2;
    unsigned lo = 0x80;
    unsigned hi = 0xBF;
    if (c >= 0xF0) {
        len = 4;
        if (c == 0xF0) lo = 0x90;  // no overlong four-byte forms
        if (c == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
    } else if (c >= 0xE0) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;  // no overlong three-byte forms
        if (c == 0xED) hi = 0x9F;  // no UTF-16 surrogates
    }
    if (n < len || p[1] < lo || p[1] > hi) return 0;
    for (std::size_t k = 2; k < len; ++k) {
        if ((p[k] & 0xC0u) != 0x80u) return 0;
    }
    return len;
}

std::size_t utf8_sequence(std::string_view text, std::size_t i) {
    return utf8_sequence(reinterpret_cast<const unsigned char*>(text.data()) + i, text.size() - i);
}

std::size_t announced_length(unsigned lead) {
    if (lead >= 0xC2 && lead < 0xE0) return 2;
    if (lead >= 0xE0 && lead < 0xF0) return 3;
    if (lead >= 0xF0 && lead < 0xF5) return 4;
    return 0;
}

std::size_t skip_ascii(const unsigned char* p, std::size_t i, std::size_t n) {
    while (n - i >= 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, p + i, sizeof word);
        if ((word & 0x8080808080808080ull) != 0) break;
        i += 8;
    }
    while (i < n && p[i] < 0x80) ++i;
    return i;
}

bool is_valid_utf8(std::string_view bytes) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const std::size_t len = utf8_sequence(p + i, n - i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

std::vector<char32_t> code_points(std::string_view text) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_sequence(text, i);
        if (len == 0) {
            ++i;
            continue;
        }
        const auto lead = static_cast<unsigned char>(text[i]);
        char32_t cp = len == 1   ? lead
                      : len == 2 ? (lead & 0x1Fu)
                      : len == 3 ? (lead & 0x0Fu)
                                 : (lead & 0x07u);
        for (std::size_t k = 1; k < len; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
        out.push_back(cp);
        i += len;
    }
    return out;
}

}  // namespace josekic::sgf
