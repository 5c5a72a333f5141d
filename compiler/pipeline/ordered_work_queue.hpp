#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>

#include "compiler/pipeline/work_unit.hpp"

namespace josekic::pipeline {

/// The hand-over between the three stages of a parallel stream: one walker queues work
/// units in input order, workers take and process them in any order, one consumer takes
/// them back strictly in input order. The units in flight (queued, being processed or
/// waiting for their turn) are bounded in number and bytes, which bounds memory however
/// many files there are. A failure in any stage stops all of them.
class OrderedWorkQueue {
  public:
    /// Room for 8 units per worker thread (+8) and 16 MB of input per worker thread, of
    /// which 32 MB in all for units processed and waiting for the consumer.
    explicit OrderedWorkQueue(unsigned worker_threads);

    /// Walker: queues `unit` as the next in input order, first waiting for room when the
    /// queue is full. False when the run is stopping (the unit is dropped).
    bool push(std::unique_ptr<WorkUnit> unit);
    /// Walker: no more units will come.
    void close();

    /// Worker: the next unit to process, or nullptr when there is none left or the run
    /// is stopping.
    std::unique_ptr<WorkUnit> take_work();
    /// Worker: hands a processed unit on to the consumer.
    void finish_work(std::unique_ptr<WorkUnit> unit);

    /// Consumer: the processed unit next in input order, waiting for it; nullptr when every
    /// unit was consumed or the run is stopping.
    std::unique_ptr<WorkUnit> take_next_done();
    /// Consumer: a unit of `bytes` input bytes was consumed and freed.
    void consumed(std::uint64_t bytes);

    /// Any stage: stops the run; the first failure is kept for rethrow_failure.
    void fail(std::exception_ptr error);
    /// Rethrows the first failure, if any; call after every stage has ended.
    void rethrow_failure() const;

  private:
    bool has_room() const;
    bool drained() const;

    const std::uint64_t max_in_flight_;
    const std::uint64_t max_bytes_in_flight_;
    const std::uint64_t max_bytes_done_;
    std::mutex mutex_;
    std::condition_variable work_ready_;  // walker -> workers
    std::condition_variable unit_done_;   // workers -> consumer
    std::condition_variable space_free_;  // consumer -> walker
    std::deque<std::unique_ptr<WorkUnit>> work_;
    std::map<std::uint64_t, std::unique_ptr<WorkUnit>> done_;
    std::uint64_t issued_ = 0;
    std::uint64_t consumed_ = 0;
    std::uint64_t bytes_in_flight_ = 0;
    std::uint64_t bytes_done_ = 0;  ///< of the units in done_
    bool closed_ = false;
    bool stop_ = false;
    std::exception_ptr failure_;
};

}  // namespace josekic::pipeline
