#include "compiler/pipeline/game_stream.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "compiler/pipeline/progress.hpp"
#include "core/input/walker.hpp"

namespace josekic::pipeline::detail {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

void skip_game(GameSlot& slot, diag::Code code, std::string why) {
    const game::GameRecord& r = slot.record;
    slot.diagnostics.push_back(
        diag::Diagnostic{r.source_path, r.location, diag::Severity::Warning, code,
                         "game " + std::to_string(r.index_in_file) + " skipped: " + why});
    slot.skip_reason = code;
}

// Worker side: everything that depends on one file only.
void process_batch(FileBatch& batch, const GameParser& parser, const StreamOptions& options,
                   const std::function<void(FileBatch&)>& analyze_file) {
    if (batch.read_error) return;
    const auto parse_start = Clock::now();
    diag::DiagnosticList parse_problems;
    std::vector<game::GameRecord> records =
        parser(batch.bytes, batch.display_path, options.read, parse_problems);
    batch.diagnostics = std::move(parse_problems.items);
    std::string().swap(batch.bytes);  // the bytes are not needed any more; free them early
    batch.parse_seconds = seconds_since(parse_start);

    const auto replay_start = Clock::now();
    batch.games.reserve(records.size());
    for (game::GameRecord& record : records) {
        GameSlot& slot = batch.games.emplace_back();
        slot.record = std::move(record);
        const game::GameRecord& r = slot.record;
        if (r.game_type != 1) {
            skip_game(slot, diag::Code::NotGo, "GM[" + std::to_string(r.game_type) + "] is not Go");
        } else if (r.board_width != go::kBoardSize || r.board_height != go::kBoardSize) {
            skip_game(slot, diag::Code::Not19x19,
                      "board is " + std::to_string(r.board_width) + "x" +
                          std::to_string(r.board_height) + "; only 19x19 games are read");
        } else if (r.moves.empty()) {
            skip_game(slot, diag::Code::NoMoves, "no moves");
        } else {
            diag::DiagnosticList replay_problems;
            slot.replay = game::replay(r, replay_problems);
            slot.diagnostics = std::move(replay_problems.items);
            if (slot.replay.legal_moves == 0) {
                skip_game(slot, diag::Code::NoMoves, "its first move is illegal");
            } else if (options.duplicates == Duplicates::Drop) {
                slot.fingerprint = fingerprint(r);
            }
        }
    }
    batch.replay_seconds = seconds_since(replay_start);

    const auto analysis_start = Clock::now();
    analyze_file(batch);
    batch.analysis_seconds = seconds_since(analysis_start);
}

struct HashOfHash128 {
    std::size_t operator()(const go::Hash128& h) const {
        return static_cast<std::size_t>(h.low ^ (h.high >> 7));
    }
};

// Where a game was first seen, to name it when a duplicate turns up.
struct FirstSeen {
    std::uint32_t file = 0;  // index into Consumer::kept_file_paths_
    int index_in_file = 0;
    go::Symmetry to_canonical = go::Symmetry::Identity;
};

// The files the report names as largest and slowest: first by the measure (bytes or
// seconds) descending, then by path, so that ties do not depend on the input order.
template <typename Measure>
bool ranks_before(Measure a, std::string_view a_path, Measure b, std::string_view b_path) {
    return a != b ? a > b : a_path < b_path;
}

// Keeps in `top` the five files that rank first by `measure` (FileMeasure::bytes or
// ::seconds), given one more file. It runs on the consumer thread for every file and most
// files do not get in, so they are turned away before their path is copied.
template <typename Measure>
void keep_top(std::vector<FileMeasure>& top, Measure FileMeasure::*measure,
              const FileMeasure& file_numbers, const std::string& path) {
    constexpr std::size_t kTop = 5;
    const Measure value = file_numbers.*measure;
    const auto ranks_before_kept = [&](const FileMeasure& kept) {
        return ranks_before(value, std::string_view(path), kept.*measure,
                            std::string_view(kept.path));
    };
    if (top.size() == kTop && !ranks_before_kept(top.back())) return;
    top.insert(std::find_if(top.begin(), top.end(), ranks_before_kept),
               FileMeasure{path, file_numbers.bytes, file_numbers.seconds});
    if (top.size() > kTop) top.pop_back();
}

// Consumer side: runs on the calling thread, batch after batch in input order.
class Consumer {
  public:
    Consumer(const StreamOptions& options,
             const std::function<void(FileBatch&, std::size_t)>& consume_game, RunReport& report)
        : options_(options),
          out_(options.diagnostics_out != nullptr ? *options.diagnostics_out : std::cerr),
          consume_game_(consume_game),
          report_(report),
          progress_(options.progress == Progress::Auto && options.verbosity == Verbosity::Normal
                        ? ProgressLine::for_stderr()
                        : ProgressDisplay::None,
                    std::cerr) {}

