#include "reference/coverage.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "core/dictionary/dictionary_graph.hpp"
#include "emit/decimal_text.hpp"
#include "emit/dictionary_format.hpp"
#include "emit/split.hpp"

namespace josekic::reference {

namespace {

void add_row(CoverageRow& into, const CoverageRow& row) {
    into.lines += row.lines;
    into.lines_in_book += row.lines_in_book;
    into.book_moves_of_lines += row.book_moves_of_lines;
    into.moves += row.moves;
    into.known_moves += row.known_moves;
}

// Most played first; equal counts by the moves' fixed order, so the report never depends
// on the order in which the trie was filled.
bool played_before(const dictionary::Trie& trie, std::pair<std::uint64_t, dictionary::NodeId> a,
                   std::pair<std::uint64_t, dictionary::NodeId> b) {
    if (a.first != b.first) return a.first > b.first;
    const std::vector<go::Move> pa = trie.path_to(a.second);
    const std::vector<go::Move> pb = trie.path_to(b.second);
    return std::lexicographical_compare(
        pa.begin(), pa.end(), pb.begin(), pb.end(), [](const go::Move& x, const go::Move& y) {
            return dictionary::move_order_key(x) < dictionary::move_order_key(y);
        });
}

std::vector<CoverageLine> top_lines(const dictionary::Trie& trie,
                                    std::vector<std::pair<std::uint64_t, dictionary::NodeId>> found,
                                    std::size_t limit, const Annotations& annotations,
                                    std::size_t r, bool with_annotation) {
    const std::size_t keep = std::min(limit, found.size());
    std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(keep), found.end(),
                      [&trie](const auto& a, const auto& b) { return played_before(trie, a, b); });
    std::vector<CoverageLine> lines;
    for (std::size_t i = 0; i < keep; ++i) {
        CoverageLine line{trie.path_to(found[i].second), found[i].first, {}};
        if (with_annotation) line.annotation = annotations.annotation(found[i].second, r);
        lines.push_back(std::move(line));
    }
    return lines;
}

using emit::percent;
using emit::with_thousands;

std::string pad(const std::string& s, std::size_t width, bool right_align) {
    if (s.size() >= width) return s;
    const std::string fill(width - s.size(), ' ');
    return right_align ? fill + s : s + fill;
}

void render_row(std::ostringstream& out, const CoverageRow& row) {
    char depth[32];
    std::snprintf(depth, sizeof depth, "%.1f", row.mean_book_depth());
    out << "  " << pad(row.first_move, 11, false) << pad(with_thousands(row.lines), 10, true)
        << pad(percent(row.lines_in_book, row.lines), 13, true) << pad(depth, 12, true)
        << pad(with_thousands(row.moves), 12, true)
        << pad(percent(row.known_moves, row.moves), 13, true) << '\n';
}

}  // namespace

std::vector<ReferenceCoverage> compute_coverage(const dictionary::Trie& trie,
                                                const Annotations& annotations,
                                                const CoverageOptions& options) {
    std::vector<ReferenceCoverage> result;
    const std::vector<CutoffMeasures> measures = measure_cutoff(trie, annotations);
    for (std::size_t r = 0; r < annotations.references().size(); ++r) {
        const ReferenceIndex& ref = annotations.references()[r];
        ReferenceCoverage cov;
        cov.name = ref.name();
        cov.path = ref.path();
        cov.reference_nodes = ref.size() - 1;
        cov.load = ref.counts;
        cov.total.first_move = "all";
        cov.measures = measures[r].total;

        std::map<std::string, CoverageRow> by_name;
        std::vector<std::pair<std::uint64_t, dictionary::NodeId>> candidates;
        std::vector<std::pair<std::uint64_t, dictionary::NodeId>> mistakes;
        for (dictionary::NodeId first : trie.sorted_children(dictionary::kRoot)) {
            const std::string name = emit::first_move_name(trie.node(first).move);
            CoverageRow row;
            row.first_move = name;
            row.lines = trie.node(first).stats.count;
            std::vector<dictionary::NodeId> stack{first};
            while (!stack.empty()) {
                const dictionary::NodeId n = stack.back();
                stack.pop_back();
                const dictionary::TrieNode& node = trie.node(n);
                const bool known = annotations.known(n, r);
                row.moves += node.stats.count;
                row.book_moves_of_lines +=
                    std::uint64_t{node.stats.ends} * annotations.place(n, r).book_depth;
                if (known) {
                    row.known_moves += node.stats.count;
                    row.lines_in_book += node.stats.ends;
                    if ((annotations.annotation(n, r).marks & kBadMarks) != 0)
                        mistakes.emplace_back(node.stats.count, n);
                } else if (annotations.known(node.parent, r)) {
                    candidates.emplace_back(node.stats.count, n);
                }
                for (dictionary::NodeId c = node.first_child; c != dictionary::kNoNode;
                     c = trie.node(c).next_sibling)
                    stack.push_back(c);
            }
            auto [it, inserted] = by_name.try_emplace(name, row);
            if (!inserted) add_row(it->second, row);
            add_row(cov.total, row);
        }
        std::vector<CoverageRow> rows;
        for (auto& [name, row] : by_name) rows.push_back(row);
        std::stable_sort(rows.begin(), rows.end(), [](const CoverageRow& a, const CoverageRow& b) {
            return a.lines != b.lines ? a.lines > b.lines : a.first_move < b.first_move;
        });
        if (rows.size() > options.max_rows) {
            CoverageRow other;
            other.first_move = "other";
            for (std::size_t i = options.max_rows; i < rows.size(); ++i) add_row(other, rows[i]);
            rows.resize(options.max_rows);
            rows.push_back(other);
        }
        cov.rows = std::move(rows);
        cov.candidates =
            top_lines(trie, std::move(candidates), options.max_candidates, annotations, r, false);
        cov.played_mistakes =
            top_lines(trie, std::move(mistakes), options.max_mistakes, annotations, r, true);
        result.push_back(std::move(cov));
    }
    return result;
}

