#include "emit/atomic_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/io/positioned_io.hpp"

namespace josekic::emit {
namespace {

// A file's writeback is started in steps of this many bytes (see AtomicFile::write).
constexpr std::uint64_t kWritebackBytes = std::uint64_t{8} << 20;

[[noreturn]] void fail(const std::filesystem::path& target, std::string_view what, int error) {
    throw std::runtime_error("cannot write " + target.string() + ": " + std::string(what) + ": " +
                             std::strerror(error));
}

// Writes all of `bytes` at `offset` in `fd` (the temporary file of `target`).
void write_all_at(int fd, const std::filesystem::path& target, std::string_view bytes,
                  std::uint64_t offset) {
    if (const int error = io::write_at(fd, offset, std::as_bytes(std::span(bytes))))
        fail(target, "write", error);
}

// Writes all of `bytes` to `fd` (a device or a pipe) where it stands.
void write_all(int fd, const std::filesystem::path& target, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(target, "write", n < 0 ? errno : EIO);
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Whether `path` is something other than a regular file or a directory that a write goes
// through rather than replaces: a character or block device (/dev/null), a pipe, a socket.
bool written_through(const std::filesystem::path& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

}  // namespace

std::filesystem::path file_written_for(const std::filesystem::path& target) {
    std::filesystem::path at = target;
    for (int hops = 0; hops < 40; ++hops) {  // the kernel's own limit
        std::error_code error;
        if (!std::filesystem::is_symlink(at, error)) return at;
        const std::filesystem::path link = std::filesystem::read_symlink(at, error);
        if (error) return at;
        at = link.is_absolute() ? link : at.parent_path() / link;
    }
    fail(target, "symbolic links", ELOOP);
}

namespace {

// The process's umask without changing it: umask(2) can only be read by setting it, which
// would race with other threads creating files. Linux reports it in /proc/self/status.
mode_t current_umask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0)
            return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
    }
    return 022;
}

// Temporary files being written, so that SIGINT or SIGTERM (Ctrl-C, a killed job) can
// remove them before the process dies: destructors do not run on a fatal signal. A signal
// handler may only touch lock-free atomics and fixed storage, hence fixed slots holding
// the paths themselves; a slot's state goes Free -> Filling (path being copied, invisible
// to the handler) -> Live (the handler may unlink it) -> Free.
enum SlotState : int {
    kFree,
    kFilling,
    kLive,
    // Of the directory only: a handler is removing it, or a set being swapped in claimed it
    // (DirectoryRemovedOnSignal::claim), which then no handler removes.
    kRemoving,
    kClaimed
};
constexpr std::size_t kSlots = 16;  // more than the writes that can be in flight at once
struct LiveTemporary {
    std::atomic<int> state{kFree};
    char path[PATH_MAX] = {};
};
std::array<LiveTemporary, kSlots> live_temporaries;
static_assert(std::atomic<int>::is_always_lock_free);

// Names being added right now to a directory a handler may clear: a temporary file between
// mkstemp and its registration, a rename into place (NameBeingAdded). The adding thread holds
// the signals back, but the others go on while one of them runs the handler: it waits for
// these to end, and none starts once it runs, so that no name escapes it (a file made in the
// directory after the handler read it would keep it from being removed).
std::atomic<int> names_being_added{0};
std::atomic<bool> handler_clearing{false};

// A directory being filled that a signal removes with the files in it (OutputSet's staging
// directory), in the same slot states as the temporaries.
LiveTemporary live_directory;
// Its ancestors up to this one are removed after it while they are empty ("" for none).
char live_directory_up_to[PATH_MAX];

// A signal that arrived while a set was being swapped in: raised once the swap is done.
std::atomic<int> deferring{0};
std::atomic<int> deferred_signal{0};

// Removes the ancestors of `path` (a buffer it shortens) from its parent up to `up_to`, while
// each is empty, with async-signal-safe calls only; none when `up_to` is empty.
void remove_empty_ancestors(char* path, const char* up_to) {
    if (up_to[0] == '\0') return;
    for (std::size_t length = std::strlen(path); length > 0;) {
        while (length > 0 && path[length - 1] != '/') --length;      // the last component
        while (length > 1 && path[length - 1] == '/') --length;      // its slashes
        if (length == 0 || (length == 1 && path[0] == '/')) return;  // none left, or the root
        path[length] = '\0';
        if (::rmdir(path) != 0 || std::strcmp(path, up_to) == 0) return;
    }
}

// Removes the files of the directory at `path` (it holds no subdirectories) and the
// directory, with async-signal-safe calls only.
void remove_flat_directory(const char* path) {
    const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        alignas(8) static char entries[8192];
        for (;;) {
            const long n = ::syscall(SYS_getdents64, fd, entries, sizeof entries);
            if (n <= 0) break;
            for (long at = 0; at < n;) {
                const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
                const char* name = entry->d_name;
                const bool dots =
                    name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
                if (!dots) ::unlinkat(fd, name, 0);
                at += entry->d_reclen;
            }
        }
        ::close(fd);
    }
    ::rmdir(path);
}

