#include <catch2/catch.hpp>

#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "index/index_reader.hpp"
#include "index/query.hpp"
#include "tests/cli/run_binary.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;
using josekic::testing::run_josekic;
using josekic::testing::shell_quote;
using nlohmann::json;

extern char** environ;

namespace {

const fs::path kGoban = "/usr/share/goban";

// goban-596 (the games the build installs) compiled once for all the tests of this file, with
// the compile options `options` (once per set of options).
const fs::path& goban_dictionary(const std::string& options = "") {
    static const josekic::test_support::TempDir dir;
    static std::map<std::string, fs::path> built;
    const auto [at, fresh] = built.try_emplace(options);
    if (fresh) {
        at->second = dir.path() / ("goban-" + std::to_string(built.size()));
        const auto run = run_josekic("compile " + shell_quote(kGoban.string()) + " -o " +
                                     shell_quote(at->second.string()) + " --quiet " + options);
        REQUIRE(run.exit_code == 0);
    }
    return at->second;
}

// `josekic explore DIR --port 0 OPTIONS...` in the background; stopped with SIGTERM when
// destroyed.
class Explorer {
  public:
    explicit Explorer(const fs::path& dictionary, const std::vector<std::string>& options = {}) {
        int pipe_fds[2];
        REQUIRE(pipe(pipe_fds) == 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
        const std::string binary = JOSEKIC_BINARY;
        const std::string dir = dictionary.string();
        std::vector<char*> argv = {const_cast<char*>(binary.c_str()), const_cast<char*>("explore"),
                                   const_cast<char*>(dir.c_str()), const_cast<char*>("--port"),
                                   const_cast<char*>("0")};
        for (const std::string& option : options) argv.push_back(const_cast<char*>(option.c_str()));
        argv.push_back(nullptr);
        REQUIRE(posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ) == 0);
        posix_spawn_file_actions_destroy(&actions);
        close(pipe_fds[1]);
        FILE* out = fdopen(pipe_fds[0], "r");
        char line[256] = {};
        REQUIRE(std::fgets(line, sizeof line, out) != nullptr);
        std::fclose(out);
        const std::string text = line;
        const std::size_t colon = text.rfind(':');
        port_ = std::stoi(text.substr(colon + 1));
    }
    ~Explorer() {
        if (pid_ > 0) stop();
    }
    int port() const { return port_; }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(20, 0);
        return c;
    }
    /// SIGTERM, then the exit status.
    int stop() {
        kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

  private:
    pid_t pid_ = -1;
    int port_ = 0;
};

// Asks the explorer of `dictionary` (as lookup --moves answers) for every joseki node's line
// by its moves (every `step`th node): each must be found, with its count (issue 26).
void check_every_joseki_node(const fs::path& dictionary, std::uint32_t step) {
    Explorer server(dictionary);
    httplib::Client client = server.client();
    const auto index = josekic::index::IndexFile::open(dictionary / "index.jki");
    const auto& tree = index.tree(josekic::index::Tree::Joseki);
    std::size_t checked = 0;
    for (std::uint32_t node = 1; node < tree.size(); node += step) {
        std::string moves;
        for (const auto& move : josekic::index::node_line(tree, node)) {
            moves += move.color == josekic::go::Color::Black ? "B[" : "W[";
            moves += move.point ? std::string{static_cast<char>('a' + move.point->x),
                                              static_cast<char>('a' + move.point->y)}
                                : std::string("tenuki");
            moves += "] ";
        }
        const auto answer = client.Get(
            httplib::append_query_params("/api/joseki", {{"games", "0"}, {"moves", moves}}));
        REQUIRE(answer);
        const json body = json::parse(answer->body);
        INFO(moves);
        REQUIRE(body["found"] == true);
        REQUIRE(body["count"] ==
                josekic::index::node_stats(index, josekic::index::Tree::Joseki, node).count);
        ++checked;
    }
    CHECK(checked == (tree.size() - 2) / step + 1);
}

std::string lookup_json_of(const std::string& options) {
    const auto run =
        run_josekic("lookup " + shell_quote(goban_dictionary().string()) + " --json " + options);
    REQUIRE(run.exit_code == 0);
    return run.out.substr(0, run.out.size() - 1);  // without the newline
}

}  // namespace

