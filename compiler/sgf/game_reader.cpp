#include "compiler/sgf/game_reader.hpp"

#include <charconv>
#include <string>

#include "compiler/sgf/charset.hpp"
#include "compiler/sgf/game_info_text.hpp"
#include "compiler/sgf/sgf_tree.hpp"

namespace josekic::sgf {

namespace {

/// Reads the main line of one tree into a record. Game-info text goes through `decoder`;
/// structural values (points, numbers) are ASCII and are read as bytes.
class GameBuilder {
public:
    GameBuilder(const SgfTree& tree, std::string_view path, TextDecoder& decoder, diag::DiagnosticSink& sink)
        : tree_(tree), path_(path), decoder_(decoder), sink_(sink) {}

    game::GameRecord build() {
        game::GameRecord g;
        g.source_path = std::string(path_);
        g.location = tree_.where;
        const SgfNode& root = tree_.nodes[0];
        read_structure(root, g);
        read_info(root, g.info);
        if (g.game_type != 1 || g.board_width > go::kBoardSize || g.board_height > go::kBoardSize) {
            // The caller skips these games; their points need not be valid Go points here.
            return g;
        }
        read_setup(root, "AB", g.setup_black, g);
        read_setup(root, "AW", g.setup_white, g);
        read_main_line(g);
        return g;
    }

private:
    std::string text(const SgfNode& node, std::string_view id) {
        const SgfProperty* p = node.find(id);
        if (p == nullptr || p->values.empty()) return {};
        return decoder_.decode(trimmed(p->values[0]), p->value_at[0]);
    }

    std::optional<int> integer(const SgfNode& node, std::string_view id) {
        const SgfProperty* p = node.find(id);
        if (p == nullptr || p->values.empty()) return std::nullopt;
        const std::string_view v = trimmed(p->values[0]);
        int value = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
        if (ec != std::errc{} || end != v.data() + v.size()) {
            sink_.warning(path_, p->value_at[0], "bad-number",
                          std::string(id) + "[" + std::string(v) + "] is not a whole number; ignored");
            return std::nullopt;
        }
        return value;
    }

    void read_structure(const SgfNode& root, game::GameRecord& g) {
        if (auto gm = integer(root, "GM")) g.game_type = *gm;
        const SgfProperty* sz = root.find("SZ");
        if (sz == nullptr || sz->values.empty()) return;
        const std::string_view v = trimmed(sz->values[0]);
        const std::size_t colon = v.find(':');
        const std::string_view w = colon == std::string_view::npos ? v : v.substr(0, colon);
        const std::string_view h = colon == std::string_view::npos ? v : v.substr(colon + 1);
        int width = 0;
        int height = 0;
        const auto rw = std::from_chars(w.data(), w.data() + w.size(), width);
        const auto rh = std::from_chars(h.data(), h.data() + h.size(), height);
        if (rw.ec != std::errc{} || rh.ec != std::errc{} || rw.ptr != w.data() + w.size() ||
            rh.ptr != h.data() + h.size() || width < 1 || height < 1 || width > 52 || height > 52) {
            sink_.warning(path_, sz->value_at[0], "bad-size", "SZ[" + std::string(v) + "] is not a board size; assuming 19");
            return;
        }
        g.board_width = width;
        g.board_height = height;
    }

    void read_info(const SgfNode& root, game::GameInfo& info) {
        info.black_player = text(root, "PB");
        info.white_player = text(root, "PW");
        info.black_rank = text(root, "BR");
        info.white_rank = text(root, "WR");
        info.date = text(root, "DT");
        info.year = year_from_date(info.date);
        info.event = event_with_round(text(root, "EV"), text(root, "RO"));
        info.result = text(root, "RE");
        info.winner = winner_from_result(info.result);
        if (auto ha = integer(root, "HA")) info.handicap = *ha;
        if (const SgfProperty* km = root.find("KM"); km != nullptr && !km->values.empty()) {
            info.komi = komi_from_text(km->values[0], text(root, "RU"));
            if (!info.komi && !trimmed(km->values[0]).empty()) {
                sink_.warning(path_, km->value_at[0], "bad-komi", "KM[" + std::string(km->values[0]) + "] is not a number; ignored");
            }
        }
    }

