#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "index/index_format.hpp"
#include "index/index_reader.hpp"
#include "trackers/corner_tracker.hpp"
#include "trackers/opening.hpp"
#include "trackers/zone.hpp"

namespace josekic::index {

/// The options of `compile` that decide which lines went into the tries: the zones and the
/// tracker's limits (joseki), the fuseki depth, and whether duplicates were kept. The index
/// records them, `lookup` shows them, and `lookup --game` and `review` track a game with them,
/// so that a game is cut into lines exactly as the dictionary's games were.
struct TrackingOptions {
    trackers::Zone zone = trackers::Zone::default_zone();
    trackers::TrackerOptions tracker;
    trackers::OpeningOptions opening;
    bool duplicates_kept = false;

    /// The record the index stores.
    OptionsRecord to_record() const;
    /// The options of a record. Throws IndexError naming `path` for a zone that cannot be.
    static TrackingOptions from_record(const OptionsRecord& record, const std::string& path);
    /// Whether the zone is the default one.
    bool default_zone() const;
    /// One line for people: "zones: default (98 points), max-length 30, ...".
    std::string describe() const;
};

/// The options an index was compiled with. Throws IndexError for a damaged record.
TrackingOptions tracking_options(const IndexFile& index);

/// The bytes of the output options section: each argument followed by a NUL.
std::vector<std::byte> encode_output_arguments(std::span<const std::string> arguments);

/// The options the dictionary was written with (thresholds, --split, books, ...), as the
/// command-line arguments the output options section keeps; nullopt for an index of a josekic
/// that did not keep them. Throws IndexError for a damaged section.
std::optional<std::vector<std::string>> output_arguments(const IndexFile& index);

}  // namespace josekic::index
