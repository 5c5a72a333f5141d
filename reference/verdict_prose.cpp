#include "reference/verdict_prose.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>

#include "reference/mark.hpp"

namespace josekic::reference {

namespace {

enum class TokenKind : std::uint8_t { Word, Number, Label, Star, Comma, Other };

struct Token {
    TokenKind kind = TokenKind::Other;
    std::string text;      // words and labels in lower case; the character for punctuation
    bool upper = false;    // a word written in capitals, such as RIGHT
    bool starred = false;  // a label with a star, 'A *'
    std::uint32_t number = 0;
};

using Sentence = std::vector<Token>;

bool is_alpha(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
bool is_digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}
char lower_char(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// A quoted board label at text[i] == '\'': one or two letters or digits, spaces and at most
// one star inside the quotes. Returns the length of the whole quote, or 0.
std::size_t label_length(std::string_view text, std::size_t i, Token& token) {
    if (i > 0 && is_alpha(text[i - 1])) return 0;  // an apostrophe, as in "don't"
    std::string label;
    bool starred = false;
    for (std::size_t j = i + 1; j < text.size() && j < i + 8; ++j) {
        const char c = text[j];
        if (c == '\'') {
            if (label.empty() || label.size() > 2) return 0;
            token = Token{TokenKind::Label, label, false, starred, 0};
            return j - i + 1;
        }
        if (c == '*') {
            if (starred) return 0;
            starred = true;
        } else if (is_alpha(c) || is_digit(c)) {
            label.push_back(lower_char(c));
        } else if (c != ' ') {
            return 0;
        }
    }
    return 0;
}

// The text as sentences of tokens: '.', '!', '?' and line ends close a sentence. `spans`
// receives each sentence's text as written, its closing punctuation included.
std::vector<Sentence> sentences_of(std::string_view text, std::vector<std::string_view>& spans) {
    std::vector<Sentence> sentences(1);
    std::size_t begin = 0;  // of the sentence being read
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        Sentence& s = sentences.back();
        if (s.empty()) begin = i;
        if (is_alpha(c)) {
            std::size_t end = i;
            // Letters, and apostrophes between letters ("don't").
            while (end < text.size() &&
                   (is_alpha(text[end]) || (text[end] == '\'' && end + 1 < text.size() &&
                                            is_alpha(text[end + 1]) && end > i)))
                ++end;
            Token word{TokenKind::Word, {}, true, false, 0};
            for (std::size_t k = i; k < end; ++k) {
                word.text.push_back(lower_char(text[k]));
                if (std::islower(static_cast<unsigned char>(text[k])) != 0) word.upper = false;
            }
            word.upper = word.upper && word.text.size() > 1;
            s.push_back(std::move(word));
            i = end;
        } else if (is_digit(c)) {
            std::uint32_t n = 0;
            while (i < text.size() && is_digit(text[i])) {
                if (n < 100000) n = n * 10 + static_cast<std::uint32_t>(text[i] - '0');
                ++i;
            }
            s.push_back(Token{TokenKind::Number, {}, false, false, n});
        } else if (c == '\'') {
            Token label;
            const std::size_t length = label_length(text, i, label);
            if (length > 0) s.push_back(std::move(label));
            i += length > 0 ? length : 1;
        } else if (c == '.' || c == '!' || c == '?' || c == '\n' || c == '\r') {
            if (!s.empty()) {
                const bool punctuation = c != '\n' && c != '\r';
                spans.push_back(text.substr(begin, i - begin + (punctuation ? 1 : 0)));
                sentences.emplace_back();
            }
            ++i;
        } else if (c == '/') {
            s.push_back(Token{TokenKind::Word, "or", false, false, 0});
            ++i;
        } else if (std::isspace(static_cast<unsigned char>(c)) != 0) {
            ++i;
        } else {
            const TokenKind kind = c == '*'   ? TokenKind::Star
                                   : c == ',' ? TokenKind::Comma
                                              : TokenKind::Other;
            s.push_back(Token{kind, std::string(1, c), false, false, 0});
            ++i;
        }
    }
    if (sentences.back().empty()) {
        sentences.pop_back();
    } else {
        spans.push_back(text.substr(begin));
    }
    return sentences;
}

bool word_at(const Sentence& s, std::size_t i, std::string_view word) {
    return i < s.size() && s[i].kind == TokenKind::Word && s[i].text == word;
}

bool word_in(const Sentence& s, std::size_t i, std::initializer_list<std::string_view> words) {
    return std::any_of(words.begin(), words.end(),
                       [&](std::string_view w) { return word_at(s, i, w); });
}

std::optional<go::Color> colour_word(const Sentence& s, std::size_t i) {
    if (word_at(s, i, "black")) return go::Color::Black;
    if (word_at(s, i, "white")) return go::Color::White;
    return std::nullopt;
}

struct Phrase {
    std::array<std::string_view, 2> words;  // the second is empty for one-word phrases
    Mark mark;
};

// Longer phrases first, so that "trick play" is one phrase.
constexpr std::array<Phrase, 30> kPhrases = {{
    {{"getting", "tricked"}, Mark::Mistake},
    {{"trick", "play"}, Mark::Trick},
    {{"trick", "move"}, Mark::Trick},
    {{"standard", "joseki"}, Mark::Joseki},
    {{"trick", ""}, Mark::Trick},
    {{"tricks", ""}, Mark::Trick},
    {{"mistake", ""}, Mark::Mistake},
    {{"mistakes", ""}, Mark::Mistake},
    {{"error", ""}, Mark::Mistake},
    {{"wrong", ""}, Mark::Mistake},
    {{"bad", ""}, Mark::Mistake},
    {{"blunder", ""}, Mark::Mistake},
    {{"overplay", ""}, Mark::Mistake},
    {{"unreasonable", ""}, Mark::Mistake},
    {{"questionable", ""}, Mark::Doubtful},
    {{"dubious", ""}, Mark::Doubtful},
    {{"doubtful", ""}, Mark::Doubtful},
    {{"disadvantageous", ""}, Mark::Doubtful},
    {{"inferior", ""}, Mark::Doubtful},
    {{"slack", ""}, Mark::Doubtful},
    {{"unfavourable", ""}, Mark::Doubtful},
    {{"joseki", ""}, Mark::Joseki},
    {{"correct", ""}, Mark::Good},
    {{"right", ""}, Mark::Good},
    {{"good", ""}, Mark::Good},
    {{"ok", ""}, Mark::Good},
    {{"okay", ""}, Mark::Good},
    {{"fine", ""}, Mark::Good},
    {{"best", ""}, Mark::Good},
    {{"playable", ""}, Mark::Good},
}};

std::size_t skip_adverbs(const Sentence& s, std::size_t i) {
    while (word_in(s, i,
                   {"very", "too", "also", "quite", "rather", "slightly", "clearly", "simply",
                    "probably", "just", "still", "so", "all", "a", "an"}))
        ++i;
    return i;
}

struct Verdict {
    std::uint16_t marks = 0;
    std::size_t end = 0;    // the token after the phrase
    bool capitals = false;  // the phrase was written in capitals (RIGHT, WRONG)
};

// The verdict phrase at s[i] (after adverbs), if there is one.
std::optional<Verdict> verdict_at(const Sentence& s, std::size_t i) {
    i = skip_adverbs(s, i);
    if (word_at(s, i, "not")) {
        const std::size_t j = skip_adverbs(s, i + 1);
        if (word_at(s, j, "joseki")) return Verdict{bit(Mark::NotJoseki), j + 1, false};
        if (word_in(s, j, {"good", "recommended"}))
            return Verdict{bit(Mark::Doubtful), j + 1, false};
        return std::nullopt;  // "not bad", "not a mistake": no verdict either way
    }
    for (const Phrase& p : kPhrases) {
        if (!word_at(s, i, p.words[0])) continue;
        if (!p.words[1].empty() && !word_at(s, i + 1, p.words[1])) continue;
        const std::size_t end = i + (p.words[1].empty() ? 1 : 2);
        return Verdict{bit(p.mark), end, s[i].upper};
    }
    return std::nullopt;
}

// "is", "are", "will be" ... before a verdict on a label or a numbered move; the index
// after it, or nullopt. ("would be" makes the sentence conditional: see conditional().)
std::optional<std::size_t> verb_at(const Sentence& s, std::size_t i) {
    if (word_in(s, i, {"is", "are", "was", "were", "looks", "look", "seems", "seem"})) return i + 1;
    if (word_at(s, i, "will") && word_at(s, i + 1, "be")) return i + 2;
    return std::nullopt;
}

// A judgement under a condition is a note on a whole-board situation, not a verdict on the
// line: "Given a White stone at top, White 2 would be a mistake.", "If Black is in the top
// left corner ..., Black should not pincer, but play at 'a *'.", "When ...".
bool conditional(const Sentence& s) {
    if (word_in(s, 0, {"given", "if", "when", "unless"})) return true;
    bool should_not = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (word_at(s, i, "would") && word_at(s, i + 1, "be")) return true;
        if (word_at(s, i, "should") && word_at(s, i + 1, "not")) should_not = true;
        if (should_not && word_at(s, i, "if")) return true;
    }
    return false;
}

// "Locally it results in a loss, but may be appropriate fuseki strategy.": a judgement of the
// corner alone, which the whole board may overrule.
bool locally_inferior(const Sentence& s) {
    if (!word_at(s, 0, "locally")) return false;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (word_in(s, i, {"loss", "inferior", "worse", "bad", "loses"})) return true;
    }
    return false;
}

