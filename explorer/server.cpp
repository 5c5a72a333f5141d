#include "explorer/server.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <uriparser/Uri.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <iostream>
#include <list>
#include <mutex>
#include <new>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "explorer/api.hpp"
#include "explorer/memory_reserve.hpp"
#include "explorer/page_files.hpp"

namespace josekic::explorer {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

using HttpRequest = http::request<http::string_body>;
using HttpResponse = http::response<http::string_body>;

// The request line and headers a request may have: a move list is short, a URL past this is
// no query of the API.
constexpr std::uint32_t kMaxHeaderBytes = 8 * 1024;

// `text` percent-decoded by uriparser; '+' is a space where `plus_is_space` (a query string).
std::string unescaped(std::string text, bool plus_is_space) {
    if (text.empty()) return text;
    const char* end =
        uriUnescapeInPlaceExA(text.data(), plus_is_space ? URI_TRUE : URI_FALSE, URI_BR_DONT_TOUCH);
    text.resize(static_cast<std::size_t>(end - text.data()));
    return text;
}

// The parameters of a query string ("moves=pd+qc&since=2018"), decoded, in order; a name
// without '=' has an empty value.
Params query_params(std::string_view query) {
    Params params;
    if (query.empty()) return params;
    UriQueryListA* list = nullptr;
    int count = 0;
    if (uriDissectQueryMallocExA(&list, &count, query.data(), query.data() + query.size(), URI_TRUE,
                                 URI_BR_DONT_TOUCH) != URI_SUCCESS)
        throw std::bad_alloc();
    for (const UriQueryListA* item = list; item != nullptr; item = item->next)
        params.emplace(item->key, item->value != nullptr ? item->value : "");
    uriFreeQueryListA(list);
    return params;
}

// The first parameter of `query` whose name or value holds a NUL byte (%00), named as it was
// sent: its decoded C strings would end there, and the request be answered for less than
// it asked.
std::optional<std::string> parameter_with_nul(std::string_view query) {
    while (!query.empty()) {
        const std::size_t end = std::min(query.find('&'), query.size());
        const std::string_view item = query.substr(0, end);
        if (item.find("%00") != std::string_view::npos)
            return std::string(item.substr(0, std::min(item.find('='), item.size())));
        query.remove_prefix(std::min(end + 1, query.size()));
    }
    return std::nullopt;
}

// The listening socket's options: connections handed to the server only once they carry
// data (TCP_DEFER_ACCEPT), so that clients that connect and send nothing cost nothing.
void defer_accept(int socket) {
    const int defer_seconds = 10;
    ::setsockopt(socket, IPPROTO_TCP, TCP_DEFER_ACCEPT, &defer_seconds, sizeof defer_seconds);
}

}  // namespace

// What the sessions share: the routes, the headers every answer carries, the timeout, and
// the sessions waiting for a request, which stop() closes at once.
struct Server::State {
    const index::IndexFile* index;
    ServerOptions options;
    Api api;
    std::vector<std::regex> endpoint_patterns;  // kEndpoints' patterns, in their order
    net::io_context io;
    // The acceptor and its timer on a strand of their own: stop() closes it from any thread.
    net::strand<net::io_context::executor_type> accepting{net::make_strand(io)};
    tcp::acceptor acceptor{accepting};
    net::steady_timer accept_retry{accepting};
    std::atomic<bool> stopping = false;

    class Session;
    std::mutex sessions_mutex;
    std::list<std::weak_ptr<Session>> sessions;

    State(const index::IndexFile& i, ServerOptions o, std::vector<reference::ReferenceIndex> b)
        : index(&i), options(std::move(o)), api(i, std::move(b)) {
        for (const Endpoint& endpoint : kEndpoints)
            endpoint_patterns.emplace_back(std::string(endpoint.pattern));
    }

    void accept();
    HttpResponse respond(const HttpRequest& request) const;
    HttpResponse route(const HttpRequest& request) const;
    HttpResponse answer(const HttpRequest& request, ApiAnswer a) const;
};

