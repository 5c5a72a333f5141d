#include "core/input/decompressed_stream.hpp"

#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace josekic::input {

namespace {

constexpr std::size_t kBlockSize = 1 << 16;

}  // namespace

/// Decodes what it can of `in` into `out`, advancing both.
class DecompressedStream::Decoder {
  public:
    enum class Step {
        More,     ///< give it more input, or more room
        End,      ///< the stream ended (what follows it is not read)
        Damaged,  ///< damage() says why
    };
    virtual ~Decoder() = default;
    /// `input_ended`: no input follows `in`.
    virtual Step step(const char*& in, std::size_t& in_left, char*& out, std::size_t& out_left,
                      bool input_ended) = 0;
    virtual const char* name() const = 0;
    const std::string& damage() const { return damage_; }

  protected:
    std::string damage_;
};

namespace {

using Decoder = DecompressedStream::Decoder;

// zlib, for gzip: one member after another, as gzip writes concatenated files.
class GzipDecoder final : public Decoder {
  public:
    GzipDecoder() {
        // 15-bit window, +16: a gzip wrapper (header and CRC-32 trailer), not zlib's.
        ready_ = inflateInit2(&z_, 15 + 16) == Z_OK;
        if (!ready_) damage_ = "cannot start gzip decompression (out of memory)";
    }
    ~GzipDecoder() override {
        if (ready_) inflateEnd(&z_);
    }
    GzipDecoder(const GzipDecoder&) = delete;
    GzipDecoder& operator=(const GzipDecoder&) = delete;
    const char* name() const override { return "gzip"; }

    Step step(const char*& in, std::size_t& in_left, char*& out, std::size_t& out_left,
              bool input_ended) override {
        if (!ready_) return Step::Damaged;
        if (member_ended_) {
            if (in_left == 0) return input_ended ? Step::End : Step::More;
            // Another member, or bytes that are not one: ignored, as gzip ignores them.
            if (static_cast<unsigned char>(*in) != 0x1f) {
                in += in_left;
                in_left = 0;
                return Step::End;
            }
            inflateReset(&z_);
            member_ended_ = false;
        }
        // zlib counts in 32 bits: no more than that at once. Its next_in is not const in older
        // headers; it is only read.
        const auto given = static_cast<uInt>(std::min<std::size_t>(in_left, UINT32_MAX));
        const auto room = static_cast<uInt>(std::min<std::size_t>(out_left, UINT32_MAX));
        z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        z_.avail_in = given;
        z_.next_out = reinterpret_cast<Bytef*>(out);
        z_.avail_out = room;
        const int status = inflate(&z_, Z_NO_FLUSH);
        in += given - z_.avail_in;
        in_left -= given - z_.avail_in;
        out += room - z_.avail_out;
        out_left -= room - z_.avail_out;
        if (status == Z_STREAM_END) member_ended_ = true;
        if (status == Z_STREAM_END || status == Z_OK || status == Z_BUF_ERROR) return Step::More;
        damage_ = std::string("damaged gzip data: ") +
                  (z_.msg != nullptr ? z_.msg : "zlib error " + std::to_string(status));
        return Step::Damaged;
    }

