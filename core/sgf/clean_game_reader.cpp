#include "core/sgf/clean_game_reader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/sgf/sgf_scanner.hpp"
#include "core/sgf/sgf_tree.hpp"

namespace josekic::sgf {

namespace {

/// Where the next node of a tree goes, as far as the main line is concerned.
enum class Attach {
    Nowhere,    ///< no node yet: the next one is the root
    MainLine,   ///< after the main line's last node, as its first child: on the main line
    Elsewhere,  ///< anywhere else (a later variation)
};

/// An open '(': where a node went before it, and how long the main line was then (a main
/// line that grew inside the variation has taken the first child of that node).
struct OpenVariation {
    Attach attach;
    std::size_t main_length;
};

/// A value while its node is read: a view into the text, or for a value with escapes its
/// place in the node's buffer of unescaped text (which may still move as it grows).
struct ValueDraft {
    std::string_view text;
    diag::SourceLocation where;
    std::uint32_t unescaped_offset = 0;
    std::uint32_t unescaped_size = 0;
    bool escaped = false;
};

/// The arrays a CleanReader drafts its nodes into. They only hold the node being read, so
/// one set per thread serves every file: allocated once, not for every file.
struct DraftArrays {
    std::vector<OpenVariation> open;
    std::vector<ValueDraft> values;
    std::vector<PropertyDraft> properties;
    std::string unescaped;  // the node's values with escapes, one after another
    std::vector<std::string_view> views;
    std::vector<diag::SourceLocation> locations;
    std::vector<SgfProperty> node_properties;
};

/// Reads one file's clean trees for read_collection(): the text goes by once, and a node's
/// properties are drafted only when it is not a lone move (the root, main-line nodes with
/// more than a move, and such nodes of variations, which are read and dropped).
class CleanReader {
  public:
    /// `builder` and `decoder` must report to `sink`.
    CleanReader(std::string_view text, const CleanReadContext& context, TextDecoder& decoder,
                GameBuilder& builder, std::vector<game::GameRecord>& games,
                diag::DiagnosticList& sink, DraftArrays& arrays)
        : text_(text),
          s_(text),
          sink_(sink),
          context_(context),
          decoder_(decoder),
          builder_(builder),
          games_(games),
          open_(arrays.open),
          values_(arrays.values),
          properties_(arrays.properties),
          unescaped_(arrays.unescaped),
          views_(arrays.views),
          locations_(arrays.locations),
          node_properties_(arrays.node_properties) {}

    /// Reads the tree whose "(;" starts at `start` and adds its game, when it is clean (see
    /// read_collection()); returns the place past its ')'. Otherwise returns nullopt with
    /// everything as it was: no game added, no diagnostic kept, the decoder's once-per-file
    /// warnings as they were, so that the parser reads the tree afresh.
    std::optional<TextPlace> take(const TextPlace& start) {
        s_ = Scanner(text_, start.offset, start.where);
        const std::size_t diagnostics_before = sink_.items.size();
        const TextDecoder::Warned warned_before = decoder_.warned();
        if (read_tree()) return TextPlace{s_.offset_in(text_), s_.location()};
        // read_tree() adds its game only once the tree is read to its end.
        sink_.items.resize(diagnostics_before);
        decoder_.rewind_warnings(warned_before);
        return std::nullopt;
    }

