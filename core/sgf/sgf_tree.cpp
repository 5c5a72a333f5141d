#include "core/sgf/sgf_tree.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include "core/sgf/sgf_scanner.hpp"

namespace josekic::sgf {

const SgfProperty* SgfNode::find(std::string_view id) const {
    // Identifiers are one or two letters: comparing them in place beats a call to memcmp
    // for each property of a root node.
    for (const SgfProperty& p : properties) {
        if (p.id.size() != id.size()) continue;
        std::size_t i = 0;
        while (i < id.size() && p.id[i] == id[i]) ++i;
        if (i == id.size()) return &p;
    }
    return nullptr;
}

namespace {

/// A node while its tree is parsed: its properties by index, and its last child so far
/// (to append the next sibling in constant time).
struct NodeDraft {
    diag::SourceLocation where;
    SgfNodeId parent = kNoSgfNode;
    SgfNodeId first_child = kNoSgfNode;
    SgfNodeId next_sibling = kNoSgfNode;
    SgfNodeId last_child = kNoSgfNode;
    std::uint32_t first_property = 0;
    std::uint32_t property_count = 0;
};

/// A value and where it starts.
struct ValueDraft {
    std::string_view text;
    diag::SourceLocation where;
};

/// The arrays of the tree being parsed, while they still grow. One set serves every tree
/// of a file, so that they grow to the largest tree once instead of for every tree.
struct ParseScratch {
    std::vector<NodeDraft> nodes;
    std::vector<PropertyDraft> properties;
    std::vector<ValueDraft> values;

    /// Room for a file of `bytes` bytes: a node takes at least 4 (";B[]"), a value 2
    /// ("[]"); the guess is capped so that a huge collection grows as it goes.
    explicit ParseScratch(std::size_t bytes) {
        const std::size_t guess = std::min<std::size_t>(bytes / 6 + 16, 1 << 16);
        nodes.reserve(guess);
        properties.reserve(guess);
        values.reserve(guess);
    }

    void clear() {
        nodes.clear();
        properties.clear();
        values.clear();
    }
};

}  // namespace

/// Builds one SgfTree. While the parser reads, nodes and properties know their parts of
/// the next array by index into the scratch arrays; finish() copies the arrays into the
/// one block the tree owns and turns the indices into spans. Text that is not a slice of
/// the file (unescaped values, identifiers spelled in mixed case) goes into blocks the
/// tree owns, which never move.
class TreeBuilder {
  public:
    TreeBuilder(SgfTree& tree, ParseScratch& scratch) : tree_(tree), s_(scratch) { s_.clear(); }

    std::size_t node_count() const { return s_.nodes.size(); }

    /// Appends a node hanging from `parent` (kNoSgfNode for a root or a detached node)
    /// as its last child; its properties start at the end of the array.
    SgfNodeId add_node(diag::SourceLocation where, SgfNodeId parent) {
        const auto id = static_cast<SgfNodeId>(s_.nodes.size());
        NodeDraft node;
        node.where = where;
        node.parent = parent;
        node.first_property = static_cast<std::uint32_t>(s_.properties.size());
        s_.nodes.push_back(node);
        if (parent != kNoSgfNode) {
            NodeDraft& p = s_.nodes[parent];
            if (p.last_child == kNoSgfNode)
                p.first_child = id;
            else
                s_.nodes[p.last_child].next_sibling = id;
            p.last_child = id;
        }
        return id;
    }

    /// Makes `node`'s properties the last ones of the array, so that add_property() can
    /// append to them. Only a damaged file (properties after junk, back in a node that
    /// variations followed) needs its earlier properties moved to the end.
    void open_node(SgfNodeId node) {
        NodeDraft& n = s_.nodes[node];
        const auto end = static_cast<std::uint32_t>(s_.properties.size());
        if (n.first_property + n.property_count == end) return;
        if (n.property_count == 0) {
            n.first_property = end;
            return;
        }
        for (std::uint32_t i = 0; i < n.property_count; ++i) {
            const PropertyDraft moved = s_.properties[n.first_property + i];
            s_.properties.push_back(moved);
        }
        n.first_property = end;
    }

    std::uint32_t value_count() const { return static_cast<std::uint32_t>(s_.values.size()); }

    void add_value(std::string_view text, diag::SourceLocation where) {
        s_.values.push_back(ValueDraft{text, where});
    }

