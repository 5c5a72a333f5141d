#include "compiler/pipeline/run_report.hpp"

#include <numeric>

#include "compiler/pipeline/json.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "emit/decimal_text.hpp"

namespace josekic::pipeline {

namespace {

std::uint64_t total(const std::map<std::string, std::uint64_t>& counts) {
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0},
                           [](std::uint64_t sum, const auto& entry) { return sum + entry.second; });
}

// "label ....... value" with the value starting in a fixed column.
void line(std::string& out, std::string_view label, const std::string& value, int indent = 0) {
    std::string left(static_cast<std::size_t>(indent), ' ');
    left += label;
    constexpr std::size_t kValueColumn = 32;
    if (left.size() + 1 < kValueColumn)
        left.resize(kValueColumn, ' ');
    else
        left += ' ';
    out += left + value + '\n';
}

void count_lines(std::string& out, const std::map<std::string, std::uint64_t>& counts) {
    for (const auto& [code, count] : counts) line(out, code, emit::with_thousands(count), 2);
}

}  // namespace

std::vector<std::string> filter_removal_lines(const game::GameFilter& filter,
                                              const game::FilterCounts& counts) {
    std::vector<std::string> lines;
    for (std::size_t k = 0; k < game::kFilterKindCount; ++k) {
        const auto kind = static_cast<game::FilterKind>(k);
        if (!filter.has(kind)) continue;
        const auto& failed = counts.failed[k];
        const auto words = game::miss_words(kind);
        const std::uint64_t removed = failed[0] + failed[1];
        std::string why;
        for (std::size_t m = 0; m < 2; ++m) {
            if (failed[m] == 0) continue;
            why += (why.empty() ? " (" : ", ") + emit::with_thousands(failed[m]) + " " +
                   std::string(words[m]);
        }
        if (!why.empty()) why += ")";
        lines.push_back(filter.option_text(kind) + ": " + emit::counted(removed, "game") +
                        " removed" + why);
    }
    return lines;
}

std::string render_text(const RunReport& report, Timings timings) {
    std::string out;
    std::string inputs;
    for (const std::string& input : report.inputs) inputs += (inputs.empty() ? "" : " ") + input;
    line(out, "inputs", inputs);
    line(out, "files read",
         emit::with_thousands(report.files_read) + " (" + emit::with_thousands(report.bytes_read) +
             " bytes)");
    line(out, "files skipped", emit::with_thousands(report.files_skipped.size()));
    for (const SkippedFile& f : report.files_skipped)
        out += "  " + f.path + ": " + f.message + " [" + std::string(diag::name(f.code)) + "]\n";
    if (report.josekic_files_skipped > 0) {
        line(out, "josekic's own files",
             emit::with_thousands(report.josekic_files_skipped) +
                 " (dictionaries and indexes josekic wrote; not read as games)");
    }
    line(out, "games read", emit::with_thousands(report.games_read));
    line(out, "games kept", emit::with_thousands(report.games_kept));
    line(out, "games skipped", emit::with_thousands(total(report.games_skipped)));
    count_lines(out, report.games_skipped);
    line(out, "duplicates dropped", emit::with_thousands(report.duplicates_dropped));
    if (!report.filter.empty()) {
        // A game that fails several filters counts under each of them.
        line(out, "games filtered out", emit::with_thousands(report.filtered.games_removed));
        for (const std::string& removal : filter_removal_lines(report.filter, report.filtered))
            out += "  " + removal + "\n";
    }
    line(out, "moves replayed", emit::with_thousands(report.moves_replayed));
    line(out, "games cut by an illegal move", emit::with_thousands(total(report.games_cut)));
    count_lines(out, report.games_cut);
    line(out, "diagnostics",
         emit::with_thousands(report.diagnostics.warnings) + " warnings, " +
             emit::with_thousands(report.diagnostics.errors) + " errors");
    count_lines(out, report.diagnostics.by_code);
    out += "largest files\n";
    for (const FileMeasure& f : report.largest_files)
        line(out, emit::with_thousands(f.bytes) + " bytes", f.path, 2);
    if (timings == Timings::Include) {
        out += "slowest files\n";
        for (const FileMeasure& f : report.slowest_files)
            line(out, seconds_text(f.seconds) + " s", f.path, 2);
        const StageTimes& t = report.times;
        line(out, "wall time",
             seconds_text(t.wall) + " s (" + std::to_string(t.threads) + " threads)");
        line(out, "parse", seconds_text(t.parse) + " s, summed over threads", 2);
        line(out, "replay", seconds_text(t.replay) + " s, summed over threads", 2);
        line(out, "analysis", seconds_text(t.analysis) + " s, summed over threads", 2);
        line(out, "consume", seconds_text(t.consume) + " s", 2);
    }
    return out;
}