bool clause_ends(const Sentence& s, std::size_t i) {
    return i >= s.size() || s[i].kind == TokenKind::Comma || s[i].kind == TokenKind::Other ||
           s[i].kind == TokenKind::Star || word_in(s, i, {"move", "here", "and", "but"});
}

// The first sentence's verdict on the commented move itself, and the side it names ("bad for
// white") in `side`.
std::uint16_t own_verdict(const Sentence& s, std::optional<go::Color>& side) {
    std::size_t i = 0;
    if (word_in(s, 0, {"this", "that", "it"})) {
        i = word_in(s, 1, {"move", "one", "play"}) ? 2 : 1;
        const std::optional<std::size_t> after_verb = verb_at(s, i);
        if (!after_verb) return 0;
        i = *after_verb;
    }
    const std::optional<Verdict> v = verdict_at(s, i);
    if (!v) return 0;
    if (word_at(s, v->end, "for")) side = colour_word(s, v->end + 1);
    const bool positive = (v->marks & (bit(Mark::Good) | bit(Mark::Joseki))) != 0;
    // A word of praise opens much prose ("Good shape ..."); only a phrase that stands alone,
    // names its side ("Good for white."), or is in capitals, is a verdict.
    if (positive && !v->capitals && !side && !clause_ends(s, v->end)) return 0;
    return v->marks;
}

