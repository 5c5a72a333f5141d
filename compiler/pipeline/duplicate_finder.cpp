#include "compiler/pipeline/duplicate_finder.hpp"

namespace josekic::pipeline {

std::optional<diag::Diagnostic> DuplicateFinder::check(const std::string& path,
                                                       const GameSlot& slot) {
    // Paths are stored once per file, not once per game.
    if (file_paths_.empty() || file_paths_.back() != path) file_paths_.push_back(path);
    const FirstSeen here{static_cast<std::uint32_t>(file_paths_.size() - 1),
                         slot.record.index_in_file, slot.fingerprint.to_canonical};
    const auto [it, inserted] = seen_.emplace(slot.fingerprint.key, here);
    if (inserted) return std::nullopt;

    const FirstSeen& first = it->second;
    // The first game taken to the canonical image and back out to this one's frame:
    // this game is the first one transformed by `relation`.
    const go::Symmetry relation = go::then(first.to_canonical, go::inverse(here.to_canonical));
    std::string message = "game " + std::to_string(slot.record.index_in_file) +
                          " skipped: the same game as " + file_paths_[first.file] + " game " +
                          std::to_string(first.index_in_file);
    if (relation != go::Symmetry::Identity)
        message += ", transformed by " + std::string(go::name(relation));
    return diag::Diagnostic{slot.record.source_path, slot.record.location, diag::Severity::Warning,
                            "duplicate", std::move(message)};
}

}  // namespace josekic::pipeline
