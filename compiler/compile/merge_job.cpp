#include "compiler/compile/merge_job.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <memory_resource>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_set>

#include "compiler/compile/node_comments.hpp"
#include "compiler/pipeline/file_rankings.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "emit/set_files.hpp"
#include "index/byte_log.hpp"
#include "index/dictionary_set.hpp"
#include "index/index_format.hpp"
#include "index/index_options.hpp"
#include "index/index_reader.hpp"

namespace josekic::compile {

namespace {

// A part read from a compiled dictionary's index: its merge sections, and of its games
// table the records and the string pool, which kept games name by number.
class IndexPart final : public MergePart {
  public:
    explicit IndexPart(const std::string& dictionary)
        : name_(dictionary), index_(index::open_dictionary_index(dictionary)) {
        const auto& run = index_.section(static_cast<std::uint32_t>(index::SectionId::MergeRun));
        const auto& games =
            index_.section(static_cast<std::uint32_t>(index::SectionId::MergeGames));
        const auto& numbers =
            index_.section(static_cast<std::uint32_t>(index::SectionId::MergeGameNumbers));
        // The merge sections log what the trackers found, not the stones after every move, so
        // a pattern section cannot be made again from them: refused rather than dropped.
        if (index_.has_patterns()) {
            throw index::IndexError(index_.path() +
                                    ": this index holds corner patterns (compile --patterns), "
                                    "which merge and --update cannot combine yet; compile all "
                                    "the inputs together");
        }
        if (!run.present || !games.present || !numbers.present) {
            throw index::IndexError(
                index_.path() +
                ": this index has no merge sections (an older josekic wrote it, or "
                "--no-index was given); compile the dictionary again to merge it");
        }
        // Every section is read anyway: a part whose bytes changed since it was written is
        // refused, rather than its damage written into a new index whose checksums then hold.
        index_.verify_checksums();
        std::vector<std::byte> run_bytes(run.count);
        index_.read_bytes(run, 0, run_bytes);
        run_ = decode_merge_run(run_bytes, index_.path());
        tracking_ = index_.options();
    }

    const std::string& name() const override { return name_; }
    const MergeRun& run() const override { return run_; }
    const index::OptionsRecord& tracking() const override { return tracking_; }

    bool next(LoggedGame& game, dictionary::GameReference& reference,
              std::vector<std::byte>& entry) override {
        if (!games_) load();
        if (!games_->next(game)) return false;
        games_->copy_entry(entry);
        if (game.filtered) return true;
        if (kept_ >= numbers_.size() || numbers_[kept_] >= records_.size())
            index::throw_damaged(index_.path(), "a merge game number");
        const index::GameRecord& r = records_[numbers_[kept_++]];
        const auto text = [this](std::uint32_t offset) { return index_.string_in(pool_, offset); };
        reference = dictionary::GameReference{
            text(r.black_player),
            text(r.white_player),
            text(r.black_rank),
            text(r.white_rank),
            text(r.date),
            game.year,
            text(r.event),
            text(r.result),
            dictionary::SourcePath{text(r.source_dir), text(r.source_name)},
            static_cast<int>(r.index_in_file)};
        return true;
    }

    const index::IndexFile* compiled_index() const override { return &index_; }

    void release() override {
        games_.reset();
        std::vector<std::uint32_t>().swap(numbers_);
        std::vector<std::byte>().swap(pool_);
        std::vector<index::GameRecord>().swap(records_);
    }

  private:
    // The game table, the kept games' numbers and a reader of the games: read when the merge
    // reaches this part and released when it is done with it.
    void load() {
        const auto& games =
            index_.section(static_cast<std::uint32_t>(index::SectionId::MergeGames));
        const auto& numbers =
            index_.section(static_cast<std::uint32_t>(index::SectionId::MergeGameNumbers));
        numbers_.resize(numbers.count);
        index_.read_bytes(numbers, 0, std::as_writable_bytes(std::span(numbers_)));
        pool_ = index_.string_pool();
        records_.reserve(index_.game_count());
        index_.for_each_game_record(
            [this](std::uint32_t, const index::GameRecord& record) { records_.push_back(record); });
        games_.emplace(
            [this, games](std::uint64_t offset, std::span<std::byte> out) {
                index_.read_bytes(games, offset, out);
            },
            games.count, index_.path());
    }

