#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace josekic::sgf {

/// The one home of UTF-8 well-formedness: the decoder of SGF text (charset.cpp), the CJK
/// charset guess and every JSON writer use these, so that "valid UTF-8" means one thing.

/// Length of the well-formed UTF-8 sequence at `p` (of `n` bytes, n >= 1): 1 for ASCII, 2 to
/// 4 for a sequence without overlongs, surrogates or code points above U+10FFFF, 0 when the
/// bytes there are not one.
std::size_t utf8_sequence(const unsigned char* p, std::size_t n);
/// The same for the sequence at `text[i]` (i < text.size()).
std::size_t utf8_sequence(std::string_view text, std::size_t i);

/// How many bytes a UTF-8 lead byte announces (0 when it is not a lead byte).
std::size_t announced_length(unsigned lead);

/// The index of the first byte from `i` on that is not ASCII, or `n`. Text is mostly ASCII
/// (moves, numbers, markup), so it is skipped eight bytes at a time.
std::size_t skip_ascii(const unsigned char* p, std::size_t i, std::size_t n);

/// True when `bytes` is well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF).
bool is_valid_utf8(std::string_view bytes);

/// The code points of `text`, in order; a byte that starts no well-formed sequence is
/// skipped.
std::vector<char32_t> code_points(std::string_view text);

}  // namespace josekic::sgf
