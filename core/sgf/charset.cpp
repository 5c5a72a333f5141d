#include "core/sgf/charset.hpp"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/sgf/cjk_detection.hpp"
#include "core/sgf/utf8.hpp"

namespace josekic::sgf {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
constexpr std::string_view kUtf8 = "UTF-8";

iconv_t to_handle(void* p) {
    return static_cast<iconv_t>(p);
}
void* from_handle(iconv_t h) {
    return static_cast<void*>(h);
}
bool is_open(iconv_t h) {
    return h != reinterpret_cast<iconv_t>(-1);
}

std::string normalised_key(std::string_view spelling) {
    std::string key;
    key.reserve(spelling.size());
    for (char c : spelling) {
        if (c == '-' || c == '_' || c == ' ' || c == '.' || c == '\t') continue;
        key.push_back(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    }
    return key;
}

bool starts_with_digits_after(std::string_view key, std::string_view prefix) {
    if (key.size() <= prefix.size() || key.substr(0, prefix.size()) != prefix) return false;
    return std::all_of(key.begin() + static_cast<std::ptrdiff_t>(prefix.size()), key.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
}

/// Charsets whose ASCII bytes do not always mean ASCII (shift states, 16-bit units).
bool ascii_unsafe(std::string_view iconv_name) {
    return iconv_name.starts_with("ISO-2022") || iconv_name.starts_with("UTF-16") ||
           iconv_name.starts_with("UTF-32") || iconv_name.starts_with("UCS") ||
           iconv_name == "UTF-7" || iconv_name == "HZ";
}

/// Converts with iconv; every invalid byte becomes U+FFFD and a truncated sequence at the
/// end becomes one U+FFFD. Returns the text and whether anything was replaced.
// `unit` is the width of the source's code units: an invalid sequence is skipped one unit at
// a time, so that UTF-16 (unit 2) stays aligned after a lone surrogate instead of decoding
// the rest of the file from odd bytes.
std::pair<std::string, bool> convert(iconv_t cd, std::string_view bytes, std::size_t unit = 1) {
    iconv(cd, nullptr, nullptr, nullptr, nullptr);  // fresh shift state for every value
    std::string out;
    out.resize(bytes.size() * 2 + 16);
    char* in = const_cast<char*>(bytes.data());  // iconv's signature; it does not write
    std::size_t in_left = bytes.size();
    std::size_t used = 0;
    bool replaced = false;
    auto room = [&](std::size_t need) {
        if (out.size() - used < need) out.resize(std::max(out.size() * 2, used + need));
    };
    while (true) {
        char* out_ptr = out.data() + used;
        std::size_t out_left = out.size() - used;
        const std::size_t r = in_left > 0 ? iconv(cd, &in, &in_left, &out_ptr, &out_left)
                                          : iconv(cd, nullptr, nullptr, &out_ptr, &out_left);
        used = static_cast<std::size_t>(out_ptr - out.data());
        if (r != static_cast<std::size_t>(-1)) {
            if (in_left == 0) {
                // Flush the shift state (ISO-2022-JP returns to ASCII).
                out_ptr = out.data() + used;
                out_left = out.size() - used;
                iconv(cd, nullptr, nullptr, &out_ptr, &out_left);
                used = static_cast<std::size_t>(out_ptr - out.data());
                break;
            }
            continue;
        }
        if (errno == E2BIG) {
            room(out.size());
            continue;
        }
        replaced = true;
        room(kReplacement.size() + 16);
        out.replace(used, kReplacement.size(), kReplacement);
        used += kReplacement.size();
        if (errno == EINVAL) break;                        // a sequence cut by the end of the value
        const std::size_t skip = std::min(unit, in_left);  // EILSEQ: skip one unit and go on
        in += skip;
        in_left -= skip;
        if (in_left == 0) break;
    }
    out.resize(used);
    return {std::move(out), replaced};
}

}  // namespace

std::string iconv_charset_name(std::string_view spelling) {
    while (!spelling.empty() && (spelling.front() == ' ' || spelling.front() == '\t'))
        spelling.remove_prefix(1);
    while (!spelling.empty() && (spelling.back() == ' ' || spelling.back() == '\t'))
        spelling.remove_suffix(1);
    if (spelling.empty()) return {};
    const std::string key = normalised_key(spelling);
    struct Alias {
        std::string_view key;
        std::string_view name;
    };
    // Legacy charsets map to the superset glibc knows so that extension characters
    // (GBK/GB18030 beyond GB2312, NEC/IBM rows of CP932, UHC of CP949) still decode.
    static constexpr Alias aliases[] = {
        {"UTF8", "UTF-8"},
        {"UTF8BOM", "UTF-8"},
        {"ASCII", "UTF-8"},
        {"USASCII", "UTF-8"},
        {"UTF16", "UTF-16"},
        {"UTF16LE", "UTF-16LE"},
        {"UTF16BE", "UTF-16BE"},
        {"UCS2", "UTF-16"},
        {"UNICODE", "UTF-16"},
        {"LATIN1", "ISO-8859-1"},
        {"L1", "ISO-8859-1"},
        {"ISOLATIN1", "ISO-8859-1"},
        {"LATIN9", "ISO-8859-15"},
        {"ISOLATIN9", "ISO-8859-15"},
        {"GB2312", "GB18030"},
        {"EUCCN", "GB18030"},
        {"GBK", "GB18030"},
        {"GB18030", "GB18030"},
        {"GB", "GB18030"},
        {"CHINESE", "GB18030"},
        {"XGBK", "GB18030"},
        {"BIG5", "BIG5"},
        {"BIGFIVE", "BIG5"},
        {"XBIG5", "BIG5"},
        {"BIG5HKSCS", "BIG5-HKSCS"},
        {"SHIFTJIS", "CP932"},
        {"SJIS", "CP932"},
        {"MSKANJI", "CP932"},
        {"XSJIS", "CP932"},
        {"WINDOWS31J", "CP932"},
        {"EUCJP", "EUC-JP"},
        {"XEUCJP", "EUC-JP"},
        {"ISO2022JP", "ISO-2022-JP"},
        {"ISO2022KR", "ISO-2022-KR"},
        {"EUCKR", "CP949"},
        {"KSC5601", "CP949"},
        {"KSC56011987", "CP949"},
        {"UHC", "CP949"},
        {"KOREAN", "CP949"},
        {"MACINTOSH", "MACINTOSH"},
        {"MACROMAN", "MACINTOSH"},
        {"MAC", "MACINTOSH"},
        {"XMACROMAN", "MACINTOSH"},
        {"KOI8R", "KOI8-R"},
        {"KOI8U", "KOI8-U"},
    };
    for (const Alias& a : aliases) {
        if (a.key == key) return std::string(a.name);
    }
    if (starts_with_digits_after(key, "ISO8859")) return "ISO-8859-" + key.substr(7);
    if (starts_with_digits_after(key, "WINDOWS")) return "CP" + key.substr(7);
    if (starts_with_digits_after(key, "WIN")) return "CP" + key.substr(3);
    if (starts_with_digits_after(key, "CP")) return key;
    std::string upper(spelling);
    for (char& c : upper) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return upper;
}

std::string fallback_charset(std::string_view bytes) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t n = bytes.size();
    std::size_t good = 0;
    std::size_t bad = 0;
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        // Most non-ASCII text in these files is CJK: three-byte sequences whose lead byte
        // needs no special range for its second byte (all but E0 and ED), checked inline.
        const unsigned lead = p[i];
        if (((lead >= 0xE1 && lead <= 0xEC) || lead >= 0xEE) && lead <= 0xEF && n - i >= 3 &&
            (p[i + 1] & 0xC0u) == 0x80u && (p[i + 2] & 0xC0u) == 0x80u) {
            good += 3;
            i += 3;
            continue;
        }
        const std::size_t len = utf8_sequence(p + i, n - i);
        if (len == 0) {
            // A bad byte next to a '?' is Fox's damage (a lost byte replaced by '?').
            const bool fox_damage = (i + 1 < n && p[i + 1] == '?') || (i > 0 && p[i - 1] == '?');
            ++(fox_damage ? good : bad);
            ++i;
        } else {
            good += len;
            i += len;
        }
    }
    // 72% lies between the scores of damaged UTF-8 files and of the same texts encoded in
    // GB18030 in the Fox corpora (docs/PERFORMANCE.md, "Figures behind the code's shape").
    return good * 100 >= (good + bad) * 72 ? std::string(kUtf8) : guess_cjk_charset(bytes);
}

