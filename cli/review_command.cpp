#include "cli/review_command.hpp"

#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/book_text.hpp"
#include "cli/lookup_command.hpp"
#include "cli/lookup_text.hpp"
#include "cli/options.hpp"
#include "cli/output_options.hpp"
#include "cli/review_text.hpp"
#include "cli/standard_streams.hpp"
#include "emit/atomic_file.hpp"
#include "emit/json_text.hpp"
#include "index/book_json.hpp"
#include "index/dictionary_set.hpp"
#include "index/index_format.hpp"
#include "index/index_options.hpp"
#include "index/result_json.hpp"
#include "index/review.hpp"
#include "index/reviewed_sgf.hpp"
#include "reference/reference_index.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

ExitStatus run_review(const std::vector<std::string>& args) {
    const CommandHelp help{
        "review",
        "josekic review DIR|INDEX GAME.sgf [-o REVIEWED.sgf] [--alternatives N] [--reference "
        "[NAME=]FILE]... [--json]",
        "Follows a game (the file's first game that compile analyses; a note on stderr says\n"
        "which when it holds several) through the index of a compiled dictionary\n"
        "(DIR/index.jki): its opening in the fuseki book and each corner's sequence (cut with\n"
        "the zones and limits the index was compiled with) in the joseki book; a corner without\n"
        "a line says why (setup stones, no stone). For each line it says whether it stayed in\n"
        "the book to its end or the move at which it left it, the move played there, how often\n"
        "the book position before it was played, and the most played book moves there with\n"
        "counts and win rates (of the line's first player). Deviations come first, the most\n"
        "common book position first.\n"
        "\n"
        "--reference [NAME=]FILE (repeatable) follows each corner's line in a joseki book too\n"
        "(SGF, or a directory of SGF files, as compile's --reference reads them): how many of\n"
        "its moves the book knows, the first it does not, and what the book says of the moves\n"
        "it advises against and of the last it knows (\"move 3, B[qc]: mistake: ...\").\n"
        "\n"
        "--json prints one object (docs/api.md, \"The review object\"):\n"
        "{\"opening_not_indexed\": null or why the opening is not reviewed,\n"
        " \"corners_not_reviewed\": [{\"corner\", \"why\"}], \"index_options\": {...},\n"
        " \"lines\": [lookup objects with \"name\", \"left_at_move_number\", \"book_count\",\n"
        "  \"past_book_end\" and, with --reference, \"books\"]}.\n"
        "\n"
        "-o writes the game as SGF (atomically) with a comment on each move of a line\n"
        "(\"opening, book: played 1,234 times, Black wins 52.0% (49.2-54.8%).\", or where the\n"
        "line left the book and the book's moves there) and the book's moves marked with LB\n"
        "letters, so that the review opens in a viewer.\n"
        "\n"
        "The dictionary comes first, as in every command that reads one (lookup, explore,\n"
        "prune). `josekic review GAME.sgf --dict DIR`, the older spelling, still works and\n"
        "says so on stderr.\n"
        "\n"
        "Exit status: 0 done, 1 the game, the index or a --reference book cannot be used (a\n"
        "book with an error is followed as far as it goes, and the review printed), 2 a bad\n"
        "command line."};
    std::vector<std::string> arguments;
    std::string dictionary;
    std::size_t alternatives = 5;
    bool json = false;
    std::string output;
    std::vector<std::string> reference_arguments;
    po::options_description visible;
    visible.add_options()("alternatives",
                          number_value(&alternatives, std::size_t{0}, std::size_t{kMaxCountOption})
                              ->value_name("N")
                              ->default_value(5),
                          "book moves shown where a line left the book")(
        "output,o", po::value(&output)->value_name("REVIEWED.sgf"),
        "also write the game as SGF with the review in its comments and LB labels")(
        "reference", po::value(&reference_arguments)->value_name("[NAME=]FILE")->composing(),
        "a joseki book to follow each corner's line in as well (repeatable)")(
        "json", po::bool_switch(&json), "print one JSON object");
    po::options_description all;
    // --dict DIR: the older spelling of the dictionary, kept for a release, left out of the help.
    all.add(visible).add_options()("arguments", po::value(&arguments))(
        "dict", po::value(&dictionary)->value_name("DIR"));
    po::positional_options_description positional;
    positional.add("arguments", -1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;
    std::string game_file;
    if (!dictionary.empty()) {
        if (arguments.empty()) throw UsageError("review", "name the game to review");
        if (arguments.size() > 1)
            throw UsageError("review", "give the dictionary once: review DIR GAME.sgf");
        std::cerr << "josekic: note: `review GAME.sgf --dict DIR` is deprecated; write `review "
                     "DIR GAME.sgf` (the dictionary first, as lookup and explore take it)\n";
        game_file = arguments[0];
    } else {
        if (arguments.size() < 2)
            throw UsageError("review", "name the dictionary and the game: review DIR GAME.sgf");
        if (arguments.size() > 2)
            throw UsageError("review", "review takes one dictionary and one game, not " +
                                           std::to_string(arguments.size()) + " arguments");
        dictionary = arguments[0];
        game_file = arguments[1];
    }

    check_reference_arguments(reference_arguments, help.name);
    if (!output.empty()) check_output_file("review", "-o", output, {game_file}, "the game");
    const std::optional<GameFile> game = read_game_file(game_file);
    if (!game) return ExitStatus::Error;
    const index::IndexFile file = index::open_dictionary_index(dictionary);
    bool book_lost = false;
    const std::optional<std::vector<reference::ReferenceIndex>> loaded =
        load_books(reference_arguments, book_lost);
    if (!loaded) return ExitStatus::Error;
    const std::vector<reference::ReferenceIndex>& books = *loaded;
    const index::GameReview review =
        index::review_game(file, game->record, game->legal_moves, alternatives);
    if (!output.empty())
        emit::write_file_atomically(
            output,
            index::reviewed_sgf(file, game->record, game->legal_moves, review, game->file_bytes));
    const index::TrackingOptions tracking = index::tracking_options(file);
    std::ostream& text = !output.empty() && is_standard_output(output) ? std::cerr : std::cout;
    if (json) {
        emit::Json object = index::review_json(review, tracking);
        if (!books.empty()) index::add_books_json(object, review, books);
        text << emit::json_text(object) << "\n";
    } else {
        text << review_text(review, books) << "\n" << render_options_text(tracking);
    }
    const ExitStatus status = flushed_output();
    // A book cut short was followed as far as it goes; the run says so by its status.
    return status == ExitStatus::Ok && book_lost ? ExitStatus::Error : status;
}

}  // namespace josekic::cli
