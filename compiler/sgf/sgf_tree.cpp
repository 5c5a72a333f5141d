#include "compiler/sgf/sgf_tree.hpp"

#include <cstddef>
#include <string>
#include <utility>

namespace josekic::sgf {

const SgfProperty* SgfNode::find(std::string_view id) const {
    for (const SgfProperty& p : properties) {
        if (p.id == id) return &p;
    }
    return nullptr;
}

namespace {

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_letter(char c) { return is_upper(c) || (c >= 'a' && c <= 'z'); }

/// A cursor over the file that knows its line and column. Columns count bytes; a line
/// ends at "\n", "\r\n" or a lone "\r" (old Mac files).
class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }
    std::size_t pos() const { return pos_; }
    diag::SourceLocation location() const {
        return diag::SourceLocation{line_, static_cast<int>(pos_ - line_start_) + 1};
    }

    /// Moves one byte forward, keeping line and column right.
    void advance() {
        const char c = text_[pos_++];
        if (c == '\n' || (c == '\r' && (pos_ >= text_.size() || text_[pos_] != '\n'))) {
            ++line_;
            line_start_ = pos_;
        }
    }

    void skip_space() {
        while (pos_ < text_.size() && is_space(text_[pos_])) advance();
    }

    /// The next byte that is not white space, without moving; '\0' at the end.
    char peek_past_space() const {
        std::size_t p = pos_;
        while (p < text_.size() && is_space(text_[p])) ++p;
        return p < text_.size() ? text_[p] : '\0';
    }

    /// Reads the rest of a value after its '[': escapes resolved, soft line breaks
    /// (a backslash before a line break) removed. Returns false when the file ends first.
    bool read_value(std::string& out) {
        const std::size_t start = pos_;
        // Fast path: most values (moves, names) have no backslash, so they are copied
        // once; line counting still has to look at every byte.
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == ']') {
                out.assign(text_.data() + start, pos_ - start);
                advance();
                return true;
            }
            if (c == '\\') break;
            advance();
        }
        out.assign(text_.data() + start, pos_ - start);
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == ']') {
                advance();
                return true;
            }
            advance();
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (pos_ >= text_.size()) break;
            const char escaped = text_[pos_];
            advance();
            if (escaped == '\n' || escaped == '\r') {
                // Soft line break; "\r\n" and "\n\r" are one break.
                if (pos_ < text_.size()) {
                    const char next = text_[pos_];
                    if ((next == '\n' || next == '\r') && next != escaped) advance();
                }
                continue;
            }
            out.push_back(escaped);
        }
        return false;
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
};

/// Whether the tree being parsed starts at its '(' or, in a damaged file, at its first ';'.
enum class OpenParen { Present, Missing };

/// True when `s` stands on a ';' that starts a node: a property identifier and its '['
/// follow. Prose that merely contains a ';' ("; saved by ...") does not qualify.
bool starts_node(Scanner s) {
    if (s.at_end() || s.peek() != ';') return false;
    s.advance();
    s.skip_space();
    if (s.at_end() || !is_letter(s.peek())) return false;
    while (!s.at_end() && is_letter(s.peek())) s.advance();
    return s.peek_past_space() == '[';
}

/// Parses one game tree starting at its '(' (or at its first ';' when the '(' is missing).
/// The explicit stack holds, for every open '(', the node its first node hangs from, so
/// nesting depth costs heap, not stack.
class TreeParser {
public:
    TreeParser(Scanner& s, std::string_view path, diag::DiagnosticSink& sink) : s_(s), path_(path), sink_(sink) {}

