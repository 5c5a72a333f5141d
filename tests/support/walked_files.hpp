#pragma once

#include <string>
#include <vector>

#include "core/input/walker.hpp"

namespace josekic::test_support {

/// Every file a walk of `inputs` hands on, in walk order.
inline std::vector<input::InputFile> walk_all(const std::vector<std::string>& inputs) {
    std::vector<input::InputFile> files;
    input::walk_inputs(inputs, [&](input::InputFile&& f) {
        files.push_back(std::move(f));
        return input::WalkControl::Continue;
    });
    return files;
}

}  // namespace josekic::test_support
