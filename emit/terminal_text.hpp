#pragma once

#include <string>
#include <string_view>

namespace josekic::emit {

/// `text` (a game's names, a file's path: whatever the games say) fit to print on a terminal:
/// each control character, C0 (ESC, CR, LF ...), DEL or C1 (U+0080..U+009F, an 8-bit CSI),
/// becomes U+FFFD, so that a record cannot clear the screen, retitle the window or split a
/// line. Everything else, other scripts included, is kept.
std::string terminal_text(std::string_view text);

}  // namespace josekic::emit
