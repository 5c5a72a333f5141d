#include "cli/lookup_text.hpp"

#include <span>
#include <sstream>

#include "core/diag/terminal_text.hpp"
#include "emit/node_comment.hpp"
#include "emit/win_rate_text.hpp"
#include "index/result_json.hpp"
#include "prune/move_text.hpp"
#include "trackers/corner.hpp"

namespace josekic::cli {

namespace {

using dictionary::NodeStats;

std::string line_text(std::span<const go::Move> moves, index::Tree tree) {
    return moves.empty() ? std::string("(the empty board)")
                         : prune::render_path(moves, index::dictionary_kind(tree));
}

std::string years_text(const NodeStats& s) {
    if (s.first_year == 0) return "unknown";
    if (s.first_year == s.last_year) return std::to_string(s.first_year);
    return std::to_string(s.first_year) + "-" + std::to_string(s.last_year);
}

std::string wins_text(const NodeStats& s, std::string out) {
    if (s.decided() == 0) return out + ": no decided games";
    out += " wins " + emit::win_rate_text(s.first_player_wins, s.decided()) + " of " +
           emit::counted(s.decided(), "decided game");
    if (s.draws != 0 || s.unknown != 0)
        out += " (" + emit::with_thousands(s.draws) + " drawn, " + emit::with_thousands(s.unknown) +
               " unknown)";
    return out;
}

std::string wins_text(const NodeStats& s, const index::LookupResult& r) {
    return wins_text(s, index::first_player_name(r.tree, r.query));
}

// The game's facts come from its record, whatever it holds: control characters are shown as
// U+FFFD (core/diag/terminal_text.hpp).
std::string game_line(const index::GameFacts& g) {
    const index::IndexedGame& game = g.game;
    std::ostringstream out;
    out << diag::terminal_text(game.date.empty() ? std::string_view("date ?") : game.date)
        << "  B: " << diag::terminal_text(game.black_player);
    if (!game.black_rank.empty()) out << " " << diag::terminal_text(game.black_rank);
    out << "  W: " << diag::terminal_text(game.white_player);
    if (!game.white_rank.empty()) out << " " << diag::terminal_text(game.white_rank);
    if (!game.result.empty()) out << "  " << diag::terminal_text(game.result);
    out << "  " << diag::terminal_text(game.source_path) << " #" << game.index_in_file;
    out << "  move " << g.move_number;
    return out.str();
}

}  // namespace

std::string move_text(const go::Move& m, index::Tree tree) {
    return index::move_json(m, tree);
}

std::string render_lookup_text(const index::LookupResult& r, const LookupTextExtras& extras) {
    const index::Tree tree = r.tree;
    std::ostringstream out;
    out << emit::kind_name(index::dictionary_kind(tree)) << ": " << line_text(r.query.played, tree)
        << "\n";
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
        if (r.filtered_out)
            out << "No game that passes the filters plays this line: they leave it at move ";
        else if (r.filtered)
            out << "Not in the dictionary, and the games that pass the filters leave the line "
                   "at move ";
        else
            out << "Not in the dictionary: the line leaves it at move ";
        out << r.matched + 1 << ", " << move_text(r.query.played[r.matched], tree)
            << " (count 0).\n"
            << (r.filtered ? "The games that pass reach " : "The dictionary knows ")
            << line_text(known, tree) << ".\n";
    }
    out << extras.after_line;
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
        for (std::size_t k = 0; k < r.continuations.size(); ++k) {
            const index::ContinuationFacts& c = r.continuations[k];
            out << "  " << move_text(c.move, tree) << "  (" << move_text(c.canonical_move, tree)
                << ")  " << emit::with_thousands(c.stats.count) << "  "
                << emit::percent(c.stats.count, r.last_known_count) << "  wins "
                << emit::win_rate_text(c.stats.first_player_wins, c.stats.decided()) << "  "
                << years_text(c.stats);
            if (r.node) {
                const std::string_view mark =
                    emit::difference_mark(emit::win_rate_against_rest(c.stats, r.stats));
                if (!mark.empty()) out << "  " << mark;
            }
            if (k < extras.continuation_notes.size() && !extras.continuation_notes[k].empty())
                out << "  [" << extras.continuation_notes[k] << "]";
            out << "\n";
        }
    }
    if (!r.games.empty()) {
        out << "\nMost recent games:\n";
        for (const index::GameFacts& g : r.games) out << "  " << game_line(g) << "\n";
    }
    return out.str();
}

