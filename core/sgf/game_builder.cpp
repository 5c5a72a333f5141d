#include "core/sgf/game_builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string>

#include "core/sgf/game_info_text.hpp"

namespace josekic::sgf {

namespace {

/// A point of a move or setup list on this board; nullopt when off the board.
std::optional<go::Point> point_on(std::string_view v, const game::GameRecord& g) {
    const auto p = go::point_from_sgf(v);
    if (!p || p->x >= g.board_width || p->y >= g.board_height) return std::nullopt;
    return p;
}

/// A move's value without surrounding white space. Nearly every move is two letters
/// with nothing around them, which needs no trimming.
std::string_view move_value(std::string_view raw) {
    if (raw.size() == 2 && static_cast<unsigned char>(raw[0]) > ' ' &&
        static_cast<unsigned char>(raw[1]) > ' ') {
        return raw;
    }
    return trimmed(raw);
}

/// A one-letter identifier such as "B"; cheaper than comparing strings per property.
bool is_id(std::string_view id, char letter) {
    return id.size() == 1 && id[0] == letter;
}

/// A two-letter identifier such as "AB"; compared in place, where string_view's == calls
/// memcmp for every property of a root node.
bool is_id(std::string_view id, const char (&letters)[3]) {
    return id.size() == 2 && id[0] == letters[0] && id[1] == letters[1];
}

/// The node's AB, else its AW, else its AE (the first of each), or nullptr.
const SgfProperty* first_setup(const SgfNode& node) {
    const SgfProperty* found[3] = {nullptr, nullptr, nullptr};
    for (const SgfProperty& prop : node.properties) {
        if (prop.id.size() != 2 || prop.id[0] != 'A') continue;
        const int k = prop.id[1] == 'B' ? 0 : prop.id[1] == 'W' ? 1 : prop.id[1] == 'E' ? 2 : -1;
        if (k >= 0 && found[k] == nullptr) found[k] = &prop;
    }
    return found[0] != nullptr ? found[0] : found[1] != nullptr ? found[1] : found[2];
}

}  // namespace

/// The root properties a record reads.
enum class RootId : std::uint8_t { GM, SZ, PB, PW, BR, WR, DT, EV, RO, RE, HA, KM, RU, None };

/// The root's properties that a record reads, found in one pass over the root (the first
/// of each, as SgfNode::find() finds it) instead of one search per identifier.
class RootProperties {
  public:
    explicit RootProperties(const SgfNode& root) {
        for (const SgfProperty& prop : root.properties) {
            if (prop.id.size() != 2) continue;
            const RootId id = root_id(prop.id[0], prop.id[1]);
            if (id != RootId::None && found_[index(id)] == nullptr) found_[index(id)] = &prop;
        }
    }

    /// The first property with this identifier, or nullptr.
    const SgfProperty* operator[](RootId id) const { return found_[index(id)]; }

  private:
    static std::size_t index(RootId id) { return static_cast<std::size_t>(id); }

    static RootId root_id(char first, char second) {
        switch (first) {
            case 'G':
                return second == 'M' ? RootId::GM : RootId::None;
            case 'S':
                return second == 'Z' ? RootId::SZ : RootId::None;
            case 'P':
                return second == 'B' ? RootId::PB : second == 'W' ? RootId::PW : RootId::None;
            case 'B':
                return second == 'R' ? RootId::BR : RootId::None;
            case 'W':
                return second == 'R' ? RootId::WR : RootId::None;
            case 'D':
                return second == 'T' ? RootId::DT : RootId::None;
            case 'E':
                return second == 'V' ? RootId::EV : RootId::None;
            case 'R':
                return second == 'O'   ? RootId::RO
                       : second == 'E' ? RootId::RE
                       : second == 'U' ? RootId::RU
                                       : RootId::None;
            case 'H':
                return second == 'A' ? RootId::HA : RootId::None;
            case 'K':
                return second == 'M' ? RootId::KM : RootId::None;
            default:
                return RootId::None;
        }
    }

