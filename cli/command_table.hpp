#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/exit_status.hpp"

namespace josekic::cli {

/// A subcommand's entry point: receives the arguments after the command name and returns
/// its exit status (Ok or Error). It prints its own help for "--help" and throws
/// UsageError (options.hpp) for a bad command line.
using CommandHandler = ExitStatus (*)(const std::vector<std::string>& args);

/// One row of the command table.
struct Command {
    std::string_view name;     ///< e.g. "check"
    std::string_view summary;  ///< one line for `josekic --help`
    CommandHandler handler;
};

/// Every subcommand, in the order `josekic --help` lists them. Adding a command is one row
/// in command_table.cpp.
const std::vector<Command>& commands();

/// The command called `name`, or nullptr.
const Command* find_command(std::string_view name);

/// The known command closest to a mistyped `name` (edit distance at most 2, or at most a
/// third of the name's length when that is larger), for "did you mean ...?".
std::optional<std::string_view> suggest_command(std::string_view name);

}  // namespace josekic::cli
