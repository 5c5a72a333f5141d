#include "index/position_keys.hpp"

#include <utility>

#include "core/go/symmetry.hpp"

namespace josekic::index {

namespace {

// Mixes a ko point into a key; a different constant from any stone key's table.
std::uint64_t ko_key(go::Point ko) {
    std::uint64_t z = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(ko.index() + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

PositionKeyer::PositionKeyer(Tree tree) : tree_(tree) {}

void PositionKeyer::play(const go::Move& move) {
    last_step_ = tracker_.play(move);
}

std::optional<go::Point> PositionKeyer::ko() const {
    // A forced move (a record's illegal one) leaves no ko, whatever the forcing left on the
    // board: keys written by earlier versions say so.
    if (tree_ != Tree::Fuseki || last_step_ != dictionary::ReplayStep::Played) return std::nullopt;
    return tracker_.board().ko_point();
}

std::uint64_t PositionKeyer::key() const {
    const dictionary::PositionTracker::CanonicalChoice choice = tracker_.canonical_choice();
    std::uint64_t key = choice.key.low;
    if (const std::optional<go::Point> ko_point = ko())
        key ^= ko_key(go::apply(choice.symmetry, *ko_point));
    return key;
}

std::vector<std::uint16_t> PositionKeyer::exact_form() const {
    std::vector<std::uint16_t> form;
    dictionary::append_canonical_form_with_ko(tracker_.board(), tracker_.to_move(), ko(), form);
    return form;
}

PositionWalk::PositionWalk(Tree tree) : slots_{PositionKeyer(tree)} {}

PositionWalk::Slot PositionWalk::enter(Slot parent, bool last, const go::Move& move) {
    Slot slot = parent;
    if (!last) {
        if (free_.empty()) {
            slots_.push_back(slots_[parent]);
            slot = slots_.size() - 1;
        } else {
            slot = free_.back();
            free_.pop_back();
            slots_[slot] = slots_[parent];
        }
    }
    slots_[slot].play(move);
    return slot;
}

}  // namespace josekic::index