    void consume(FileBatch& batch) {
        if (batch.read_error) {
            const diag::Diagnostic& d = *batch.read_error;
            report_.files_skipped.push_back(SkippedFile{d.path, d.code, d.message});
            if (d.code == diag::Code::InputNotFound) ++report_.inputs_missing;
            emit(d);
            return;
        }
        ++report_.files_read;
        report_.bytes_read += batch.size;
        const double seconds = batch.parse_seconds + batch.replay_seconds + batch.analysis_seconds;
        const FileMeasure numbers{{}, batch.size, seconds};  // the path is copied only if kept
        keep_top(report_.largest_files, &FileMeasure::bytes, numbers, batch.display_path);
        keep_top(report_.slowest_files, &FileMeasure::seconds, numbers, batch.display_path);
        report_.times.parse += batch.parse_seconds;
        report_.times.replay += batch.replay_seconds;
        report_.times.analysis += batch.analysis_seconds;

        for (const diag::Diagnostic& d : batch.diagnostics) emit(d);
        for (std::size_t i = 0; i < batch.games.size(); ++i) consume_game(batch, i);
        progress_.update(report_.files_read, report_.games_read);
    }

    void finish() { progress_.clear(); }

  private:
    void consume_game(FileBatch& batch, std::size_t i) {
        GameSlot& slot = batch.games[i];
        ++report_.games_read;
        for (const diag::Diagnostic& d : slot.diagnostics) emit(d);
        if (slot.skip_reason) {
            ++report_.games_skipped[std::string(diag::name(*slot.skip_reason))];
            return;
        }
        if (options_.duplicates == Duplicates::Drop && is_duplicate(batch, slot)) return;

        ++report_.games_kept;
        report_.moves_replayed += slot.replay.legal_moves;
        if (slot.replay.stopped_by)
            ++report_
                  .games_cut[std::string(diag::name(game::verdict_code(*slot.replay.stopped_by)))];
        const auto start = Clock::now();
        consume_game_(batch, i);
        report_.times.consume += seconds_since(start);
    }

    bool is_duplicate(const FileBatch& batch, const GameSlot& slot) {
        if (kept_file_paths_.empty() || kept_file_paths_.back() != batch.display_path) {
            kept_file_paths_.push_back(batch.display_path);
        }
        const FirstSeen here{static_cast<std::uint32_t>(kept_file_paths_.size() - 1),
                             slot.record.index_in_file, slot.fingerprint.to_canonical};
        const auto [it, inserted] = seen_.emplace(slot.fingerprint.key, here);
        if (inserted) return false;

        const FirstSeen& first = it->second;
        // The first game taken to the canonical image and back out to this one's frame:
        // this game is the first one transformed by `relation`.
        const go::Symmetry relation = go::then(first.to_canonical, go::inverse(here.to_canonical));
        std::string message = "game " + std::to_string(slot.record.index_in_file) +
                              " skipped: the same game as " + kept_file_paths_[first.file] +
                              " game " + std::to_string(first.index_in_file);
        if (relation != go::Symmetry::Identity)
            message += ", transformed by " + std::string(go::name(relation));
        const diag::Diagnostic d{slot.record.source_path, slot.record.location,
                                 diag::Severity::Warning, diag::Code::Duplicate,
                                 std::move(message)};
        emit(d);
        ++report_.games_skipped[std::string(diag::name(diag::Code::Duplicate))];
        ++report_.duplicates_dropped;
        return true;
    }

    void emit(const diag::Diagnostic& d) {
        report_.diagnostics.add(d);
        if (d.severity == diag::Severity::Error || options_.verbosity == Verbosity::Normal) {
            progress_.clear();
            out_ << diag::format(d) << '\n';
        }
    }

