#pragma once

// The files of one run (joseki.sgf, fuseki.sgf, the split files, index.jki, report.txt) as
// one set that replaces the previous set of its directory whole, or not at all.
//
// Layout of an output directory DIR:
//
//   DIR/.josekic/set-XXXXXX/    the files of one set, each written there atomically
//   DIR/.josekic/current        symlink to the set readers see: the one commit point
//   DIR/joseki.sgf              symlink to .josekic/current/joseki.sgf, one per file of the set
//   DIR/anything else           the user's own files, never touched (a run refuses to
//                               write a set whose file names one of them)
//
// A run writes its files into a fresh staging directory beside the current set, which no
// reader looks at. commit() makes them durable and renames a new `current` link over the
// old one: before that rename every name in DIR resolves to the old set, after it to the
// new one. Then the names the new set adds are linked, the names only the old set had are
// removed (only links into .josekic, and files an older josekic wrote), and the old set's
// directory goes. A run that fails, or is stopped by any signal (SIGKILL included), before
// the rename leaves the old set as it was; its staging directory is removed at once
// (failure, SIGINT, SIGTERM, SIGHUP) or by the next run into DIR.

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "emit/atomic_file.hpp"

namespace josekic::emit {

/// The directory below DIR that holds josekic's sets.
inline constexpr std::string_view kSetsDirectory = ".josekic";

/// Throws std::runtime_error, naming `dir`, unless a set can be written into `dir`: it is a
/// directory this process may write into, or it does not exist and its nearest existing
/// ancestor is one; and no file of the user's has the name of a set's file (a game record
/// named joseki.sgf, notes in report.txt: a set replaces only what josekic wrote). Creates
/// nothing: called before a run reads anything.
void check_output_directory(const std::filesystem::path& dir);

/// The dictionary directory DIR when `file` is a file of one of its sets: a name in DIR
/// linked into DIR/.josekic, a file in DIR/.josekic itself, or, named in DIR without being
/// there yet, one of a set's fixed names (set_files.hpp) while DIR holds a set. Such a file is
/// written with its set by compile, merge and --update, never alone: a single file written there
/// would break the set or go with the next commit. nullopt for any other file.
std::optional<std::filesystem::path> set_holding(const std::filesystem::path& file);

/// Whether `name` is one of the fixed names of a set's files (set_files.hpp), which a set
/// written into a directory takes there.
bool is_set_file_name(std::string_view name);

/// A failure after a set was committed: DIR holds the new set, whole, but what follows the
/// commit (its names in DIR, the old sets' removal, the run's last steps) did not all happen;
/// the next run into DIR finishes it. Not "nothing was written".
class CommittedError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// One set of files on its way into a directory (see the top of this header).
class OutputSet {
  public:
    /// Creates `dir` if needed and a staging directory in it; removes what runs killed
    /// earlier left. Throws std::runtime_error naming `dir` when it cannot, or when another
    /// run is writing into `dir` (one at a time: an exclusive lock on DIR/.josekic).
    explicit OutputSet(const std::filesystem::path& dir);
    /// Without commit(): removes the staging directory and what it holds, and the
    /// directories this set created for `dir`, so that DIR is as it was.
    ~OutputSet();
    OutputSet(const OutputSet&) = delete;
    OutputSet& operator=(const OutputSet&) = delete;

    /// The staging directory, where the files of the set are written.
    const std::filesystem::path& staging() const { return staging_; }
    /// Where the file `name` of the set is written (in the staging directory).
    std::filesystem::path staged(std::string_view name) const;
    /// Where readers find the file `name` once the set is committed: DIR/name.
    std::filesystem::path final_path(std::string_view name) const;
    /// `message` (an error about a staged file) with each staged path named as readers will
    /// find it, in DIR: "cannot write DIR/index.jki: ...".
    std::string with_final_paths(std::string_view message) const;
    /// Makes the files staged so far the set DIR shows (see the top of this header). Signals
    /// wait until it is done. Throws std::runtime_error when a step before the commit point
    /// fails (the old set then stays): a file of the user's has the name of one of the set's
    /// (check_output_directory), or a write fails; and CommittedError once the set is in,
    /// when a name in DIR cannot be linked to its file or memory runs out.
    void commit();

  private:
    void finish_commit(const std::vector<std::string>& names);

    std::filesystem::path dir_;
    std::filesystem::path sets_;     // DIR/.josekic
    std::filesystem::path staging_;  // DIR/.josekic/set-XXXXXX
    int lock_fd_ = -1;               // DIR/.josekic, locked while the set lives
    std::filesystem::path created_;  // the outermost directory the set created, if any
    bool sets_created_ = false;      // whether this set made DIR/.josekic
    bool committed_ = false;
    /// Regular files in DIR an older josekic wrote (before sets): replaced or removed.
    std::vector<std::string> older_files_;
    std::unique_ptr<DirectoryRemovedOnSignal> removed_on_signal_;
};

}  // namespace josekic::emit