bool is_closer(const Sentence& s) {
    std::vector<std::string_view> words;
    for (const Token& t : s) {
        if (t.kind == TokenKind::Word) {
            words.push_back(t.text);
        } else if (t.kind != TokenKind::Star && t.kind != TokenKind::Comma) {
            return false;
        }
    }
    using W = std::vector<std::string_view>;
    return words == W{"good", "variation"} || words == W{"joseki"} ||
           words == W{"end", "of", "joseki"} || words == W{"the", "joseki", "ends"};
}

// Reads a list such as "'A', 'B' or White 'C'" or "White 12 and 14" starting at s[i], each
// item of `kind` with an optional colour word before it.
struct ListItem {
    const Token* token;
    std::optional<go::Color> colour;
};
std::vector<ListItem> list_at(const Sentence& s, std::size_t& i, TokenKind kind) {
    std::vector<ListItem> items;
    std::optional<go::Color> colour;
    while (i < s.size()) {
        std::size_t j = i;
        if (const auto c = colour_word(s, j)) {
            colour = c;
            ++j;
        }
        if (j >= s.size() || s[j].kind != kind) break;
        items.push_back({&s[j], colour});
        i = j + 1;
        const bool more = i < s.size() && ((s[i].kind == TokenKind::Comma && s[i].text == ",") ||
                                           word_in(s, i, {"or", "and"}));
        if (!more) break;
        std::size_t next = i + 1;
        if (colour_word(s, next)) ++next;
        if (next >= s.size() || s[next].kind != kind) break;
        ++i;
    }
    return items;
}

