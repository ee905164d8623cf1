// The tile geometry both games share: sides and slots, their rotations, terrain, region kinds,
// road ends and sights, the neighbour steps, and what a catalog may hold. The co-op game's board,
// actions and results are in engine/coop/types.h, the competitive game's in engine/versus/versus.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mists {

// ---- Sides and slots ---------------------------------------------------------------------------
// A square tile has 4 sides (N E S W) of 3 slots each, numbered clockwise as seen from the tile's
// centre: slot index = side * 3 + (k - 1) for slot name <side><k>. Road slots are middle slots.
enum Side : uint8_t { North = 0, East = 1, South = 2, West = 3, SIDE_NB = 4 };
constexpr int SLOT_NB = 12;
using SlotMask = uint16_t;  // bit i = slot i

constexpr int slot_of(int side, int k) { return side * 3 + k; }  // k in 0..2
constexpr int side_of_slot(int slot) { return slot / 3; }
constexpr Side opposite(int side) { return Side((side + 2) & 3); }
// The slot of the neighbour across `side` that touches `slot`: N1 meets the south neighbour's S3...
constexpr int facing_slot(int slot) { return opposite(slot / 3) * 3 + (2 - slot % 3); }
// A tile's turn in words, as the pages and the step words say it: "unturned", "turned 1 quarter turn
// clockwise", "turned 3 quarter turns clockwise".
inline std::string turn_words(int rot) {
  return rot == 0 ? std::string("unturned") : "turned " + std::to_string(rot) + (rot == 1 ? " quarter turn" : " quarter turns") + " clockwise";
}
// Where `slot` goes when the tile turns clockwise by `rot` quarter turns.
constexpr int rotate_slot(int slot, int rot) { return (slot + 3 * rot) % SLOT_NB; }
constexpr SlotMask side_mask(int side) { return SlotMask(7u << (side * 3)); }
constexpr SlotMask rotate_mask(SlotMask m, int rot) {
  const int s = 3 * (rot & 3);
  return SlotMask(((m << s) | (m >> (SLOT_NB - s))) & 0xFFF);
}
std::string slot_name(int slot);  // "N1".."W3"

// ---- Terrain -------------------------------------------------------------------------------------
// Terrain of one side for placement legality (mist is ignored there, R2.1).
enum class Terrain : uint8_t { Field = 0, Road = 1, City = 2 };

// Features a tile region can be.
enum class RegionKind : uint8_t { City, Road, Field, Mist, Castle, Cemetery, Monastery, Garden, KIND_NB };
std::string_view kind_name(RegionKind k);

enum class RoadEnd : uint8_t { Village, Castle, Ruin, City, Monastery };
std::string_view road_end_name(RoadEnd e);

// Small illustrations beside a road that pay tolls (catalog key `sights`, docs/tiles.md).
enum class Sight : uint8_t { Farmhouse, Stable, Garden, Brigands, Travellers, SIGHT_NB };
std::string_view sight_name(Sight s);

// What a tile that fits nowhere does (co-op R2.2, competitive G1.4: only `discard` there).
enum class Unplaceable : uint8_t { Discard, Lose };
std::string_view switch_value(Unplaceable v);  // "discard", "lose"

// ---- Neighbours ------------------------------------------------------------------------------------
// Steps to the neighbour across each side (N E S W), x growing east and y south.
constexpr std::array<int, SIDE_NB> DX = {0, 1, 0, -1};
constexpr std::array<int, SIDE_NB> DY = {-1, 0, 1, 0};
// The 8 cells around a cell, orthogonal ones first (N E S W), then NE SE SW NW.
constexpr std::array<int, 8> RING_DX = {0, 1, 0, -1, 1, 1, -1, -1};
constexpr std::array<int, 8> RING_DY = {-1, 0, 1, 0, -1, 1, 1, -1};

// ---- What a catalog may hold -------------------------------------------------------------------------
// validate() refuses a catalog beyond these, so that one that validates can be played by the co-op
// engine (the competitive engine checks its own, larger capacities when it builds its rules).
constexpr int MAX_TILES = 96;        // placed tiles, start cells (and special tiles) included
constexpr int MAX_TYPES = 96;        // tile designs in play: catalog designs, start cells, special tiles
constexpr int MAX_REGIONS = 32;     // regions of one tile design in a catalog (fields included)
constexpr uint8_t NO_TILE = 0xFF;     // no tile: a placed-tile index or a design that is not there

}  // namespace mists
