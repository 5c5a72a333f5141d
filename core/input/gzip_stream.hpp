#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace josekic::input {

/// The decompressed bytes of a gzip stream (one member, or several as gzip writes them
/// concatenated), read here rather than by libarchive's gzip filter: that filter drops the
/// block it was filling when the input ends early, so that a truncated .tar.gz lost its
/// complete entries along with the cut one (every entry, in a small archive). Here every
/// byte that decompresses is handed out before the error.
class GzipStream {
  public:
    /// Whether `bytes` (a file's first bytes) begin as a gzip stream does.
    static bool starts_gzip(std::string_view bytes);

    /// The stream in `volumes`, files read one after the other (a split archive), or in
    /// `bytes` when `volumes` is empty.
    GzipStream(std::vector<std::string> volumes, std::string_view bytes);
    ~GzipStream();
    GzipStream(const GzipStream&) = delete;
    GzipStream& operator=(const GzipStream&) = delete;

    /// The next decompressed bytes in `out` (valid until the next call); empty at the
    /// stream's end. False, with error() set, when the input is damaged or ends inside a
    /// member; every byte before the damage has been handed out by then.
    bool next(std::span<const char>& out);
    const std::string& error() const { return error_; }
    /// Compressed bytes decompressed so far (what a progress line counts as read).
    std::uint64_t compressed_bytes_read() const;

  private:
    bool refill();

    struct Inflater;
    std::unique_ptr<Inflater> inflater_;
    std::vector<std::string> volumes_;
    std::size_t next_volume_ = 0;
    std::ifstream volume_;
    std::string_view bytes_;
    bool bytes_given_ = false;
    std::vector<char> input_;
    std::vector<char> output_;
    std::uint64_t fed_ = 0;      ///< compressed bytes given to zlib
    bool member_open_ = true;    ///< inside a gzip member: its end is still to come
    bool finished_ = false;      ///< the last member ended
    std::string pending_error_;  ///< met while filling the bytes handed out before it
    std::string error_;
};

}  // namespace josekic::input
