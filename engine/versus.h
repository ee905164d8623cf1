// The competitive game (docs/versus.md): Carcassonne's base game, third edition (G1 of the GCC
// rules), and Ghosts, Castles & Cemeteries on top of it (G2-G5), for 2-6 players who each play for
// themselves. Fields and farmers, monasteries, majority scoring per feature and final scoring; in
// GCC also ghosts on meeples, guards, castles, cemeteries and the score floor.
//
// A separate position type from the co-op `State`: the co-op hot path stays as it is, and the two
// share the tile catalog, the slot geometry (engine/types.h) and the random streams. Like the co-op
// engine it owns no random generator: a draw is a chance step whose outcomes are the unseen tiles.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "catalog.h"
#include "rules.h"
#include "types.h"

namespace mists::vs {

// ---- Capacities ---------------------------------------------------------------------------------
// The board is a VS_W x VS_W grid with the start tile in the middle; a game of T tiles reaches at
// most T cells from it, so build_rules refuses a pile of more tiles than VS_W / 2 - 3: no game,
// however it is played, can leave the board (GCC's 131 tiles included).
constexpr int VS_W = 272;
constexpr int VS_CELLS = VS_W * VS_W;
constexpr int VS_START = VS_W / 2;
constexpr int VS_MAX_TILES = 136;           // placed tiles, start cells included
constexpr int VS_MAX_TYPES = 96;            // tile designs of the game's catalogs together
constexpr int VS_MAX_REGIONS = 12;          // regions of one tile design
constexpr int VS_MAX_NODES = VS_MAX_TILES * VS_MAX_REGIONS;
constexpr int VS_MAX_PLAYERS = 6;
constexpr int VS_MEEPLES = 7;               // playable meeples per player at the start (G1.1, G2.2)
constexpr int VS_GCC_GUARDS = 2;            // of them guards in GCC (G2.2)
constexpr int VS_GCC_RESERVE = 3;           // guards beside the track in GCC (G2.2)
constexpr int VS_MEEPLE_SLOTS = VS_MEEPLES + VS_GCC_RESERVE;  // at most 10 playable (G4.3)
constexpr int VS_GHOSTS = 15;               // the general ghost supply in GCC (G2.3)
constexpr int VS_MAX_FRONTIER = 4 * VS_MAX_TILES;
constexpr int VS_MAX_ACTIONS = 4 * VS_MAX_FRONTIER;
constexpr uint16_t VS_NO_NODE = 0xFFFF;

using VsCell = uint32_t;  // y * VS_W + x
constexpr VsCell vs_cell(int x, int y) { return VsCell(y * VS_W + x); }
constexpr std::array<int, SIDE_NB> VS_STEP = {-VS_W, 1, VS_W, -1};  // N E S W
constexpr std::array<int, 8> VS_RING = {-VS_W, 1, VS_W, -1, -VS_W + 1, VS_W + 1, VS_W - 1, -VS_W - 1};

// ---- Board ----------------------------------------------------------------------------------------
// The placed tiles by cell: an open-addressing hash table (linear probing) of at most VS_MAX_TILES
// entries in VS_BOARD_SLOTS slots, so a position copies 2 KB for its board instead of the whole
// VS_W x VS_W grid (73,984 bytes) while cells keep their grid numbers (records and action texts do
// not change). An entry packs the cell (17 bits) and the placed-tile index + 1 (8 bits); 0 is an
// empty slot. Tiles are never lifted, so no entry is ever removed.
constexpr int VS_BOARD_SLOTS = 512;  // a power of 2, at least 3 x VS_MAX_TILES: short probe runs
constexpr int VS_BOARD_BITS = 9;
static_assert(VS_BOARD_SLOTS == 1 << VS_BOARD_BITS && VS_BOARD_SLOTS >= 3 * VS_MAX_TILES && VS_CELLS < (1 << 17));
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

// ---- Rules ----------------------------------------------------------------------------------------
enum class VsGame : uint8_t { Base, Gcc };
std::string_view game_name(VsGame g);

// The decisions of the GCC rules that change play (Decisions table of docs/versus.md).
enum class ScoreFloor : uint8_t { TurnNet, EachScoring };            // GD7, G3.8
enum class FinalGhostPenalty : uint8_t { AllButKeepers, ScoringOnly };  // GD8, G3.9
enum class MistyRoadMeeple : uint8_t { Allowed, Forbidden };         // GD9, G4.7

struct VsSwitches {
  Unplaceable unplaceable = Unplaceable::Discard;  // G1.4, GD2: only `discard` is defined here
  bool abbot = false;                              // GD1, G1.11: `on` needs garden regions
  ScoreFloor score_floor = ScoreFloor::TurnNet;
  FinalGhostPenalty final_ghost_penalty = FinalGhostPenalty::AllButKeepers;
  MistyRoadMeeple misty_road_meeple = MistyRoadMeeple::Allowed;
};
std::string_view switch_value(ScoreFloor v);
std::string_view switch_value(FinalGhostPenalty v);
std::string_view switch_value(MistyRoadMeeple v);
// Reads one `name=value` switch into `sw`; throws ConfigError naming the switch and the values it
// takes. Names: unplaceable, abbot, score_floor, final_ghost_penalty, misty_road_meeple.
void set_switch(VsSwitches& sw, const std::string& name, const std::string& value);
// "unplaceable=discard abbot=off score_floor=turn_net ..." (every switch, in that order).
std::string describe(const VsSwitches& sw);

// One region of a tile design as the game uses it.
struct VsRegion {
  RegionKind kind = RegionKind::Field;
  int8_t open = 0;                 // city, road: sides it touches when the tile stands alone
  uint8_t arms = 0;                // city: coats of arms
  uint8_t n_cities = 0;            // field: city regions of the same tile it borders (G1.9)
  std::array<uint8_t, 4> cities{};
};

struct VsOrientation {
  uint8_t sides = 0;                          // Terrain per side, 2 bits each, N at bits 0-1
  uint16_t misty = 0;                         // slots printed misty (`f`, `r`), for G3.2
  std::array<uint8_t, SLOT_NB> region{};      // slot -> region index (a misty field slot: its mist)
};

struct VsType {
  std::string id;
  const TileSpec* spec = nullptr;
  int n_regions = 0;
  std::array<VsRegion, VS_MAX_REGIONS> regions{};  // the catalog's regions in file order
  std::array<VsOrientation, 4> rot{};
  std::array<bool, 4> rot_ok{};   // rotation r differs from every smaller rotation
  int8_t monastery = -1;          // region index of the monastery, or -1
  int8_t castle = -1;             // region index of the castle (G4.4), or -1
  int8_t cemetery = -1;           // region index of the cemetery (G4.2), or -1
  bool misty = false;             // the design shows mist: a misty cell for castles (G4.4)
  std::array<bool, VS_MAX_REGIONS> misty_road{};  // road region under mist (G4.7)
  int copies = 0;                 // copies in the draw pile
};

struct VsRules {
  VsRules() = default;
  VsRules(const VsRules&) = delete;  // VsType::spec points into catalog
  VsRules& operator=(const VsRules&) = delete;
  VsRules(VsRules&&) = default;
  VsRules& operator=(VsRules&&) = default;

