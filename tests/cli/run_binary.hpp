#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

namespace josekic::testing {

using test_support::TempDir;

/// What a run of the built josekic binary printed and returned.
struct BinaryRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Runs the program at `binary` with `arguments` (already shell-quoted) through /bin/sh, its
/// stdout redirected as `stdout_redirect` says (a shell redirection such as ">/dev/full" or
/// ">&5"); `out` stays empty.
inline BinaryRun run_program_with_stdout(const std::string& binary, const std::string& arguments,
                                         const std::string& stdout_redirect) {
    const TempDir dir;
    const std::string err_path = (dir.path() / "err").string();
    const std::string command = "'" + binary + "' " + arguments + " " + stdout_redirect + " 2>'" +
                                err_path + "' </dev/null";
    const int status = std::system(command.c_str());
    BinaryRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = test_support::slurp(err_path);
    return run;
}

/// Runs the program at `binary` with `arguments` (already shell-quoted) through /bin/sh.
inline BinaryRun run_program(const std::string& binary, const std::string& arguments) {
    const TempDir dir;
    const std::string out_path = (dir.path() / "out").string();
    BinaryRun run = run_program_with_stdout(binary, arguments, ">'" + out_path + "'");
    run.out = test_support::slurp(out_path);
    return run;
}

/// Runs JOSEKIC_BINARY with `arguments` (already shell-quoted) through /bin/sh, its stdout
/// redirected as `stdout_redirect` says; `out` stays empty.
inline BinaryRun run_josekic_with_stdout(const std::string& arguments,
                                         const std::string& stdout_redirect) {
    return run_program_with_stdout(JOSEKIC_BINARY, arguments, stdout_redirect);
}

/// Runs JOSEKIC_BINARY with `arguments` (already shell-quoted) through /bin/sh.
inline BinaryRun run_josekic(const std::string& arguments) {
    return run_program(JOSEKIC_BINARY, arguments);
}

/// The whole number of the member `key` of a JSON object (`josekic check --json`), read with a
/// real JSON parser (which throws, failing the test, when `json` is not JSON), or -1 when the
/// object has no such member.
inline long json_number(const std::string& json, const std::string& key) {
    const nlohmann::json object = nlohmann::json::parse(json);
    if (!object.contains(key)) return -1;
    return object.at(key).get<long>();
}

/// `text` quoted for /bin/sh.
inline std::string shell_quote(const std::string& text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

}  // namespace josekic::testing
