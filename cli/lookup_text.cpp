#include "cli/lookup_text.hpp"

#include <span>
#include <sstream>

#include "compiler/pipeline/json.hpp"
#include "emit/node_comment.hpp"
#include "emit/win_rate_text.hpp"
#include "prune/move_text.hpp"

namespace josekic::cli {

namespace {

using dictionary::NodeStats;
using pipeline::json_quote;

emit::DictionaryKind kind_of(index::Tree tree) {
    return tree == index::Tree::Joseki ? emit::DictionaryKind::Joseki
                                       : emit::DictionaryKind::Fuseki;
}

std::string line_text(std::span<const go::Move> moves, index::Tree tree) {
    return moves.empty() ? std::string("(the empty board)")
                         : prune::render_path(moves, kind_of(tree));
}

std::string years_text(const NodeStats& s) {
    if (s.first_year == 0) return "unknown";
    if (s.first_year == s.last_year) return std::to_string(s.first_year);
    return std::to_string(s.first_year) + "-" + std::to_string(s.last_year);
}

std::string wins_text(const NodeStats& s, const index::LookupResult& r) {
    std::string out = index::first_player_name(r.tree, r.query);
    if (s.decided() == 0) return out + ": no decided games";
    out += " wins " + emit::win_rate_text(s.first_player_wins, s.decided()) + " of " +
           emit::counted(s.decided(), "decided game");
    if (s.draws != 0 || s.unknown != 0)
        out += " (" + emit::with_thousands(s.draws) + " drawn, " + emit::with_thousands(s.unknown) +
               " unknown)";
    return out;
}

std::string game_line(const index::GameFacts& g) {
    const index::IndexedGame& game = g.game;
    std::ostringstream out;
    out << (game.date.empty() ? std::string_view("date ?") : game.date)
        << "  B: " << game.black_player;
    if (!game.black_rank.empty()) out << " " << game.black_rank;
    out << "  W: " << game.white_player;
    if (!game.white_rank.empty()) out << " " << game.white_rank;
    if (!game.result.empty()) out << "  " << game.result;
    out << "  " << game.source_path << " #" << game.index_in_file;
    out << "  move " << g.move_number;
    return out.str();
}

void stats_json(std::ostringstream& out, const NodeStats& s) {
    out << "\"count\": " << s.count << ", \"first_player_wins\": " << s.first_player_wins
        << ", \"second_player_wins\": " << s.second_player_wins << ", \"draws\": " << s.draws
        << ", \"unknown\": " << s.unknown << ", \"win_rate\": ";
    if (s.decided() == 0)
        out << "null";
    else
        out << static_cast<double>(s.first_player_wins) / static_cast<double>(s.decided());
    const dictionary::Interval interval =
        dictionary::wilson_interval(s.first_player_wins, s.decided());
    out << ", \"win_rate_interval\": ";
    if (s.decided() == 0)
        out << "null";
    else
        out << "[" << interval.low << ", " << interval.high << "]";
    out << ", \"first_year\": ";
    if (s.first_year == 0)
        out << "null, \"last_year\": null";
    else
        out << s.first_year << ", \"last_year\": " << s.last_year;
    out << ", \"lines_ending_here\": " << s.ends;
}

// A continuation's win rate against the rest of its parent's lines, for JSON.
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

std::string share_json(std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) return "null";
    std::ostringstream out;
    out << static_cast<double>(part) / static_cast<double>(whole);
    return out.str();
}

}  // namespace

std::string move_text(const go::Move& m, index::Tree tree) {
    return prune::render_path(std::span<const go::Move>(&m, 1), kind_of(tree));
}

