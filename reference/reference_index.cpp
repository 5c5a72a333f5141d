#include "reference/reference_index.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/go/symmetry.hpp"
#include "core/sgf/charset.hpp"
#include "core/sgf/sgf_tree.hpp"
#include "emit/dictionary_format.hpp"
#include "trackers/corner.hpp"

namespace josekic::reference {

namespace {

// A book line longer than this without a single variation is a game record: joseki books
// branch long before (the longest lines of Kogo's dictionary are about 40 moves).
constexpr std::size_t kLongestUnbranchedLine = 60;

// Why `tree` is no 19x19 joseki book ("is for a 9x9 board"), or nullopt. Compared with
// such a tree every line would be "not in the book", or the book's figures would be those of
// one game: said and left out, rather than used without a word.
std::optional<std::string> why_not_a_joseki_book(const sgf::SgfTree& tree) {
    const sgf::SgfNode& root = tree.nodes[0];
    if (const sgf::SgfProperty* sz = root.find("SZ"); sz != nullptr && !sz->values.empty()) {
        const std::string_view size = sz->values[0];
        if (size != "19" && size != "19:19")
            return "is for a " + std::string(size) +
                   (size.find(':') == std::string_view::npos ? "x" + std::string(size)
                                                             : std::string()) +
                   " board, not a 19x19 joseki book";
    }
    if (const sgf::SgfProperty* xd = root.find(emit::kKindProperty);
        xd != nullptr && !xd->values.empty() &&
        xd->values[0].substr(0, xd->values[0].find(':')) ==
            emit::kind_name(emit::DictionaryKind::Fuseki))
        return "is a josekic fuseki dictionary (whole-board openings), not a joseki book";
    bool branches = false;
    std::size_t moves = 0;
    for (const sgf::SgfNode& node : tree.nodes) {
        branches = branches || (node.first_child != sgf::kNoSgfNode &&
                                tree.nodes[node.first_child].next_sibling != sgf::kNoSgfNode);
        if (node.find("B") != nullptr || node.find("W") != nullptr) ++moves;
    }
    if (!branches && moves > kLongestUnbranchedLine)
        return "is one line of " + std::to_string(moves) +
               " moves without a variation: a game record, not a joseki book";
    return std::nullopt;
}

// The normalisation of trackers::normalize_corner_sequence, made incremental so that it is
// decided once per branch instead of once per node: the corner and the colour swap are
// fixed by the first stone, the reflection by the first stone off the corner's diagonal.
// Stones before that one lie on the diagonal, which the reflection leaves in place, so a
// prefix normalises to the same moves as the whole line (tests compare with the tracker's
// function on every prefix).
struct LineFrame {
    bool started = false;  // a stone has been seen
    bool decided = false;  // the reflection is known
    bool swap = false;
    go::Symmetry to_upper_right = go::Symmetry::Identity;
    go::Symmetry symmetry = go::Symmetry::Identity;

    go::Move canonical(const go::Move& m) {
        if (m.point && !started) {
            started = true;
            swap = m.color == go::Color::White;
            to_upper_right = go::inverse(trackers::rotation_from_upper_right(corner_of(*m.point)));
            symmetry = to_upper_right;
        }
        if (m.point && !decided) {
            const go::Point p = go::apply(to_upper_right, *m.point);
            if (p.x + p.y != go::kLastLine) {
                decided = true;
                if (p.y > go::kLastLine - p.x)
                    symmetry = go::then(to_upper_right, go::Symmetry::AntiTranspose);
            }
        }
        go::Move image = go::apply(symmetry, m);
        if (swap) image.color = go::opponent(image.color);
        return image;
    }