    std::string name_;
    index::IndexFile index_;
    MergeRun run_;
    index::OptionsRecord tracking_;
    std::vector<std::uint32_t> numbers_;
    std::vector<std::byte> pool_;
    std::vector<index::GameRecord> records_;
    std::optional<LoggedGameReader> games_;
    std::size_t kept_ = 0;
};

std::string zone_text(const MergePart& part) {
    return part.run().zones_file.empty() ? "the default zone" : part.run().zones_file;
}

// An option that shaped two parts' tries differently: its name, or a plural noun
// ("filters"), and its value in each.
struct OptionDifference {
    std::string option;
    std::string first_value;
    std::string part_value;
};

// Every option whose value differs between `first` and `part`, in the order of the help.
std::vector<OptionDifference> option_differences(const MergePart& first, const MergePart& part) {
    std::vector<OptionDifference> found;
    const auto compare = [&](const std::string& option, const std::string& a,
                             const std::string& b) {
        if (a != b) found.push_back({option, a, b});
    };
    const index::OptionsRecord& a = first.tracking();
    const index::OptionsRecord& b = part.tracking();
    if (a.zone != b.zone && first.run().zones_file == part.run().zones_file &&
        !first.run().zones_file.empty()) {
        // One file name, two maps: the file changed between the compiles.
        found.push_back({"--zones", "the map " + zone_text(first) + " held then",
                         "another map in the same file (it changed between the compiles)"});
    } else if (a.zone != b.zone || first.run().zones_file != part.run().zones_file) {
        found.push_back({"--zones", zone_text(first), zone_text(part)});
    }
    const auto cutoff = [](const MergePart& p) {
        return index::TrackingOptions::from_record(p.tracking(), p.name()).tracker.cutoff.name();
    };
    compare("--cutoff", cutoff(first), cutoff(part));
    compare("--max-length", std::to_string(a.max_length), std::to_string(b.max_length));
    compare("--max-gap", std::to_string(a.max_gap), std::to_string(b.max_gap));
    compare("--fuseki-moves", std::to_string(a.fuseki_moves), std::to_string(b.fuseki_moves));
    const auto handicap = [](const MergePart& p) {
        return p.run().handicap == HandicapFuseki::SeparateTree ? std::string("given")
                                                                : std::string("not given");
    };
    compare("--fuseki-handicap", handicap(first), handicap(part));
    const auto kept = [](const index::OptionsRecord& r) {
        return (r.flags & index::OptionsRecord::kDuplicatesKept) != 0 ? std::string("given")
                                                                      : std::string("not given");
    };
    compare("--keep-duplicates", kept(a), kept(b));
    const auto charset = [](const MergePart& p) {
        return p.run().forced_charset.empty() ? std::string("none") : p.run().forced_charset;
    };
    compare("--charset", charset(first), charset(part));
    const auto filters = [](const MergePart& p) {
        const std::string text = p.run().run.filter.describe();
        return text.empty() ? std::string("none") : text;
    };
    compare("filters", filters(first), filters(part));
    return found;
}

// "--max-length (A: 20, B: 30) and filters (A: none, B: since 2010)".
std::string differences_text(const std::vector<OptionDifference>& differences,
                             const std::string& first_name, const std::string& part_name) {
    std::string text;
    for (std::size_t i = 0; i < differences.size(); ++i) {
        const OptionDifference& d = differences[i];
        if (i > 0) text += i + 1 == differences.size() ? " and " : ", ";
        text += d.option + " (" + first_name + ": " + d.first_value + ", " + part_name + ": " +
                d.part_value + ")";
    }
    return text;
}

// Parts whose tries were shaped alike, and whose provenance reads alike, or an error that
// names every option that differs with both values.
void check_same_options(const MergePart& first, const MergePart& part) {
    const std::vector<OptionDifference> differences = option_differences(first, part);
    if (differences.empty()) return;
    throw std::runtime_error("cannot merge " + part.name() + " with " + first.name() +
                             ": they were compiled with different " +
                             differences_text(differences, first.name(), part.name()) +
                             "; compile the parts with the same options");
}

// The new games of `compile --update` read as the dictionary's were, or an error that names
// every option of this command that differs from the dictionary's compile.
void check_update_options(const MergePart& dictionary, const MergePart& added) {
    const std::vector<OptionDifference> differences = option_differences(dictionary, added);
    if (differences.empty()) return;
    throw std::runtime_error(
        "cannot add the new games to " + dictionary.name() +
        ": its games were read with other options than this command's: " +
        differences_text(differences, dictionary.name(), "this command") +
        "; leave them out to read the new games as the dictionary's were, or compile all the "
        "games again");
}

void add_counts(std::map<std::string, std::uint64_t>& into,
                const std::map<std::string, std::uint64_t>& counts) {
    for (const auto& [name, n] : counts) into[name] += n;
}

void subtract_one(std::map<std::string, std::uint64_t>& counts, const std::string& name) {
    const auto at = counts.find(name);
    if (at == counts.end() || at->second == 0) throw std::logic_error("merge: a count below 0");
    if (--at->second == 0) counts.erase(at);
}

// Adds a part's run report to the merged one, as if its files had been read after the others.
void add_run(pipeline::RunReport& into, const pipeline::RunReport& run) {
    into.inputs.insert(into.inputs.end(), run.inputs.begin(), run.inputs.end());
    into.files_read += run.files_read;
    into.bytes_read += run.bytes_read;
    into.files_skipped.insert(into.files_skipped.end(), run.files_skipped.begin(),
                              run.files_skipped.end());
    into.josekic_files_skipped += run.josekic_files_skipped;
    into.inputs_missing += run.inputs_missing;
    into.games_read += run.games_read;
    into.games_kept += run.games_kept;
    add_counts(into.games_skipped, run.games_skipped);
    into.duplicates_dropped += run.duplicates_dropped;
    into.filter = run.filter;
    into.filtered.games_removed += run.filtered.games_removed;
    for (std::size_t k = 0; k < game::kFilterKindCount; ++k)
        for (std::size_t m = 0; m < 2; ++m) into.filtered.failed[k][m] += run.filtered.failed[k][m];
    into.moves_replayed += run.moves_replayed;
    add_counts(into.games_cut, run.games_cut);
    add_counts(into.diagnostics.by_code, run.diagnostics.by_code);
    into.diagnostics.warnings += run.diagnostics.warnings;
    into.diagnostics.errors += run.diagnostics.errors;
    for (const pipeline::FileMeasure& f : run.largest_files)
        pipeline::rank_file(into, pipeline::FileMeasure{{}, f.bytes, 0.0}, f.path);
}

// A game an earlier part already had: counted as compile counts a duplicate, instead of as
// what its own part counted it.
void count_as_duplicate(pipeline::RunReport& run, const LoggedGame& game) {
    if (game.filtered) {
        --run.filtered.games_removed;
        for (std::size_t k = 0; k < game::kFilterKindCount; ++k) {
            if (game.filtered->misses[k])
                --run.filtered.failed[k][static_cast<std::size_t>(*game.filtered->misses[k])];
        }
    } else {
        --run.games_kept;
        run.moves_replayed -= game.legal_moves;
        if (game.stopped_by)
            subtract_one(run.games_cut,
                         std::string(diag::name(game::verdict_code(*game.stopped_by))));
    }
    ++run.games_skipped["duplicate"];
    ++run.duplicates_dropped;
    run.diagnostics.add(
        diag::Diagnostic{{}, {}, diag::Severity::Warning, diag::Code::Duplicate, {}});
}

// The games of a compile that is not written: the new games of `compile --update`, held in
// memory (they are the small part) until they are merged after the dictionary's own.
class StreamedPart final : public MergePart {
  public:
    // The options the games will be read with: what check_same_options compares, known before
    // a game is read.
    StreamedPart(const CompileOptions& options, const trackers::Zone& zone)
        : name_("the new games"), options_(options), zone_(zone) {
        run_.zones_file = options.zones_file;
        run_.forced_charset = options.stream.read.forced_charset;
        run_.handicap = options.handicap;
        run_.run.filter = options.stream.filter;
        tracking_ = index::TrackingOptions{zone, options.tracker, options.opening,
                                           options.stream.duplicates == pipeline::Duplicates::Keep}
                        .to_record();
    }

