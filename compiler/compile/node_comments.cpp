#include "compiler/compile/node_comments.hpp"

#include <stdexcept>

#include "emit/decimal_text.hpp"

namespace josekic::compile {

std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node) {
    std::string out;
    append_transposition_comment(graph, node, out);
    return out;
}

void append_transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node, std::string& out) {
    // Appended piece by piece into the caller's buffer: this runs for every written node.
    // The summary's path keeps its storage from node to node (one per thread: helpers
    // format parts of the same dictionary at the same time).
    thread_local dictionary::TranspositionSummary t;
    graph.transpositions_of(node, t);
    if (t.other_orders == 0) return;
    out += "Transposition: this position is also reached by ";
    out += emit::decimal(t.other_orders);
    out += t.other_orders == 1 ? " other move order (played " : " other move orders (played ";
    out += emit::decimal(t.other_games);
    out += t.other_games == 1 ? " time; " : " times; ";
    out += emit::decimal(t.class_games);
    out += " in all), most often ";
    dictionary::append_line(out, t.most_frequent_other_path);
}

std::function<std::string(dictionary::NodeId)> node_comments(const dictionary::DictionaryGraph& graph,
                                                            const dictionary::Trie& trie,
                                                            const reference::Annotations* references) {
    return [appender = append_node_comments(graph, trie, references)](dictionary::NodeId node) {
        std::string text;
        appender(node, text);
        return text;
    };
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
