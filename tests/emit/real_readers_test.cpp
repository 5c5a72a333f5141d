// Feeds emitted dictionaries to real SGF programs: @sabaki/sgf (the parser of the Sabaki
// viewer, run by node) must find the same number of nodes, and GNU Go must load each file
// and replay its main line. Each part skips with a message when its tool is missing:
//   npm install --prefix tests/emit @sabaki/sgf     (or put it on NODE_PATH)
//   apt-get install gnugo                           (installs /usr/games/gnugo)

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "emit/atomic_file.hpp"
#include "emit/dictionary_writer.hpp"
#include "emit/split.hpp"
#include "tests/emit/sample_dictionaries.hpp"
#include "tests/support/temp_dir.hpp"

using namespace josekic;
using namespace josekic::emit;
namespace fs = std::filesystem;

namespace {

struct Emitted {
    fs::path path;
    std::size_t nodes = 0;
    std::size_t main_line = 0;  // moves on the main line, passes included
    std::size_t main_line_stones = 0;
};

struct CommandResult {
    int exit_code = -1;
    std::string output;
};

CommandResult run(const std::string& command) {
    CommandResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return result;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
        result.output.append(buffer, n);
    const int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

std::string quoted(const fs::path& p) {
    return "'" + p.string() + "'";
}

std::optional<fs::path> find_program(const std::string& name,
                                     std::initializer_list<const char*> extra_dirs) {
    const CommandResult which = run("command -v " + name + " 2>/dev/null");
    if (which.exit_code == 0 && !which.output.empty())
        return fs::path(which.output.substr(0, which.output.find('\n')));
    for (const char* dir : extra_dirs) {
        const fs::path candidate = fs::path(dir) / name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

Emitted emit_file(const fs::path& dir, const std::string& name, const dictionary::Trie& trie,
                  const WrittenDictionary& written,
                  dictionary::NodeId first_move = dictionary::kNoNode) {
    Emitted e{dir / name, written.nodes, 0, 0};
    write_file_atomically(e.path, written.text);
    dictionary::NodeId at = dictionary::kRoot;
    if (first_move != dictionary::kNoNode) {
        at = first_move;
        e.main_line = 1;
        e.main_line_stones = trie.node(at).move.point ? 1 : 0;
    }
    for (;;) {
        const auto children = trie.sorted_children(at);
        if (children.empty()) break;
        at = children.front();
        ++e.main_line;
        if (trie.node(at).move.point) ++e.main_line_stones;
    }
    return e;
}

// Every emitted file of the test dictionaries, written to a scratch directory.
std::vector<Emitted> emit_all(const fs::path& dir) {
    std::vector<Emitted> files;
    const auto trie = testing::small_joseki();
    WriteOptions options;
    options.name = "real ]readers[ \\ 名人";
    options.provenance = {"Inputs: tests: a]b\\c"};
    files.push_back(emit_file(dir, "joseki.sgf", trie, write_dictionary(trie, options)));
    const SplitDictionary split = split_by_first_move(trie, options);
    const auto first_moves = trie.sorted_children(dictionary::kRoot);
    for (std::size_t i = 0; i < split.files.size(); ++i) {
        files.push_back(emit_file(dir, split.files[i].file_name, trie, split.files[i].dictionary,
                                  first_moves[i]));
    }
    options.kind = DictionaryKind::Fuseki;
    prune::Thresholds min_count_2;
    min_count_2.min_count = 2;
    const dictionary::Trie cut = testing::thresholded(trie, min_count_2);
    files.push_back(emit_file(dir, "fuseki.sgf", cut, write_dictionary(cut, options)));
    return files;
}

}  // namespace

TEST_CASE("@sabaki/sgf parses every emitted file and finds the same nodes", "[emit]") {
    const auto node = find_program("node", {});
    if (!node) {
        WARN("skipped: node is not installed");
        return;
    }
    const josekic::test_support::TempDir dir;
    std::vector<Emitted> files = emit_all(dir.path());
    // A long chain as well: Sabaki's parser recurses once per '(', so a chain written
    // without parentheses must parse however long it is.
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie chain(games);
    std::vector<go::Move> moves;
    for (int i = 0; i < 20'000; ++i) {
        moves.push_back(go::Move::at(i % 2 == 0 ? go::Color::Black : go::Color::White,
                                     go::Point::from_index(i % 361)));
    }
    chain.insert(moves, dictionary::LineOutcome::Unknown, std::nullopt, std::nullopt);
    WriteOptions fuseki;
    fuseki.kind = DictionaryKind::Fuseki;
    files.push_back(emit_file(dir.path(), "chain.sgf", chain, write_dictionary(chain, fuseki)));

    std::string command = quoted(*node) + " " +
                          quoted(fs::path(JOSEKIC_SOURCE_DIR) / "tests/emit/sabaki_count_nodes.js");
    for (const Emitted& e : files) command += " " + quoted(e.path);
    const CommandResult result = run(command + " 2>&1");
    if (result.exit_code == 3) {
        WARN("skipped: @sabaki/sgf is not installed (npm install --prefix tests/emit @sabaki/sgf)\n"
             << result.output);
        return;
    }
    INFO(result.output);
    REQUIRE(result.exit_code == 0);
    std::map<std::string, std::size_t> counted;
    std::istringstream lines(result.output);
    std::size_t count = 0;
    std::string path;
    while (lines >> count >> path) counted[path] = count;
    for (const Emitted& e : files) {
        INFO(e.path);
        CHECK(counted[e.path.string()] == e.nodes);
    }
}

TEST_CASE("GNU Go loads every emitted file and replays its main line", "[emit]") {
    const auto gnugo = find_program("gnugo", {"/usr/games", "/usr/local/games"});
    if (!gnugo) {
        WARN("skipped: gnugo is not installed (apt-get install gnugo)");
        return;
    }
    const josekic::test_support::TempDir dir;
    for (const Emitted& e : emit_all(dir.path())) {
        INFO(e.path);
        const CommandResult result = run("printf 'showboard\\nquit\\n' | " + quoted(*gnugo) +
                                         " --mode gtp -l " + quoted(e.path) + " 2>&1");
        INFO(result.output);
        REQUIRE(result.exit_code == 0);
        // The board rows ("16 . . . + ... X . . . 16") hold the main line's stones (the
        // test dictionaries have no captures); the captures text beside them is cut off.
        std::size_t stones = 0;
        std::istringstream lines(result.output);
        for (std::string line; std::getline(lines, line);) {
            if (line.size() < 3 || line[1] < '0' || line[1] > '9') continue;
            const std::string row = line.substr(3, 2 * go::kBoardSize);
            stones += static_cast<std::size_t>(std::count(row.begin(), row.end(), 'X') +
                                               std::count(row.begin(), row.end(), 'O'));
        }
        CHECK(stones == e.main_line_stones);
    }
}
