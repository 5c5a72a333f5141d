#include "emit/dictionary_reader.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/input/file_kinds.hpp"
#include "core/sgf/sgf_tree.hpp"

namespace josekic::emit {
namespace {

using dictionary::kNoNode;
using dictionary::NodeId;

template <typename Number>
bool parse_number(std::string_view text, Number& out) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end && !text.empty();
}

std::vector<std::string_view> split_colons(std::string_view text) {
    std::vector<std::string_view> fields;
    for (;;) {
        const auto colon = text.find(':');
        fields.push_back(text.substr(0, colon));
        if (colon == std::string_view::npos) return fields;
        text.remove_prefix(colon + 1);
    }
}

diag::SourceLocation value_location(const sgf::SgfProperty& p, std::size_t i) {
    return i < p.value_at.size() ? p.value_at[i] : p.where;
}

class Reader {
  public:
    Reader(std::string_view path, diag::DiagnosticSink& sink) : path_(path), sink_(sink) {}

    // The game trees of `bytes`, or an empty list (reported) when there is none.
    std::vector<sgf::SgfTree> parse(std::string_view bytes) {
        std::vector<sgf::SgfTree> trees = sgf::parse_collection(bytes, path_, sink_);
        if (trees.empty() || trees.front().nodes.empty()) {
            sink_.error(path_, {}, diag::Code::NotAJosekicDictionary,
                        "no SGF game tree: not a josekic dictionary");
            return {};
        }
        return trees;
    }

    std::optional<ReadDictionary> read(const sgf::SgfTree& tree, const ReadOptions& options) {
        if (tree.nodes.empty()) {
            sink_.error(path_, tree.where, diag::Code::NotAJosekicDictionary,
                        "an empty game tree: not a josekic dictionary");
            return std::nullopt;
        }
        game_ids_.clear();  // each tree has a game table of its own
        std::optional<RootInfo> root = read_root(tree.nodes.front());
        if (!root) return std::nullopt;

        ReadDictionary result{
            dictionary::Trie(std::make_shared<dictionary::GameTable>(), options.trie_options),
            std::move(*root), read_eras(tree.nodes.front())};
        games_ = result.trie.shared_games();
        dictionary::Trie& trie = result.trie;
        read_data(tree.nodes.front(), trie, dictionary::kRoot);
        if (result.side) read_side(tree.nodes.front(), trie, dictionary::kRoot, *result.side);

        // The parser lists nodes in document order, so a parent always comes before its
        // children and one pass over the array rebuilds the tree without recursion.
        std::vector<NodeId> to_trie(tree.nodes.size(), kNoNode);
        to_trie[0] = dictionary::kRoot;
        for (std::size_t i = 1; i < tree.nodes.size(); ++i) {
            const sgf::SgfNode& node = tree.nodes[i];
            if (node.parent == sgf::kNoSgfNode || node.parent >= i ||
                to_trie[node.parent] == kNoNode)
                continue;
            const std::optional<go::Move> move = read_move(node);
            if (!move) continue;  // reported; the subtree stays unmapped and is skipped
            const NodeId parent = to_trie[node.parent];
            NodeId id = trie.find_child(parent, *move);
            if (id != kNoNode) {
                sink_.warning(path_, node.where, diag::Code::DuplicateMove,
                              "this move appears twice at one node; the two are merged");
            } else {
                id = trie.find_or_add_child(parent, *move);
            }
            to_trie[i] = id;
            read_data(node, trie, id);
            if (result.side) read_side(node, trie, id, *result.side);
        }
        return result;
    }

