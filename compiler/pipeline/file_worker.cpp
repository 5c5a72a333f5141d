#include "compiler/pipeline/file_worker.hpp"

#include <algorithm>
#include <utility>

#include "compiler/pipeline/skip_policy.hpp"
#include "compiler/pipeline/stage_clock.hpp"
#include "core/input/file_kinds.hpp"

namespace josekic::pipeline {

void process_file(StreamedFile& file, const GameParser& parser, const StreamOptions& options,
                  const std::function<void(StreamedFile&)>& analyze_file) {
    if (file.read_error) return;
    if (input::written_by_josekic(
            std::string_view(file.bytes).substr(0, std::min<std::size_t>(file.bytes.size(), 64)))) {
        file.written_by_josekic = true;
        std::string().swap(file.bytes);
        return;
    }
    const auto parse_start = StageClock::now();
    diag::DiagnosticList parse_problems;
    std::vector<game::GameRecord> records =
        parser(file.bytes, file.display_path, options.read, parse_problems);
    file.diagnostics = std::move(parse_problems.items);
    // A reader reports some problems only once it knows what they are (text outside the game
    // trees is an error when no tree follows): a file's come out in the order of its lines.
    std::ranges::stable_sort(file.diagnostics, {}, [](const diag::Diagnostic& d) {
        return std::pair(d.where.line, d.where.column);
    });
    if (file.cut_short) file.diagnostics.insert(file.diagnostics.begin(), *file.cut_short);
    std::string().swap(file.bytes);  // the bytes are not needed any more; free them early
    file.parse_seconds = seconds_since(parse_start);

    const auto replay_start = StageClock::now();
    file.games.reserve(records.size());
    for (game::GameRecord& record : records) {
        GameSlot& slot = file.games.emplace_back();
        slot.record = std::move(record);
        if (auto reason = game::skip_before_replay(slot.record)) {
            mark_skipped(slot, std::move(*reason));
            continue;
        }
        if (!options.filter.empty()) {
            const game::FilterVerdict verdict =
                game::check(options.filter, game::FilterFacts::of(slot.record.info));
            if (!verdict.passes()) {
                // Not replayed: only the duplicate finder still needs the game.
                slot.filtered = verdict;
                if (options.duplicates == Duplicates::Drop)
                    slot.fingerprint = fingerprint(slot.record);
                continue;
            }
        }
        diag::DiagnosticList replay_problems;
        if (auto missing = game::handicap_without_stones(slot.record))
            replay_problems.items.push_back(std::move(*missing));
        slot.replay = game::replay(slot.record, replay_problems);
        slot.diagnostics = std::move(replay_problems.items);
        if (auto reason = game::skip_after_replay(slot.replay)) {
            mark_skipped(slot, std::move(*reason));
        } else if (options.duplicates == Duplicates::Drop) {
            slot.fingerprint = fingerprint(slot.record);
        }
    }
    file.replay_seconds = seconds_since(replay_start);

    const auto analysis_start = StageClock::now();
    analyze_file(file);
    file.analysis_seconds = seconds_since(analysis_start);
    // Where each move is in the file (more bytes than the moves themselves) serves only the
    // replay's diagnostics, and the games may wait a while for the consumer. Freed file by
    // file: freed game by game, between the parser's allocations, it slowed the stream.
    for (GameSlot& slot : file.games)
        std::vector<diag::SourceLocation>().swap(slot.record.move_locations);
}

}  // namespace josekic::pipeline
