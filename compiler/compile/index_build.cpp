#include "compiler/compile/index_build.hpp"

#include "compiler/pipeline/stage_clock.hpp"

namespace josekic::compile {

IndexBuild::IndexBuild(std::filesystem::path path, Writer writer, double& seconds)
    : path_(std::move(path)), writer_(std::move(writer)), seconds_(seconds) {}

void IndexBuild::start_beside() {
    thread_ = std::jthread([this] { run(); });
}

void IndexBuild::run() {
    try {
        const pipeline::StageTimer timer(seconds_);
        file_.emplace(path_);
        size_ = writer_(*file_);
    } catch (...) {
        failure_ = std::current_exception();
    }
}

std::uint64_t IndexBuild::finish(double& wait_and_commit_seconds) {
    const bool beside = thread_.joinable();
    if (!beside) run();
    const pipeline::StageTimer timer(wait_and_commit_seconds);
    if (beside) thread_.join();
    if (failure_) std::rethrow_exception(failure_);
    file_->commit();
    return size_;
}

}  // namespace josekic::compile
