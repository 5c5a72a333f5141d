#include "cli/explore_command.hpp"

#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <iostream>
#include <thread>

#include "cli/book_text.hpp"
#include "cli/explore_arguments.hpp"
#include "explorer/server.hpp"
#include "index/dictionary_set.hpp"
#include "index/index_reader.hpp"

extern char** environ;

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
    const std::optional<ExploreArguments> parsed = parse_explore_arguments(args);
    if (!parsed) return ExitStatus::Ok;
    const std::string& dictionary = parsed->dictionary;
    const bool open = parsed->open;
    explorer::ServerOptions options;
    options.host = parsed->host;
    options.port = parsed->port;
    options.cors_origin = parsed->cors_origin;

    const index::IndexFile file = index::open_dictionary_index(dictionary);
    // Read before the address is bound: a book that cannot be read stops explore at once.
    bool book_lost = false;
    std::optional<std::vector<reference::ReferenceIndex>> books =
        load_books(parsed->references, book_lost);
    if (!books) return ExitStatus::Error;
    // The signals are taken by one thread that waits for them, blocked in all the others
    // (the server's threads inherit the mask), so that a signal stops the server cleanly.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    explorer::Server server(file, options, std::move(*books));
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
    // serve() also returns when listening fails, and throws when no thread can be started:
    // wake the waiter if no signal did.
    const auto wake_waiter = [&] {
        pthread_kill(waiter.native_handle(), SIGTERM);
        waiter.join();
    };
    try {
        server.serve();
    } catch (...) {
        wake_waiter();
        throw;
    }
    wake_waiter();
    return book_lost ? ExitStatus::Error : ExitStatus::Ok;
}

}  // namespace josekic::cli
