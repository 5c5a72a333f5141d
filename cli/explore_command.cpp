#include "cli/explore_command.hpp"

#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <iostream>
#include <thread>

#include "cli/lookup_command.hpp"
#include "cli/options.hpp"
#include "explorer/server.hpp"
#include "index/dictionary_set.hpp"
#include "index/index_reader.hpp"

extern char** environ;

namespace po = boost::program_options;

namespace josekic::cli {

namespace {

bool is_loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1" ||
           host.rfind("127.", 0) == 0;
}

// Starts the desktop's browser on `url` (xdg-open, or open on macOS), without waiting.
void open_browser(const std::string& url) {
    for (const char* opener : {"xdg-open", "open"}) {
        pid_t pid = 0;
        char* argv[] = {const_cast<char*>(opener), const_cast<char*>(url.c_str()), nullptr};
        if (posix_spawnp(&pid, opener, nullptr, nullptr, argv, environ) == 0) return;
    }
    std::cerr << "josekic: note: could not start a browser; open " << url << "\n";
}

}  // namespace

ExitStatus run_explore(const std::vector<std::string>& args) {
    const CommandHelp help{
        "explore", "josekic explore DIR|INDEX [--port N] [--host ADDR] [--open] [--cors ORIGIN]",
        "Serves a web page to explore a compiled dictionary on a board, and its JSON API\n"
        "(docs/api.md), from the index that `josekic compile` writes (DIR/index.jki). Click a\n"
        "point or a row to play; continuations are lettered on the board and listed with\n"
        "counts, shares, win rates with their 95% intervals and years; filters, games, trends,\n"
        "review of a game file and export of the line as SGF. The page is compiled into\n"
        "josekic: nothing is fetched from the internet.\n"
        "\n"
        "Prints the URL, then serves until SIGINT (Ctrl-C) or SIGTERM, and exits 0 once the\n"
        "requests in flight are answered. It listens on 127.0.0.1 (this machine only) unless\n"
        "--host says otherwise; the explorer has no authentication, so another address prints\n"
        "a warning. --port 0 picks a free port. A game is read from the file or archive member\n"
        "the index names (relative paths from the directory compile ran in).\n"
        "\n"
        "Exit status: 0 stopped by a signal, 1 the index cannot be used or the address cannot\n"
        "be bound, 2 a bad command line."};
    std::string dictionary;
    explorer::ServerOptions options;
    bool open = false;
    po::options_description visible;
    visible.add_options()("port", po::value(&options.port)->value_name("N")->default_value(8080),
                          "the TCP port (0: any free port)")(
        "host", po::value(&options.host)->value_name("ADDR")->default_value("127.0.0.1"),
        "the address to listen on (another than 127.0.0.1 makes the explorer reachable from "
        "other machines, without authentication)")("open", po::bool_switch(&open),
                                                   "open the page in the desktop's browser")(
        "cors", po::value(&options.cors_origin)->value_name("ORIGIN"),
        "let pages of ORIGIN (e.g. http://localhost:3000) call the API");
    po::options_description all;
    all.add(visible).add_options()("dictionary", po::value(&dictionary));
    po::positional_options_description positional;
    positional.add("dictionary", 1);
    if (parse_command_line(help, all, positional, args) == ParseOutcome::HelpShown)
        return ExitStatus::Ok;
    if (dictionary.empty()) throw UsageError("explore", "name a dictionary directory or index");
    if (options.port < 0 || options.port > 65535)
        throw UsageError("explore", "--port takes a number from 0 to 65535");
    // The origin goes into a header of every answer: a line break in it would add headers.
    const bool printable = std::ranges::all_of(options.cors_origin, [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
    });
    if (!printable)
        throw UsageError("explore",
                         "--cors takes an origin such as http://localhost:3000 (or *), "
                         "without control characters");

    const index::IndexFile file = index::open_dictionary_index(dictionary);
    // The signals are taken by one thread that waits for them, blocked in all the others
    // (the server's threads inherit the mask), so that a signal stops the server cleanly.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    explorer::Server server(file, options);
    const int port = server.bind();
    if (!is_loopback(options.host))
        std::cerr << "josekic: warning: listening on " << options.host
                  << ": anyone who can reach this address can use the explorer (it has no "
                     "authentication)\n";
    const std::string host = options.host.find(':') != std::string::npos
                                 ? "[" + options.host + "]"
                                 : (options.host == "0.0.0.0" ? "127.0.0.1" : options.host);
    const std::string url = "http://" + host + ":" + std::to_string(port) + "/";
    std::cout << "josekic explore: " << url << " (Ctrl-C to stop)" << std::endl;
    if (open) open_browser(url);

    std::thread waiter([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        server.stop();
    });
    server.serve();
    // serve() also returns when listening fails: wake the waiter if no signal did.
    pthread_kill(waiter.native_handle(), SIGTERM);
    waiter.join();
    return ExitStatus::Ok;
}

}  // namespace josekic::cli