    // The quadrant of the first stone; a stone on a centre line goes to the right / top.
    static trackers::Corner corner_of(go::Point p) {
        const bool right = p.x >= 9;
        const bool top = p.y <= 9;
        if (top) return right ? trackers::Corner::UpperRight : trackers::Corner::UpperLeft;
        return right ? trackers::Corner::LowerRight : trackers::Corner::LowerLeft;
    }
};

// Where the walk stands after an SGF node.
struct WalkState {
    RefNodeId ref = kRefRoot;
    LineFrame frame;
    std::optional<go::Color>
        last_colour;  // of the last move, pass included, once a stone was played
    // The node of each move of the file's line, by its number from the book's first move
    // (inserted passes have none), with its colour in the file and its place: "White 12" is
    // book_moves[11].
    struct BookMove {
        RefNodeId ref;
        go::Color colour;
        std::uint64_t place;
    };
    std::vector<BookMove> book_moves;
    std::uint64_t place = 0;  // of the line's last move (see "One line in two places")
    // The nearest conditional sentence above, which sets the branch's situation; empty when
    // the branch is in none.
    std::string situation;
};

// A move property's value: a stone, a pass ("" or "tt"), or nullopt when unreadable.
std::optional<go::Move> read_move(go::Color colour, std::string_view value) {
    if (value.empty() || value == "tt") return go::Move::pass(colour);
    if (auto p = go::point_from_sgf(value)) return go::Move::at(colour, *p);
    return std::nullopt;
}

class Loader {
  public:
    Loader(ReferenceIndex& index, std::string_view path, diag::DiagnosticSink& sink,
           sgf::TextDecoder& decoder)
        : index_(index), path_(path), sink_(sink), decoder_(decoder) {}

    void add_tree(const sgf::SgfTree& tree) {
        first_place_ = index_.counts.sgf_nodes;
        index_.counts.sgf_nodes += tree.nodes.size();
        // Explicit stack: reference trees can be deep.
        struct Item {
            sgf::SgfNodeId node;
            WalkState state;
        };
        std::vector<Item> stack;
        stack.push_back({0, WalkState{}});
        while (!stack.empty()) {
            Item item = std::move(stack.back());
            stack.pop_back();
            std::optional<WalkState> next = visit(tree, item.node, item.state);
            if (!next) {
                index_.counts.skipped_nodes += subtree_size(tree, item.node);
                continue;
            }
            // Pushed in reverse, so that siblings are visited in file order (the first
            // branch's note wins when two branches merge).
            const std::size_t mark = stack.size();
            for (sgf::SgfNodeId c = tree.nodes[item.node].first_child; c != sgf::kNoSgfNode;
                 c = tree.nodes[c].next_sibling) {
                stack.push_back({c, *next});
            }
            std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(mark), stack.end());
        }
    }

  private:
    static std::size_t subtree_size(const sgf::SgfTree& tree, sgf::SgfNodeId root) {
        std::size_t n = 0;
        std::vector<sgf::SgfNodeId> todo{root};
        while (!todo.empty()) {
            const sgf::SgfNodeId id = todo.back();
            todo.pop_back();
            ++n;
            for (sgf::SgfNodeId c = tree.nodes[id].first_child; c != sgf::kNoSgfNode;
                 c = tree.nodes[c].next_sibling)
                todo.push_back(c);
        }
        return n;
    }

    NodeVerdicts verdicts(const sgf::SgfNode& node, const LineFrame& frame) {
        std::string comment;
        if (const sgf::SgfProperty* c = node.find("C"); c != nullptr && !c->values.empty()) {
            comment =
                decoder_.decode(c->values[0], c->value_at.empty() ? c->where : c->value_at[0]);
        }
        NodeVerdicts v = verdicts_of(node, comment);
        if (frame.swap) v.own.swap_colours();
        return v;
    }

    // Appends `move` to the line of `state`: a pass of the other colour first when the same
    // colour plays twice (a tenuki, as in josekic's trie). Returns whether it added that pass.
    bool step(WalkState& state, const go::Move& move, diag::SourceLocation where) {
        bool inserted_pass = false;
        if (state.last_colour && *state.last_colour == move.color) {
            const go::Move tenuki = go::Move::pass(go::opponent(move.color));
            state.ref = index_.find_or_add_child(state.ref, state.frame.canonical(tenuki), where);
            inserted_pass = true;
        }
        state.ref = index_.find_or_add_child(state.ref, state.frame.canonical(move), where);
        state.last_colour = move.color;
        return inserted_pass;
    }

