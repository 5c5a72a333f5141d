#include "cli/lookup_command.hpp"

#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <boost/optional.hpp>

#include "cli/book_text.hpp"
#include "cli/filter_options.hpp"
#include "cli/lookup_text.hpp"
#include "cli/options.hpp"
#include "cli/output_options.hpp"
#include "compiler/pipeline/first_game.hpp"
#include "core/diag/diagnostic.hpp"
#include "core/diag/terminal_text.hpp"
#include "emit/json_text.hpp"
#include "index/book_json.hpp"
#include "index/dictionary_set.hpp"
#include "index/game_lookup.hpp"
#include "index/game_selection.hpp"
#include "index/index_format.hpp"
#include "index/index_options.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "index/pattern_lookup.hpp"
#include "index/query_moves.hpp"
#include "index/result_json.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

std::filesystem::path index_path(const std::string& dictionary) {
    return index::index_path(dictionary);
}

ExitStatus flushed_output() {
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "josekic: error: cannot write the output\n";
        return ExitStatus::Error;
    }
    return ExitStatus::Ok;
}

std::optional<GameFile> read_game_file(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        std::cerr << "josekic: error: " << diag::terminal_text(path)
                  << " is a directory; give one game file\n";
        return std::nullopt;
    }
    // Read as compile reads its inputs: compressed records and archives, every record format,
    // and the same games skipped.
    diag::DiagnosticList problems;
    std::optional<GameFile> game = pipeline::read_first_game(path, problems);
    for (const diag::Diagnostic& d : problems.items) std::cerr << diag::format(d) << "\n";
    if (!game) {
        std::cerr << "josekic: error: " << diag::terminal_text(path)
                  << " holds no game that compile would read\n";
    } else if (game->games_in_file > 1) {
        // Said, so that a file of several games is not taken for one: only one is read.
        std::cerr << "josekic: note: " << diag::terminal_text(path) << " holds "
                  << game->games_in_file << " games; "
                  << (game->number == 1 ? std::string("the first is read")
                                        : "game " + std::to_string(game->number) +
                                              " is read, the first that compile analyses")
                  << "\n";
    }
    return game;
}