    // Reads, replays and tracks the games.
    void read() {
        stream_collection(
            options_, zone_,
            [&](const pipeline::GameSlot& slot, GameAnalysis* analysis) {
                LoggedGame game;
                game.fingerprint = slot.fingerprint.key;
                game.filtered = slot.filtered;
                if (analysis != nullptr) {
                    const game::GameInfo& info = slot.record.info;
                    game.legal_moves = slot.replay.legal_moves;
                    game.stopped_by = slot.replay.stopped_by;
                    game.year = info.year;
                    game.winner = info.winner;
                    game.analysis = std::move(*analysis);
                    texts_.push_back(Texts{info.black_player, info.white_player, info.black_rank,
                                           info.white_rank, info.date, info.event, info.result,
                                           slot.record.source_path, slot.record.index_in_file});
                }
                games_.push_back(std::move(game));
            },
            run_.run);
    }

    const std::string& name() const override { return name_; }
    const MergeRun& run() const override { return run_; }
    const index::OptionsRecord& tracking() const override { return tracking_; }

    bool next(LoggedGame& game, dictionary::GameReference& reference,
              std::vector<std::byte>& entry) override {
        if (next_game_ == games_.size()) return false;
        game = std::move(games_[next_game_++]);
        entry.clear();
        encode_logged_game(game, entry);
        if (game.filtered) return true;
        const Texts& t = texts_[next_texts_++];
        reference = dictionary::GameReference{
            t.black_player, t.white_player, t.black_rank,
            t.white_rank,   t.date,         game.year,
            t.event,        t.result,       dictionary::SourcePath::split(t.source_path),
            t.index_in_file};
        return true;
    }

