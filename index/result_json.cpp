#include "index/result_json.hpp"

#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>

#include "core/dictionary/significance.hpp"
#include "emit/win_rate_text.hpp"
#include "prune/move_text.hpp"
#include "trackers/corner.hpp"

namespace josekic::index {

std::string move_json(const go::Move& move, Tree tree) {
    return prune::render_path(std::span<const go::Move>(&move, 1), dictionary_kind(tree));
}

namespace {

using dictionary::NodeStats;

// A ratio to six significant digits: the precision the answers have always had, and more
// than any reader of a share or a win rate needs.
Json ratio(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return std::strtod(text, nullptr);
}

Json share(std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) return nullptr;
    return ratio(static_cast<double>(part) / static_cast<double>(whole));
}

void add_stats(Json& out, const NodeStats& s) {
    out["count"] = s.count;
    out["first_player_wins"] = s.first_player_wins;
    out["second_player_wins"] = s.second_player_wins;
    out["draws"] = s.draws;
    out["unknown"] = s.unknown;
    if (s.decided() == 0) {
        out["win_rate"] = nullptr;
        out["win_rate_interval"] = nullptr;
    } else {
        out["win_rate"] = share(s.first_player_wins, s.decided());
        const dictionary::Interval interval =
            dictionary::wilson_interval(s.first_player_wins, s.decided());
        out["win_rate_interval"] = Json::array({ratio(interval.low), ratio(interval.high)});
    }
    if (s.first_year == 0) {
        out["first_year"] = nullptr;
        out["last_year"] = nullptr;
    } else {
        out["first_year"] = s.first_year;
        out["last_year"] = s.last_year;
    }
    out["lines_ending_here"] = s.ends;
}

// A continuation's win rate against the rest of its parent's lines.
std::string_view difference_name(dictionary::Difference difference) {
    switch (difference) {
        case dictionary::Difference::Higher:
            return "higher";
        case dictionary::Difference::Lower:
            return "lower";
        case dictionary::Difference::None:
            break;
    }
    return "none";
}

}  // namespace

Json game_facts_json(const GameFacts& facts) {
    const IndexedGame& g = facts.game;
    return Json{{"black", g.black_player},
                {"black_rank", g.black_rank},
                {"white", g.white_player},
                {"white_rank", g.white_rank},
                {"date", g.date},
                {"event", g.event},
                {"result", g.result},
                {"source", g.source_path},
                {"game_index", g.index_in_file},
                {"move_number", facts.move_number},
                {"id", facts.id}};
}

Json lookup_json(const LookupResult& r) {
    const Tree tree = r.tree;
    Json out;
    out["dictionary"] = emit::kind_name(dictionary_kind(tree));
    out["moves"] = Json::array();
    for (std::size_t i = 0; i < r.query.played.size(); ++i)
        out["moves"].push_back({{"move", move_json(r.query.played[i], tree)},
                                {"normalised", move_json(r.query.canonical[i], tree)}});
    // The side whose wins first_player_wins and win_rate count, in the query's colours.
    out["first_player"] = tree == Tree::Joseki && r.query.colours_swapped ? "white" : "black";
    out["found"] = r.node.has_value();
    add_stats(out, r.stats);
    out["parent_count"] = r.parent_count;
    out["share_of_parent"] = share(r.stats.count, r.parent_count);
    if (!r.node)
        out["left_at"] = {{"move_number", r.matched + 1},
                          {"move", move_json(r.query.played[r.matched], tree)},
                          {"filtered_out", r.filtered_out}};
    Json position{{"orders", r.position.nodes.size()}, {"key_collisions", r.position.collisions}};
    add_stats(position, r.position.stats);
    out["position"] = std::move(position);
    out["continuations"] = Json::array();
    for (const ContinuationFacts& c : r.continuations) {
        Json continuation{{"move", move_json(c.move, tree)},
                          {"normalised", move_json(c.canonical_move, tree)},
                          {"share", share(c.stats.count, r.last_known_count)}};
        add_stats(continuation, c.stats);
        continuation["win_rate_against_rest"] = difference_name(
            r.node ? emit::win_rate_against_rest(c.stats, r.stats) : dictionary::Difference::None);
        out["continuations"].push_back(std::move(continuation));
    }
    out["games"] = Json::array();
    for (const GameFacts& g : r.games) out["games"].push_back(game_facts_json(g));
    return out;
}

