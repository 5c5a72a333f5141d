#pragma once

#include <cstddef>
#include <string_view>

#include "emit/text_buffer.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace josekic::emit {

/// The index of the first byte of `text` at or after `from` that equals one of `a`, `b`,
/// `c` and `d` (repeat one to look for fewer), or text.size(). Escaping looks for the few
/// bytes it changes this way in every comment and name of dictionaries of hundreds of
/// megabytes, and almost none holds one, so the scan takes 16 bytes at a time where the CPU
/// allows (the last, partial block is read again with the bytes before `from` ignored, and
/// a text shorter than 16 bytes is copied into a block first).
inline std::size_t find_any_of(std::string_view text, std::size_t from, char a, char b, char c, char d) {
    std::size_t i = from;
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8(a);
    const __m128i vb = _mm_set1_epi8(b);
    const __m128i vc = _mm_set1_epi8(c);
    const __m128i vd = _mm_set1_epi8(d);
    const auto hits_in = [&](const char* block) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block));
        const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)),
                                          _mm_or_si128(_mm_cmpeq_epi8(v, vc), _mm_cmpeq_epi8(v, vd)));
        return static_cast<unsigned>(_mm_movemask_epi8(hits));
    };
    if (text.size() < 16) {
        // Names, ranks and dates: copied into a block of their own, so that no byte past
        // the text is read, and looked at in one go.
        if (i >= text.size()) return text.size();
        const std::size_t rest = text.size() - i;
        char block[16] = {};
        copy_short(block, text.data() + i, rest);
        const unsigned mask = hits_in(block) & ((1u << rest) - 1);
        return mask != 0 ? i + static_cast<std::size_t>(__builtin_ctz(mask)) : text.size();
    }
    for (; i + 16 <= text.size(); i += 16) {
        const unsigned mask = hits_in(text.data() + i);
        if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(mask));
    }
    if (i < text.size()) {
        const std::size_t last = text.size() - 16;
        const unsigned mask = hits_in(text.data() + last) >> (i - last);
        if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(mask));
    }
    return text.size();
#else
    for (; i < text.size(); ++i) {
        const char x = text[i];
        if (x == a || x == b || x == c || x == d) return i;
    }
    return text.size();
#endif
}

}  // namespace josekic::emit
