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

/// The number of leading bytes guess_cjk_charset() looks at: a collection's first games
/// say which charset its text is in.
inline constexpr std::size_t kCjkProbeBytes = 64 * 1024;

}  // namespace josekic::sgf
