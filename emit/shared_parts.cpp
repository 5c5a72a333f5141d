#include "emit/shared_parts.hpp"

#include <exception>

namespace josekic::emit {

SharedParts::SharedParts(EmitHelpers& helpers, const std::vector<dictionary::NodeId>& tops,
                         Format format)
    : helpers_(helpers) {
    if (tops.size() < 2) return;
    for (const dictionary::NodeId top : tops) dictionary_.parts.emplace_back().node = top;
    dictionary_.format = std::move(format);
    helpers_.add(dictionary_);
}

SharedParts::~SharedParts() {
    if (active()) helpers_.remove(dictionary_);
}

EmitHelpers::Part* SharedParts::next() {
    const std::size_t index = next_part_++;
    if (helpers_.take_in_order(dictionary_, index)) {
        in_part_ = true;
        return nullptr;
    }
    helpers_.wait_ready(dictionary_, index);
    EmitHelpers::Part& part = dictionary_.parts[index];
    if (part.failure) std::rethrow_exception(part.failure);
    return &part;
}

}  // namespace josekic::emit
