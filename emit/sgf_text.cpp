#include "emit/sgf_text.hpp"

#include "emit/byte_scan.hpp"

namespace josekic::emit {
namespace {

// The index of the first byte at or after `from` that escaping changes, or text.size().
std::size_t next_special(std::string_view text, std::size_t from, ValueKind kind) {
    return find_any_of(text, from, '\r', '\\', ']', kind == ValueKind::Composed ? ':' : ']');
}

}  // namespace

char* put_escaped(char* to, std::string_view text, ValueKind kind) {
    std::size_t run = 0;
    for (std::size_t i = next_special(text, 0, kind); i < text.size(); i = next_special(text, run, kind)) {
        copy_bytes(to, text.data() + run, i - run);
        to += i - run;
        run = i + 1;
        const char c = text[i];
        if (c == '\r') {
            // CRLF and lone CR both become LF: the output uses LF line breaks only.
            *to++ = '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') run = i + 2;
            continue;
        }
        to[0] = '\\';
        to[1] = c;
        to += 2;
    }
    copy_bytes(to, text.data() + run, text.size() - run);
    return to + (text.size() - run);
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