namespace {

// Said before the answer (text) or inside it (JSON), so that a filtered answer is never taken
// for the whole collection's.
std::string filter_text(const game::GameFilter& filter) {
    return filter.empty() ? ""
                          : "Filters: " + diag::terminal_text(filter.describe()) +
                                " (only the games that pass)\n";
}

// What both kinds of lookup share: the index, checked under --verify, the filter and the form
// of the answer.
struct LookupRun {
    std::string dictionary;
    bool verify = false;
    game::GameFilter filter;
    bool json = false;
};

// Opens the index, verifies it on request, selects the filtered games, asks `ask(file,
// tracking, selection)` and prints its result as JSON (with the filters and the index's
// options) or as text (after the filters, before the options).
template <typename Ask, typename ToJson, typename ToText,
          typename Result =
              std::invoke_result_t<Ask, const index::IndexFile&, const index::TrackingOptions&,
                                   const index::GameSelection*>>
ExitStatus answer(const LookupRun& run, Ask ask, ToJson to_json, ToText to_text) {
    const index::IndexFile file = index::open_dictionary_index(run.dictionary);
    if (run.verify) file.verify();
    const index::TrackingOptions tracking = index::tracking_options(file);
    std::optional<index::GameSelection> selection;
    if (!run.filter.empty()) selection.emplace(file, run.filter);
    const Result result = ask(file, tracking, selection ? &*selection : nullptr);
    if (run.json) {
        index::Json object = to_json(result);
        index::add_answer_context(object, run.filter, tracking);
        std::cout << emit::json_text(object) << "\n";
    } else {
        std::cout << filter_text(run.filter) << to_text(result) << "\n"
                  << render_options_text(tracking);
    }
    return flushed_output();
}

std::optional<trackers::Corner> corner_named(std::string_view text) {
    for (const trackers::Corner c : trackers::kAllCorners)
        if (trackers::name(c) == text) return c;
    return std::nullopt;
}

// What `lookup --corner` was given.
struct CornerArguments {
    std::string dictionary;
    std::string corner;
    std::string game_file;
    boost::optional<std::size_t> move;
    bool either_colour = false;
    boost::optional<std::string> to_move;
    bool moves_given = false;
    std::size_t games = 5;
    bool json = false;
    bool verify = false;
    FilterOptions filters;
};

// `lookup --corner`: a pattern given by its stones, or a game's corner at a move.
ExitStatus run_corner_lookup(const CornerArguments& a) {
    const auto& [dictionary, corner, game_file, move, either_colour, to_move, moves_given, games,
                 json, verify, filters] = a;
    if (moves_given) throw UsageError("lookup", "--corner and --moves are two queries: give one");
    const game::GameFilter filter = parse_filter(filters, "lookup");
    if (to_move && *to_move != "black" && *to_move != "white" && *to_move != "either")
        throw UsageError("lookup",
                         "--to-move takes black, white or either, not '" + *to_move + "'");
    index::CornerQuery query;
    if (!game_file.empty()) {
        const std::optional<trackers::Corner> named = corner_named(corner);
        if (!named)
            throw UsageError("lookup",
                             "with --game, --corner names a corner (upper-left, "
                             "upper-right, lower-left, lower-right), not '" +
                                 corner + "'");
        if (!move) throw UsageError("lookup", "--game with --corner needs --move N");
        const std::optional<GameFile> game = read_game_file(game_file);
        if (!game) return ExitStatus::Error;
        if (*move > game->legal_moves)
            throw UsageError("lookup", "--move " + std::to_string(*move) +
                                           " is past the end of the game: " + game_file + " has " +
                                           std::to_string(game->legal_moves) + " legal moves");
        const std::optional<index::CornerQuery> from_game =
            index::game_corner_query(game->record, game->legal_moves, *move, *named);
        // Not a bad command line (a script asks each corner in turn): nothing to look up.
        if (!from_game) {
            std::cerr << "josekic: error: the " << corner << " corner of "
                      << diag::terminal_text(game_file) << " is empty after move " << *move
                      << ": no pattern to look up\n";
            return ExitStatus::Error;
        }
        query = *from_game;
    } else {
        if (corner_named(corner))
            throw UsageError("lookup", "--corner " + corner +
                                           " names a game's corner: give --game FILE.sgf and "
                                           "--move N, or stones (--corner \"B[pd] W[qc]\")");
        std::variant<index::CornerQuery, index::QueryError> parsed =
            index::parse_corner_query(corner, "--corner");
        if (const auto* error = std::get_if<index::QueryError>(&parsed))
            throw UsageError("lookup", "--corner, column " + std::to_string(error->column) + ": " +
                                           error->message);
        query = std::get<index::CornerQuery>(std::move(parsed));
    }
    // A game's corner, as typed stones, is counted with either player to move unless told:
    // the same stones arise with the other player to move in other games. "either", the
    // default, is said as the JSON answer and the API say it.
    if (to_move && *to_move != "either")
        query.to_move = *to_move == "black" ? go::Color::Black : go::Color::White;
    query.colours = either_colour ? index::ColourReversal::Either : index::ColourReversal::Exact;
    return answer(
        LookupRun{dictionary, verify, filter, json},
        [&](const index::IndexFile& file, const index::TrackingOptions&,
            const index::GameSelection* selection) {
            return index::lookup_pattern(file, query, games, selection);
        },
        &index::pattern_lookup_json, &render_pattern_text);
}

}  // namespace