namespace {

std::string stones_text(const index::CornerQuery& query) {
    std::string out;
    for (const go::Move& m : query.stones) {
        if (!out.empty()) out += ' ';
        out += std::string(1, go::sgf_letter(m.color)) + "[" + go::to_sgf(*m.point) + "]";
    }
    return out;
}

std::string continuation_text(const index::PatternContinuation& c) {
    if (c.move)
        return std::string(1, go::sgf_letter(c.move->color)) + "[" + go::to_sgf(*c.move->point) +
               "]";
    // "B elsewhere": Black's tenuki and White's are two rows.
    const std::string name(index::next_name(c.next));
    return c.player ? std::string(1, go::sgf_letter(*c.player)) + " " + name : name;
}

}  // namespace

std::string render_pattern_text(const index::PatternLookupResult& r) {
    std::ostringstream out;
    const index::CornerQuery& q = r.query;
    out << "corner pattern (" << trackers::name(q.corner) << ", " << r.stones()
        << (r.stones() == 1 ? " stone" : " stones") << "): " << stones_text(q) << "\n"
        << "To move: "
        << (q.to_move ? (*q.to_move == go::Color::Black ? "Black" : "White") : "either player")
        << "; colours: "
        << (q.colours == index::ColourReversal::Either ? "as given or reversed" : "as given")
        << ".\n";
    if (r.stats.count == 0) {
        out << "Not found (count 0).\n";
        return out.str();
    }
    out << "Found " << emit::counted(r.stats.count, "time") << " in "
        << emit::counted(r.games, "game");
    if (r.colour_reversed != 0)
        out << " (" << emit::with_thousands(r.colour_reversed) << " with colours reversed)";
    out << ".\nMove numbers: median " << r.median_move << ", range " << r.first_move << "-"
        << r.last_move << ".\n"
        << wins_text(r.stats, "The player to move") << ".\nYears: " << years_text(r.stats) << ".\n";
    // The "By era:" lines of the dictionaries, in the eras compile chooses by default: the
    // pattern's occurrences in each, and below each continuation its share in each.
    const bool by_era = r.eras.count() >= 2;
    const auto era_line = [&](std::span<const dictionary::NodeStats::Counter> mine,
                              std::span<const dictionary::NodeStats::Counter> parent) {
        emit::TextBuffer text;
        emit::append_era_shares(text, r.eras, r.first_year, r.last_year, mine, parent);
        return std::string(text.view());
    };
    if (by_era) out << era_line(r.per_era, {});
    out << "\nPlayed next (move in this corner's frame, or elsewhere; count, share, wins of the "
           "player to move with 95% interval, years):\n";
    for (const index::PatternContinuation& c : r.continuations) {
        out << "  " << continuation_text(c) << "  " << emit::with_thousands(c.stats.count) << "  "
            << emit::percent(c.stats.count, r.stats.count) << "  wins "
            << emit::win_rate_text(c.stats.first_player_wins, c.stats.decided()) << "  "
            << years_text(c.stats);
        const std::string_view mark =
            emit::difference_mark(emit::win_rate_against_rest(c.stats, r.stats));
        if (!mark.empty()) out << "  " << mark;
        out << "\n";
        // Left out, as in the dictionaries, where it says nothing: every occurrence went here.
        if (by_era && c.stats.count != r.stats.count)
            out << "    " << era_line(c.per_era, r.per_era);
    }
    if (!r.recent.empty()) {
        out << "\nMost recent games (move: the pattern arose after it):\n";
        for (const index::GameFacts& g : r.recent) out << "  " << game_line(g) << "\n";
    }
    return out.str();
}

std::string render_game_lookup_text(const index::GameLookup& lookup,
                                    const std::vector<LookupTextExtras>& corner_extras) {
    std::string out = "After move " + std::to_string(lookup.move_number) + ":\n\n";
    if (lookup.fuseki_not_indexed)
        out += "fuseki: not in the index: " + *lookup.fuseki_not_indexed + ".\n";
    else
        out += render_lookup_text(lookup.fuseki);
    for (std::size_t i = 0; i < lookup.corners.size(); ++i) {
        const index::CornerLookup& c = lookup.corners[i];
        out += "\n" + std::string(trackers::name(c.corner)) + " corner, ";
        out += render_lookup_text(c.joseki,
                                  i < corner_extras.size() ? corner_extras[i] : LookupTextExtras{});
    }
    if (lookup.corners.empty()) out += "\nNo corner is still tracked at this move.\n";
    if (!lookup.corners_not_tracked.empty()) out += "\n";
    for (const index::CornerWithoutLine& c : lookup.corners_not_tracked)
        out += std::string(trackers::name(c.corner)) + " corner: not tracked: " + c.why + ".\n";
    return out;
}

std::string render_options_text(const index::TrackingOptions& options) {
    return "Index compiled with: " + options.describe() + ".\n";
}

}  // namespace josekic::cli
