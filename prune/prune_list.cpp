#include "prune/prune_list.hpp"

#include <cctype>

#include "prune/move_text.hpp"

namespace josekic::prune {
namespace {

// Keywords are matched without regard to case so that "Keep" or "Tenuki" typed in an
// editor still work; coordinates stay lower-case, as SGF writes them.
bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// One word of an entry and the 0-based offset of its first byte in the line.
struct Token {
    std::string_view text;
    std::size_t at = 0;
};

struct SyntaxError {
    std::size_t at = 0;
    std::string message;
};

/// Splits a line (comment already cut off) into words. "B[pc]W[qe]" is two words even
/// without a blank between them, because ']' closes a coloured move.
std::optional<SyntaxError> tokenize(std::string_view line, std::vector<Token>& tokens) {
    std::size_t i = 0;
    while (i < line.size()) {
        if (is_blank(line[i])) {
            ++i;
            continue;
        }
        const std::size_t start = i;
        if ((line[i] == 'B' || line[i] == 'W') && i + 1 < line.size() && line[i + 1] == '[') {
            const std::size_t close = line.find(']', i);
            if (close == std::string_view::npos)
                return SyntaxError{start, "missing ']' after the move"};
            i = close + 1;
        } else {
            while (i < line.size() && !is_blank(line[i])) {
                if (line[i] == '[' && i == start + 1 && (line[start] == 'b' || line[start] == 'w'))
                    return SyntaxError{start, "a colour is B or W, in upper case as SGF writes it"};
                if (line[i] == '[' || line[i] == ']')
                    return SyntaxError{i, std::string("unexpected '") + line[i] + "'"};
                ++i;
            }
        }
        tokens.push_back(Token{line.substr(start, i - start), start});
    }
    return std::nullopt;
}

/// A move word: its point (or pass) and its colour if written.
struct ParsedMove {
    std::optional<go::Point> point;
    std::optional<go::Color> color;
};

std::optional<ParsedMove> parse_move_word(const Token& token, SyntaxError& error) {
    std::string_view word = token.text;
    std::size_t value_at = token.at;
    ParsedMove move;
    if (word.size() >= 3 && (word[0] == 'B' || word[0] == 'W') && word[1] == '[' &&
        word.back() == ']') {
        move.color = word[0] == 'B' ? go::Color::Black : go::Color::White;
        word = word.substr(2, word.size() - 3);
        value_at += 2;
    }
    // Coordinates must be written as SGF writes them (lower case); only the pass words are
    // case-free.
    const bool is_pass_word =
        equals_ignoring_case(word, "tenuki") || equals_ignoring_case(word, "pass");
    const auto point = parse_move_point(is_pass_word ? std::string_view("pass") : word);
    if (!point) {
        error = SyntaxError{value_at,
                            "'" + std::string(word) +
                                "' is not a move (two SGF letters a..s, or tenuki, pass, tt)"};
        return std::nullopt;
    }
    move.point = *point;
    return move;
}

/// Parses one line; nullopt with no error for a blank or comment-only line.
std::optional<PruneEntry> parse_line(std::string_view raw, int line_number,
                                     std::optional<SyntaxError>& error) {
    std::string_view line = raw.substr(0, raw.find('#'));
    std::vector<Token> tokens;
    if (auto failed = tokenize(line, tokens)) {
        error = std::move(failed);
        return std::nullopt;
    }
    if (tokens.empty()) return std::nullopt;

    PruneEntry entry;
    std::size_t next = 0;
    const std::size_t first_at = tokens.front().at;
    // The scope may be its own word ("joseki: pc") or glued to the first move ("joseki:pc").
    for (const auto& [word, scope] : {std::pair{std::string_view("joseki:"), Scope::Joseki},
                                      std::pair{std::string_view("fuseki:"), Scope::Fuseki}}) {
        Token& head = tokens.front();
        if (head.text.size() >= word.size() &&
            equals_ignoring_case(head.text.substr(0, word.size()), word)) {
            entry.scope = scope;
            if (head.text.size() == word.size()) {
                next = 1;
            } else {
                head.text.remove_prefix(word.size());
                head.at += word.size();
            }
        }
    }
    if (next < tokens.size() && equals_ignoring_case(tokens[next].text, "keep")) {
        entry.action = EntryAction::Keep;
        ++next;
    } else if (next < tokens.size() && equals_ignoring_case(tokens[next].text, "remove")) {
        ++next;
    }

    go::Color colour = go::Color::Black;
    std::optional<std::size_t> stars_at;
    for (; next < tokens.size(); ++next) {
        const Token& token = tokens[next];
        if (token.text.find(':') != std::string_view::npos) {
            error = SyntaxError{
                token.at, "'" + std::string(token.text) +
                              "': not a move; the only scopes are joseki: and fuseki:, first on "
                              "the line"};
            return std::nullopt;
        }
        if (token.text == "**") {
            if (stars_at) {
                error = SyntaxError{token.at, "only one '**' is allowed in an entry"};
                return std::nullopt;
            }
            stars_at = token.at;
            continue;
        }
        if (equals_ignoring_case(token.text, "keep") ||
            equals_ignoring_case(token.text, "remove")) {
            error = SyntaxError{token.at,
                                "'" + std::string(token.text) + "' must come before the moves"};
            return std::nullopt;
        }
        SyntaxError move_error;
        const auto move = parse_move_word(token, move_error);
        if (!move) {
            error = std::move(move_error);
            return std::nullopt;
        }
        if (stars_at) {
            if (entry.anywhere) {
                error = SyntaxError{token.at, "exactly one move may follow '**'"};
                return std::nullopt;
            }
            entry.anywhere = MovePattern{move->point, move->color};
            continue;
        }
        if (move->color) colour = *move->color;
        entry.path.push_back(go::Move{colour, move->point});
        entry.path_columns.push_back(static_cast<int>(token.at) + 1);
        colour = go::opponent(colour);
    }
    if (stars_at && !entry.anywhere) {
        error = SyntaxError{*stars_at, "'**' must be followed by a move"};
        return std::nullopt;
    }
    entry.where = diag::SourceLocation{line_number, static_cast<int>(first_at) + 1};
    std::string_view text = line.substr(first_at);
    while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    entry.text = std::string(text);
    if (entry.path.empty() && !entry.anywhere) {
        error =
            SyntaxError{first_at,
                        "refused: an entry must name at least one move (it would match the root, "
                        "the whole dictionary)"};
        return std::nullopt;
    }
    return entry;
}

}  // namespace

std::optional<PruneList> parse_prune_list(std::string_view text, std::string_view path,
                                          diag::DiagnosticSink& sink) {
    PruneList list;
    list.path = std::string(path);
    bool failed = false;
    int line_number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string_view raw = text.substr(
            start, end == std::string_view::npos ? std::string_view::npos : end - start);
        ++line_number;
        std::optional<SyntaxError> error;
        // A UTF-8 byte order mark (Windows editors write one) counts as blanks, so columns
        // still count bytes of the file.
        std::string without_bom;
        if (line_number == 1 && raw.starts_with("\xEF\xBB\xBF")) {
            without_bom = "   ";
            without_bom += raw.substr(3);
        }
        auto entry = parse_line(without_bom.empty() ? raw : std::string_view(without_bom),
                                line_number, error);
        if (error) {
            failed = true;
            const bool root = error->message.starts_with("refused");
            sink.error(path, diag::SourceLocation{line_number, static_cast<int>(error->at) + 1},
                       root ? diag::Code::PruneRoot : diag::Code::PruneSyntax,
                       std::move(error->message));
        } else if (entry) {
            list.entries.push_back(std::move(*entry));
        }
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    if (failed) return std::nullopt;
    return list;
}

}  // namespace josekic::prune