  private:
    /// Reads one tree from its '(' on and adds its game; false when it is not clean.
    bool read_tree() {
        game::GameRecord g;
        g.source_path = std::string(context_.path);
        g.location = s_.location();
        g.index_in_file = static_cast<int>(games_.size()) + 1;
        s_.advance();  // '('
        open_.clear();
        open_.push_back(OpenVariation{Attach::Nowhere, 0});
        Attach attach = Attach::Nowhere;
        std::size_t main_length = 0;
        bool reading = false;  // whether the builder still takes main line nodes
        while (true) {
            s_.skip_space();
            if (s_.at_end()) return false;
            const char c = s_.peek();
            if (c == ';') {
                if (attach == Attach::MainLine && reading) {
                    // The body of nearly every game: ";B[pd];W[dd];B[pp]..." up to its end.
                    const std::size_t run = move_run(g);
                    main_length += run;
                    if (run != 0) continue;
                }
                s_.step();
                if (attach == Attach::Nowhere) {
                    // The root: the parser offers only trees that start with "(;".
                    if (!read_properties()) return false;
                    const SgfNode& root = node();
                    select_charset(decoder_, root, context_.options, context_.conversion);
                    reading = builder_.start(root, g);
                    // One move per node, ";B[pd]", in nearly every file; in a collection
                    // the rest of the file is many games, and few games pass 512 moves
                    // (a longer one grows past the guess).
                    const std::size_t guess = std::min<std::size_t>(s_.left() / 6 + 1, 512);
                    g.moves.reserve(guess);
                    g.move_locations.reserve(guess);
                    attach = Attach::MainLine;
                    main_length = 1;
                    continue;
                }
                if (attach == Attach::MainLine) ++main_length;
                const bool wanted = attach == Attach::MainLine && reading;
                if (lone_move()) {
                    if (!wanted) {
                        s_.skip(5);  // a move of a variation, or after the game's end
                        continue;
                    }
                    if (plain_move(g)) continue;
                }
                if (!read_properties()) return false;
                if (wanted) reading = builder_.add(node(), g);
            } else if (c == '(') {
                // A game whose ')' was lost: the parser's repair (starts_another_game).
                if (starts_another_game(s_)) return false;
                open_.push_back(OpenVariation{attach, main_length});
                s_.step();
            } else if (c == ')') {
                s_.step();
                const OpenVariation closed = open_.back();
                open_.pop_back();
                if (open_.empty()) break;
                attach = closed.attach == Attach::MainLine && closed.main_length != main_length
                             ? Attach::Elsewhere
                             : closed.attach;
            } else {
                return false;
            }
        }
        if (g.moves.capacity() > 2 * g.moves.size() + 64) {
            // The guess is for the rest of the file: in a collection it is far too big.
            g.moves.shrink_to_fit();
            g.move_locations.shrink_to_fit();
        }
        games_.push_back(std::move(g));
        return true;
    }

    /// True when the node at the cursor (past its ';') is one move with a two-letter value
    /// and nothing else, ";B[pd]" followed by the next node, a variation or the tree's end,
    /// as nearly every node is.
    bool lone_move() const {
        if (s_.left() < 6) return false;
        const char* const p = s_.cursor();
        if (!starts_two_letter_move(p)) return false;
        const char* q = p + 5;
        const char* const end = p + s_.left();
        while (q < end && is_space(*q)) ++q;
        return q != end && (*q == ';' || *q == '(' || *q == ')');
    }

    /// Adds the lone move at the cursor (see lone_move()) to `g` and moves past it, when its
    /// point is on the board. Returns false, having read nothing, otherwise.
    bool plain_move(game::GameRecord& g) {
        const char* const p = s_.cursor();
        const diag::SourceLocation where = s_.location();
        if (!GameBuilder::add_plain_move(p[0], std::string_view(p + 2, 2),
                                         diag::SourceLocation{where.line, where.column + 2}, g)) {
            return false;
        }
        s_.skip(5);
        return true;
    }

    /// Reads the run of nodes at the cursor (on a ';') that hold one move on the board and
    /// nothing else, each followed directly by the next node, a variation or the tree's end
    /// (";B[pd];W[dd];B[pp])"), and returns how many it read: the cursor then stands on the
    /// first byte after them. Nodes with white space or line breaks around them take the
    /// general way.
    std::size_t move_run(game::GameRecord& g) {
        const char* const start = s_.cursor();
        const std::size_t left = s_.left();
        const auto width = static_cast<unsigned>(g.board_width);
        const auto height = static_cast<unsigned>(g.board_height);
        std::size_t at = 0;
        while (left - at >= 7) {
            const char* const p = start + at;
            // The board of a game being read is at most 19 wide, so x < width means p[3] is
            // one of 'a'..'s', as GameBuilder::add_plain_move() asks.
            const auto x = static_cast<unsigned>(p[3] - 'a');
            const auto y = static_cast<unsigned>(p[4] - 'a');
            const char color = p[1];
            const char next = p[6];
            const bool fits = p[0] == ';' && p[2] == '[' && p[5] == ']' &&
                              (color == 'B' || color == 'W') && x < width && y < height &&
                              (next == ';' || next == ')' || next == '(');
            if (!fits) break;
            g.moves.push_back(go::Move::at(
                color == 'B' ? go::Color::Black : go::Color::White,
                go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}));
            g.move_locations.push_back(s_.location_at(p + 3));
            at += 6;
        }
        s_.skip(at);
        return at / 6;
    }