// One connection: requests read whole within the timeout (a client that sends its request a
// byte at a time is dropped when the time is up, however steadily it sends), each answered
// in turn; kept open between requests while the client asks for it, within the timeout. No
// thread waits for a client: a slow or idle one costs a socket and a buffer.
class Server::State::Session : public std::enable_shared_from_this<Session> {
  public:
    Session(State& state, tcp::socket socket) : state_(state), stream_(std::move(socket)) {}

    void start() {
        {
            const std::lock_guard lock(state_.sessions_mutex);
            state_.sessions.push_back(weak_from_this());
            place_ = std::prev(state_.sessions.end());
        }
        net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }
    ~Session() {
        const std::lock_guard lock(state_.sessions_mutex);
        state_.sessions.erase(place_);
    }
    // Called on stop(): a session waiting for a request ends; one answering finishes first.
    void stop() {
        net::post(stream_.get_executor(), [self = shared_from_this()] {
            if (self->reading_) self->stream_.socket().close();
        });
    }

  private:
    // The next request, headers then body, all within the timeout.
    void read() {
        if (state_.stopping) return close();
        parser_.emplace();
        parser_->header_limit(kMaxHeaderBytes);
        parser_->body_limit(kMaxReviewBytes);
        reading_ = true;
        stream_.expires_after(std::chrono::seconds(state_.options.timeout_seconds));
        http::async_read_header(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code error, std::size_t) {
                if (error) return self->on_read(error);
                if (beast::iequals(self->parser_->get()[http::field::expect], "100-continue"))
                    return self->continue_body();
                self->read_body();
            });
    }

    // A client that waits for leave to send its body (curl with a large file) gets it.
    void continue_body() {
        continue_.emplace(http::status::continue_, 11);
        http::async_write(stream_, *continue_,
                          [self = shared_from_this()](beast::error_code error, std::size_t) {
                              if (error) return self->on_read(error);
                              self->read_body();
                          });
    }

    void read_body() {
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code error, std::size_t) {
                             self->on_read(error);
                         });
    }

    void on_read(beast::error_code error) {
        reading_ = false;
        if (error == http::error::body_limit) {
            return write(refusal(413, "a request body of at most 1 MiB"), false);
        }
        if (error == http::error::header_limit) {
            return write(refusal(431, "a request line and headers of at most 8 KiB"), false);
        }
        if (error == http::error::end_of_stream || error == beast::error::timeout ||
            error == net::error::operation_aborted || error == net::error::bad_descriptor ||
            error == net::error::connection_reset || error == http::error::partial_message)
            return close();
        if (error) return write(refusal(400, "a bad request: " + error.message()), false);
        // Out of memory for the request or its answer (respond() answers its own failures
        // with a 500, which may need memory too): the connection is dropped here, in its own
        // handler, rather than unwinding through the I/O library's.
        try {
            const HttpRequest request = parser_->release();
            const bool keep_alive = request.keep_alive() && !state_.stopping;
            write(state_.respond(request), keep_alive);
        } catch (const std::bad_alloc&) {
            std::cerr << "josekic: warning: a request was dropped: out of memory\n";
            close();
        }
    }

    HttpResponse refusal(int status, std::string_view message) const {
        HttpRequest none;
        return state_.answer(none, error_answer(status, message));
    }

    void write(HttpResponse response, bool keep_alive) {
        response_ = std::move(response);
        response_.keep_alive(keep_alive);
        // A HEAD answer carries its GET's length already (respond): not the empty body's.
        if (!response_.has_content_length()) response_.prepare_payload();
        stream_.expires_after(std::chrono::seconds(state_.options.timeout_seconds));
        http::async_write(
            stream_, response_,
            [self = shared_from_this(), keep_alive](beast::error_code error, std::size_t) {
                if (error) return self->close();
                if (!keep_alive) return self->linger();
                self->read();
            });
    }

    // The end of a connection after its last answer: what the client still sends (the rest
    // of a body refused with 413) is read and dropped until it closes its side, within the
    // timeout. Closed at once, with unread bytes, the socket would be reset, and a client
    // still sending would never read the answer (or die of SIGPIPE).
    void linger() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(std::chrono::seconds(state_.options.timeout_seconds));
        drain();
    }
    void drain() {
        stream_.async_read_some(net::buffer(drain_),
                                [self = shared_from_this()](beast::error_code error, std::size_t) {
                                    if (error) return self->close();
                                    self->drain();
                                });
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.socket().close(ignored);
    }

    State& state_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::optional<http::response<http::empty_body>> continue_;
    HttpResponse response_;
    std::array<char, 4096> drain_;  // what linger() reads and drops
    bool reading_ = false;
    std::list<std::weak_ptr<Session>>::iterator place_;
};

