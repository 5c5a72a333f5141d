#pragma once

#include <cstdint>

namespace josekic::bench {

/// A seeded stream of random numbers that is the same on every machine and compiler
/// (the standard library's distributions are not): splitmix64, and the remainder for a number
/// below a bound (its bias, below bound / 2^64, does not matter to a benchmark corpus).
class Random {
  public:
    explicit Random(std::uint64_t seed) : state_(seed) {}

    /// The next 64 random bits.
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    /// A number in [0, bound), bound > 0.
    std::uint64_t below(std::uint64_t bound) { return next() % bound; }

  private:
    std::uint64_t state_;
};

}  // namespace josekic::bench
