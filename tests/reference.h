// A slow, obviously-correct reference for tile placement (R2.1, R7.4, R7.5), written from
// docs/rules.md and docs/tiles.md only: it reads the raw catalog entries
// (TileSpec) and the placed tiles of a State, and uses none of the engine's rule tables
// (Orientation, rot_ok, sides masks) or its slot helpers. The perft tests compare the engine's
// fast generator with it. Header-only.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "engine/coop/rules.h"
#include "engine/coop/state.h"

namespace mists::reference {

// Slots as in docs/tiles.md: index = side * 3 + (k - 1), sides N E S W = 0 1 2 3, k = 1 2 3 clockwise.
constexpr int N_SLOTS = 12;

// The terrain letter at `slot` of `spec` turned clockwise by `rot` quarter turns. A clockwise
// quarter turn carries the north side to the east: N1 (west end of north) becomes E1 (north end
// of east), i.e. slot i moves to slot i + 3, so the turned tile's slot t shows the unturned slot
// t - 3 * rot.
inline char turned_letter(const TileSpec& spec, int rot, int slot) {
  return spec.edges[size_t(((slot - 3 * rot) % N_SLOTS + N_SLOTS) % N_SLOTS)];
}

// Where a slot mask goes under `rot` clockwise quarter turns (each slot i to i + 3 * rot).
inline unsigned turned_mask(unsigned mask, int rot) {
  unsigned out = 0;
  for (int i = 0; i < N_SLOTS; ++i)
    if (mask >> i & 1u) out |= 1u << ((i + 3 * rot) % N_SLOTS);
  return out;
}

// The slot of the neighbour across side `side` that touches slot `k` (0-based) of that side:
// N1 N2 N3 meet the north neighbour's S3 S2 S1, E1 E2 E3 the east neighbour's W3 W2 W1 (docs/tiles.md).
inline int touching_slot(int side, int k) { return ((side + 2) % 4) * 3 + (2 - k); }

// Everything that tells a tile in one rotation from another: its 12 edge letters and each region
// with its kind, the slots it covers and its attributes (arms, ghost symbols, a dead-end road's end,
// the cities a field borders - named by their slots). Two rotations with equal descriptions are the
// same tile on the table.
inline std::string describe_turned(const TileSpec& spec, int rot) {
  std::string edges;
  for (int t = 0; t < N_SLOTS; ++t) edges += turned_letter(spec, rot, t);
  std::vector<unsigned> city_masks;
  for (const RegionSpec& r : spec.regions)
    if (r.kind == RegionKind::City) city_masks.push_back(turned_mask(r.slots, rot));
  std::vector<std::string> regions;
  for (const RegionSpec& r : spec.regions) {
    std::string d = std::to_string(int(r.kind)) + ":" + std::to_string(turned_mask(r.slots, rot));
    if (r.kind == RegionKind::City) d += " arms " + std::to_string(r.arms);
    if (r.kind == RegionKind::Mist) d += " ghosts " + std::to_string(r.ghosts);
    if (r.kind == RegionKind::Road && __builtin_popcount(r.slots) == 1) d += " end " + std::to_string(int(r.end));
    if (r.kind == RegionKind::Field) {
      std::vector<unsigned> borders;
      for (int c : r.cities)
        if (c >= 0 && size_t(c) < city_masks.size()) borders.push_back(city_masks[size_t(c)]);
      std::sort(borders.begin(), borders.end());
      d += " cities";
      for (unsigned b : borders) d += " " + std::to_string(b);
    }
    regions.push_back(d);
  }
  std::sort(regions.begin(), regions.end());
  std::string out = edges;
  for (const auto& r : regions) out += " | " + r;
  return out;
}

// Rotations that give a tile unlike every smaller rotation.
inline std::array<bool, 4> distinct_rotations(const TileSpec& spec) {
  std::array<bool, 4> ok{};
  for (int r = 0; r < 4; ++r) {
    ok[size_t(r)] = true;
    for (int p = 0; p < r; ++p)
      if (describe_turned(spec, r) == describe_turned(spec, p)) ok[size_t(r)] = false;
  }
  return ok;
}

// The placed tile at board cell (x, y), or -1 (row y holds cells y * BOARD_W + x, types.h).
inline int tile_at_cell(const State& s, int x, int y) { return int(s.cell[size_t(y * BOARD_W + x)]) - 1; }

// One legal placement: board cell and clockwise quarter turns.
struct Placement {
  int x, y, rot;
  friend bool operator<(const Placement& a, const Placement& b) {
    return std::tie(a.y, a.x, a.rot) < std::tie(b.y, b.x, b.rot);
  }
  friend bool operator==(const Placement& a, const Placement& b) {
    return a.x == b.x && a.y == b.y && a.rot == b.rot;
  }
};

// Every legal placement of tile design `type` on the board of `s`, by brute force: every empty
// cell of the playing area (x, y in 1..62), every rotation 0..3 that is not a repeat of a smaller
// one; every face-up orthogonal neighbour must match slot for slot by terrain (upper-cased letters,
// so mist is ignored, R2.1); face-down neighbours and abbeys match anything (R7.4, E5.2); at least
// one orthogonal neighbour must be face up (R2.1, R7.5; an abbey is face up).
inline std::set<Placement> placements(const Rules& R, const State& s, int type) {
  static constexpr int DXS[4] = {0, 1, 0, -1}, DYS[4] = {-1, 0, 1, 0};  // N E S W
  const TileSpec& spec = *R.types[size_t(type)].spec;
  const std::array<bool, 4> distinct = distinct_rotations(spec);
  std::set<Placement> out;
  for (int y = 1; y <= BOARD_H - 2; ++y)
    for (int x = 1; x <= BOARD_W - 2; ++x) {
      if (tile_at_cell(s, x, y) >= 0) continue;
      bool any_face_up = false;  // shortcut: without a face-up orthogonal neighbour no rotation fits
      for (int side = 0; side < 4; ++side) {
        const int nb = tile_at_cell(s, x + DXS[side], y + DYS[side]);
        any_face_up = any_face_up || (nb >= 0 && !s.tiles[size_t(nb)].face_down());
      }
      if (!any_face_up) continue;
      for (int rot = 0; rot < 4; ++rot) {
        if (!distinct[size_t(rot)]) continue;
        bool touches_face_up = false, fits = true;
        for (int side = 0; side < 4 && fits; ++side) {
          const int nb = tile_at_cell(s, x + DXS[side], y + DYS[side]);
          if (nb < 0) continue;
          const PlacedTile& other = s.tiles[size_t(nb)];
          if (other.face_down()) continue;
          touches_face_up = true;
          const TileSpec& ospec = *R.types[other.type].spec;
          if (ospec.any_edges) continue;  // an abbey: face up, and every side matches (E5.2, CA2)
          for (int k = 0; k < 3 && fits; ++k) {
            const char mine = char(std::toupper(turned_letter(spec, rot, side * 3 + k)));
            const char theirs = char(std::toupper(turned_letter(ospec, other.rot, touching_slot(side, k))));
            fits = mine == theirs;
          }
        }
        if (fits && touches_face_up) out.insert({x, y, rot});
      }
    }
  return out;
}

}  // namespace mists::reference
