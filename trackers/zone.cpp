#include "trackers/zone.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/diag/diagnostic.hpp"
#include "core/go/symmetry.hpp"

namespace josekic::trackers {

namespace {

using Table = std::array<bool, go::kNumPoints>;

constexpr go::Point kTengen{9, 9};

// The default upper-right zone: on lines 1-4 it reaches one line past the middle of each
// side, where nearly all local answers to a corner move fall, and it narrows deeper in,
// which keeps most local play inside the corner's own zone while a neighbour's joseki
// spills into it less than with the larger shapes compared (the figures, from 1,998
// professional games, are in docs/PERFORMANCE.md, "The default zone and end rules").
// Neighbouring zones overlap on the three middle lines of each side (columns/rows 8-10)
// near the edge, and the staircase keeps tengen and the centre out of every zone.
constexpr std::string_view kDefaultMap =
    "........XXXXXXXXXXX\n"
    "........XXXXXXXXXXX\n"
    "........XXXXXXXXXXX\n"
    "........XXXXXXXXXXX\n"
    ".........XXXXXXXXXX\n"
    ".........XXXXXXXXXX\n"
    "..........XXXXXXXXX\n"
    "...........XXXXXXXX\n"
    "............XXXXXXX\n"
    ".............XXXXXX\n"
    "...............XXXX\n"
    "...................\n"
    "...................\n"
    "...................\n"
    "...................\n"
    "...................\n"
    "...................\n"
    "...................\n"
    "...................\n";

enum class Problem : std::uint8_t { Empty, Tengen, Asymmetric };

struct Refusal {
    Problem problem;
    go::Point where;  // meaningless for Empty
};

std::optional<Refusal> first_problem(const Table& table) {
    bool any = false;
    for (bool b : table) any = any || b;
    if (!any) return Refusal{Problem::Empty, {}};
    if (table[static_cast<std::size_t>(kTengen.index())]) return Refusal{Problem::Tengen, kTengen};
    for (int i = 0; i < go::kNumPoints; ++i) {
        const go::Point p = go::Point::from_index(i);
        const go::Point mirror = go::apply(go::Symmetry::AntiTranspose, p);
        if (table[static_cast<std::size_t>(i)] != table[static_cast<std::size_t>(mirror.index())]) {
            // Report the point that is in the zone: the user added it, or forgot its mirror.
            return Refusal{Problem::Asymmetric, table[static_cast<std::size_t>(i)] ? p : mirror};
        }
    }
    return std::nullopt;
}

std::string describe(const Refusal& r) {
    switch (r.problem) {
        case Problem::Empty:
            return "the zone map has no point in the zone ('X'); a zone must not be empty";
        case Problem::Tengen:
            return "tengen (jj) is in the zone; tengen belongs to no corner";
        case Problem::Asymmetric: {
            const go::Point mirror = go::apply(go::Symmetry::AntiTranspose, r.where);
            return "the zone is not symmetric about the upper-right corner's diagonal: " +
                   go::to_sgf(r.where) + " is in the zone but its mirror image " +
                   go::to_sgf(mirror) + " is not";
        }
    }
    return {};
}

diag::Code code_of(Problem p) {
    switch (p) {
        case Problem::Empty:
            return diag::Code::ZoneEmpty;
        case Problem::Tengen:
            return diag::Code::ZoneTengen;
        case Problem::Asymmetric:
            break;
    }
    return diag::Code::ZoneAsymmetric;
}

}  // namespace

std::optional<Zone> Zone::from_table(const Table& upper_right, std::string& why) {
    if (const auto refusal = first_problem(upper_right)) {
        why = describe(*refusal);
        return std::nullopt;
    }
    Zone zone;
    for (Corner corner : kAllCorners) {
        auto& roles = zone.roles_[static_cast<int>(corner)];
        const go::Symmetry rotation = rotation_from_upper_right(corner);
        for (int i = 0; i < go::kNumPoints; ++i) {
            if (upper_right[static_cast<std::size_t>(i)]) {
                roles[static_cast<std::size_t>(
                    go::apply(rotation, go::Point::from_index(i)).index())] = ZoneRole::Zone;
            }
        }
        // The ring is derived after the whole zone is known, so a point is never both.
        for (int i = 0; i < go::kNumPoints; ++i) {
            if (roles[static_cast<std::size_t>(i)] != ZoneRole::Outside) continue;
            const go::Point p = go::Point::from_index(i);
            constexpr std::array<std::array<int, 2>, 4> kSteps = {
                {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
            for (const auto& step : kSteps) {
                const int nx = p.x + step[0];
                const int ny = p.y + step[1];
                if (go::on_board(nx, ny) &&
                    roles[static_cast<std::size_t>(ny * go::kBoardSize + nx)] == ZoneRole::Zone) {
                    roles[static_cast<std::size_t>(i)] = ZoneRole::Ring;
                    break;
                }
            }
        }
    }
    for (Corner corner : kAllCorners) {
        const auto& roles = zone.roles_[static_cast<int>(corner)];
        const auto bit = static_cast<std::uint8_t>(1U << static_cast<int>(corner));
        for (std::size_t i = 0; i < roles.size(); ++i) {
            if (roles[i] != ZoneRole::Outside) zone.touched_[i] |= bit;
        }
    }
    for (ZoneRole r : zone.roles_[0]) {
        if (r == ZoneRole::Zone) ++zone.size_;
        if (r == ZoneRole::Ring) ++zone.ring_size_;
    }
    return zone;
}

std::optional<Zone> Zone::from_map(std::string_view text, std::string_view path,
                                   diag::DiagnosticSink& sink) {
    Table table{};
    std::array<diag::SourceLocation, go::kNumPoints> locations{};
    int row = 0;
    int line_number = 0;
    bool ok = true;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] == ';') continue;
        if (row == go::kBoardSize) {
            sink.error(path, {line_number, static_cast<int>(first) + 1}, diag::Code::ZoneMapRows,
                       "the zone map has more than 19 rows");
            return std::nullopt;
        }
        int column = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (c == ' ' || c == '\t') continue;
            const diag::SourceLocation here{line_number, static_cast<int>(i) + 1};
            if (c != 'X' && c != '.') {
                sink.error(path, here, diag::Code::ZoneMapChar,
                           std::string("unexpected character '") + c +
                               "' in the zone map: use 'X' for a point in the zone, '.' for a "
                               "point outside");
                ok = false;
                break;
            }
            if (column == go::kBoardSize) {
                sink.error(path, here, diag::Code::ZoneMapRowLength,
                           "this row of the zone map has more than 19 points");
                ok = false;
                break;
            }
            const int index = row * go::kBoardSize + column;
            table[static_cast<std::size_t>(index)] = (c == 'X');
            locations[static_cast<std::size_t>(index)] = here;
            ++column;
        }
        if (ok && column < go::kBoardSize) {
            sink.error(
                path, {line_number, static_cast<int>(line.size()) + 1},
                diag::Code::ZoneMapRowLength,
                "this row of the zone map has " + std::to_string(column) + " points, not 19");
            ok = false;
        }
        if (!ok) return std::nullopt;
        ++row;
    }
    if (row < go::kBoardSize) {
        sink.error(path, {line_number + 1, 1}, diag::Code::ZoneMapRows,
                   "the zone map ends after " + std::to_string(row) + " rows; it needs 19");
        return std::nullopt;
    }
    if (const auto refusal = first_problem(table)) {
        const diag::SourceLocation where =
            refusal->problem == Problem::Empty
                ? diag::SourceLocation{1, 1}
                : locations[static_cast<std::size_t>(refusal->where.index())];
        sink.error(path, where, code_of(refusal->problem), describe(*refusal));
        return std::nullopt;
    }
    std::string why;
    return from_table(table, why);
}

