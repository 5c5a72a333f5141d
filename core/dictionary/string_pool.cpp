#include "core/dictionary/string_pool.hpp"

#include <functional>
#include <limits>
#include <stdexcept>

namespace josekic::dictionary {

namespace {

std::uint32_t hash_of(std::string_view text) {
    return static_cast<std::uint32_t>(std::hash<std::string_view>{}(text));
}

}  // namespace

StringId StringPool::intern(std::string_view text) {
    if (2 * (ends_.size() + 1) > slots_.size()) grow_slots();
    const std::uint32_t hash = hash_of(text);
    const std::size_t mask = slots_.size() - 1;
    std::size_t at = hash & mask;
    for (; slots_[at].id != kNoString; at = (at + 1) & mask) {
        if (slots_[at].hash == hash && (*this)[slots_[at].id] == text) return slots_[at].id;
    }
    if (text.size() > std::numeric_limits<std::uint32_t>::max() - text_.size() ||
        ends_.size() >= kNoString)
        throw std::length_error("too much distinct text in the games' table");
    text_.insert(text_.end(), text.begin(), text.end());
    ends_.push_back(static_cast<std::uint32_t>(text_.size()));
    const auto id = static_cast<StringId>(ends_.size() - 1);
    slots_[at] = Slot{hash, id};
    return id;
}

void StringPool::grow_slots() {
    std::size_t size = 16;
    while (size < 2 * (ends_.size() + 1)) size *= 2;
    std::vector<Slot> old(size);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    const auto place = [this, mask](Slot s) {
        std::size_t at = s.hash & mask;
        while (slots_[at].id != kNoString) at = (at + 1) & mask;
        slots_[at] = s;
    };
    if (old.empty()) {
        for (StringId id = 0; id < ends_.size(); ++id) place(Slot{hash_of((*this)[id]), id});
    } else {
        for (const Slot& s : old)
            if (s.id != kNoString) place(s);
    }
}

}  // namespace josekic::dictionary
