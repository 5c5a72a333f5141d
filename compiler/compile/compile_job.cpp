#include "compiler/compile/compile_job.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "compiler/compile/compile_report.hpp"
#include "compiler/compile/node_comments.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "emit/atomic_file.hpp"
#include "emit/size_warning.hpp"
#include "emit/split.hpp"
#include "index/index_writer.hpp"
#include "prune/apply.hpp"
#include "prune/list_file.hpp"
#include "prune/report_text.hpp"
#include "reference/coverage.hpp"
#include "trackers/zone.hpp"

namespace josekic::compile {

namespace {

trackers::Zone load_zone(const std::string& zones_file) {
    if (zones_file.empty()) return trackers::Zone::default_zone();
    std::ifstream in(zones_file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read zone file " + zones_file);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    diag::DiagnosticList problems;
    std::optional<trackers::Zone> zone = trackers::Zone::from_map(text, zones_file, problems);
    if (!zone) {
        std::string message = "the zone file cannot be used:";
        for (const diag::Diagnostic& d : problems.items) message += "\n" + diag::format(d);
        throw std::runtime_error(message);
    }
    return *zone;
}

struct WrittenTree {
    std::size_t nodes = 0;
    std::size_t terminals = 0;
    std::size_t transposition_classes = 0;
    // What the tree adds to the CompileResult, kept apart so that trees can be written
    // concurrently and still be appended in a fixed order.
    std::vector<OutputFile> outputs;
    std::vector<std::string> warnings;
    DictionaryTimes times;
};

using pipeline::seconds_since;
using pipeline::StageClock;

WrittenTree write_tree(const dictionary::Trie& trie, emit::WriteOptions options,
                       const CompileOptions& compile, const std::string& stem,
                       const reference::Annotations* references) {
    WrittenTree written;
    auto start = StageClock::now();
    const dictionary::DictionaryGraph graph(trie);
    written.times.graph = seconds_since(start);
    const NodeComments comments(graph, references);
    options.extra_comments = &comments;
    const std::filesystem::path dir(compile.output_dir);
    written.transposition_classes = graph.class_count();

    const emit::SizeAdvice advice = compile.layout == Layout::SplitByFirstMove
                                        ? emit::SizeAdvice::AlreadySplit
                                        : emit::SizeAdvice::SuggestSplit;
    // Each file is streamed into its temporary file as it is formatted, so the text of a
    // dictionary is never held in memory; the time spent inside the file writes (and the
    // final fsync and rename) is told apart from the formatting for --timings.
    const auto stream = [&](const std::filesystem::path& path, dictionary::NodeId first_move,
                            const emit::WriteOptions& file_options) {
        const auto file_start = StageClock::now();
        double write_seconds = 0.0;
        emit::AtomicFile file(path);
        const emit::TextSink sink = [&](std::string_view piece) {
            const auto write_start = StageClock::now();
            file.write(piece);
            write_seconds += seconds_since(write_start);
        };
        const emit::WriteCounts counts =
            first_move == dictionary::kNoNode
                ? emit::write_dictionary(trie, file_options, sink)
                : emit::write_dictionary_part(trie, first_move, file_options, sink);
        const auto commit_start = StageClock::now();
        file.commit();
        write_seconds += seconds_since(commit_start);
        written.times.write += write_seconds;
        written.times.format += seconds_since(file_start) - write_seconds;
        written.outputs.push_back(OutputFile{path.string(), counts.bytes, counts.nodes});
        written.nodes += counts.nodes;
        written.terminals += counts.terminals;
        // The file name only: report.txt sits beside it and must not depend on -o.
        if (auto warning =
                emit::size_warning(path.filename().string(), counts.bytes, counts.nodes, advice)) {
            written.warnings.push_back(*warning);
        }
    };

    if (compile.layout == Layout::SplitByFirstMove) {
        start = StageClock::now();
        const emit::SplitPlan split = emit::plan_split(trie, options);
        written.times.format += seconds_since(start);
        for (const emit::SplitPart& part : split.parts)
            stream(dir / part.file_name, part.node, part.options);
        const auto write_start = StageClock::now();
        emit::write_file_atomically(dir / split.index_file_name, split.index_text);
        written.times.write += seconds_since(write_start);
        written.outputs.push_back(
            OutputFile{(dir / split.index_file_name).string(), split.index_text.size(), 0});
    } else {
        stream(dir / (stem + ".sgf"), dictionary::kNoNode, options);
    }
    return written;
}

void append(CompileResult& result, WrittenTree& tree) {
    for (OutputFile& f : tree.outputs) result.outputs.push_back(std::move(f));
    for (std::string& w : tree.warnings) result.warnings.push_back(std::move(w));
}

enum class Concurrency { Sequential, Concurrent };

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

std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%8.3f s", seconds);
    return text;
}

std::vector<prune::PruneList> load_prune_lists(const std::vector<std::string>& files) {
    std::vector<prune::PruneList> lists;
    std::string failures;
    for (const std::string& file : files) {
        diag::DiagnosticList problems;
        std::optional<prune::PruneList> list = prune::read_prune_list(file, problems);
        for (const diag::Diagnostic& d : problems.items) {
            if (d.severity == diag::Severity::Error) failures += "\n" + diag::format(d);
        }
        if (!list) {
            if (failures.empty()) failures += "\n" + file + ": cannot be used as a prune list";
            continue;
        }
        lists.push_back(std::move(*list));
    }
    if (!failures.empty())
        throw std::runtime_error("a prune list cannot be used; nothing was written:" + failures);
    return lists;
}

}  // namespace

CompileResult run_compile(const CompileOptions& options) {
    const auto run_start = StageClock::now();
    const trackers::Zone zone = load_zone(options.zones_file);
    const std::vector<prune::PruneList> prune_lists = load_prune_lists(options.prune_files);
    diag::DiagnosticList reference_problems;
    const std::vector<reference::ReferenceIndex> references =
        load_references(options.references, reference_problems);
    std::filesystem::create_directories(options.output_dir);

    // Sorted, so that the same inputs given in another order give the same dictionaries
    // (the first copy of a duplicate game is the first in this order).
    std::vector<std::string> inputs = options.inputs;
    std::sort(inputs.begin(), inputs.end());

    CompileResult result;
    DictionaryBuilder builder(options.trie, options.handicap);
    pipeline::stream_games<GameAnalysis>(
        inputs, options.stream,
        [&](const game::GameRecord& record, const game::ReplayResult& replay) {
            return GameAnalysis{
                trackers::extract_corners(zone, options.tracker, record, replay.legal_moves),
                trackers::normalise_opening(record, replay.legal_moves, options.opening)};
        },
        [&](const game::GameRecord& record, const game::ReplayResult&, GameAnalysis&& analysis) {
            builder.add_game(record, analysis);
        },
        result.run);
    result.joseki = builder.joseki_counts();
    result.fuseki = builder.fuseki_counts();

    std::vector<std::string> provenance = provenance_lines(options, result.run, builder);
    const bool pruning = !prune_lists.empty() || !options.thresholds.none();
    if (pruning) provenance.push_back(prune::describe_applied(prune_lists, options.thresholds));
    emit::WriteOptions write;
    write.max_games_listed = options.max_games_listed;
    write.provenance = provenance;
    write.size_limits = prune::size_limits_text(options.thresholds);

    // Prune lists and thresholds make smaller copies; the unpruned tries stay for the report.
    std::optional<prune::PruneResult> pruned_joseki;
    std::optional<prune::PruneResult> pruned_fuseki;
    if (pruning) {
        pruned_joseki.emplace(prune::apply(builder.joseki(), prune_lists, options.thresholds,
                                           emit::DictionaryKind::Joseki));
        pruned_fuseki.emplace(prune::apply(builder.fuseki(), prune_lists, options.thresholds,
                                           emit::DictionaryKind::Fuseki));
        const prune::PruneResult* both[] = {&*pruned_joseki, &*pruned_fuseki};
        result.prune_diagnostics = prune::unmatched_warnings(both);
    }
    const dictionary::Trie& joseki_trie = pruning ? pruned_joseki->trie : builder.joseki();
    const dictionary::Trie& fuseki_trie = pruning ? pruned_fuseki->trie : builder.fuseki();
    // References are corner sequences: they annotate the joseki tree only.
    std::optional<reference::Annotations> joseki_references;
    if (!references.empty())
        joseki_references.emplace(reference::annotate(joseki_trie, references));
    const reference::Annotations* joseki_notes = joseki_references ? &*joseki_references : nullptr;

    // The dictionaries are independent (the tries and the game table are only read), so
    // each gets its own thread when the run may use more than one: graph, text and fsync of
    // one overlap with the other's. Results are appended in a fixed order afterwards.
    const auto emit_start = StageClock::now();
    emit::WriteOptions joseki_write = write;
    joseki_write.kind = emit::DictionaryKind::Joseki;
    joseki_write.name = "josekic joseki dictionary";
    emit::WriteOptions fuseki_write = write;
    fuseki_write.kind = emit::DictionaryKind::Fuseki;
    fuseki_write.name = "josekic fuseki dictionary";
    emit::WriteOptions handicap_write = fuseki_write;
    handicap_write.name = "josekic fuseki dictionary: handicap and setup games";
    CompileOptions handicap_options = options;
    handicap_options.layout = Layout::SingleFile;

    WrittenTree joseki;
    WrittenTree fuseki;
    WrittenTree handicap;
    std::vector<std::function<void()>> jobs;
    jobs.emplace_back(
        [&] { joseki = write_tree(joseki_trie, joseki_write, options, "joseki", joseki_notes); });
    jobs.emplace_back(
        [&] { fuseki = write_tree(fuseki_trie, fuseki_write, options, "fuseki", nullptr); });
    if (options.handicap == HandicapFuseki::SeparateTree) {
        jobs.emplace_back([&] {
            handicap = write_tree(builder.handicap_fuseki(), handicap_write, handicap_options,
                                  "fuseki-handicap", nullptr);
        });
    }
    // The index holds the unpruned tries, whatever the SGF files keep. It is built beside
    // the dictionaries and written only once they are, so that a failed run leaves it as it was.
    std::vector<std::byte> index_bytes;
    if (options.index == IndexOutput::Write) {
        jobs.emplace_back([&] {
            index_bytes = index::build_index({&builder.games(),
                                              {&builder.joseki(), builder.joseki_lines()},
                                              {&builder.fuseki(), builder.fuseki_lines()}});
        });
    }
    const Concurrency concurrency =
        result.run.times.threads > 1 ? Concurrency::Concurrent : Concurrency::Sequential;
    // The dictionaries differ in size: a thread that has written its own formats parts of
    // the others ahead of their writers (emit_helpers.hpp), so that both cores work until
    // the end. The bytes do not depend on who formats what.
    std::optional<emit::EmitHelpers> helpers;
    if (concurrency == Concurrency::Concurrent) {
        helpers.emplace(jobs.size());
        joseki_write.helpers = &*helpers;
        fuseki_write.helpers = &*helpers;
        handicap_write.helpers = &*helpers;
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
    const std::filesystem::path index_path =
        std::filesystem::path(options.output_dir) / index::kIndexFileName;
    if (options.index == IndexOutput::Write) index::write_index(index_path, index_bytes);
    result.times.emit_wall = seconds_since(emit_start);

    result.joseki_nodes = joseki.nodes;
    result.joseki_terminals = joseki.terminals;
    result.joseki_transposition_classes = joseki.transposition_classes;
    result.times.joseki = joseki.times;
    append(result, joseki);
    result.fuseki_nodes = fuseki.nodes;
    result.fuseki_terminals = fuseki.terminals;
    result.fuseki_transposition_classes = fuseki.transposition_classes;
    result.times.fuseki = fuseki.times;
    append(result, fuseki);
    if (options.handicap == HandicapFuseki::SeparateTree) {
        result.times.handicap_fuseki = handicap.times;
        append(result, handicap);
    }
    if (options.index == IndexOutput::Write)
        result.outputs.push_back(OutputFile{index_path.string(), index_bytes.size(), 0});

    const auto report_start = StageClock::now();
    result.report_text = render_compile_report(result, builder);
    if (!references.empty()) {
        // Coverage is measured on everything that was played, before pruning; without
        // pruning the written trie is that trie and its annotations serve as they are.
        std::optional<reference::Annotations> unpruned;
        if (pruning) unpruned.emplace(reference::annotate(builder.joseki(), references));
        const reference::Annotations& everything = pruning ? *unpruned : *joseki_references;
        result.report_text += "\n" + reference::render_coverage(
                                         reference::compute_coverage(builder.joseki(), everything));
    }
    result.reference_diagnostics = std::move(reference_problems.items);
    emit::write_file_atomically(std::filesystem::path(options.output_dir) / "report.txt",
                                result.report_text);
    result.times.report = seconds_since(report_start);
    result.times.total_wall = seconds_since(run_start);
    return result;
}

std::string render_timings(const CompileResult& result) {
    const pipeline::StageTimes& s = result.run.times;
    const CompileTimes& t = result.times;
    std::string out = "timings (wall clock; parse/replay/analysis summed over " +
                      std::to_string(s.threads) + " worker threads)\n";
    const auto line = [&out](const std::string& name, double seconds) {
        out += "  " + name + std::string(name.size() < 28 ? 28 - name.size() : 1, ' ') +
               seconds_text(seconds) + "\n";
    };
    line("read+parse+track (stream)", s.wall);
    line("  parse (workers)", s.parse);
    line("  replay (workers)", s.replay);
    line("  analysis/track (workers)", s.analysis);
    line("  merge into tries", s.consume);
    line("emit (all dictionaries)", t.emit_wall);
    line("  joseki graph", t.joseki.graph);
    line("  joseki format", t.joseki.format);
    line("  joseki write", t.joseki.write);
    line("  fuseki graph", t.fuseki.graph);
    line("  fuseki format", t.fuseki.format);
    line("  fuseki write", t.fuseki.write);
    line("report", t.report);
    line("total", t.total_wall);
    return out;
}

}  // namespace josekic::compile
