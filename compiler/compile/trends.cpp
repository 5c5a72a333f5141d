#include "compiler/compile/trends.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "core/dictionary/significance.hpp"
#include "emit/decimal_text.hpp"
#include "prune/move_text.hpp"

namespace josekic::compile {

namespace {

struct Trend {
    dictionary::NodeId node = dictionary::kNoNode;
    std::uint64_t before = 0;  // lines through the node in the first era
    std::uint64_t before_parent = 0;
    std::uint64_t after = 0;  // in the last era
    std::uint64_t after_parent = 0;
    double change = 0.0;  // share after - share before
};

std::string era_share(std::uint64_t part, std::uint64_t whole) {
    return emit::with_thousands(part) + " of " + emit::with_thousands(whole) + " (" +
           emit::percent(part, whole) + ")";
}

}  // namespace

std::string render_trends(const dictionary::Trie& trie, const dictionary::SideStats& side,
                          emit::DictionaryKind kind, int first_year, int last_year,
                          const TrendLimits& limits) {
    const dictionary::Eras& eras = side.eras();
    std::ostringstream out;
    out << "  " << emit::kind_name(kind);
    if (eras.count() < 2) {
        out << ": one era, nothing to compare\n";
        return out.str();
    }
    const std::size_t last = eras.count() - 1;
    const std::string first_label = eras.label(0, first_year, last_year);
    const std::string last_label = eras.label(last, first_year, last_year);
    out << ": share of the previous move, " << first_label << " against " << last_label
        << " (previous move reached at least " << limits.min_parent_lines
        << " times in each; changes beyond noise, p < 1%)\n";

    std::vector<Trend> trends;
    for (const dictionary::NodeId id : side.ids()) {
        if (id == dictionary::kRoot) continue;
        const dictionary::NodeId parent_id = trie.parent(id);
        // Its lines in the first era and in the last, another, are at most all its lines:
        // a parent with fewer than twice the limit misses it in one era (no look-ups).
        if (trie.count(parent_id) < 2 * std::uint64_t{limits.min_parent_lines}) continue;
        const dictionary::SideCounts mine = side.of(trie, id);
        const dictionary::SideCounts parent = side.of(trie, parent_id);
        Trend t{id, mine.per_era[0], parent.per_era[0], mine.per_era[last], parent.per_era[last]};
        if (t.before_parent < limits.min_parent_lines || t.after_parent < limits.min_parent_lines)
            continue;
        if (dictionary::compare_proportions(t.after, t.after_parent, t.before, t.before_parent) ==
            dictionary::Difference::None)
            continue;
        t.change = static_cast<double>(t.after) / static_cast<double>(t.after_parent) -
                   static_cast<double>(t.before) / static_cast<double>(t.before_parent);
        trends.push_back(t);
    }
    // Ties in a fixed order (the line's node id is a function of the input order, so the
    // moves themselves break them).
    const auto path_of = [&trie](const Trend& t) { return trie.path_to(t.node); };
    const auto print = [&](std::string_view heading, auto better) {
        std::vector<Trend> sorted = trends;
        std::sort(sorted.begin(), sorted.end(), [&](const Trend& a, const Trend& b) {
            if (a.change != b.change) return better(a.change, b.change);
            const auto pa = path_of(a);
            const auto pb = path_of(b);
            return std::lexicographical_compare(pa.begin(), pa.end(), pb.begin(), pb.end(),
                                                [](const go::Move& x, const go::Move& y) {
                                                    return dictionary::move_order_key(x) <
                                                           dictionary::move_order_key(y);
                                                });
        });
        std::size_t shown = 0;
        out << "    " << heading << ":\n";
        for (const Trend& t : sorted) {
            if (shown == limits.lines || !better(t.change, 0.0)) break;
            ++shown;
            const std::vector<go::Move> path = path_of(t);
            char points[16];
            std::snprintf(points, sizeof points, "%+.1f", t.change * 100.0);
            out << "      " << points << " points  " << prune::render_path(path, kind) << "\n"
                << "        " << first_label << " " << era_share(t.before, t.before_parent) << ", "
                << last_label << " " << era_share(t.after, t.after_parent) << "\n";
        }
        if (shown == 0) out << "      none\n";
    };
    print("rose most", [](double a, double b) { return a > b; });
    print("fell most", [](double a, double b) { return a < b; });
    return out.str();
}

}  // namespace josekic::compile