std::string render_coverage(const std::vector<ReferenceCoverage>& coverage) {
    std::ostringstream out;
    if (coverage.empty()) return {};
    out << "Reference dictionaries\n";
    for (const ReferenceCoverage& cov : coverage) {
        out << "\n"
            << cov.name << " (" << cov.path << "): " << with_thousands(cov.reference_nodes)
            << " canonical moves from " << with_thousands(cov.load.sgf_nodes) << " SGF nodes";
        if (cov.load.setup_subtrees > 0) {
            out << "; " << cov.load.setup_subtrees << " subtrees with setup stones left out ("
                << with_thousands(cov.load.skipped_nodes) << " nodes)";
        }
        out << "\n";
        out << "  first move      lines  in book to end  mean book   joseki moves  known moves\n";
        out << "                                          depth\n";
        for (const CoverageRow& row : cov.rows) render_row(out, row);
        render_row(out, cov.total);
        out << "  (a line is in book to its end when the reference knows every move of it; the "
               "mean book depth is\n"
               "   how many leading moves of a line the reference knows; known moves weigh each "
               "node by its count)\n";
        const MeasureOptions thresholds;
        char figures[32];
        std::snprintf(figures, sizeof figures, "%.1f%%", cov.measures.known_share());
        out << "  Known share " << figures << ": of the moves at nodes played at least "
            << thresholds.min_count << " times (by count), those the book knows\n";
        std::snprintf(figures, sizeof figures, "%.1f%%", cov.measures.recall());
        out << "  Book recall " << figures << ": " << with_thousands(cov.measures.recalled)
            << " of " << with_thousands(cov.measures.book_lines) << " book lines of "
            << thresholds.min_book_moves << " moves or more played to their end at least "
            << thresholds.min_recall_count << " times\n"
            << "  (docs/cutoff.md says what counts; lines the book marks as mistakes are left "
               "out)\n";
        const std::string_view tenuki = emit::pass_text(emit::DictionaryKind::Joseki);
        out << "  Most played lines " << cov.name
            << " lacks (candidates for the book; the last move leaves it):\n";
        if (cov.candidates.empty()) out << "    none\n";
        for (const CoverageLine& line : cov.candidates) {
            out << pad(with_thousands(line.count), 10, true) << "  "
                << dictionary::format_line(line.path, tenuki) << '\n';
        }
        out << "  Lines " << cov.name
            << " marks as mistakes, tricks, doubtful or avoided that were played:\n";
        if (cov.played_mistakes.empty()) out << "    none\n";
        for (const CoverageLine& line : cov.played_mistakes) {
            out << pad(with_thousands(line.count), 10, true) << "  "
                << dictionary::format_line(line.path, tenuki) << "  -- "
                << describe(line.annotation) << '\n';
        }
    }
    return out.str();
}

}  // namespace josekic::reference
