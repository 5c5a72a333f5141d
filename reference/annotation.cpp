#include "reference/annotation.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <utility>
#include <vector>

namespace josekic::reference {

namespace {

constexpr std::size_t kMaxTextBytes = 80;

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0)
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0)
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find_first_of("\r\n");
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Cuts between words where a space comes near the end ("with a s…" reads as a typo), else
// at a UTF-8 character boundary, so the short text stays valid UTF-8.
std::string shorten(std::string_view s) {
    if (s.size() <= kMaxTextBytes) return std::string(s);
    std::size_t cut = kMaxTextBytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0u) == 0x80u) --cut;
    const std::size_t space = s.substr(0, cut + 1).rfind(' ');
    if (space != std::string_view::npos && space > cut / 2) cut = space;
    while (cut > 0 && s[cut - 1] == ' ') --cut;
    return std::string(s.substr(0, cut)) + "\u2026";
}

// Whether `line` ends a sentence (or a parenthesis, a quotation): text after it is not its
// continuation.
bool ends_sentence(std::string_view line) {
    return !line.empty() &&
           std::string_view(".!?:;)\"'").find(line.back()) != std::string_view::npos;
}

// Pachi's first comment line holds only tags such as <don't>; returns false (and leaves
// `annotation` alone) when the line has anything else.
bool read_pachi_tags(std::string_view line, NodeAnnotation& annotation) {
    NodeAnnotation found;
    bool any = false;
    std::string_view rest = trim(line);
    while (!rest.empty()) {
        if (rest.front() != '<') return false;
        const std::size_t close = rest.find('>');
        if (close == std::string_view::npos) return false;
        const std::string tag = lower(rest.substr(1, close - 1));
        if (tag == "don't" || tag == "dont" || tag == "avoid") {
            found.add(Mark::Avoided);
        } else if (tag == "bad") {
            found.add(Mark::Mistake);
        } else if (tag == "later" || tag == "tenuki") {
            found.add(Mark::AfterTenuki);
        } else if (tag != "3x3") {
            return false;
        }
        any = true;
        rest = trim(rest.substr(close + 1));
    }
    if (any) annotation.merge(found);
    return any;
}

// GNU Go's class letter, which GNU Go itself reads only on moves with a square mark.
bool read_gnugo_class(std::string_view line, NodeAnnotation& annotation, bool applies) {
    const std::string_view t = trim(line);
    if (t.size() != 1) return false;
    switch (t.front()) {
        case 'U':
        case 'u':
            if (applies) annotation.add(Mark::Urgent);
            return true;
        case 'J':
        case 'S':
            if (applies) annotation.add(Mark::Good);
            return true;
        case 'j':
        case 's':
            if (applies) annotation.add(Mark::Minor);
            return true;
        case 'T':
            if (applies) annotation.add(Mark::Trick);
            return true;
        case 't':
            if (applies) annotation.add(Mark::TenukiOk);
            return true;
        case '0':
        case 'a':
        case 'A':
            // Antisuji: GNU Go never plays the move (it knows the answers when others do),
            // as Pachi's <don't>; its reason, when it has one, is in the text that follows.
            if (applies) annotation.add(Mark::Avoided);
            return true;
        default:
            return false;
    }
}

// Pachi's josekifix comments hold "[override]" sections of "key = value" lines. They are
// settings, not text, except the fix's name.
std::optional<std::pair<std::string_view, std::string_view>> pachi_setting(std::string_view line) {
    if (line.front() == '[' && line.back() == ']')
        return std::pair{std::string_view("section"), std::string_view{}};
    const std::size_t eq = line.find(" = ");
    if (eq == std::string_view::npos) return std::nullopt;
    const std::string_view key = line.substr(0, eq);
    for (char c : key) {
        if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_') return std::nullopt;
    }
    std::string_view value = trim(line.substr(eq + 3));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        value = value.substr(1, value.size() - 2);
    return std::pair{key, value};
}

// The point of each LB label, keyed by normalise_label of its text.
std::vector<std::pair<std::string, go::Point>> labels_of(const sgf::SgfNode& node) {
    std::vector<std::pair<std::string, go::Point>> labels;
    const sgf::SgfProperty* lb = node.find("LB");
    if (lb == nullptr) return labels;
    for (std::string_view value : lb->values) {
        const std::size_t colon = value.find(':');
        if (colon == std::string_view::npos) continue;
        const std::optional<go::Point> point = go::point_from_sgf(value.substr(0, colon));
        if (point) labels.emplace_back(normalise_label(value.substr(colon + 1)), *point);
    }
    return labels;
}

}  // namespace

void NodeAnnotation::merge(const NodeAnnotation& other) {
    marks = static_cast<std::uint16_t>(marks | other.marks);
    if (text.empty()) text = other.text;
    if (note.empty()) note = other.note;
}

void NodeAnnotation::swap_colours() {
    const bool black = has(Mark::GoodForBlack);
    const bool white = has(Mark::GoodForWhite);
    constexpr auto both =
        static_cast<std::uint16_t>(static_cast<std::uint16_t>(Mark::GoodForBlack) |
                                   static_cast<std::uint16_t>(Mark::GoodForWhite));
    marks = static_cast<std::uint16_t>(marks & ~both);
    if (black) add(Mark::GoodForWhite);
    if (white) add(Mark::GoodForBlack);
}

