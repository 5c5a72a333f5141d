#pragma once

// Golden-file comparison for the emit tests: JOSEKIC_UPDATE_GOLDEN=1 rewrites the files.

#include <string>

#include "tests/support/golden.hpp"

namespace josekic::emit::testing {

inline std::string golden_path(const std::string& name) {
    return test_support::source_path("tests/emit/golden/" + name);
}

/// Compares `actual` byte for byte with tests/emit/golden/<name>, or rewrites the golden
/// file when the environment variable JOSEKIC_UPDATE_GOLDEN is 1.
inline void check_golden(const std::string& name, const std::string& actual) {
    test_support::check_golden_file(golden_path(name), actual);
}

}  // namespace josekic::emit::testing
