#include <catch2/catch.hpp>

#include "reference/mark.hpp"
#include "reference/verdict_prose.hpp"

using namespace josekic;
using namespace josekic::reference;

namespace {
LabelVerdict label(const char* text, std::uint16_t marks,
                   std::optional<go::Color> colour = std::nullopt) {
    return LabelVerdict{text, colour, marks};
}
constexpr std::uint16_t kGood = bit(Mark::Good);
constexpr std::uint16_t kMistake = bit(Mark::Mistake);
constexpr std::uint16_t kDoubtful = bit(Mark::Doubtful);
constexpr std::uint16_t kJoseki = bit(Mark::Joseki);
constexpr std::uint16_t kTrick = bit(Mark::Trick);
}  // namespace

TEST_CASE("Kogo's verdicts on labelled continuations", "[reference]") {
    using V = std::vector<LabelVerdict>;
    CHECK(read_prose_verdicts("'A' is correct, 'B' is a mistake.").labels ==
          V{label("a", kGood), label("b", kMistake)});
    CHECK(read_prose_verdicts("'A' is correct, 'B' is wrong.").labels ==
          V{label("a", kGood), label("b", kMistake)});
    CHECK(read_prose_verdicts("'C' is questionable.").labels == V{label("c", kDoubtful)});
    CHECK(read_prose_verdicts("'C' is disadvantageous for White.").labels ==
          V{label("c", kDoubtful)});
    CHECK(read_prose_verdicts("'D' is inferior.").labels == V{label("d", kDoubtful)});
    CHECK(read_prose_verdicts("'D' is not recommended.").labels == V{label("d", kDoubtful)});
    CHECK(read_prose_verdicts("'E' is an overplay.").labels == V{label("e", kMistake)});
    CHECK(read_prose_verdicts("'B' is getting tricked.").labels == V{label("b", kMistake)});
    CHECK(read_prose_verdicts("'A' or 'B' are ok.").labels ==
          V{label("a", kGood), label("b", kGood)});
    CHECK(read_prose_verdicts("'A', 'B' and 'C' are all wrong.").labels ==
          V{label("a", kMistake), label("b", kMistake), label("c", kMistake)});
    CHECK(read_prose_verdicts("White 'd' is an overplay.").labels ==
          V{label("d", kMistake, go::Color::White)});
    // None of these is about a labelled move.
    CHECK(read_prose_verdicts("'A' is possible too.").labels.empty());
    CHECK(read_prose_verdicts("Playing 'a' is not bad.").labels.empty());
}

TEST_CASE("a star marks a joseki continuation", "[reference]") {
    using V = std::vector<LabelVerdict>;
    CHECK(read_prose_verdicts("Black continues with 'a *' or 'b'.").labels ==
          V{label("a", kJoseki, go::Color::Black)});
    CHECK(read_prose_verdicts("'A *' is joseki.").labels == V{label("a", kJoseki)});
    CHECK(read_prose_verdicts("'A*' is correct.").labels == V{label("a", kGood | kJoseki)});
}

TEST_CASE("a verdict on a move of the line by its number", "[reference]") {
    using V = std::vector<NumberedMoveVerdict>;
    CHECK(read_prose_verdicts("White 12 is a mistake.").numbered_moves ==
          V{{go::Color::White, 12, kMistake}});
    CHECK(read_prose_verdicts("Black 9 is a trick play.").numbered_moves ==
          V{{go::Color::Black, 9, kTrick}});
    CHECK(read_prose_verdicts("White 6 is not recommended.").numbered_moves ==
          V{{go::Color::White, 6, kDoubtful}});
    CHECK(read_prose_verdicts("White 6 and 8 are slack.").numbered_moves ==
          V{{go::Color::White, 6, kDoubtful}, {go::Color::White, 8, kDoubtful}});
    // A number without a colour, or a sentence that is no verdict, judges nothing.
    CHECK(read_prose_verdicts("The 3-4 point is old.").numbered_moves.empty());
    CHECK(read_prose_verdicts("White 12 blocks the corner.").numbered_moves.empty());
    // Not a verdict on the node that carries the comment.
    CHECK(read_prose_verdicts("White 12 is a mistake.").own == 0);
}