    /// Forgets the values from index `first` on (those of a property that is dropped).
    void drop_values(std::uint32_t first) { s_.values.resize(first); }

    /// Adds a property to `node` (opened last) with the values from `first_value` on.
    void add_property(SgfNodeId node, std::string_view id, diag::SourceLocation where,
                      std::uint32_t first_value) {
        s_.properties.push_back(PropertyDraft{id, where, first_value, value_count() - first_value});
        ++s_.nodes[node].property_count;
    }

    /// A copy of `text` in storage the tree owns.
    std::string_view keep(std::string_view text) {
        if (text.size() > block_left_) {
            // Blocks of at least 4 KiB: values needing a copy are rare, and a tree that
            // has some usually has a few.
            const std::size_t size = std::max<std::size_t>(text.size(), 4096);
            tree_.owned_text_.push_back(std::make_unique_for_overwrite<char[]>(size));
            block_next_ = tree_.owned_text_.back().get();
            block_left_ = size;
        }
        char* const copy = block_next_;
        if (!text.empty()) std::memcpy(copy, text.data(), text.size());
        block_next_ += text.size();
        block_left_ -= text.size();
        return {copy, text.size()};
    }

    /// Copies the arrays into the tree's block (one allocation for the whole tree) and
    /// points every node and property at its part of them.
    void finish() {
        const std::size_t n = s_.nodes.size();
        const std::size_t p = s_.properties.size();
        const std::size_t v = s_.values.size();
        if (n == 0) return;
        // Properties and values first: their alignment is the largest, and every size is
        // a multiple of the next array's alignment.
        static_assert(alignof(SgfProperty) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
        static_assert(sizeof(SgfProperty) % alignof(std::string_view) == 0);
        static_assert(sizeof(std::string_view) % alignof(SgfNode) == 0);
        static_assert(sizeof(SgfNode) % alignof(diag::SourceLocation) == 0);
        const std::size_t property_bytes = p * sizeof(SgfProperty);
        const std::size_t value_bytes = v * sizeof(std::string_view);
        const std::size_t node_bytes = n * sizeof(SgfNode);
        tree_.arrays_ = std::make_unique_for_overwrite<std::byte[]>(
            property_bytes + value_bytes + node_bytes + v * sizeof(diag::SourceLocation));
        std::byte* const block = tree_.arrays_.get();
        auto* const properties = reinterpret_cast<SgfProperty*>(block);
        auto* const values = reinterpret_cast<std::string_view*>(block + property_bytes);
        auto* const nodes = reinterpret_cast<SgfNode*>(block + property_bytes + value_bytes);
        auto* const value_at = reinterpret_cast<diag::SourceLocation*>(block + property_bytes +
                                                                       value_bytes + node_bytes);
        for (std::size_t i = 0; i < v; ++i) {
            new (values + i) std::string_view(s_.values[i].text);
            new (value_at + i) diag::SourceLocation(s_.values[i].where);
        }
        for (std::size_t i = 0; i < p; ++i) {
            const PropertyDraft& d = s_.properties[i];
            new (properties + i)
                SgfProperty{d.id, std::span(values + d.first_value, d.value_count), d.where,
                            std::span(value_at + d.first_value, d.value_count)};
        }
        for (std::size_t i = 0; i < n; ++i) {
            const NodeDraft& d = s_.nodes[i];
            new (nodes + i) SgfNode{std::span(properties + d.first_property, d.property_count),
                                    d.where, d.parent, d.first_child, d.next_sibling};
        }
        tree_.nodes = std::span(nodes, n);
    }

  private:
    SgfTree& tree_;
    ParseScratch& s_;
    char* block_next_ = nullptr;
    std::size_t block_left_ = 0;
};

namespace {

/// Whether the tree being parsed starts at its '(' or, in a damaged file, at its first ';'.
enum class OpenParen { Present, Missing };

/// True when `s` stands on a ';' that starts a node: a property identifier and its '['
/// follow. Prose that merely contains a ';' ("; saved by ...") does not qualify.
bool starts_node(Scanner s) {
    if (s.at_end() || s.peek() != ';') return false;
    s.advance();
    s.skip_space();
    if (s.at_end() || !is_letter(s.peek())) return false;
    s.letters();
    return s.peek_past_space() == '[';
}

/// True when `s` stands on a property identifier followed by its '[': a node's properties
/// written without the ';' that should open the node (Nihon Kiin's files: "(\r\nTE[...]").
bool starts_properties(Scanner s) {
    if (s.at_end() || !is_letter(s.peek())) return false;
    s.letters();
    return s.peek_past_space() == '[';
}

/// Parses one game tree starting at its '(' (or at its first ';' when the '(' is missing).
/// The explicit stack holds, for every open '(', the node its first node hangs from, so
/// nesting depth costs heap, not stack.
class TreeParser {
  public:
    TreeParser(Scanner& s, ParseScratch& scratch, std::string_view path, diag::DiagnosticSink& sink)
        : outer_(s), s_(s), scratch_(scratch), path_(path), sink_(sink) {}

