#include "emit/sgf_text.hpp"

#include "emit/byte_scan.hpp"

namespace josekic::emit {

char* put_escaped(char* to, std::string_view text, ValueKind kind) {
    const ByteSet special('\r', '\\', ']', kind == ValueKind::Composed ? ':' : ']');
    return copy_replacing(to, text, special, [text](char* at, std::size_t i) {
        const char c = text[i];
        if (c == '\r') {
            // CRLF and lone CR both become LF: the output uses LF line breaks only.
            *at = '\n';
            const bool crlf = i + 1 < text.size() && text[i + 1] == '\n';
            return std::pair(at + 1, i + (crlf ? 2 : 1));
        }
        at[0] = '\\';
        at[1] = c;
        return std::pair(at + 2, i + 1);
    });
}

void append_escaped(std::string& out, std::string_view text, ValueKind kind) {
    // Sized for the worst case, then cut to what was written.
    const std::size_t start = out.size();
    out.resize(start + 2 * text.size());
    char* end = put_escaped(out.data() + start, text, kind);
    out.resize(static_cast<std::size_t>(end - out.data()));
}

void append_escaped(TextBuffer& out, std::string_view text, ValueKind kind) {
    out.commit(put_escaped(out.reserve(2 * text.size()), text, kind));
}

std::string escaped(std::string_view text, ValueKind kind) {
    std::string out;
    append_escaped(out, text, kind);
    return out;
}

}  // namespace josekic::emit
