#include "engine/kit/tiles.h"

#include <string>

#include "engine/kit/error.h"

namespace mists {

uint8_t turned_sides(const TileSpec& spec, int rot) {
  uint8_t sides = 0;
  for (int side = 0; side < SIDE_NB; ++side)
    sides |= uint8_t(uint8_t(side_terrain(spec, (side - rot + 4) & 3)) << (2 * side));
  return sides;
}

int sides_touched(SlotMask slots) {
  int sides = 0;
  for (int side = 0; side < SIDE_NB; ++side) sides += (slots & side_mask(side)) != 0;
  return sides;
}

void count_sights(const RegionSpec& r, uint8_t& sights, uint8_t& travellers) {
  for (Sight x : r.sights) (x == Sight::Travellers ? travellers : sights) += 1;
}

std::vector<std::vector<int>> junction_regions(const TileSpec& spec) {
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& j : tile_junctions(spec)) {
    std::vector<int>& roads = out.emplace_back();
    for (int pos : j) {
      const int r = spec.region_of(RegionKind::Road, pos);
      if (r < 0) throw ConfigError("tile " + spec.id + ": junction: road " + std::to_string(pos) + " is not a road of the tile");
      roads.push_back(r);
    }
  }
  return out;
}

}  // namespace mists