PreparedText prepare_text(std::string_view raw, std::string_view path, diag::DiagnosticSink& sink) {
    PreparedText result;
    result.unchanged = raw;
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(raw[i]); };
    if (raw.size() >= 3 && byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF) {
        result.unchanged = raw.substr(3);
        result.source = FileEncoding::Utf8Bom;
        return result;
    }
    std::string_view body = raw;
    if (raw.size() >= 2 && byte(0) == 0xFF && byte(1) == 0xFE) {
        result.source = FileEncoding::Utf16Le;
        body = raw.substr(2);
    } else if (raw.size() >= 2 && byte(0) == 0xFE && byte(1) == 0xFF) {
        result.source = FileEncoding::Utf16Be;
        body = raw.substr(2);
    } else {
        // No BOM: ASCII-heavy UTF-16 has a NUL in every other byte, on the odd positions
        // for little-endian and the even ones for big-endian. A file of NULs only is not
        // text at all and is left for the parser to reject.
        const std::size_t probe = std::min<std::size_t>(raw.size(), 4096) & ~std::size_t{1};
        std::size_t even = 0;
        std::size_t odd = 0;
        // Most files have no NUL at all; memchr finds that faster than the count.
        const bool has_nul = probe > 0 && std::memchr(raw.data(), '\0', probe) != nullptr;
        for (std::size_t i = 0; has_nul && i < probe; ++i) {
            if (raw[i] == '\0') ++((i % 2 == 0) ? even : odd);
        }
        const std::size_t half = probe / 2;
        if (half >= 2 && odd * 10 >= half * 3 && even * 20 < half)
            result.source = FileEncoding::Utf16Le;
        if (half >= 2 && even * 10 >= half * 3 && odd * 20 < half)
            result.source = FileEncoding::Utf16Be;
    }
    if (result.source == FileEncoding::Bytes) return result;
    const iconv_t cd =
        iconv_open("UTF-8", result.source == FileEncoding::Utf16Le ? "UTF-16LE" : "UTF-16BE");
    if (!is_open(cd)) return result;  // cannot happen with glibc; parse the bytes as they are
    auto [text, replaced] = convert(cd, body, 2);
    iconv_close(cd);
    if (replaced) {
        sink.warning(path, diag::SourceLocation{1, 1}, diag::Code::InvalidTextEncoding,
                     "UTF-16 file holds invalid sequences; replaced by U+FFFD");
    }
    result.converted = std::move(text);
    result.is_converted = true;
    return result;
}