namespace {

// The prose's own verdict on the move of `node`. A verdict that names a side judges the move
// of that side ("#bad for white" on White's move, GNU Go's books): a mistake. Of the other
// side it is the result for that side, as GB and GW say it: after White's move, "Bad for
// black" praises it, "good for black" blames it.
std::uint16_t side_verdict(const sgf::SgfNode& node, const ProseVerdicts& prose) {
    if (!prose.own_for) return prose.own;
    const bool black_moved = node.find("B") != nullptr;
    const bool white_moved = node.find("W") != nullptr;
    if (black_moved == white_moved) return prose.own;
    const go::Color mover = black_moved ? go::Color::Black : go::Color::White;
    if (*prose.own_for == mover) return prose.own;
    constexpr std::uint16_t kGood = bit(Mark::Good) | bit(Mark::Joseki);
    constexpr std::uint16_t kBad = bit(Mark::Mistake) | bit(Mark::Doubtful);
    if ((prose.own & (kGood | kBad)) == 0) return prose.own;
    const go::Color favoured =
        (prose.own & kGood) != 0 ? *prose.own_for : go::opponent(*prose.own_for);
    return bit(favoured == go::Color::Black ? Mark::GoodForBlack : Mark::GoodForWhite);
}

}  // namespace

NodeVerdicts verdicts_of(const sgf::SgfNode& node, std::string_view comment) {
    NodeVerdicts verdicts;
    NodeAnnotation& a = verdicts.own;
    if (node.find("BM") != nullptr) a.add(Mark::Mistake);
    if (node.find("TE") != nullptr) a.add(Mark::Good);
    if (node.find("DO") != nullptr) a.add(Mark::Doubtful);
    if (node.find("IT") != nullptr) a.add(Mark::Interesting);
    if (node.find("GB") != nullptr) a.add(Mark::GoodForBlack);
    if (node.find("GW") != nullptr) a.add(Mark::GoodForWhite);
    const bool square_marked = node.find("MA") != nullptr || node.find("SQ") != nullptr;

    std::vector<std::string_view> lines = split_lines(comment);
    std::size_t first = 0;
    if (!lines.empty() &&
        (read_pachi_tags(lines[0], a) || read_gnugo_class(lines[0], a, square_marked)))
        first = 1;

    std::string people_text;  // every line meant for people, for the word conventions
    std::string first_text;   // the first of them, with the lines that end its sentence
    // GNU Go's '#' text is wrapped at the file's width: a line that stops mid-sentence goes
    // on in the next line that has no '#' of its own.
    bool first_text_open = false;
    for (std::size_t i = first; i < lines.size(); ++i) {
        std::string_view line = trim(lines[i]);
        if (line.empty() || line.front() == ':' || line.front() == ';' || line.front() == '>') {
            first_text_open = false;
            continue;
        }
        const bool hashed = line.front() == '#';
        while (!line.empty() && line.front() == '#') line = trim(line.substr(1));
        if (line.empty()) continue;
        if (const auto setting = pachi_setting(line)) {
            if (setting->first != "name") continue;
            line = setting->second;
        }
        if (first_text.empty()) {
            first_text = line;
            first_text_open = hashed && !ends_sentence(line);
        } else if (first_text_open && !hashed) {
            first_text.append(" ").append(line);
            first_text_open = !ends_sentence(line);
        } else {
            first_text_open = false;
        }
        people_text.append(line);
        people_text.push_back('\n');
    }
    if (a.text.empty()) a.text = shorten(first_text);
    ProseVerdicts prose = read_prose_verdicts(people_text);
    a.marks = static_cast<std::uint16_t>(a.marks | side_verdict(node, prose));
    verdicts.numbered_moves = std::move(prose.numbered_moves);
    verdicts.condition = shorten(prose.condition);
    const auto labels = labels_of(node);
    for (const LabelVerdict& v : prose.labels) {
        const auto it = std::find_if(labels.begin(), labels.end(),
                                     [&v](const auto& l) { return l.first == v.label; });
        // A letter the node does not put on the board points nowhere.
        if (it != labels.end()) verdicts.continuations.push_back({it->second, v.colour, v.marks});
    }
    return verdicts;
}

std::string describe_marks(std::uint16_t marks) {
    static constexpr std::array<std::pair<Mark, std::string_view>, 15> kWords = {{
        {Mark::Mistake, "mistake"},
        {Mark::NotJoseki, "not joseki"},
        {Mark::LocallyInferior, "locally inferior"},
        {Mark::Doubtful, "doubtful"},
        {Mark::Trick, "trick"},
        {Mark::Avoided, "avoided"},
        {Mark::Joseki, "joseki"},
        {Mark::Good, "good"},
        {Mark::Urgent, "urgent"},
        {Mark::Minor, "minor"},
        {Mark::Interesting, "interesting"},
        {Mark::TenukiOk, "tenuki is fine next"},
        {Mark::AfterTenuki, "after a tenuki"},
        {Mark::GoodForBlack, "good for Black"},
        {Mark::GoodForWhite, "good for White"},
    }};
    std::string out;
    for (const auto& [mark, word] : kWords) {
        if ((marks & static_cast<std::uint16_t>(mark)) == 0) continue;
        if (!out.empty()) out += ", ";
        out += word;
    }
    return out;
}

std::string describe(const NodeAnnotation& annotation) {
    std::string out = describe_marks(annotation.marks);
    if (!annotation.text.empty()) {
        if (!out.empty()) out += ": ";
        out += "\u201c" + annotation.text + "\u201d";
    }
    if (!annotation.note.empty()) {
        if (!out.empty()) out += ' ';
        out += "(" + annotation.note + ")";
    }
    return out;
}

}  // namespace josekic::reference