std::string render_lookup_text(const index::LookupResult& r) {
    const index::Tree tree = r.tree;
    std::ostringstream out;
    out << (tree == index::Tree::Joseki ? "joseki: " : "fuseki: ")
        << line_text(r.query.played, tree) << "\n";
    if (r.query.played != r.query.canonical)
        out << "as the dictionary writes it: " << line_text(r.query.canonical, tree) << "\n";
    if (r.node) {
        out << "Played " << emit::counted(r.stats.count, "time");
        if (r.parent_count != 0)
            out << " (" << emit::percent(r.stats.count, r.parent_count) << " of "
                << emit::with_thousands(r.parent_count) << ")";
        out << ".\n"
            << wins_text(r.stats, r) << ".\nYears: " << years_text(r.stats)
            << ".\nLines ending here: " << emit::with_thousands(r.stats.ends) << ".\n";
    } else {
        const std::span<const go::Move> known(r.query.played.data(), r.matched);
        out << "Not in the dictionary: the line leaves it at move " << r.matched + 1 << ", "
            << move_text(r.query.played[r.matched], tree) << " (count 0).\n"
            << "The dictionary knows " << line_text(known, tree) << ".\n";
    }
    if (!r.position.nodes.empty()) {
        out << "This position, all move orders: " << r.position.nodes.size() << " order"
            << (r.position.nodes.size() == 1 ? "" : "s") << ", played "
            << emit::counted(r.position.stats.count, "time") << "; "
            << wins_text(r.position.stats, r) << "; years " << years_text(r.position.stats)
            << ".\n";
    }
    if (r.position.collisions != 0) {
        out << r.position.collisions << " other node" << (r.position.collisions == 1 ? "" : "s")
            << " share" << (r.position.collisions == 1 ? "s" : "")
            << " this position's key but not its stones (a key collision): left out.\n";
    }
    if (!r.continuations.empty()) {
        out << "\n"
            << (r.node ? "Continuations" : "Played there instead")
            << " (move, as the dictionary writes it, count, share, wins of "
            << index::first_player_name(tree, r.query) << " with 95% interval, years):\n";
        const std::uint64_t whole = r.node ? r.stats.count : 0;
        std::uint64_t total = whole;
        if (total == 0)
            for (const index::ContinuationFacts& c : r.continuations) total += c.stats.count;
        for (const index::ContinuationFacts& c : r.continuations) {
            out << "  " << move_text(c.move, tree) << "  (" << move_text(c.canonical_move, tree)
                << ")  " << emit::with_thousands(c.stats.count) << "  "
                << emit::percent(c.stats.count, total) << "  wins "
                << emit::win_rate_text(c.stats.first_player_wins, c.stats.decided()) << "  "
                << years_text(c.stats);
            if (r.node) {
                const std::string_view mark =
                    emit::difference_mark(emit::win_rate_against_rest(c.stats, r.stats));
                if (!mark.empty()) out << "  " << mark;
            }
            out << "\n";
        }
    }
    if (!r.games.empty()) {
        out << "\nMost recent games:\n";
        for (const index::GameFacts& g : r.games) out << "  " << game_line(g) << "\n";
    }
    return out.str();
}

