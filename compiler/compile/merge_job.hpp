#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compiler/compile/compile_job.hpp"
#include "compiler/compile/merge_log.hpp"
#include "index/index_format.hpp"
#include "index/index_reader.hpp"

namespace josekic::compile {

/// The games of one part of a merge, in the order its compile consumed them.
class MergePart {
  public:
    virtual ~MergePart() = default;
    /// The part as messages name it (its directory or index file).
    virtual const std::string& name() const = 0;
    virtual const MergeRun& run() const = 0;
    /// The options that shaped its tries.
    virtual const index::OptionsRecord& tracking() const = 0;
    /// The next game, or false at the end; `reference` is set for a kept game and views
    /// text the part keeps until release(); `entry` is replaced with the game's entry in a
    /// merge games section (encode_logged_game).
    virtual bool next(LoggedGame& game, dictionary::GameReference& reference,
                      std::vector<std::byte>& entry) = 0;
    /// The part's compiled index, whose trees a merge adds to its tries node for node
    /// instead of the part's games line by line (DictionaryBuilder::begin_part); nullptr for
    /// games that were not compiled into one.
    virtual const index::IndexFile* compiled_index() const { return nullptr; }
    /// Frees what reading the games held, once the merge is done with them (the games'
    /// references too). The merge reads the next part meanwhile, so that at most two parts'
    /// game tables are held at once.
    virtual void release() {}
};

/// The part a compiled dictionary is: DIR, or its index file. Throws index::IndexError when
/// it cannot be opened, does not belong to the SGF files beside it, or has no merge sections
/// (an index of an older josekic, or written with --no-index: "compile it again").
std::unique_ptr<MergePart> open_index_part(const std::string& dictionary);

/// What a merge was asked to do: the parts in order, and how to write the result (output
/// directory, thresholds, prune lists, references, layout, eras, threads; the options that
/// shape the tries come from the parts).
struct MergeOptions {
    CompileOptions output;
};

/// What the merge found besides the result: how many games of each part were already in an
/// earlier one.
struct MergeCounts {
    std::vector<std::uint64_t> games_kept;  ///< by part: kept games that were new
    std::vector<std::uint64_t> duplicates;  ///< by part: games an earlier part already had
    /// `compile --update`: the new inputs that were inputs of the dictionary already (a folder
    /// updated again), as given.
    std::vector<std::string> inputs_read_before;
};

/// Combines the parts into one dictionary in options.output.output_dir, exactly as a
/// compile of their inputs in this order would have (the first copy of a game wins): their
/// games are given to one DictionaryBuilder in order, a compiled part's trees added node for
/// node after its games (DictionaryBuilder::begin_part), and written by write_collection.
/// Throws std::runtime_error naming the option and both values when the parts were compiled
/// with options that shape the tries differently. `set` is the output set of the result,
/// made before any part was opened (write_collection says why).
CompileResult merge_parts(const std::vector<MergePart*>& parts, const MergeOptions& options,
                          emit::OutputSet& set, MergeCounts& counts);

/// `josekic merge PART... -o DIR`: the dictionaries (directories or index files) `parts`
/// opened, in order, and merged by merge_parts.
CompileResult merge_dictionaries(const std::vector<std::string>& parts, const MergeOptions& options,
                                 MergeCounts& counts);

/// The options that shape the tries which the command line of `compile --update` did not
/// give: the update takes DIR's.
struct OptionsLeftOut {
    bool zones = false;
    bool cutoff = false;
    bool max_length = false;
    bool max_gap = false;
    bool fuseki_moves = false;
    bool fuseki_handicap = false;
    bool keep_duplicates = false;
    bool charset = false;
    bool filters = false;
};

/// `compile NEW... --update DIR`: the games of options.inputs added after those of the
/// dictionary in options.output_dir, with the same result as a compile of its inputs and
/// then the new ones; the old games are not read again (only DIR's index). Games DIR already
/// has count as duplicates (counts.duplicates[1]). DIR keeps its set until the new one is
/// committed whole (emit::OutputSet).
/// The options that shape the tries are those of `options` the command line gave and DIR's
/// for those it left out (`left_out`): the new games are read as DIR's games were, which
/// `compile` of all the games would do, without the user repeating DIR's options.
CompileResult update_collection(const CompileOptions& options, const OptionsLeftOut& left_out,
                                MergeCounts& counts);

}  // namespace josekic::compile