    /// Returns false when the tree held no node (and so is dropped).
    bool parse(SgfTree& tree, OpenParen open_paren) {
        TreeBuilder builder(tree, scratch_);
        tree.where = s_.location();
        if (open_paren == OpenParen::Present) s_.advance();  // '('
        std::vector<SgfNodeId> open;  // parent of each open variation's first node
        SgfNodeId last = kNoSgfNode;  // last node of the current sequence
        open.push_back(kNoSgfNode);
        bool junk_reported = false;
        while (true) {
            s_.skip_space();
            if (s_.at_end()) {
                if (!value_cut_) {
                    sink_.warning(path_, s_.location(), diag::Code::MissingCloseParen,
                                  "game tree opened at " + std::to_string(tree.where.line) + ":" +
                                      std::to_string(tree.where.column) +
                                      " is not closed at end of file; "
                                      "read up to here");
                }
                break;
            }
            const char c = s_.peek();
            if (c == ';') {
                const diag::SourceLocation where = s_.location();
                if (last == kNoSgfNode && builder.node_count() != 0) {
                    sink_.warning(
                        path_, where, diag::Code::DetachedNode,
                        "a variation opens before any node; its nodes are not part of the game");
                }
                last = builder.add_node(where, last);
                s_.step();
                // The common node needs neither the general loop nor its call.
                if (lone_move(builder, last) != LoneMove::NodeEnds) parse_properties(builder, last);
                junk_reported = false;
            } else if (c == '(') {
                if (builder.node_count() != 0 && starts_another_game(s_)) {
                    sink_.warning(path_, s_.location(), diag::Code::MissingCloseParen,
                                  "game tree opened at " + std::to_string(tree.where.line) + ":" +
                                      std::to_string(tree.where.column) +
                                      " is not closed before the next game starts here; read "
                                      "up to here");
                    break;  // the '(' is the next tree's
                }
                open.push_back(last);
                s_.advance();
                junk_reported = false;
            } else if (c == ')') {
                s_.advance();
                last = open.back();
                open.pop_back();
                if (open.empty()) break;
                junk_reported = false;
            } else if (builder.node_count() == 0 && open.size() == 1 && starts_properties(s_)) {
                // The tree's first node written without its ';': read as if it had one.
                sink_.warning(path_, s_.location(), diag::Code::MissingSemicolon,
                              "the game tree's first node does not start with ';'; read as if "
                              "it did");
                last = builder.add_node(s_.location(), last);
                parse_properties(builder, last);
                junk_reported = false;
            } else {
                if (!junk_reported && (!is_letter(c) || last == kNoSgfNode)) {
                    sink_.warning(
                        path_, s_.location(), diag::Code::UnexpectedCharacter,
                        std::string("unexpected '") + printable(c) + "' between nodes; skipped");
                    junk_reported = true;
                }
                if (is_letter(c)) {
                    // Properties after junk in a node still belong to it; before any node
                    // they are read and dropped whole, so that a ']' or '(' inside their
                    // values does not derail the tree.
                    if (last != kNoSgfNode) builder.open_node(last);
                    parse_properties(builder, last);
                } else {
                    s_.advance();
                }
            }
        }
        builder.finish();
        outer_ = s_;
        return !tree.nodes.empty();
    }

  private:
    static std::string printable(char c) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) return std::string(1, c);
        static constexpr char hex[] = "0123456789ABCDEF";
        return std::string("\\x") + hex[u >> 4] + hex[u & 15];
    }

    /// A property's spelling as a message quotes it: letters only, a long one cut.
    static std::string shown_spelling(std::string_view spelling) {
        constexpr std::size_t kShown = 24;
        if (spelling.size() <= kShown) return std::string(spelling);
        return std::string(spelling.substr(0, kShown)) + "...";
    }

