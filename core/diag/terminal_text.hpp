#pragma once

#include <string>
#include <string_view>

namespace josekic::diag {

/// `text` (a game's names, a file's path: whatever the games say) fit to print on a terminal
/// or in a log of one line per diagnostic. Each control character becomes U+FFFD: C0 (ESC,
/// CR, LF ...), DEL, C1 (U+0080..U+009F, an 8-bit CSI), the line and paragraph separators
/// (U+2028, U+2029) and the bidirectional overrides and isolates (U+202A..U+202E,
/// U+2066..U+2069), and so does each byte that is not part of a UTF-8 character (a name in
/// another charset: 0x9B alone is a CSI to a Latin-1 terminal), so that a record cannot
/// clear the screen, retitle the window, split a line or show its text in another order than
/// it has. Everything else, other scripts included, is kept.
std::string terminal_text(std::string_view text);

/// terminal_text for a message of several lines: its line feeds are kept. A name inside it
/// that holds a line feed still breaks its line; nothing else of it reaches the terminal.
std::string terminal_lines(std::string_view text);

}  // namespace josekic::diag
