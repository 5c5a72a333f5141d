#pragma once

// How `josekic merge` (compiler/compile/merge_job.hpp) makes each section of the merged index:
// one rule per section of kSectionSpecs, in a table beside it. A merge adds the parts' games
// to one dictionary builder and writes it as compile does, so most sections are made again
// from the merged tries; the merge sections carry what the tries lack. A new section needs a
// rule here (tests/index/section_merge_test.cpp fails without one): Rebuilt when the writer
// makes it from the tries and the game table, else a merge of the parts' sections that
// merge_job.cpp implements.

#include <array>
#include <cstdint>

#include "index/index_format.hpp"

namespace josekic::index {

/// How the merged index gets a section.
enum class SectionMerge : std::uint8_t {
    /// Written again by write_index from the merged tries, their lines and the game table.
    Rebuilt,
    /// The parts' run reports added up, a game an earlier part had counted as a duplicate
    /// (merge_job.cpp: add_run, count_as_duplicate).
    RunsAdded,
    /// The parts' games one part after the other, a game an earlier part had left out
    /// (merge_job.cpp: merge_parts).
    GamesConcatenated,
    /// Not merged: a part whose index holds the section is refused with a message that says
    /// to compile the inputs together (merge_job.cpp: IndexPart). The corner patterns: the
    /// merge sections log what the trackers found, not the stones after every move.
    Refused,
    /// Not taken from the parts: the output options the merge was given (an update: its
    /// command line's, DIR's for those it left out; cli/output_options.hpp).
    CommandLine,
};

struct SectionMergeRule {
    std::uint32_t id;
    SectionMerge how;
};

/// The rule of every section of kSectionSpecs.
inline constexpr std::array<SectionMergeRule, 26> kSectionMerges = {{
    {static_cast<std::uint32_t>(SectionId::Strings), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::Games), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::Positions), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::PositionDirectory), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::Options), SectionMerge::Rebuilt},
    {section_id(Tree::Joseki, TreePart::Nodes), SectionMerge::Rebuilt},
    {section_id(Tree::Joseki, TreePart::Lines), SectionMerge::Rebuilt},
    {section_id(Tree::Joseki, TreePart::MoveNumbers), SectionMerge::Rebuilt},
    {section_id(Tree::Joseki, TreePart::Stats), SectionMerge::Rebuilt},
    {section_id(Tree::Fuseki, TreePart::Nodes), SectionMerge::Rebuilt},
    {section_id(Tree::Fuseki, TreePart::Lines), SectionMerge::Rebuilt},
    {section_id(Tree::Fuseki, TreePart::MoveNumbers), SectionMerge::Rebuilt},
    {section_id(Tree::Fuseki, TreePart::Stats), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::MergeRun), SectionMerge::RunsAdded},
    {static_cast<std::uint32_t>(SectionId::MergeGames), SectionMerge::GamesConcatenated},
    // The kept games' numbers in the merged game table: the writer's, like the table.
    {static_cast<std::uint32_t>(SectionId::MergeGameNumbers), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::OutputOptions), SectionMerge::CommandLine},
    {static_cast<std::uint32_t>(SectionId::PatternDirectory), SectionMerge::Refused},
    {static_cast<std::uint32_t>(SectionId::PatternOccurrences), SectionMerge::Refused},
    {static_cast<std::uint32_t>(SectionId::PatternYears), SectionMerge::Refused},
    {static_cast<std::uint32_t>(SectionId::GameYears), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::GamePlayers), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::GameRanks), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::GameEvents), SectionMerge::Rebuilt},
    {static_cast<std::uint32_t>(SectionId::PatternSummaryDirectory), SectionMerge::Refused},
    {static_cast<std::uint32_t>(SectionId::PatternSummaries), SectionMerge::Refused},
}};

/// The rule of section `id`; nullptr for a section without one.
constexpr const SectionMergeRule* section_merge(std::uint32_t id) {
    for (const SectionMergeRule& rule : kSectionMerges)
        if (rule.id == id) return &rule;
    return nullptr;
}

}  // namespace josekic::index
