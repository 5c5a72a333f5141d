// josekic_explore_load: a load test of `josekic explore` (not a unit test; bench/explore_load.sh
// runs it). It collects queries from the server itself (the joseki and fuseki lines of the
// most played continuations, breadth first, and the games they list), then runs CLIENTS
// threads for SECONDS or REQUESTS requests of one kind (joseki) or of a mix (joseki,
// fuseki, games, review), and prints p50, p99, max, requests per second and errors.
//
//   josekic_explore_load PORT [--clients 8] [--requests N | --seconds S] [--mix]
//                             [--review GAME.sgf]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

namespace {

using Clock = std::chrono::steady_clock;

struct Request {
    std::string path;
    std::string body;  // a POST when not empty
};

// Lines of `tree` breadth first through the `width` most played continuations, up to `limit`.
std::vector<std::string> lines_of(httplib::Client& client, const std::string& tree,
                                  std::size_t width, std::size_t limit,
                                  std::vector<int>& game_ids) {
    std::vector<std::string> out;
    std::deque<std::string> todo{""};
    while (!todo.empty() && out.size() < limit) {
        const std::string line = todo.front();
        todo.pop_front();
        out.push_back(line);
        const auto r = client.Get(
            httplib::append_query_params("/api/" + tree, {{"games", "2"}, {"moves", line}}));
        if (!r || r->status != 200) continue;
        const nlohmann::json answer = nlohmann::json::parse(r->body);
        for (const auto& g : answer["games"]) game_ids.push_back(g["id"].get<int>());
        std::size_t taken = 0;
        for (const auto& c : answer["continuations"]) {
            if (taken++ == width) break;
            todo.push_back(line.empty() ? c["move"].get<std::string>()
                                        : line + " " + c["move"].get<std::string>());
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: josekic_explore_load PORT [--clients N] [--requests N | --seconds S] "
                     "[--mix] [--review GAME.sgf]\n");
        return 2;
    }
    const int port = std::atoi(argv[1]);
    int clients = 8;
    long requests = 20000;
    double seconds = 0;
    bool mix = false;
    std::string review_file;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--clients" && i + 1 < argc)
            clients = std::atoi(argv[++i]);
        else if (a == "--requests" && i + 1 < argc)
            requests = std::atol(argv[++i]);
        else if (a == "--seconds" && i + 1 < argc)
            seconds = std::atof(argv[++i]);
        else if (a == "--mix")
            mix = true;
        else if (a == "--review" && i + 1 < argc)
            review_file = argv[++i];
    }
    httplib::Client setup("127.0.0.1", port);
    std::vector<int> game_ids;
    const std::vector<std::string> joseki = lines_of(setup, "joseki", 4, 400, game_ids);
    const std::vector<std::string> fuseki = lines_of(setup, "fuseki", 3, 200, game_ids);
    std::string review_body;
    if (!review_file.empty()) {
        std::ifstream in(review_file, std::ios::binary);
        review_body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    std::vector<Request> plan;
    for (const std::string& line : joseki)
        plan.push_back({httplib::append_query_params("/api/joseki", {{"moves", line}}), ""});
    if (mix) {
        for (const std::string& line : fuseki)
            plan.push_back({httplib::append_query_params("/api/fuseki", {{"moves", line}}), ""});
        for (std::size_t i = 0; i < std::min<std::size_t>(game_ids.size(), 100); ++i)
            plan.push_back({"/api/games/" + std::to_string(game_ids[i]) + "?move=10", ""});
        if (!review_body.empty())
            for (int i = 0; i < 20; ++i) plan.push_back({"/api/review?name=game.sgf", review_body});
    }
    std::printf("queries: %zu joseki lines, %zu fuseki lines, %zu games; plan of %zu requests%s\n",
                joseki.size(), fuseki.size(), game_ids.size(), plan.size(),
                mix ? " (mixed)" : " (joseki)");

    std::atomic<long> next{0};
    std::atomic<long> errors{0};
    std::mutex merge;
    std::vector<double> latencies;
    const Clock::time_point start = Clock::now();
    const auto until = start + std::chrono::duration<double>(seconds);
    std::vector<std::thread> threads;
    for (int t = 0; t < clients; ++t) {
        threads.emplace_back([&, t] {
            httplib::Client client("127.0.0.1", port);
            client.set_keep_alive(false);
            std::vector<double> mine;
            for (long n = next++; seconds > 0 ? Clock::now() < until : n < requests; n = next++) {
                const Request& r = plan[static_cast<std::size_t>(n * 7919 + t) % plan.size()];
                const Clock::time_point sent = Clock::now();
                const auto answer = r.body.empty()
                                        ? client.Get(r.path)
                                        : client.Post(r.path, r.body, "application/x-go-sgf");
                mine.push_back(
                    std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
                if (!answer || answer->status != 200) ++errors;
            }
            const std::lock_guard<std::mutex> lock(merge);
            latencies.insert(latencies.end(), mine.begin(), mine.end());
        });
    }
    for (std::thread& t : threads) t.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    std::sort(latencies.begin(), latencies.end());
    const auto at = [&](double q) {
        return latencies.empty() ? 0.0
                                 : latencies[static_cast<std::size_t>(
                                       q * static_cast<double>(latencies.size() - 1))];
    };
    std::printf(
        "%zu requests, %d clients, %.1f s: %.0f requests/s; p50 %.2f ms, p99 %.2f ms, "
        "max %.2f ms; errors %ld\n",
        latencies.size(), clients, elapsed, static_cast<double>(latencies.size()) / elapsed,
        at(0.5), at(0.99), latencies.empty() ? 0.0 : latencies.back(), errors.load());
    return errors == 0 ? 0 : 1;
}