    // The colour of the move a label of `node` points at: as the comment says, else as the
    // file plays it there, else the other colour than the last move's.
    static go::Color continuation_colour(const sgf::SgfTree& tree, const sgf::SgfNode& node,
                                         const ContinuationVerdict& v, const WalkState& state) {
        if (v.colour) return *v.colour;
        for (sgf::SgfNodeId c = node.first_child; c != sgf::kNoSgfNode;
             c = tree.nodes[c].next_sibling) {
            for (const char* id : {"B", "W"}) {
                const sgf::SgfProperty* p = tree.nodes[c].find(id);
                if (p != nullptr && !p->values.empty() &&
                    go::point_from_sgf(p->values[0]) == v.point)
                    return id[0] == 'B' ? go::Color::Black : go::Color::White;
            }
        }
        return state.last_colour ? go::opponent(*state.last_colour) : go::Color::Black;
    }

    // The place of the continuation `move` of `node` (the SGF node numbered `id`): the child
    // that plays it, else the labelling node's own number, a place no move of the line has.
    std::uint64_t continuation_place(const sgf::SgfTree& tree, sgf::SgfNodeId id,
                                     const go::Move& move) const {
        for (sgf::SgfNodeId c = tree.nodes[id].first_child; c != sgf::kNoSgfNode;
             c = tree.nodes[c].next_sibling) {
            const sgf::SgfProperty* p =
                tree.nodes[c].find(move.color == go::Color::Black ? "B" : "W");
            if (p != nullptr && !p->values.empty() &&
                go::point_from_sgf(p->values[0]) == move.point)
                return first_place_ + c;
        }
        return first_place_ + id;
    }

    // Records the verdict marks of one place for ReferenceIndex::settle_places.
    void record(RefNodeId ref, std::uint64_t place, std::uint16_t marks,
                const std::string& situation, const std::string& own_text,
                const std::string& judging_text, diag::SourceLocation where) {
        const auto verdict = static_cast<std::uint16_t>(marks & (kBadMarks | kApprovingMarks));
        if (verdict == 0 || ref == kRefRoot) return;
        index_.add_place_verdict({ref, place, verdict, !situation.empty(), own_text,
                                  situation.empty() ? judging_text : situation,
                                  file_name_ + ":" + std::to_string(where.line)});
    }

    // Puts the verdicts a node's comment gives other moves where they point: continuations
    // by their labels (added to the tree when the book names a move without a variation
    // for it: it knows the move and judges it), earlier moves by their number.
    void place_pointed_verdicts(const sgf::SgfTree& tree, sgf::SgfNodeId id, const NodeVerdicts& v,
                                const WalkState& state) {
        const sgf::SgfNode& node = tree.nodes[id];
        for (const ContinuationVerdict& c : v.continuations) {
            WalkState probe = state;
            const go::Move move = go::Move::at(continuation_colour(tree, node, c, state), c.point);
            step(probe, move, node.where);
            index_.node(probe.ref).annotation.marks |= c.marks;
            record(probe.ref, continuation_place(tree, id, move), c.marks, state.situation, {},
                   v.own.text, node.where);
        }
        for (const NumberedMoveVerdict& n : v.numbered_moves) {
            if (n.number == 0 || n.number > state.book_moves.size()) continue;
            const WalkState::BookMove& m = state.book_moves[n.number - 1];
            // A number whose move has the other colour is not this line's move.
            if (m.colour != n.colour) continue;
            index_.node(m.ref).annotation.marks |= n.marks;
            record(m.ref, m.place, n.marks, state.situation, {}, v.own.text, node.where);
        }
    }

