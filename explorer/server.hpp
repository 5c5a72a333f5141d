#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <thread>

#include "index/index_reader.hpp"
#include "reference/reference_index.hpp"

namespace josekic::explorer {

/// Where and how `josekic explore` serves.
struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8080;  ///< 0: any free port
    /// An origin allowed to call the API from another page (Access-Control-Allow-Origin);
    /// empty: none, the page served here only.
    std::string cors_origin;
    /// Threads that answer requests: at most this many are answered at once. A connection
    /// waiting for its request takes none. A few more than the cores: the threads share one
    /// queue of I/O events, and 32 of them on 2 cores answered half as many requests a
    /// second as 2 or 4 (bench/explore_load.sh), while one long request (a review) should
    /// not hold up the short ones.
    std::size_t threads = std::max(4U, std::thread::hardware_concurrency());
    /// Seconds a client has to send a whole request (from its first byte, or on a connection
    /// kept open, from the answer before), or to take an answer, before it is dropped.
    int timeout_seconds = 5;
};

/// The explorer: the page (explorer/page, compiled into the binary) and the JSON API
/// (explorer/api.hpp) over one index, served with Boost.Beast. It serves nothing else: no
/// file is read from disk but the index and the games it names.
class Server {
  public:
    /// `index` must outlive the server. `books`: those of `--reference` (explorer::Api).
    Server(const index::IndexFile& index, ServerOptions options,
           std::vector<reference::ReferenceIndex> books = {});
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// Binds the address; returns the port (the one chosen, for port 0). Throws
    /// std::runtime_error naming the address when it cannot be bound.
    int bind();
    /// Serves until stop(), then returns once the requests in flight are answered.
    void serve();
    /// Makes serve() return; callable from any thread.
    void stop();

  private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace josekic::explorer
