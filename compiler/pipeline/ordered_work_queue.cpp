#include "compiler/pipeline/ordered_work_queue.hpp"

namespace josekic::pipeline {

// The consumer shares the cores with the workers, so there is room for the workers to run
// ahead when it falls behind; but every unit waiting holds its games in memory that the
// consumer then reads cold, so the room is kept small (docs/PERFORMANCE.md, "Room in
// flight").
//
// Units the workers have finished hold their games, several times the bytes of their input,
// until the consumer takes them. Once they keep the consumer fed, more of them only hold
// memory, so their room does not grow with the workers: more workers go faster only where
// the workers, not the consumer, are what a run waits for.
OrderedWorkQueue::OrderedWorkQueue(unsigned worker_threads)
    : max_in_flight_(8 * static_cast<std::uint64_t>(worker_threads) + 8),
      max_bytes_in_flight_((std::uint64_t{16} << 20) * worker_threads),
      max_bytes_done_(std::uint64_t{32} << 20) {}

bool OrderedWorkQueue::has_room() const {
    return issued_ - consumed_ < max_in_flight_ && bytes_in_flight_ < max_bytes_in_flight_ &&
           bytes_done_ < max_bytes_done_;
}

// The walker stops when the room is full and goes on only when half of it is free again:
// it then reads many units in one go instead of being woken for every unit consumed (a
// wake-up between cores is an interrupt to the other vCPU, costly on a virtual machine).
bool OrderedWorkQueue::drained() const {
    return issued_ - consumed_ <= max_in_flight_ / 2 &&
           bytes_in_flight_ <= max_bytes_in_flight_ / 2 && bytes_done_ <= max_bytes_done_ / 2;
}

bool OrderedWorkQueue::push(std::unique_ptr<WorkUnit> unit) {
    std::unique_lock lock(mutex_);
    if (!has_room()) space_free_.wait(lock, [&] { return stop_ || drained(); });
    if (stop_) return false;
    unit->sequence = issued_++;
    bytes_in_flight_ += unit->bytes;
    work_.push_back(std::move(unit));
    lock.unlock();
    work_ready_.notify_one();
    return true;
}

void OrderedWorkQueue::close() {
    {
        const std::lock_guard lock(mutex_);
        closed_ = true;
    }
    work_ready_.notify_all();
    unit_done_.notify_all();
}

std::unique_ptr<WorkUnit> OrderedWorkQueue::take_work() {
    std::unique_lock lock(mutex_);
    work_ready_.wait(lock, [&] { return stop_ || !work_.empty() || closed_; });
    if (stop_ || work_.empty()) return nullptr;
    std::unique_ptr<WorkUnit> unit = std::move(work_.front());
    work_.pop_front();
    return unit;
}

void OrderedWorkQueue::finish_work(std::unique_ptr<WorkUnit> unit) {
    bool next_in_line = false;
    {
        const std::lock_guard lock(mutex_);
        const std::uint64_t sequence = unit->sequence;
        next_in_line = sequence == consumed_;
        bytes_done_ += unit->bytes;
        done_.emplace(sequence, std::move(unit));
    }
    // The consumer waits only for the unit next in input order.
    if (next_in_line) unit_done_.notify_one();
}

std::unique_ptr<WorkUnit> OrderedWorkQueue::take_next_done() {
    std::unique_lock lock(mutex_);
    unit_done_.wait(lock, [&] {
        return stop_ || done_.contains(consumed_) || (closed_ && consumed_ == issued_);
    });
    if (stop_) return nullptr;
    const auto it = done_.find(consumed_);
    if (it == done_.end()) return nullptr;  // the walk is over and everything is consumed
    std::unique_ptr<WorkUnit> unit = std::move(it->second);
    done_.erase(it);
    bytes_done_ -= unit->bytes;
    return unit;
}

void OrderedWorkQueue::consumed(std::uint64_t bytes) {
    bool walker_may_go_on = false;
    {
        const std::lock_guard lock(mutex_);
        ++consumed_;
        bytes_in_flight_ -= bytes;
        walker_may_go_on = drained();
    }
    if (walker_may_go_on) space_free_.notify_one();
}

void OrderedWorkQueue::fail(std::exception_ptr error) {
    {
        const std::lock_guard lock(mutex_);
        if (!failure_) failure_ = error;
        stop_ = true;
    }
    work_ready_.notify_all();
    unit_done_.notify_all();
    space_free_.notify_all();
}

void OrderedWorkQueue::rethrow_failure() const {
    if (failure_) std::rethrow_exception(failure_);
}

}  // namespace josekic::pipeline