extern "C" void remove_temporaries_and_die(int signal_number) {
    // The thread it interrupted may be about to read errno; the paths that return make no
    // system call, but the handler keeps it whatever it comes to do.
    const int interrupted_errno = errno;
    if (deferring.load() > 0) {
        deferred_signal.store(signal_number);
        errno = interrupted_errno;
        return;
    }
    // The directory goes to the handler or to a set's swap, never both: a signal that another
    // thread takes while the main thread swaps the set in must not remove the new set. One
    // claimed before the handler looked waits for the swap, which raises it when done.
    int directory = kLive;
    const bool remove_directory =
        live_directory.state.compare_exchange_strong(directory, kRemoving);
    if (!remove_directory && directory == kClaimed) {
        deferred_signal.store(signal_number);
        errno = interrupted_errno;
        return;
    }
    // Adding a name takes microseconds; the bound only keeps a stuck thread from hanging us.
    handler_clearing.store(true);
    for (long spins = 0; names_being_added.load() > 0 && spins < 200'000'000L; ++spins) {
    }
    for (LiveTemporary& slot : live_temporaries) {
        if (slot.state.load() == kLive) ::unlink(slot.path);
    }
    if (remove_directory) {
        remove_flat_directory(live_directory.path);
        remove_empty_ancestors(live_directory.path, live_directory_up_to);
    }
    // Die of the same signal with its default action, so the parent sees what happened.
    ::signal(signal_number, SIG_DFL);
    ::raise(signal_number);
    // Only pending while this handler runs (the signal is blocked in it): the process dies of
    // it when the handler returns.
    errno = interrupted_errno;
}

// Installs the handler for SIGINT, SIGTERM and SIGHUP where the signal has its default
// action: a caller that ignores a signal (nohup) or handles it keeps it. Checked at every
// write (three cheap system calls next to an fsync), not once, so that a disposition reset
// to the default later (e.g. in a forked child) gets the handler again.
void install_signal_cleanup() {
    for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction current {};
        if (::sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler != SIG_DFL)
            continue;
        struct sigaction action {};
        action.sa_handler = remove_temporaries_and_die;
        ::sigemptyset(&action.sa_mask);
        ::sigaction(signal_number, &action, nullptr);
    }
}

// Returns the slot now holding `path`, or nullptr when the path is too long or every slot
// is taken (the file then just loses the signal cleanup, never the write).
LiveTemporary* register_temporary(const std::string& path) {
    if (path.size() >= PATH_MAX) return nullptr;
    for (LiveTemporary& slot : live_temporaries) {
        int expected = kFree;
        if (slot.state.compare_exchange_strong(expected, kFilling)) {
            std::memcpy(slot.path, path.c_str(), path.size() + 1);
            slot.state.store(kLive);
            return &slot;
        }
    }
    return nullptr;
}

// Holds SIGINT, SIGTERM and SIGHUP back in this thread while it lives, so that the file
// cannot be created and the process killed before its path is registered.
class SignalsHeld {
  public:
    SignalsHeld() {
        sigset_t held;
        ::sigemptyset(&held);
        for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) ::sigaddset(&held, signal_number);
        ::pthread_sigmask(SIG_BLOCK, &held, &previous_);
    }
    ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

  private:
    sigset_t previous_;
};

