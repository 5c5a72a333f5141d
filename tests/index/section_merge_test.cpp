#include <catch2/catch.hpp>

#include "index/index_format.hpp"
#include "index/section_merge.hpp"

using namespace josekic;

TEST_CASE("every section of the format table says how a merge makes it, once", "[index][merge]") {
    for (const index::SectionSpec& spec : index::kSectionSpecs) {
        INFO(spec.name << " has no rule in index/section_merge.hpp's kSectionMerges");
        CHECK(index::section_merge(spec.id) != nullptr);
    }
    for (const index::SectionMergeRule& rule : index::kSectionMerges) {
        INFO(rule.id);
        CHECK(index::section_spec(rule.id) != nullptr);
        CHECK(index::section_merge(rule.id) == &rule);
    }
}
