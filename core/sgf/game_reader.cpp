#include "core/sgf/game_reader.hpp"

#include <string>
#include <utility>
#include <vector>

#include "core/sgf/charset.hpp"
#include "core/sgf/cjk_detection.hpp"
#include "core/sgf/clean_game_reader.hpp"
#include "core/sgf/game_builder.hpp"
#include "core/sgf/sgf_tree.hpp"

namespace josekic::sgf {

namespace {

/// The general way: the whole collection parsed into trees (with every repair and its
/// diagnostic), then one record per tree.
std::vector<game::GameRecord> read_parsed_games(std::string_view text, std::string_view path,
                                                const ReadOptions& options,
                                                FileConversion conversion,
                                                const std::string& fallback, bool doubt_fallback,
                                                diag::DiagnosticSink& sink) {
    const std::vector<SgfTree> trees = parse_collection(text, path, sink);
    std::vector<game::GameRecord> games;
    games.reserve(trees.size());
    TextDecoder decoder(path, sink, fallback);
    if (doubt_fallback) decoder.doubt_fallback();
    GameBuilder builder(path, decoder, sink);
    for (std::size_t i = 0; i < trees.size(); ++i) {
        select_charset(decoder, trees[i].nodes[0], options, conversion);
        game::GameRecord g = read_tree_game(trees[i], path, builder);
        g.index_in_file = static_cast<int>(i) + 1;
        games.push_back(std::move(g));
    }
    return games;
}

/// A file's text as the parsers read it, and what its games' text decodes from.
struct FileText {
    PreparedText prepared;
    FileConversion conversion = FileConversion::None;
    std::string fallback;  ///< the charset of games without CA
    /// It could as well be ISO-8859-1 (could_be_latin1()), and no --charset says which.
    bool doubt_fallback = false;
};

FileText prepare_file(std::string_view bytes, std::string_view path, const ReadOptions& options,
                      diag::DiagnosticSink& sink) {
    FileText file{prepare_text(bytes, path, sink), FileConversion::None, {}};
    // UTF-16 files were converted whole, so their CA no longer describes the bytes.
    const FileEncoding source = file.prepared.source;
    if (source == FileEncoding::Utf16Le || source == FileEncoding::Utf16Be ||
        source == FileEncoding::Utf8Bom) {
        file.conversion = FileConversion::WholeFileToUtf8;
        file.fallback = "UTF-8";
    } else {
        file.fallback = fallback_charset(file.prepared.text());
        file.doubt_fallback = options.forced_charset.empty() && file.fallback != "UTF-8" &&
                              could_be_latin1(file.prepared.text());
    }
    return file;
}

}  // namespace

std::vector<game::GameRecord> read_games_through_trees(std::string_view bytes,
                                                       std::string_view path,
                                                       const ReadOptions& options,
                                                       diag::DiagnosticSink& sink) {
    const FileText file = prepare_file(bytes, path, options, sink);
    return read_parsed_games(file.prepared.text(), path, options, file.conversion, file.fallback,
                             file.doubt_fallback, sink);
}

std::vector<game::GameRecord> read_games(std::string_view bytes, std::string_view path,
                                         const ReadOptions& options, diag::DiagnosticSink& sink) {
    const FileText file = prepare_file(bytes, path, options, sink);
    const std::string_view text = file.prepared.text();
    const FileConversion conversion = file.conversion;
    const std::string& fallback = file.fallback;

    // Nearly every tree is well formed and is read in one pass; the parser reads the
    // others. Both kinds of diagnostics are held, to come out in the order of reading
    // the file through trees: the parser's first.
    diag::DiagnosticList parsing;
    diag::DiagnosticList reading;
    TextDecoder decoder(path, reading, fallback);
    if (file.doubt_fallback) decoder.doubt_fallback();
    std::vector<game::GameRecord> games;
    read_collection(text, CleanReadContext{path, options, conversion}, decoder, games, reading,
                    parsing);
    for (diag::Diagnostic& d : parsing.items) sink.report(std::move(d));
    for (diag::Diagnostic& d : reading.items) sink.report(std::move(d));
    return games;
}

}  // namespace josekic::sgf