// While it lives, this thread may add a name to a directory that a signal's handler clears:
// the handler (on another thread) waits for it to end. Once a handler is clearing, the thread
// adds nothing more and waits to die of the signal with the rest of the process.
class NameBeingAdded {
  public:
    NameBeingAdded() {
        names_being_added.fetch_add(1);
        if (handler_clearing.load()) {
            names_being_added.fetch_sub(1);
            for (;;) ::pause();
        }
    }
    ~NameBeingAdded() { names_being_added.fetch_sub(1); }
    NameBeingAdded(const NameBeingAdded&) = delete;
    NameBeingAdded& operator=(const NameBeingAdded&) = delete;

  private:
    const SignalsHeld held_;  // first made, last undone: no handler on this thread meanwhile
};

}  // namespace

// Removes the temporary file unless it was renamed into place, so that no failure path
// (including an exception thrown further down, or SIGINT/SIGTERM) leaves debris next to
// the target.
class AtomicFile::Temporary {
  public:
    explicit Temporary(const std::filesystem::path& target) {
        const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
        std::string pattern = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        install_signal_cleanup();
        int create_error = 0;
        {
            const NameBeingAdded adding;
            fd_ = ::mkstemp(name.data());
            create_error = errno;
            if (fd_ >= 0) {
                path_ = name.data();
                slot_ = register_temporary(path_);
            }
        }
        if (fd_ < 0)
            fail(target, "cannot create a temporary file in " + dir.string(), create_error);
    }
    Temporary(const Temporary&) = delete;
    Temporary& operator=(const Temporary&) = delete;
    // A signal between the unlink (or the rename) and the release makes the handler
    // unlink a name that no longer exists, which is harmless.
    ~Temporary() {
        if (fd_ >= 0) ::close(fd_);
        if (!committed_) ::unlink(path_.c_str());
        if (slot_ != nullptr) slot_->state.store(kFree);
    }

    int fd() const { return fd_; }
    const std::string& path() const { return path_; }
    /// Closes the descriptor, reporting the error close() may deliver (NFS, quotas).
    int close() {
        const int rc = ::close(fd_);
        fd_ = -1;
        return rc;
    }
    void committed() { committed_ = true; }

  private:
    int fd_ = -1;
    std::string path_;
    bool committed_ = false;
    LiveTemporary* slot_ = nullptr;
};

AtomicFile::AtomicFile(const std::filesystem::path& target) : target_(target) {
    // The kernel follows the links here (/dev/stdout's /proc/self/fd/1 too, whose target is
    // no path).
    if (written_through(target_)) {
        // Renaming a file over a device or a pipe would put a regular file in its place (as
        // root, over /dev/null): its bytes go to it, in order, as to a shell's >.
        direct_fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
        if (direct_fd_ < 0) fail(target_, "open", errno);
        return;
    }
    destination_ = file_written_for(target_);
    temporary_ = std::make_unique<Temporary>(destination_);
    // mkstemp creates the file 0600; a dictionary is an ordinary document, so give it the
    // permissions a plain open() would (0666 minus the umask).
    const mode_t mask = current_umask();
    if (::fchmod(temporary_->fd(), static_cast<mode_t>(0666 & ~mask)) != 0)
        fail(target_, "chmod", errno);
}

AtomicFile::~AtomicFile() {
    if (direct_fd_ >= 0) ::close(direct_fd_);
}

void AtomicFile::write(std::string_view bytes) {
    if (direct_fd_ >= 0) {
        write_all(direct_fd_, target_, bytes);
        size_ += bytes.size();
        return;
    }
    write_all_at(temporary_->fd(), target_, bytes, size_);
    size_ += bytes.size();
    // Start the disk writes of what is complete while the rest is still being formatted,
    // so that the fsync of commit() waits for the tail only. Advice, not a guarantee:
    // durability still comes from fsync before the rename, which reports any error.
    if (size_ - writeback_started_ >= kWritebackBytes) {
        ::sync_file_range(temporary_->fd(), static_cast<off_t>(writeback_started_),
                          static_cast<off_t>(size_ - writeback_started_), SYNC_FILE_RANGE_WRITE);
        writeback_started_ = size_;
    }
}

