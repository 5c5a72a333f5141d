#pragma once

#include <cstdint>
#include <string_view>

#include "emit/dictionary_format.hpp"

namespace josekic::prune {

/// Which of the two dictionaries a trie holds: emit's type, so that what the dictionary
/// reader says about a file (RootInfo::kind) can be passed to apply() as it is.
using DictionaryKind = emit::DictionaryKind;

/// The dictionaries a prune entry applies to: both (no prefix in the list) or one.
enum class Scope : std::uint8_t { Both, Joseki, Fuseki };

/// True when an entry of this scope applies to a dictionary of this kind.
constexpr bool applies_to(Scope scope, DictionaryKind kind) {
    return scope == Scope::Both || (scope == Scope::Joseki) == (kind == DictionaryKind::Joseki);
}

}  // namespace josekic::prune
