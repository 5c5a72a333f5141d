#include "emit/sgf_text.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace josekic::emit {
namespace {

bool special(char c, ValueKind kind) {
    return c == '\r' || c == '\\' || c == ']' || (c == ':' && kind == ValueKind::Composed);
}

// The index of the first byte at or after `from` that escaping changes, or text.size().
// Every comment of dictionaries of hundreds of megabytes passes through here and almost
// none holds such a byte, so the scan takes 16 bytes at a time where the CPU allows.
std::size_t next_special(std::string_view text, std::size_t from, ValueKind kind) {
    std::size_t i = from;
#if defined(__SSE2__)
    const __m128i cr = _mm_set1_epi8('\r');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i bracket = _mm_set1_epi8(']');
    const __m128i colon = _mm_set1_epi8(kind == ValueKind::Composed ? ':' : ']');
    for (; i + 16 <= text.size(); i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
        const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, backslash)),
                                          _mm_or_si128(_mm_cmpeq_epi8(v, bracket), _mm_cmpeq_epi8(v, colon)));
        const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
        if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(mask));
    }
#endif
    for (; i < text.size(); ++i) {
        if (special(text[i], kind)) return i;
    }
    return text.size();
}

template <typename Out>
void escape_into(Out& out, std::string_view text, ValueKind kind) {
    std::size_t run = 0;
    for (std::size_t i = next_special(text, 0, kind); i < text.size(); i = next_special(text, run, kind)) {
        const char c = text[i];
        out.append(text.data() + run, i - run);
        run = i + 1;
        if (c == '\r') {
            // CRLF and lone CR both become LF: the output uses LF line breaks only.
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') run = i + 2;
            continue;
        }
        out += '\\';
        out += c;
    }
    out.append(text.data() + run, text.size() - run);
}

}  // namespace

void append_escaped(std::string& out, std::string_view text, ValueKind kind) { escape_into(out, text, kind); }

void append_escaped(TextBuffer& out, std::string_view text, ValueKind kind) { escape_into(out, text, kind); }

std::string escaped(std::string_view text, ValueKind kind) {
    std::string out;
    append_escaped(out, text, kind);
    return out;
}

}  // namespace josekic::emit
