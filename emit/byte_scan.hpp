#pragma once

#include <cstddef>
#include <string_view>
#include <tuple>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "emit/text_buffer.hpp"

namespace josekic::emit {

/// Up to four bytes looked for in a text (repeat one to look for fewer), 16 bytes at a time
/// where the CPU allows. Escaping looks for the few bytes it changes this way in every
/// comment and name of dictionaries of hundreds of megabytes, where almost none is found.
class ByteSet {
  public:
    ByteSet(char a, char b, char c, char d)
#if defined(__SSE2__)
        : a_(_mm_set1_epi8(a)),
          b_(_mm_set1_epi8(b)),
          c_(_mm_set1_epi8(c)),
          d_(_mm_set1_epi8(d)){}
#else
        : a_(a), b_(b), c_(c), d_(d) {
    }
#endif

          /// Bit k is set when text[from + k] is one of the bytes, for the 16 bytes from `from`
          /// (fewer at the end of `text`; from < text.size()). No byte outside `text` is read: the
          /// last, partial block is read again with the bytes before `from` dropped, and a text
          /// shorter than 16 bytes is copied into a block first.
          unsigned block_mask(std::string_view text, std::size_t from) const {
        const std::size_t rest = text.size() - from;
        if (rest >= 16) return mask_of(text.data() + from);
        if (text.size() >= 16) return mask_of(text.data() + text.size() - 16) >> (16 - rest);
        char block[16] = {};
        copy_short(block, text.data() + from, rest);
        return mask_of(block) & ((1u << rest) - 1);
    }

  private:
    unsigned mask_of(const char* block) const {
#if defined(__SSE2__)
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block));
        const __m128i hits =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, a_), _mm_cmpeq_epi8(v, b_)),
                         _mm_or_si128(_mm_cmpeq_epi8(v, c_), _mm_cmpeq_epi8(v, d_)));
        return static_cast<unsigned>(_mm_movemask_epi8(hits));
#else
        unsigned mask = 0;
        for (unsigned k = 0; k < 16; ++k) {
            const char x = block[k];
            if (x == a_ || x == b_ || x == c_ || x == d_) mask |= 1u << k;
        }
        return mask;
#endif
    }

#if defined(__SSE2__)
    __m128i a_, b_, c_, d_;
#else
    char a_, b_, c_, d_;
#endif
};

/// Copies `text` to `to` and returns the end, except that each byte of `set` is handed to
/// `replace(to, i)` (i: its index in `text`), which writes what stands for it at `to` and
/// returns the new end and the index of the next byte to copy (i + 1, or more to swallow
/// the bytes after it). The bytes between are copied in one piece; a text with many such
/// bytes (the moves of a transposition, "B[pd] W[dd]") costs a few instructions per byte
/// found, not a new search. Always inlined, so that the set stays in registers.
template <typename Replace>
[[gnu::always_inline]] inline char* copy_replacing(char* to, std::string_view text,
                                                   const ByteSet& set, Replace&& replace) {
    if (text.empty()) return to;  // most ranks, events and results
    std::size_t run = 0;          // the first byte not yet copied
    for (std::size_t block = 0; block < text.size(); block += 16) {
        for (unsigned mask = set.block_mask(text, block); mask != 0; mask &= mask - 1) {
            const std::size_t i = block + static_cast<std::size_t>(__builtin_ctz(mask));
            if (i < run) continue;  // swallowed by the byte before
            copy_bytes(to, text.data() + run, i - run);
            std::tie(to, run) = replace(to + (i - run), i);
        }
    }
    copy_bytes(to, text.data() + run, text.size() - run);
    return to + (text.size() - run);
}

}  // namespace josekic::emit
