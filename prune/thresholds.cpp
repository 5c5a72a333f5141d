#include "prune/thresholds.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace josekic::prune {

std::optional<double> parse_share(std::string_view text) {
    const bool percent = !text.empty() && text.back() == '%';
    if (percent) text.remove_suffix(1);
    if (text.empty()) return std::nullopt;
    // std::from_chars for double is available in g++ 12 and, unlike strtod, ignores the locale.
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    if (percent) value /= 100.0;
    if (value < 0.0 || value > 1.0) return std::nullopt;
    return value;
}

}  // namespace josekic::prune
