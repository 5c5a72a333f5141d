#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/go/point.hpp"
#include "trackers/corner.hpp"

namespace josekic::trackers {

/// What a point is to one corner's tracker.
enum class ZoneRole : std::uint8_t {
    Outside,  ///< neither in the zone nor next to it: moves there are tenuki for this corner
    Zone,     ///< in the corner's zone: a stone here extends the corner's sequence
    Ring,     ///< in the exclusion ring (outside the zone, orthogonally adjacent to it): a stone
              ///< here shuts the corner's tracker off for the rest of the game
};

/// The region of the board that belongs to a corner. A Zone is defined once, as a set of
/// points for the upper-right corner; the zone of every other corner is its image under
/// rotation_from_upper_right(). The exclusion ring is derived, never given. A Zone is
/// always valid: non-empty, symmetric about the upper-right corner's diagonal (point (x, y)
/// with its image (18 - y, 18 - x)) and without tengen; the factories refuse anything else.
class Zone {
  public:
    /// The default zone, chosen from the answers to corner moves in 1,998 professional
    /// games (see zone.cpp for the figures): 98 points reaching 11 lines along each side
    /// (one past the middle) on lines 1-4, with a staircase toward the centre.
    static const Zone& default_zone();

    /// A built-in shape by name: "sawtooth" (the default zone), "7x7", "8x8", "10x10"
    /// (squares of that many lines in the corner; the 10x10 one without tengen), or nullopt.
    static std::optional<Zone> named(std::string_view name);
    /// The names named() knows, for help and errors: "sawtooth, 7x7, 8x8, 10x10".
    static std::string shape_names();

    /// Reads an ASCII map of the upper-right zone:
    /// - lines whose first non-blank character is ';' are comments, blank lines are skipped;
    /// - every other line is one board row, top row first: 19 points, 'X' in the zone, '.'
    ///   outside; spaces and tabs between points are ignored (so "X X ." style works);
    /// - exactly 19 rows.
    /// Problems are reported to `sink` as errors at `path`:line:col, and the result is then
    /// nullopt: unknown characters, rows of the wrong length, a wrong number of rows, an
    /// empty zone, tengen in the zone, or a zone not symmetric about the diagonal.
    static std::optional<Zone> from_map(std::string_view text, std::string_view path,
                                        diag::DiagnosticSink& sink);

    /// The zone of `--zones NAME|FILE`: the default zone for an empty name, a built-in shape
    /// by name (unless a file of that name is there), else the map in the file. Throws
    /// std::runtime_error naming the file for one that cannot be read or used.
    static Zone load(const std::string& zones_file);

    /// Builds a zone from a 361-entry membership table of the upper-right zone (index
    /// Point::index()). On refusal returns nullopt and puts the reason into `why`.
    static std::optional<Zone> from_table(const std::array<bool, go::kNumPoints>& upper_right,
                                          std::string& why);

    /// The role of `p` for `corner`'s tracker (constant-time table look-up).
    ZoneRole role(Corner corner, go::Point p) const {
        return roles_[static_cast<int>(corner)][static_cast<std::size_t>(p.index())];
    }
    bool contains(Corner corner, go::Point p) const { return role(corner, p) == ZoneRole::Zone; }
    bool in_ring(Corner corner, go::Point p) const { return role(corner, p) == ZoneRole::Ring; }

    /// The corners for which `p` is not Outside (in the zone or the ring), as a set of bits:
    /// bit static_cast<int>(corner) for each. A stone there can change only these corners'
    /// trackers, so one look-up serves all four.
    std::uint8_t corners_touched(go::Point p) const {
        return touched_[static_cast<std::size_t>(p.index())];
    }

    /// Number of points of one corner's zone (the same for every corner).
    int size() const { return size_; }
    /// Number of points of one corner's exclusion ring.
    int ring_size() const { return ring_size_; }

    /// The map of the upper-right zone in the format from_map() reads (no comments).
    std::string to_map() const;

  private:
    Zone() = default;
    std::array<std::array<ZoneRole, go::kNumPoints>, 4> roles_{};
    std::array<std::uint8_t, go::kNumPoints> touched_{};
    int size_ = 0;
    int ring_size_ = 0;
};

/// The whole board with every point marked for `josekic zones`: which corners' zones hold
/// it (one, or an overlap of two or more), the exclusion rings, tengen and the rest, with
/// SGF coordinates along the edges and a legend. Plain ASCII, lines ended by '\n'.
std::string render_zone_map(const Zone& zone);

}  // namespace josekic::trackers