const Zone& Zone::default_zone() {
    static const Zone zone = [] {
        diag::DiagnosticList list;
        auto parsed = from_map(kDefaultMap, "<default zone>", list);
        if (!parsed)
            throw std::logic_error("the built-in zone map is invalid: " +
                                   diag::format(list.items.front()));
        return *parsed;
    }();
    return zone;
}

namespace {

// The built-in shapes besides the default: squares of N lines in the corner, the regions other
// tools chose by hand (Kombilo's 7x7 patterns, Many Faces' 8x8, JosekiExtraction's 10x10),
// compared in docs/cutoff.md. The 10x10 square leaves tengen out, as every zone must.
struct NamedShape {
    std::string_view name;
    int square;  // 0: the default (sawtooth) map
};

constexpr std::array<NamedShape, 4> kShapes = {
    {{"sawtooth", 0}, {"7x7", 7}, {"8x8", 8}, {"10x10", 10}}};

}  // namespace

std::optional<Zone> Zone::named(std::string_view name) {
    for (const NamedShape& shape : kShapes) {
        if (shape.name != name) continue;
        if (shape.square == 0) return default_zone();
        Table table{};
        for (int i = 0; i < go::kNumPoints; ++i) {
            const go::Point p = go::Point::from_index(i);
            table[static_cast<std::size_t>(i)] =
                p.x >= go::kBoardSize - shape.square && p.y < shape.square && !(p == kTengen);
        }
        std::string why;
        return from_table(table, why);
    }
    return std::nullopt;
}

std::string Zone::shape_names() {
    std::string out;
    for (const NamedShape& shape : kShapes)
        out += (out.empty() ? "" : ", ") + std::string(shape.name);
    return out;
}

std::string Zone::to_map() const {
    std::string out;
    for (int y = 0; y < go::kBoardSize; ++y) {
        for (int x = 0; x < go::kBoardSize; ++x) {
            out += contains(Corner::UpperRight,
                            go::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)})
                       ? 'X'
                       : '.';
        }
        out += '\n';
    }
    return out;
}

Zone Zone::load(const std::string& zones_file) {
    if (zones_file.empty()) return Zone::default_zone();
    // A built-in shape's name, unless a file of that name is there (then ./NAME is the same).
    std::optional<Zone> shape = Zone::named(zones_file);
    if (shape && !std::filesystem::exists(zones_file)) return *shape;
    std::ifstream in(zones_file, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot read zone file " + zones_file + ": " +
                                 std::strerror(errno) +
                                 " (or name a built-in shape: " + Zone::shape_names() + ")");
    }
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    diag::DiagnosticList problems;
    std::optional<Zone> zone = Zone::from_map(text, zones_file, problems);
    if (!zone) {
        std::string message = "the zone file cannot be used:";
        for (const diag::Diagnostic& d : problems.items) message += "\n" + diag::format(d);
        throw std::runtime_error(message);
    }
    return *zone;
}

}  // namespace josekic::trackers