TextDecoder::TextDecoder(std::string_view path, diag::DiagnosticSink& sink, std::string fallback)
    : path_(path), sink_(sink), fallback_(std::move(fallback)), current_(fallback_) {}

TextDecoder::~TextDecoder() {
    for (auto& [name, handle] : handles_) {
        if (is_open(to_handle(handle))) iconv_close(to_handle(handle));
    }
}

void TextDecoder::use_charset(std::string_view spelling, diag::SourceLocation where) {
    std::string name = iconv_charset_name(spelling);
    if (name.empty()) {
        current_ = fallback_;
        using_fallback_ = true;
        return;
    }
    if (name != kUtf8) {
        auto it = handles_.find(name);
        if (it == handles_.end()) {
            it = handles_.emplace(name, from_handle(iconv_open("UTF-8", name.c_str()))).first;
        }
        if (!is_open(to_handle(it->second))) {
            if (!warned_unknown_) {
                sink_.warning(path_, where, diag::Code::UnknownCharset,
                              "unknown charset '" + std::string(spelling) + "'; reading text as " +
                                  fallback_);
                warned_unknown_ = true;
            }
            current_ = fallback_;
            using_fallback_ = true;
            return;
        }
    }
    current_ = std::move(name);
    using_fallback_ = false;
}

