#include "explorer/api.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <variant>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/eras.hpp"
#include "core/game/filter_request.hpp"
#include "core/game/replay.hpp"
#include "core/sgf/game_info_text.hpp"
#include "emit/json_text.hpp"
#include "explorer/game_source.hpp"
#include "index/book_json.hpp"
#include "index/game_lookup.hpp"
#include "index/game_selection.hpp"
#include "index/lookup.hpp"
#include "index/pattern_lookup.hpp"
#include "index/query.hpp"
#include "index/query_moves.hpp"
#include "index/result_json.hpp"
#include "index/review.hpp"

namespace josekic::explorer {

namespace {

using index::Json;

/// A bad parameter: answered with 400.
struct BadParameter {
    std::string parameter;
    std::string message;
    std::size_t column = 0;
};

ApiAnswer json_answer(const Json& body) {
    return ApiAnswer{200, emit::json_text(body)};
}

std::optional<std::string> single(const Params& params, const std::string& name) {
    const auto found = params.find(name);
    if (found == params.end()) return std::nullopt;
    if (params.count(name) > 1) throw BadParameter{name, "given more than once"};
    return found->second;
}

// A whole number in [low, high], or `fallback` when the parameter is absent.
std::int64_t number(const Params& params, const std::string& name, std::int64_t fallback,
                    std::int64_t low, std::int64_t high) {
    const std::optional<std::string> text = single(params, name);
    if (!text) return fallback;
    std::int64_t value = 0;
    const char* end = text->data() + text->size();
    const auto [at, error] = std::from_chars(text->data(), end, value);
    if (error != std::errc{} || at != end || text->empty())
        throw BadParameter{name, "takes a whole number, not '" + *text + "'", 1};
    if (value < low || value > high)
        throw BadParameter{name, "takes a number from " + std::to_string(low) + " to " +
                                     std::to_string(high) + ", not " + *text};
    return value;
}

// The parameter of a filter: its option's name with '_' for '-' ("min_rank").
std::string parameter_name(game::FilterKind kind) {
    std::string name(game::filter_option_name(kind));
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

// Refuses a parameter the endpoint does not read, `takes` and, with `filters`, the filters':
// a misspelt one (min-rank, sinse) would else be answered as if it were not there.
void takes_only(const Params& params, std::initializer_list<std::string_view> takes, bool filters) {
    std::vector<std::string> known(takes.begin(), takes.end());
    if (filters) {
        for (std::size_t k = 0; k < game::kFilterKindCount; ++k)
            known.push_back(parameter_name(static_cast<game::FilterKind>(k)));
    }
    for (const auto& [name, value] : params) {
        if (std::find(known.begin(), known.end(), name) != known.end()) continue;
        std::string list;
        for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
        throw BadParameter{name, known.empty() ? "is not a parameter here: this takes none"
                                               : "is not a parameter here: this takes " + list};
    }
}

// The filters as `lookup` takes them, under the names of its options ("min_rank" for
// --min-rank), with the same checks (game::make_filter). An empty field is not set: a form
// sends its empty fields.
game::GameFilter filter_of(const Params& params) {
    using game::FilterKind;
    const auto year = [&params](FilterKind kind) -> std::optional<int> {
        const std::string name = parameter_name(kind);
        if (params.count(name) == 0) return std::nullopt;
        return static_cast<int>(
            number(params, name, 0, sgf::kFirstPlausibleYear, sgf::kLastPlausibleYear));
    };
    game::FilterRequest request;
    request.since = year(FilterKind::Since);
    request.until = year(FilterKind::Until);
    request.min_rank = single(params, parameter_name(FilterKind::MinRank)).value_or("");
    request.max_rank = single(params, parameter_name(FilterKind::MaxRank)).value_or("");
    const auto [first, last] = params.equal_range(parameter_name(FilterKind::Player));
    for (auto it = first; it != last; ++it)
        if (!sgf::trimmed(it->second).empty()) request.players.push_back(it->second);
    if (const auto text = single(params, parameter_name(FilterKind::Event)); text && !text->empty())
        request.event = *text;
    std::variant<game::GameFilter, game::FilterProblem> made =
        game::make_filter(request, parameter_name);
    if (const auto* problem = std::get_if<game::FilterProblem>(&made))
        throw BadParameter{parameter_name(problem->kind), problem->what};
    return std::get<game::GameFilter>(std::move(made));
}

// The `moves` parameter, its corner found with the index's zones, as the compile's trackers
// found it.
index::QueryLine query_of(const Params& params, index::Tree tree, const trackers::Zone& zone) {
    const std::string text = single(params, "moves").value_or("");
    std::variant<index::QueryLine, index::QueryError> parsed = index::parse_query(text, tree, zone);
    if (const auto* error = std::get_if<index::QueryError>(&parsed))
        throw BadParameter{"moves", error->message, error->column};
    return std::get<index::QueryLine>(std::move(parsed));
}

// `first` (joseki, the empty line only): the player who plays first in the corner, black
// (the default) or white. A line's moves say it; the empty line has none, and a page that lets
// White play first asks for its continuations, wins and book words in White's colours.
void apply_first_player(const Params& params, index::Tree tree, index::QueryLine& query) {
    const std::optional<std::string> first = single(params, "first");
    if (!first) return;
    if (*first != "black" && *first != "white")
        throw BadParameter{"first", "takes black or white, not '" + *first + "'"};
    if (tree != index::Tree::Joseki)
        throw BadParameter{"first", "goes with a joseki line: an opening is Black's first"};
    if (!query.played.empty())
        throw BadParameter{"first",
                           "goes with the empty line: a line's own moves say who plays first"};
    query.colours_swapped = *first == "white";
}

// Runs `answer`, turning bad parameters into 400 and a damaged index into 500.
template <typename Answer>
ApiAnswer guarded(Answer answer) {
    try {
        return answer();
    } catch (const BadParameter& bad) {
        return error_answer(400, bad.message, bad.parameter, bad.column);
    } catch (const index::IndexError& damaged) {
        return error_answer(500, damaged.what());
    }
}

// The page of games asked for: `games` of them after the first `offset`.
struct GamePage {
    std::size_t offset = 0;
    std::size_t size = 10;
};

// `games` defaults to lookup's 5, so that the same query gives the same bytes.
GamePage game_page(const Params& params) {
    return GamePage{static_cast<std::size_t>(number(params, "offset", 0, 0, 10'000)),
                    static_cast<std::size_t>(number(params, "games", 5, 0, 100))};
}

void cut_to_page(Json& answer, const GamePage& page) {
    Json& games = answer["games"];
    Json kept = Json::array();
    for (std::size_t i = page.offset; i < games.size(); ++i) kept.push_back(std::move(games[i]));
    games = std::move(kept);
}

}  // namespace

ApiAnswer error_answer(int status, std::string_view message, std::string_view parameter,
                       std::size_t column) {
    Json body{{"error", message}};
    if (!parameter.empty()) body["parameter"] = parameter;
    if (column != 0) body["column"] = column;
    return ApiAnswer{status, emit::json_text(body)};
}

Api::Api(const index::IndexFile& index, std::vector<reference::ReferenceIndex> books)
    : index_(&index),
      books_(std::move(books)),
      options_(index::tracking_options(index)),
      trends_(index),
      games_(index) {}

ApiAnswer Api::info(const Params& params) const {
    return guarded([&] {
        takes_only(params, {}, false);
        Json out{{"index", index_->path()},
                 {"size_bytes", index_->size_bytes()},
                 {"games", index_->game_count()},
                 {"joseki_nodes", index_->tree(index::Tree::Joseki).size()},
                 {"fuseki_nodes", index_->tree(index::Tree::Fuseki).size()}};
        const dictionary::NodeStats joseki = index::node_stats(*index_, index::Tree::Joseki, 0);
        const dictionary::NodeStats fuseki = index::node_stats(*index_, index::Tree::Fuseki, 0);
        out["joseki_lines"] = joseki.count;
        out["fuseki_games"] = fuseki.count;
        const int first = std::min(joseki.first_year == 0 ? 9999 : joseki.first_year,
                                   fuseki.first_year == 0 ? 9999 : fuseki.first_year);
        const int last = std::max<int>(joseki.last_year, fuseki.last_year);
        out["first_year"] = first == 9999 ? Json(nullptr) : Json(first);
        out["last_year"] = last == 0 ? Json(nullptr) : Json(last);
        out["index_options"] = index::options_json(options_);
        out["eras"] = eras();
        out["patterns"] = index_->has_patterns();
        out["books"] = Json::array();
        for (const reference::ReferenceIndex& book : books_)
            out["books"].push_back({{"name", book.name()}, {"read_in_part", book.read_in_part()}});
        return json_answer(out);
    });
}

Json Api::eras() const {
    std::call_once(eras_once_, [this] {
        const std::uint32_t root = 0;
        std::map<int, std::uint64_t> per_year =
            trends_
                .count(index::Tree::Fuseki, std::span(&root, 1), nullptr,
                       index::TrendCounter::Figures::Years)[0]
                .years;
        per_year.erase(0);  // undated games are in no era
        const dictionary::Eras eras = dictionary::default_eras(per_year);
        const int first = per_year.empty() ? 0 : per_year.begin()->first;
        const int last = per_year.empty() ? 0 : per_year.rbegin()->first;
        const std::vector<int>& starts = eras.boundaries();
        eras_ = Json::array();
        for (std::size_t i = 0; i < eras.count(); ++i) {
            eras_.push_back(
                Json{{"label", eras.label(i, first, last)},
                     {"first_year", i == 0 ? Json(nullptr) : Json(starts[i - 1])},
                     {"last_year", i == starts.size() ? Json(nullptr) : Json(starts[i] - 1)}});
        }
    });
    return eras_;
}

std::shared_ptr<const index::GameSelection> Api::selection_of(
    const game::GameFilter& filter) const {
    if (filter.empty()) return nullptr;
    const std::string key = filter.describe();
    {
        const std::lock_guard lock(selections_mutex_);
        const auto kept = std::find_if(selections_.begin(), selections_.end(),
                                       [&](const auto& entry) { return entry.first == key; });
        if (kept != selections_.end()) {
            std::rotate(kept, kept + 1, selections_.end());  // now the most recently asked
            return selections_.back().second;
        }
    }
    // Made outside the lock: deciding every game takes a while on a large index, and
    // requests with other filters need not wait for it.
    auto made = std::make_shared<const index::GameSelection>(*index_, filter);
    const std::lock_guard lock(selections_mutex_);
    if (selections_.size() == kKeptSelections) selections_.erase(selections_.begin());
    selections_.emplace_back(key, made);
    return made;
}

ApiAnswer Api::lookup(index::Tree tree, const Params& params) const {
    return guarded([&] {
        takes_only(params, {"moves", "first", "games", "offset"}, true);
        index::QueryLine query = query_of(params, tree, options_.zone);
        apply_first_player(params, tree, query);
        const game::GameFilter filter = filter_of(params);
        const GamePage page = game_page(params);
        const std::shared_ptr<const index::GameSelection> selection = selection_of(filter);
        const index::LookupResult result =
            index::lookup(*index_, tree, query, page.offset + page.size, selection.get());
        Json answer = index::lookup_json(result);
        // The books are joseki books.
        if (tree == index::Tree::Joseki && !books_.empty())
            index::add_books_json(answer, result, books_);
        cut_to_page(answer, page);
        index::add_answer_context(answer, filter, options_);
        return json_answer(answer);
    });
}

ApiAnswer Api::corner(const Params& params) const {
    return guarded([&] {
        if (!index_->has_patterns())
            return error_answer(404,
                                "this index holds no corner patterns: compile the "
                                "dictionary with --patterns (docs/patterns.md)");
        takes_only(params, {"stones", "to_move", "either_colour", "games", "offset"}, true);
        std::variant<index::CornerQuery, index::QueryError> parsed =
            index::parse_corner_query(single(params, "stones").value_or(""), "stones");
        if (const auto* error = std::get_if<index::QueryError>(&parsed))
            throw BadParameter{"stones", error->message, error->column};
        index::CornerQuery query = std::get<index::CornerQuery>(std::move(parsed));
        const std::string to_move = single(params, "to_move").value_or("");
        if (to_move == "black" || to_move == "white")
            query.to_move = to_move == "black" ? go::Color::Black : go::Color::White;
        else if (!to_move.empty() && to_move != "either")
            throw BadParameter{"to_move", "takes black, white or either, not '" + to_move + "'"};
        if (number(params, "either_colour", 0, 0, 1) == 1)
            query.colours = index::ColourReversal::Either;
        const game::GameFilter filter = filter_of(params);
        const GamePage page = game_page(params);
        const std::shared_ptr<const index::GameSelection> selection = selection_of(filter);
        Json answer = index::pattern_lookup_json(
            index::lookup_pattern(*index_, query, page.offset + page.size, selection.get()));
        cut_to_page(answer, page);
        index::add_answer_context(answer, filter, options_);
        return json_answer(answer);
    });
}

ApiAnswer Api::position(const Params& params) const {
    return guarded([&] {
        takes_only(params, {"moves", "games", "offset"}, true);
        const index::QueryLine query = query_of(params, index::Tree::Fuseki, options_.zone);
        const game::GameFilter filter = filter_of(params);
        const GamePage page = game_page(params);
        game::GameRecord record;
        record.source_path = "(the position's moves)";
        record.moves = query.played;
        diag::DiagnosticList problems;
        const std::size_t legal = game::replay(record, problems).legal_moves;
        if (legal < record.moves.size())
            throw BadParameter{"moves",
                               "move " + std::to_string(legal + 1) + " is not legal there"};
        const std::shared_ptr<const index::GameSelection> selection = selection_of(filter);
        index::GameLookupOptions options;
        options.move = legal;
        options.games = page.offset + page.size;
        options.selection = selection.get();
        const index::GameLookup found = index::lookup_game(*index_, record, legal, options);
        Json answer = index::game_lookup_json(found);
        if (!books_.empty()) index::add_books_json(answer, found, books_);
        cut_to_page(answer, page);
        index::add_answer_context(answer, filter, options_);
        return json_answer(answer);
    });
}

ApiAnswer Api::years(index::Tree tree, const Params& params) const {
    return guarded([&] {
        takes_only(params, {"moves", "first", "top"}, true);
        index::QueryLine query = query_of(params, tree, options_.zone);
        apply_first_player(params, tree, query);
        const game::GameFilter filter = filter_of(params);
        const auto top = static_cast<std::size_t>(number(params, "top", 5, 0, 20));
        const std::shared_ptr<const index::GameSelection> selection = selection_of(filter);
        const index::GameSelection* chosen = selection.get();
        const index::LookupResult result = index::lookup(*index_, tree, query, 0, chosen);
        const auto year_object = [](const std::map<int, std::uint64_t>& counts) {
            Json out = Json::object();
            for (const auto& [year, count] : counts)
                out[year == 0 ? std::string("unknown") : std::to_string(year)] = count;
            return out;
        };
        Json answer = index::lookup_json(result);
        answer.erase("games");
        const std::size_t shown = std::min(top, result.continuations.size());
        std::vector<std::uint32_t> nodes;
        if (result.node) nodes.push_back(*result.node);
        for (std::size_t i = 0; i < shown; ++i) nodes.push_back(result.continuations[i].node);
        const std::vector<index::NodeTrend> trends = trends_.count(tree, nodes, chosen);
        const std::size_t first_continuation = result.node ? 1 : 0;
        answer["years"] = result.node ? year_object(trends[0].years) : Json::object();
        if (result.node) answer["players"] = trends[0].players;
        for (std::size_t i = 0; i < shown; ++i) {
            answer["continuations"][i]["years"] = year_object(trends[first_continuation + i].years);
            answer["continuations"][i]["players"] = trends[first_continuation + i].players;
        }
        index::add_answer_context(answer, filter, options_);
        return json_answer(answer);
    });
}

ApiAnswer Api::game(std::string_view id_text, const Params& params) const {
    return guarded([&] {
        std::uint32_t id = 0;
        const char* end = id_text.data() + id_text.size();
        const auto [at, error] = std::from_chars(id_text.data(), end, id);
        if (error != std::errc{} || at != end || id_text.empty())
            return error_answer(404, "no game has the id '" + std::string(id_text) + "'");
        if (id >= index_->game_count())
            return error_answer(404, "no game has the id " + std::string(id_text) +
                                         " (the index has " + std::to_string(index_->game_count()) +
                                         " games)");
        takes_only(params, {"move"}, false);
        const auto move = number(params, "move", 0, 0, 10'000);
        return json_answer(games_.game_json(id, static_cast<std::size_t>(move)));
    });
}

ApiAnswer Api::review(std::string_view body, const Params& params) const {
    return guarded([&] {
        if (body.size() > kMaxReviewBytes)
            return error_answer(413, "a game file of at most 1 MiB, please");
        takes_only(params, {"name", "alternatives"}, false);
        const std::string name = single(params, "name").value_or("game.sgf");
        const auto alternatives = number(params, "alternatives", 5, 0, 50);
        diag::DiagnosticList problems;
        const std::optional<game::FirstPlayableGame> read = load_game(body, name, problems);
        if (!read) {
            // The last problem is why (the skip warning, or the parser's error). The one before
            // it is shown too: often what made it so (a first move off the board leaves a game
            // of no moves), though it may be another warning of the file.
            std::string why;
            const std::size_t shown = std::min<std::size_t>(problems.items.size(), 2);
            for (std::size_t i = problems.items.size() - shown; i < problems.items.size(); ++i)
                why += (why.empty() ? ": " : "; ") + problems.items[i].message;
            throw BadParameter{"body", "the file holds no game that compile would read" + why};
        }
        const game::PlayableGame& played = read->game;
        const index::GameReview review = index::review_game(
            *index_, played.record, played.legal_moves, static_cast<std::size_t>(alternatives));
        Json answer = index::review_json(review, options_);
        if (!books_.empty()) index::add_books_json(answer, review, books_);
        answer["game"] = record_json(played.record, played.legal_moves);
        answer["game"]["number_in_file"] = read->number;
        answer["game"]["games_in_file"] = read->games_in_file;
        return json_answer(answer);
    });
}

}  // namespace josekic::explorer
