#include "compiler/compile/node_comments.hpp"

#include <stdexcept>

#include "emit/decimal_text.hpp"

namespace josekic::compile {

std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node) {
    // Appended piece by piece: this runs for every written node that has a transposition.
    const dictionary::TranspositionSummary t = graph.transpositions_of(node);
    if (t.other_orders == 0) return {};
    std::string out;
    out.reserve(160 + 6 * t.most_frequent_other_path.size());
    out += "Transposition: this position is also reached by ";
    out += emit::decimal(t.other_orders);
    out += t.other_orders == 1 ? " other move order (played " : " other move orders (played ";
    out += emit::decimal(t.other_games);
    out += t.other_games == 1 ? " time; " : " times; ";
    out += emit::decimal(t.class_games);
    out += " in all), most often ";
    dictionary::append_line(out, t.most_frequent_other_path);
    return out;
}

std::function<std::string(dictionary::NodeId)> node_comments(const dictionary::DictionaryGraph& graph,
                                                            const dictionary::Trie& trie,
                                                            const reference::Annotations* references) {
    return [&graph, &trie, references](dictionary::NodeId node) {
        std::string text = transposition_comment(graph, node);
        if (references != nullptr) {
            const std::string known = reference::comment_for(*references, trie, node);
            if (!known.empty()) text += (text.empty() ? "" : "\n") + known;
        }
        return text;
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