std::string TextDecoder::decode(std::string_view bytes, diag::SourceLocation where) {
    if (current_ == kUtf8) return decode_utf8(bytes, where);
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    if (!ascii_unsafe(current_) && skip_ascii(p, 0, bytes.size()) == bytes.size()) {
        return std::string(bytes);
    }
    return decode_iconv(bytes, where);
}

std::string TextDecoder::decode_utf8(std::string_view bytes, diag::SourceLocation where) {
    if (is_valid_utf8(bytes)) return std::string(bytes);
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t n = bytes.size();
    std::string out;
    out.reserve(n + 8);
    std::size_t i = 0;
    while (i < n) {
        const std::size_t len = utf8_sequence(p + i, n - i);
        if (len > 0) {
            out.append(bytes.data() + i, len);
            i += len;
            continue;
        }
        // One U+FFFD per damaged character: the lead byte and the continuation bytes it
        // announced. Fox's files replace lost continuation bytes by '?', so a '?' there
        // counts as part of the damaged character rather than as a question mark.
        const std::size_t announced = announced_length(p[i]);
        std::size_t j = i + 1;
        while (j < n && j < i + std::max<std::size_t>(announced, 1) &&
               ((p[j] & 0xC0u) == 0x80u || p[j] == '?'))
            ++j;
        out.append(kReplacement);
        i = j;
    }
    report_invalid(where);
    return out;
}

std::string TextDecoder::decode_iconv(std::string_view bytes, diag::SourceLocation where) {
    auto it = handles_.find(current_);
    if (it == handles_.end() || !is_open(to_handle(it->second))) {
        // use_charset() opened every name it accepted, so only the fallback can be
        // missing here; open it on first use.
        it = handles_.emplace(current_, from_handle(iconv_open("UTF-8", current_.c_str()))).first;
        if (!is_open(to_handle(it->second))) return decode_utf8(bytes, where);
    }
    auto [text, replaced] = convert(to_handle(it->second), bytes);
    if (replaced) report_invalid(where);
    if (doubt_fallback_ && !warned_ambiguous_ && using_fallback_) {
        warned_ambiguous_ = true;
        report_ambiguous(bytes, where);
    }
    return std::move(text);
}

void TextDecoder::report_ambiguous(std::string_view bytes, diag::SourceLocation where) {
    // The value's first 40 bytes or so, cut after an ASCII byte: in bytes of Latin-1's shape
    // (could_be_latin1()) no character of either reading is cut there.
    std::size_t end = std::min<std::size_t>(bytes.size(), 40);
    while (end < bytes.size() && static_cast<unsigned char>(bytes[end - 1]) >= 0x80) ++end;
    const std::string_view shown = bytes.substr(0, end);
    const std::string more = end < bytes.size() ? "..." : "";
    std::string latin1;
    for (const char c : shown) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x80) {
            latin1 += c;
        } else {
            latin1 += static_cast<char>(0xC0 | (b >> 6));
            latin1 += static_cast<char>(0x80 | (b & 0x3F));
        }
    }
    const std::string cjk = convert(to_handle(handles_.at(current_)), shown).first;
    sink_.warning(path_, where, diag::Code::AmbiguousCharset,
                  "text read as " + current_ + ", the charset guessed (\"" + cjk + more +
                      "\"), could as well be ISO-8859-1 (\"" + latin1 + more +
                      "\"): CA[ISO-8859-1] in the file, or --charset ISO-8859-1 of compile "
                      "and check, reads it so (reported once per file)");
}

void TextDecoder::report_invalid(diag::SourceLocation where) {
    if (warned_invalid_) return;
    warned_invalid_ = true;
    sink_.warning(path_, where, diag::Code::InvalidTextEncoding,
                  "text is not valid " + current_ +
                      "; invalid sequences replaced by U+FFFD (reported once per file)");
}

}  // namespace josekic::sgf
