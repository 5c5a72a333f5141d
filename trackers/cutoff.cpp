#include "trackers/cutoff.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace josekic::trackers {

namespace {

// The one table of rules: the name `--cutoff` takes, and what the rule does with a ring
// stone. Names are data the user types and reports print; kinds are stored in the index.
struct RuleSpec {
    CutoffRule::Kind kind;
    std::string_view name;
    RingStone ring;
    bool ends_when_left_alone;
};

constexpr std::array<RuleSpec, 5> kRules = {{
    {CutoffRule::Kind::Ring, "ring", RingStone::Ends, false},
    {CutoffRule::Kind::Locality, "locality", RingStone::Ends, false},
    {CutoffRule::Kind::Spill, "spill", RingStone::EndsWhenNear, false},
    {CutoffRule::Kind::Contact, "contact", RingStone::EndsOnContact, false},
    {CutoffRule::Kind::Contested, "contested", RingStone::Ends, true},
}};

const RuleSpec& spec(CutoffRule::Kind kind) {
    for (const RuleSpec& s : kRules) {
        if (s.kind == kind) return s;
    }
    return kRules.front();
}

}  // namespace

RingStone CutoffRule::ring_stone() const {
    return spec(kind).ring;
}

bool CutoffRule::ends_when_left_alone() const {
    return spec(kind).ends_when_left_alone;
}

std::string CutoffRule::name() const {
    std::string out(spec(kind).name);
    if (!local() || (distance == kDefaultLocalityDistance && approach == kDefaultApproachDistance))
        return out;
    out += ":";
    if (approach != distance) out += std::to_string(approach) + ",";
    return out + std::to_string(distance);
}

std::optional<CutoffRule> parse_cutoff(std::string_view text) {
    const std::size_t colon = text.find(':');
    const std::string_view word = text.substr(0, colon);
    for (const RuleSpec& s : kRules) {
        if (s.name != word) continue;
        CutoffRule rule{s.kind, 0, 0};
        if (!rule.local()) {
            if (colon != std::string_view::npos) return std::nullopt;
            return rule;
        }
        rule.distance = kDefaultLocalityDistance;
        rule.approach = kDefaultApproachDistance;
        if (colon == std::string_view::npos) return rule;
        const auto number = [](std::string_view digits) -> std::optional<std::uint8_t> {
            unsigned value = 0;
            const auto [end, error] =
                std::from_chars(digits.data(), digits.data() + digits.size(), value);
            if (error != std::errc{} || end != digits.data() + digits.size() || value == 0 ||
                value > kMaxLocalityDistance)
                return std::nullopt;
            return static_cast<std::uint8_t>(value);
        };
        const std::string_view distances = text.substr(colon + 1);
        const std::size_t comma = distances.find(',');
        const std::optional<std::uint8_t> distance = number(distances.substr(comma + 1));
        const std::optional<std::uint8_t> approach =
            comma == std::string_view::npos ? distance : number(distances.substr(0, comma));
        if (!distance || !approach || *approach > *distance) return std::nullopt;
        rule.distance = *distance;
        rule.approach = *approach;
        return rule;
    }
    return std::nullopt;
}

std::optional<CutoffRule> cutoff_from_code(std::uint8_t kind, std::uint8_t distance,
                                           std::uint8_t approach) {
    for (const RuleSpec& s : kRules) {
        if (static_cast<std::uint8_t>(s.kind) != kind) continue;
        const CutoffRule rule{s.kind, distance, approach};
        const bool valid =
            rule.local() ? approach >= 1 && approach <= distance && distance <= kMaxLocalityDistance
                         : distance == 0 && approach == 0;
        return valid ? std::optional<CutoffRule>(rule) : std::nullopt;
    }
    return std::nullopt;
}

std::string cutoff_names() {
    std::string out;
    for (const RuleSpec& s : kRules) {
        if (!out.empty()) out += ", ";
        out += s.name;
        if (s.kind != CutoffRule::Kind::Ring) out += "[:N|:A,N]";
    }
    return out;
}

bool in_corner_proper(Corner corner, go::Point p) {
    const go::Point upper_right = go::apply(go::inverse(rotation_from_upper_right(corner)), p);
    return go::kBoardSize - 1 - upper_right.x < kFirstStoneLines &&
           upper_right.y < kFirstStoneLines;
}

int board_distance(go::Point a, go::Point b) {
    return std::max(std::abs(int{a.x} - int{b.x}), std::abs(int{a.y} - int{b.y}));
}

}  // namespace josekic::trackers
