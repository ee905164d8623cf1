// The pieces of a design's play tables that both games compile the same way from a catalog entry
// (the co-op game's in engine/coop/rules.cpp, the competitive game's in engine/versus/rules.cpp):
// side terrains per rotation, the sides a region touches, the sights beside a road, junctions as
// road regions, and which rotations give a tile unlike the smaller ones.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/kit/catalog.h"

namespace mists {

// The side terrains of `spec` turned clockwise by `rot` quarter turns, 2 bits a side (Terrain),
// North at bits 0-1: a rotation fits a hole when (sides & mask) == value.
uint8_t turned_sides(const TileSpec& spec, int rot);

// How many sides (0-4) the slots in `slots` touch: a city's or road's open connections when its
// tile stands alone.
int sides_touched(SlotMask slots);

// Sights beside road `r` (E4, T3.1): the travellers' groups apart from every other sight.
void count_sights(const RegionSpec& r, uint8_t& sights, uint8_t& travellers);

// The junctions of a design (tile_junctions, E3) as the region indices of their roads; throws
// ConfigError "tile ID: junction: ..." for a road position that names no road of the tile.
std::vector<std::vector<int>> junction_regions(const TileSpec& spec);

// Which rotations to offer: rotation r is kept unless `same(r, prev)` for a smaller rotation prev,
// that is unless the turned tile plays exactly as one already offered. Rotation 0 is always kept.
template <class Same>
std::array<bool, 4> distinct_rotations(Same&& same) {
  std::array<bool, 4> ok{};
  for (int rot = 0; rot < 4; ++rot) {
    ok[size_t(rot)] = true;
    for (int prev = 0; prev < rot && ok[size_t(rot)]; ++prev)
      if (same(rot, prev)) ok[size_t(rot)] = false;
  }
  return ok;
}

}  // namespace mists
