#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/input/file_kinds.hpp"

namespace josekic::input {

/// The decompressed bytes of a gzip or xz stream (.tar.gz, .tar.xz, .sgf.gz, ...), read here
/// rather than by libarchive's filters: a filter drops the block it was filling when its
/// input ends early, so that a cut archive lost its complete entries along with the cut one
/// (every entry, in a small archive; a megabyte's worth of games in a large .tar.xz). Here
/// every byte that decompresses is handed out before the error.
class DecompressedStream {
  public:
    /// Whether a stream of `compression` is read here (gzip, xz); libarchive reads the others.
    static bool decodes(Compression compression) {
        return compression == Compression::Gzip || compression == Compression::Xz;
    }

    /// The stream (of a compression decodes() takes) in `volumes`, files read one after the
    /// other (a split archive), or in `bytes` when `volumes` is empty.
    DecompressedStream(Compression compression, std::vector<std::string> volumes,
                       std::string_view bytes);
    ~DecompressedStream();
    DecompressedStream(const DecompressedStream&) = delete;
    DecompressedStream& operator=(const DecompressedStream&) = delete;

    /// The next decompressed bytes in `out` (valid until the next call); empty at the
    /// stream's end. False, with error() set, when the input is damaged or ends inside the
    /// stream; every byte before the damage has been handed out by then.
    bool next(std::span<const char>& out);
    const std::string& error() const { return error_; }
    /// Compressed bytes decompressed so far (what a progress line counts as read).
    std::uint64_t compressed_bytes_read() const { return fed_ - input_left_; }

    /// One codec's decoder (decompressed_stream.cpp).
    class Decoder;

  private:
    bool refill();

    std::unique_ptr<Decoder> decoder_;
    std::vector<std::string> volumes_;
    std::size_t next_volume_ = 0;
    std::ifstream volume_;
    std::string_view bytes_;
    bool bytes_given_ = false;
    std::vector<char> input_buffer_;
    std::vector<char> output_;
    const char* input_ = nullptr;  ///< compressed bytes not yet decoded
    std::size_t input_left_ = 0;
    bool input_ended_ = false;
    std::uint64_t fed_ = 0;      ///< compressed bytes read from the source
    bool finished_ = false;      ///< the stream ended
    std::string pending_error_;  ///< met while filling the bytes handed out before it
    std::string error_;
};

}  // namespace josekic::input
