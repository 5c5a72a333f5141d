#pragma once

#include <cstdint>

namespace josekic::dictionary {

/// A range of proportions in [0, 1].
struct Interval {
    double low = 0.0;
    double high = 1.0;
};

/// The Wilson score interval of `successes` out of `trials` at 95% confidence (z = 1.96):
/// unlike the normal approximation p +- 1.96 sqrt(p(1-p)/n) it stays inside [0, 1] and is
/// not empty at 0 or n successes, which the few games of most dictionary nodes need.
/// Precondition: successes <= trials; trials == 0 gives [0, 1] (nothing is known).
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials);

/// Which way a proportion differs from another, when it differs beyond noise.
enum class Difference : std::uint8_t { None, Higher, Lower };

/// Whether x1 of n1 differs from x2 of n2 beyond noise: a two-sided two-proportion z-test
/// with the pooled proportion, significant at the 1% level (|z| >= 2.576). The test is only
/// made where its normal approximation holds: each group expects at least 5 successes and 5
/// failures under the pooled proportion; otherwise, or when the difference is not
/// significant, the answer is None. Higher means x1/n1 is the larger.
Difference compare_proportions(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2,
                               std::uint64_t n2);

}  // namespace josekic::dictionary
