#include "prune/viewer_marks.hpp"

#include <algorithm>
#include <cctype>

#include "prune/move_text.hpp"

namespace josekic::prune {
namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// Forwards to another sink and remembers whether an error went through.
class ErrorWatch final : public diag::DiagnosticSink {
  public:
    explicit ErrorWatch(diag::DiagnosticSink& next) : next_(next) {}
    void report(diag::Diagnostic d) override {
        failed = failed || d.severity == diag::Severity::Error;
        next_.report(std::move(d));
    }
    bool failed = false;

  private:
    diag::DiagnosticSink& next_;
};

/// Which dictionary a copy came from, from the kind josekic wrote into its root
/// (emit/dictionary_format.hpp: XD[joseki:1]); both when the viewer dropped that property.
Scope scope_of(const sgf::SgfTree& tree) {
    if (tree.nodes.empty()) return Scope::Both;
    const auto* property = tree.nodes[0].find(emit::kKindProperty);
    if (!property || property->values.empty()) return Scope::Both;
    const std::string_view value = property->values.front();
    const auto kind = emit::kind_from_name(value.substr(0, value.find(':')));
    if (!kind) return Scope::Both;
    return *kind == DictionaryKind::Joseki ? Scope::Joseki : Scope::Fuseki;
}

}  // namespace

bool is_marked(const sgf::SgfNode& node) {
    if (node.find("BM")) return true;
    const auto* comment = node.find("C");
    if (!comment) return false;
    for (const std::string_view value : comment->values) {
        std::size_t start = 0;
        while (start <= value.size()) {
            std::size_t end = value.find('\n', start);
            if (end == std::string_view::npos) end = value.size();
            std::string_view line(value.data() + start, end - start);
            while (!line.empty() && is_blank(line.front())) line.remove_prefix(1);
            while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
            if (lowered(line) == "prune") return true;
            start = end + 1;
        }
    }
    return false;
}

std::optional<PruneList> parse_viewer_marks(std::string_view sgf_bytes, std::string_view path,
                                            diag::DiagnosticSink& sink) {
    ErrorWatch watch(sink);
    const std::vector<sgf::SgfTree> trees = sgf::parse_collection(sgf_bytes, path, watch);
    PruneList list;
    list.path = std::string(path);
    for (const sgf::SgfTree& tree : trees) {
        const Scope scope = scope_of(tree);
        const DictionaryKind shown_as =
            scope == Scope::Fuseki ? DictionaryKind::Fuseki : DictionaryKind::Joseki;
        // The reader creates nodes as it meets them in the file, so index order is file order.
        for (sgf::SgfNodeId id = 0; id < tree.nodes.size(); ++id) {
            const sgf::SgfNode& marked = tree.nodes[id];
            if (!is_marked(marked)) continue;
            PruneEntry entry;
            entry.scope = scope;
            entry.where = marked.where;
            bool bad_move = false;
            for (sgf::SgfNodeId at = id; at != sgf::kNoSgfNode; at = tree.nodes[at].parent) {
                const sgf::SgfNode& node = tree.nodes[at];
                const sgf::SgfProperty* property = node.find("B");
                go::Color color = go::Color::Black;
                if (!property) {
                    property = node.find("W");
                    color = go::Color::White;
                }
                if (!property) continue;  // the root, or a node that only comments or sets up
                const std::string_view value =
                    property->values.empty() ? std::string_view{} : property->values.front();
                const auto point =
                    parse_move_point(value == "tenuki" || value == "pass" ? "?" : value);
                if (!point) {
                    watch.error(path, property->where, diag::Code::PruneViewer,
                                "marked node's path has a move '" + std::string(value) +
                                    "' that is not a 19x19 point");
                    bad_move = true;
                    break;
                }
                entry.path.push_back(go::Move{color, *point});
            }
            if (bad_move) continue;
            std::reverse(entry.path.begin(), entry.path.end());
            if (entry.path.empty()) {
                watch.error(path, marked.where, diag::Code::PruneViewer,
                            "refused: the marked node is the root (no move leads to it); pruning "
                            "it would remove the "
                            "whole dictionary");
                continue;
            }
            entry.text = render_path(entry.path, shown_as);
            list.entries.push_back(std::move(entry));
        }
    }
    if (watch.failed) return std::nullopt;
    return list;
}

}  // namespace josekic::prune
