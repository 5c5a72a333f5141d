#include "compiler/compile/node_comments.hpp"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "emit/decimal_text.hpp"

namespace josekic::compile {

std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node) {
    std::string out;
    append_transposition_comment(graph, node, out);
    return out;
}

void append_transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node, std::string& out) {
    // This runs for every written node, and a tenth of the nodes of a large dictionary
    // have a transposition. The summary's path keeps its storage from node to node (one
    // per thread: helpers format parts of the same dictionary at the same time).
    thread_local dictionary::TranspositionSummary t;
    graph.transpositions_of(node, t);
    if (t.other_orders == 0) return;
    // The sentence before the path is written into a local buffer and appended in one
    // piece: an append to a std::string per word and number cost more than the words.
    // Room: 104 bytes of words and three numbers.
    std::array<char, 104 + 3 * emit::kMaxNumberBytes> buffer;
    char* at = buffer.data();
    const auto put = [&at](std::string_view text) {
        std::memcpy(at, text.data(), text.size());
        at += text.size();
    };
    put("Transposition: this position is also reached by ");
    at = emit::put_decimal(at, t.other_orders);
    put(t.other_orders == 1 ? " other move order (played " : " other move orders (played ");
    at = emit::put_decimal(at, t.other_games);
    put(t.other_games == 1 ? " time; " : " times; ");
    at = emit::put_decimal(at, t.class_games);
    put(" in all), most often ");
    out.append(buffer.data(), at);
    dictionary::append_line(out, t.most_frequent_other_path);
}

std::function<void(dictionary::NodeId, std::string&)> append_node_comments(const dictionary::DictionaryGraph& graph,
                                                                         const dictionary::Trie& trie,
                                                                         const reference::Annotations* references) {
    return [&graph, &trie, references](dictionary::NodeId node, std::string& text) {
        const std::size_t start = text.size();
        append_transposition_comment(graph, node, text);
        if (references != nullptr) {
            const std::string known = reference::comment_for(*references, trie, node);
            if (!known.empty()) {
                if (text.size() > start) text += '\n';
                text += known;
            }
        }
    };
}

std::vector<reference::ReferenceIndex> load_references(const std::vector<std::string>& arguments,
                                                       diag::DiagnosticSink& sink) {
    std::vector<reference::ReferenceIndex> references;
    for (const std::string& argument : arguments) {
        const reference::ReferenceSpec spec = reference::parse_reference_spec(argument);
        if (spec.name.empty() || spec.path.empty()) {
            throw std::runtime_error("--reference takes NAME=FILE or FILE, not '" + argument + "'");
        }
        references.push_back(reference::load_reference_file(spec.name, spec.path, sink));
    }
    return references;
}

}  // namespace josekic::compile
