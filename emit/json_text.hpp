#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace josekic::emit {

/// Every JSON object josekic prints (lookup, review, the explorer's API, the run report of
/// check) is built as one of these and written by json_text or json_report_text: one library
/// (nlohmann-json), one escaping. Members keep the order in which they are set. The schemas are
/// in docs/json.md.
using Json = nlohmann::ordered_json;

/// The compact text of `value`: no blanks between tokens, UTF-8 passed through, any byte that
/// is not valid UTF-8 written as U+FFFD, so the result is always valid JSON. No newline at the
/// end. What `lookup --json`, `review --json` and the explorer print.
std::string json_text(const Json& value);

/// The text of an object for a reader at a terminal: one member per line, indented by two
/// blanks, each value on its member's line with a blank after every ':' and ','; a newline
/// at the end. Strings as json_text writes them. What `check --json` prints.
std::string json_report_text(const Json& object);

}  // namespace josekic::emit