  private:
    struct Texts {
        std::string black_player, white_player, black_rank, white_rank, date, event, result;
        std::string source_path;
        int index_in_file = 1;
    };
    std::string name_;
    const CompileOptions& options_;
    const trackers::Zone& zone_;
    MergeRun run_;
    index::OptionsRecord tracking_;
    std::vector<LoggedGame> games_;
    std::vector<Texts> texts_;
    std::size_t next_game_ = 0;
    std::size_t next_texts_ = 0;
};

// Whether two inputs as given name the same file or folder: the same path once normalised
// ("in/g2/" and "./in/g2"), or the same file where both can be looked at.
bool same_input(const std::string& a, const std::string& b) {
    const auto normal = [](const std::string& text) {
        std::filesystem::path path = std::filesystem::path(text).lexically_normal();
        return path.has_filename() ? path : path.parent_path();
    };
    if (normal(a) == normal(b)) return true;
    std::error_code error;
    return std::filesystem::equivalent(a, b, error) && !error;
}

struct HashOfHash128 {
    std::size_t operator()(const go::Hash128& h) const {
        return static_cast<std::size_t>(h.low ^ (h.high >> 7));
    }
};

// Games read from the parts for the builder, in order: the kept games that the filters kept,
// each with its reference (which views text of its part until the part is released). A
// batch is used again once the builder has it, games and all, so that decoding a game
// reuses the room of one read before instead of allocating its own.
struct ReadBatch {
    std::size_t part = 0;
    /// The first `count` are the batch's; the rest are room for later batches.
    std::vector<LoggedGame> games;
    std::size_t count = 0;
    std::vector<dictionary::GameReference> references;
    /// Where each game was in its part (DictionaryBuilder::add_game).
    std::vector<DictionaryBuilder::PartPlace> places;
    /// Set on the last batch of a part: the builder is done with it once it has this batch.
    std::optional<std::size_t> finished_part;

