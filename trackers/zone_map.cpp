// render_zone_map (declared in zone.hpp): the picture `josekic zones` prints.
#include <string>

#include "trackers/zone.hpp"

namespace josekic::trackers {

std::string render_zone_map(const Zone& zone) {
    int overlap_points = 0;
    std::string board;
    std::string letters = "   ";
    for (int x = 0; x < go::kBoardSize; ++x) {
        letters += static_cast<char>('a' + x);
        letters += ' ';
    }
    letters.back() = '\n';
    board += letters;
    for (int y = 0; y < go::kBoardSize; ++y) {
        board += ' ';
        board += static_cast<char>('a' + y);
        board += ' ';
        for (int x = 0; x < go::kBoardSize; ++x) {
            const go::Point p{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
            int zones = 0;
            int rings = 0;
            for (Corner c : kAllCorners) {
                zones += zone.contains(c, p) ? 1 : 0;
                rings += zone.in_ring(c, p) ? 1 : 0;
            }
            char mark = '.';
            if (zones == 1)
                mark = rings > 0 ? '*' : '#';
            else if (zones > 1)
                mark = static_cast<char>('0' + zones);
            else if (rings > 0)
                mark = 'o';
            else if (x == 9 && y == 9)
                mark = '+';
            if (zones > 1) ++overlap_points;
            board += mark;
            board += (x + 1 < go::kBoardSize) ? ' ' : '\n';
        }
    }
    std::string out =
        "Corner zones (SGF coordinates; the upper-right zone is the map, the others its "
        "rotations)\n\n";
    out += board;
    out += "\n";
    out += "  #  in the zone of one corner: a stone here extends that corner's sequence\n";
    out += "  2  in the zones of two neighbouring corners (overlap): a stone here extends both\n";
    out += "  *  in the zone of one corner and the exclusion ring of another\n";
    out +=
        "  o  exclusion ring of a corner (outside its zone, next to it): a stone here shuts that\n";
    out += "     corner's tracker off for the rest of the game\n";
    out += "  +  tengen, in no zone\n";
    out += "  .  in no zone and no ring\n\n";
    out += "Each zone has " + std::to_string(zone.size()) + " points and a ring of " +
           std::to_string(zone.ring_size()) + " points; " + std::to_string(overlap_points) +
           " points lie in two or more zones.\n";
    return out;
}

}  // namespace josekic::trackers
