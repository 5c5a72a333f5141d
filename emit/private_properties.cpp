#include "emit/private_properties.hpp"

#include <array>

#include "emit/decimal_text.hpp"
#include "emit/sgf_text.hpp"
#include "emit/text_cursor.hpp"

namespace josekic::emit {

namespace {

// The values of one game in the games property.
void put_game_values(TextBuffer& out, const dictionary::GameReference& r) {
    const std::array<std::string_view, 5> before_year = {r.black_player, r.white_player,
                                                         r.black_rank, r.white_rank, r.date};
    const std::array<std::string_view, 2> after_year = {r.event, r.result};
    // Twice each text (escaping at most doubles it), the brackets and two numbers.
    std::size_t room = 2 * 10 + 2 * kMaxNumberBytes + 2 * r.source_path.size();
    for (const std::string_view field : before_year) room += 2 * field.size();
    for (const std::string_view field : after_year) room += 2 * field.size();
    TextCursor t(out, room);
    for (const std::string_view field : before_year) {
        t.put('[');
        t.advance_to(put_escaped(t.at(), field));
        t.put(']');
    }
    t.put('[');
    if (r.year) t.signed_decimal(*r.year);
    t.put(']');
    for (const std::string_view field : after_year) {
        t.put('[');
        t.advance_to(put_escaped(t.at(), field));
        t.put(']');
    }
    // The path's two parts escaped one after the other give the bytes of the whole path
    // escaped: only a CR LF pair is escaped as one, and the '/' between them is neither.
    t.put('[');
    t.advance_to(put_escaped(t.at(), r.source_path.dir));
    t.advance_to(put_escaped(t.at(), r.source_path.name));
    t.put(']');
    t.put('[');
    t.signed_decimal(r.index_in_file);
    t.put(']');
}

}  // namespace

void put_root_properties(TextBuffer& out, DictionaryKind kind,
                         const std::vector<std::string>& provenance) {
    std::string value(kind_name(kind));
    value += ':';
    value += signed_decimal(kFormatVersion);
    out += kKindProperty;
    out += '[';
    append_escaped(out, value);
    out += ']';
    if (provenance.empty()) return;
    out += kProvenanceProperty;
    for (const std::string& line : provenance) {
        out += '[';
        append_escaped(out, line);
        out += ']';
    }
}

void StatisticsProperty::put(TextBuffer& out, const dictionary::NodeStats& s) {
    constexpr std::size_t kRoom =
        kStatsProperty.size() + 2 + 8 * (kMaxNumberBytes + 1);  // "XS[" 8 numbers ':' ']'
    static_assert(kRoom >= decltype(memo_)::kMaxBytes);
    TextCursor t(out, kRoom);
    memo_.put(t, s, [&s](TextCursor& c) {
        // Digits and colons need no escaping.
        c.put(kStatsProperty);
        c.put('[');
        const auto count = [&c](std::uint64_t n) {
            c.decimal(n);
            c.put(':');
        };
        count(s.count);
        count(s.ends);
        count(s.first_player_wins);
        count(s.second_player_wins);
        count(s.draws);
        count(s.unknown);
        c.signed_decimal(s.first_year);
        c.put(':');
        c.signed_decimal(s.last_year);
        c.put(']');
    });
}

void put_eras_property(TextBuffer& out, const dictionary::Eras& eras) {
    out += kErasProperty;
    if (eras.boundaries().empty()) out += "[]";
    for (const int year : eras.boundaries()) {
        out += '[';
        out += signed_decimal(year);
        out += ']';
    }
}

void put_side_property(TextBuffer& out, const dictionary::SideCounts& counts,
                       const dictionary::Eras& eras) {
    TextCursor t(
        out, kSideProperty.size() + 2 + (dictionary::Eras::kMaxEras + 1) * (kMaxNumberBytes + 1));
    t.put(kSideProperty);
    t.put('[');
    t.decimal(counts.players);
    for (std::size_t e = 0; e < eras.count(); ++e) {
        t.put(':');
        t.decimal(counts.per_era[e]);
    }
    t.put(']');
}

void put_games_property(TextBuffer& out, const dictionary::GameTable& games,
                        std::span<const dictionary::GameId> listed) {
    if (listed.empty()) return;
    out += kGamesProperty;
    for (const dictionary::GameId g : listed) put_game_values(out, games[g]);
}

}  // namespace josekic::emit