TEST_CASE("explore answers /api/joseki with the bytes of lookup --json", "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    Explorer server(goban_dictionary());
    httplib::Client client = server.client();
    const auto info = client.Get("/api/info");
    REQUIRE(info);
    CHECK(info->status == 200);
    CHECK(json::parse(info->body)["games"] == 590);
    // The eras are those of the dictionary's "By era:" lines: its root's comment names them
    // ("By era: 1941-1978 1,220, 1979-1997 1,104.").
    const std::string joseki = josekic::test_support::slurp(goban_dictionary() / "joseki.sgf");
    const std::size_t by_era = joseki.find("By era: ");
    REQUIRE(by_era != std::string::npos);
    const std::string root_line = joseki.substr(by_era, joseki.find('.', by_era) - by_era);
    const json eras = json::parse(info->body)["eras"];
    REQUIRE(eras.size() == 2);
    for (const json& era : eras) {
        INFO(root_line);
        CHECK(root_line.find(" " + era["label"].get<std::string>() + " ") != std::string::npos);
    }
    // Every line in the lower-left corner as typed, with and without a filter.
    for (const std::string moves : {"", "dp", "dp cq", "dp cq cp dq", "pd qc qd pc"}) {
        const auto answer =
            client.Get(httplib::append_query_params("/api/joseki", {{"moves", moves}}));
        REQUIRE(answer);
        CHECK(answer->status == 200);
        CHECK(answer->body == lookup_json_of("--moves " + shell_quote(moves)));
    }
    const auto filtered = client.Get("/api/joseki?moves=dp&since=1970&min_rank=9p");
    REQUIRE(filtered);
    CHECK(filtered->body == lookup_json_of("--moves dp --since 1970 --min-rank 9p"));
    const auto fuseki = client.Get("/api/fuseki?moves=pd%20dd");
    REQUIRE(fuseki);
    CHECK(fuseki->body == lookup_json_of("--fuseki --moves 'pd dd'"));
    CHECK(server.stop() == 0);
}

TEST_CASE("explore --reference answers with the books lookup and review follow",
          "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    const josekic::test_support::TempDir dir;
    const std::string book =
        "notes=" + dir.write("book.sgf",
                             "(;GM[1]FF[4]SZ[19];B[pd]C[the star point](;W[nc]BM[1])(;W[jc]C[a "
                             "pincer]))");
    Explorer server(goban_dictionary(), {"--reference", book});
    httplib::Client client = server.client();
    const auto info = client.Get("/api/info");
    REQUIRE(info);
    CHECK(json::parse(info->body)["books"] ==
          json::parse(R"([{"name": "notes", "read_in_part": false}])"));
    // A line the book knows, one it knows the first move of, and one that leaves the
    // dictionary: the bytes of lookup --reference --json.
    for (const std::string moves : {"pd", "pd nc", "dp cq", "pd sa"}) {
        INFO(moves);
        const auto answer =
            client.Get(httplib::append_query_params("/api/joseki", {{"moves", moves}}));
        REQUIRE(answer);
        CHECK(answer->status == 200);
        CHECK(answer->body == lookup_json_of("--moves " + shell_quote(moves) + " --reference " +
                                             shell_quote(book)));
    }
    // The empty line with White first: White's moves, wins and the books' words in White's
    // colours; `first` goes with the empty line only.
    const auto white_first = client.Get("/api/joseki?moves=&first=white&games=0");
    REQUIRE(white_first);
    const json white = json::parse(white_first->body);
    CHECK(white["first_player"] == "white");
    REQUIRE(!white["continuations"].empty());
    for (const json& c : white["continuations"])
        CHECK(c["move"].get<std::string>().starts_with("W["));
    for (const json& c : white["continuations"])
        CHECK(c["books"] ==
              (c["move"] == "W[pd]"
                   ? json::parse(R"([{"name": "notes", "verdict": "\u201cthe star point\u201d"}])")
                   : json::array()));
    for (const std::string bad : {"/api/joseki?moves=pd&first=white",
                                  "/api/joseki?moves=&first=red", "/api/fuseki?first=white"}) {
        INFO(bad);
        const auto refused = client.Get(bad);
        REQUIRE(refused);
        CHECK(refused->status == 400);
        CHECK(json::parse(refused->body)["parameter"] == "first");
    }
    // Fuseki lines are not followed in joseki books; a position's corners are.
    const auto fuseki = client.Get("/api/fuseki?moves=pd");
    REQUIRE(fuseki);
    CHECK_FALSE(json::parse(fuseki->body).contains("books"));
    const auto position =
        client.Get(httplib::append_query_params("/api/position", {{"moves", "pd dd pq nc"}}));
    REQUIRE(position);
    const json corners = json::parse(position->body)["corners"];
    REQUIRE(corners.size() == 3);
    CHECK(corners[0]["books"][0] == json::parse(R"({"name": "notes", "known_moves": 2,
        "verdicts": [{"move_in_line": 2, "move": "W[nc]", "verdict": "mistake"}]})"));
    // A review: each corner's line with what review --reference --json says of it.
    const std::string game = (kGoban / "Hon-97-2.mgt").string();
    const auto reviewed =
        client.Post("/api/review?name=Hon-97-2.mgt", josekic::test_support::slurp(game),
                    "application/octet-stream");
    REQUIRE(reviewed);
    const auto printed =
        run_josekic("review " + shell_quote(goban_dictionary().string()) + " " + shell_quote(game) +
                    " --json --reference " + shell_quote(book));
    REQUIRE(printed.exit_code == 0);
    const json served = json::parse(reviewed->body)["lines"];
    const json expected = json::parse(printed.out)["lines"];
    REQUIRE(served.size() == expected.size());
    std::size_t with_books = 0;
    for (std::size_t i = 0; i < served.size(); ++i) {
        CHECK(served[i].value("books", json()) == expected[i].value("books", json()));
        with_books += served[i].contains("books") ? 1 : 0;
    }
    CHECK(with_books == 4);
    CHECK(server.stop() == 0);

    // A book that cannot be read stops explore before it serves; one cut short is served as
    // far as it goes, and explore exits 1 when it stops.
    const auto missing =
        run_josekic("explore " + shell_quote(goban_dictionary().string()) +
                    " --port 0 --reference " + shell_quote((dir.path() / "none.sgf").string()));
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("none.sgf") != std::string::npos);
    Explorer cut(goban_dictionary(),
                 {"--reference", dir.write("cut.sgf", "(;GM[1]FF[4]SZ[19];B[pd]C[the st")});
    const auto cut_info = cut.client().Get("/api/info");
    REQUIRE(cut_info);
    CHECK(json::parse(cut_info->body)["books"][0]["read_in_part"] == true);
    const auto cut_answer = cut.client().Get("/api/joseki?moves=pd");
    REQUIRE(cut_answer);
    CHECK(json::parse(cut_answer->body)["books"][0]["known_moves"] == 1);
    CHECK(cut.stop() == 1);
}