    /// Room for the next game.
    LoggedGame& next_game() {
        if (count == games.size()) games.emplace_back();
        return games[count];
    }
    /// Empties the batch, keeping its room.
    void clear() {
        count = 0;
        references.clear();
        places.clear();
        finished_part.reset();
    }
};

// Takes a filled batch and gives `batch` back empty (another one, or itself); false to stop.
using HandOver = std::function<bool(ReadBatch& batch)>;

// Reads the parts' games in order and hands them on in batches: counts a game an earlier part
// already had as a duplicate (unless duplicates are kept) and logs every other one in
// `merge_games`, as a compile of all the parts' inputs would. Stops when `hand_over` returns
// false.
void read_parts(const std::vector<MergePart*>& parts, pipeline::Duplicates duplicates,
                pipeline::RunReport& run, MergeCounts& counts, index::ByteLog& merge_games,
                const HandOver& hand_over) {
    constexpr std::size_t kBatchGames = 512;
    // A fingerprint's node is never freed before the set: from a pool, not one malloc each.
    std::pmr::monotonic_buffer_resource pool;
    std::pmr::unordered_set<go::Hash128, HashOfHash128> seen(&pool);
    dictionary::GameReference reference;
    std::vector<std::byte> entry;
    ReadBatch batch;
    for (std::size_t p = 0; p < parts.size(); ++p) {
        batch.part = p;
        // Where the next game was in the part: its number among the part's kept games, and
        // where its move numbers began (a duplicate's took their place too).
        DictionaryBuilder::PartPlace place;
        for (;;) {
            LoggedGame& game = batch.next_game();
            if (!parts[p]->next(game, reference, entry)) break;
            const DictionaryBuilder::PartPlace at = place;
            if (!game.filtered) {
                ++place.number;
                place.numbers_at += game.analysis.move_numbers.size();
            }
            if (duplicates == pipeline::Duplicates::Drop && !seen.insert(game.fingerprint).second) {
                count_as_duplicate(run, game);
                ++counts.duplicates[p];
                continue;
            }
            merge_games.append(entry);
            if (game.filtered) continue;
            ++counts.games_kept[p];
            ++batch.count;
            batch.references.push_back(reference);
            batch.places.push_back(at);
            if (batch.count == kBatchGames) {
                if (!hand_over(batch)) return;
                batch.part = p;
            }
        }
        batch.finished_part = p;
        if (!hand_over(batch)) return;
    }
}

// Runs `read` on a thread of its own, a few batches ahead of `add`, which takes them in order
// on the calling thread: reading, decoding and logging the games overlap the builder, which
// is serial. The first failure of either stops both and is rethrown.
void read_ahead(const std::function<void(const HandOver&)>& read,
                const std::function<void(const ReadBatch&)>& add) {
    constexpr std::size_t kBatchesAhead = 4;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<ReadBatch> queue;
    std::vector<ReadBatch> spare;  // batches the builder is done with
    bool done = false;             // the reader has handed over its last batch, or failed
    bool stopped = false;          // the builder failed: the reader stops
    std::exception_ptr failure;
    std::jthread reader([&] {
        try {
            read([&](ReadBatch& batch) {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return stopped || queue.size() < kBatchesAhead; });
                if (stopped) return false;
                queue.push_back(std::move(batch));
                batch = ReadBatch{};
                if (!spare.empty()) {
                    batch = std::move(spare.back());
                    spare.pop_back();
                }
                changed.notify_all();
                return true;
            });
        } catch (...) {
            const std::lock_guard lock(mutex);
            failure = std::current_exception();
        }
        const std::lock_guard lock(mutex);
        done = true;
        changed.notify_all();
    });
    try {
        ReadBatch batch;
        for (;;) {
            {
                std::unique_lock lock(mutex);
                if (!batch.games.empty()) spare.push_back(std::move(batch));
                changed.wait(lock, [&] { return done || !queue.empty(); });
                if (queue.empty()) break;
                batch = std::move(queue.front());
                queue.pop_front();
                changed.notify_all();
            }
            add(batch);
            batch.clear();
        }
    } catch (...) {
        {
            const std::lock_guard lock(mutex);
            stopped = true;
            changed.notify_all();
        }
        reader.join();
        throw;
    }
    reader.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace

std::unique_ptr<MergePart> open_index_part(const std::string& dictionary) {
    return std::make_unique<IndexPart>(dictionary);
}

CompileResult merge_dictionaries(const std::vector<std::string>& parts, const MergeOptions& options,
                                 MergeCounts& counts) {
    // Before the parts are opened: DIR may be one of them (merge DIR NEW -o DIR).
    emit::OutputSet set(options.output.output_dir);
    std::vector<std::unique_ptr<MergePart>> opened;
    std::vector<MergePart*> in_order;
    std::map<std::uint64_t, std::string> compiles;  // compile id -> the first part of it
    for (const std::string& part : parts) {
        opened.push_back(open_index_part(part));
        in_order.push_back(opened.back().get());
        // A copy of a part (a shard handed back twice under two names) would have all its
        // games counted as duplicates, where compile reads a folder given twice once.
        const std::uint64_t id = opened.back()->compiled_index()->compile_id();
        if (const auto [earlier, fresh] = compiles.try_emplace(id, part); !fresh) {
            throw std::runtime_error(part + " holds the same dictionary as " + earlier->second +
                                     " (a copy of it: the same compile id, " +
                                     index::compile_id_text(id) + "); give each PART once");
        }
    }
    return merge_parts(in_order, options, set, counts);
}

namespace {

// `options` with DIR's value of each option that shapes the tries and that the command line
// left out; `zone` is set to the zone they give (DIR's map when --zones was left out: the file
// it was read from may have changed or moved since).
CompileOptions with_dictionary_options(CompileOptions options, const OptionsLeftOut& left_out,
                                       const MergePart& dictionary, trackers::Zone& zone) {
    const index::TrackingOptions tracking =
        index::TrackingOptions::from_record(dictionary.tracking(), dictionary.name());
    const MergeRun& run = dictionary.run();
    if (left_out.zones) {
        options.zones_file = run.zones_file;
        zone = tracking.zone;
    } else {
        zone = trackers::Zone::load(options.zones_file);
    }
    if (left_out.cutoff) options.tracker.cutoff = tracking.tracker.cutoff;
    if (left_out.max_length) options.tracker.max_length = tracking.tracker.max_length;
    if (left_out.max_gap) options.tracker.max_gap = tracking.tracker.max_gap;
    if (left_out.fuseki_moves) options.opening.max_moves = tracking.opening.max_moves;
    if (left_out.fuseki_handicap) options.handicap = run.handicap;
    if (left_out.keep_duplicates) {
        options.stream.duplicates =
            tracking.duplicates_kept ? pipeline::Duplicates::Keep : pipeline::Duplicates::Drop;
    }
    if (left_out.charset) options.stream.read.forced_charset = run.forced_charset;
    if (left_out.filters) options.stream.filter = run.run.filter;
    return options;
}

// A merge takes every option that shapes the tries from its first part.
constexpr OptionsLeftOut kAllFromDictionary{true, true, true, true, true, true, true, true, true};

}  // namespace

CompileResult merge_parts(const std::vector<MergePart*>& parts, const MergeOptions& options,
                          emit::OutputSet& set, MergeCounts& counts) {
    const auto start = pipeline::StageClock::now();
    if (parts.empty()) throw std::runtime_error("merge: no part to merge");
    for (const MergePart* part : parts) check_same_options(*parts.front(), *part);
    const MergePart& first = *parts.front();

    // The options of a compile of every part's inputs: the output's from the command line,
    // those that shaped the tries and the provenance from the parts.
    trackers::Zone zone = trackers::Zone::default_zone();
    CompileOptions compile =
        with_dictionary_options(options.output, kAllFromDictionary, first, zone);
    compile.index = IndexOutput::Write;
    compile.inputs.clear();

    diag::DiagnosticList reference_problems;
    const std::vector<reference::ReferenceIndex> references =
        load_references(compile.references, reference_problems);

    CompileResult result;
    result.budget = compile.thresholds.budget;
    const unsigned threads =
        compile.stream.threads != 0 ? compile.stream.threads : std::thread::hardware_concurrency();
    for (const MergePart* part : parts) {
        add_run(result.run, part->run().run);
        compile.inputs.insert(compile.inputs.end(), part->run().run.inputs.begin(),
                              part->run().run.inputs.end());
    }
    result.run.times.threads = std::max(1U, threads);
    result.times.merge.emplace();

    DictionaryBuilder builder(compile.trie, compile.handicap);
    index::ByteLog merge_games(set.staging());
    counts.games_kept.assign(parts.size(), 0);
    counts.duplicates.assign(parts.size(), 0);
    // A compiled part's trees are read from its index when its games are in, not made again
    // from them: its games are only matched to their lines (DictionaryBuilder::end_part).
    const auto add = [&](const ReadBatch& batch) {
        const index::IndexFile* compiled = parts[batch.part]->compiled_index();
        if (compiled && !builder.part_begun()) builder.begin_part(*compiled);
        for (std::size_t i = 0; i < batch.count; ++i) {
            const LoggedGame& game = batch.games[i];
            if (compiled) {
                builder.add_game(batch.references[i], game.year, game.winner, game.analysis,
                                 batch.places[i]);
            } else {
                builder.add_game(batch.references[i], game.year, game.winner, game.analysis);
            }
        }
        if (batch.finished_part) {
            if (compiled) {
                const pipeline::StageTimer timer(result.times.merge->trees);
                builder.end_part(threads);
            }
            parts[*batch.finished_part]->release();
        }
    };
    const auto read = [&](const HandOver& hand_over) {
        read_parts(parts, compile.stream.duplicates, result.run, counts, merge_games, hand_over);
    };
    if (threads > 1) {
        read_ahead(read, add);
    } else {
        read([&](ReadBatch& batch) {
            add(batch);
            batch.clear();
            return true;
        });
    }
    builder.finish_adding();
    result.run.times.wall = pipeline::seconds_since(start);

    const std::vector<std::byte> merge_run = encode_merge_run(
        {result.run, compile.zones_file, compile.stream.read.forced_charset, compile.handicap});
    const index::MergeInput merge{merge_run, &merge_games, compile.output_arguments};
    write_collection(compile, zone, references, reference_problems, builder, &merge, set, result);
    result.times.total_wall = pipeline::seconds_since(start);
    return result;
}

CompileResult update_collection(const CompileOptions& options, const OptionsLeftOut& left_out,
                                MergeCounts& counts) {
    // The first run with --update where -o was meant: say what to do rather than that a file
    // is missing.
    // (A path that cannot be looked at, and a dictionary compiled with --no-index, are left to
    // the open below, which says why.)
    if (std::error_code error;
        !std::filesystem::exists(index::index_path(options.output_dir), error) && !error &&
        !index::holds_dictionary_files(options.output_dir))
        throw std::runtime_error(options.output_dir + ": holds no dictionary to update (no " +
                                 std::string(emit::kIndexFile) +
                                 "); make one with josekic compile INPUT... -o " +
                                 options.output_dir);
    // DIR is locked before its index is opened: an update or compile into DIR meanwhile is
    // refused, rather than replacing DIR with a set that this update then replaces in turn
    // without its games.
    emit::OutputSet set(options.output_dir);
    const std::unique_ptr<MergePart> old = open_index_part(options.output_dir);
    for (const std::string& input : options.inputs) {
        const std::vector<std::string>& before = old->run().run.inputs;
        if (std::ranges::any_of(before, [&](const std::string& b) { return same_input(input, b); }))
            counts.inputs_read_before.push_back(input);
    }
    trackers::Zone zone = trackers::Zone::default_zone();
    const CompileOptions reading = with_dictionary_options(options, left_out, *old, zone);
    StreamedPart added(reading, zone);
    // Before the new games are read: options that cannot go with DIR's are said at once.
    check_update_options(*old, added);
    added.read();
    if (options.keep_outputs && !options.keep_outputs(added.run().run)) {
        CompileResult result;
        result.run = added.run().run;
        return result;
    }
    CompileResult result = merge_parts({old.get(), &added}, MergeOptions{options}, set, counts);
    // The new games were read before the merge began.
    result.times.merge->new_games = added.run().run.times.wall;
    result.times.total_wall += result.times.merge->new_games;
    return result;
}

}  // namespace josekic::compile
