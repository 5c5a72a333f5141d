#include "compiler/compile/transposition_text.hpp"

#include <sstream>

namespace josekic::compile {

std::string transposition_comment(const dictionary::DictionaryGraph& graph, dictionary::NodeId node) {
    const dictionary::TranspositionSummary t = graph.transpositions_of(node);
    if (t.other_orders == 0) return {};
    std::ostringstream out;
    out << "Transposition: this position is also reached by " << t.other_orders << " other move order"
        << (t.other_orders == 1 ? "" : "s") << " (" << t.other_games << " times; " << t.class_games
        << " in all), most often " << dictionary::format_line(t.most_frequent_other_path);
    return out.str();
}

}  // namespace josekic::compile