TEST_CASE("lines that close a joseki", "[reference]") {
    CHECK(read_prose_verdicts("* GOOD VARIATION *").own == kJoseki);
    CHECK(read_prose_verdicts("Joseki").own == kJoseki);
    CHECK(read_prose_verdicts("Black takes the corner.\nEnd of joseki.").own == kJoseki);
    CHECK(read_prose_verdicts("White has thickness. The joseki ends.").own == kJoseki);
    // The word in a sentence of prose closes nothing.
    CHECK(read_prose_verdicts("This joseki ends in a ko.").own == 0);
    CHECK(read_prose_verdicts("Many joseki books show this.").own == 0);
}

TEST_CASE("long commentary is no verdict on the node", "[reference]") {
    const ProseVerdicts v = read_prose_verdicts(
        "Kitani Minoru invariably played this way, and it was long thought to be "
        "the only move. Later professionals found it slack. White 'd' is an overplay.");
    CHECK(v.own == 0);
    REQUIRE(v.labels.size() == 1);
    CHECK(v.labels[0] == label("d", kMistake, go::Color::White));
}

TEST_CASE("labels compare without case, spaces or stars", "[reference]") {
    CHECK(normalise_label("A *") == "a");
    CHECK(normalise_label("b") == "b");
    CHECK(normalise_label("12") == "12");
}

TEST_CASE("verdicts as the book writes them: conditions, not joseki, locally inferior",
          "[reference][verdicts]") {
    using V = std::vector<LabelVerdict>;
    // A judgement of one whole-board situation is a note, not a verdict on the line.
    const ProseVerdicts given = read_prose_verdicts(
        "Given a White stone at top, White 2 would be a mistake. In such a case, White should "
        "have played an extension from that stone, rather than White 2.");
    CHECK(given.own == 0);
    CHECK(given.numbered_moves.empty());
    const ProseVerdicts pincer = read_prose_verdicts(
        "If Black is in the top left corner with a low shimari at the triangled point, Black "
        "should not pincer, but play at 'a *'.");
    CHECK(pincer.own == 0);
    CHECK(pincer.labels.empty());
    CHECK(read_prose_verdicts("When White has a stone at the top, 'B' is a mistake.").labels ==
          V{});
    CHECK(read_prose_verdicts("Black should not pincer here if White has a ladder.").own == 0);
    CHECK(read_prose_verdicts("'B' would be a mistake.").labels == V{});
    // The sentences around a condition keep their verdicts.
    CHECK(read_prose_verdicts("Mistake. If White has a ladder, 'a' is fine.").own == kMistake);
    // "Not joseki" is its own verdict, on the node or on a labelled continuation.
    constexpr std::uint16_t kNotJoseki = bit(Mark::NotJoseki);
    CHECK(read_prose_verdicts(
              "White 2 is not joseki, but illustrates the possibilities without considering "
              "surrounding stones.")
              .numbered_moves ==
          std::vector<NumberedMoveVerdict>{{go::Color::White, 2, kNotJoseki}});
    CHECK(read_prose_verdicts("Not joseki.").own == kNotJoseki);
    CHECK(read_prose_verdicts("'f' is not joseki.").labels == V{label("f", kNotJoseki)});
    // A hedged judgement of the corner alone.
    CHECK(read_prose_verdicts("Locally it results in a loss, but may be appropriate fuseki "
                              "strategy.")
              .own == bit(Mark::LocallyInferior));
    CHECK(read_prose_verdicts("Locally speaking this is a fine shape.").own == 0);
}

TEST_CASE("an aside in parentheses judges what a label shows", "[reference][verdicts]") {
    using V = std::vector<LabelVerdict>;
    CHECK(read_prose_verdicts("'f' shows the too early sansan invasion (which is not joseki).")
              .labels == V{label("f", bit(Mark::NotJoseki))});
    CHECK(read_prose_verdicts("'b' leads to a fight (which is a mistake for White).").labels ==
          V{label("b", kMistake)});
    // Without parentheses nothing is judged; the aside judges the nearest label before it.
    CHECK(read_prose_verdicts("'f' shows the invasion, which is not joseki.").labels.empty());
    CHECK(read_prose_verdicts("'f' is played before 'g' (which is not joseki).").labels ==
          V{label("g", bit(Mark::NotJoseki))});
    // The condition of a comment is kept as written, for the note of its situation.
    CHECK(read_prose_verdicts("Good. Given a White stone at top, White 2 would be a mistake.")
              .condition == "Given a White stone at top, White 2 would be a mistake.");
    CHECK(read_prose_verdicts("When White has a ladder\nit is different").condition ==
          "When White has a ladder");
    CHECK(read_prose_verdicts("Mistake.").condition.empty());
}