    // The state after the node `id` of `tree`, or nullopt when its subtree cannot be matched.
    std::optional<WalkState> visit(const sgf::SgfTree& tree, sgf::SgfNodeId id, WalkState state) {
        const sgf::SgfNode& node = tree.nodes[id];
        const sgf::SgfProperty* ab = node.find("AB");
        const sgf::SgfProperty* aw = node.find("AW");
        const sgf::SgfProperty* ae = node.find("AE");
        const sgf::SgfProperty* b = node.find("B");
        const sgf::SgfProperty* w = node.find("W");

        std::optional<go::Move> move;
        const sgf::SgfProperty* move_property = b != nullptr ? b : w;
        if (move_property != nullptr) {
            const go::Color colour = b != nullptr ? go::Color::Black : go::Color::White;
            const std::string_view value =
                move_property->values.empty() ? std::string_view{} : move_property->values[0];
            move = read_move(colour, value);
            if (!move) {
                sink_.warning(path_, move_property->where, diag::Code::ReferenceBadMove,
                              "the reference move '" + std::string(value) +
                                  "' is not a point of the 19x19 board; its subtree is not used");
                return std::nullopt;
            }
        }

        if (ab != nullptr || aw != nullptr || ae != nullptr) {
            const std::size_t stones = (ab ? ab->values.size() : 0) + (aw ? aw->values.size() : 0);
            const bool single_opening_stone =
                !state.frame.started && ae == nullptr && !move && stones == 1;
            if (!single_opening_stone) {
                ++index_.counts.setup_subtrees;
                return std::nullopt;
            }
            move = read_move(ab != nullptr ? go::Color::Black : go::Color::White,
                             ab != nullptr ? ab->values[0] : aw->values[0]);
            if (!move || move->is_pass()) {
                ++index_.counts.setup_subtrees;
                return std::nullopt;
            }
        }

        if (move && !(move->is_pass() && !state.frame.started)) {
            if (step(state, *move, node.where)) ++index_.counts.inserted_passes;
            ++index_.counts.moves;
            state.place = first_place_ + id;
            state.book_moves.push_back({state.ref, move->color, state.place});
        }
        // A pass before the first stone is nothing; a node without a move (GNU Go puts
        // comments in such nodes) speaks for the move before it, and at the root for none.
        const NodeVerdicts v = verdicts(node, state.frame);
        if (state.ref != kRefRoot) {
            index_.node(state.ref).annotation.merge(v.own);
            record(state.ref, state.place, v.own.marks, state.situation, v.own.text, v.own.text,
                   node.where);
        }
        // The node's own condition is the situation of what it points at and of its subtree.
        if (!v.condition.empty()) state.situation = v.condition;
        place_pointed_verdicts(tree, id, v, state);
        return state;
    }

    ReferenceIndex& index_;
    std::string_view path_;
    std::string file_name_ = std::filesystem::path(path_).filename().string();
    diag::DiagnosticSink& sink_;
    sgf::TextDecoder& decoder_;
    std::uint64_t first_place_ = 0;  // the place of the current tree's root
};

}  // namespace

ReferenceIndex::ReferenceIndex(std::string name, std::string path)
    : name_(std::move(name)), path_(std::move(path)) {
    nodes_.emplace_back();
}

RefNodeId ReferenceIndex::find_child(RefNodeId parent, const go::Move& move) const {
    for (RefNodeId c = nodes_[parent].first_child; c != kNoRefNode; c = nodes_[c].next_sibling) {
        if (nodes_[c].move == move) return c;
    }
    return kNoRefNode;
}

RefNodeId ReferenceIndex::find_or_add_child(RefNodeId parent, const go::Move& move,
                                            diag::SourceLocation where) {
    if (RefNodeId found = find_child(parent, move); found != kNoRefNode) return found;
    const auto id = static_cast<RefNodeId>(nodes_.size());
    RefNode n;
    n.move = move;
    n.parent = parent;
    n.depth = nodes_[parent].depth + 1;
    n.where = where;
    // Appended at the end of the sibling list, so the file's order is kept.
    RefNodeId* link = &nodes_[parent].first_child;
    while (*link != kNoRefNode) link = &nodes_[*link].next_sibling;
    *link = id;
    nodes_.push_back(std::move(n));
    return id;
}

void ReferenceIndex::add_place_verdict(PlaceVerdict verdict) {
    place_verdicts_.push_back(std::move(verdict));
}

namespace {

// The directions of a verdict: bit 0 disapproving, bit 1 approving.
unsigned directions(std::uint16_t marks) {
    return ((marks & kBadMarks) != 0 ? 1u : 0u) | ((marks & kApprovingMarks) != 0 ? 2u : 0u);
}

// The note of a place the main treatment overrules: "mistake elsewhere, book.sgf:12: “…”".
std::string overruled_note(const ReferenceIndex::PlaceVerdict& v) {
    std::string note = describe_marks(v.marks) + " elsewhere, " + v.where;
    if (!v.context.empty()) note += ": \u201c" + v.context + "\u201d";
    return note;
}

}  // namespace

