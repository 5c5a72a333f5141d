#pragma once

#include <map>
#include <string>
#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "core/sgf/utf8.hpp"

namespace josekic::sgf {

/// The iconv name for a charset as SGF files spell it in CA (or as given to --charset):
/// case, '-', '_', ' ' and '.' are ignored ("utf8", "ISO8859_1", "Shift_JIS", "SJIS" ...),
/// and legacy charsets map to the superset that glibc knows (GB2312/GBK -> GB18030,
/// Shift_JIS -> CP932, EUC-KR -> CP949). Returns the name itself upper-cased when it is not
/// in the table (iconv may still know it) and "" for an empty name.
std::string iconv_charset_name(std::string_view spelling);

/// How a whole file's bytes were stored before josekic turned them into the text the
/// parser reads.
enum class FileEncoding { Bytes, Utf8Bom, Utf16Le, Utf16Be };

/// A file's text ready for the parser: a UTF-8 BOM removed, UTF-16 (with a BOM, or
/// without one, recognised by its NUL bytes) converted to UTF-8 as a whole.
struct PreparedText {
    std::string converted;       ///< owns the text when it had to be converted
    std::string_view unchanged;  ///< the input's text (BOM stripped) when nothing was converted
    bool is_converted = false;
    FileEncoding source = FileEncoding::Bytes;

    /// What the parser reads. Computed on each call rather than stored, so that moving a
    /// PreparedText (whose short `converted` text may live inside the object) never leaves
    /// a view pointing at the old place.
    std::string_view text() const { return is_converted ? std::string_view(converted) : unchanged; }
};

/// Strips BOMs and converts UTF-16 files. A UTF-16 file with broken sequences gets U+FFFD
/// and one "invalid-text-encoding" warning.
PreparedText prepare_text(std::string_view raw, std::string_view path, diag::DiagnosticSink& sink);

/// The charset josekic assumes for a file (or game) without CA, from its bytes:
/// "UTF-8" when the bytes are UTF-8, and also when at least 72% of their non-ASCII bytes
/// form UTF-8 sequences or sit next to a '?' (Fox's files: UTF-8 with some bytes replaced
/// by '?');
/// otherwise the CJK charset the bytes read best in (guess_cjk_charset(): Shift_JIS,
/// EUC-KR, Big5), GB18030 unless another reads clearly better (old Chinese programs such
/// as MultiGo write GB2312 without CA).
std::string fallback_charset(std::string_view bytes);

/// Decodes text values of one file to UTF-8. Every invalid or truncated sequence becomes
/// U+FFFD; the first one in the file raises one "invalid-text-encoding" warning. An
/// unknown charset raises one "unknown-charset" warning and falls back to `fallback`.
class TextDecoder {
  public:
    /// `fallback` is the iconv name used when CA is absent or unknown (see
    /// fallback_charset()).
    TextDecoder(std::string_view path, diag::DiagnosticSink& sink, std::string fallback);
    ~TextDecoder();
    TextDecoder(const TextDecoder&) = delete;
    TextDecoder& operator=(const TextDecoder&) = delete;

    /// Selects the charset of the following values: a CA spelling (or "" for none).
    /// `where` locates the CA value for the unknown-charset warning.
    void use_charset(std::string_view spelling, diag::SourceLocation where);

    /// The iconv name now in use.
    const std::string& charset() const { return current_; }

    /// `bytes` in the current charset, as valid UTF-8.
    std::string decode(std::string_view bytes, diag::SourceLocation where);

    /// Says that the fallback, a CJK charset, is a guess the file's bytes could as well read
    /// in ISO-8859-1 (could_be_latin1()): the first value decoded in it with a byte beyond
    /// ASCII raises one "ambiguous-charset" warning showing both readings.
    void doubt_fallback() { doubt_fallback_ = true; }

    /// Which of the once-per-file warnings have been given.
    struct Warned {
        bool invalid = false;
        bool unknown = false;
        bool ambiguous = false;
    };
    Warned warned() const { return Warned{warned_invalid_, warned_unknown_, warned_ambiguous_}; }
    /// Goes back to an earlier warned(), when the text decoded since is to be read again
    /// (and its warnings given again).
    void rewind_warnings(Warned earlier) {
        warned_invalid_ = earlier.invalid;
        warned_unknown_ = earlier.unknown;
        warned_ambiguous_ = earlier.ambiguous;
    }

  private:
    std::string decode_utf8(std::string_view bytes, diag::SourceLocation where);
    std::string decode_iconv(std::string_view bytes, diag::SourceLocation where);
    void report_invalid(diag::SourceLocation where);
    void report_ambiguous(std::string_view bytes, diag::SourceLocation where);

    std::string_view path_;
    diag::DiagnosticSink& sink_;
    std::string fallback_;
    std::string current_;
    std::map<std::string, void*, std::less<>> handles_;  // iconv_t by name, opened once
    bool warned_invalid_ = false;
    bool warned_unknown_ = false;
    bool using_fallback_ = true;  // no CA, or one unknown: the guess is read
    bool doubt_fallback_ = false;
    bool warned_ambiguous_ = false;
};

}  // namespace josekic::sgf
