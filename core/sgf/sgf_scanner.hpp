#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/diag/diagnostic.hpp"

// The byte-level reading shared by the SGF tree parser (sgf_tree.cpp) and the one-pass
// game reader (clean_game_reader.cpp): both must see the same values at the same lines and
// columns, so both use this one scanner.

namespace josekic::sgf {

/// SGF white space (the C locale's isspace).
constexpr bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/// Whether the 5 bytes at `p` are a move with a two-letter value, "B[pd]" or "W[dd]": the
/// start of the lone-move node that both readers take in one step. The caller has checked
/// that 5 bytes are there.
constexpr bool starts_two_letter_move(const char* p) {
    const auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
    return (p[0] == 'B' || p[0] == 'W') && p[1] == '[' && lower(p[2]) && lower(p[3]) && p[4] == ']';
}
/// An ASCII capital.
constexpr bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
/// An ASCII letter, the bytes of a property identifier.
constexpr bool is_letter(char c) {
    return is_upper(c) || (c >= 'a' && c <= 'z');
}

/// The bytes that end the fast scan of a value: its end, an escape, a line break.
inline constexpr std::array<bool, 256> kValueStop = [] {
    std::array<bool, 256> stop{};
    stop[static_cast<unsigned char>(']')] = true;
    stop[static_cast<unsigned char>('\\')] = true;
    stop[static_cast<unsigned char>('\n')] = true;
    stop[static_cast<unsigned char>('\r')] = true;
    return stop;
}();

/// A property while a parser reads it: its identifier, and its values by index into the
/// parser's array of values.
struct PropertyDraft {
    std::string_view id;
    diag::SourceLocation where;
    std::uint32_t first_value = 0;
    std::uint32_t value_count = 0;
};

/// How the plain part of a value ended.
enum class ValueEnd { Closed, Escape, EndOfText };

/// A cursor over the file that knows its line and column. Columns count bytes; a line
/// ends at "\n", "\r\n" or a lone "\r" (old Mac files).
class Scanner {
  public:
    explicit Scanner(std::string_view text)
        : p_(text.data()), end_(text.data() + text.size()), line_start_(text.data()) {}
    /// A cursor over `text` standing at byte `offset`, whose location is `where` (as another
    /// cursor over the same text found it there): a reading handed over mid-file.
    Scanner(std::string_view text, std::size_t offset, diag::SourceLocation where)
        : p_(text.data() + offset),
          end_(text.data() + text.size()),
          line_(where.line),
          line_start_(p_ - (where.column - 1)) {}

    /// True past the last byte.
    bool at_end() const { return p_ >= end_; }
    /// The byte at the cursor (not at the end).
    char peek() const { return *p_; }
    /// Line and column of the cursor.
    diag::SourceLocation location() const {
        return diag::SourceLocation{line_, static_cast<int>(p_ - line_start_) + 1};
    }

    /// Moves over a byte that is not a line break ('[', ';', '(', ')').
    void step() { ++p_; }

    /// The bytes from the cursor on, for a look ahead.
    const char* cursor() const { return p_; }
    /// How far the cursor is from `text`'s first byte (the text it was made over).
    std::size_t offset_in(std::string_view text) const {
        return static_cast<std::size_t>(p_ - text.data());
    }
    std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }
    /// Line and column of `p`, a byte at or after the cursor with no line break between.
    diag::SourceLocation location_at(const char* p) const {
        return diag::SourceLocation{line_, static_cast<int>(p - line_start_) + 1};
    }
    /// Moves over `n` bytes that hold no line break.
    void skip(std::size_t n) { p_ += n; }

    /// Moves one byte forward, keeping line and column right.
    void advance() {
        const char c = *p_++;
        if (c == '\n' || (c == '\r' && (p_ >= end_ || *p_ != '\n'))) new_line();
    }

    void skip_space() {
        // Bytes above ' ' are never space: one comparison for the usual case.
        while (p_ < end_ && static_cast<unsigned char>(*p_) <= ' ' && is_space(*p_)) advance();
    }