void ReferenceIndex::settle_places() {
    using Verdicts = std::vector<PlaceVerdict>;
    // One entry per node and place, in the book's order; the verdicts of a place add up.
    Verdicts places = place_verdicts_;
    std::stable_sort(places.begin(), places.end(),
                     [](const PlaceVerdict& a, const PlaceVerdict& b) {
                         return a.node != b.node ? a.node < b.node : a.place < b.place;
                     });
    Verdicts merged;
    for (PlaceVerdict& v : places) {
        if (!merged.empty() && merged.back().node == v.node && merged.back().place == v.place) {
            PlaceVerdict& into = merged.back();
            into.marks = static_cast<std::uint16_t>(into.marks | v.marks);
            into.in_situation = into.in_situation || v.in_situation;
            if (into.text.empty()) into.text = v.text;
            continue;
        }
        merged.push_back(std::move(v));
    }
    constexpr auto kVerdictMarks = static_cast<std::uint16_t>(kBadMarks | kApprovingMarks);
    for (auto first = merged.begin(); first != merged.end();) {
        const auto last = std::find_if(
            first, merged.end(), [&first](const PlaceVerdict& v) { return v.node != first->node; });
        unsigned seen = 0;
        for (auto it = first; it != last; ++it) seen |= directions(it->marks);
        if (seen == 3u) {
            // The main treatment: in no situation if any place is, then the first.
            const auto main = std::min_element(first, last, [](const auto& a, const auto& b) {
                return a.in_situation != b.in_situation ? !a.in_situation : a.place < b.place;
            });
            const unsigned kept = directions(main->marks);
            NodeAnnotation& a = nodes_[first->node].annotation;
            std::uint16_t marks = 0;
            std::string note;
            std::string text = main->text;
            for (auto it = first; it != last; ++it) {
                if ((directions(it->marks) & ~kept) == 0) {
                    marks = static_cast<std::uint16_t>(marks | it->marks);
                    if (text.empty()) text = it->text;
                } else {
                    if (!note.empty()) note += "; ";
                    note += overruled_note(*it);
                    // The overruled place's words go with its note, not beside the verdict.
                    if (a.text == it->text) a.text.clear();
                }
            }
            a.marks = static_cast<std::uint16_t>((a.marks & ~kVerdictMarks) | marks);
            a.note = std::move(note);
            if (!text.empty()) a.text = std::move(text);
        }
        first = last;
    }
}

std::vector<go::Move> ReferenceIndex::path_to(RefNodeId id) const {
    std::vector<go::Move> path;
    for (RefNodeId n = id; n != kRefRoot && n != kNoRefNode; n = nodes_[n].parent)
        path.push_back(nodes_[n].move);
    return {path.rbegin(), path.rend()};
}

ReferenceIndex load_reference(std::string name, std::string_view bytes, std::string_view path,
                              diag::DiagnosticSink& sink) {
    ReferenceIndex index(std::move(name), std::string(path));
    add_reference_text(index, bytes, path, sink);
    return index;
}

void add_reference_text(ReferenceIndex& index, std::string_view bytes, std::string_view path,
                        diag::DiagnosticSink& sink) {
    const sgf::PreparedText prepared = sgf::prepare_text(bytes, path, sink);
    const std::vector<sgf::SgfTree> trees = sgf::parse_collection(prepared.text(), path, sink);
    const bool converted = prepared.source != sgf::FileEncoding::Bytes;
    sgf::TextDecoder decoder(
        path, sink, converted ? std::string("UTF-8") : sgf::fallback_charset(prepared.text()));
    Loader loader(index, path, sink, decoder);
    for (std::size_t t = 0; t < trees.size(); ++t) {
        const sgf::SgfTree& tree = trees[t];
        if (tree.nodes.empty()) continue;
        if (const std::optional<std::string> why = why_not_a_joseki_book(tree)) {
            sink.warning(path, tree.nodes[0].where, diag::Code::ReferenceNotABook,
                         "game tree " + std::to_string(t + 1) + " " + *why + "; not used");
            index.counts.sgf_nodes += tree.nodes.size();
            index.counts.skipped_nodes += tree.nodes.size();
            continue;
        }
        const sgf::SgfProperty* ca = tree.nodes[0].find("CA");
        if (ca != nullptr && !ca->values.empty() && !converted) {
            decoder.use_charset(ca->values[0], ca->value_at.empty() ? ca->where : ca->value_at[0]);
        } else {
            decoder.use_charset({}, {});
        }
        loader.add_tree(tree);
    }
    index.settle_places();
}