void Server::State::accept() {
    acceptor.async_accept(net::make_strand(io),
                          [this](beast::error_code error, tcp::socket socket) {
                              if (stopping || !acceptor.is_open()) return;
                              if (error) {
                                  // Out of descriptors (many clients at once), say: try again
                                  // shortly, rather than stop listening.
                                  accept_retry.expires_after(std::chrono::milliseconds(50));
                                  accept_retry.async_wait([this](beast::error_code) { accept(); });
                                  return;
                              }
                              beast::error_code ignored;
                              socket.set_option(tcp::no_delay(true), ignored);
                              std::make_shared<Session>(*this, std::move(socket))->start();
                              accept();
                          });
}

HttpResponse Server::State::answer(const HttpRequest& request, ApiAnswer a) const {
    HttpResponse response{static_cast<http::status>(a.status),
                          request.version() ? request.version() : 11};
    response.set(http::field::content_type, "application/json; charset=utf-8");
    response.body() = std::move(a.body);  // a review's or a lookup's JSON: not copied
    return response;
}

HttpResponse Server::State::respond(const HttpRequest& request) const {
    HttpResponse response;
    try {
        response = route(request);
    } catch (const std::bad_alloc&) {
        response = answer(request, error_answer(500, "out of memory"));
    } catch (const std::exception& e) {
        response = answer(request, error_answer(500, e.what()));
    }
    MemoryReserve::refill();  // if a failed allocation spent it
    response.set("X-Content-Type-Options", "nosniff");
    response.set(http::field::cache_control, "no-store");
    if (!options.cors_origin.empty()) {
        response.set(http::field::access_control_allow_origin, options.cors_origin);
        response.set(http::field::vary, "Origin");
    }
    if (request.method() == http::verb::head) {
        // The headers of the GET, with the length of its body and without it.
        response.content_length(response.body().size());
        response.body().clear();
    }
    return response;
}

HttpResponse Server::State::route(const HttpRequest& request) const {
    const std::string_view target(request.target().data(), request.target().size());
    const std::size_t query_at = target.find('?');
    const std::string path = unescaped(std::string(target.substr(0, query_at)), false);
    const std::string_view query =
        query_at == std::string_view::npos ? std::string_view() : target.substr(query_at + 1);
    const http::verb method = request.method();
    const std::string method_name(request.method_string());
    const bool get = method == http::verb::get || method == http::verb::head;
    const auto not_allowed = [&](std::string_view allowed) {
        HttpResponse refused = answer(
            request,
            error_answer(405, method_name + " is not allowed here; use " + std::string(allowed)));
        refused.set(http::field::allow, std::string(allowed));
        return refused;
    };

    // Every endpoint's path starts /api/: the page's files are not matched against them.
    if (path.starts_with("/api/")) {
        for (std::size_t e = 0; e < kEndpoints.size(); ++e) {
            std::smatch match;
            if (!std::regex_match(path, match, endpoint_patterns[e])) continue;
            const Endpoint& endpoint = kEndpoints[e];
            if (method == http::verb::options) {
                // A CORS preflight, or a client asking what it may do here.
                HttpResponse preflight{http::status::no_content, request.version()};
                const std::string methods = endpoint.method == "GET" ? std::string("GET, HEAD")
                                                                     : std::string(endpoint.method);
                preflight.set(http::field::allow, methods + ", OPTIONS");
                if (!options.cors_origin.empty()) {
                    preflight.set(http::field::access_control_allow_methods, "GET, POST");
                    preflight.set(http::field::access_control_allow_headers, "Content-Type");
                }
                return preflight;
            }
            const bool takes = endpoint.method == "GET" ? get : method_name == endpoint.method;
            if (!takes) return not_allowed(endpoint.method);
            if (const std::optional<std::string> bad = parameter_with_nul(query))
                return answer(request, error_answer(400, "holds a NUL byte (%00)", *bad));
            return answer(request,
                          endpoint.answer(api, Request{query_params(query), request.body(),
                                                       match.size() > 1 ? match[1].str() : ""}));
        }
        return answer(request, error_answer(404, "no such path"));
    }
    // The page: only the files compiled in, found by their exact name ("/" and one more).
    if (!path.starts_with('/') || path.find('/', 1) != std::string::npos)
        return answer(request, error_answer(404, "no such path"));
    const std::string name = path.size() == 1 ? "index.html" : path.substr(1);
    const std::optional<PageFile> file = page_file(name);
    if (!file) return answer(request, error_answer(404, "no such page"));
    if (!get) return not_allowed("GET");
    HttpResponse page{http::status::ok, request.version()};
    page.set(http::field::content_type, std::string(file->media_type));
    page.body() = std::string(file->content);
    return page;
}