  private:
    std::optional<RootInfo> read_root(const sgf::SgfNode& node) {
        RootInfo info;
        const sgf::SgfProperty* xd = node.find(kKindProperty);
        if (xd == nullptr || xd->values.empty()) {
            sink_.error(
                path_, node.where, diag::Code::NotAJosekicDictionary,
                "not a josekic dictionary: its root has no XD property (only files written by "
                "josekic carry the statistics that can be read back)");
            return std::nullopt;
        }
        const auto fields = split_colons(xd->values.front());
        const std::optional<DictionaryKind> kind = kind_from_name(fields.front());
        int version = 0;
        if (!kind || fields.size() != 2 || !parse_number(fields[1], version)) {
            sink_.error(path_, value_location(*xd, 0), diag::Code::NotAJosekicDictionary,
                        "XD[" + std::string(xd->values.front()) +
                            "] is not a josekic dictionary kind (expected joseki:" +
                            std::to_string(kFormatVersion) +
                            " or fuseki:" + std::to_string(kFormatVersion) + ")");
            return std::nullopt;
        }
        if (version < kOldestReadableVersion || version > kFormatVersion) {
            sink_.error(path_, value_location(*xd, 0), diag::Code::UnsupportedDictionaryVersion,
                        "dictionary format version " + std::to_string(version) +
                            " is not supported (this josekic reads versions " +
                            std::to_string(kOldestReadableVersion) + " to " +
                            std::to_string(kFormatVersion) + ")");
            return std::nullopt;
        }
        info.kind = *kind;
        if (const auto* gn = node.find("GN"); gn != nullptr && !gn->values.empty())
            info.name = gn->values.front();
        if (const auto* ap = node.find("AP"); ap != nullptr && !ap->values.empty())
            info.application = ap->values.front();
        if (const auto* xi = node.find(kCompileIdProperty); xi != nullptr && !xi->values.empty())
            info.compile_id = xi->values.front();
        if (const auto* xp = node.find(kProvenanceProperty); xp != nullptr)
            info.provenance.assign(xp->values.begin(), xp->values.end());
        info.setup.black = setup_stones(node, "AB");
        info.setup.white = setup_stones(node, "AW");
        return info;
    }

    // The stones of a root's AB or AW, in the order written; unreadable points are reported.
    std::vector<go::Point> setup_stones(const sgf::SgfNode& node, std::string_view id) {
        std::vector<go::Point> stones;
        const sgf::SgfProperty* p = node.find(id);
        if (p == nullptr) return stones;
        for (std::size_t i = 0; i < p->values.size(); ++i) {
            if (const auto point = go::point_from_sgf(p->values[i])) {
                stones.push_back(*point);
            } else {
                sink_.warning(path_, value_location(*p, i), diag::Code::BadSetupStone,
                              std::string(id) + "[" + std::string(p->values[i]) +
                                  "] is not a point of the board; the stone is left out");
            }
        }
        return stones;
    }

    // The root's XE: the eras of the XN counts, or nullopt when the file has none.
    std::optional<dictionary::SideStats> read_eras(const sgf::SgfNode& root) {
        const sgf::SgfProperty* xe = root.find(kErasProperty);
        if (xe == nullptr) return std::nullopt;
        std::vector<int> boundaries;
        for (std::size_t i = 0; i < xe->values.size(); ++i) {
            int year = 0;
            if (xe->values[i].empty() && xe->values.size() == 1) break;
            if (!parse_number(xe->values[i], year) ||
                (!boundaries.empty() && year <= boundaries.back()) ||
                boundaries.size() + 2 > dictionary::Eras::kMaxEras) {
                sink_.warning(path_, value_location(*xe, i), diag::Code::BadStatistics,
                              "XE[" + std::string(xe->values[i]) +
                                  "] is not an era boundary after the last; era counts and "
                                  "players are left out");
                return std::nullopt;
            }
            boundaries.push_back(year);
        }
        return dictionary::SideStats(dictionary::Eras(std::move(boundaries)));
    }

    // A node's XN (nodes of two or more lines); a missing or damaged one counts as zeros.
    void read_side(const sgf::SgfNode& node, const dictionary::Trie& trie, NodeId id,
                   dictionary::SideStats& side) {
        if (!dictionary::SideStats::kept(trie.node(id))) return;
        // A merged duplicate sibling (reported) keeps the first one's counts.
        if (!side.accepts(id)) return;
        dictionary::SideCounts counts;
        const sgf::SgfProperty* xn = node.find(kSideProperty);
        if (xn == nullptr || xn->values.empty()) {
            sink_.warning(path_, node.where, diag::Code::MissingStatistics,
                          "a node without XN players and era counts; counted as 0");
        } else if (!parse_side(xn->values.front(), side.eras().count(), counts)) {
            sink_.warning(path_, value_location(*xn, 0), diag::Code::BadStatistics,
                          "XN[" + std::string(xn->values.front()) + "] is not players and " +
                              std::to_string(side.eras().count()) + " era counts; counted as 0");
            counts = {};
        }
        side.add(id, counts);
    }

