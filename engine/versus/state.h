// A position of the competitive game and the moves on it: the board, the feature nodes, each
// seat's pieces and statistics, the actions, the deal's set-up, and the functions that draw, list
// the legal actions, apply them and count what the end would pay.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/versus/layer.h"
#include "engine/kit/game.h"
#include "engine/kit/union_find.h"
#include "engine/versus/rules.h"

namespace mists::vs {

// ---- Board ----------------------------------------------------------------------------------------
// The placed tiles by cell: an open-addressing hash table (linear probing) of at most VS_MAX_TILES
// entries in VS_BOARD_SLOTS slots, so a position copies 2 KB for its board instead of the whole
// VS_W x VS_W grid (102,400 bytes) while cells keep their grid numbers (records and action texts do
// not change). An entry packs the cell (24 bits) and the placed-tile index + 1 (8 bits); 0 is an
// empty slot. Tiles are never lifted, so no entry is ever removed.
constexpr int VS_BOARD_SLOTS = 512;  // a power of 2, at least 3 x VS_MAX_TILES: short probe runs
constexpr int VS_BOARD_BITS = 9;
static_assert(VS_BOARD_SLOTS == 1 << VS_BOARD_BITS && VS_BOARD_SLOTS >= 3 * VS_MAX_TILES && VS_CELLS < (1 << 24) &&
              VS_MAX_TILES < 255);
struct VsBoard {
  std::array<uint32_t, VS_BOARD_SLOTS> slot;
  static constexpr uint32_t home(VsCell c) { return (uint32_t(c) * 2654435761u) >> (32 - VS_BOARD_BITS); }
  // Placed-tile index + 1 at `c`, 0 when the cell is empty.
  uint8_t operator[](size_t c) const {
    for (uint32_t i = home(VsCell(c));; i = (i + 1) & (VS_BOARD_SLOTS - 1)) {
      const uint32_t e = slot[i];
      if (e == 0) return 0;
      if ((e >> 8) == c) return uint8_t(e & 0xFF);
    }
  }
  // Precondition: `c` is empty, `tile_plus_1` in 1..255.
  void set(VsCell c, uint8_t tile_plus_1) {
    uint32_t i = home(c);
    while (slot[i]) i = (i + 1) & (VS_BOARD_SLOTS - 1);
    slot[i] = uint32_t(c) << 8 | tile_plus_1;
  }
};


// ---- Position ------------------------------------------------------------------------------------
// A turn is Draw, Place, then in GCC the ghost steps (G2.4 step 2a), then Meeple. With Abbey &
// Mayor a seat holding its abbey first chooses between the abbey and a draw (AbbeyChoice, A2.1),
// and after the turn's scoring each wagon that scored may move (WagonMove, A4.2, decided by its
// owner). With Map-Chips a tile placed on a chip turns it up (ChipValue, a chance step, M3.1) and
// the meeple step is followed by the upgrade step (Upgrade, M4.1).
enum class VsPhase : uint8_t { Draw, Place, GhostOpponent, GhostOwn, Meeple, Over, AbbeyChoice, WagonMove, Upgrade, ChipValue };

struct VsNode {
  uint16_t parent = 0;
  uint16_t next = 0;     // circular list of the feature's members
  int16_t open = 0;      // root: open sides (city, road)
  uint8_t meeples = 0;   // root: meeples in the feature
  uint8_t done = 0;      // root: finished (city, road)
  uint8_t barns = 0;     // root: barns in the field (A5)
  uint8_t tile = 0;      // placed-tile index
  uint8_t region = 0;    // region index within the tile type
  RegionKind kind = RegionKind::Field;
  // As the root of a union, takes in what root `o` counted (kit/union_find.h).
  void absorb(const VsNode& o) {
    open = int16_t(open + o.open);
    meeples = uint8_t(meeples + o.meeples);
    done |= o.done;
    barns = uint8_t(barns + o.barns);
  }
};

struct VsTile {
  uint8_t type = 0, rot = 0;
  VsCell cell = 0;
  uint16_t node = 0;     // node of region 0; region r is node + r
};

// What a meeple slot holds (G4.1, A1.2, G1.11).
enum class VsPiece : uint8_t { Normal, Guard, Mayor, Wagon, Abbot };
std::string_view piece_name(VsPiece p);  // "normal", "guard", "mayor", "wagon", "abbot"

struct VsMeeple {
  uint16_t node = VS_NO_NODE;  // VS_NO_NODE: in the supply
  uint8_t ghosts = 0;          // ghosts attached (G3.5), 0..2
  VsPiece kind = VsPiece::Normal;
  uint8_t chip = 0;            // an upgrade: the value of the chip under it (M4.1), 0 none
  bool guard() const { return kind == VsPiece::Guard; }
};

// A seat's module pieces that are not meeples, and the state of its wagon and chips.
struct VsSeatPieces {
  uint16_t barn = VS_NO_NODE;      // the field node its barn stands on (the SE tile's N1 region, A5.1), or none
  uint16_t wagon_root = 0;         // a wagon waiting to move: the feature it scored in (A4.2)
  uint8_t wagon_tile = NO_TILE;    // and the tile it stood on (A4.3); NO_TILE: no wagon waiting
  uint8_t toll_tile = NO_TILE;     // its tollhouse: the placed tile of its junction, NO_TILE in the supply (T2.1)
  uint8_t toll_junction = 0;       // the junction's index on that tile
  uint8_t toll_face = 1;           // 1 small toll, 2 large toll (T1.1)
  uint8_t toll_flip = 0;           // travellers collected: turned over at the end of the turn (T3.4)
  std::array<uint8_t, 2> chips{};  // chips held face up, of value 1 and 2 (M3.1)
  uint8_t upgrades = 0;            // upgrades made this turn (M4.2)
};

// What happened to one seat in a game, for the analysis of GCC (zero in the base game).
struct VsSeatStats {
  uint16_t ghosts_taken = 0;    // ghosts attached to the seat's meeples (G3.3, G3.4)
  uint16_t scared_off = 0;      // meeples scared off by a third ghost (G3.6)
  uint16_t ghost_points = 0;    // points the seat's ghosts cost: 2 each in play (G3.7, G4.2), 1 at the end (G3.9)
  uint16_t guards_gained = 0;   // guards moved from the reserve (G4.2)
  uint16_t castle_points = 0;   // points castles paid the seat (G4.4, G4.5)
  uint16_t floor_points = 0;    // points the floor at 0 gave back (G3.8)
  // The modules (zero without them).
  uint16_t abbeys = 0;          // abbeys placed (A2.1)
  uint16_t mayors = 0;          // mayors placed (A3.1)
  uint16_t wagon_moves = 0;     // wagons moved to a new feature after a scoring (A4.2)
  uint16_t barn_points = 0;     // points barns paid: at the end (A5.5)
  uint16_t abbot_points = 0;    // points the abbot paid when taken back or finished (G1.11)
  uint16_t toll_points = 0;     // tolls collected (T3.1, T4.1)
  uint16_t chip_points = 0;     // chips taken (M3.1)
  uint16_t upgrades = 0;        // meeples upgraded (M4.1)
};

struct VsState {
  VsBoard grid;                         // placed-tile index + 1 by cell, 0 = empty
  std::array<VsTile, VS_MAX_TILES> tiles;
  uint8_t n_tiles;
  uint16_t n_nodes;
  std::array<VsCell, VS_MAX_FRONTIER> frontier;  // empty cells next to a tile, in no order
  // What the neighbours of each frontier cell ask of a tile there: a rotation with side terrains
  // `x` (VsOrientation::sides) fits iff (x & front_mask[i]) == front_value[i]. Kept up to date
  // by each placement, so the options are found without reading the board.
  std::array<uint8_t, VS_MAX_FRONTIER> front_mask, front_value;
  uint16_t n_frontier;