Json pattern_lookup_json(const PatternLookupResult& r) {
    const CornerQuery& q = r.query;
    Json out;
    out["dictionary"] = "patterns";
    out["corner"] = trackers::name(q.corner);
    out["stones"] = Json::array();
    for (const go::Move& m : q.stones)
        out["stones"].push_back(std::string(1, go::sgf_letter(m.color)) + "[" +
                                go::to_sgf(*m.point) + "]");
    out["to_move"] = q.to_move ? (*q.to_move == go::Color::Black ? "black" : "white") : "either";
    out["either_colour"] = q.colours == ColourReversal::Either;
    // The side whose wins first_player_wins and win_rate count.
    out["first_player"] = "to_move";
    out["found"] = r.stats.count != 0;
    add_stats(out, r.stats);
    out["games_count"] = r.games;
    out["colour_reversed"] = r.colour_reversed;
    if (r.stats.count == 0)
        out["move_numbers"] = nullptr;
    else
        out["move_numbers"] = {
            {"median", r.median_move}, {"first", r.first_move}, {"last", r.last_move}};
    out["continuations"] = Json::array();
    for (const PatternContinuation& c : r.continuations) {
        Json continuation;
        if (c.move)
            continuation["move"] = std::string(1, go::sgf_letter(c.move->color)) + "[" +
                                   go::to_sgf(*c.move->point) + "]";
        else
            continuation["move"] = next_name(c.next);
        if (c.player)
            continuation["player"] = std::string(1, go::sgf_letter(*c.player));
        else
            continuation["player"] = nullptr;
        continuation["share"] = share(c.stats.count, r.stats.count);
        add_stats(continuation, c.stats);
        continuation["win_rate_against_rest"] =
            difference_name(emit::win_rate_against_rest(c.stats, r.stats));
        // Its occurrences in each era of "eras", and whether its share of the pattern's differs
        // between the first era and the last beyond noise (the text's "rose", "fell").
        continuation["by_era"] = Json::array();
        for (std::size_t e = 0; e < r.eras.count(); ++e)
            continuation["by_era"].push_back(c.per_era[e]);
        const std::size_t last = r.eras.count() - 1;
        continuation["era_trend"] = difference_name(
            last == 0 ? dictionary::Difference::None
                      : dictionary::compare_proportions(c.per_era[last], r.per_era[last],
                                                        c.per_era[0], r.per_era[0]));
        out["continuations"].push_back(std::move(continuation));
    }
    // The eras compile chooses by default for the index's games, with the occurrences in each.
    out["eras"] = Json::array();
    for (std::size_t e = 0; e < r.eras.count(); ++e)
        out["eras"].push_back(
            {{"label", r.eras.label(e, r.first_year, r.last_year)}, {"count", r.per_era[e]}});
    out["games"] = Json::array();
    for (const GameFacts& g : r.recent) out["games"].push_back(game_facts_json(g));
    return out;
}

Json game_lookup_json(const GameLookup& lookup) {
    Json out;
    if (lookup.fuseki_not_indexed) {
        out = Json{{"dictionary", "fuseki"},
                   {"found", false},
                   {"count", 0},
                   {"not_indexed", *lookup.fuseki_not_indexed},
                   {"continuations", Json::array()},
                   {"games", Json::array()}};
    } else {
        out = lookup_json(lookup.fuseki);
    }
    out["move_number"] = lookup.move_number;
    out["corners"] = Json::array();
    for (const CornerLookup& c : lookup.corners) {
        Json corner = lookup_json(c.joseki);
        corner["corner"] = trackers::name(c.corner);
        out["corners"].push_back(std::move(corner));
    }
    out["corners_not_tracked"] = Json::array();
    for (const CornerWithoutLine& corner : lookup.corners_not_tracked)
        out["corners_not_tracked"].push_back(
            Json{{"corner", trackers::name(corner.corner)}, {"why", corner.why}});
    return out;
}

Json review_json(const GameReview& review, const TrackingOptions& options) {
    Json out;
    out["opening_not_indexed"] =
        review.opening_not_indexed ? Json(*review.opening_not_indexed) : Json(nullptr);
    out["corners_not_reviewed"] = Json::array();
    for (const CornerWithoutLine& corner : review.corners_not_reviewed)
        out["corners_not_reviewed"].push_back(
            Json{{"corner", trackers::name(corner.corner)}, {"why", corner.why}});
    out["index_options"] = options_json(options);
    out["lines"] = Json::array();
    for (const LineReview& line : review.lines) {
        Json object = lookup_json(line.line);
        object["name"] = line.name;
        object["left_at_move_number"] = line.left_at_move_number;
        object["book_count"] = line.book_count;
        object["past_book_end"] = line.past_book_end;
        out["lines"].push_back(std::move(object));
    }
    return out;
}

Json options_json(const TrackingOptions& options) {
    return Json{{"zones", options.default_zone() ? "default" : "custom"},
                {"zone_points", options.zone.size()},
                {"max_length", options.tracker.max_length},
                {"max_gap", options.tracker.max_gap},
                {"fuseki_moves", options.opening.max_moves},
                {"duplicates_kept", options.duplicates_kept},
                {"cutoff", options.tracker.cutoff.name()}};
}

void add_answer_context(Json& answer, const game::GameFilter& filter,
                        const TrackingOptions& options) {
    if (!filter.empty()) answer["filters"] = filter.describe();
    answer["index_options"] = options_json(options);
}

}  // namespace josekic::index
