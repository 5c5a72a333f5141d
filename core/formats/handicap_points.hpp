#pragma once

#include <vector>

#include "core/go/point.hpp"

namespace josekic::formats {

/// The points of `stones` handicap stones (2..9) on the 19x19 board where the servers put
/// them and their files leave them unwritten (GIB, NGF give only the number): the four
/// 4-4 points, lower-left and upper-right first, then the upper-left and the lower-right;
/// 5, 7 and 9 add the centre; 6 and 7 the sides' 4-10 points left and right; 8 and 9 all
/// four sides' 4-10 points. Empty for any other number.
std::vector<go::Point> handicap_points(int stones);

}  // namespace josekic::formats