  // Meeple slots 0..owned-1 of each seat: normal meeples first, then guards (G2.2, G4.3); then the
  // module slots VS_SLOT_MAYOR, VS_SLOT_WAGON, VS_SLOT_ABBOT (A1.1, G1.11).
  std::array<std::array<VsMeeple, VS_ALL_SLOTS>, VS_MAX_PLAYERS> meeples;
  std::array<uint8_t, VS_MAX_PLAYERS> owned;    // playable meeples
  std::array<uint8_t, VS_MAX_PLAYERS> supply;   // normal meeples in the supply
  std::array<uint8_t, VS_MAX_PLAYERS> guards;   // guard meeples in the supply
  std::array<uint8_t, VS_MAX_PLAYERS> reserve;  // guards beside the track (G2.2)
  std::array<int16_t, VS_MAX_PLAYERS> score;
  std::array<VsSeatStats, VS_MAX_PLAYERS> stats;
  uint8_t ghosts;                               // the general ghost supply (G2.3)
  uint8_t ghost_due;                            // this placement: 1 opponent's ghost, 2 own ghost (G3.3-3.5)
  std::array<VsSeatPieces, VS_MAX_PLAYERS> piece;  // the modules' pieces
  uint8_t abbeys;        // bit p: seat p still holds its abbey tile (A1.1)
  uint8_t wagons_due;    // bit p: seat p's wagon waits to move after this turn's scoring (A4.4)
  uint8_t last_round;    // A2.4: seats still to come in the abbeys' last round, 0 outside it
  uint8_t barn_placed;   // this turn's meeple step placed a barn: its seat + 1 (A5.3), else 0
  uint32_t chips_down;   // bit k: chip k still lies face down on chip_cell[k] (M2.2)
  std::array<VsCell, VS_CHIPS> chip_cell;
  uint8_t n_chips;       // chips laid out
  std::array<uint8_t, 2> chips_unseen;  // values of 1 and 2 not yet turned up (M2.3)
  uint32_t cities_on;    // bit k: large city k of the map is connected (M1.4)
  std::array<uint8_t, 2> chips_out;     // chips of 1 and 2 that left the game (M4.1, M5.2)
  uint8_t chip_taken;    // the chip the tile just placed lies on, during ChipValue