  Catalog catalog;                  // base: the base game's tiles; gcc: the same, start tile unused
  Catalog gcc_catalog;              // gcc: the GCC tiles and their 2x2 start tile (G2.1)
  VsGame game = VsGame::Base;
  int players = 2;
  VsSwitches switches;
  std::vector<VsType> types;        // land tile designs, then start cells
  int n_land_types = 0;
  int tiles_in_play = 0;            // the draw pile, copies counted
  std::vector<int> start_types;
  std::vector<std::pair<int, int>> start_at;

  std::string describe() const;
};

// Compiles the tables of the base game; throws ConfigError naming the field for a player count
// outside 2..6, a catalog with mist or castles (the GCC tiles), or one over the capacities above.
VsRules build_rules(Catalog catalog, VsGame game, int players, VsSwitches switches = {});
// GCC (G2.1): the land tiles of `base` (its start tile leaves the game), the land tiles of `gcc`
// and the start cells of `gcc`. Throws ConfigError naming file, line and field for a GCC catalog
// without a start tile, a design id both catalogs use, a field missing its `cities`, a switch this
// rule set cannot play, or a pile over the capacities above.
VsRules build_gcc_rules(Catalog base, Catalog gcc, int players, VsSwitches switches = {});

// ---- Position ------------------------------------------------------------------------------------
// A turn is Draw, Place, then in GCC the ghost steps (G2.4 step 2a), then Meeple.
enum class VsPhase : uint8_t { Draw, Place, GhostOpponent, GhostOwn, Meeple, Over };

struct VsNode {
  uint16_t parent = 0;
  uint16_t next = 0;     // circular list of the feature's members
  int16_t open = 0;      // root: open sides (city, road)
  uint8_t meeples = 0;   // root: meeples in the feature
  uint8_t done = 0;      // root: finished (city, road)
  uint8_t tile = 0;      // placed-tile index
  uint8_t region = 0;    // region index within the tile type
  RegionKind kind = RegionKind::Field;
};

struct VsTile {
  uint8_t type = 0, rot = 0;
  VsCell cell = 0;
  uint16_t node = 0;     // node of region 0; region r is node + r
};

struct VsMeeple {
  uint16_t node = VS_NO_NODE;  // VS_NO_NODE: in the supply
  uint8_t ghosts = 0;          // ghosts attached (G3.5), 0..2
  uint8_t guard = 0;           // a guard meeple (G4.1)
};

// What happened to one seat in a game, for the analysis of GCC (zero in the base game).
struct VsSeatStats {
  uint16_t ghosts_taken = 0;    // ghosts attached to the seat's meeples (G3.3, G3.4)
  uint16_t scared_off = 0;      // meeples scared off by a third ghost (G3.6)
  uint16_t ghost_points = 0;    // points the seat's ghosts cost: 2 each in play (G3.7, G4.2), 1 at the end (G3.9)
  uint16_t guards_gained = 0;   // guards moved from the reserve (G4.2)
  uint16_t castle_points = 0;   // points castles paid the seat (G4.4, G4.5)
  uint16_t floor_points = 0;    // points the floor at 0 gave back (G3.8)
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

