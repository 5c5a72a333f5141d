#include "core/dictionary/significance.hpp"

#include <algorithm>
#include <cmath>

namespace josekic::dictionary {

namespace {

// The standard normal quantiles of a two-sided 95% interval and of a two-sided 1% test.
constexpr double kZ95 = 1.959963984540054;
constexpr double kZ99 = 2.5758293035489004;
// The rule of thumb for the normal approximation of a binomial count.
constexpr double kMinExpected = 5.0;

}  // namespace

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials) {
    if (trials == 0) return {};
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(successes) / n;
    const double z2 = kZ95 * kZ95;
    const double denominator = 1.0 + z2 / n;
    const double centre = (p + z2 / (2.0 * n)) / denominator;
    const double half = kZ95 / denominator * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Difference compare_proportions(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2,
                               std::uint64_t n2) {
    if (n1 == 0 || n2 == 0) return Difference::None;
    const double a = static_cast<double>(n1);
    const double b = static_cast<double>(n2);
    const double pooled = static_cast<double>(x1 + x2) / (a + b);
    const double smaller = std::min(pooled, 1.0 - pooled);
    if (smaller * a < kMinExpected || smaller * b < kMinExpected) return Difference::None;
    const double p1 = static_cast<double>(x1) / a;
    const double p2 = static_cast<double>(x2) / b;
    const double z = (p1 - p2) / std::sqrt(pooled * (1.0 - pooled) * (1.0 / a + 1.0 / b));
    if (z >= kZ99) return Difference::Higher;
    if (z <= -kZ99) return Difference::Lower;
    return Difference::None;
}

}  // namespace josekic::dictionary