TEST_CASE("every joseki node of goban-596 is answered with its count", "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    // Under the sanitizers (JOSEKIC_QUICK), every 10th node.
    const std::uint32_t step = std::getenv("JOSEKIC_QUICK") != nullptr ? 10 : 1;
    // Under a local rule a zone stone left out of a line stays on the board: the lines must
    // still replay alone (a capture helped by such a stone ends the line).
    for (const std::string options : {"", "--cutoff locality", "--cutoff contested"}) {
        INFO(options);
        check_every_joseki_node(goban_dictionary(options), step);
    }
}

TEST_CASE("a corner stone captured with an outside stone's help leaves a line lookup finds",
          "[explorer][e2e]") {
    // W kc, 5 lines from Black's lone pd, is play elsewhere for the upper right under every
    // local rule, yet it takes a liberty of Black's lc later: W ld captures lc on the game's
    // board but not on the line's, and W lc then fills the point. The line ends before W ld.
    const std::string game =
        "(;GM[1]FF[4]SZ[19]PB[Alpha]PW[Beta]RE[B+R];B[pd];W[kc];B[dp];W[qf];B[lc];W[mc];B[dd]"
        ";W[lb];B[pp];W[ld];B[dj];W[lc])";
    const josekic::test_support::TempDir dir;
    fs::create_directories(dir.path() / "games");
    std::ofstream(dir.path() / "games" / "capture.sgf", std::ios::binary) << game;
    for (const std::string rule : {"ring", "locality", "spill", "contact", "contested"}) {
        INFO(rule);
        const fs::path out = dir.path() / rule;
        const auto run =
            run_josekic("compile " + shell_quote((dir.path() / "games").string()) + " -o " +
                        shell_quote(out.string()) + " --quiet --full --cutoff " + rule);
        REQUIRE(run.exit_code == 0);
        check_every_joseki_node(out, 1);
        const std::string report = josekic::test_support::slurp(out / "report.txt");
        CHECK((report.find("decided-outside 1 ") != std::string::npos) == (rule != "ring"));
        // lookup --game cuts the game as compile did, and says why the corner has no line.
        const auto at = run_josekic("lookup " + shell_quote(out.string()) + " --game " +
                                    shell_quote((dir.path() / "games" / "capture.sgf").string()) +
                                    " --move 12");
        CHECK(at.exit_code == 0);
        CHECK((at.out.find("upper-right corner: not tracked: its line ended before this move: "
                           "stones left out of it") != std::string::npos) == (rule != "ring"));
    }
}