    /// The canonical identifier of a property spelled `spelling`: old FF[1]/FF[3] files
    /// spell identifiers long and mixed-case ("AddBlack"), and the capitals alone are the
    /// identifier. Usually all letters are capitals and the spelling itself is the id.
    static std::string_view canonical_id(std::string_view spelling, bool all_upper,
                                         TreeBuilder& builder) {
        if (all_upper) return spelling;
        std::string capitals;
        for (const char c : spelling) {
            if (is_upper(c)) capitals.push_back(c);
        }
        return capitals.empty() ? std::string_view{} : builder.keep(capitals);
    }

    /// Reads the properties at the cursor into `node`, whose properties must be the last
    /// ones (a new node, or see TreeBuilder::open_node()); with kNoSgfNode (properties
    /// before any node) they are read, reported and dropped.
    void parse_properties(TreeBuilder& builder, SgfNodeId node) {
        // Every path through the loop ends past white space, ready for the next letter.
        s_.skip_space();
        while (!s_.at_end() && is_letter(s_.peek())) {
            const diag::SourceLocation where = s_.location();
            bool all_upper = true;
            const std::string_view spelling = s_.letters(all_upper);
            const std::string_view id = canonical_id(spelling, all_upper, builder);
            s_.skip_space();
            if (s_.at_end() || s_.peek() != '[') {
                sink_.warning(path_, where, diag::Code::PropertyWithoutValue,
                              "property '" + shown_spelling(spelling) + "' has no value; ignored");
                continue;
            }
            const std::uint32_t first_value = builder.value_count();
            do {
                s_.step();  // '['
                const diag::SourceLocation value_at = s_.location();
                if (!read_value(builder, value_at)) {
                    sink_.error(path_, value_at, diag::Code::UnterminatedValue,
                                "value is not closed before end of file (truncated file?); kept as "
                                "far as it goes");
                    value_cut_ = true;
                    break;
                }
                s_.skip_space();
            } while (!s_.at_end() && s_.peek() == '[');
            if (id.empty()) {
                // A move spelled in lower case is lost: said, for the game then starts later.
                const bool move = spelling == "b" || spelling == "w";
                sink_.warning(path_, where, diag::Code::BadPropertyId,
                              "property '" + shown_spelling(spelling) +
                                  "' has no capital letter, which every SGF property has; "
                                  "ignored" +
                                  (move ? std::string(" (a move is B[..] or W[..], in capitals: "
                                                      "this one is not played)")
                                        : std::string()));
                builder.drop_values(first_value);
                continue;
            }
            if (node == kNoSgfNode) {
                builder.drop_values(first_value);
                continue;
            }
            builder.add_property(node, id, where, first_value);
        }
    }

    /// What lone_move() found.
    enum class LoneMove {
        None,      ///< no move of that form at the cursor; nothing read
        NodeEnds,  ///< read it, and no property follows (a node, variation, end of tree or text is
                   ///< next)
        MoreFollows,  ///< read it, and a property identifier follows
    };

    /// Most nodes of a game start with a move and hold nothing else, ";B[pd]" followed by
    /// the next node, a variation or the tree's end: a move with a single two-letter value
    /// at the cursor is read here in one step (the general loop would read it the same).
    // Inlined: a call per node costs as much as the reading it saves.
    [[gnu::always_inline]] LoneMove lone_move(TreeBuilder& builder, SgfNodeId node) {
        const std::size_t left = s_.left();
        if (left < 5) return LoneMove::None;
        const char* p = s_.cursor();
        if (!starts_two_letter_move(p)) return LoneMove::None;
        // A second value would belong to the same property.
        const char* q = p + 5;
        const char* const end = p + left;
        while (q < end && is_space(*q)) ++q;
        if (q < end && *q == '[') return LoneMove::None;
        const diag::SourceLocation where = s_.location();
        const std::uint32_t first_value = builder.value_count();
        builder.add_value(std::string_view(p + 2, 2),
                          diag::SourceLocation{where.line, where.column + 2});
        builder.add_property(node, std::string_view(p, 1), where, first_value);
        s_.skip(5);
        return q < end && is_letter(*q) ? LoneMove::MoreFollows : LoneMove::NodeEnds;
    }

    /// Reads one value after its '[' and adds it; false when the file ends inside it.
    bool read_value(TreeBuilder& builder, diag::SourceLocation where) {
        std::string_view plain;
        const ValueEnd end = s_.plain_value(plain);
        if (end != ValueEnd::Escape) {
            builder.add_value(plain, where);
            return end == ValueEnd::Closed;
        }
        unescaped_.assign(plain);
        const bool closed = s_.escaped_value(unescaped_);
        builder.add_value(builder.keep(unescaped_), where);
        return closed;
    }

