#include "compiler/pipeline/game_stream.hpp"

#include <sys/resource.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <thread>

#include "compiler/pipeline/file_consumer.hpp"
#include "compiler/pipeline/file_worker.hpp"
#include "compiler/pipeline/ordered_work_queue.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "core/formats/record_reader.hpp"
#include "core/input/walker.hpp"

namespace josekic::pipeline::detail {

namespace {

using AnalyzeFile = std::function<void(StreamedFile&)>;

// With one thread everything happens on the calling thread, unit after unit: read,
// parse, replay, analyse, consume. No thread is started, so `--threads 1` really uses one
// core (and profiles read like a plain call tree).
void run_inline(const std::vector<std::string>& inputs, const StreamOptions& options,
                const GameParser& parser, const AnalyzeFile& analyze_file, FileConsumer& consumer) {
    WorkUnit unit;
    const auto flush = [&] {
        for (StreamedFile& file : unit.files) {
            process_file(file, parser, options, analyze_file);
            consumer.consume(file);
        }
        unit.files.clear();
        unit.bytes = 0;
    };
    input::walk_inputs(inputs, [&](input::InputFile&& file) {
        if (add_file(unit, std::move(file))) flush();
        return input::WalkControl::Continue;
    });
    flush();
}

// Reads the inputs into units and queues them in input order.
void walk_into(OrderedWorkQueue& queue, const std::vector<std::string>& inputs) {
    auto unit = std::make_unique<WorkUnit>();
    // Hands the unit being filled to the workers; false when the run is stopping (a stage
    // failed: the queue took the unit and dropped it, and nothing more is handed over).
    bool stopping = false;
    const auto dispatch = [&] {
        if (unit->files.empty()) return true;
        stopping = !queue.push(std::move(unit));
        if (!stopping) unit = std::make_unique<WorkUnit>();
        return !stopping;
    };
    try {
        input::walk_inputs(inputs, [&](input::InputFile&& file) {
            if (stopping) return input::WalkControl::Stop;
            if (!add_file(*unit, std::move(file))) return input::WalkControl::Continue;
            return dispatch() ? input::WalkControl::Continue : input::WalkControl::Stop;
        });
        if (!stopping) dispatch();
    } catch (...) {
        queue.fail(std::current_exception());
    }
    queue.close();
}

void work_on(OrderedWorkQueue& queue, const StreamOptions& options, const GameParser& parser,
             const AnalyzeFile& analyze_file) {
    // The walker and the consumer are serial stages that share the cores with the
    // workers; when they wait for a core the workers soon run out of work or of room. A
    // slightly lower priority for the workers keeps the serial stages moving. Failure to
    // lower it changes nothing but speed.
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 5);
    while (std::unique_ptr<WorkUnit> unit = queue.take_work()) {
        try {
            for (StreamedFile& file : unit->files)
                process_file(file, parser, options, analyze_file);
        } catch (...) {
            queue.fail(std::current_exception());
            return;
        }
        queue.finish_work(std::move(unit));
    }
}

void consume_in_order(OrderedWorkQueue& queue, FileConsumer& consumer) {
    try {
        while (std::unique_ptr<WorkUnit> unit = queue.take_next_done()) {
            for (StreamedFile& file : unit->files) consumer.consume(file);
            const std::uint64_t unit_bytes = unit->bytes;
            unit.reset();
            queue.consumed(unit_bytes);
        }
    } catch (...) {
        queue.fail(std::current_exception());
    }
}

// The stream makes and frees millions of small blocks (records, parse buffers in the workers'
// arenas, the duplicate finder's map). glibc keeps the pages of freed blocks inside its heaps,
// where the large arrays of the stages after the stream never reuse them: they would count
// in the run's peak memory to the end. Hands them back to the system.
void return_freed_memory() {
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

// One walker thread and `threads` workers; the calling thread consumes.
void run_parallel(const std::vector<std::string>& inputs, const StreamOptions& options,
                  unsigned threads, const GameParser& parser, const AnalyzeFile& analyze_file,
                  FileConsumer& consumer) {
    OrderedWorkQueue queue(threads);
    {
        std::vector<std::jthread> pool;
        pool.emplace_back([&] { walk_into(queue, inputs); });
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back([&] { work_on(queue, options, parser, analyze_file); });
        consume_in_order(queue, consumer);
    }  // the jthreads join here
    queue.rethrow_failure();
}

}  // namespace

void run_stream(const std::vector<std::string>& inputs, const StreamOptions& options,
                const std::function<void(StreamedFile&)>& analyze_file,
                const std::function<void(StreamedFile&, std::size_t)>& consume_game,
                RunReport& report) {
    const auto start = StageClock::now();
    const unsigned threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    report.inputs = inputs;
    report.filter = options.filter;
    report.times.threads = threads;
    const GameParser parser =
        options.parser ? options.parser : GameParser(formats::read_record_games);
    {
        FileConsumer consumer{inputs, options, consume_game, report};
        if (threads == 1) {
            run_inline(inputs, options, parser, analyze_file, consumer);
        } else {
            run_parallel(inputs, options, threads, parser, analyze_file, consumer);
        }
        consumer.finish();
    }
    return_freed_memory();
    report.times.wall = seconds_since(start);
}

}  // namespace josekic::pipeline::detail
