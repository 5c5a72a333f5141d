#pragma once

#include <string>
#include <string_view>

namespace josekic::pipeline {

/// `text` as a JSON string literal, quotes included: `"` `\` and control characters
/// escaped, valid UTF-8 passed through, and every byte that is not part of a valid UTF-8
/// sequence (e.g. a Latin-1 file name) written as \ufffd, so the result is always valid JSON.
std::string json_quote(std::string_view text);

}  // namespace josekic::pipeline
