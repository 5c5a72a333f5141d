#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "reference/reference_index.hpp"

namespace josekic::test_support {

/// The reference book `name` read from `text` (as the file NAME.sgf); every diagnostic the
/// reading gives fails the test.
inline reference::ReferenceIndex book_from_text(const std::string& name, std::string_view text) {
    diag::DiagnosticList sink;
    reference::ReferenceIndex book = reference::load_reference(name, text, name + ".sgf", sink);
    for (const diag::Diagnostic& d : sink.items) FAIL_CHECK(diag::format(d));
    return book;
}

}  // namespace josekic::test_support
