// josekic_cutoff_measures: the measures of docs/cutoff.md for compiled joseki dictionaries.
//
//   josekic_cutoff_measures --reference [NAME=]PATH... DIR...
//       one line per dictionary, book and first move (then "all"), tab-separated:
//       DIR BOOK FIRST_MOVE KNOWN% KNOWN_MOVES MOVES RECALL% RECALLED BOOK_LINES NODES
//   josekic_cutoff_measures --compare BASE_DIR DIR [--lines N]
//       the N most played lines DIR lacks that BASE_DIR has ("removed") and the N most played
//       lines DIR has that BASE_DIR lacks ("added": new or longer lines), each the first node
//       of the difference, with its count.
//   josekic_cutoff_measures --reference [NAME=]PATH... --unknown N DIR
//       for each book, the N lines whose first unknown node (played at least 5 times, the
//       book knows its parent) weighs most in the known share: the counts of that node and of
//       its descendants played at least 5 times, the weight it takes from the known share.
//
// Each DIR is the output of `josekic compile ... --full --min-count 2` (bench/cutoff_table.sh):
// the measures read nodes played at least twice, so nothing they read was pruned.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "core/dictionary/trie.hpp"
#include "emit/dictionary_reader.hpp"
#include "reference/annotate.hpp"
#include "reference/cutoff_measures.hpp"
#include "reference/reference_index.hpp"