    static bool parse_side(std::string_view text, std::size_t eras,
                           dictionary::SideCounts& counts) {
        const auto f = split_colons(text);
        if (f.size() != eras + 1 || !parse_number(f[0], counts.players)) return false;
        for (std::size_t e = 0; e < eras; ++e) {
            if (!parse_number(f[e + 1], counts.per_era[e])) return false;
        }
        return true;
    }

    std::optional<go::Move> read_move(const sgf::SgfNode& node) {
        const sgf::SgfProperty* b = node.find("B");
        const sgf::SgfProperty* w = node.find("W");
        if ((b == nullptr) == (w == nullptr)) {
            sink_.error(
                path_, node.where, diag::Code::NodeWithoutMove,
                b == nullptr
                    ? "a node without a move (B or W); it and the lines below it are skipped"
                    : "a node with both B and W; it and the lines below it are skipped");
            return std::nullopt;
        }
        const sgf::SgfProperty& p = b != nullptr ? *b : *w;
        const go::Color color = b != nullptr ? go::Color::Black : go::Color::White;
        const std::string value(p.values.empty() ? std::string_view() : p.values.front());
        if (value.empty() || value == "tt") return go::Move::pass(color);
        if (const auto point = go::point_from_sgf(value)) return go::Move::at(color, *point);
        sink_.error(
            path_, value_location(p, 0), diag::Code::BadMove,
            "'" + value + "' is not a point of the 19x19 board; the lines below it are skipped");
        return std::nullopt;
    }

    void read_data(const sgf::SgfNode& node, dictionary::Trie& trie, NodeId id) {
        dictionary::NodeStats stats;
        const sgf::SgfProperty* xs = node.find(kStatsProperty);
        if (xs == nullptr || xs->values.empty()) {
            sink_.warning(path_, node.where, diag::Code::MissingStatistics,
                          "a node without XS statistics; counted as 0");
        } else if (!parse_stats(xs->values.front(), stats)) {
            sink_.warning(path_, value_location(*xs, 0), diag::Code::BadStatistics,
                          "XS[" + std::string(xs->values.front()) +
                              "] is not count:ends:wins:losses:draws:unknown:first_year:"
                              "last_year; counted as 0");
            stats = {};
        }
        // Two siblings with the same move (a hand-edited file) add up; in 32-bit counters
        // their sum may not fit, which is damage like any other bad count.
        dictionary::NodeStats sum = trie.stats(id);
        try {
            sum.absorb(stats);
            trie.set_stats(id, sum);
        } catch (const std::overflow_error&) {
            sink_.warning(path_, value_location(*xs, 0), diag::Code::BadStatistics,
                          "XS[" + std::string(xs->values.front()) +
                              "] added to an earlier node with the same move comes to more than "
                              "4,294,967,295 "
                              "lines; counted as 0");
        }

        const sgf::SgfProperty* xg = node.find(kGamesProperty);
        if (xg == nullptr) return;
        if (xg->values.size() % kGameFields != 0) {
            sink_.warning(path_, xg->where, diag::Code::BadGameList,
                          "XG has " + std::to_string(xg->values.size()) +
                              " values, not a multiple of " + std::to_string(kGameFields) +
                              "; the incomplete last game is ignored");
        }
        for (std::size_t g = 0; g + kGameFields <= xg->values.size(); g += kGameFields) {
            std::array<std::string, kGameFields> fields;
            for (std::size_t f = 0; f < kGameFields; ++f) fields[f] = xg->values[g + f];
            dictionary::GameReference ref;
            ref.black_player = fields[0];
            ref.white_player = fields[1];
            ref.black_rank = fields[2];
            ref.white_rank = fields[3];
            ref.date = fields[4];
            ref.event = fields[6];
            ref.result = fields[7];
            ref.source_path = dictionary::SourcePath::split(fields[8]);
            int year = 0;
            if (!fields[5].empty()) {
                if (parse_number(fields[5], year))
                    ref.year = year;
                else
                    sink_.warning(path_, value_location(*xg, g + 5), diag::Code::BadGameList,
                                  "'" + fields[5] + "' is not a year");
            }
            if (!parse_number(fields[9], ref.index_in_file)) {
                sink_.warning(path_, value_location(*xg, g + 9), diag::Code::BadGameList,
                              "'" + fields[9] + "' is not a game index; 1 assumed");
                ref.index_in_file = 1;
            }
            // Games cited at several nodes (a game gives up to four corner sequences) are
            // stored once, as the compiler stored them.
            const auto [at, fresh] = game_ids_.try_emplace(fields, 0);
            if (fresh) at->second = games_->add(ref);
            trie.append_listed_game(id, at->second);
        }
    }

