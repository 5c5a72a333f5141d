#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "emit/byte_scan.hpp"
#include "emit/sgf_text.hpp"
#include "emit/text_buffer.hpp"

using namespace josekic::emit;

namespace {

// Texts of every length up to 50 with the searched bytes at chosen places, from a fixed
// linear congruential sequence (deterministic, no seed).
std::string sample_text(std::size_t length, std::uint32_t& state) {
    static constexpr char kAlphabet[] = "ab]\\\r\n:xyz0123456789 ";
    std::string text;
    for (std::size_t i = 0; i < length; ++i) {
        state = state * 1664525u + 1013904223u;
        // Mostly plain bytes, so that long runs without a hit are tested too.
        const std::uint32_t r = state >> 24;
        text += r < 200 ? static_cast<char>('a' + r % 26) : kAlphabet[r % (sizeof(kAlphabet) - 1)];
    }
    return text;
}

unsigned naive_mask(std::string_view text, std::size_t from, std::string_view bytes) {
    unsigned mask = 0;
    for (std::size_t k = 0; k < 16 && from + k < text.size(); ++k) {
        if (bytes.find(text[from + k]) != std::string_view::npos) mask |= 1u << k;
    }
    return mask;
}

// Escaping as SGF defines it, one byte at a time.
std::string naive_escape(std::string_view text, ValueKind kind) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r') {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
            continue;
        }
        if (c == '\\' || c == ']' || (c == ':' && kind == ValueKind::Composed)) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

TEST_CASE("a byte set marks its bytes in the block at every start, in texts of every length",
          "[emit]") {
    std::uint32_t state = 12345;
    for (std::size_t length = 1; length <= 50; ++length) {
        for (int round = 0; round < 20; ++round) {
            const std::string text = sample_text(length, state);
            for (std::size_t from = 0; from < length; ++from) {
                CHECK(ByteSet('\r', '\\', ']', ':').block_mask(text, from) ==
                      naive_mask(text, from, "\r\\]:"));
                CHECK(ByteSet('\n', '\n', '\n', '\n').block_mask(text, from) ==
                      naive_mask(text, from, "\n"));
            }
        }
    }
}

TEST_CASE("escaping into a string, a text buffer and a reserved room gives the same bytes",
          "[emit]") {
    std::uint32_t state = 777;
    for (std::size_t length = 0; length <= 50; ++length) {
        for (int round = 0; round < 20; ++round) {
            const std::string text = sample_text(length, state);
            for (const ValueKind kind : {ValueKind::Simple, ValueKind::Composed}) {
                const std::string expected = naive_escape(text, kind);
                CHECK(escaped(text, kind) == expected);
                std::string appended = "x";
                append_escaped(appended, text, kind);
                CHECK(appended == "x" + expected);
                TextBuffer buffer;
                buffer += 'x';
                append_escaped(buffer, text, kind);
                CHECK(buffer.view() == "x" + expected);
            }
        }
    }
    // Every byte special: escaping doubles the text, the most put_escaped may write.
    std::string doubled;
    for (int i = 0; i < 40; ++i) doubled += "\\]";
    TextBuffer buffer;
    append_escaped(buffer, std::string(40, ']'));
    CHECK(buffer.view() == doubled);
}