    /// Reads the properties of a node at the cursor (past its ';') into the drafts. False
    /// for anything the parser would report: an identifier not all in capitals, a property
    /// without a value, a value not closed before the end of the text.
    bool read_properties() {
        values_.clear();
        properties_.clear();
        unescaped_.clear();
        s_.skip_space();
        while (!s_.at_end() && is_letter(s_.peek())) {
            const diag::SourceLocation where = s_.location();
            bool all_upper = true;
            const std::string_view id = s_.letters(all_upper);
            if (!all_upper) return false;
            s_.skip_space();
            if (s_.at_end() || s_.peek() != '[') return false;
            const auto first_value = static_cast<std::uint32_t>(values_.size());
            do {
                s_.step();  // '['
                ValueDraft value;
                value.where = s_.location();
                const ValueEnd end = s_.plain_value(value.text);
                if (end == ValueEnd::EndOfText) return false;
                if (end == ValueEnd::Escape) {
                    value.escaped = true;
                    value.unescaped_offset = static_cast<std::uint32_t>(unescaped_.size());
                    unescaped_.append(value.text);
                    if (!s_.escaped_value(unescaped_)) return false;
                    value.unescaped_size =
                        static_cast<std::uint32_t>(unescaped_.size()) - value.unescaped_offset;
                }
                values_.push_back(value);
                s_.skip_space();
            } while (!s_.at_end() && s_.peek() == '[');
            properties_.push_back(PropertyDraft{
                id, where, first_value, static_cast<std::uint32_t>(values_.size()) - first_value});
        }
        return true;
    }

    /// The node just read, as the GameBuilder reads it; valid until the next node is read.
    const SgfNode& node() {
        views_.clear();
        locations_.clear();
        for (const ValueDraft& v : values_) {
            views_.push_back(
                v.escaped
                    ? std::string_view(unescaped_).substr(v.unescaped_offset, v.unescaped_size)
                    : v.text);
            locations_.push_back(v.where);
        }
        node_properties_.clear();
        for (const PropertyDraft& d : properties_) {
            node_properties_.push_back(
                SgfProperty{d.id, std::span(views_.data() + d.first_value, d.value_count), d.where,
                            std::span(locations_.data() + d.first_value, d.value_count)});
        }
        node_.properties = std::span(node_properties_.data(), node_properties_.size());
        return node_;
    }

    std::string_view text_;
    Scanner s_;
    diag::DiagnosticList& sink_;
    const CleanReadContext& context_;
    TextDecoder& decoder_;
    GameBuilder& builder_;
    std::vector<game::GameRecord>& games_;
    std::vector<OpenVariation>& open_;
    std::vector<ValueDraft>& values_;
    std::vector<PropertyDraft>& properties_;
    std::string& unescaped_;
    std::vector<std::string_view>& views_;
    std::vector<diag::SourceLocation>& locations_;
    std::vector<SgfProperty>& node_properties_;
    SgfNode node_;
};

/// read_collection()'s receiver: a tree goes to the CleanReader first, and is built from
/// the parsed tree when the parser had to read it.
class CollectionReader final : public TreeReceiver {
  public:
    CollectionReader(CleanReader& clean, const CleanReadContext& context, TextDecoder& decoder,
                     GameBuilder& builder, std::vector<game::GameRecord>& games)
        : clean_(clean), context_(context), decoder_(decoder), builder_(builder), games_(games) {}

    std::optional<TextPlace> take(const TextPlace& tree_start) override {
        std::optional<TextPlace> end = clean_.take(tree_start);
        if (end) ++counts_.trees_in_one_pass;
        return end;
    }

    void receive(SgfTree&& tree) override {
        select_charset(decoder_, tree.nodes[0], context_.options, context_.conversion);
        game::GameRecord g = read_tree_game(tree, context_.path, builder_);
        g.index_in_file = static_cast<int>(games_.size()) + 1;
        games_.push_back(std::move(g));
        ++counts_.trees_parsed;
    }

    const CollectionCounts& counts() const { return counts_; }

  private:
    CleanReader& clean_;
    const CleanReadContext& context_;
    TextDecoder& decoder_;
    GameBuilder& builder_;
    std::vector<game::GameRecord>& games_;
    CollectionCounts counts_;
};

}  // namespace

CollectionCounts read_collection(std::string_view text, const CleanReadContext& context,
                                 TextDecoder& decoder, std::vector<game::GameRecord>& games,
                                 diag::DiagnosticList& reading, diag::DiagnosticSink& parsing) {
    thread_local DraftArrays arrays;
    GameBuilder builder(context.path, decoder, reading);  // one for both ways of reading a tree
    CleanReader clean(text, context, decoder, builder, games, reading, arrays);
    CollectionReader reader(clean, context, decoder, builder, games);
    parse_collection_with(text, context.path, parsing, reader);
    // A long comment may have grown the text buffer far beyond what later nodes need.
    if (arrays.unescaped.capacity() > (std::size_t{1} << 20)) std::string().swap(arrays.unescaped);
    return reader.counts();
}

}  // namespace josekic::sgf
