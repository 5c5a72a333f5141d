#include "cli/error_text.hpp"

#include <new>
#include <system_error>

#include "core/diag/terminal_text.hpp"
#include "emit/output_set.hpp"

namespace josekic::cli {

std::string error_text(const std::exception& failure) {
    // what() is "std::bad_alloc", the C++ type's name.
    if (dynamic_cast<const std::bad_alloc*>(&failure) != nullptr) return "out of memory";
    // std::thread throws this, with only the errno's text, when no thread can be started.
    if (const auto* system = dynamic_cast<const std::system_error*>(&failure);
        system != nullptr && system->code() == std::errc::resource_unavailable_try_again)
        return std::string("cannot start a thread (") + system->what() +
               "): the limit on threads or memory is reached";
    // A message quotes names the user gave or a file holds: shown, never obeyed, by the
    // terminal (core/diag/terminal_text.hpp).
    return diag::terminal_lines(failure.what());
}

std::string failed_run_text(const std::exception& failure, const std::string& dir,
                            bool dir_existed) {
    std::string text = "josekic: error: " + error_text(failure) + "\njosekic: ";
    if (dynamic_cast<const emit::CommittedError*>(&failure) != nullptr)
        return text + diag::terminal_text(dir) +
               " holds the new dictionary, whole; what follows its commit did not all happen "
               "(the next compile into it finishes it)\n";
    return text + nothing_written_text(dir, dir_existed);
}

std::string nothing_written_text(const std::string& dir, bool dir_existed,
                                 const std::string& diagnostics_file) {
    // The diagnostics file the user asked for is written while the games are read: named,
    // so that "nothing" is not taken to include it.
    const std::string nothing =
        diagnostics_file.empty() ? "nothing was written"
                                 : "nothing was written but " +
                                       diag::terminal_text(diagnostics_file) + " (the diagnostics)";
    // A directory the run made (for `--diagnostics DIR/FILE`), or would have made, does not
    // "keep" anything.
    if (!dir_existed) return nothing + "\n";
    return nothing + "; " + diag::terminal_text(dir) + " keeps what it held\n";
}

}  // namespace josekic::cli
