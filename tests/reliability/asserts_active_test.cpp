// The sanitizer build (JOSEKIC_SANITIZE) keeps assert() active, because the asserts guard
// the writes into hand-sized buffers (emit/text_cursor.hpp); the other builds compile them
// out with the build type's NDEBUG. This test fails if a sanitizer build loses them.
#include <catch2/catch.hpp>

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitizerBuild = true;
#else
constexpr bool kSanitizerBuild = false;
#endif
#else
constexpr bool kSanitizerBuild = false;
#endif

#ifdef NDEBUG
constexpr bool kAssertsActive = false;
#else
constexpr bool kAssertsActive = true;
#endif

TEST_CASE("a sanitizer build keeps assert() active", "[reliability]") {
    if (!kSanitizerBuild) {
        WARN("not a sanitizer build (JOSEKIC_SANITIZE=OFF): nothing to check");
        return;
    }
    CHECK(kAssertsActive);
}
