#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <optional>
#include <thread>

#include "emit/atomic_file.hpp"

namespace josekic::compile {

/// The index of a compile, built from the unpruned tries beside whatever follows the game
/// stream: on a thread of its own from the end of the stream when the run may use more than
/// one, so that the side statistics, the budget and the dictionaries do not wait for it, or
/// else in finish(). Only finish() renames the file into place (in the staging directory of
/// the run's emit::OutputSet, which readers see only once the whole set is committed), once
/// the dictionaries are written; and only finish() reports the index's failure, so a run
/// that fails in both reports the dictionaries' first.
class IndexBuild {
  public:
    /// Writes the index into the temporary file it is given; returns the file's size.
    using Writer = std::function<std::uint64_t(emit::AtomicFile&)>;

    /// `seconds` gets the time the build takes, wherever it runs.
    IndexBuild(std::filesystem::path path, Writer writer, double& seconds);
    IndexBuild(const IndexBuild&) = delete;
    IndexBuild& operator=(const IndexBuild&) = delete;
    /// Waits for a build still running; its file, never committed, is removed.
    ~IndexBuild() = default;

    /// Starts the build on a thread of its own.
    void start_beside();
    /// Runs the build here if it was not started, or waits for it; rethrows its failure;
    /// and renames the file into place. `wait_and_commit_seconds` gets the time of the wait
    /// and the rename. Returns the file's size.
    std::uint64_t finish(double& wait_and_commit_seconds);

  private:
    void run();

    std::filesystem::path path_;
    Writer writer_;
    double& seconds_;
    std::optional<emit::AtomicFile> file_;
    std::uint64_t size_ = 0;
    std::exception_ptr failure_;
    std::jthread thread_;  // last, so that it is joined before the file goes
};

}  // namespace josekic::compile
