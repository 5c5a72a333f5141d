#pragma once

#include <functional>
#include <string>
#include <utility>

#include "emit/extra_comment.hpp"

namespace josekic::emit::testing {

/// An ExtraComment from a function that gives each node's extra text as a string: tests
/// say what a node's comment should carry without writing a class each.
class ExtraText final : public ExtraComment {
  public:
    explicit ExtraText(std::function<std::string(dictionary::NodeId)> text_for)
        : text_for_(std::move(text_for)) {}
    void append(dictionary::NodeId node, TextBuffer& out) const override { out += text_for_(node); }

  private:
    std::function<std::string(dictionary::NodeId)> text_for_;
};

}  // namespace josekic::emit::testing