    static bool parse_stats(std::string_view text, dictionary::NodeStats& s) {
        const auto f = split_colons(text);
        return f.size() == 8 && parse_number(f[0], s.count) && parse_number(f[1], s.ends) &&
               parse_number(f[2], s.first_player_wins) &&
               parse_number(f[3], s.second_player_wins) && parse_number(f[4], s.draws) &&
               parse_number(f[5], s.unknown) && parse_number(f[6], s.first_year) &&
               parse_number(f[7], s.last_year);
    }

    std::string_view path_;
    diag::DiagnosticSink& sink_;
    std::shared_ptr<dictionary::GameTable> games_;
    std::map<std::array<std::string, kGameFields>, dictionary::GameId> game_ids_;
};

}  // namespace

std::optional<ReadDictionary> read_dictionary(std::string_view bytes, std::string_view path,
                                              diag::DiagnosticSink& sink,
                                              const ReadOptions& options) {
    Reader reader(path, sink);
    const std::vector<sgf::SgfTree> trees = reader.parse(bytes);
    if (trees.empty()) return std::nullopt;
    if (trees.size() > 1) {
        sink.warning(path, trees[1].where, diag::Code::ExtraGameTree,
                     "a josekic dictionary holds one game tree; the other " +
                         std::to_string(trees.size() - 1) + " are ignored");
    }
    return reader.read(trees.front(), options);
}

std::optional<std::vector<ReadDictionary>> read_dictionary_collection(std::string_view bytes,
                                                                      std::string_view path,
                                                                      diag::DiagnosticSink& sink,
                                                                      const ReadOptions& options) {
    Reader reader(path, sink);
    const std::vector<sgf::SgfTree> trees = reader.parse(bytes);
    if (trees.empty()) return std::nullopt;
    std::vector<ReadDictionary> dictionaries;
    for (const sgf::SgfTree& tree : trees) {
        std::optional<ReadDictionary> read = reader.read(tree, options);
        if (!read) return std::nullopt;
        dictionaries.push_back(std::move(*read));
    }
    return dictionaries;
}

namespace {
std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string() + ": " + std::strerror(errno));
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad())
        throw std::runtime_error("cannot read " + path.string() + ": " + std::strerror(errno));
    return bytes.str();
}
}  // namespace

std::optional<ReadDictionary> read_dictionary_file(const std::filesystem::path& path,
                                                   diag::DiagnosticSink& sink,
                                                   const ReadOptions& options) {
    return read_dictionary(file_bytes(path), path.string(), sink, options);
}

std::optional<std::vector<ReadDictionary>> read_dictionary_collection_file(
    const std::filesystem::path& path, diag::DiagnosticSink& sink, const ReadOptions& options) {
    return read_dictionary_collection(file_bytes(path), path.string(), sink, options);
}

std::optional<std::string> read_root_compile_id(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (!input::written_by_josekic(head) || head.starts_with("JOSEKIX")) return std::nullopt;
    // The writer puts XI right after the fixed properties that open the root (node_writer.cpp).
    const std::string marker = "SZ[19]ST[2]" + std::string(kCompileIdProperty) + "[";
    const std::size_t at = head.find(marker);
    if (at == std::string::npos) return std::string();
    const std::size_t begin = at + marker.size();
    const std::size_t end = head.find(']', begin);
    if (end == std::string::npos) return std::string();
    return head.substr(begin, end - begin);
}

}  // namespace josekic::emit