    const StreamOptions& options_;
    std::ostream& out_;
    const std::function<void(FileBatch&, std::size_t)>& consume_game_;
    RunReport& report_;
    ProgressLine progress_;
    std::unordered_map<go::Hash128, FirstSeen, HashOfHash128> seen_;
    std::vector<std::string> kept_file_paths_;
};

// Files travel from the walker to the workers and on to the consumer in units of several
// small files (a large file travels alone): one hand-over per file cost more in lock and
// wake-up traffic than parsing a typical 1.4 kB game record.
struct WorkUnit {
    std::uint64_t sequence = 0;
    std::uint64_t bytes = 0;
    std::vector<FileBatch> files;
};

constexpr std::size_t kUnitMaxFiles = 64;
constexpr std::uint64_t kUnitMaxBytes = 256 * 1024;

// Adds a file to the unit being filled; true when the unit is full and should be sent.
bool add_file(WorkUnit& unit, input::InputFile&& file) {
    FileBatch& batch = unit.files.emplace_back();
    batch.display_path = std::move(file.display_path);
    batch.size = file.bytes.size();
    batch.bytes = std::move(file.bytes);
    batch.read_error = std::move(file.read_error);
    unit.bytes += batch.size;
    return unit.files.size() >= kUnitMaxFiles || unit.bytes >= kUnitMaxBytes;
}

// With one thread everything happens on the calling thread, unit after unit: read,
// parse, replay, analyse, consume. No thread is started, so `--threads 1` really uses one
// core (and profiles read like a plain call tree).
void run_stream_inline(const std::vector<std::string>& inputs, const StreamOptions& options,
                       const GameParser& parser,
                       const std::function<void(FileBatch&)>& analyze_file, Consumer& consumer) {
    WorkUnit unit;
    const auto flush = [&] {
        for (FileBatch& batch : unit.files) {
            process_batch(batch, parser, options, analyze_file);
            consumer.consume(batch);
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

}  // namespace

void run_stream(const std::vector<std::string>& inputs, const StreamOptions& options,
                const std::function<void(FileBatch&)>& analyze_file,
                const std::function<void(FileBatch&, std::size_t)>& consume_game,
                RunReport& report) {
    const auto start = Clock::now();
    const unsigned threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    report.inputs = inputs;
    report.times.threads = threads;
    const GameParser parser = options.parser ? options.parser : GameParser(sgf::read_games);
    // Units between the walker and the consumer (queued, being parsed, or waiting for their
    // turn), and their input bytes: this bounds memory however many files there are. The
    // consumer shares the cores with the workers, so there is room for the workers to run
    // ahead when it falls behind; but every unit waiting holds its games in memory that
    // the consumer then reads cold: with 32 units per thread instead of 8, a 2-thread
    // fox-28k compile took 5% more CPU and 20 MB more memory for the same wall time.
    const std::uint64_t max_in_flight = 8 * static_cast<std::uint64_t>(threads) + 8;
    const std::uint64_t max_bytes_in_flight = (std::uint64_t{16} << 20) * threads;

    if (threads == 1) {
        Consumer consumer{options, consume_game, report};
        run_stream_inline(inputs, options, parser, analyze_file, consumer);
        consumer.finish();
        report.times.wall = seconds_since(start);
        return;
    }

    std::mutex mutex;
    std::condition_variable work_ready;   // walker -> workers
    std::condition_variable batch_ready;  // workers -> consumer
    std::condition_variable space_free;   // consumer -> walker
    std::deque<std::unique_ptr<WorkUnit>> work;
    std::map<std::uint64_t, std::unique_ptr<WorkUnit>> done;
    std::uint64_t issued = 0;
    std::uint64_t consumed = 0;
    std::uint64_t bytes_in_flight = 0;
    bool walk_finished = false;
    bool stop = false;
    std::exception_ptr failure;

    // The walker stops when the room is full and goes on only when half of it is free again:
    // it then reads many units in one go instead of being woken for every unit consumed (a
    // wake-up between cores is an interrupt to the other vCPU, costly on a virtual machine).
    const auto has_room = [&] {
        return issued - consumed < max_in_flight && bytes_in_flight < max_bytes_in_flight;
    };
    const auto drained = [&] {
        return issued - consumed <= max_in_flight / 2 && bytes_in_flight <= max_bytes_in_flight / 2;
    };

    const auto fail = [&](std::exception_ptr error) {
        {
            const std::lock_guard lock(mutex);
            if (!failure) failure = error;
            stop = true;
        }
        work_ready.notify_all();
        batch_ready.notify_all();
        space_free.notify_all();
    };

    Consumer consumer{options, consume_game, report};
    {
        std::vector<std::jthread> pool;
        pool.emplace_back([&] {
            auto unit = std::make_unique<WorkUnit>();
            // Hands the unit being filled to the workers; false when the run is stopping.
            const auto dispatch = [&] {
                if (unit->files.empty()) return true;
                std::unique_lock lock(mutex);
                if (!has_room()) space_free.wait(lock, [&] { return stop || drained(); });
                if (stop) return false;
                unit->sequence = issued++;
                bytes_in_flight += unit->bytes;
                work.push_back(std::move(unit));
                lock.unlock();
                work_ready.notify_one();
                unit = std::make_unique<WorkUnit>();
                return true;
            };
            try {
                input::walk_inputs(inputs, [&](input::InputFile&& file) {
                    if (!add_file(*unit, std::move(file))) return input::WalkControl::Continue;
                    return dispatch() ? input::WalkControl::Continue : input::WalkControl::Stop;
                });
                dispatch();
            } catch (...) {
                fail(std::current_exception());
            }
            {
                const std::lock_guard lock(mutex);
                walk_finished = true;
            }
            work_ready.notify_all();
            batch_ready.notify_all();
        });
        for (unsigned t = 0; t < threads; ++t) {
            pool.emplace_back([&] {
                // The walker and the consumer are serial stages that share the cores with
                // the workers; when they wait for a core the workers soon run out of work
                // or of room. A slightly lower priority for the workers keeps the serial
                // stages moving (2-thread fox-28k: 1.58 s -> 1.42 s with the larger room
                // above, median of 9). Failure to lower it changes nothing but speed.
                ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 5);
                for (;;) {
                    std::unique_ptr<WorkUnit> unit;
                    {
                        std::unique_lock lock(mutex);
                        work_ready.wait(lock,
                                        [&] { return stop || !work.empty() || walk_finished; });
                        if (stop || work.empty()) return;
                        unit = std::move(work.front());
                        work.pop_front();
                    }
                    try {
                        for (FileBatch& batch : unit->files)
                            process_batch(batch, parser, options, analyze_file);
                    } catch (...) {
                        fail(std::current_exception());
                        return;
                    }
                    bool next_in_line = false;
                    {
                        const std::lock_guard lock(mutex);
                        const std::uint64_t sequence = unit->sequence;
                        next_in_line = sequence == consumed;
                        done.emplace(sequence, std::move(unit));
                    }
                    // The consumer waits only for the unit next in input order.
                    if (next_in_line) batch_ready.notify_one();
                }
            });
        }

        try {
            for (;;) {
                std::unique_ptr<WorkUnit> unit;
                {
                    std::unique_lock lock(mutex);
                    batch_ready.wait(lock, [&] {
                        return stop || done.contains(consumed) ||
                               (walk_finished && consumed == issued);
                    });
                    if (stop) break;
                    const auto it = done.find(consumed);
                    if (it == done.end()) break;  // the walk is over and everything is consumed
                    unit = std::move(it->second);
                    done.erase(it);
                }
                for (FileBatch& batch : unit->files) consumer.consume(batch);
                const std::uint64_t unit_bytes = unit->bytes;
                unit.reset();
                bool walker_may_go_on = false;
                {
                    const std::lock_guard lock(mutex);
                    ++consumed;
                    bytes_in_flight -= unit_bytes;
                    walker_may_go_on = drained();
                }
                if (walker_may_go_on) space_free.notify_one();
            }
        } catch (...) {
            fail(std::current_exception());
        }
    }  // the jthreads join here
    consumer.finish();
    report.times.wall = seconds_since(start);
    if (failure) std::rethrow_exception(failure);
}

}  // namespace josekic::pipeline::detail
