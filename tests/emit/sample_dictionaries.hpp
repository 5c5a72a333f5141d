#pragma once

// Small hand-made dictionaries shared by the emit tests.

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"
#include "prune/apply.hpp"
#include "prune/report_text.hpp"
#include "tests/support/move_lines.hpp"

namespace josekic::emit::testing {

using josekic::test_support::line;

// Views its arguments: pass it to GameTable::add() in the expression that makes them.
inline dictionary::GameReference game(std::string_view black, std::string_view white,
                                      std::string_view date, std::optional<int> year,
                                      std::string_view path, int index = 1) {
    dictionary::GameReference g;
    g.black_player = black;
    g.white_player = white;
    g.black_rank = "9p";
    g.white_rank = "8p";
    g.date = date;
    g.year = year;
    g.event = "Test Cup";
    g.result = "B+R";
    g.source_path = dictionary::SourcePath::split(path);
    g.index_in_file = index;
    return g;
}

/// A joseki trie with a 4-4 and a 3-4 branch, a tenuki, draws and unknown results, years,
/// and games whose names need escaping.
inline dictionary::Trie small_joseki() {
    using dictionary::LineOutcome;
    auto games = std::make_shared<dictionary::GameTable>();
    dictionary::Trie trie(games);
    auto add = [&](std::initializer_list<std::string_view> moves, LineOutcome outcome,
                   std::optional<int> year, dictionary::GameReference ref) {
        trie.insert(line(moves), outcome, year, games->add(ref));
    };
    add({"pd", "nc", "qf"}, LineOutcome::FirstPlayerWon, 2019,
        game("Ke Jie", "Shin Jinseo", "2019-05-01", 2019, "a.sgf"));
    add({"pd", "nc", "qf"}, LineOutcome::SecondPlayerWon, 2021,
        game("Iyama ]Yuta[", "Park\\Junghwan", "2021-01-02", 2021, "dir/b:c.sgf", 3));
    add({"pd", "nc", "qf"}, LineOutcome::Draw, std::nullopt,
        game("", "", "", std::nullopt, "nodate.sgf"));
    add({"pd", "qc", "qd", "pc"}, LineOutcome::FirstPlayerWon, 1998,
        game("Cho Chikun\nHonorary", "林海峰", "1998-07-07,08", 1998, "old/c.sgf", 2));
    add({"pd", "", "nc"}, LineOutcome::Unknown, 2005, game("A", "B", "2005", 2005, "d.sgf"));
    add({"qd", "oc"}, LineOutcome::SecondPlayerWon, 2010,
        game("C", "D", "2010-10-10", 2010, "e.sgf"));
    add({"qd", "oc"}, LineOutcome::FirstPlayerWon, 2011,
        game("E", "F", "2011-11-11", 2011, "f.sgf"));
    add({"qc"}, LineOutcome::FirstPlayerWon, 2000, game("G", "H", "2000", 2000, "g.sgf"));
    trie.insert(line({"pd", "nc"}), LineOutcome::Unknown, std::nullopt,
                std::nullopt);  // a line without a game
    return trie;
}

/// `trie` with `thresholds` applied, as compile and prune cut a dictionary before writing it.
inline dictionary::Trie thresholded(const dictionary::Trie& trie,
                                    const prune::Thresholds& thresholds) {
    return prune::apply(trie, {}, thresholds, DictionaryKind::Joseki).trie;
}

/// Options that write a dictionary cut by `thresholds` as compile and prune do: the root
/// comment states them.
inline WriteOptions stating(WriteOptions options, const prune::Thresholds& thresholds) {
    options.size_limits = prune::size_limits_text(thresholds);
    return options;
}

}  // namespace josekic::emit::testing
