#pragma once

#include <string>
#include <string_view>

#include "emit/text_buffer.hpp"

namespace josekic::emit {

/// Appends `text` to `out` as the inside of an SGF value: '\' and ']' are escaped with a
/// backslash (':' too when `in_compose` is set, for composed values such as LB), and line
/// breaks are written as LF. This is the one function through which every text value
/// josekic writes goes.
enum class ValueKind { Simple, Composed };
void append_escaped(std::string& out, std::string_view text, ValueKind kind = ValueKind::Simple);
/// append_escaped into a TextBuffer (the dictionary writer's output).
void append_escaped(TextBuffer& out, std::string_view text, ValueKind kind = ValueKind::Simple);
/// append_escaped at `to`, which has room for 2 * text.size() bytes (escaping at most
/// doubles a text); returns the end of what was written. For text written with a
/// TextCursor (text_cursor.hpp).
char* put_escaped(char* to, std::string_view text, ValueKind kind = ValueKind::Simple);

/// append_escaped into a new string.
std::string escaped(std::string_view text, ValueKind kind = ValueKind::Simple);

}  // namespace josekic::emit
