#pragma once

// Generators of hostile inputs for the reliability tests: nothing large is stored in the
// repository, every input is made on the fly.

#include <archive.h>
#include <archive_entry.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace josekic::testing {

/// A small, legal 19x19 game of two moves; distinct n below 361 * 360 give distinct games.
inline std::string tiny_game(unsigned n) {
    const auto point = [](unsigned index) {
        std::string p(2, 'a');
        p[0] = static_cast<char>('a' + index % 19);
        p[1] = static_cast<char>('a' + index / 19);
        return p;
    };
    const unsigned first = n % 361;
    const unsigned second = (first + 1 + (n / 361) % 360) % 361;
    return "(;GM[1]FF[4]SZ[19];B[" + point(first) + "];W[" + point(second) + "])";
}

/// A good, ordinary game (every reliability case mixes good games with bad input).
inline std::string good_game(std::string_view black = "Good Black") {
    return "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[" + std::string(black) +
           "]PW[Good White]RE[B+R];B[pd];W[dp];B[pq];W[dd];B[qk];W[nc];B[pf];W[pb])";
}

/// A game tree nested `depth` levels deep: every move a one-variation subtree "(;B[..]".
inline std::string deeply_nested(std::size_t depth) {
    std::string text = "(;GM[1]FF[4]SZ[19]";
    text.reserve(depth * 8 + 32);
    for (std::size_t i = 0; i < depth; ++i) {
        const unsigned index = static_cast<unsigned>(i % 361);
        text += (i % 2 == 0) ? "(;B[" : "(;W[";
        text += static_cast<char>('a' + index % 19);
        text += static_cast<char>('a' + index / 19);
        text += ']';
    }
    text.append(depth + 1, ')');
    return text;
}

/// A gzip member (RFC 1952) holding `data`, made by libarchive's gzip filter over its raw
/// format (the tests link libarchive already; zlib's headers may be absent).
inline std::string gzip_member(std::string_view data) {
    std::string out(data.size() / 100 + 4096, '\0');
    std::size_t used = 0;
    archive* writer = archive_write_new();
    archive_write_add_filter_gzip(writer);
    archive_write_set_filter_option(writer, "gzip", "compression-level", "9");
    archive_write_set_format_raw(writer);
    archive_write_set_bytes_in_last_block(writer, 1);  // no padding after the gzip stream
    if (archive_write_open_memory(writer, out.data(), out.size(), &used) != ARCHIVE_OK) {
        archive_write_free(writer);
        throw std::runtime_error("gzip_member: cannot open the writer");
    }
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, "data");
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_size(entry, static_cast<la_int64_t>(data.size()));
    archive_write_header(writer, entry);
    archive_write_data(writer, data.data(), data.size());
    archive_entry_free(entry);
    const int closed = archive_write_close(writer);
    archive_write_free(writer);
    if (closed != ARCHIVE_OK) throw std::runtime_error("gzip_member: output buffer too small");
    out.resize(used);
    return out;
}

/// One 512-byte ustar header for a regular file `name` of `size` bytes.
inline std::string tar_header(std::string_view name, std::uint64_t size) {
    std::string header(512, '\0');
    header.replace(0, name.size(), name);
    const auto octal = [&](std::size_t offset, std::size_t width, std::uint64_t value) {
        std::string digits(width - 1, '0');
        for (std::size_t i = width - 1; i-- > 0; value >>= 3)
            digits[i] = static_cast<char>('0' + (value & 7));
        header.replace(offset, width - 1, digits);
    };
    octal(100, 8, 0644);
    octal(108, 8, 0);
    octal(116, 8, 0);
    octal(124, 12, size);
    octal(136, 12, 0);
    header[156] = '0';
    header.replace(257, 6, std::string("ustar\0", 6));
    header.replace(263, 2, "00");
    header.replace(148, 8, "        ");
    unsigned sum = 0;
    for (const char c : header) sum += static_cast<unsigned char>(c);
    std::string checksum(6, '0');
    for (std::size_t i = 6; i-- > 0; sum >>= 3) checksum[i] = static_cast<char>('0' + (sum & 7));
    header.replace(148, 7, checksum + '\0');
    return header;
}

/// A .tar.gz decompression bomb: the entry `bomb.sgf` of `mib` MiB of zeros, followed by a
/// good game `after.sgf`. It is a chain of gzip members (each MiB of zeros compresses to
/// about 1 KiB and is written once, then repeated), so it is made in milliseconds and is
/// about mib KiB on disk.
inline std::string tar_gz_bomb(unsigned mib) {
    const std::string zeros(std::size_t{1} << 20, '\0');
    const std::string zero_member = gzip_member(zeros);
    std::string bytes = gzip_member(tar_header("bomb.sgf", std::uint64_t{mib} << 20));
    for (unsigned i = 0; i < mib; ++i) bytes += zero_member;
    const std::string game = good_game("After The Bomb");
    std::string tail = tar_header("after.sgf", game.size()) + game;
    tail.append((512 - game.size() % 512) % 512, '\0');
    tail.append(1024, '\0');  // end of archive
    bytes += gzip_member(tail);
    return bytes;
}

}  // namespace josekic::testing