  private:
    z_stream z_{};
    bool ready_ = false;
    bool member_ended_ = false;
};

// liblzma, for xz: concatenated streams and their padding, as xz reads them.
class XzDecoder final : public Decoder {
  public:
    XzDecoder() {
        // No limit: xz allows a dictionary of up to 1.5 GiB, which a valid file may declare,
        // and it costs what the data fills of it (the pages are touched as they are written);
        // what an entry may decompress to is bounded by the walk (WalkOptions).
        ready_ = lzma_stream_decoder(&z_, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
        if (!ready_) damage_ = "cannot start xz decompression (out of memory)";
    }
    ~XzDecoder() override { lzma_end(&z_); }
    XzDecoder(const XzDecoder&) = delete;
    XzDecoder& operator=(const XzDecoder&) = delete;
    const char* name() const override { return "xz"; }

    Step step(const char*& in, std::size_t& in_left, char*& out, std::size_t& out_left,
              bool input_ended) override {
        if (!ready_) return Step::Damaged;
        z_.next_in = reinterpret_cast<const std::uint8_t*>(in);
        z_.avail_in = in_left;
        z_.next_out = reinterpret_cast<std::uint8_t*>(out);
        z_.avail_out = out_left;
        const lzma_ret status = lzma_code(&z_, input_ended ? LZMA_FINISH : LZMA_RUN);
        in += in_left - z_.avail_in;
        in_left = z_.avail_in;
        out += out_left - z_.avail_out;
        out_left = z_.avail_out;
        switch (status) {
            case LZMA_OK:
            case LZMA_BUF_ERROR:  // no progress: the caller tells an early end
                return Step::More;
            case LZMA_STREAM_END:
                return Step::End;
            case LZMA_FORMAT_ERROR:
                damage_ = "damaged xz data: not in the xz format";
                return Step::Damaged;
            case LZMA_DATA_ERROR:
                damage_ = "damaged xz data: compressed data is corrupt";
                return Step::Damaged;
            default:
                damage_ = "damaged xz data: liblzma error " + std::to_string(status);
                return Step::Damaged;
        }
    }

  private:
    lzma_stream z_ = LZMA_STREAM_INIT;
    bool ready_ = false;
};

}  // namespace

DecompressedStream::DecompressedStream(Compression compression, std::vector<std::string> volumes,
                                       std::string_view bytes)
    : volumes_(std::move(volumes)), bytes_(bytes), output_(kBlockSize) {
    if (compression == Compression::Gzip)
        decoder_ = std::make_unique<GzipDecoder>();
    else
        decoder_ = std::make_unique<XzDecoder>();
    if (!volumes_.empty()) input_buffer_.resize(kBlockSize);
    pending_error_ = decoder_->damage();
}

DecompressedStream::~DecompressedStream() = default;

// More compressed bytes; false at the end of the input (or at a volume that cannot be read,
// whose reason is then pending).
bool DecompressedStream::refill() {
    if (volumes_.empty()) {
        if (bytes_given_ || bytes_.empty()) return false;
        bytes_given_ = true;
        input_ = bytes_.data();
        input_left_ = bytes_.size();
        fed_ += bytes_.size();
        return true;
    }
    for (;;) {
        if (volume_.is_open()) {
            volume_.read(input_buffer_.data(), static_cast<std::streamsize>(input_buffer_.size()));
            const auto got = static_cast<std::size_t>(volume_.gcount());
            if (volume_.bad()) {
                pending_error_ = volumes_[next_volume_ - 1] + ": " + std::strerror(errno);
                return false;
            }
            if (got > 0) {
                input_ = input_buffer_.data();
                input_left_ = got;
                fed_ += got;
                return true;
            }
            volume_.close();
        }
        if (next_volume_ == volumes_.size()) return false;
        const std::string& path = volumes_[next_volume_++];
        volume_.open(path, std::ios::binary);
        if (!volume_) {
            pending_error_ = path + ": cannot open: " + std::strerror(errno);
            return false;
        }
    }
}

bool DecompressedStream::next(std::span<const char>& out) {
    out = {};
    if (!error_.empty()) return false;
    if (!pending_error_.empty()) {
        error_ = pending_error_;
        return false;
    }
    if (finished_) return true;
    char* at = output_.data();
    std::size_t room = output_.size();
    while (room > 0 && pending_error_.empty() && !finished_) {
        if (input_left_ == 0 && !input_ended_ && !refill()) input_ended_ = true;
        if (!pending_error_.empty()) break;
        const std::size_t input_before = input_left_;
        const std::size_t room_before = room;
        const Decoder::Step step = decoder_->step(input_, input_left_, at, room, input_ended_);
        if (step == Decoder::Step::End) {
            finished_ = true;
        } else if (step == Decoder::Step::Damaged) {
            pending_error_ = decoder_->damage();
        } else if (input_left_ == input_before && room == room_before &&
                   (input_ended_ || input_left_ > 0)) {
            // Nothing decoded: the input ended inside the stream (or, never seen, a decoder
            // that would go round for ever).
            pending_error_ = std::string(input_ended_ ? "truncated " : "damaged ") +
                             decoder_->name() + (input_ended_ ? " input" : " data");
        }
    }
    out = std::span<const char>(output_.data(), output_.size() - room);
    if (!out.empty() || pending_error_.empty()) return true;
    error_ = pending_error_;
    return false;
}

}  // namespace josekic::input
