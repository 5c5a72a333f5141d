#include "compiler/compile/compile_job.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "compiler/compile/compile_report.hpp"
#include "compiler/dictionary/dictionary_graph.hpp"
#include "emit/atomic_file.hpp"
#include "emit/size_warning.hpp"
#include "emit/split.hpp"
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

// The transposition sentence of a node's comment, empty when it has none.
std::string transposition_text(const dictionary::DictionaryGraph& graph, dictionary::NodeId node) {
    const dictionary::TranspositionSummary t = graph.transpositions_of(node);
    if (t.other_orders == 0) return {};
    std::ostringstream out;
    out << "Transposition: this position is also reached by " << t.other_orders << " other move order"
        << (t.other_orders == 1 ? "" : "s") << " (" << t.other_games << " times; " << t.class_games
        << " in all), most often " << dictionary::format_line(t.most_frequent_other_path);
    return out.str();
}

struct WrittenTree {
    std::size_t nodes = 0;
    std::size_t terminals = 0;
    std::size_t transposition_classes = 0;
};

WrittenTree write_tree(const dictionary::Trie& trie, emit::WriteOptions options, const CompileOptions& compile,
                       const std::string& stem, CompileResult& result) {
    const dictionary::DictionaryGraph graph(trie);
    options.extra_comment = [&graph](dictionary::NodeId node) { return transposition_text(graph, node); };
    const std::filesystem::path dir(compile.output_dir);
    WrittenTree written;
    written.transposition_classes = graph.class_count();

    const auto record = [&](const std::filesystem::path& path, const emit::WrittenDictionary& dictionary) {
        emit::write_file_atomically(path, dictionary.text);
        result.outputs.push_back(OutputFile{path.string(), dictionary.text.size(), dictionary.nodes});
        if (auto warning = emit::size_warning(path.string(), dictionary.text.size(), dictionary.nodes)) {
            result.warnings.push_back(*warning);
        }
    };

    if (compile.layout == Layout::SplitByFirstMove) {
        const emit::SplitDictionary split = emit::split_by_first_move(trie, options);
        for (const emit::SplitFile& file : split.files) {
            record(dir / file.file_name, file.dictionary);
            written.nodes += file.dictionary.nodes;
            written.terminals += file.dictionary.terminals;
        }
        emit::write_file_atomically(dir / split.index_file_name, split.index_text);
        result.outputs.push_back(OutputFile{(dir / split.index_file_name).string(), split.index_text.size(), 0});
    } else {
        const emit::WrittenDictionary dictionary = emit::write_dictionary(trie, options);
        record(dir / (stem + ".sgf"), dictionary);
        written.nodes = dictionary.nodes;
        written.terminals = dictionary.terminals;
    }
    return written;
}

}  // namespace

CompileResult run_compile(const CompileOptions& options) {
    const trackers::Zone zone = load_zone(options.zones_file);
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
            return GameAnalysis{trackers::extract_corners(zone, options.tracker, record, replay.legal_moves),
                                trackers::normalise_opening(record, replay.legal_moves, options.opening)};
        },
        [&](const game::GameRecord& record, const game::ReplayResult&, GameAnalysis&& analysis) {
            builder.add_game(record, analysis);
        },
        result.run);
    result.joseki = builder.joseki_counts();
    result.fuseki = builder.fuseki_counts();

    const std::vector<std::string> provenance = provenance_lines(options, result.run, builder);
    emit::WriteOptions write;
    write.limits = options.limits;
    write.max_games_listed = options.max_games_listed;
    write.provenance = provenance;

    write.kind = emit::DictionaryKind::Joseki;
    write.name = "josekic joseki dictionary";
    const WrittenTree joseki = write_tree(builder.joseki(), write, options, "joseki", result);
    result.joseki_nodes = joseki.nodes;
    result.joseki_terminals = joseki.terminals;
    result.joseki_transposition_classes = joseki.transposition_classes;

    write.kind = emit::DictionaryKind::Fuseki;
    write.name = "josekic fuseki dictionary";
    const WrittenTree fuseki = write_tree(builder.fuseki(), write, options, "fuseki", result);
    result.fuseki_nodes = fuseki.nodes;
    result.fuseki_terminals = fuseki.terminals;
    result.fuseki_transposition_classes = fuseki.transposition_classes;

    if (options.handicap == HandicapFuseki::SeparateTree) {
        write.name = "josekic fuseki dictionary: handicap and setup games";
        CompileOptions handicap_options = options;
        handicap_options.layout = Layout::SingleFile;
        write_tree(builder.handicap_fuseki(), write, handicap_options, "fuseki-handicap", result);
    }

    result.report_text = render_compile_report(result, builder);
    emit::write_file_atomically(std::filesystem::path(options.output_dir) / "report.txt", result.report_text);
    return result;
}

}  // namespace josekic::compile
