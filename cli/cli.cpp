#include "cli/cli.hpp"

#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/command_table.hpp"
#include "cli/error_text.hpp"
#include "cli/options.hpp"
#include "cli/standard_streams.hpp"
#include "core/diag/terminal_text.hpp"

namespace josekic::cli {

namespace {

void print_overview(std::ostream& out) {
    out << "usage: josekic <command> [options]\n"
           "       josekic help <command> | josekic <command> --help\n"
           "       josekic --version\n\n"
           "Compiles Go game records (SGF) into joseki and fuseki dictionaries.\n\ncommands:\n";
    for (const Command& c : commands()) {
        std::string name(c.name);
        name.resize(std::max<std::size_t>(name.size() + 2, 12), ' ');
        out << "  " << name << c.summary << '\n';
    }
    out << "\nExit status: 0 ok, 1 error (also when stdout or stderr could not be written), 2 bad\n"
           "command line.\n";
}

ExitStatus unknown_command(const std::string& name) {
    std::cerr << "josekic: unknown command '" << name << "'";
    if (const auto suggestion = suggest_command(name))
        std::cerr << "; did you mean '" << *suggestion << "'?";
    std::cerr << "\nTry 'josekic --help' for the list of commands.\n";
    return ExitStatus::Usage;
}

ExitStatus dispatch(const std::vector<std::string>& words) {
    if (words.empty()) {
        print_overview(std::cerr);
        return ExitStatus::Usage;
    }
    const std::string& first = words[0];
    if (first == "--help" || first == "-h") {
        print_overview(std::cout);
        return ExitStatus::Ok;
    }
    if (first == "--version" || first == "-V") {
        std::cout << "josekic " << JOSEKIC_VERSION << '\n';
        return ExitStatus::Ok;
    }
    if (first == "help") {
        if (words.size() == 1) {
            print_overview(std::cout);
            return ExitStatus::Ok;
        }
        if (words[1] == "help") {
            std::cout << "usage: josekic help [COMMAND]\n\nPrints the help of COMMAND (the same as "
                         "`josekic COMMAND --help`),\nor without one the list of commands.\n";
            return ExitStatus::Ok;
        }
        const Command* command = find_command(words[1]);
        if (command == nullptr) return unknown_command(words[1]);
        return command->handler({"--help"});
    }
    if (first.starts_with("-")) {
        throw UsageError("", "unknown option '" + first + "' (options come after the command)");
    }
    const Command* command = find_command(first);
    if (command == nullptr) return unknown_command(first);
    return command->handler(std::vector<std::string>(words.begin() + 1, words.end()));
}

// Runs `run`, turning what it throws into messages and exit statuses.
template <typename Run>
ExitStatus guarded(Run run) {
    try {
        return run();
    } catch (const UsageError& e) {
        std::cerr << "josekic: " << diag::terminal_lines(e.what()) << '\n';
        if (e.command().empty())
            std::cerr << "Try 'josekic --help'.\n";
        else
            std::cerr << "Try 'josekic help " << e.command() << "'.\n";
        return ExitStatus::Usage;
    } catch (const std::exception& e) {
        std::cerr << "josekic: error: " << error_text(e) << '\n';
        return ExitStatus::Error;
    }
}

}  // namespace

int run(int argc, char** argv) {
    end_quietly_on_closed_pipe();
    const std::vector<std::string> words(argv + 1, argv + argc);
    return exit_code(check_standard_streams(guarded([&] { return dispatch(words); })));
}

int run_one(int argc, char** argv, ExitStatus (*command)(const std::vector<std::string>&)) {
    end_quietly_on_closed_pipe();
    const std::vector<std::string> words(argv + 1, argv + argc);
    return exit_code(check_standard_streams(guarded([&] { return command(words); })));
}

}  // namespace josekic::cli
