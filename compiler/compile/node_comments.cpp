#include "compiler/compile/node_comments.hpp"

#include <sstream>
#include <stdexcept>

namespace josekic::compile {

std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node) {
    const dictionary::TranspositionSummary t = graph.transpositions_of(node);
    if (t.other_orders == 0) return {};
    std::ostringstream out;
    out << "Transposition: this position is also reached by " << t.other_orders << " other move order"
        << (t.other_orders == 1 ? "" : "s") << " (played " << t.other_games << " time"
        << (t.other_games == 1 ? "" : "s") << "; " << t.class_games << " in all), most often "
        << dictionary::format_line(t.most_frequent_other_path);
    return out.str();
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
