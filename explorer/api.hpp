#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game/game_filter.hpp"
#include "explorer/game_source.hpp"
#include "index/game_selection.hpp"
#include "index/index_options.hpp"
#include "index/index_reader.hpp"
#include "index/node_trends.hpp"
#include "index/result_json.hpp"
#include "reference/reference_index.hpp"

namespace josekic::explorer {

/// A request's query parameters, decoded (a name may repeat: `player`).
using Params = std::multimap<std::string, std::string>;

/// An answer of the API: an HTTP status and a JSON body.
struct ApiAnswer {
    int status = 200;
    std::string body;
};

/// The largest game file POST /api/review takes (1 MiB: a game record is a few kB).
inline constexpr std::size_t kMaxReviewBytes = std::size_t{1} << 20;

/// The JSON API of `josekic explore` over one index (docs/api.md): each endpoint calls the
/// queries `lookup` and `review` call and answers with the objects they print
/// (index/result_json.hpp). Bad input is a 400 answer naming the parameter (and the column
/// in a move list); a record found damaged is a 500 answer with the message `lookup` gives.
/// Thread-safe: every call reads the index through its own state, and the selections of the
/// filters last asked are shared under a lock.
class Api {
  public:
    /// `index` must outlive the Api. `books` (`explore --reference`) are followed in the
    /// joseki lines looked up and reviewed, as `lookup --reference` and `review --reference`
    /// follow them.
    explicit Api(const index::IndexFile& index, std::vector<reference::ReferenceIndex> books = {});

    /// GET /api/info: the index's file, size, game count, compile options, tree sizes, the
    /// eras compile chooses by default for the indexed games (the page's "by era") and the
    /// books, each with whether it could only be read in part.
    ApiAnswer info(const Params& params = {}) const;
    /// GET /api/joseki and /api/fuseki: `moves`, the filters, `games` and `offset`.
    ApiAnswer lookup(index::Tree tree, const Params& params) const;
    /// GET /api/position: the whole-board position after `moves` (any order), as
    /// `lookup --game` looks it up, with its corners.
    ApiAnswer position(const Params& params) const;
    /// GET /api/games/ID: the game's facts and, read from its source, its moves.
    ApiAnswer game(std::string_view id, const Params& params) const;
    /// GET /api/years: per year, the games of `moves` and of each of its first `top`
    /// continuations (the trends chart), and how many people played each (the table's
    /// "players").
    ApiAnswer years(index::Tree tree, const Params& params) const;
    /// GET /api/corner: the corner pattern of `stones` (any corner and orientation, as
    /// `lookup --corner` takes them), `to_move`, `either_colour`, the filters, `games` and
    /// `offset`; a 404 when the index holds no patterns (compile --patterns).
    ApiAnswer corner(const Params& params) const;
    /// POST /api/review: a game file (SGF, GIB, NGF, UGF) as the body; `name` tells its format.
    ApiAnswer review(std::string_view body, const Params& params) const;

  private:
    /// The games `filter` selects, nullptr for no filter. A selection is made once per filter
    /// and kept for the next requests (the page asks the same filter at every click), so that
    /// they neither decide every game again nor count again what it remembers.
    std::shared_ptr<const index::GameSelection> selection_of(const game::GameFilter& filter) const;

    /// Filters whose selections are kept, the most recently asked last: a selection keeps a
    /// bit per game and the counts of the large nodes it met.
    static constexpr std::size_t kKeptSelections = 4;

    /// The eras of /api/info: dictionary::default_eras of the years of the indexed openings,
    /// worked out at the first request (it reads every line of the fuseki root).
    index::Json eras() const;

    const index::IndexFile* index_;
    std::vector<reference::ReferenceIndex> books_;
    index::TrackingOptions options_;
    index::TrendCounter trends_;
    GameSource games_;
    mutable std::once_flag eras_once_;
    mutable index::Json eras_;
    mutable std::mutex selections_mutex_;
    mutable std::vector<std::pair<std::string, std::shared_ptr<const index::GameSelection>>>
        selections_;
};

/// What an endpoint reads of an HTTP request.
struct Request {
    Params params;
    std::string_view body;
    std::string path_part;  ///< what the endpoint's pattern captures of the path (a game's id)
};

/// One endpoint of the API: the one method it takes, its path as the server matches it (a
/// regular expression of the whole decoded path, its group a part the answer takes), how
/// docs/api.md's table names it, and its answer. The server serves these and nothing else
/// under /api/ (any other method is a 405), and a test checks docs/api.md against them.
struct Endpoint {
    std::string_view method;
    std::string_view pattern;
    std::string_view documented;
    ApiAnswer (*answer)(const Api&, const Request&);
};

inline constexpr std::array<Endpoint, 9> kEndpoints = {{
    {"GET", "/api/info", "GET /api/info",
     [](const Api& a, const Request& r) { return a.info(r.params); }},
    {"GET", "/api/joseki", "GET /api/joseki",
     [](const Api& a, const Request& r) { return a.lookup(index::Tree::Joseki, r.params); }},
    {"GET", "/api/fuseki", "GET /api/fuseki",
     [](const Api& a, const Request& r) { return a.lookup(index::Tree::Fuseki, r.params); }},
    {"GET", "/api/position", "GET /api/position",
     [](const Api& a, const Request& r) { return a.position(r.params); }},
    {"GET", "/api/corner", "GET /api/corner",
     [](const Api& a, const Request& r) { return a.corner(r.params); }},
    {"GET", "/api/trends/joseki", "GET /api/trends/joseki",
     [](const Api& a, const Request& r) { return a.years(index::Tree::Joseki, r.params); }},
    {"GET", "/api/trends/fuseki", "GET /api/trends/fuseki",
     [](const Api& a, const Request& r) { return a.years(index::Tree::Fuseki, r.params); }},
    {"GET", R"(/api/games/([^/]*))", "GET /api/games/ID",
     [](const Api& a, const Request& r) { return a.game(r.path_part, r.params); }},
    {"POST", "/api/review", "POST /api/review",
     [](const Api& a, const Request& r) { return a.review(r.body, r.params); }},
}};

/// A JSON error answer: {"error": message, "parameter": parameter, "column": column}
/// ("parameter" left out when empty, "column" when 0).
ApiAnswer error_answer(int status, std::string_view message, std::string_view parameter = {},
                       std::size_t column = 0);

}  // namespace josekic::explorer