TEST_CASE("explore answers the whole-board position in any move order", "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    Explorer server(goban_dictionary());
    httplib::Client client = server.client();
    const auto one =
        client.Get(httplib::append_query_params("/api/position", {{"moves", "pd dd pp dp"}}));
    const auto other =
        client.Get(httplib::append_query_params("/api/position", {{"moves", "pp dp pd dd"}}));
    REQUIRE(one);
    REQUIRE(other);
    const json a = json::parse(one->body);
    const json b = json::parse(other->body);
    CHECK(a["position"]["count"] == b["position"]["count"]);
    CHECK(a["position"]["count"].get<int>() > 0);
    CHECK(a["move_number"] == 4);
}

TEST_CASE("explore reviews a posted game and opens a game at its move", "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    Explorer server(goban_dictionary());
    httplib::Client client = server.client();
    const std::string game = josekic::test_support::slurp(kGoban / "Hon-97-2.mgt");
    const auto review = client.Post("/api/review?name=Hon-97-2.mgt", game, "application/x-go-sgf");
    REQUIRE(review);
    CHECK(review->status == 200);
    const json r = json::parse(review->body);
    REQUIRE(!r["lines"].empty());
    CHECK(r["lines"][0]["name"].is_string());
    const auto cli = run_josekic("review " + shell_quote(goban_dictionary().string()) + " " +
                                 shell_quote((kGoban / "Hon-97-2.mgt").string()) + " --json");
    CHECK(r["lines"] == json::parse(cli.out)["lines"]);

    const json dp = json::parse(client.Get("/api/joseki?moves=dp")->body);
    REQUIRE(!dp["games"].empty());
    const json first = dp["games"][0];
    const auto opened = client.Get("/api/games/" + std::to_string(first["id"].get<int>()) +
                                   "?move=" + std::to_string(first["move_number"].get<int>()));
    REQUIRE(opened);
    CHECK(opened->status == 200);
    const json g = json::parse(opened->body);
    CHECK(g["black"] == first["black"]);
    REQUIRE(g["record"].is_object());
    CHECK(g["record"]["moves"].size() > first["move_number"].get<std::size_t>());
}

