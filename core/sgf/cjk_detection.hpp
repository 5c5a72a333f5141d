#pragma once

#include <string>
#include <string_view>

namespace josekic::sgf {

/// The legacy charset that `bytes` (not UTF-8) are most likely in, as an iconv name:
/// "CP932" (Shift_JIS), "CP949" (EUC-KR), "BIG5", "GB18030", or "ISO-8859-1" (below). Each
/// CJK charset is tried on the
/// file's first kCjkProbeBytes; the bytes of one such charset mostly decode cleanly in the
/// others too, so what decides is the text each gives: Japanese kana in Shift_JIS, and the
/// most frequent characters of Korean, traditional and simplified Chinese text (with those
/// of Go records: players' family names, ranks, results) in the other three, each
/// undecodable byte counting against its charset. GB18030, josekic's default for files
/// without CA, is kept unless another charset clearly reads better (short texts such as a
/// pair of names rarely hold enough evidence to move away from it).
///
/// ISO-8859-1, the SGF standard's default, when no CJK charset reads a single piece of
/// evidence and every non-ASCII byte is a Latin-1 letter (0xC0-0xFF but for × and ÷) standing
/// alone beside an ASCII letter, as in "Jörg Müller" or "Frédéric": CJK text has runs of two
/// non-ASCII bytes or more, or bytes below 0xC0, and European names in GB18030 read as
/// strings of rare characters ("Fr閐閞ic").
std::string guess_legacy_charset(std::string_view bytes);

/// The number of leading bytes guess_legacy_charset() looks at: a collection's first games
/// say which charset its text is in.
inline constexpr std::size_t kCjkProbeBytes = 64 * 1024;

}  // namespace josekic::sgf
