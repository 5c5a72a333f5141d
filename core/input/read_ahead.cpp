#include "core/input/read_ahead.hpp"

#include <fcntl.h>
#include <unistd.h>

namespace josekic::input {

void ReadAhead::start(std::size_t position, int dir_fd, const char* name) {
    const int fd = ::openat(dir_fd, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    // The advice starts the reading and returns at once.
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
    open_.push_back(Opened{position, fd});
}

int ReadAhead::take(std::size_t position) {
    // Positions are taken in increasing order; anything before `position` was skipped.
    while (!open_.empty() && open_.front().position < position) {
        ::close(open_.front().fd);
        open_.pop_front();
    }
    if (open_.empty() || open_.front().position != position) return -1;
    const int fd = open_.front().fd;
    open_.pop_front();
    return fd;
}

void ReadAhead::drop_all() {
    for (const Opened& o : open_) ::close(o.fd);
    open_.clear();
}

}  // namespace josekic::input