TEST_CASE("explore answers bad input with 400, 404, 405 and 413 and keeps serving",
          "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    Explorer server(goban_dictionary());
    httplib::Client client = server.client();
    const auto bad = client.Get("/api/joseki?moves=pd%20qc%20zz");
    REQUIRE(bad);
    CHECK(bad->status == 400);
    const json error = json::parse(bad->body);
    CHECK(error["parameter"] == "moves");
    CHECK(error["column"] == 7);
    for (const std::string query :
         {"since=abc", "min_rank=12x", "since=2000&until=1990", "games=-1", "moves=pd&moves=dd",
          "min-rank=9d", "moves=pd&sinse=2019"}) {
        const auto r = client.Get("/api/joseki?" + query);
        REQUIRE(r);
        INFO(query);
        CHECK(r->status == 400);
        CHECK(json::parse(r->body).contains("parameter"));
    }
    // A NUL byte would cut a decoded value short (pd%00zz read as pd, a filter emptied):
    // refused, naming the parameter.
    for (const auto& [query, name] :
         {std::pair{"moves=pd%00zz", "moves"}, std::pair{"moves=pd&player=%00zzz", "player"},
          std::pair{"since=2018%00abc", "since"}}) {
        const auto r = client.Get(std::string("/api/joseki?") + query);
        REQUIRE(r);
        INFO(query);
        CHECK(r->status == 400);
        CHECK(json::parse(r->body)["parameter"] == name);
    }
    // A misspelt parameter is named, not answered as if it were not there.
    const auto misspelt = client.Get("/api/joseki?moves=pd&sinse=2019");
    REQUIRE(misspelt);
    CHECK(json::parse(misspelt->body)["parameter"] == "sinse");
    // The filters' checks are lookup's, in its words, under the parameter's name.
    const auto crossed = client.Get("/api/joseki?since=2000&until=1990");
    REQUIRE(crossed);
    const json crossed_error = json::parse(crossed->body);
    CHECK(crossed_error["parameter"] == "since");
    CHECK(crossed_error["error"] == "2000 is after until 1990: no game can pass");
    for (const std::string path :
         {"/nothing", "/api/nothing", "/api/games/99999", "/api/games/abc", "/../etc/passwd",
          "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/index.html%00.js",
          "/%2fetc%2fpasswd", "//etc/passwd"}) {
        const auto r = client.Get(path);
        REQUIRE(r);
        INFO(path);
        CHECK(r->status == 404);
        CHECK(r->body.find("root:") == std::string::npos);
    }
    const auto wrong_method = client.Post("/api/joseki", "x", "text/plain");
    REQUIRE(wrong_method);
    CHECK(wrong_method->status == 405);
    const auto get_review = client.Get("/api/review");
    REQUIRE(get_review);
    CHECK(get_review->status == 405);
    const auto too_large =
        client.Post("/api/review", std::string((1 << 20) + 1, '('), "application/x-go-sgf");
    REQUIRE(too_large);
    CHECK(too_large->status == 413);
    const auto no_game = client.Post("/api/review", "not a game", "application/x-go-sgf");
    REQUIRE(no_game);
    CHECK(no_game->status == 400);
    // An uploaded game is read with compile's skip rules: a 9x9 game is not reviewed as 19x19.
    const auto small_board =
        client.Post("/api/review", "(;GM[1]FF[4]SZ[9];B[ee];W[cc])", "application/x-go-sgf");
    REQUIRE(small_board);
    CHECK(small_board->status == 400);
    CHECK(json::parse(small_board->body)["error"].get<std::string>().find(
              "game 1 skipped: board is 9x9; only 19x19 games are read") != std::string::npos);
    // ... and passed over, as compile passes it, when a 19x19 game follows.
    const auto then_19 = client.Post("/api/review", "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[19];B[pd];W[dd])",
                                     "application/x-go-sgf");
    REQUIRE(then_19);
    CHECK(then_19->status == 200);
    const json second = json::parse(then_19->body)["game"];
    CHECK(second["number_in_file"] == 2);
    CHECK(second["games_in_file"] == 2);
    CHECK(second["moves"] == json::array({"B[pd]", "W[dd]"}));
    // A first move off the board leaves a game of no moves: the answer says both.
    const auto off_board =
        client.Post("/api/review", "(;GM[1]FF[4]SZ[19];B[zz];W[cc])", "application/x-go-sgf");
    REQUIRE(off_board);
    CHECK(off_board->status == 400);
    const std::string why = json::parse(off_board->body)["error"];
    CHECK(why.find("B[zz] is not a point of the board") != std::string::npos);
    CHECK(why.find("no moves") != std::string::npos);
    const auto page = client.Get("/");
    REQUIRE(page);
    CHECK(page->status == 200);
    CHECK(page->body.find("explorer.js") != std::string::npos);
    CHECK(server.stop() == 0);
}

TEST_CASE("explore answers /api/corner with the bytes of lookup --corner --json",
          "[explorer][e2e][patterns]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    const josekic::test_support::TempDir dir;
    const fs::path with = dir.path() / "with";
    REQUIRE(run_josekic("compile " + shell_quote(kGoban.string()) + " -o " +
                        shell_quote(with.string()) + " --quiet --patterns")
                .exit_code == 0);
    Explorer server(with);
    httplib::Client client = server.client();
    CHECK(json::parse(client.Get("/api/info")->body)["patterns"] == true);
    for (const std::string stones : {"B[dp]", "B[pd] W[qc]", "W[cq] W[dp] B[dq]"}) {
        for (const bool either : {false, true}) {
            httplib::Params query{{"stones", stones}};
            if (either) query.emplace("either_colour", "1");
            const auto answer = client.Get(httplib::append_query_params("/api/corner", query));
            REQUIRE(answer);
            CHECK(answer->status == 200);
            const auto cli =
                run_josekic("lookup " + shell_quote(with.string()) + " --json --corner " +
                            shell_quote(stones) + (either ? " --either-colour" : ""));
            REQUIRE(cli.exit_code == 0);
            CHECK(answer->body == cli.out.substr(0, cli.out.size() - 1));
        }
    }
    const auto outside =
        client.Get(httplib::append_query_params("/api/corner", {{"stones", "B[jj]"}}));
    REQUIRE(outside);
    CHECK(outside->status == 400);
    CHECK(json::parse(outside->body)["parameter"] == "stones");
    const auto to_move = client.Get("/api/corner?stones=pd&to_move=red");
    REQUIRE(to_move);
    CHECK(to_move->status == 400);
    CHECK(server.stop() == 0);

    // An index without patterns: a 404 that says how to get them.
    Explorer without(goban_dictionary());
    httplib::Client plain = without.client();
    const auto none = plain.Get("/api/corner?stones=pd");
    REQUIRE(none);
    CHECK(none->status == 404);
    CHECK(none->body.find("--patterns") != std::string::npos);
}

