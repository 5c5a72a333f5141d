#include "compiler/compile/compile_job.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <latch>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>

#include "compiler/compile/compile_report.hpp"
#include "compiler/compile/index_build.hpp"
#include "compiler/compile/merge_log.hpp"
#include "compiler/compile/node_comments.hpp"
#include "compiler/compile/side_stats_builder.hpp"
#include "compiler/compile/trends.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "core/input/walker.hpp"
#include "emit/atomic_file.hpp"
#include "emit/dictionary_file.hpp"
#include "emit/output_set.hpp"
#include "emit/set_files.hpp"
#include "index/index_options.hpp"
#include "index/index_reader.hpp"
#include "index/index_writer.hpp"
#include "prune/apply.hpp"
#include "prune/report_text.hpp"
#include "reference/coverage.hpp"
#include "trackers/zone.hpp"

namespace josekic::compile {

namespace {

using pipeline::seconds_since;
using pipeline::StageClock;
using pipeline::StageTimer;

enum class Concurrency { Sequential, Concurrent };

// Jobs after the stream get a thread each when the run may use more than one.
Concurrency concurrency_of(const CompileResult& result) {
    return result.run.times.threads > 1 ? Concurrency::Concurrent : Concurrency::Sequential;
}

// Runs the jobs on threads of their own (Concurrent), or one after the other; the first
// exception in job order is rethrown once all have finished.
void run_jobs(std::vector<std::function<void()>>& jobs, Concurrency concurrency) {
    std::vector<std::exception_ptr> failures(jobs.size());
    const auto guarded = [&](std::size_t i) {
        try {
            jobs[i]();
        } catch (...) {
            failures[i] = std::current_exception();
        }
    };
    if (concurrency == Concurrency::Concurrent) {
        std::vector<std::jthread> threads;
        for (std::size_t i = 1; i < jobs.size(); ++i) threads.emplace_back(guarded, i);
        if (!jobs.empty()) guarded(0);
    } else {
        for (std::size_t i = 0; i < jobs.size(); ++i) guarded(i);
    }
    for (const std::exception_ptr& failure : failures) {
        if (failure) std::rethrow_exception(failure);
    }
}

// The tries to write, after pruning, and what the joseki one's reference notes are.
struct DictionariesToWrite {
    const dictionary::Trie* joseki;
    const dictionary::Trie* fuseki;
    const dictionary::SideStats* joseki_side;
    const dictionary::SideStats* fuseki_side;
    /// One tree per canonical setup; empty without --fuseki-handicap.
    const std::vector<SetupFuseki>* handicap_fuseki;
    const std::vector<reference::ReferenceIndex>* joseki_references;
};

// --fuseki-handicap: one game tree per canonical setup, all in one collection file, each root
// showing its stones (AB/AW), named after them and counting only its own games.
DictionaryOutput write_setup_collection(const std::vector<SetupFuseki>& trees,
                                        const emit::WriteOptions& options,
                                        const prune::Thresholds& thresholds,
                                        const std::filesystem::path& path) {
    // With no handicap game the file still holds one (empty) dictionary.
    const dictionary::Trie empty(std::make_shared<dictionary::GameTable>());
    const dictionary::Setup no_setup;
    std::vector<CollectionEntry> entries;
    for (const SetupFuseki& tree : trees) {
        emit::WriteOptions tree_options = options;
        tree_options.setup = *tree.setup;
        tree_options.name = options.name + ": " + dictionary::describe(*tree.setup);
        entries.push_back({tree.trie, std::move(tree_options)});
    }
    if (entries.empty()) {
        emit::WriteOptions empty_options = options;
        empty_options.name = options.name + ": " + dictionary::describe(no_setup);
        entries.push_back({&empty, std::move(empty_options)});
    }
    return write_annotated_collection(entries, thresholds, path);
}

// Writes the dictionaries into result's outputs. They are independent (the tries and the game
// table are only read), so each gets its own thread when the run may use more than one:
// graph, text and fsync of one overlap with the other's.
void write_dictionaries(const DictionariesToWrite& tries, const emit::WriteOptions& common,
                        const CompileOptions& options, const std::filesystem::path& dir,
                        CompileResult& result) {
    const DictionaryTarget split_or_single{dir, options.layout};
    const auto target = [&](const std::string& stem) {
        return options.layout == Layout::SplitByFirstMove
                   ? split_or_single
                   : DictionaryTarget{dir / (stem + ".sgf"), Layout::SingleFile};
    };
    emit::WriteOptions joseki = common;
    joseki.kind = emit::DictionaryKind::Joseki;
    joseki.name = "josekic joseki dictionary";
    emit::WriteOptions fuseki = common;
    fuseki.kind = emit::DictionaryKind::Fuseki;
    fuseki.name = "josekic fuseki dictionary";
    emit::WriteOptions handicap = fuseki;
    handicap.name = kHandicapFusekiName;
    // The index holds no handicap tree: a line cut from these is not in it either.
    handicap.cut_lines = emit::CutLines::NotIndexed;
    // Handicap trees keep no line log, so no era counts or players.
    joseki.side = tries.joseki_side;
    fuseki.side = tries.fuseki_side;

    const Concurrency concurrency = concurrency_of(result);
    // The dictionaries differ in size: a thread that has written its own formats parts of
    // the others ahead of their writers (emit_helpers.hpp), so that both cores work until
    // the end. The bytes do not depend on who formats what.
    const std::size_t job_count = tries.handicap_fuseki != nullptr ? 3 : 2;
    std::optional<emit::EmitHelpers> helpers;
    if (concurrency == Concurrency::Concurrent) {
        helpers.emplace(job_count);
        joseki.helpers = &*helpers;
        fuseki.helpers = &*helpers;
        handicap.helpers = &*helpers;
    }
    std::vector<std::function<void()>> jobs;
    jobs.emplace_back([&] {
        result.joseki_output = write_annotated_dictionary(
            *tries.joseki, joseki, options.thresholds, tries.joseki_references, target("joseki"));
    });
    jobs.emplace_back([&] {
        result.fuseki_output = write_annotated_dictionary(*tries.fuseki, fuseki, options.thresholds,
                                                          nullptr, target("fuseki"));
    });
    if (tries.handicap_fuseki != nullptr) {
        jobs.emplace_back([&] {
            result.handicap_fuseki_output =
                write_setup_collection(*tries.handicap_fuseki, handicap, options.thresholds,
                                       dir / emit::kHandicapFusekiFile);
        });
    }
    if (helpers) {
        for (std::function<void()>& job : jobs) {
            job = [&helpers, own = std::move(job)] {
                try {
                    own();
                } catch (...) {
                    helpers->job_done();
                    helpers->help();
                    throw;
                }
                helpers->job_done();
                helpers->help();
            };
        }
    }
    run_jobs(jobs, concurrency);
}

}  // namespace

std::vector<DictionaryOutput*> CompileResult::outputs() {
    std::vector<DictionaryOutput*> all{&joseki_output, &fuseki_output};
    if (handicap_fuseki_output) all.push_back(&*handicap_fuseki_output);
    if (index_output) all.push_back(&*index_output);
    return all;
}

std::vector<const DictionaryOutput*> CompileResult::outputs() const {
    const std::vector<DictionaryOutput*> all = const_cast<CompileResult*>(this)->outputs();
    return {all.begin(), all.end()};
}

void stream_collection(const CompileOptions& options, const trackers::Zone& zone,
                       const std::function<void(const pipeline::GameSlot&, GameAnalysis*)>& add,
                       pipeline::RunReport& run) {
    // Sorted, so that the same inputs given in another order give the same dictionaries
    // (the first copy of a duplicate game is the first in this order).
    const std::vector<std::string> inputs = input::sorted_inputs(options.inputs);
    pipeline::StreamOptions stream = options.stream;
    const pipeline::GameSlot* kept = nullptr;
    stream.on_unique_game = [&](const pipeline::GameSlot& slot) {
        if (slot.filtered)
            add(slot, nullptr);
        else
            kept = &slot;  // handed on with its analysis, which consume receives next
    };
    const bool patterns =
        options.index == IndexOutput::Write && options.patterns == PatternOutput::Write;
    pipeline::stream_games<GameAnalysis>(
        inputs, stream,
        [&](const game::GameRecord& record, const game::ReplayResult& replay) {
            return analyse_game(zone, options.tracker, options.opening, record, replay.legal_moves,
                                patterns ? CollectPatterns::Yes : CollectPatterns::No);
        },
        [&](const game::GameRecord&, const game::ReplayResult&, GameAnalysis&& analysis) {
            add(*kept, &analysis);
        },
        run);
}

void write_collection(const CompileOptions& options, const trackers::Zone& zone,
                      const std::vector<reference::ReferenceIndex>& references,
                      diag::DiagnosticList& reference_problems, DictionaryBuilder& builder,
                      const index::MergeInput* merge, emit::OutputSet& set, CompileResult& result) {
    const std::vector<prune::PruneList>& prune_lists = options.prune_lists;
    const std::filesystem::path& staging = set.staging();
    // Errors name the files where readers will find them, not in the staging directory.
    try {
        result.joseki = builder.joseki_counts();
        result.fuseki = builder.fuseki_counts();
        const dictionary::Eras eras =
            options.eras ? *options.eras : dictionary::default_eras(builder.games_per_year());
        const Concurrency concurrency = concurrency_of(result);

        // The index holds the unpruned tries, whatever the SGF files keep: it needs nothing that
        // follows, so it starts now (index_build.hpp). It alone reads the lines grouped by end
        // node: they are grouped while it writes the games.
        const auto index_path = staging / emit::kIndexFile;
        const bool index_beside =
            options.index == IndexOutput::Write && concurrency == Concurrency::Concurrent;
        // Before the build, which may wait on it: a failure later unwinds the build (joining its
        // thread) first. Opened also when grouping fails, which the build then sees in
        // grouping_failed (written before the latch opens, read after): it stops instead of
        // waiting for ever, or writing the ungrouped lines.
        std::latch lines_grouped(1);
        bool grouping_failed = false;
        std::optional<IndexBuild> index_build;
        if (options.index == IndexOutput::Write) {
            index_build.emplace(
                index_path,
                [&](emit::AtomicFile& file) {
                    index::TrackingOptions tracking{
                        zone, options.tracker, options.opening,
                        options.stream.duplicates == pipeline::Duplicates::Keep};
                    return index::write_index(
                        {&builder.games(),
                         {&builder.joseki(), builder.joseki_lines(), builder.joseki_move_numbers()},
                         {&builder.fuseki(), builder.fuseki_lines(), {}},
                         tracking.to_record(),
                         merge,
                         builder.patterns(),
                         [&lines_grouped, &grouping_failed] {
                             lines_grouped.wait();
                             if (grouping_failed)
                                 throw std::runtime_error("the lines were not grouped by end");
                         },
                         options.pattern_summaries_above,
                         &result.times.index_parts},
                        file);
                },
                result.times.index_build);
            if (index_beside) index_build->start_beside();
            try {
                builder.group_lines_by_end();
            } catch (...) {
                grouping_failed = true;
                lines_grouped.count_down();
                throw;
            }
            lines_grouped.count_down();
        }

        std::optional<dictionary::SideStats> joseki_side_stats;
        std::optional<dictionary::SideStats> fuseki_side_stats;
        {
            // Each walks its own trie and lines, on a core of its own unless the index is being
            // built on the other: the main thread waits for the index in the end anyway, and two
            // at once beside it would hold both trees' working tables with the index's largest.
            std::vector<std::function<void()>> jobs{
                [&] {
                    joseki_side_stats.emplace(
                        compute_side_stats(builder.joseki(), builder.joseki_lines(), eras));
                },
                [&] {
                    fuseki_side_stats.emplace(
                        compute_side_stats(builder.fuseki(), builder.fuseki_lines(), eras));
                }};
            run_jobs(jobs, index_beside ? Concurrency::Sequential : concurrency);
        }
        const dictionary::SideStats& joseki_side = *joseki_side_stats;
        const dictionary::SideStats& fuseki_side = *fuseki_side_stats;

        std::vector<std::string> provenance = provenance_lines(options, result.run, builder, eras);
        const bool pruning = !prune_lists.empty() || !options.thresholds.none();
        if (pruning) provenance.push_back(prune::describe_applied(prune_lists, options.thresholds));
        emit::WriteOptions write;
        write.max_games_listed = options.max_games_listed;
        write.provenance = provenance;
        if (options.index == IndexOutput::Write) {
            write.cut_lines = emit::CutLines::InIndex;
            // Filled in once the index is written: its id depends on all of it.
            write.compile_id = index::compile_id_text(0);
        }

        // Prune lists and thresholds make smaller copies; the unpruned tries stay for the report.
        std::optional<prune::PruneResult> pruned_joseki;
        std::optional<prune::PruneResult> pruned_fuseki;
        if (pruning) {
            pruned_joseki.emplace(prune::apply(builder.joseki(), prune_lists, options.thresholds,
                                               emit::DictionaryKind::Joseki, &joseki_side));
            pruned_fuseki.emplace(prune::apply(builder.fuseki(), prune_lists, options.thresholds,
                                               emit::DictionaryKind::Fuseki, &fuseki_side));
        }
        // The handicap trees are pruned like the others, tree by tree: their files say so.
        std::vector<SetupFuseki> handicap_trees = builder.handicap_fuseki();
        std::vector<prune::PruneResult> pruned_handicap;
        if (pruning) {
            pruned_handicap.reserve(handicap_trees.size());  // the trees point into it
            for (SetupFuseki& tree : handicap_trees) {
                pruned_handicap.push_back(prune::apply(*tree.trie, prune_lists, options.thresholds,
                                                       emit::DictionaryKind::Fuseki));
                tree.trie = &pruned_handicap.back().trie;
            }
            std::vector<const prune::PruneResult*> every_tree{&*pruned_joseki, &*pruned_fuseki};
            for (const prune::PruneResult& tree : pruned_handicap) every_tree.push_back(&tree);
            result.prune_diagnostics = prune::unmatched_warnings(every_tree);
        }
        const dictionary::Trie& joseki_trie = pruning ? pruned_joseki->trie : builder.joseki();
        const dictionary::Trie& fuseki_trie = pruning ? pruned_fuseki->trie : builder.fuseki();
        const dictionary::SideStats& joseki_side_written =
            pruning ? *pruned_joseki->side : joseki_side;
        const dictionary::SideStats& fuseki_side_written =
            pruning ? *pruned_fuseki->side : fuseki_side;

        {
            const StageTimer timer(result.times.emit_wall);
            write_dictionaries(
                {&joseki_trie, &fuseki_trie, &joseki_side_written, &fuseki_side_written,
                 options.handicap == HandicapFuseki::SeparateTree ? &handicap_trees : nullptr,
                 // References are corner sequences: they annotate the joseki tree only.
                 &references},
                write, options, staging, result);
        }
        if (index_build) {
            const std::uint64_t index_size = index_build->finish(result.times.index_write);
            result.index_output.emplace();
            result.index_output->files.push_back(OutputFile{index_path.string(), index_size, 0});
            const std::string id =
                index::compile_id_text(index::IndexFile::open(index_path).compile_id());
            for (const DictionaryOutput* dictionary : result.outputs()) {
                for (const OutputFile& file : dictionary->files)
                    emit::write_compile_id(file.path, file.compile_id_offsets, id);
            }
        }

        {
            const StageTimer timer(result.times.report);
            result.report_text = render_compile_report(result, builder, options.output_arguments);
            // Over everything that was played, before pruning, like the coverage.
            result.report_text +=
                "\nTrends\n" +
                render_trends(builder.joseki(), joseki_side, emit::DictionaryKind::Joseki,
                              builder.first_year(), builder.last_year()) +
                render_trends(builder.fuseki(), fuseki_side, emit::DictionaryKind::Fuseki,
                              builder.first_year(), builder.last_year());
            if (!references.empty()) {
                // Coverage is measured on everything that was played, before pruning.
                const reference::Annotations everything =
                    reference::annotate(builder.joseki(), references);
                result.report_text += "\n" + reference::render_coverage(reference::compute_coverage(
                                                 builder.joseki(), everything));
            }
            result.reference_diagnostics = std::move(reference_problems.items);
            emit::write_file_atomically(staging / emit::kReportFile, result.report_text);
        }
        set.commit();
        result.written = true;
        // Named as readers find them, in DIR.
        try {
            for (DictionaryOutput* dictionary : result.outputs()) {
                for (OutputFile& file : dictionary->files)
                    file.path =
                        set.final_path(std::filesystem::path(file.path).filename().string());
            }
        } catch (const std::bad_alloc&) {
            throw emit::CommittedError(options.output_dir + ": out of memory after the commit");
        }
    } catch (const emit::CommittedError& e) {
        throw emit::CommittedError(set.with_final_paths(e.what()));
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(set.with_final_paths(e.what()));
    }
}

CompileResult compile_collection(const CompileOptions& options) {
    const auto run_start = StageClock::now();
    const trackers::Zone zone = trackers::Zone::load(options.zones_file);
    diag::DiagnosticList reference_problems;
    const std::vector<reference::ReferenceIndex> references =
        load_references(options.references, reference_problems);
    // Every file goes into a new set that replaces DIR's old one whole, at the end; made now,
    // so that a second run into DIR meanwhile is refused at once (OutputSet's lock).
    emit::OutputSet set(options.output_dir);

    CompileResult result;
    result.budget = options.thresholds.budget;
    DictionaryBuilder builder(options.trie, options.handicap);
    if (options.index == IndexOutput::Write && options.patterns == PatternOutput::Write)
        builder.collect_patterns(set.staging());
    // The games as merge replays them (merge_log.hpp), into the index beside the tries.
    std::optional<index::ByteLog> merge_games;
    if (options.index == IndexOutput::Write) merge_games.emplace(set.staging());
    std::vector<std::byte> entry;
    stream_collection(
        options, zone,
        [&](const pipeline::GameSlot& slot, GameAnalysis* analysis) {
            if (merge_games) {
                entry.clear();
                encode_logged_game(slot, analysis, entry);
                merge_games->append(entry);
            }
            if (analysis != nullptr) builder.add_game(slot.record, *analysis);
        },
        result.run);
    builder.finish_adding();
    if (options.keep_outputs && !options.keep_outputs(result.run)) {
        result.times.total_wall = seconds_since(run_start);
        return result;
    }
    const std::vector<std::byte> merge_run = encode_merge_run(
        {result.run, options.zones_file, options.stream.read.forced_charset, options.handicap});
    index::MergeInput merge{merge_run, merge_games ? &*merge_games : nullptr,
                            options.output_arguments};
    write_collection(options, zone, references, reference_problems, builder,
                     merge_games ? &merge : nullptr, set, result);
    result.times.total_wall = seconds_since(run_start);
    return result;
}

}  // namespace josekic::compile