    std::array<const SgfProperty*, static_cast<std::size_t>(RootId::None)> found_{};
};

bool GameBuilder::start(const SgfNode& root, game::GameRecord& g) {
    const RootProperties found(root);
    read_structure(found, g);
    read_info(found, g.info);
    if (g.game_type != 1 || g.board_width > go::kBoardSize || g.board_height > go::kBoardSize) {
        // The caller skips these games; their points need not be valid Go points here.
        return false;
    }
    read_setup(root, "AB", g.setup_black, g);
    read_setup(root, "AW", g.setup_white, g);
    return read_moves(root, g);
}

bool GameBuilder::add(const SgfNode& node, game::GameRecord& g) {
    if (node.properties.size() == 1) {
        const SgfProperty& prop = node.properties[0];
        if (prop.id.size() == 1 && !prop.values.empty() &&
            add_plain_move(prop.id[0], prop.values[0], prop.value_at[0], g)) {
            return true;
        }
    }
    if (g.moves.empty()) {
        // Fox puts handicap stones (AB) in the node after the root: before the first move,
        // setup is still the game's setup.
        read_setup(node, "AB", g.setup_black, g);
        read_setup(node, "AW", g.setup_white, g);
    } else if (const SgfProperty* p = first_setup(node)) {
        // Setup in the middle of the main line (problem files, edited games) would need a
        // board edit that a game record cannot express: the line ends before this node.
        sink_.warning(
            path_, p->where, diag::Code::SetupInMainLine,
            std::string(p->id) + " after the root node; the game is read up to the node before");
        return false;
    }
    return read_moves(node, g);
}

bool GameBuilder::add_plain_move(char color_letter, std::string_view value, diag::SourceLocation at,
                                 game::GameRecord& g) {
    if ((color_letter != 'B' && color_letter != 'W') || value.size() != 2) return false;
    const int x = value[0] - 'a';
    const int y = value[1] - 'a';
    // "tt" and other points off the board take the general way (pass or warning).
    if (!go::on_board(x, y) || x >= g.board_width || y >= g.board_height) return false;
    const go::Color color = color_letter == 'B' ? go::Color::Black : go::Color::White;
    g.moves.push_back(
        go::Move::at(color, go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}));
    g.move_locations.push_back(at);
    return true;
}

std::string GameBuilder::text(const SgfProperty* p) {
    if (p == nullptr || p->values.empty()) return {};
    return decoder_.decode(trimmed(p->values[0]), p->value_at[0]);
}

std::optional<int> GameBuilder::integer(const SgfProperty* p) {
    if (p == nullptr || p->values.empty()) return std::nullopt;
    const std::string_view v = trimmed(p->values[0]);
    int value = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
    if (ec != std::errc{} || end != v.data() + v.size()) {
        sink_.warning(
            path_, p->value_at[0], diag::Code::BadNumber,
            std::string(p->id) + "[" + std::string(v) + "] is not a whole number; ignored");
        return std::nullopt;
    }
    return value;
}

void GameBuilder::read_structure(const RootProperties& root, game::GameRecord& g) {
    if (auto gm = integer(root[RootId::GM])) g.game_type = *gm;
    const SgfProperty* sz = root[RootId::SZ];
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
        sink_.warning(path_, sz->value_at[0], diag::Code::BadSize,
                      "SZ[" + std::string(v) + "] is not a board size; assuming 19");
        return;
    }
    g.board_width = width;
    g.board_height = height;
}

void GameBuilder::read_info(const RootProperties& root, game::GameInfo& info) {
    info.black_player = text(root[RootId::PB]);
    info.white_player = text(root[RootId::PW]);
    info.black_rank = text(root[RootId::BR]);
    info.white_rank = text(root[RootId::WR]);
    info.date = text(root[RootId::DT]);
    info.year = year_from_date(info.date);
    info.event = event_with_round(text(root[RootId::EV]), text(root[RootId::RO]));
    info.result = text(root[RootId::RE]);
    info.winner = winner_from_result(info.result);
    if (auto ha = integer(root[RootId::HA])) {
        if (*ha >= 0) {
            info.handicap = *ha;
        } else {
            const SgfProperty& p = *root[RootId::HA];
            sink_.warning(
                path_, p.value_at[0], diag::Code::BadNumber,
                "HA[" + std::to_string(*ha) + "] is not a number of handicap stones; ignored");
        }
    }
    if (const SgfProperty* km = root[RootId::KM]; km != nullptr && !km->values.empty()) {
        info.komi = komi_from_text(km->values[0], text(root[RootId::RU]));
        if (!info.komi && !trimmed(km->values[0]).empty()) {
            sink_.warning(path_, km->value_at[0], diag::Code::BadKomi,
                          "KM[" + std::string(km->values[0]) + "] is not a number; ignored");
        }
    }
}

