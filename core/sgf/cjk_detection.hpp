#pragma once

#include <string>
#include <string_view>

namespace josekic::sgf {

/// The legacy CJK charset that `bytes` (not UTF-8) are most likely in, as an iconv name:
/// "CP932" (Shift_JIS), "CP949" (EUC-KR), "BIG5" or "GB18030". Each is tried on the
/// file's first kCjkProbeBytes; the bytes of one such charset mostly decode cleanly in the
/// others too, so what decides is the text each gives: Japanese kana in Shift_JIS, and the
/// most frequent characters of Korean, traditional and simplified Chinese text (with those
/// of Go records: players' family names, ranks, results) in the other three, each
/// undecodable byte counting against its charset. GB18030, josekic's default for files
/// without CA, is kept unless another charset clearly reads better (short texts such as a
/// pair of names rarely hold enough evidence to move away from it).
std::string guess_cjk_charset(std::string_view bytes);

/// Whether `bytes` (not UTF-8) may as well be ISO-8859-1, the SGF standard's default, as the
/// CJK charset guess_cjk_charset() reads them in: no CJK charset reads a single one of its
/// frequent characters, and every non-ASCII byte is a Latin-1 letter (0xC0-0xFF but × and ÷)
/// standing alone beside an ASCII letter, as in "Jörg Müller". The bytes cannot tell: GBK
/// writes many traditional characters as such a byte and an ASCII letter ("趙鵬" reads
/// "Úwùi"), so the CJK reading is kept and a warning offers the other (TextDecoder).
bool could_be_latin1(std::string_view bytes);

/// The number of leading bytes guess_cjk_charset() looks at: a collection's first games
/// say which charset its text is in.
inline constexpr std::size_t kCjkProbeBytes = 64 * 1024;

}  // namespace josekic::sgf