  std::array<uint8_t, VS_MAX_TYPES> unseen;  // copies of each type still in the draw pile
  uint8_t left;                           // tiles in the draw pile

  VsPhase phase;
  uint8_t player;        // seat to move: the seat whose turn it is, or a wagon's owner (A4.4)
  uint8_t turn_seat;     // the seat whose turn it is
  uint8_t drawn;         // type drawn this turn
  uint8_t last;          // placed-tile index of this turn's tile
  uint16_t turn;         // tiles placed from the pile
  uint8_t discarded;     // tiles that fitted nowhere (G1.4)
  uint8_t n_pending;
  std::array<uint16_t, VS_MAX_REGIONS> pending;  // roots of cities and roads this placement finished

  // Last, so that copy_position can leave out the nodes not yet used.
  std::array<VsNode, VS_MAX_NODES> nodes;
};
static_assert(std::is_trivially_copyable_v<VsState> && std::is_standard_layout_v<VsState>);

// `to = from` for everything the game reads: the nodes past `from.n_nodes` are not copied (no rule
// reads them before put_tile sets them). What a search pays a playout: about a third of the full
// copy at mid-game.
inline void copy_position(VsState& to, const VsState& from) {
  std::memcpy(static_cast<void*>(&to), &from, offsetof(VsState, nodes) + size_t(from.n_nodes) * sizeof(VsNode));
}

// A decision packed in 32 bits; the kind in bits 0-3, bit 4 "none" for the kinds that may decline:
//   Place   cell << 8, rotation << 4          Meeple  region << 8, piece << 16 (region 0xFF: none)
//   Ghost   seat << 8, meeple slot << 12      Abbey   cell << 8, or none (A2.1)
//   Barn    cell << 8: the point at its north-west corner (A5.1)
//   Recall  the abbot back (G1.11)            Toll    placed tile << 8, junction << 16 (T2.1)
//   Wagon   node << 8, or none: back to the supply (A4.2)
//   Upgrade meeple slot << 8, payment << 12, or none (M4.1)
enum class VsKind : uint8_t { Place, Meeple, Ghost, Abbey, Barn, Recall, Toll, Wagon, Upgrade };
// What an upgrade pays (M4.1): four chips of 1, two of 2, or two of 1 and one of 2.
enum class VsPay : uint8_t { Ones4, Twos2, Ones2Two1 };
struct VsAction {
  uint32_t bits = 0;
  static constexpr uint8_t NONE = 0xFF;
  static constexpr VsAction place(VsCell c, int rot) { return VsAction{uint32_t(c) << 8 | uint32_t(rot) << 4}; }
  static constexpr VsAction meeple(int region, bool guard = false) {
    return VsAction{uint32_t(region & 0xFF) << 8 | uint32_t(guard) << 16 | 1u};
  }
  static constexpr VsAction meeple(int region, VsPiece piece) {
    return VsAction{uint32_t(region & 0xFF) << 8 | uint32_t(piece) << 16 | 1u};
  }
  static constexpr VsAction ghost(int seat, int slot) {
    return VsAction{uint32_t(seat & 0xF) << 8 | uint32_t(slot & 0xF) << 12 | 2u};
  }
  static constexpr VsAction abbey(VsCell c) { return VsAction{uint32_t(c) << 8 | 3u}; }
  static constexpr VsAction abbey_none() { return VsAction{1u << 4 | 3u}; }
  static constexpr VsAction barn(VsCell c) { return VsAction{uint32_t(c) << 8 | 4u}; }
  static constexpr VsAction recall() { return VsAction{5u}; }
  static constexpr VsAction toll(int tile, int junction) { return VsAction{uint32_t(tile) << 8 | uint32_t(junction) << 16 | 6u}; }
  static constexpr VsAction wagon(int node) { return VsAction{uint32_t(node) << 8 | 7u}; }
  static constexpr VsAction wagon_back() { return VsAction{1u << 4 | 7u}; }
  static constexpr VsAction upgrade(int slot, VsPay pay) { return VsAction{uint32_t(slot) << 8 | uint32_t(pay) << 12 | 8u}; }
  static constexpr VsAction upgrade_none() { return VsAction{1u << 4 | 8u}; }
  constexpr VsKind kind() const { return VsKind(bits & 0xF); }
  constexpr bool none() const { return (bits >> 4 & 1) && kind() != VsKind::Place; }
  constexpr VsCell cell() const { return VsCell(bits >> 8); }
  constexpr int rot() const { return int(bits >> 4 & 3); }
  constexpr int region() const { return int(bits >> 8 & 0xFF); }
  constexpr bool guard() const { return piece() == VsPiece::Guard; }
  constexpr VsPiece piece() const { return VsPiece(bits >> 16 & 0xF); }
  constexpr int seat() const { return int(bits >> 8 & 0xF); }
  constexpr int slot() const { return kind() == VsKind::Upgrade ? int(bits >> 8 & 0xF) : int(bits >> 12 & 0xF); }
  constexpr int tile() const { return int(bits >> 8 & 0xFF); }
  constexpr int junction() const { return int(bits >> 16 & 0xFF); }
  constexpr int node() const { return int(bits >> 8 & 0xFFFF); }
  constexpr VsPay pay() const { return VsPay(bits >> 12 & 0xF); }
  friend constexpr bool operator==(VsAction a, VsAction b) { return a.bits == b.bits; }
};

// What a game's set-up takes from its deal besides the pile (M1.2, M2.3): on a map, the start
// tile's rotation, the pile's top tile and its rotation on the second start square, and where the
// chips lie (map cells). Without a map it is empty.
struct VsSetup {
  std::array<uint8_t, 2> rot{};  // the start tile's, the second square's
  int second = -1;               // the design on the second start square (the pile's top tile)
  std::vector<VsCell> chips;     // the chips' squares (chip_layout, see lay_chips)
};

// A deal: the pile order (top first), the set-up of a map, the chips' values in the order they are
// taken (M2.3: a shuffle of 18 ones and 12 twos).
struct VsDeal {
  std::vector<uint8_t> order;
  VsSetup setup;
  std::vector<uint8_t> chip_values;
};
// M2.3 `greedy`: walks `order` (the eligible squares in the order the caller's stream gave them)
// and lays a chip on each square that touches no chip laid before, until VS_CHIPS lie; `fixed`:
// the squares of the switch. Without a map, none.
std::vector<VsCell> lay_chips(const VsRules& R, const std::vector<VsCell>& order);

VsState initial_state(const VsRules& R);
// A game on a map needs its set-up (M1.2): throws ConfigError without it.
VsState initial_state(const VsRules& R, const VsSetup& setup);
inline bool is_over(const VsState& s) { return s.phase == VsPhase::Over; }
inline bool is_chance(const VsState& s) { return s.phase == VsPhase::Draw || s.phase == VsPhase::ChipValue; }

// Takes `type` from the pile; when it fits nowhere it is discarded (G1.4) and the next draw is due
// (or the game ends with the pile). Precondition: is_chance(s), s.unseen[type] > 0.
void apply_draw(const VsRules& R, VsState& s, int type);
bool can_place(const VsRules& R, const VsState& s, int type);
// M3.1: the chip under the tile just placed turns up `value` (1 or 2): its seat scores it and keeps
// it. Precondition: s.phase == VsPhase::ChipValue, s.chips_unseen[value - 1] > 0.
void apply_chip(const VsRules& R, VsState& s, int value);

// The legal options of the seat to move, unique; at least 1 at a decision, 0 at a draw or the end.
int legal_actions(const VsRules& R, const VsState& s, VsAction* out);
void apply(const VsRules& R, VsState& s, VsAction a);

// "place 1 -1 2" (cell relative to the start tile's north-west cell, rotation), "meeple city0",
// "meeple road1 guard", "meeple none", "ghost 2 4" (seat 2's meeple slot 4); with the modules
// "abbey 1 2" / "abbey none", "meeple city0 mayor", "meeple road1 wagon", "meeple garden0 abbot",
// "barn 1 0" (the point at the north-west corner of that cell), "abbot back", "toll 2 0 0" (the
// junction 0 of the tile on that cell), "wagon 1 1 city0" / "wagon back", "upgrade 3 2+2" (the
// seat's meeple slot 3, paid with two chips of 2; 1+1+1+1, 1+1+2) / "upgrade none".
std::string action_text(const VsRules& R, const VsState& s, VsAction a);

// A chance step's outcomes, as a player who does not know the deal sees them: at a draw each tile
// type still unseen (`value` its index, `weight` its copies left), where a chip turns up (M3.1) the
// values 1 and 2 not yet seen (`weight` their chips left). At most VS_MAX_TYPES; 0 off a chance step.
using VsChanceOutcome = GameOutcome;  // engine/kit/game.h: {value, weight}
int chance_outcomes(const VsRules& R, const VsState& s, VsChanceOutcome* out);
// Applies outcome `value` of chance_outcomes (apply_draw or apply_chip).
void apply_chance(const VsRules& R, VsState& s, int value);
// The record's words for that outcome: "draw U", "chip 2".
std::string chance_text(const VsRules& R, const VsState& s, int value);
// The outcome a record's chance step names, when it can come now (one of chance_outcomes).
bool parse_chance(const VsRules& R, const VsState& s, const std::string& text, int& value);
// The legal option whose action_text is `text`, when there is one; `options`, when given, receives
// how many legal options there are (a replay counts the forced ones without listing them again).
bool parse_action(const VsRules& R, const VsState& s, const std::string& text, VsAction& out, int* options = nullptr);

// Empty cells whose four neighbours hold tiles (A2.1), in frontier order.
int holes(const VsRules& R, const VsState& s, VsCell* out);

// Union-find root (no path compression, so the state stays const here).
inline uint16_t find_root(const VsState& s, uint16_t n) { return uf::root(s.nodes, n); }

// What final scoring would add to each seat if the game ended now, before the floor at 0:
// unfinished roads and cities, monasteries and fields, each paid to its majority (G1.9); in GCC
// also unfinished castles (G4.5) and minus 1 per ghost that counts at the end (G3.9). At a draw or
// at the end.
std::array<int, VS_MAX_PLAYERS> final_points(const VsRules& R, const VsState& s);

// The cells the placed tiles cover, as an inclusive box of grid coordinates.
struct VsBox {
  int x0 = VS_W, x1 = 0, y0 = VS_W, y1 = 0;
};
VsBox bounding_box(const VsState& s);

// Win shares (G1.10): 1/k to each of the k seats with the highest score. Only at the end.
std::array<double, VS_MAX_PLAYERS> win_shares(const VsRules& R, const VsState& s);

}  // namespace mists::vs
