// libFuzzer target: any bytes as a josekic index (what `josekic lookup` and `review` read),
// with the checksums made right again after mutation (index_reseal.hpp), so that the section
// table and the records are reached. A foreign, truncated or damaged file must give an
// IndexError, never a crash or a read outside the bytes; a lookup in an index that opened
// must do the same, with or without a filter (whose selection reads every game record and
// text), and so must a corner pattern lookup.
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "core/game/game_filter.hpp"
#include "core/game/rank.hpp"
#include "fuzz/index_reseal.hpp"
#include "index/game_selection.hpp"
#include "index/index_reader.hpp"
#include "index/lookup.hpp"
#include "index/pattern_lookup.hpp"
#include "index/query_moves.hpp"

namespace {

void look_around(const josekic::index::IndexFile& file, josekic::index::Tree tree) {
    using namespace josekic::index;
    const QueryLine root = std::get<QueryLine>(parse_query("", tree));
    const LookupResult r = lookup(file, tree, root, 20);
    josekic::game::GameFilter filter;
    filter.min_rank = josekic::game::parse_rank("9d");
    filter.players.emplace_back("Cho Chikun");
    const GameSelection selection(file, filter);
    lookup(file, tree, root, 20, &selection);
    josekic::game::GameFilter years;
    years.since = 2000;
    const GameSelection recent(file, years);
    lookup(file, tree, root, 20, &recent);
    if (recent.size() > file.game_count()) __builtin_trap();
    for (const ContinuationFacts& c : r.continuations) {
        QueryLine next = root;
        next.canonical.push_back(c.canonical_move);
        next.played.push_back(c.move);
        lookup(file, tree, next, 20);
    }
}

// The corner patterns, when the index has them: a common shape (many occurrences) as given
// (which a stored summary answers, if the index has one) and either colour, filtered or not.
void look_at_patterns(const josekic::index::IndexFile& file) {
    using namespace josekic::index;
    if (!file.has_patterns()) return;
    for (const char* stones : {"B[pd]", "B[pd] W[qc]", "W[dd]"}) {
        CornerQuery query = std::get<CornerQuery>(parse_corner_query(stones, "--corner"));
        lookup_pattern(file, query, 20);
        query.colours = ColourReversal::Either;
        lookup_pattern(file, query, 20);
        josekic::game::GameFilter years;
        years.since = 2000;
        const GameSelection recent(file, years);
        lookup_pattern(file, query, 20, &recent);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(data),
                                 reinterpret_cast<const std::byte*>(data) + size);
    josekic::fuzz::reseal(bytes);
    try {
        const josekic::index::IndexFile file = josekic::index::IndexFile::view(bytes, "fuzz.jki");
        look_around(file, josekic::index::Tree::Joseki);
        look_around(file, josekic::index::Tree::Fuseki);
        look_at_patterns(file);
    } catch (const josekic::index::IndexError&) {
    }
    return 0;
}