void read_sentence(const Sentence& s, ProseVerdicts& out) {
    // "Black continues with 'a *'": the sentence's subject is the colour of its labels.
    std::optional<go::Color> subject;
    if (colour_word(s, 0) && s.size() > 1 && s[1].kind == TokenKind::Word)
        subject = colour_word(s, 0);
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t j = i + (colour_word(s, i) ? 1 : 0);
        if (j >= s.size() || (s[j].kind != TokenKind::Label && s[j].kind != TokenKind::Number)) {
            ++i;
            continue;
        }
        const TokenKind kind = s[j].kind;
        std::size_t end = i;
        const std::vector<ListItem> items = list_at(s, end, kind);
        if (items.empty()) {
            ++i;
            continue;
        }
        std::uint16_t marks = 0;
        std::size_t next = end;
        if (const auto after_verb = verb_at(s, end)) {
            if (const auto v = verdict_at(s, *after_verb)) {
                marks = v->marks;
                next = v->end;
            }
        } else if (kind == TokenKind::Label) {
            // "'f' shows the too early sansan invasion (which is not joseki).": an aside in
            // parentheses judges what the labels show, unless another label comes first.
            for (std::size_t k = end; k + 1 < s.size(); ++k) {
                if (s[k].kind == TokenKind::Label || s[k].kind == TokenKind::Number) break;
                if (s[k].text != "(" || !word_at(s, k + 1, "which")) continue;
                if (const auto after = verb_at(s, k + 2)) {
                    if (const auto v = verdict_at(s, *after)) {
                        marks = v->marks;
                        next = v->end;
                    }
                }
                break;
            }
        }
        for (const ListItem& item : items) {
            if (kind == TokenKind::Label) {
                const auto m = static_cast<std::uint16_t>(
                    marks | (item.token->starred ? bit(Mark::Joseki) : 0));
                if (m != 0)
                    out.labels.push_back(
                        {item.token->text, item.colour ? item.colour : subject, m});
            } else if (item.colour && marks != 0) {
                out.numbered_moves.push_back({*item.colour, item.token->number, marks});
            }
        }
        i = std::max(next, i + 1);
    }
}

}  // namespace

ProseVerdicts read_prose_verdicts(std::string_view text) {
    ProseVerdicts out;
    std::vector<std::string_view> spans;
    const std::vector<Sentence> sentences = sentences_of(text, spans);
    for (std::size_t k = 0; k < sentences.size(); ++k) {
        const Sentence& s = sentences[k];
        if (conditional(s)) {
            if (out.condition.empty()) out.condition = std::string(spans[k]);
            continue;
        }
        if (locally_inferior(s)) {
            out.own = static_cast<std::uint16_t>(out.own | bit(Mark::LocallyInferior));
            continue;
        }
        if (k == 0) out.own = own_verdict(s, out.own_for);
        if (is_closer(s)) out.own = static_cast<std::uint16_t>(out.own | bit(Mark::Joseki));
        read_sentence(s, out);
    }
    return out;
}

std::string normalise_label(std::string_view label) {
    std::string out;
    for (char c : label) {
        if (c != ' ' && c != '*') out.push_back(lower_char(c));
    }
    return out;
}

}  // namespace josekic::reference