    /// The next byte that is not white space, without moving; '\0' at the end.
    char peek_past_space() const {
        const char* p = p_;
        while (p < end_ && is_space(*p)) ++p;
        return p < end_ ? *p : '\0';
    }

    /// Moves over a run of letters and returns it.
    std::string_view letters() {
        const char* start = p_;
        while (p_ < end_ && is_letter(*p_)) ++p_;  // letters are never line breaks
        return {start, static_cast<std::size_t>(p_ - start)};
    }

    /// Moves over a run of letters and returns it; `all_upper` says whether they are
    /// all capitals (as in every file written since FF[4]).
    std::string_view letters(bool& all_upper) {
        const char* start = p_;
        bool upper = true;
        while (p_ < end_) {
            const char c = *p_;
            if (is_upper(c)) {
                ++p_;
            } else if (c >= 'a' && c <= 'z') {
                upper = false;
                ++p_;
            } else {
                break;
            }
        }
        all_upper = upper;
        return {start, static_cast<std::size_t>(p_ - start)};
    }

    /// Moves over the value after its '[' up to its ']' (passed, Closed), its first
    /// backslash (not passed, Escape) or the end of the text; `plain` gets the bytes
    /// passed over before that. Most values (moves, names) end here without a copy.
    ValueEnd plain_value(std::string_view& plain) {
        const char* start = p_;
        while (p_ < end_) {
            const char c = *p_;
            if (!kValueStop[static_cast<unsigned char>(c)]) {
                ++p_;
                continue;
            }
            if (c == ']') {
                plain = std::string_view(start, static_cast<std::size_t>(p_ - start));
                ++p_;
                return ValueEnd::Closed;
            }
            if (c == '\\') {
                plain = std::string_view(start, static_cast<std::size_t>(p_ - start));
                return ValueEnd::Escape;
            }
            advance();  // a line break
        }
        plain = std::string_view(start, static_cast<std::size_t>(p_ - start));
        return ValueEnd::EndOfText;
    }

    /// Reads the rest of a value from its first backslash into `out`: escapes resolved,
    /// soft line breaks (a backslash before a line break) removed. Returns false when the
    /// file ends first.
    bool escaped_value(std::string& out) {
        while (p_ < end_) {
            const char c = *p_;
            if (!kValueStop[static_cast<unsigned char>(c)]) {
                // Comments are long: copy the run up to the next special byte at once.
                const char* run = p_;
                while (p_ < end_ && !kValueStop[static_cast<unsigned char>(*p_)]) ++p_;
                out.append(run, static_cast<std::size_t>(p_ - run));
                continue;
            }
            if (c == ']') {
                advance();
                return true;
            }
            advance();
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (p_ >= end_) break;
            const char escaped = *p_;
            advance();
            if (escaped == '\n' || escaped == '\r') {
                // Soft line break; "\r\n" and "\n\r" are one break.
                if (p_ < end_) {
                    const char next = *p_;
                    if ((next == '\n' || next == '\r') && next != escaped) advance();
                }
                continue;
            }
            out.push_back(escaped);
        }
        return false;
    }

  private:
    void new_line() {
        ++line_;
        line_start_ = p_;
    }

    const char* p_;
    const char* end_;
    int line_ = 1;
    const char* line_start_;
};

/// Whether the '(' at `s` opens another game rather than a variation: its first node starts
/// with GM or FF, which only a game's root holds. A game whose ')' was lost would otherwise
/// take every later game of its file in as variations (a collection of 781 games read as 1).
/// The parser ends the open game there; the clean reader leaves such a tree to the parser.
inline bool starts_another_game(Scanner s) {
    s.advance();  // '('
    s.skip_space();
    if (s.at_end() || s.peek() != ';') return false;
    s.step();
    s.skip_space();
    if (s.at_end() || !is_letter(s.peek())) return false;
    const std::string_view id = s.letters();
    return (id == "GM" || id == "FF") && s.peek_past_space() == '[';
}

}  // namespace josekic::sgf