  // Meeple slots 0..owned-1 of each seat: normal meeples first, then guards (G2.2, G4.3).
  std::array<std::array<VsMeeple, VS_MEEPLE_SLOTS>, VS_MAX_PLAYERS> meeples;
  std::array<uint8_t, VS_MAX_PLAYERS> owned;    // playable meeples
  std::array<uint8_t, VS_MAX_PLAYERS> supply;   // normal meeples in the supply
  std::array<uint8_t, VS_MAX_PLAYERS> guards;   // guard meeples in the supply
  std::array<uint8_t, VS_MAX_PLAYERS> reserve;  // guards beside the track (G2.2)
  std::array<int16_t, VS_MAX_PLAYERS> score;
  std::array<VsSeatStats, VS_MAX_PLAYERS> stats;
  uint8_t ghosts;                               // the general ghost supply (G2.3)
  uint8_t ghost_due;                            // this placement: 1 opponent's ghost, 2 own ghost (G3.3-3.5)

  std::array<uint8_t, VS_MAX_TYPES> unseen;  // copies of each type still in the draw pile
  uint8_t left;                           // tiles in the draw pile

  VsPhase phase;
  uint8_t player;        // seat to move
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

// A decision packed in 32 bits: Place (cell, rotation), Meeple (region of the placed tile or
// none, normal or guard), Ghost (the seat and meeple slot that takes it, G6.2).
enum class VsKind : uint8_t { Place, Meeple, Ghost };
struct VsAction {
  uint32_t bits = 0;
  static constexpr uint8_t NONE = 0xFF;
  static constexpr VsAction place(VsCell c, int rot) { return VsAction{uint32_t(c) << 8 | uint32_t(rot) << 4}; }
  static constexpr VsAction meeple(int region, bool guard = false) {
    return VsAction{uint32_t(region & 0xFF) << 8 | uint32_t(guard) << 16 | 1u};
  }
  static constexpr VsAction ghost(int seat, int slot) {
    return VsAction{uint32_t(seat & 0xF) << 8 | uint32_t(slot & 0xF) << 12 | 2u};
  }
  constexpr VsKind kind() const { return VsKind(bits & 0xF); }
  constexpr VsCell cell() const { return VsCell(bits >> 8); }
  constexpr int rot() const { return int(bits >> 4 & 3); }
  constexpr int region() const { return int(bits >> 8 & 0xFF); }
  constexpr bool guard() const { return bits >> 16 & 1; }
  constexpr int seat() const { return int(bits >> 8 & 0xF); }
  constexpr int slot() const { return int(bits >> 12 & 0xF); }
  friend constexpr bool operator==(VsAction a, VsAction b) { return a.bits == b.bits; }
};

VsState initial_state(const VsRules& R);
inline bool is_over(const VsState& s) { return s.phase == VsPhase::Over; }
inline bool is_chance(const VsState& s) { return s.phase == VsPhase::Draw; }

// Takes `type` from the pile; when it fits nowhere it is discarded (G1.4) and the next draw is due
// (or the game ends with the pile). Precondition: is_chance(s), s.unseen[type] > 0.
void apply_draw(const VsRules& R, VsState& s, int type);
bool can_place(const VsRules& R, const VsState& s, int type);

// The legal options of the seat to move, unique; at least 1 at a decision, 0 at a draw or the end.
int legal_actions(const VsRules& R, const VsState& s, VsAction* out);
void apply(const VsRules& R, VsState& s, VsAction a);

// "place 1 -1 2" (cell relative to the start tile's north-west cell, rotation), "meeple city0",
// "meeple road1 guard", "meeple none", "ghost 2 4" (seat 2's meeple slot 4).
std::string action_text(const VsRules& R, const VsState& s, VsAction a);

// Union-find root (no path compression, so the state stays const here).
inline uint16_t find_root(const VsState& s, uint16_t n) {
  while (s.nodes[n].parent != n) n = s.nodes[n].parent;
  return n;
}

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

// ---- Checks -----------------------------------------------------------------------------------------
// Recounts from the placed tiles alone, by flood fill over the slots, with no union-find: used by
// the tests to pin the incremental engine.
struct Recount {
  std::array<int, VS_MAX_PLAYERS> final_points{};  // what final scoring would add now (G1.9, G3.9, G4.5)
  int meeples_on_board = 0;
};
Recount slow_recount(const VsRules& R, const VsState& s);
// Every placement of `type` by brute force over the board (cell, rotation), in cell order.
std::vector<VsAction> slow_placements(const VsRules& R, const VsState& s, int type);
// Meeple and ghost conservation, supply counts, scores not below 0, grid against tiles, frontier
// against grid. Empty when all is well, else what differs.
std::string check(const VsRules& R, const VsState& s);

// ---- Playing a game ------------------------------------------------------------------------------
// Every tile of the draw pile once per copy, in catalog order: what a caller shuffles.
std::vector<uint8_t> pile_in_play(const VsRules& R);

struct VsSummary {
  std::array<int, VS_MAX_PLAYERS> score{};
  int width = 0, height = 0;  // the board's bounding box in cells
  std::array<double, VS_MAX_PLAYERS> share{};
  int turns = 0;       // tiles placed from the pile
  int decisions = 0;   // decisions with two or more options
  int forced = 0;      // decisions with one option
  int discarded = 0;
  std::array<VsSeatStats, VS_MAX_PLAYERS> stats{};
};
VsSummary summarize(const VsRules& R, const VsState& s, int decisions, int forced);

// Plays the pile `order` (top first) to the end. `choose(state, options, n)` returns an index; it
// is asked only when n >= 2.
template <class Choose>
VsSummary play_game(const VsRules& R, const std::vector<uint8_t>& order, Choose&& choose) {
  VsState s = initial_state(R);
  thread_local VsAction options[VS_MAX_ACTIONS];
  int decisions = 0, forced = 0;
  size_t next = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      apply_draw(R, s, order[next++]);
      continue;
    }
    const int n = legal_actions(R, s, options);
    int pick = 0;
    if (n > 1) {
      pick = choose(static_cast<const VsState&>(s), static_cast<const VsAction*>(options), n);
      ++decisions;
    } else {
      ++forced;
    }
    apply(R, s, options[pick]);
  }
  return summarize(R, s, decisions, forced);
}

}  // namespace mists::vs
