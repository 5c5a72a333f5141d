#include "cli/explore_arguments.hpp"

#include <algorithm>

#include "cli/options.hpp"
#include "cli/output_options.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

std::optional<ExploreArguments> parse_explore_arguments(const std::vector<std::string>& args) {
    const CommandHelp help{
        "explore",
        "josekic explore DIR|INDEX [--port N] [--host ADDR] [--open] [--cors ORIGIN] "
        "[--reference [NAME=]FILE]...",
        "Serves a web page to explore a compiled dictionary on a board, and its JSON API\n"
        "(docs/api.md), from the index that `josekic compile` writes (DIR/index.jki). Click a\n"
        "point or a row to play; continuations are lettered on the board and listed with\n"
        "counts, shares, win rates with their 95% intervals and years; filters, games, trends,\n"
        "review of a game file and export of the line as SGF. The page is compiled into\n"
        "josekic-explore, installed with josekic: nothing is fetched from the internet.\n"
        "\n"
        "--reference [NAME=]FILE (repeatable) names a joseki book (SGF, or a directory of SGF\n"
        "files, as compile's --reference reads them) that the page shows beside the joseki\n"
        "lines: how much of the line each book knows, its verdicts on the moves played, and\n"
        "its word on each continuation, in the line's own corner and colours; a review\n"
        "follows each corner's line in the books too (as lookup and review --reference).\n"
        "\n"
        "Prints the URL, then serves until SIGINT (Ctrl-C) or SIGTERM, and exits 0 once the\n"
        "requests in flight are answered. It listens on 127.0.0.1 (this machine only) unless\n"
        "--host says otherwise; the explorer has no authentication, so an address that other\n"
        "machines can reach (not 127.x.x.x, localhost or ::1) prints a warning. --port 0 picks a "
        "free port. A game is read from the file or archive member\n"
        "the index names. A relative path, as compile was given it, is looked for from the\n"
        "directory explore runs in, then from the dictionary's directory and its parents: the\n"
        "games of `josekic compile games -o out` run in ~/go are found by `josekic explore\n"
        "~/go/out` run anywhere.\n"
        "\n"
        "Exit status: 0 stopped by a signal, 1 the index or a --reference book cannot be used\n"
        "or the address cannot be bound (a book with an error is served as far as it could be\n"
        "read, and the exit status is then 1 when the server stops), 2 a bad command line."};
    ExploreArguments parsed;
    po::options_description visible;
    visible.add_options()("port", po::value(&parsed.port)->value_name("N")->default_value(8080),
                          "the TCP port (0: any free port)")(
        "host", po::value(&parsed.host)->value_name("ADDR")->default_value("127.0.0.1"),
        "the address to listen on (another than 127.0.0.1 makes the explorer reachable from "
        "other machines, without authentication)")("open", po::bool_switch(&parsed.open),
                                                   "open the page in the desktop's browser")(
        "cors", po::value(&parsed.cors_origin)->value_name("ORIGIN"),
        "let pages of ORIGIN (e.g. http://localhost:3000) call the API")(
        "reference", po::value(&parsed.references)->value_name("[NAME=]FILE")->composing(),
        "a joseki book whose verdicts the page shows beside the joseki lines (repeatable)");
    po::options_description all;
    all.add(visible).add_options()("dictionary", po::value(&parsed.dictionary));
    po::positional_options_description positional;
    positional.add("dictionary", 1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return std::nullopt;
    if (parsed.dictionary.empty())
        throw UsageError("explore", "name a dictionary directory or index");
    if (parsed.port < 0 || parsed.port > 65535)
        throw UsageError("explore", "--port takes a number from 0 to 65535");
    check_reference_arguments(parsed.references, "explore");
    // The origin goes into a header of every answer: a line break in it would add headers.
    const bool printable = std::ranges::all_of(parsed.cors_origin, [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
    });
    if (!printable)
        throw UsageError("explore",
                         "--cors takes an origin such as http://localhost:3000 (or *), "
                         "without control characters");
    return parsed;
}

}  // namespace josekic::cli