    Scanner& outer_;  // the caller's cursor, moved past the tree when parse() returns
    Scanner s_;       // a copy the hot loops can keep in registers (no reference to chase)
    ParseScratch& scratch_;
    std::string_view path_;
    diag::DiagnosticSink& sink_;
    std::string unescaped_;  // reused for every value with escapes
    bool value_cut_ = false;
};

/// Keeps every tree: parse_collection()'s receiver.
class TreeCollector final : public TreeReceiver {
  public:
    explicit TreeCollector(std::vector<SgfTree>& trees) : trees_(trees) {}
    std::optional<TextPlace> take(const TextPlace&) override { return std::nullopt; }
    void receive(SgfTree&& tree) override { trees_.push_back(std::move(tree)); }

  private:
    std::vector<SgfTree>& trees_;
};

}  // namespace

std::vector<SgfTree> parse_collection(std::string_view bytes, std::string_view path,
                                      diag::DiagnosticSink& sink) {
    std::vector<SgfTree> trees;
    TreeCollector collector(trees);
    parse_collection_with(bytes, path, sink, collector);
    return trees;
}

void parse_collection_with(std::string_view bytes, std::string_view path,
                           diag::DiagnosticSink& sink, TreeReceiver& receiver) {
    Scanner s(bytes);
    // Made when the parser first needs it: when the receiver takes every tree, never.
    std::optional<ParseScratch> scratch_arrays;
    const auto scratch = [&]() -> ParseScratch& {
        if (!scratch_arrays) scratch_arrays.emplace(bytes.size());
        return *scratch_arrays;
    };
    std::size_t trees = 0;  // read so far, by the parser or the receiver
    bool reported_text = false;
    bool reported_stray = false;
    bool reported_empty_tree = false;  // the file held something: not "empty"
    diag::SourceLocation first_text;
    s.skip_space();
    if (starts_node(s)) {
        // Some Fox files lost only their first '(' (";GM[1]FF[4]...;B[pd]...)"): the rest,
        // variations and final ')' included, is a well-formed tree, so it is read as one.
        SgfTree tree;
        sink.warning(path, s.location(), diag::Code::MissingOpenParen,
                     "the game tree does not start with '('; read as if it did");
        if (TreeParser(s, scratch(), path, sink).parse(tree, OpenParen::Missing)) {
            ++trees;
            receiver.receive(std::move(tree));
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
            if (next == ';') {
                if (const std::optional<TextPlace> end =
                        receiver.take(TextPlace{s.offset_in(bytes), s.location()})) {
                    s = Scanner(bytes, end->offset, end->where);
                    ++trees;
                    continue;
                }
            }
            Scanner first_node = probe;
            first_node.skip_space();
            if (next == ';' || next == '(' || starts_properties(first_node)) {
                SgfTree tree;
                const diag::SourceLocation where = s.location();
                if (TreeParser(s, scratch(), path, sink).parse(tree, OpenParen::Present)) {
                    ++trees;
                    receiver.receive(std::move(tree));
                } else {
                    sink.warning(path, where, diag::Code::EmptyGameTree,
                                 "game tree without any node; skipped");
                    reported_empty_tree = true;
                }
                continue;
            }
            if (next == ')') {
                sink.warning(path, s.location(), diag::Code::EmptyGameTree,
                             "game tree without any node; skipped");
                reported_empty_tree = true;
                s.advance();
                s.skip_space();
                s.advance();
                continue;
            }
        }
        if (c == ')' && trees != 0) {
            if (!reported_stray) {
                sink.warning(path, s.location(), diag::Code::StrayCloseParen,
                             "')' outside any game tree; ignored");
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
        if (trees == 0) {
            sink.error(path, first_text, diag::Code::NoGameTree,
                       "no SGF game tree in this file (it does not start with '('); skipped");
        } else {
            sink.warning(path, first_text, diag::Code::TextOutsideGame,
                         "text outside the game trees; ignored");
        }
    } else if (trees == 0 && !reported_stray && !reported_empty_tree) {
        sink.warning(path, diag::SourceLocation{1, 1}, diag::Code::EmptyFile,
                     "file is empty or white space only");
    }
}

}  // namespace josekic::sgf
