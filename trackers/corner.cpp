// corner.hpp is constexpr; this unit keeps its static_asserts compiled into the library.
#include "trackers/corner.hpp"