std::string render_lookup_json(const index::LookupResult& r, std::string_view extra) {
    const index::Tree tree = r.tree;
    std::ostringstream out;
    out << "{\"dictionary\": \"" << (tree == index::Tree::Joseki ? "joseki" : "fuseki") << "\"";
    out << ", \"moves\": [";
    for (std::size_t i = 0; i < r.query.played.size(); ++i) {
        out << (i ? ", " : "") << "{\"move\": " << json_quote(move_text(r.query.played[i], tree))
            << ", \"normalised\": " << json_quote(move_text(r.query.canonical[i], tree)) << "}";
    }
    out << "], \"first_player\": \""
        << (r.tree == index::Tree::Joseki && r.query.colours_swapped ? "white" : "black")
        << "\", \"found\": " << (r.node ? "true" : "false") << ", ";
    stats_json(out, r.stats);
    out << ", \"parent_count\": " << r.parent_count
        << ", \"share_of_parent\": " << share_json(r.stats.count, r.parent_count);
    if (!r.node) {
        out << ", \"left_at\": {\"move_number\": " << r.matched + 1
            << ", \"move\": " << json_quote(move_text(r.query.played[r.matched], tree)) << "}";
    }
    out << ", \"position\": {\"orders\": " << r.position.nodes.size()
        << ", \"key_collisions\": " << r.position.collisions << ", ";
    stats_json(out, r.position.stats);
    out << "}, \"continuations\": [";
    const std::uint64_t base = r.node ? r.stats.count : 0;
    std::uint64_t total = base;
    if (total == 0)
        for (const index::ContinuationFacts& c : r.continuations) total += c.stats.count;
    for (std::size_t i = 0; i < r.continuations.size(); ++i) {
        const index::ContinuationFacts& c = r.continuations[i];
        out << (i ? ", " : "") << "{\"move\": " << json_quote(move_text(c.move, tree))
            << ", \"normalised\": " << json_quote(move_text(c.canonical_move, tree))
            << ", \"share\": " << share_json(c.stats.count, total) << ", ";
        stats_json(out, c.stats);
        out << ", \"win_rate_against_rest\": "
            << json_quote(difference_name(r.node ? emit::win_rate_against_rest(c.stats, r.stats)
                                                 : dictionary::Difference::None));
        out << "}";
    }
    out << "], \"games\": [";
    for (std::size_t i = 0; i < r.games.size(); ++i) {
        const index::IndexedGame& g = r.games[i].game;
        out << (i ? ", " : "") << "{\"black\": " << json_quote(g.black_player)
            << ", \"black_rank\": " << json_quote(g.black_rank)
            << ", \"white\": " << json_quote(g.white_player)
            << ", \"white_rank\": " << json_quote(g.white_rank)
            << ", \"date\": " << json_quote(g.date) << ", \"event\": " << json_quote(g.event)
            << ", \"result\": " << json_quote(g.result)
            << ", \"source\": " << json_quote(g.source_path)
            << ", \"game_index\": " << g.index_in_file
            << ", \"move_number\": " << r.games[i].move_number << "}";
    }
    out << "]" << extra << "}";
    return out.str();
}

std::string render_game_lookup_text(const index::GameLookup& lookup) {
    std::string out = "After move " + std::to_string(lookup.move_number) + ":\n\n";
    if (lookup.fuseki_not_indexed)
        out += "fuseki: not in the index: " + *lookup.fuseki_not_indexed + ".\n";
    else
        out += render_lookup_text(lookup.fuseki);
    for (const index::CornerLookup& c : lookup.corners) {
        out += "\n" + std::string(trackers::name(c.corner)) + " corner, ";
        out += render_lookup_text(c.joseki);
    }
    if (lookup.corners.empty()) out += "\nNo corner is still tracked at this move.\n";
    return out;
}

std::string render_game_lookup_json(const index::GameLookup& lookup, std::string_view extra) {
    std::string corners =
        ", \"move_number\": " + std::to_string(lookup.move_number) + ", \"corners\": [";
    for (std::size_t i = 0; i < lookup.corners.size(); ++i) {
        const index::CornerLookup& c = lookup.corners[i];
        if (i != 0) corners += ", ";
        corners += render_lookup_json(
            c.joseki, ", \"corner\": \"" + std::string(trackers::name(c.corner)) + "\"");
    }
    corners += "]";
    corners += extra;
    if (lookup.fuseki_not_indexed) {
        return "{\"dictionary\": \"fuseki\", \"found\": false, \"count\": 0, \"not_indexed\": " +
               json_quote(*lookup.fuseki_not_indexed) + ", \"continuations\": [], \"games\": []" +
               corners + "}";
    }
    return render_lookup_json(lookup.fuseki, corners);
}

std::string render_options_text(const index::TrackingOptions& options) {
    return "Index compiled with: " + options.describe() + ".\n";
}

std::string render_options_json(const index::TrackingOptions& options) {
    std::ostringstream out;
    out << ", \"index_options\": {\"zones\": \"" << (options.default_zone() ? "default" : "custom")
        << "\", \"zone_points\": " << options.zone.size()
        << ", \"max_length\": " << options.tracker.max_length
        << ", \"max_gap\": " << options.tracker.max_gap
        << ", \"fuseki_moves\": " << options.opening.max_moves
        << ", \"duplicates_kept\": " << (options.duplicates_kept ? "true" : "false") << "}";
    return out.str();
}

}  // namespace josekic::cli
