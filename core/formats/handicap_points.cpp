#include "core/formats/handicap_points.hpp"

namespace josekic::formats {

std::vector<go::Point> handicap_points(int stones) {
    if (stones < 2 || stones > 9) return {};
    constexpr std::uint8_t kNear = 3;
    constexpr std::uint8_t kFar = go::kLastLine - 3;
    constexpr std::uint8_t kMiddle = go::kLastLine / 2;
    // Tygem's order: the diagonal lower-left/upper-right first, so that 3 stones leave the
    // lower-right 4-4 point free (the file of a 3-stone game shows dp, pd, dd).
    std::vector<go::Point> points = {{kNear, kFar}, {kFar, kNear}, {kNear, kNear}, {kFar, kFar}};
    const go::Point centre{kMiddle, kMiddle};
    const go::Point left{kNear, kMiddle};
    const go::Point right{kFar, kMiddle};
    const go::Point top{kMiddle, kNear};
    const go::Point bottom{kMiddle, kFar};
    switch (stones) {
        case 5:
            points.push_back(centre);
            break;
        case 6:
            points.insert(points.end(), {left, right});
            break;
        case 7:
            points.insert(points.end(), {left, right, centre});
            break;
        case 8:
            points.insert(points.end(), {left, right, top, bottom});
            break;
        case 9:
            points.insert(points.end(), {left, right, top, bottom, centre});
            break;
        default:
            break;
    }
    points.resize(static_cast<std::size_t>(stones));
    return points;
}

}  // namespace josekic::formats
