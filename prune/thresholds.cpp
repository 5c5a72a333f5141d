#include "prune/thresholds.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "emit/decimal_text.hpp"

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

std::optional<std::uint64_t> parse_size(std::string_view text) {
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc{} || end == text.data()) return std::nullopt;
    std::string unit(end, text.data() + text.size());
    for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    struct Unit {
        std::string_view name;
        std::uint64_t factor;
    };
    static constexpr std::array<Unit, 11> kUnits{{{"", 1},
                                                  {"b", 1},
                                                  {"k", 1'000},
                                                  {"kb", 1'000},
                                                  {"m", 1'000'000},
                                                  {"mb", 1'000'000},
                                                  {"g", 1'000'000'000},
                                                  {"gb", 1'000'000'000},
                                                  {"kib", 1ULL << 10},
                                                  {"mib", 1ULL << 20},
                                                  {"gib", 1ULL << 30}}};
    for (const Unit& u : kUnits) {
        if (unit != u.name) continue;
        if (number == 0 || number > std::numeric_limits<std::uint64_t>::max() / u.factor)
            return std::nullopt;
        return number * u.factor;
    }
    return std::nullopt;
}

std::string size_text(std::uint64_t bytes) {
    if (bytes % 1'000'000 == 0) return emit::with_thousands(bytes / 1'000'000) + " MB";
    if (bytes % 1'000 == 0) return emit::with_thousands(bytes / 1'000) + " kB";
    return emit::with_thousands(bytes) + (bytes == 1 ? " byte" : " bytes");
}

}  // namespace josekic::prune
