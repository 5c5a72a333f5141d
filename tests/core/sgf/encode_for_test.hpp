#pragma once

#include <iconv.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace josekic::sgf::test {

/// `utf8` encoded to `charset` with glibc's iconv, so that tests produce their own
/// legacy-charset bytes.
inline std::string encode(std::string_view utf8, const char* charset) {
    iconv_t cd = iconv_open(charset, "UTF-8");
    if (cd == reinterpret_cast<iconv_t>(-1))
        throw std::runtime_error(std::string("no iconv for ") + charset);
    std::string out(utf8.size() * 4 + 16, '\0');
    char* in = const_cast<char*>(utf8.data());
    std::size_t in_left = utf8.size();
    char* o = out.data();
    std::size_t o_left = out.size();
    if (iconv(cd, &in, &in_left, &o, &o_left) == static_cast<std::size_t>(-1)) {
        iconv_close(cd);
        throw std::runtime_error(std::string("cannot encode to ") + charset);
    }
    iconv(cd, nullptr, nullptr, &o, &o_left);
    iconv_close(cd);
    out.resize(out.size() - o_left);
    return out;
}

}  // namespace josekic::sgf::test
