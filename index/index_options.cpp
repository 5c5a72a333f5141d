#include "index/index_options.hpp"

#include <algorithm>

namespace josekic::index {

OptionsRecord TrackingOptions::to_record() const {
    OptionsRecord r;
    r.max_length =
        static_cast<std::uint32_t>(std::min<std::size_t>(tracker.max_length, 0xFFFFFFFF));
    r.max_gap = static_cast<std::uint32_t>(std::min<std::size_t>(tracker.max_gap, 0xFFFFFFFF));
    r.fuseki_moves = static_cast<std::uint32_t>(std::max(opening.max_moves, 0));
    r.flags = duplicates_kept ? OptionsRecord::kDuplicatesKept : 0;
    // Dyer's ring is kind 0, distance 0: an index compiled with it has the bytes it always had.
    r.flags |= static_cast<std::uint32_t>(tracker.cutoff.kind) << OptionsRecord::kCutoffKindShift;
    r.flags |= static_cast<std::uint32_t>(tracker.cutoff.distance)
               << OptionsRecord::kCutoffDistanceShift;
    r.flags |= static_cast<std::uint32_t>(tracker.cutoff.approach)
               << OptionsRecord::kCutoffApproachShift;
    for (int i = 0; i < go::kNumPoints; ++i) {
        if (zone.contains(trackers::Corner::UpperRight, go::Point::from_index(i)))
            r.zone[static_cast<std::size_t>(i / 8)] |= static_cast<std::uint8_t>(1U << (i % 8));
    }
    return r;
}

TrackingOptions TrackingOptions::from_record(const OptionsRecord& record, const std::string& path) {
    TrackingOptions o;
    o.tracker.max_length = record.max_length;
    o.tracker.max_gap = record.max_gap;
    o.opening.max_moves = static_cast<int>(std::min<std::uint32_t>(record.fuseki_moves, 1U << 30));
    o.duplicates_kept = (record.flags & OptionsRecord::kDuplicatesKept) != 0;
    const auto kind = (record.flags >> OptionsRecord::kCutoffKindShift) & 0xFFU;
    const auto distance = (record.flags >> OptionsRecord::kCutoffDistanceShift) & 0xFFU;
    const auto approach = (record.flags >> OptionsRecord::kCutoffApproachShift) & 0xFFU;
    const std::optional<trackers::CutoffRule> rule = trackers::cutoff_from_code(
        static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(distance),
        static_cast<std::uint8_t>(approach));
    if (!rule)
        throw_damaged(path, "its cutoff rule (kind " + std::to_string(kind) + ", distances " +
                                std::to_string(approach) + "," + std::to_string(distance) +
                                ") is unknown");
    o.tracker.cutoff = *rule;
    std::array<bool, go::kNumPoints> table{};
    for (int i = 0; i < go::kNumPoints; ++i)
        table[static_cast<std::size_t>(i)] =
            ((record.zone[static_cast<std::size_t>(i / 8)] >> (i % 8)) & 1U) != 0;
    std::string why;
    std::optional<trackers::Zone> zone = trackers::Zone::from_table(table, why);
    if (!zone) throw_damaged(path, "its zone map: " + why);
    o.zone = *zone;
    return o;
}

TrackingOptions tracking_options(const IndexFile& index) {
    return TrackingOptions::from_record(index.options(), index.path());
}

bool TrackingOptions::default_zone() const {
    return zone.to_map() == trackers::Zone::default_zone().to_map();
}

std::string TrackingOptions::describe() const {
    const auto limit = [](std::size_t n) {
        return n == 0 ? std::string("none") : std::to_string(n);
    };
    return std::string("zones ") + (default_zone() ? "default" : "custom") + " (" +
           std::to_string(zone.size()) + " points), max-length " + limit(tracker.max_length) +
           ", max-gap " + limit(tracker.max_gap) + ", fuseki-moves " +
           std::to_string(opening.max_moves) + (duplicates_kept ? ", duplicates kept" : "") +
           (tracker.cutoff.local() ? ", cutoff " + tracker.cutoff.name() : "");
}

std::vector<std::byte> encode_output_arguments(std::span<const std::string> arguments) {
    std::vector<std::byte> bytes;
    for (const std::string& argument : arguments) {
        const auto* text = reinterpret_cast<const std::byte*>(argument.data());
        bytes.insert(bytes.end(), text, text + argument.size());
        bytes.push_back(std::byte{0});
    }
    return bytes;
}

std::optional<std::vector<std::string>> output_arguments(const IndexFile& index) {
    const SectionView& section =
        index.section(static_cast<std::uint32_t>(SectionId::OutputOptions));
    if (!section.present) return std::nullopt;
    // An argument is a path or a number: a section larger than this is no list of options.
    constexpr std::uint64_t kMostBytes = 1U << 20;
    if (section.count > kMostBytes)
        throw_damaged(index.path(), "its output options section holds " +
                                        std::to_string(section.count) + " bytes");
    std::vector<std::byte> bytes(section.count);
    index.read_bytes(section, 0, bytes);
    if (!bytes.empty() && bytes.back() != std::byte{0})
        throw_damaged(index.path(), "its output options section does not end its last argument");
    std::vector<std::string> arguments;
    std::string argument;
    for (const std::byte b : bytes) {
        if (b == std::byte{0}) {
            arguments.push_back(std::move(argument));
            argument.clear();
        } else {
            argument.push_back(static_cast<char>(b));
        }
    }
    return arguments;
}

}  // namespace josekic::index