Server::Server(const index::IndexFile& index, ServerOptions options,
               std::vector<reference::ReferenceIndex> books)
    : state_(std::make_unique<State>(index, std::move(options), std::move(books))) {}

Server::~Server() = default;

int Server::bind() {
    State& s = *state_;
    try {
        tcp::resolver resolver(s.io);
        const tcp::endpoint endpoint =
            resolver.resolve(s.options.host, std::to_string(s.options.port))->endpoint();
        s.acceptor.open(endpoint.protocol());
        s.acceptor.set_option(net::socket_base::reuse_address(true));
        s.acceptor.bind(endpoint);
        s.acceptor.listen(net::socket_base::max_listen_connections);
        defer_accept(s.acceptor.native_handle());
        return s.acceptor.local_endpoint().port();
    } catch (const std::exception&) {
        throw std::runtime_error("cannot listen on " + s.options.host + ":" +
                                 std::to_string(s.options.port) +
                                 " (in use, or not an address of this machine)");
    }
}

void Server::serve() {
    State& s = *state_;
    // Room for a request that runs out of memory to fail in, rather than end the server.
    const MemoryReserve reserve(8 << 20);
    s.accept();
    // A handler that throws (out of memory while a request is read or answered) ends
    // io.run() on its thread: that connection is dropped, and the thread serves on.
    const auto run_handlers = [&s] {
        for (;;) {
            try {
                s.io.run();
                return;
            } catch (const std::exception& e) {
                std::cerr << "josekic: warning: a request was dropped: "
                          << (dynamic_cast<const std::bad_alloc*>(&e) ? "out of memory" : e.what())
                          << "\n";
            }
        }
    };
    // Handlers run on these threads: as many requests are answered at once.
    std::vector<std::thread> threads;
    try {
        for (std::size_t t = 1; t < std::max<std::size_t>(1, s.options.threads); ++t)
            threads.emplace_back(run_handlers);
    } catch (...) {
        // No thread could be started (a limit on threads or memory): the ones that were stop.
        s.io.stop();
        for (std::thread& thread : threads) thread.join();
        throw;
    }
    run_handlers();
    for (std::thread& thread : threads) thread.join();
}

void Server::stop() {
    State& s = *state_;
    net::post(s.accepting, [&s] {
        s.stopping = true;
        beast::error_code ignored;
        s.acceptor.close(ignored);
        s.accept_retry.cancel();
        // Taken under the lock, stopped outside it: a session that ends leaves the list.
        std::vector<std::shared_ptr<State::Session>> live;
        {
            const std::lock_guard lock(s.sessions_mutex);
            for (const std::weak_ptr<State::Session>& session : s.sessions) {
                if (std::shared_ptr<State::Session> one = session.lock())
                    live.push_back(std::move(one));
            }
        }
        for (const std::shared_ptr<State::Session>& session : live) session->stop();
    });
}

}  // namespace josekic::explorer