    /// A point of a move or setup list on this board; nullopt when off the board.
    static std::optional<go::Point> point_on(std::string_view v, const game::GameRecord& g) {
        const auto p = go::point_from_sgf(v);
        if (!p || p->x >= g.board_width || p->y >= g.board_height) return std::nullopt;
        return p;
    }

    void read_setup(const SgfNode& root, std::string_view id, std::vector<go::Point>& out, const game::GameRecord& g) {
        for (const SgfProperty& prop : root.properties) {
            if (prop.id != id) continue;
            for (std::size_t i = 0; i < prop.values.size(); ++i) {
                const std::string_view v = trimmed(prop.values[i]);
                const std::size_t colon = v.find(':');
                std::optional<go::Point> a = point_on(colon == std::string_view::npos ? v : v.substr(0, colon), g);
                std::optional<go::Point> b = colon == std::string_view::npos ? a : point_on(v.substr(colon + 1), g);
                if (!a || !b) {
                    sink_.warning(path_, prop.value_at[i], "bad-point",
                                  std::string(id) + "[" + std::string(v) + "] is not a point of the board; ignored");
                    continue;
                }
                // A compressed list "dd:ff" is the rectangle between its two corners.
                const int x0 = std::min(a->x, b->x), x1 = std::max(a->x, b->x);
                const int y0 = std::min(a->y, b->y), y1 = std::max(a->y, b->y);
                for (int y = y0; y <= y1; ++y) {
                    for (int x = x0; x <= x1; ++x) {
                        out.push_back(go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)});
                    }
                }
            }
        }
    }

    /// A move's value without surrounding white space. Nearly every move is two letters
    /// with nothing around them, which needs no trimming.
    static std::string_view move_value(std::string_view raw) {
        if (raw.size() == 2 && static_cast<unsigned char>(raw[0]) > ' ' && static_cast<unsigned char>(raw[1]) > ' ') {
            return raw;
        }
        return trimmed(raw);
    }

