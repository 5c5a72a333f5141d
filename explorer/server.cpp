#include "explorer/server.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <stdexcept>
#include <string_view>

#include <httplib.h>

#include "explorer/api.hpp"
#include "explorer/page_files.hpp"

namespace josekic::explorer {

namespace {

Params params_of(const httplib::Request& request) {
    return Params(request.params.begin(), request.params.end());
}

void answer(httplib::Response& response, const ApiAnswer& a) {
    response.status = a.status;
    response.set_content(a.body, "application/json; charset=utf-8");
}

// The listening socket's options: the address reusable at once after a restart, and
// connections handed to a worker only once they carry data (TCP_DEFER_ACCEPT), so that
// clients that connect and send nothing never take a thread.
void socket_options(int socket) {
    const int yes = 1;
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    const int defer_seconds = 10;
    setsockopt(socket, IPPROTO_TCP, TCP_DEFER_ACCEPT, &defer_seconds, sizeof defer_seconds);
}

// cpp-httplib's server with its listening socket in reach: the library listens with a backlog
// of 5, so that a few clients that connect and wait would make every other SYN wait for a
// retransmission (seconds); bind() listens again with the system's maximum.
class HttpServer : public httplib::Server {
  public:
    void widen_backlog() { ::listen(svr_sock_, SOMAXCONN); }
};

}  // namespace

struct Server::State {
    const index::IndexFile* index;
    ServerOptions options;
    Api api;
    HttpServer http;
    State(const index::IndexFile& i, ServerOptions o) : index(&i), options(std::move(o)), api(i) {}
};

Server::Server(const index::IndexFile& index, ServerOptions options)
    : state_(std::make_unique<State>(index, std::move(options))) {
    State& s = *state_;
    HttpServer& http = s.http;
    const std::size_t threads = s.options.threads;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    http.set_socket_options(socket_options);
    http.set_read_timeout(s.options.timeout_seconds, 0);
    http.set_write_timeout(s.options.timeout_seconds, 0);
    // A connection holds a thread while it waits for its next request, so none waits: a
    // request arrives with its connection (TCP_DEFER_ACCEPT), and a connection with nothing
    // to read after it is closed at once (the library polls for 10 ms). Keep-alive costs a
    // loopback client one handshake per idle pause; idle connections cost no thread.
    http.set_keep_alive_timeout(0);
    http.set_payload_max_length(kMaxReviewBytes);
    http.set_tcp_nodelay(true);
    httplib::Headers headers{{"X-Content-Type-Options", "nosniff"}, {"Cache-Control", "no-store"}};
    if (!s.options.cors_origin.empty()) {
        headers.emplace("Access-Control-Allow-Origin", s.options.cors_origin);
        headers.emplace("Vary", "Origin");
    }
    http.set_default_headers(headers);

    const Api& api = s.api;
    for (const Endpoint& endpoint : kEndpoints) {
        const auto serve = [&api, &endpoint](const httplib::Request& q, httplib::Response& r) {
            answer(r, endpoint.answer(
                          api, Request{params_of(q), q.body,
                                       q.matches.size() > 1 ? q.matches[1].str() : std::string()}));
        };
        if (endpoint.method == "POST")
            http.Post(std::string(endpoint.pattern), serve);
        else
            http.Get(std::string(endpoint.pattern), serve);
    }
    // Any other method on an API path: 405, naming the one it takes.
    for (const Endpoint& endpoint : kEndpoints) {
        const std::string pattern(endpoint.pattern);
        const std::string allowed(endpoint.method);
        const auto refuse = [allowed](const httplib::Request& q, httplib::Response& r) {
            r.set_header("Allow", allowed);
            answer(r, error_answer(405, q.method + " is not allowed here; use " + allowed));
        };
        if (allowed != "GET") http.Get(pattern, refuse);
        if (allowed != "POST") http.Post(pattern, refuse);
        http.Put(pattern, refuse);
        http.Delete(pattern, refuse);
        http.Patch(pattern, refuse);
    }
    http.Options(R"(/api/.*)", [this](const httplib::Request&, httplib::Response& r) {
        if (!state_->options.cors_origin.empty()) {
            r.set_header("Access-Control-Allow-Methods", "GET, POST");
            r.set_header("Access-Control-Allow-Headers", "Content-Type");
        }
        r.status = 204;
    });
    // The page: only the files compiled in, found by their exact name.
    http.Get(R"(/([^/]*))", [](const httplib::Request& q, httplib::Response& r) {
        const std::string name = q.matches[1].str().empty() ? "index.html" : q.matches[1].str();
        const std::optional<PageFile> file = page_file(name);
        if (!file) {
            answer(r, error_answer(404, "no such page"));
            return;
        }
        r.set_content(std::string(file->content), std::string(file->media_type));
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& r, std::exception_ptr error) {
            std::string message = "internal error";
            try {
                std::rethrow_exception(error);
            } catch (const std::exception& e) {
                message = e.what();
            } catch (...) {
            }
            answer(r, error_answer(500, message));
        });
    // What the library answers itself (no route, a body over the limit, a bad request) gets
    // a JSON body too.
    http.set_error_handler([](const httplib::Request&, httplib::Response& r) {
        if (!r.body.empty()) return;
        const std::string_view what = r.status == 404   ? "no such path"
                                      : r.status == 413 ? "a request body of at most 1 MiB"
                                                        : "a bad request";
        answer(r, error_answer(r.status, what));
    });
}

Server::~Server() = default;

int Server::bind() {
    State& s = *state_;
    const int port =
        s.options.port == 0
            ? s.http.bind_to_any_port(s.options.host)
            : (s.http.bind_to_port(s.options.host, s.options.port) ? s.options.port : -1);
    if (port >= 0) s.http.widen_backlog();
    if (port < 0)
        throw std::runtime_error("cannot listen on " + s.options.host + ":" +
                                 std::to_string(s.options.port) +
                                 " (in use, or not an address of this machine)");
    return port;
}

void Server::serve() {
    state_->http.listen_after_bind();
}

void Server::stop() {
    state_->http.stop();
}

}  // namespace josekic::explorer
