// A hand-made book in the forms a large curated book writes its verdicts in (issue 29):
// conditional sentences, "not joseki" on the parent and on the node, "locally inferior", and
// one line judged in two places (its main treatment and a whole-board situation). The book is
// tests/reference/books/kogo-forms.sgf; what the report and the dictionary's comments say
// about a small trie is checked against tests/reference/books/kogo-forms.report.txt.

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/dictionary/dictionary_graph.hpp"
#include "core/dictionary/trie.hpp"
#include "reference/annotate.hpp"
#include "reference/coverage.hpp"
#include "reference/reference_index.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/move_lines.hpp"

using namespace josekic;
using namespace josekic::reference;
using josekic::test_support::line;

namespace {

ReferenceIndex load_book(const std::string& name) {
    const std::string path = test_support::source_path("tests/reference/books/" + name);
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    diag::DiagnosticList sink;
    ReferenceIndex book = load_reference("kogo", text, name, sink);
    for (const diag::Diagnostic& d : sink.items) FAIL_CHECK(diag::format(d));
    return book;
}

const NodeAnnotation& annotation_of(const ReferenceIndex& book, const std::vector<go::Move>& path) {
    RefNodeId n = kRefRoot;
    for (const go::Move& m : path) {
        n = book.find_child(n, m);
        REQUIRE(n != kNoRefNode);
    }
    return book.node(n).annotation;
}

// Played lines through each form of the book, and one the book lacks.
dictionary::Trie forms_trie() {
    dictionary::Trie trie(std::make_shared<dictionary::GameTable>());
    const auto add = [&trie](std::initializer_list<std::string_view> points, int times) {
        for (int i = 0; i < times; ++i)
            trie.insert(line(points), dictionary::LineOutcome::Unknown, std::nullopt, std::nullopt);
    };
    add({"pd", "nc", "qf"}, 6);              // joseki here, a mistake in a situation elsewhere
    add({"pd", "nc", "pf", "pb"}, 3);        // a conditional judgement: a note
    add({"pd", "qc", "pc", "qd", "qe"}, 4);  // "not joseki", said on the parent
    add({"pd", "nd", "nf"}, 2);              // "not joseki", said on the node
    add({"pc", "nc", "pe"}, 2);              // a conditional sentence on the parent
    add({"pc", "oe", "qe"}, 3);              // locally inferior
    add({"pc", "qe"}, 5);                    // not in the book
    return trie;
}

}  // namespace

TEST_CASE("a book's forms of verdict land as the book means them", "[reference][verdicts]") {
    const ReferenceIndex book = load_book("kogo-forms.sgf");
    const auto marks = [&book](std::initializer_list<std::string_view> points) {
        return annotation_of(book, line(points)).marks;
    };
    // Two places: the main treatment's verdict (a label on the parent and the closing line)
    // decides over a situation's "Mistake.", which becomes the note.
    CHECK(marks({"pd", "nc", "qf"}) == (bit(Mark::Good) | bit(Mark::Joseki)));
    CHECK(annotation_of(book, line({"pd", "nc", "qf"}))
              .note.starts_with(
                  "mistake elsewhere, kogo-forms.sgf:4: \u201cWhen Black has a stone at the top"));
    // Conditional sentences are notes: no verdict, the text stays.
    CHECK(marks({"pd", "nc", "pf"}) == 0);
    CHECK(marks({"pc", "nc", "pe"}) == bit(Mark::Joseki));  // its own "Joseki", not the 'a *'
    // "Not joseki", on the parent by its label and on the node by its number.
    CHECK(marks({"pd", "qc"}) == bit(Mark::NotJoseki));
    CHECK(marks({"pd", "nd"}) == bit(Mark::NotJoseki));
    CHECK(marks({"pd", "nc"}) == bit(Mark::Joseki));
    // Locally inferior, not doubtful.
    CHECK(marks({"pc", "oe"}) == bit(Mark::LocallyInferior));
}

TEST_CASE("the report and the comments on a hand-made book's forms", "[reference][verdicts]") {
    const dictionary::Trie trie = forms_trie();
    const Annotations annotations = annotate(trie, {load_book("kogo-forms.sgf")});
    std::string text = render_coverage(compute_coverage(trie, annotations));
    text += "\nComments of the joseki dictionary's nodes:\n";
    // Depth first in output order.
    std::vector<dictionary::NodeId> stack{dictionary::kRoot};
    while (!stack.empty()) {
        const dictionary::NodeId n = stack.back();
        stack.pop_back();
        if (n != dictionary::kRoot) {
            text += dictionary::format_line(trie.path_to(n), "tenuki") + '\n';
            const std::string comment = comment_for(annotations, trie, n);
            std::size_t begin = 0;
            while (begin < comment.size()) {  // each line of the comment, indented
                const std::size_t end = std::min(comment.find('\n', begin), comment.size());
                text += "  " + comment.substr(begin, end - begin) + '\n';
                begin = end + 1;
            }
        }
        const std::vector<dictionary::NodeId> children = trie.sorted_children(n);
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    test_support::check_golden_file(
        test_support::source_path("tests/reference/books/kogo-forms.report.txt"), text);
}