namespace {

std::string json_counts(const std::map<std::string, std::uint64_t>& counts) {
    std::string out = "{";
    for (const auto& [code, count] : counts) {
        if (out.size() > 1) out += ", ";
        out += json_quote(code) + ": " + std::to_string(count);
    }
    return out + "}";
}

std::string json_files(const std::vector<FileMeasure>& files, Timings timings) {
    std::string out = "[";
    for (const FileMeasure& f : files) {
        if (out.size() > 1) out += ", ";
        out += "{\"path\": " + json_quote(f.path) + ", \"bytes\": " + std::to_string(f.bytes);
        if (timings == Timings::Include) out += ", \"seconds\": " + seconds_text(f.seconds);
        out += "}";
    }
    return out + "]";
}

// {"games": N, "filters": [{"filter": "--since 2017", "removed": n, "outside": a,
// "missing": b}]}: outside is older, weaker, another player...; missing undated, unranked...
std::string json_filtered(const RunReport& report) {
    std::string filters = "[";
    for (std::size_t k = 0; k < game::kFilterKindCount; ++k) {
        const auto kind = static_cast<game::FilterKind>(k);
        if (!report.filter.has(kind)) continue;
        const auto& failed = report.filtered.failed[k];
        if (filters.size() > 1) filters += ", ";
        filters += "{\"filter\": " + json_quote(report.filter.option_text(kind)) +
                   ", \"removed\": " + std::to_string(failed[0] + failed[1]) +
                   ", \"outside\": " + std::to_string(failed[0]) +
                   ", \"missing\": " + std::to_string(failed[1]) + "}";
    }
    return "{\"games\": " + std::to_string(report.filtered.games_removed) +
           ", \"filters\": " + filters + "]}";
}

}  // namespace

std::string render_json(const RunReport& report, Timings timings) {
    std::string out = "{\n";
    const auto field = [&](std::string_view name, const std::string& value) {
        if (out.size() > 2) out += ",\n";
        out += "  " + json_quote(name) + ": " + value;
    };
    std::string inputs = "[";
    for (const std::string& input : report.inputs)
        inputs += (inputs.size() > 1 ? ", " : "") + json_quote(input);
    field("inputs", inputs + "]");
    field("files_read", std::to_string(report.files_read));
    field("bytes_read", std::to_string(report.bytes_read));
    std::string skipped = "[";
    for (const SkippedFile& f : report.files_skipped) {
        if (skipped.size() > 1) skipped += ", ";
        skipped += "{\"path\": " + json_quote(f.path) +
                   ", \"code\": " + json_quote(diag::name(f.code)) +
                   ", \"message\": " + json_quote(f.message) + "}";
    }
    field("files_skipped", skipped + "]");
    if (report.josekic_files_skipped > 0)
        field("josekic_files_skipped", std::to_string(report.josekic_files_skipped));
    field("inputs_missing", std::to_string(report.inputs_missing));
    field("games_read", std::to_string(report.games_read));
    field("games_kept", std::to_string(report.games_kept));
    field("games_skipped", json_counts(report.games_skipped));
    field("duplicates_dropped", std::to_string(report.duplicates_dropped));
    if (!report.filter.empty()) field("filtered", json_filtered(report));
    field("moves_replayed", std::to_string(report.moves_replayed));
    field("games_cut", json_counts(report.games_cut));
    field("diagnostics", "{\"warnings\": " + std::to_string(report.diagnostics.warnings) +
                             ", \"errors\": " + std::to_string(report.diagnostics.errors) +
                             ", \"by_code\": " + json_counts(report.diagnostics.by_code) + "}");
    field("largest_files", json_files(report.largest_files, Timings::Omit));
    if (timings == Timings::Include) {
        field("slowest_files", json_files(report.slowest_files, Timings::Include));
        const StageTimes& t = report.times;
        field("seconds", "{\"wall\": " + seconds_text(t.wall) + ", \"parse\": " +
                             seconds_text(t.parse) + ", \"replay\": " + seconds_text(t.replay) +
                             ", \"analysis\": " + seconds_text(t.analysis) +
                             ", \"consume\": " + seconds_text(t.consume) + "}");
        field("threads", std::to_string(t.threads));
    }
    return out + "\n}\n";
}

}  // namespace josekic::pipeline
