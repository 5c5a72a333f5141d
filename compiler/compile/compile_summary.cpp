#include "compiler/compile/compile_summary.hpp"

#include "emit/decimal_text.hpp"
#include "prune/report_text.hpp"

namespace josekic::compile {

using emit::with_thousands;

std::string render_games_read(const pipeline::RunReport& run) {
    std::string out = "read " + emit::counted(run.games_read, "game") + " in " +
                      emit::counted(run.files_read, "file");
    if (!run.files_skipped.empty())
        out += " (" + with_thousands(run.files_skipped.size()) +
               (run.files_skipped.size() == 1 ? " file" : " files") + " not read)";
    if (run.josekic_files_skipped > 0) {
        out += " (" + with_thousands(run.josekic_files_skipped) +
               (run.josekic_files_skipped == 1 ? " file" : " files") +
               " written by josekic left out: not games)";
    }
    out += "; used " + with_thousands(run.games_kept);
    const std::uint64_t skipped = run.games_read - run.games_kept - run.filtered.games_removed;
    out += ", skipped " + with_thousands(skipped);
    if (skipped != 0) {
        std::string reasons;
        for (const auto& [reason, count] : run.games_skipped)
            reasons += (reasons.empty() ? "" : ", ") + with_thousands(count) + " " + reason;
        out += " (" + reasons + ")";
    }
    if (!run.filter.empty()) {
        out += ", filtered out " + with_thousands(run.filtered.games_removed) + " (" +
               run.filter.describe() + ")";
    }
    return out;
}

std::string render_compile_summary(const CompileResult& result, const std::string& report_path) {
    std::string out = render_games_read(result.run) + "\n";
    bool any_cut = false;
    for (const DictionaryOutput* dictionary : result.outputs()) {
        for (const OutputFile& file : dictionary->files) {
            out += "wrote " + file.path + ": ";
            if (file.nodes != 0)
                out += with_thousands(file.nodes) + (file.nodes == 1 ? " node, " : " nodes, ");
            // In kB as the size warnings count them, bytes for a file too small for that.
            out += file.bytes < 10'000 ? with_thousands(file.bytes) + " bytes"
                                       : with_thousands(file.bytes / 1000) + " kB";
            if (file.budget_min_count > 0) {
                out += " (lines seen fewer than " + with_thousands(file.budget_min_count) +
                       " times left out)";
                any_cut = true;
            }
            out += "\n";
        }
    }
    if (any_cut) {
        out += "budget: " + prune::budget_text(result.budget) + "; --full writes every line" +
               (result.index_output ? ", and josekic lookup finds them all in the index" : "") +
               "\n";
    }
    out += "report: " + report_path + "\n";
    return out;
}

}  // namespace josekic::compile