ExitStatus run_lookup(const std::vector<std::string>& args) {
    const CommandHelp help{
        "lookup",
        "josekic lookup DIR|INDEX --moves \"pd qc qd\" [--fuseki] [options]\n"
        "       josekic lookup DIR|INDEX --game FILE.sgf [--move N] [options]\n"
        "       josekic lookup DIR|INDEX --corner \"B[pd] W[qc]\" [--either-colour] [options]\n"
        "       josekic lookup DIR|INDEX --game FILE.sgf --move N --corner upper-left [options]",
        "Looks a line up in the index that `josekic compile` writes beside the dictionaries\n"
        "(DIR/index.jki). The index holds everything the unpruned dictionaries know, whatever\n"
        "thresholds and prune lists left out of the SGF files.\n"
        "\n"
        "--moves takes moves as prune lists write them: SGF letters (\"pd\"), colours optional\n"
        "(\"B[pd] W[qc]\"; uncoloured moves alternate from Black), tenuki/pass/tt for a move\n"
        "elsewhere; or GTP points (\"Q16 R17\", \"B[Q16]\": columns A-T without I, rows 1-19\n"
        "from the bottom). A corner sequence may be played in any corner, in any orientation,\n"
        "with either colour first: it is normalised as the compiler normalises corners. With\n"
        "--fuseki the moves are a whole-board opening, in any of its 8 orientations.\n"
        "\n"
        "Prints what the node's comment says (count of this move order, share of the parent,\n"
        "wins of decided games, years, lines ending here), the position's totals over every\n"
        "move order that reaches it, the continuations (each in the query's own corner and\n"
        "orientation, and as the dictionary writes it) and the most recent games. A line the\n"
        "dictionary does not know prints where it left the dictionary and what was played\n"
        "there instead, with count 0.\n"
        "\n"
        "--game looks up the whole-board position after move N of a game (the file's first\n"
        "game that compile analyses; a note on stderr says which when it holds several),\n"
        "whatever the move order that reached it, and the sequence of each corner whose\n"
        "tracker (with the zones the index was compiled with) is still on at that move.\n"
        "\n"
        "--corner looks a corner pattern up at any move (an index compiled with --patterns):\n"
        "the exact stones of one corner's 7x7 region, given in any corner and orientation, or\n"
        "with --game and --move the named corner of that game then. It prints how often and in\n"
        "how many games it arose, at which moves, the wins of the player to move, what was\n"
        "played next (in the region or elsewhere) and the most recent games (docs/patterns.md).\n"
        "\n"
        "--since, --until, --min-rank, --max-rank, --player and --event count only the games\n"
        "of the index that pass them, as `josekic compile` with the same filters would: counts,\n"
        "shares, wins, years, continuations (and their order), position totals and games.\n"
        "\n"
        "--reference [NAME=]FILE (repeatable; with --moves, a joseki line, or with --game, each\n"
        "corner's line) says what a joseki book (SGF, as compile's --reference reads it) says\n"
        "of the line: how many of its moves it knows and its verdicts, and, beside each\n"
        "continuation the book knows, its word on it (\"[gnugo: joseki]\").\n"
        "\n"
        "Exit status: 0 found or not, 1 the index cannot be used (missing, damaged, of another\n"
        "version), a game's corner named by --corner is empty at --move, or a --reference book\n"
        "cannot be read whole (the answer is still printed when it can be read in part), 2 a\n"
        "malformed query (the message gives its column)."};
    std::string dictionary;
    // Optional, not empty-means-absent: `--moves ""` is a query (the root), and Boost's
    // guessing of abbreviated options (`--mov`) must count as given too.
    boost::optional<std::string> moves;
    bool fuseki = false;
    bool json = false;
    bool verify = false;
    std::size_t games = 5;
    std::string game_file;
    boost::optional<std::size_t> move;
    boost::optional<std::string> corner;
    bool either_colour = false;
    // Optional: `--to-move ""` is refused, not taken for the default.
    boost::optional<std::string> to_move;
    FilterOptions filters;
    std::vector<std::string> reference_arguments;
    po::options_description visible;
    visible.add_options()("moves", po::value(&moves)->value_name("MOVES"),
                          "the line to look up, e.g. \"pd qc qd\" or \"Q16 R17 R16\"")(
        "fuseki", po::bool_switch(&fuseki), "look a whole-board opening up (default: joseki)")(
        "games",
        number_value(&games, std::size_t{0}, std::size_t{kMaxCountOption})
            ->value_name("N")
            ->default_value(5),
        ("how many games to list, " + std::string(kGameListOrder)).c_str())(
        "json", po::bool_switch(&json), "print one JSON object (schema in docs/api.md)")(
        "game", po::value(&game_file)->value_name("FILE.sgf"),
        "look up the position of a game (its first game) and its corners")(
        "move", number_value(&move, std::size_t{0}, kMaxMovesOption)->value_name("N"),
        "with --game: the position after move N (default: the last within the fuseki depth, "
        "30)")("verify", po::bool_switch(&verify),
               "check every section's checksum first (reads the whole index)")(
        "corner", po::value(&corner)->value_name("STONES|CORNER"),
        "look a corner pattern up: its stones (\"B[pd] W[qc]\"), or with --game a corner name "
        "(upper-left, upper-right, lower-left, lower-right)")(
        "either-colour", po::bool_switch(&either_colour),
        "with --corner: also count the pattern with its colours reversed")(
        "to-move", po::value(&to_move)->value_name("black|white|either"),
        "with --corner: count only this player to move (default: either)")(
        "reference", po::value(&reference_arguments)->value_name("[NAME=]FILE")->composing(),
        "with --moves or --game: what a joseki book says of the joseki line (repeatable)");
    add_filter_options(visible, filters);
    po::options_description all;
    all.add(visible).add_options()("dictionary", po::value(&dictionary));
    po::positional_options_description positional;
    positional.add("dictionary", 1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;
    if (dictionary.empty()) throw UsageError("lookup", "name a dictionary directory or index");
    if (corner && fuseki)
        throw UsageError("lookup",
                         "--corner looks up a corner pattern: --fuseki cannot go with it");
    if (!reference_arguments.empty() &&
        (fuseki || corner || (!moves.has_value() && game_file.empty())))
        throw UsageError("lookup",
                         "--reference goes with --moves of a joseki line, or with --game for "
                         "its corners (the books are joseki books)");
    check_reference_arguments(reference_arguments, "lookup");
    if (corner)
        return run_corner_lookup({dictionary, *corner, game_file, move, either_colour, to_move,
                                  moves.has_value(), games, json, verify, filters});
    if (either_colour || to_move)
        throw UsageError("lookup", "--either-colour and --to-move go with --corner");
    if (moves.has_value() && !game_file.empty())
        throw UsageError("lookup", "--moves and --game are two queries: give one");
    if (!moves.has_value() && game_file.empty())
        throw UsageError(
            "lookup",
            "say what to look up: --moves \"pd qc qd\", --game FILE.sgf or --corner \"B[pd] "
            "W[qc]\" (one of them)");
    const LookupRun run{dictionary, verify, parse_filter(filters, "lookup"), json};
    // The books, read once the query is known to be well formed.
    bool book_lost = false;
    std::optional<std::vector<reference::ReferenceIndex>> books;
    const auto with_books = [&](ExitStatus status) {
        return status == ExitStatus::Ok && book_lost ? ExitStatus::Error : status;
    };
    if (!game_file.empty()) {
        const std::optional<GameFile> game = read_game_file(game_file);
        if (!game) return ExitStatus::Error;
        if (move && *move > game->legal_moves)
            throw UsageError("lookup", "--move " + std::to_string(*move) +
                                           " is past the end of the game: " + game_file + " has " +
                                           std::to_string(game->legal_moves) + " legal moves");
        const auto ask = [&](const index::IndexFile& file, const index::TrackingOptions&,
                             const index::GameSelection* selection) {
            index::GameLookupOptions options;
            if (move) options.move = *move;
            options.games = games;
            options.selection = selection;
            return index::lookup_game(file, game->record, game->legal_moves, options);
        };
        books = load_books(reference_arguments, book_lost);
        if (!books) return ExitStatus::Error;
        const auto to_json = [&](const index::GameLookup& found) {
            index::Json object = index::game_lookup_json(found);
            if (!books->empty()) index::add_books_json(object, found, *books);
            return object;
        };
        const auto to_text = [&](const index::GameLookup& found) {
            std::vector<LookupTextExtras> extras;
            for (const index::CornerLookup& c : found.corners)
                extras.push_back(books_text_extras(c.joseki, *books));
            return render_game_lookup_text(found, extras);
        };
        return with_books(answer(run, ask, to_json, to_text));
    }

    const index::Tree tree = fuseki ? index::Tree::Fuseki : index::Tree::Joseki;
    const auto parsed_query = [&](const trackers::Zone& zone) {
        std::variant<index::QueryLine, index::QueryError> parsed =
            index::parse_query(*moves, tree, zone);
        if (const auto* error = std::get_if<index::QueryError>(&parsed))
            throw UsageError("lookup", "--moves, column " + std::to_string(error->column) + ": " +
                                           error->message);
        return std::get<index::QueryLine>(std::move(parsed));
    };
    // A malformed query is refused before the index is read; its corner, and whether it has
    // one, are the index's zones' to say (with --zones 10x10, ji is in a corner).
    const std::variant<index::ParsedMoves, index::QueryError> syntax =
        index::parse_moves(*moves, "--moves");
    if (const auto* error = std::get_if<index::QueryError>(&syntax))
        throw UsageError(
            "lookup", "--moves, column " + std::to_string(error->column) + ": " + error->message);
    const auto ask = [&](const index::IndexFile& file, const index::TrackingOptions& tracking,
                         const index::GameSelection* selection) {
        return index::lookup(file, tree, parsed_query(tracking.zone), games, selection);
    };
    books = load_books(reference_arguments, book_lost);
    if (!books) return ExitStatus::Error;
    const auto to_json = [&](const index::LookupResult& r) {
        index::Json object = index::lookup_json(r);
        if (books->empty()) return object;
        index::add_books_json(object, r, *books);
        return object;
    };
    const auto to_text = [&](const index::LookupResult& r) {
        return render_lookup_text(r, books_text_extras(r, *books));
    };
    return with_books(answer(run, ask, to_json, to_text));
}

}  // namespace josekic::cli