namespace {

// A connection to the explorer at `port` on the loopback address, or -1.
int connect_to(int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    close(fd);
    return -1;
}

// Everything `fd` receives until the server closes it.
std::string received_until_closed(int fd) {
    std::string all;
    char buffer[4096];
    for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;)
        all.append(buffer, static_cast<std::size_t>(n));
    return all;
}

}  // namespace

TEST_CASE("200 idle connections do not stop explore from answering", "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    Explorer server(goban_dictionary());
    std::vector<int> idle;
    for (int i = 0; i < 200; ++i) {
        if (const int fd = connect_to(server.port()); fd >= 0) idle.push_back(fd);
    }
    CHECK(idle.size() == 200);
    httplib::Client client = server.client();
    const auto answer = client.Get("/api/info");
    REQUIRE(answer);
    CHECK(answer->status == 200);
    for (const int fd : idle) close(fd);
    CHECK(server.stop() == 0);
}

TEST_CASE("slow, pipelining and form-posting clients are served as HTTP says", "[explorer][e2e]") {
    if (!fs::exists(kGoban)) {
        WARN("skipped: no /usr/share/goban (goban-original-games)");
        return;
    }
    Explorer server(goban_dictionary());
    SECTION("clients that send a request a byte at a time are dropped when its time is up") {
        // More of them than the server has threads: none holds one while it waits.
        std::vector<int> slow;
        for (int i = 0; i < 40; ++i) {
            const int fd = connect_to(server.port());
            REQUIRE(fd >= 0);
            REQUIRE(send(fd, "GET /api/info HTTP/1.1\r\n", 25, MSG_NOSIGNAL) == 25);
            slow.push_back(fd);
        }
        httplib::Client client = server.client();
        const auto answer = client.Get("/api/info");
        REQUIRE(answer);
        CHECK(answer->status == 200);
        // A byte a second: each stays under the 5 seconds between bytes, not under 5 in all.
        std::size_t dropped = 0;
        for (int second = 0; second < 8 && dropped < slow.size(); ++second) {
            sleep(1);
            dropped = 0;
            for (const int fd : slow) dropped += send(fd, "X", 1, MSG_NOSIGNAL) < 0 ? 1 : 0;
        }
        CHECK(dropped == slow.size());
        for (const int fd : slow) close(fd);
    }
    SECTION("two requests sent at once are both answered, in order") {
        const int fd = connect_to(server.port());
        REQUIRE(fd >= 0);
        const std::string two =
            "GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n"
            "GET /api/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        REQUIRE(send(fd, two.data(), two.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(two.size()));
        const std::string answers = received_until_closed(fd);
        close(fd);
        const std::size_t ok = answers.find("HTTP/1.1 200");
        const std::size_t missing = answers.find("HTTP/1.1 404");
        CHECK(ok != std::string::npos);
        CHECK(missing != std::string::npos);
        CHECK(ok < missing);
    }
    SECTION("a game posted as curl posts it, a form, is reviewed as sent, whatever its size") {
        // An SGF of over 8 KiB whose comment looks like form fields.
        std::string game = "(;GM[1]FF[4]SZ[19]C[name=x.sgf&alternatives=3]";
        for (const char* move : {";B[pd]", ";W[dd]", ";B[pp]", ";W[dp]"}) game += move;
        game += "C[" + std::string(9000, 'x') + "])";
        httplib::Client client = server.client();
        const auto answer =
            client.Post("/api/review?name=game.sgf", game, "application/x-www-form-urlencoded");
        REQUIRE(answer);
        INFO(answer->body);
        CHECK(answer->status == 200);
        CHECK(json::parse(answer->body).contains("lines"));
    }
    SECTION("a method the server has no use for is a 405 naming the one to use") {
        const int fd = connect_to(server.port());
        REQUIRE(fd >= 0);
        const std::string trace = "TRACE /api/info HTTP/1.1\r\nHost: x\r\n\r\n";
        REQUIRE(send(fd, trace.data(), trace.size(), MSG_NOSIGNAL) ==
                static_cast<ssize_t>(trace.size()));
        shutdown(fd, SHUT_WR);  // as `nc -N` does: the answer still comes
        const std::string answer = received_until_closed(fd);
        close(fd);
        CHECK(answer.starts_with("HTTP/1.1 405"));
        CHECK(answer.find("Allow: GET") != std::string::npos);
    }
    SECTION("OPTIONS names the methods of an endpoint, and finds no other path") {
        httplib::Client client = server.client();
        const auto review = client.Options("/api/review");
        REQUIRE(review);
        CHECK(review->status == 204);
        CHECK(review->get_header_value("Allow") == "POST, OPTIONS");
        const auto info = client.Options("/api/info");
        REQUIRE(info);
        CHECK(info->get_header_value("Allow") == "GET, HEAD, OPTIONS");
        const auto nothing = client.Options("/api/nothing");
        REQUIRE(nothing);
        CHECK(nothing->status == 404);
    }
    SECTION("HEAD answers the headers of the GET, its length too, without its body") {
        httplib::Client client = server.client();
        const auto get = client.Get("/api/info");
        REQUIRE(get);
        const int fd = connect_to(server.port());
        REQUIRE(fd >= 0);
        const std::string head = "HEAD /api/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        REQUIRE(send(fd, head.data(), head.size(), MSG_NOSIGNAL) ==
                static_cast<ssize_t>(head.size()));
        const std::string answer = received_until_closed(fd);
        close(fd);
        CHECK(answer.starts_with("HTTP/1.1 200"));
        CHECK(answer.find("Content-Length: " + std::to_string(get->body.size()) + "\r\n") !=
              std::string::npos);
        CHECK(answer.ends_with("\r\n\r\n"));  // no body
    }
    CHECK(server.stop() == 0);
}