namespace {

using namespace josekic;

dictionary::Trie read_joseki(const std::string& dir) {
    diag::DiagnosticList problems;
    std::optional<emit::ReadDictionary> read =
        emit::read_dictionary_file(dir + "/joseki.sgf", problems);
    if (!read) throw std::runtime_error("cannot read " + dir + "/joseki.sgf");
    return std::move(read->trie);
}

struct Difference {
    std::uint64_t count;
    std::vector<go::Move> path;
};

// The nodes of `from` whose line `other` lacks while it has their parent's, most played first.
std::vector<Difference> missing(const dictionary::Trie& from, const dictionary::Trie& other,
                                std::size_t limit) {
    std::vector<Difference> out;
    std::vector<std::pair<dictionary::NodeId, dictionary::NodeId>> stack{
        {dictionary::kRoot, dictionary::kRoot}};
    while (!stack.empty()) {
        const auto [n, m] = stack.back();
        stack.pop_back();
        for (dictionary::NodeId c = from.node(n).first_child; c != dictionary::kNoNode;
             c = from.node(c).next_sibling) {
            const dictionary::NodeId match = other.find_child(m, from.node(c).move);
            if (match == dictionary::kNoNode)
                out.push_back({from.node(c).stats.count, from.path_to(c)});
            else
                stack.emplace_back(c, match);
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Difference& a, const Difference& b) { return a.count > b.count; });
    if (out.size() > limit) out.resize(limit);
    return out;
}

int compare(const std::string& base, const std::string& dir, std::size_t limit) {
    const dictionary::Trie a = read_joseki(base);
    const dictionary::Trie b = read_joseki(dir);
    const auto print = [](const char* title, const std::vector<Difference>& lines) {
        std::cout << title << "\n";
        for (const Difference& d : lines)
            std::cout << "  " << d.count << "  " << dictionary::format_line(d.path, "tenuki")
                      << "\n";
    };
    print("removed", missing(a, b, limit));
    print("added", missing(b, a, limit));
    return 0;
}

std::vector<reference::ReferenceIndex> load_books(const std::vector<std::string>& specs) {
    std::vector<reference::ReferenceIndex> books;
    diag::DiagnosticList problems;
    for (const std::string& spec : specs) {
        const reference::ReferenceSpec parsed = reference::parse_reference_spec(spec);
        books.push_back(reference::load_reference_file(parsed.name, parsed.path, problems));
    }
    return books;
}

// The weight a subtree adds to the measures' moves: the counts of its nodes played >= 5.
std::uint64_t weight(const dictionary::Trie& trie, dictionary::NodeId root) {
    constexpr std::uint64_t kMinCount = reference::MeasureOptions{}.min_count;
    std::uint64_t sum = 0;
    std::vector<dictionary::NodeId> stack{root};
    while (!stack.empty()) {
        const dictionary::NodeId n = stack.back();
        stack.pop_back();
        if (trie.node(n).stats.count < kMinCount) continue;
        sum += trie.node(n).stats.count;
        for (dictionary::NodeId c = trie.node(n).first_child; c != dictionary::kNoNode;
             c = trie.node(c).next_sibling)
            stack.push_back(c);
    }
    return sum;
}

int unknown(const std::vector<std::string>& specs, const std::string& dir, std::size_t limit) {
    const std::vector<reference::ReferenceIndex> books = load_books(specs);
    const dictionary::Trie trie = read_joseki(dir);
    const reference::Annotations annotations = reference::annotate(trie, books);
    const std::uint64_t total = weight(trie, dictionary::kRoot);
    for (std::size_t r = 0; r < books.size(); ++r) {
        std::vector<Difference> lines;
        std::vector<dictionary::NodeId> stack{dictionary::kRoot};
        while (!stack.empty()) {
            const dictionary::NodeId n = stack.back();
            stack.pop_back();
            for (dictionary::NodeId c = trie.node(n).first_child; c != dictionary::kNoNode;
                 c = trie.node(c).next_sibling) {
                if (reference::known_move(trie, annotations, c, r))
                    stack.push_back(c);
                else if (const std::uint64_t w = weight(trie, c); w > 0)
                    lines.push_back({w, trie.path_to(c)});
            }
        }
        std::stable_sort(lines.begin(), lines.end(), [](const Difference& a, const Difference& b) {
            return a.count > b.count;
        });
        if (lines.size() > limit) lines.resize(limit);
        std::cout << books[r].name() << " (weight of all moves " << total << ")\n";
        for (const Difference& d : lines) {
            std::printf("  %6llu %5.1f%%  %s\n", static_cast<unsigned long long>(d.count),
                        100.0 * static_cast<double>(d.count) / static_cast<double>(total),
                        dictionary::format_line(d.path, "tenuki").c_str());
        }
        // The book lines recall counts, with how often the dictionary plays each to its end.
        std::cout << books[r].name() << " lines of recall (count at the end; 0: not held)\n";
        const reference::MeasureOptions options;
        for (const std::vector<go::Move>& line :
             reference::book_lines(books[r], options.min_book_moves)) {
            dictionary::NodeId n = dictionary::kRoot;
            for (const go::Move& m : line) {
                if (n != dictionary::kNoNode) n = trie.find_child(n, m);
            }
            const std::uint64_t count = n == dictionary::kNoNode ? 0 : trie.node(n).stats.count;
            std::printf("  %6llu  %s\n", static_cast<unsigned long long>(count),
                        dictionary::format_line(line, "tenuki").c_str());
        }
    }
    return 0;
}

int measure(const std::vector<std::string>& specs, const std::vector<std::string>& dirs) {
    const std::vector<reference::ReferenceIndex> books = load_books(specs);
    for (const std::string& dir : dirs) {
        const dictionary::Trie trie = read_joseki(dir);
        const reference::Annotations annotations = reference::annotate(trie, books);
        for (const reference::CutoffMeasures& m : reference::measure_cutoff(trie, annotations)) {
            std::vector<reference::MeasureRow> rows = m.rows;
            rows.push_back(m.total);
            for (const reference::MeasureRow& row : rows) {
                std::printf("%s\t%s\t%s\t%.1f\t%llu\t%llu\t%.1f\t%llu\t%llu\t%llu\n", dir.c_str(),
                            m.reference.c_str(), row.first_move.c_str(), row.known_share(),
                            static_cast<unsigned long long>(row.known_moves),
                            static_cast<unsigned long long>(row.moves), row.recall(),
                            static_cast<unsigned long long>(row.recalled),
                            static_cast<unsigned long long>(row.book_lines),
                            static_cast<unsigned long long>(row.nodes));
            }
        }
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> specs;
    std::vector<std::string> dirs;
    std::string base;
    std::size_t limit = 20;
    std::size_t unknown_lines = 0;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if ((arg == "--reference" || arg == "--compare" || arg == "--lines" ||
                 arg == "--unknown") &&
                i + 1 < argc) {
                const std::string value = argv[++i];
                if (arg == "--reference") specs.push_back(value);
                if (arg == "--compare") base = value;
                if (arg == "--lines") limit = std::stoul(value);
                if (arg == "--unknown") unknown_lines = std::stoul(value);
            } else if (!arg.empty() && arg[0] == '-') {
                std::cerr << "usage: josekic_cutoff_measures --reference [NAME=]PATH... DIR...\n"
                             "       josekic_cutoff_measures --reference [NAME=]PATH... "
                             "--unknown N DIR\n"
                             "       josekic_cutoff_measures --compare BASE_DIR DIR [--lines N]\n";
                return 2;
            } else {
                dirs.push_back(arg);
            }
        }
        if (!base.empty() && dirs.size() == 1) return compare(base, dirs.front(), limit);
        if (unknown_lines > 0 && !specs.empty() && dirs.size() == 1)
            return unknown(specs, dirs.front(), unknown_lines);
        if (base.empty() && !specs.empty() && !dirs.empty()) return measure(specs, dirs);
        std::cerr << "josekic_cutoff_measures: give --reference and DIRs, or --compare BASE DIR\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "josekic_cutoff_measures: " << e.what() << "\n";
        return 1;
    }
}
