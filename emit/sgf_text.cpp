#include "emit/sgf_text.hpp"

namespace josekic::emit {

void append_escaped(std::string& out, std::string_view text, ValueKind kind) {
    out.reserve(out.size() + text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r') {
            // CRLF and lone CR both become LF: the output uses LF line breaks only.
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
            continue;
        }
        if (c == '\\' || c == ']' || (c == ':' && kind == ValueKind::Composed)) out += '\\';
        out += c;
    }
}

std::string escaped(std::string_view text, ValueKind kind) {
    std::string out;
    append_escaped(out, text, kind);
    return out;
}

}  // namespace josekic::emit