void AtomicFile::write_at(std::uint64_t offset, std::string_view bytes) {
    if (direct_fd_ >= 0) refuse_out_of_order();
    if (offset > size_ || bytes.size() > size_ - offset)
        throw std::logic_error("AtomicFile::write_at past the bytes written");
    write_all_at(temporary_->fd(), target_, bytes, offset);
}

void AtomicFile::write_ahead(std::uint64_t offset, std::string_view bytes) {
    if (direct_fd_ >= 0) refuse_out_of_order();
    if (offset < size_) throw std::logic_error("AtomicFile::write_ahead before the end");
    write_all_at(temporary_->fd(), target_, bytes, offset);
}

void AtomicFile::skip_to(std::uint64_t offset) {
    if (direct_fd_ >= 0) refuse_out_of_order();
    if (offset < size_) throw std::logic_error("AtomicFile::skip_to before the end");
    size_ = offset;
}

void AtomicFile::refuse_out_of_order() const {
    throw std::runtime_error("cannot write " + target_.string() +
                             ": it is a device or a pipe, which takes its bytes in order; name "
                             "a file");
}

void AtomicFile::commit() {
    if (direct_fd_ >= 0) {
        const int rc = ::close(direct_fd_);
        direct_fd_ = -1;
        if (rc != 0) fail(target_, "close", errno);
        return;
    }
    if (::fsync(temporary_->fd()) != 0) fail(target_, "fsync", errno);
    if (temporary_->close() != 0) fail(target_, "close", errno);
    int rename_error = 0;
    {
        const NameBeingAdded adding;
        if (::rename(temporary_->path().c_str(), destination_.c_str()) != 0) rename_error = errno;
    }
    if (rename_error != 0) fail(target_, "rename", rename_error);
    temporary_->committed();

    // Make the rename itself durable; a failure here cannot lose the new contents any more,
    // so it is not worth failing the whole run over.
    const std::filesystem::path dir =
        destination_.has_parent_path() ? destination_.parent_path() : ".";
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dir_fd >= 0) {
        ::fsync(dir_fd);
        ::close(dir_fd);
    }
}

int open_unnamed_file(const std::filesystem::path& directory) {
    const int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
    std::string path = (directory / ".josekic-scratch-XXXXXX").string();
    const NameBeingAdded adding;
    const int named = ::mkostemp(path.data(), O_CLOEXEC);
    if (named >= 0) ::unlink(path.c_str());
    return named;
}

void write_file_atomically(const std::filesystem::path& target, std::string_view contents) {
    AtomicFile file(target);
    file.write(contents);
    file.commit();
}

DirectoryRemovedOnSignal::DirectoryRemovedOnSignal(const std::filesystem::path& dir,
                                                   const std::filesystem::path& up_to) {
    const std::string path = dir.string();
    const std::string ancestor = up_to.string();
    if (path.size() >= PATH_MAX || ancestor.size() >= PATH_MAX) return;
    install_signal_cleanup();
    int expected = kFree;
    if (!live_directory.state.compare_exchange_strong(expected, kFilling)) return;
    std::memcpy(live_directory.path, path.c_str(), path.size() + 1);
    std::memcpy(live_directory_up_to, ancestor.c_str(), ancestor.size() + 1);
    live_directory.state.store(kLive);
    registered_ = true;
}

DirectoryRemovedOnSignal::~DirectoryRemovedOnSignal() {
    release();
}

void DirectoryRemovedOnSignal::claim() {
    if (!registered_) return;
    int expected = kLive;
    if (live_directory.state.compare_exchange_strong(expected, kClaimed)) return;
    // A handler on another thread is removing it: the process is dying of that signal.
    for (;;) ::pause();
}

void DirectoryRemovedOnSignal::release() {
    if (registered_) live_directory.state.store(kFree);
    registered_ = false;
}

SignalsDeferred::SignalsDeferred() {
    install_signal_cleanup();
    deferring.fetch_add(1);
}

SignalsDeferred::~SignalsDeferred() {
    if (deferring.fetch_sub(1) == 1) {
        if (const int signal_number = deferred_signal.exchange(0); signal_number != 0) {
            remove_temporaries_and_die(signal_number);
        }
    }
}

}  // namespace josekic::emit
