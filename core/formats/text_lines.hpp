#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"

namespace josekic::formats {

/// One line of a line-based game record, without its end ("\n" or "\r\n").
struct TextLine {
    std::string_view text;
    int number = 0;  ///< 1-based

    /// Where column `column` (1-based, in bytes) of this line is.
    diag::SourceLocation at(int column = 1) const { return {number, column}; }
};

/// The lines of `bytes` in order (a UTF-8 BOM skipped); a last line without an end counts.
std::vector<TextLine> split_lines(std::string_view bytes);

/// The fields of `text` separated by `separator`, empty fields kept ("a,,b" has three).
std::vector<std::string_view> split_fields(std::string_view text, char separator);

/// `text` as a whole decimal integer (a sign allowed, white space around it ignored);
/// nullopt for anything else.
std::optional<int> whole_number(std::string_view text);

}  // namespace josekic::formats
