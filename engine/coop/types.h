// The co-op game's basic types: colours, the board, capacities, the team's actions and the game
// results. The tile geometry beneath them is the kit's (engine/kit/types.h).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/coop/layer.h"
#include "engine/coop/layer.h"
#include "engine/kit/types.h"

namespace mists {

// ---- Colours ---------------------------------------------------------------------------------
constexpr int COLOUR_NB = 6;
constexpr std::array<std::string_view, COLOUR_NB> COLOUR_NAMES = {"red",   "green", "blue",
                                                                  "yellow", "black", "pink"};

// ---- Board -----------------------------------------------------------------------------------------
// The board is a 64 x 64 grid whose outer ring is a wall: cells x, y in 1..62 hold tiles. Row y is
// one 64-bit word of a bitboard (bit x). The start tile's north-west cell sits at (31, 31).
constexpr int BOARD_W = 64;
constexpr int BOARD_H = 64;
constexpr int CELL_NB = BOARD_W * BOARD_H;
constexpr int START_X = 31;
constexpr int START_Y = 31;
using Cell = uint16_t;  // y * BOARD_W + x
constexpr Cell make_cell(int x, int y) { return Cell(y * BOARD_W + x); }
constexpr int cell_x(Cell c) { return c % BOARD_W; }
constexpr int cell_y(Cell c) { return c / BOARD_W; }
constexpr bool inside(int x, int y) { return x >= 1 && x <= BOARD_W - 2 && y >= 1 && y <= BOARD_H - 2; }
// ---- Capacities --------------------------------------------------------------------------------------
constexpr int MAX_NODES = 512;       // feature regions of all placed tiles
constexpr int MAX_MEEPLES = 30;      // 6 colours x 5
constexpr int MAX_PILES = 3;
constexpr int MAX_PLAYERS = 5;
constexpr int MAX_PENDING = 32;      // scorings of one placement: <= 8 features on the tile + 8 castles (and the
                                     // abbey's monastery) around, and with tollhouses (CT3) up to 2 tolls a road
constexpr int MAX_ACTIONS = 4096;    // legal options at one decision point, at most

// A set of placed-tile indices (0 .. MAX_TILES-1), for counting the tiles of a feature.
struct TileSet {
  std::array<uint64_t, 2> w{};
  void add(int t) { w[size_t(t >> 6)] |= 1ull << (t & 63); }
  int count() const { return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]); }
};
static_assert(MAX_TILES <= 128, "TileSet holds 128 tile indices");

// ---- Actions -----------------------------------------------------------------------------------------
// A team decision packed in 32 bits:
//   bits  0..3   kind (ActionKind)
//   bits  4..15  a: a cell (Place, Haunt, Abbey), a meeple (Bury, Hound, Upgrade), a region (Meeple,
//                   Fewer), a pending scoring (Score), a tile (CemeteryGhost, GhostArea, Chip), a
//                   node (Wagon), tile << 4 | junction (Toll)
//   bits 16..23  b: rotation (Place), colour (Meeple, Abbey, Toll, Chip), tile or NO_TILE (Score,
//                   Hound), a region of tile a (GhostArea), the chips paid (Upgrade)
//   bits 24..31  c: second tile or NO_TILE (Hound), the piece kind (Meeple), 1 + the tollhouse
//                   moved or 0 for a new one (Toll)
enum class ActionKind : uint8_t {
  Place,          // a = cell, b = rotation
  Meeple,         // a = region index on the placed tile or 0xFFF for none, b = colour
  Score,          // a = pending index, b = tile to clear or NO_TILE to take the points
  Bury,           // a = meeple
  CemeteryGhost,  // a = tile index of the open cemetery that gets the ghost
  Hound,          // a = meeple, b and c = tiles to clear or NO_TILE
  Haunt,          // a = cell for the face-down tile
  Fewer,          // a = mist region of the placed tile that gets one ghost fewer (R3.3)
  GhostArea,      // a = misty tile next to a new cemetery, b = its mist region that takes the ghost (R7.2)
  // The levers (docs/rules.md C):
  Abbey,          // a = cell or NO_REGION (draw instead), b = colour of the abbey or 0xFF (team) (CA2)
  Toll,           // a = tile << 4 | junction, b = colour (new), c = 1 + tollhouse moved or 0 (CT2)
  Chip,           // a = tile to clear or NO_TILE (the points), b = colour that takes the chip (CM2, CM3)
  Upgrade,        // a = meeple or NO_REGION (none), b = the payment (UpgradePay) (CM4)
  Wagon,          // a = target node or NO_REGION (home), b = the wagon (CA8)
};
constexpr uint16_t NO_REGION = 0xFFF;
// Chips paid for an upgrade (CM4): worth exactly 4.
enum class UpgradePay : uint8_t { Ones4 = 0, Ones2Two = 1, Twos2 = 2 };

struct Action {
  uint32_t bits = 0;
  static constexpr Action make(ActionKind k, uint32_t a, uint32_t b = 0, uint32_t c = 0) {
    return Action{uint32_t(k) | (a & 0xFFF) << 4 | (b & 0xFF) << 16 | (c & 0xFF) << 24};
  }
  constexpr ActionKind kind() const { return ActionKind(bits & 0xF); }
  constexpr uint32_t a() const { return (bits >> 4) & 0xFFF; }
  constexpr uint32_t b() const { return (bits >> 16) & 0xFF; }
  constexpr uint32_t c() const { return (bits >> 24) & 0xFF; }
  friend constexpr bool operator==(Action x, Action y) { return x.bits == y.bits; }
};

// ---- Game results -------------------------------------------------------------------------------
enum class Outcome : uint8_t { Ongoing, Won, Lost };
enum class LossCause : uint8_t {
  None,
  GhostSupply,   // R3.5: fewer ghosts in the supply than must be placed
  Pile1Target,   // R6.4: pile 1 ran out before hound 1 was reached
  Pile2Target,   // R6.4: pile 2 ran out before hound 2 was reached
  TilesOut,      // R6.4: the last pile ran out before the goal
  Unplaceable,   // R2.2 with unplaceable = "lose": a drawn tile fitted nowhere
};
std::string_view loss_cause_name(LossCause c);

}  // namespace mists
