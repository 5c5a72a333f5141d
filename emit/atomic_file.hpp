#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string_view>

namespace josekic::emit {

/// Writes `contents` to `target` so that readers see either the old file or the complete
/// new one, never a half-written file: the bytes go to a temporary file in the target's
/// directory (".<name>.tmp-XXXXXX"), are flushed to disk with fsync, and the temporary is
/// renamed over `target`. On any failure (directory missing, disk full, file too large,
/// target is a directory, ...) the temporary file is removed and std::runtime_error is
/// thrown with a message naming `target` and the system's error text. If SIGINT, SIGTERM or
/// SIGHUP arrives while a temporary file exists, a handler (installed on first use, only
/// for signals still at their default action) removes it and the process then dies of the
/// signal as it would have: the target keeps its old contents and no temporary is left.
void write_file_atomically(const std::filesystem::path& target, std::string_view contents);

/// The same guarantees for a file written in pieces, so that its contents never have to
/// be in memory at once: the constructor creates the temporary file (".<name>.tmp-XXXXXX"
/// in the target's directory), write() appends to it, commit() flushes it to disk, renames
/// it over `target` and makes the rename durable. Until commit() succeeds the target keeps
/// its old contents; destroying an uncommitted AtomicFile (an exception, a failed write)
/// removes the temporary, and so does SIGINT/SIGTERM/SIGHUP as for write_file_atomically.
/// Every failure throws std::runtime_error naming `target` and the system's error text.
/// A `target` that is a symbolic link is followed: the file it names gets the new contents
/// and the link stays. One that is a device or a pipe (/dev/null, /dev/stdout, a FIFO) is
/// written through, in order (write() only), never replaced by a file.
class AtomicFile {
  public:
    explicit AtomicFile(const std::filesystem::path& target);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Appends `bytes` to the temporary file (unbuffered: callers hand over large pieces).
    void write(std::string_view bytes);
    /// Overwrites bytes already written, from `offset` on (a header filled in last).
    void write_at(std::uint64_t offset, std::string_view bytes);
    /// Writes bytes at `offset`, at or past the end of what is written so far: a later part
    /// of the file made beside the part before it. write() must fill the gap up to where
    /// they begin, and skip_to() then moves the end past them.
    void write_ahead(std::uint64_t offset, std::string_view bytes);
    /// Moves the end of what is written to `offset`, past bytes put there by write_ahead().
    void skip_to(std::uint64_t offset);
    /// fsync, close, rename over the target, fsync of the directory. Call once.
    void commit();
    /// Bytes written so far.
    std::uint64_t size() const { return size_; }
    /// The file this one replaces when committed.
    const std::filesystem::path& target() const { return target_; }

  private:
    class Temporary;
    [[noreturn]] void refuse_out_of_order() const;
    std::filesystem::path target_;
    std::filesystem::path destination_;  // target_, its symbolic links followed
    std::unique_ptr<Temporary> temporary_;
    int direct_fd_ = -1;  // a device or a pipe, written in order, never replaced
    std::uint64_t size_ = 0;
    std::uint64_t writeback_started_ = 0;  // bytes [0, this) handed to the kernel's writeback
};

/// A new file in `directory` that has no name (gone when closed, even after a crash), for
/// scratch data beside the files being written: O_TMPFILE where the file system has it, else
/// a named one unlinked at once (made as AtomicFile makes its temporaries, so that a signal's
/// cleanup of the directory never finds it there). -1 and errno when none can be made.
int open_unnamed_file(const std::filesystem::path& directory);

/// The file a write of `target` (AtomicFile, write_file_atomically) replaces: `target`, or
/// where it is a symbolic link, the file its links lead to, which need not exist yet (as a
/// shell's > follows them). Throws std::runtime_error for a loop of links.
std::filesystem::path file_written_for(const std::filesystem::path& target);

/// While it lives, SIGINT, SIGTERM or SIGHUP (at their default action, as for AtomicFile)
/// remove the directory `dir` and the files in it before the process dies of the signal:
/// a set of files being written (OutputSet's staging directory) leaves nothing behind. Then
/// its ancestors up to `up_to` (a parent of `dir`, or empty for none) are removed too, each
/// while it is empty: the directories a first compile into a new DIR made. One directory at
/// a time; a second guard while one lives registers nothing. The directory must hold files
/// only.
class DirectoryRemovedOnSignal {
  public:
    explicit DirectoryRemovedOnSignal(const std::filesystem::path& dir,
                                      const std::filesystem::path& up_to = {});
    ~DirectoryRemovedOnSignal();
    DirectoryRemovedOnSignal(const DirectoryRemovedOnSignal&) = delete;
    DirectoryRemovedOnSignal& operator=(const DirectoryRemovedOnSignal&) = delete;
    /// Takes the directory from the signal handlers, under SignalsDeferred, before it becomes
    /// what readers see: a signal taken on another thread meanwhile then waits for the guard
    /// to end, as on this one. Never returns when such a handler is removing the directory
    /// already: the process is then dying of that signal.
    void claim();
    /// From now on a signal leaves the directory alone.
    void release();

  private:
    bool registered_ = false;
};

/// While it lives, SIGINT, SIGTERM and SIGHUP (where josekic handles them) wait: a signal
/// arriving meanwhile, on any thread, takes effect when the last guard ends. For the few
/// renames that swap a set of files in, which must not stop halfway.
class SignalsDeferred {
  public:
    SignalsDeferred();
    ~SignalsDeferred();
    SignalsDeferred(const SignalsDeferred&) = delete;
    SignalsDeferred& operator=(const SignalsDeferred&) = delete;
};

}  // namespace josekic::emit
