#include "core/input/gzip_stream.hpp"

#include <zlib.h>

#include <cstring>

namespace josekic::input {

namespace {

constexpr std::size_t kBlockSize = 1 << 16;
// 15-bit window, +16: a gzip wrapper (header and CRC-32 trailer), not zlib's.
constexpr int kGzipWindowBits = 15 + 16;

}  // namespace

struct GzipStream::Inflater {
    z_stream z{};
    bool ready = false;
};

bool GzipStream::starts_gzip(std::string_view bytes) {
    return bytes.size() >= 3 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b && bytes[2] == 8;  // deflate
}

GzipStream::GzipStream(std::vector<std::string> volumes, std::string_view bytes)
    : inflater_(std::make_unique<Inflater>()),
      volumes_(std::move(volumes)),
      bytes_(bytes),
      output_(kBlockSize) {
    if (!volumes_.empty()) input_.resize(kBlockSize);
    inflater_->ready = inflateInit2(&inflater_->z, kGzipWindowBits) == Z_OK;
    if (!inflater_->ready) pending_error_ = "cannot start gzip decompression (out of memory)";
}

GzipStream::~GzipStream() {
    if (inflater_->ready) inflateEnd(&inflater_->z);
}

std::uint64_t GzipStream::compressed_bytes_read() const {
    return fed_ - inflater_->z.avail_in;
}

// More compressed bytes for zlib; false at the end of the input (or a volume that cannot
// be read, whose reason is then pending).
bool GzipStream::refill() {
    z_stream& z = inflater_->z;
    if (volumes_.empty()) {
        if (bytes_given_ || bytes_.empty()) return false;
        bytes_given_ = true;
        // zlib's next_in is not const in older headers; it is only read.
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes_.data()));
        z.avail_in = static_cast<uInt>(bytes_.size());
        fed_ += bytes_.size();
        return true;
    }
    for (;;) {
        if (volume_.is_open()) {
            volume_.read(input_.data(), static_cast<std::streamsize>(input_.size()));
            const auto got = static_cast<std::size_t>(volume_.gcount());
            if (volume_.bad()) {
                pending_error_ = volumes_[next_volume_ - 1] + ": " + std::strerror(errno);
                return false;
            }
            if (got > 0) {
                z.next_in = reinterpret_cast<Bytef*>(input_.data());
                z.avail_in = static_cast<uInt>(got);
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

bool GzipStream::next(std::span<const char>& out) {
    out = {};
    if (!pending_error_.empty() && error_.empty()) {
        error_ = pending_error_;
        return false;
    }
    if (!error_.empty()) return false;
    if (finished_) return true;
    z_stream& z = inflater_->z;
    z.next_out = reinterpret_cast<Bytef*>(output_.data());
    z.avail_out = static_cast<uInt>(output_.size());
    while (z.avail_out > 0 && pending_error_.empty()) {
        if (z.avail_in == 0 && !refill()) {
            if (pending_error_.empty()) {
                if (member_open_)
                    pending_error_ = "truncated gzip input";
                else
                    finished_ = true;
            }
            break;
        }
        const int status = inflate(&z, Z_NO_FLUSH);
        if (status == Z_STREAM_END) {
            member_open_ = false;
            // Another member may follow (gzip writes concatenated files so); other bytes
            // after the last member are ignored, as gzip ignores them.
            if (z.avail_in == 0 && !refill()) {
                finished_ = pending_error_.empty();
                break;
            }
            if (static_cast<unsigned char>(*z.next_in) != 0x1f) {
                finished_ = true;
                z.avail_in = 0;
                break;
            }
            inflateReset(&z);
            member_open_ = true;
        } else if (status != Z_OK && status != Z_BUF_ERROR) {
            pending_error_ = std::string("damaged gzip data: ") +
                             (z.msg != nullptr ? z.msg : "zlib error " + std::to_string(status));
        }
    }
    out = std::span<const char>(output_.data(), output_.size() - z.avail_out);
    if (!out.empty() || pending_error_.empty()) return true;
    error_ = pending_error_;
    return false;
}

}  // namespace josekic::input
