#include "compiler/compile/compile_timings.hpp"

#include "compiler/pipeline/stage_clock.hpp"

namespace josekic::compile {

std::string render_timings(const CompileResult& result) {
    const pipeline::StageTimes& s = result.run.times;
    const CompileTimes& t = result.times;
    std::string out = t.merge ? "timings (wall clock; " + std::to_string(s.threads) + " threads)\n"
                              : "timings (wall clock; parse/replay/analysis summed over " +
                                    std::to_string(s.threads) + " worker threads)\n";
    const auto line = [&out](const std::string& name, double seconds) {
        const std::string value = pipeline::seconds_text(seconds);
        out += "  " + name + std::string(name.size() < 28 ? 28 - name.size() : 1, ' ') +
               std::string(value.size() < 8 ? 8 - value.size() : 0, ' ') + value + " s\n";
    };
    if (const std::optional<MergeTimes>& merge = t.merge) {
        if (merge->new_games > 0) line("new games (stream)", merge->new_games);
        line("read parts (games, trees)", s.wall);
        line("  compiled parts' trees", merge->trees);
    } else {
        line("read+parse+track (stream)", s.wall);
        line("  parse (workers)", s.parse);
        line("  replay (workers)", s.replay);
        line("  analysis/track (workers)", s.analysis);
        line("  merge into tries", s.consume);
    }
    line("emit (all dictionaries)", t.emit_wall);
    const auto dictionary = [&line](const std::string& name, const DictionaryTimes& times) {
        line("  " + name + " graph", times.graph);
        line("  " + name + " format", times.format);
        line("  " + name + " write", times.write);
    };
    dictionary("joseki", result.joseki_output.times);
    dictionary("fuseki", result.fuseki_output.times);
    if (result.index_output) {
        // Built beside everything after the stream, so it overlaps the lines above.
        line("index build (beside)", t.index_build);
        line("  games", t.index_parts.games);
        line("  joseki tree", t.index_parts.joseki);
        line("  fuseki tree", t.index_parts.fuseki);
        line("  position table", t.index_parts.positions);
        if (t.index_parts.patterns > 0) line("  corner patterns", t.index_parts.patterns);
        line("  wait and write", t.index_write);
    }
    line("report", t.report);
    line("total", t.total_wall);
    return out;
}

}  // namespace josekic::compile
