#include "compiler/pipeline/run_report.hpp"

#include <cstdlib>
#include <numeric>

#include "compiler/pipeline/stage_clock.hpp"
#include "core/diag/terminal_text.hpp"
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
        out += "  " + diag::terminal_text(f.path) + ": " + diag::terminal_text(f.message) + " [" +
               std::string(diag::name(f.code)) + "]\n";
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
         emit::counted(report.diagnostics.warnings, "warning") + ", " +
             emit::counted(report.diagnostics.errors, "error"));
    count_lines(out, report.diagnostics.by_code);
    out += "largest files\n";
    for (const FileMeasure& f : report.largest_files)
        line(out, emit::with_thousands(f.bytes) + " bytes", diag::terminal_text(f.path), 2);
    if (timings == Timings::Include) {
        out += "slowest files\n";
        for (const FileMeasure& f : report.slowest_files)
            line(out, seconds_text(f.seconds) + " s", diag::terminal_text(f.path), 2);
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

using emit::Json;

Json json_counts(const std::map<std::string, std::uint64_t>& counts) {
    Json out = Json::object();
    for (const auto& [code, count] : counts) out[code] = count;
    return out;
}

// Seconds to the millisecond, as the text report gives them.
Json json_seconds(double seconds) {
    return std::strtod(seconds_text(seconds).c_str(), nullptr);
}

Json json_files(const std::vector<FileMeasure>& files, Timings timings) {
    Json out = Json::array();
    for (const FileMeasure& f : files) {
        Json file{{"path", f.path}, {"bytes", f.bytes}};
        if (timings == Timings::Include) file["seconds"] = json_seconds(f.seconds);
        out.push_back(std::move(file));
    }
    return out;
}

// {"games": N, "filters": [{"filter": "--since 2017", "removed": n, "outside": a,
// "missing": b}]}: outside is older, weaker, another player...; missing undated, unranked...
Json json_filtered(const RunReport& report) {
    Json filters = Json::array();
    for (std::size_t k = 0; k < game::kFilterKindCount; ++k) {
        const auto kind = static_cast<game::FilterKind>(k);
        if (!report.filter.has(kind)) continue;
        const auto& failed = report.filtered.failed[k];
        filters.push_back({{"filter", report.filter.option_text(kind)},
                           {"removed", failed[0] + failed[1]},
                           {"outside", failed[0]},
                           {"missing", failed[1]}});
    }
    return Json{{"games", report.filtered.games_removed}, {"filters", std::move(filters)}};
}

}  // namespace

Json report_json(const RunReport& report, Timings timings) {
    Json out;
    out["inputs"] = report.inputs;
    out["files_read"] = report.files_read;
    out["bytes_read"] = report.bytes_read;
    Json skipped = Json::array();
    for (const SkippedFile& f : report.files_skipped) {
        skipped.push_back(
            {{"path", f.path}, {"code", std::string(diag::name(f.code))}, {"message", f.message}});
    }
    out["files_skipped"] = std::move(skipped);
    if (report.josekic_files_skipped > 0)
        out["josekic_files_skipped"] = report.josekic_files_skipped;
    out["inputs_missing"] = report.inputs_missing;
    out["games_read"] = report.games_read;
    out["games_kept"] = report.games_kept;
    out["games_skipped"] = json_counts(report.games_skipped);
    out["duplicates_dropped"] = report.duplicates_dropped;
    if (!report.filter.empty()) out["filtered"] = json_filtered(report);
    out["moves_replayed"] = report.moves_replayed;
    out["games_cut"] = json_counts(report.games_cut);
    out["diagnostics"] = Json{{"warnings", report.diagnostics.warnings},
                              {"errors", report.diagnostics.errors},
                              {"by_code", json_counts(report.diagnostics.by_code)}};
    out["largest_files"] = json_files(report.largest_files, Timings::Omit);
    if (timings == Timings::Include) {
        out["slowest_files"] = json_files(report.slowest_files, Timings::Include);
        const StageTimes& t = report.times;
        out["seconds"] = Json{{"wall", json_seconds(t.wall)},
                              {"parse", json_seconds(t.parse)},
                              {"replay", json_seconds(t.replay)},
                              {"analysis", json_seconds(t.analysis)},
                              {"consume", json_seconds(t.consume)}};
        out["threads"] = t.threads;
    }
    return out;
}

std::string render_json(const RunReport& report, Timings timings) {
    return emit::json_report_text(report_json(report, timings));
}

}  // namespace josekic::pipeline
