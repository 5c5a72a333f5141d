#include "emit/json_text.hpp"

namespace josekic::emit {

namespace {

// One value on one line, blanks after ':' and ','. The scalars are nlohmann's own text, so
// numbers and strings are written as json_text writes them.
void append_inline(std::string& out, const Json& value) {
    if (value.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, member] : value.items()) {
            if (!first) out += ", ";
            first = false;
            out += json_text(Json(key));
            out += ": ";
            append_inline(out, member);
        }
        out += '}';
    } else if (value.is_array()) {
        out += '[';
        bool first = true;
        for (const Json& element : value) {
            if (!first) out += ", ";
            first = false;
            append_inline(out, element);
        }
        out += ']';
    } else {
        out += json_text(value);
    }
}

}  // namespace

std::string json_text(const Json& value) {
    return value.dump(-1, ' ', false, nlohmann::detail::error_handler_t::replace);
}

std::string json_report_text(const Json& object) {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, member] : object.items()) {
        out += first ? "\n  " : ",\n  ";
        first = false;
        out += json_text(Json(key));
        out += ": ";
        append_inline(out, member);
    }
    out += "\n}\n";
    return out;
}

}  // namespace josekic::emit