    /// Returns false when the tree held no node (and so is dropped).
    bool parse(SgfTree& tree, OpenParen open_paren) {
        tree.where = s_.location();
        if (open_paren == OpenParen::Present) s_.advance();  // '('
        std::vector<SgfNodeId> open;  // parent of each open variation's first node
        SgfNodeId last = kNoSgfNode;   // last node of the current sequence
        std::vector<SgfNodeId> last_child;
        open.push_back(kNoSgfNode);
        bool junk_reported = false;
        while (true) {
            s_.skip_space();
            if (s_.at_end()) {
                if (!value_cut_) {
                    sink_.warning(path_, s_.location(), "missing-close-paren",
                                  "game tree opened at " + std::to_string(tree.where.line) + ":" +
                                      std::to_string(tree.where.column) + " is not closed at end of file; "
                                      "read up to here");
                }
                break;
            }
            const char c = s_.peek();
            if (c == ';') {
                const SgfNodeId id = static_cast<SgfNodeId>(tree.nodes.size());
                SgfNode& node = tree.nodes.emplace_back();
                last_child.push_back(kNoSgfNode);
                node.where = s_.location();
                node.parent = last;
                if (last != kNoSgfNode) {
                    if (last_child[last] == kNoSgfNode) tree.nodes[last].first_child = id;
                    else tree.nodes[last_child[last]].next_sibling = id;
                    last_child[last] = id;
                } else if (id != 0) {
                    sink_.warning(path_, node.where, "detached-node",
                                  "a variation opens before any node; its nodes are not part of the game");
                }
                last = id;
                s_.advance();
                parse_properties(tree.nodes[id]);
                junk_reported = false;
            } else if (c == '(') {
                open.push_back(last);
                s_.advance();
                junk_reported = false;
            } else if (c == ')') {
                s_.advance();
                last = open.back();
                open.pop_back();
                if (open.empty()) break;
                junk_reported = false;
            } else {
                if (!junk_reported && (!is_letter(c) || last == kNoSgfNode)) {
                    sink_.warning(path_, s_.location(), "unexpected-character",
                                  std::string("unexpected '") + printable(c) + "' between nodes; skipped");
                    junk_reported = true;
                }
                if (is_letter(c)) {
                    // Properties after junk in a node still belong to it; before any node
                    // they are read and dropped whole, so that a ']' or '(' inside their
                    // values does not derail the tree.
                    SgfNode scratch;
                    parse_properties(last != kNoSgfNode ? tree.nodes[last] : scratch);
                } else {
                    s_.advance();
                }
            }
        }
        return !tree.nodes.empty();
    }

private:
    static std::string printable(char c) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) return std::string(1, c);
        static constexpr char hex[] = "0123456789ABCDEF";
        return std::string("\\x") + hex[u >> 4] + hex[u & 15];
    }

    void parse_properties(SgfNode& node) {
        while (true) {
            s_.skip_space();
            if (s_.at_end() || !is_letter(s_.peek())) return;
            const diag::SourceLocation where = s_.location();
            // Old FF[1]/FF[3] files spell identifiers long and mixed-case ("AddBlack"):
            // the capitals alone are the identifier.
            std::string id;
            std::size_t length = 0;
            while (!s_.at_end() && is_letter(s_.peek())) {
                if (is_upper(s_.peek())) id.push_back(s_.peek());
                ++length;
                s_.advance();
            }
            if (s_.peek_past_space() != '[') {
                sink_.warning(path_, where, "property-without-value",
                              "property '" + (id.empty() ? std::string("?") : id) + "' has no value; ignored");
                continue;
            }
            SgfProperty prop;
            prop.where = where;
            while (s_.peek_past_space() == '[') {
                s_.skip_space();
                s_.advance();
                prop.value_at.push_back(s_.location());
                std::string& value = prop.values.emplace_back();
                if (!s_.read_value(value)) {
                    sink_.error(path_, prop.value_at.back(), "unterminated-value",
                                "value is not closed before end of file (truncated file?); kept as far as it goes");
                    value_cut_ = true;
                    break;
                }
            }
            if (id.empty()) {
                sink_.warning(path_, where, "bad-property-id",
                              "property identifier of " + std::to_string(length) + " letters has no capital; ignored");
                continue;
            }
            prop.id = std::move(id);
            node.properties.push_back(std::move(prop));
        }
    }

    Scanner& s_;
    std::string_view path_;
    diag::DiagnosticSink& sink_;
    bool value_cut_ = false;
};

}  // namespace

std::vector<SgfTree> parse_collection(std::string_view bytes, std::string_view path, diag::DiagnosticSink& sink) {
    std::vector<SgfTree> trees;
    Scanner s(bytes);
    bool reported_text = false;
    bool reported_stray = false;
    diag::SourceLocation first_text;
    s.skip_space();
    if (starts_node(s)) {
        // Some Fox files lost only their first '(' (";GM[1]FF[4]...;B[pd]...)"): the rest,
        // variations and final ')' included, is a well-formed tree, so it is read as one.
        SgfTree tree;
        sink.warning(path, s.location(), "missing-open-paren",
                     "the game tree does not start with '('; read as if it did");
        if (TreeParser(s, path, sink).parse(tree, OpenParen::Missing)) {
            trees.push_back(std::move(tree));
        }
    }
    while (true) {
        s.skip_space();
        if (s.at_end()) break;
        const char c = s.peek();
        if (c == '(') {
            // A '(' starts a game tree only when a node or variation follows; prose before
            // the first tree ("see (below)") is skipped as text.
            Scanner probe = s;
            probe.advance();
            const char next = probe.peek_past_space();
            if (next == ';' || next == '(') {
                SgfTree tree;
                const diag::SourceLocation where = s.location();
                if (TreeParser(s, path, sink).parse(tree, OpenParen::Present)) {
                    trees.push_back(std::move(tree));
                } else {
                    sink.warning(path, where, "empty-game-tree", "game tree without any node; skipped");
                }
                continue;
            }
            if (next == ')') {
                sink.warning(path, s.location(), "empty-game-tree", "game tree without any node; skipped");
                s.advance();
                s.skip_space();
                s.advance();
                continue;
            }
        }
        if (c == ')' && !trees.empty()) {
            if (!reported_stray) {
                sink.warning(path, s.location(), "stray-close-paren", "')' outside any game tree; ignored");
                reported_stray = true;
            }
            s.advance();
            continue;
        }
        if (!reported_text) {
            first_text = s.location();
            reported_text = true;
        }
        s.advance();
    }
    if (reported_text) {
        if (trees.empty()) {
            sink.error(path, first_text, "no-game-tree",
                       "no SGF game tree in this file (it does not start with '('); skipped");
        } else {
            sink.warning(path, first_text, "text-outside-game", "text outside the game trees; ignored");
        }
    } else if (trees.empty() && !reported_stray) {
        sink.warning(path, diag::SourceLocation{1, 1}, "empty-file", "file is empty or white space only");
    }
    return trees;
}

}  // namespace josekic::sgf