namespace {

// Forwards every diagnostic, and keeps what the book's reading needs of them: the first
// message of a tree left out as no joseki book (why a file of no usable tree is refused), and
// whether any was an error (the book is then held as read in part).
class BookProblems final : public diag::DiagnosticSink {
  public:
    explicit BookProblems(diag::DiagnosticSink& to) : to_(to) {}
    void report(diag::Diagnostic d) override {
        if (d.code == diag::Code::ReferenceNotABook && first.empty()) first = d.message;
        if (d.severity == diag::Severity::Error) error = true;
        to_.report(std::move(d));
    }
    std::string first;
    bool error = false;

  private:
    diag::DiagnosticSink& to_;
};

}  // namespace

ReferenceIndex load_reference_file(std::string name, const std::filesystem::path& path,
                                   diag::DiagnosticSink& problems) {
    BookProblems sink(problems);
    const auto read = [](const std::filesystem::path& file) {
        std::ifstream in(file, std::ios::binary);
        if (!in) throw std::runtime_error("cannot read reference dictionary " + file.string());
        return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    };
    ReferenceIndex index(std::move(name), path.string());
    // A file with no game tree (not SGF at all), or whose trees were all left out (a 9x9
    // book, a game record), is no book: compared with it, every line would be "not in the
    // book", and exit status 0 would say the comparison was made.
    const auto check_usable = [&index, &path, &sink] {
        if (sink.error) index.mark_read_in_part();
        if (index.counts.sgf_nodes == 0)
            throw std::runtime_error("cannot use reference dictionary " + path.string() +
                                     ": it holds no SGF game tree");
        if (index.counts.moves == 0)
            throw std::runtime_error("cannot use reference dictionary " + path.string() +
                                     ": it holds no move of a 19x19 joseki book" +
                                     (sink.first.empty() ? "" : " (" + sink.first + ")"));
    };
    if (!std::filesystem::is_directory(path)) {
        add_reference_text(index, read(path), path.string(), sink);
        check_usable();
        return index;
    }
    // Sorted, so that the merged tree (and which file's note wins) does not depend on the
    // order the file system lists them in.
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(path)) {
        std::string ext = entry.path().extension().string();
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (entry.is_regular_file() && ext == ".sgf") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty())
        throw std::runtime_error("no .sgf files in reference directory " + path.string());
    for (const auto& file : files) add_reference_text(index, read(file), file.string(), sink);
    check_usable();
    return index;
}

std::string reference_spec_problem(std::string_view argument) {
    const ReferenceSpec spec = parse_reference_spec(argument);
    if (!spec.name.empty() && !spec.path.empty()) return {};
    return "--reference takes NAME=FILE or FILE, not '" + std::string(argument) + "'";
}

ReferenceSpec parse_reference_spec(std::string_view argument) {
    ReferenceSpec spec;
    const std::size_t eq = argument.find('=');
    const std::string_view before =
        eq == std::string_view::npos ? std::string_view{} : argument.substr(0, eq);
    // "NAME=FILE" only when the part before '=' looks like a name, not like a path.
    if (eq != std::string_view::npos && before.find('/') == std::string_view::npos) {
        spec.name = std::string(before);
        spec.path = std::string(argument.substr(eq + 1));
    } else {
        spec.path = std::string(argument);
        // A directory as tab completion writes it ("gnugo-joseki/") is named after itself.
        std::filesystem::path path(spec.path);
        if (!path.has_filename()) path = path.parent_path();
        spec.name = path.stem().string();
    }
    return spec;
}

}  // namespace josekic::reference