    /// Reads a node that holds one move and nothing else, a point of the board written as
    /// two letters, as nearly every node after the first move does (it cannot be setup,
    /// and needs no trimming). Returns false, having read nothing, for any other node.
    static bool plain_move(const SgfNode& node, game::GameRecord& g) {
        if (node.properties.size() != 1) return false;
        const SgfProperty& prop = node.properties[0];
        if (prop.id.size() != 1 || (prop.id[0] != 'B' && prop.id[0] != 'W') || prop.values.empty()) return false;
        const std::string_view v = prop.values[0];
        if (v.size() != 2) return false;
        const int x = v[0] - 'a';
        const int y = v[1] - 'a';
        // "tt" and other points off the board take the general way (pass or warning).
        if (!go::on_board(x, y) || x >= g.board_width || y >= g.board_height) return false;
        const go::Color color = prop.id[0] == 'B' ? go::Color::Black : go::Color::White;
        g.moves.push_back(go::Move::at(color, go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}));
        g.move_locations.push_back(prop.value_at[0]);
        return true;
    }

    /// A one-letter identifier such as "B"; cheaper than comparing strings per property.
    static bool is_id(std::string_view id, char letter) { return id.size() == 1 && id[0] == letter; }

    /// The node's AB, else its AW, else its AE (the first of each), or nullptr.
    static const SgfProperty* first_setup(const SgfNode& node) {
        const SgfProperty* found[3] = {nullptr, nullptr, nullptr};
        for (const SgfProperty& prop : node.properties) {
            if (prop.id.size() != 2 || prop.id[0] != 'A') continue;
            const int k = prop.id[1] == 'B' ? 0 : prop.id[1] == 'W' ? 1 : prop.id[1] == 'E' ? 2 : -1;
            if (k >= 0 && found[k] == nullptr) found[k] = &prop;
        }
        return found[0] != nullptr ? found[0] : found[1] != nullptr ? found[1] : found[2];
    }

    void read_main_line(game::GameRecord& g) {
        std::size_t length = 0;
        for (SgfNodeId id = 0; id != kNoSgfNode; id = tree_.nodes[id].first_child) ++length;
        g.moves.reserve(length);  // one move per node in nearly every file
        g.move_locations.reserve(length);
        for (SgfNodeId id = 0; id != kNoSgfNode; id = tree_.nodes[id].first_child) {
            const SgfNode& node = tree_.nodes[id];
            if (id != 0 && !g.moves.empty() && plain_move(node, g)) continue;
            if (id != 0 && g.moves.empty()) {
                // Fox puts handicap stones (AB) in the node after the root: before the
                // first move, setup is still the game's setup.
                read_setup(node, "AB", g.setup_black, g);
                read_setup(node, "AW", g.setup_white, g);
            } else if (id != 0) {
                // Setup in the middle of the main line (problem files, edited games) would
                // need a board edit that a game record cannot express: the line ends
                // before this node.
                if (const SgfProperty* p = first_setup(node)) {
                    sink_.warning(path_, p->where, "setup-in-main-line",
                                  std::string(p->id) + " after the root node; the game is read up to the node before");
                    return;
                }
            }
            for (const SgfProperty& prop : node.properties) {
                const bool black = is_id(prop.id, 'B');
                if (!black && !is_id(prop.id, 'W')) continue;
                const go::Color color = black ? go::Color::Black : go::Color::White;
                const std::string_view v = prop.values.empty() ? std::string_view{} : move_value(prop.values[0]);
                const diag::SourceLocation at = prop.values.empty() ? prop.where : prop.value_at[0];
                if (v.empty() || (v == "tt" && g.board_width <= 19 && g.board_height <= 19)) {
                    g.moves.push_back(go::Move::pass(color));
                    g.move_locations.push_back(at);
                    continue;
                }
                const auto p = point_on(v, g);
                if (!p) {
                    sink_.warning(path_, at, "bad-move",
                                  std::string(prop.id) + "[" + std::string(v) + "] is not a point of the board; the game ends before it");
                    return;
                }
                g.moves.push_back(go::Move::at(color, *p));
                g.move_locations.push_back(at);
            }
        }
    }

    const SgfTree& tree_;
    std::string_view path_;
    TextDecoder& decoder_;
    diag::DiagnosticSink& sink_;
};

}  // namespace

std::vector<game::GameRecord> read_games(std::string_view bytes, std::string_view path, const ReadOptions& options,
                                         diag::DiagnosticSink& sink) {
    const PreparedText prepared = prepare_text(bytes, path, sink);
    std::vector<SgfTree> trees = parse_collection(prepared.text(), path, sink);
    std::vector<game::GameRecord> games;
    games.reserve(trees.size());
    if (trees.empty()) return games;

    // UTF-16 files were converted whole, so their CA no longer describes the bytes.
    const bool converted = prepared.source == FileEncoding::Utf16Le || prepared.source == FileEncoding::Utf16Be ||
                           prepared.source == FileEncoding::Utf8Bom;
    const std::string fallback = converted ? std::string("UTF-8") : fallback_charset(prepared.text());
    TextDecoder decoder(path, sink, fallback);
    for (std::size_t i = 0; i < trees.size(); ++i) {
        const SgfNode& root = trees[i].nodes[0];
        if (!options.forced_charset.empty()) {
            decoder.use_charset(options.forced_charset, diag::SourceLocation{});
        } else if (const SgfProperty* ca = root.find("CA"); ca != nullptr && !ca->values.empty() && !converted) {
            decoder.use_charset(ca->values[0], ca->value_at[0]);
        } else {
            decoder.use_charset({}, {});
        }
        game::GameRecord g = GameBuilder(trees[i], path, decoder, sink).build();
        g.index_in_file = static_cast<int>(i) + 1;
        games.push_back(std::move(g));
    }
    return games;
}

}  // namespace josekic::sgf
