#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/dictionary/trie.hpp"
#include "emit/dictionary_writer.hpp"
#include "emit/split.hpp"

namespace josekic::test_support {

/// One file of a split dictionary, written into memory.
struct SplitFile {
    std::string file_name;    ///< e.g. "joseki-4-4.sgf"
    std::string first_move;   ///< first_move_name() of its first move
    std::uint64_t count = 0;  ///< lines through the first move
    emit::WrittenDictionary dictionary;
};

/// A dictionary written as one file per first move, plus an index.
struct SplitDictionary {
    std::vector<SplitFile> files;  ///< most frequent first move first
    std::string index_file_name;   ///< "joseki-index.txt" / "fuseki-index.txt"
    std::string index_text;        ///< the files with their first moves, counts and shares
};

/// emit::plan_split with every part written into memory, for tests that look at the parts
/// without files (the product writes each part to its file: compile --split).
inline SplitDictionary split_by_first_move(const dictionary::Trie& trie,
                                           const emit::WriteOptions& options) {
    emit::SplitPlan plan = emit::plan_split(trie, options);
    SplitDictionary split;
    split.index_file_name = std::move(plan.index_file_name);
    split.index_text = std::move(plan.index_text);
    for (emit::SplitPart& part : plan.parts) {
        SplitFile file;
        file.dictionary = emit::write_dictionary_part(trie, part.node, part.options);
        file.file_name = std::move(part.file_name);
        file.first_move = std::move(part.first_move);
        file.count = part.count;
        split.files.push_back(std::move(file));
    }
    return split;
}

}  // namespace josekic::test_support