TEST_CASE("josekic explore runs josekic-explore, and says so when it is missing",
          "[explorer][e2e]") {
    // Beside the build's josekic: the help comes from josekic-explore.
    const auto help = run_josekic("help explore");
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("usage: josekic explore DIR|INDEX") == 0);
    CHECK(run_josekic("explore --port 99999 nowhere").exit_code == 2);
    // The origin goes into a header of every answer: a line break would add headers.
    const auto injected =
        run_josekic("explore nowhere --cors \"$(printf 'http://a\\r\\nX-Evil: 1')\"");
    CHECK(injected.exit_code == 2);
    CHECK(injected.err.find("--cors takes an origin") != std::string::npos);
    // A josekic alone in a directory, with nothing installed beside it.
    const josekic::test_support::TempDir dir;
    const fs::path alone = dir.path() / "bin" / "josekic";
    fs::create_directories(alone.parent_path());
    fs::copy_file(JOSEKIC_BINARY, alone);
    const auto run = josekic::testing::run_program(alone.string(), "explore nowhere");
    CHECK(run.exit_code == 1);
    // Its help, and a bad command line, need no server.
    const auto alone_help = josekic::testing::run_program(alone.string(), "help explore");
    CHECK(alone_help.exit_code == 0);
    CHECK(alone_help.out == help.out);
    CHECK(josekic::testing::run_program(alone.string(), "explore --port 99999 nowhere").exit_code ==
          2);
    // It names both places it looked: beside josekic, and where `cmake --install` puts it.
    CHECK(run.err.find("cannot start josekic-explore") != std::string::npos);
    CHECK(run.err.find("beside josekic (" + (dir.path() / "bin" / "josekic-explore").string() +
                       ")") != std::string::npos);
    CHECK(run.err.find("where `cmake --install` puts it (" +
                       (dir.path() / "libexec" / "josekic" / "josekic-explore").string() + ")") !=
          std::string::npos);
    // Other commands do not need it.
    CHECK(josekic::testing::run_program(alone.string(), "--version").exit_code == 0);
}