void GameBuilder::read_setup(const SgfNode& node, const char (&id)[3], std::vector<go::Point>& out,
                             const game::GameRecord& g) {
    for (const SgfProperty& prop : node.properties) {
        if (!is_id(prop.id, id)) continue;
        for (std::size_t i = 0; i < prop.values.size(); ++i) {
            const std::string_view v = trimmed(prop.values[i]);
            const std::size_t colon = v.find(':');
            std::optional<go::Point> a =
                point_on(colon == std::string_view::npos ? v : v.substr(0, colon), g);
            std::optional<go::Point> b =
                colon == std::string_view::npos ? a : point_on(v.substr(colon + 1), g);
            if (!a || !b) {
                sink_.warning(path_, prop.value_at[i], diag::Code::BadPoint,
                              std::string(id) + "[" + std::string(v) +
                                  "] is not a point of the board; ignored");
                continue;
            }
            // A compressed list "dd:ff" is the rectangle between its two corners.
            const int x0 = std::min(a->x, b->x), x1 = std::max(a->x, b->x);
            const int y0 = std::min(a->y, b->y), y1 = std::max(a->y, b->y);
            for (int y = y0; y <= y1; ++y) {
                for (int x = x0; x <= x1; ++x) {
                    out.push_back(
                        go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)});
                }
            }
        }
    }
}

bool GameBuilder::read_moves(const SgfNode& node, game::GameRecord& g) {
    for (const SgfProperty& prop : node.properties) {
        const bool black = is_id(prop.id, 'B');
        if (!black && !is_id(prop.id, 'W')) continue;
        const go::Color color = black ? go::Color::Black : go::Color::White;
        const std::string_view v =
            prop.values.empty() ? std::string_view{} : move_value(prop.values[0]);
        const diag::SourceLocation at = prop.values.empty() ? prop.where : prop.value_at[0];
        if (v.empty() || (v == "tt" && g.board_width <= 19 && g.board_height <= 19)) {
            g.moves.push_back(go::Move::pass(color));
            g.move_locations.push_back(at);
            continue;
        }
        const auto p = point_on(v, g);
        if (!p) {
            sink_.warning(path_, at, diag::Code::BadMove,
                          std::string(prop.id) + "[" + std::string(v) +
                              "] is not a point of the board; the game ends before it");
            return false;
        }
        g.moves.push_back(go::Move::at(color, *p));
        g.move_locations.push_back(at);
    }
    return true;
}

void select_charset(TextDecoder& decoder, const SgfNode& root, const ReadOptions& options,
                    FileConversion converted) {
    if (!options.forced_charset.empty()) {
        decoder.use_charset(options.forced_charset, diag::SourceLocation{});
    } else if (const SgfProperty* ca = root.find("CA");
               ca != nullptr && !ca->values.empty() && converted == FileConversion::None) {
        decoder.use_charset(ca->values[0], ca->value_at[0]);
    } else {
        decoder.use_charset({}, {});
    }
}

game::GameRecord read_tree_game(const SgfTree& tree, std::string_view path, GameBuilder& builder) {
    game::GameRecord g;
    g.source_path = std::string(path);
    g.location = tree.where;
    const SgfNode& root = tree.nodes[0];
    if (!builder.start(root, g)) return g;
    std::size_t length = 0;
    for (SgfNodeId id = 0; id != kNoSgfNode; id = tree.nodes[id].first_child) ++length;
    g.moves.reserve(length);  // one move per node in nearly every file
    g.move_locations.reserve(length);
    for (SgfNodeId id = root.first_child; id != kNoSgfNode; id = tree.nodes[id].first_child) {
        if (!builder.add(tree.nodes[id], g)) break;
    }
    return g;
}

}  // namespace josekic::sgf
