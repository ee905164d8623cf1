// The competitive game (docs/versus.md): Carcassonne's base game, third edition (G1 of the GCC
// rules), and Ghosts, Castles & Cemeteries on top of it (G2-G5), for 2-6 players who each play for
// themselves. Fields and farmers, monasteries, majority scoring per feature and final scoring; in
// GCC also ghosts on meeples, guards, castles, cemeteries and the score floor. Expansion modules on
// top of either (EXPANSIONS A, T, M of docs/versus.md): Abbey & Mayor (abbeys, mayors, wagons,
// barns), The Tollkeepers (tollhouses), Map-Chips Germany (a map board, large cities, chips); and
// the abbot (G1.11).
//
// A separate position type from the co-op `State`: the co-op hot path stays as it is, and the two
// share the tile kit (engine/kit/: catalog, slot geometry, errors) and the random streams. Like the co-op
// engine it owns no random generator: a draw is a chance step whose outcomes are the unseen tiles.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/versus/layer.h"
#include "engine/kit/catalog.h"
#include "engine/kit/map.h"
#include "engine/kit/error.h"
#include "engine/kit/types.h"
#include "engine/kit/union_find.h"

namespace mists::vs {

// ---- Capacities ---------------------------------------------------------------------------------
// The board is a VS_W x VS_W grid with the start tile in the middle; a game of T tiles reaches at
// most T cells from it, so build_rules refuses a pile of more tiles than VS_W / 2 - 3: no game,
// however it is played, can leave the board (GCC's 131 tiles with both expansions' 22 included).
constexpr int VS_W = 320;
constexpr int VS_CELLS = VS_W * VS_W;
constexpr int VS_START = VS_W / 2;
constexpr int VS_MAX_TILES = 168;           // placed tiles: start cells, abbeys and large-city squares included
constexpr int VS_MAX_TYPES = 128;           // tile designs of the game's catalogs together
constexpr int VS_MAX_REGIONS = 12;          // regions of one tile design
constexpr int VS_MAX_NODES = VS_MAX_TILES * VS_MAX_REGIONS;
constexpr int VS_MAX_PLAYERS = 6;
constexpr int VS_MEEPLES = 7;               // playable meeples per player at the start (G1.1, G2.2)
constexpr int VS_GCC_GUARDS = 2;            // of them guards in GCC (G2.2)
constexpr int VS_GCC_RESERVE = 3;           // guards beside the track in GCC (G2.2)
constexpr int VS_MEEPLE_SLOTS = VS_MEEPLES + VS_GCC_RESERVE;  // at most 10 playable (G4.3)
// The module pieces that are meeples sit in fixed slots after those (A1.1, G1.11): a seat's ghost
// and upgrade texts name the slot, so a guard gained later never moves them.
constexpr int VS_SLOT_MAYOR = VS_MEEPLE_SLOTS;
constexpr int VS_SLOT_WAGON = VS_MEEPLE_SLOTS + 1;
constexpr int VS_SLOT_ABBOT = VS_MEEPLE_SLOTS + 2;
constexpr int VS_ALL_SLOTS = VS_MEEPLE_SLOTS + 3;
constexpr int VS_CHIPS = 30;                // map chips (M2.1): 6 of value 1 and 4 of value 2 in each of 3 colours
constexpr int VS_CHIP_ONES = 18, VS_CHIP_TWOS = 12;
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

// ---- Rules ----------------------------------------------------------------------------------------
enum class VsGame : uint8_t { Base, Gcc };
std::string_view game_name(VsGame g);

// The expansion modules a game plays (docs/versus.md, EXPANSIONS A, T, M), as bits.
enum VsModule : uint8_t { VS_ABBEY_MAYOR = 1, VS_TOLLKEEPERS = 2, VS_MAP_CHIPS = 4 };
std::string_view module_name(VsModule m);  // "abbey_mayor", "tollkeepers", "map_chips"
// "abbey_mayor,tollkeepers" (the modules in that order), "" for none.
std::string modules_text(uint8_t modules);
// Reads a comma-separated list of module names; throws ConfigError naming the one it does not know.
uint8_t parse_modules(const std::string& text);

// The decisions of the GCC rules and the expansions that change play (Decisions tables of
// docs/versus.md).
enum class ScoreFloor : uint8_t { TurnNet, EachScoring };            // GD7, G3.8
enum class FinalGhostPenalty : uint8_t { AllButKeepers, ScoringOnly };  // GD8, G3.9
enum class MistyRoadMeeple : uint8_t { Allowed, Forbidden };         // GD9, G4.7
enum class AbbeyLastRound : uint8_t { MustPlace, Lost, MayPlace };   // A2.4
enum class WagonRange : uint8_t { Neighbourhood, Connected };         // A4.2
enum class TollFlip : uint8_t { EndOfTurn, OwnerTurn };              // T3.4
enum class CityClosedSide : uint8_t { Border, Field };               // M1.4
enum class ChipLayout : uint8_t { Greedy, Fixed };                   // M2.3

struct VsSwitches {
  Unplaceable unplaceable = Unplaceable::Discard;  // G1.4, GD2: only `discard` is defined here
  bool abbot = false;                              // GD1, G1.11: `on` needs garden regions
  ScoreFloor score_floor = ScoreFloor::TurnNet;
  FinalGhostPenalty final_ghost_penalty = FinalGhostPenalty::AllButKeepers;
  MistyRoadMeeple misty_road_meeple = MistyRoadMeeple::Allowed;
  // Abbey & Mayor
  bool abbey_in_features = false;                  // A2.2: the abbey counts as a tile of what it closes
  AbbeyLastRound abbey_last_round = AbbeyLastRound::MustPlace;
  WagonRange wagon_range = WagonRange::Neighbourhood;
  bool barn_new_tile = true;                       // A5.1: the barn's point is a corner of the new tile
  // The Tollkeepers
  TollFlip toll_flip = TollFlip::EndOfTurn;
  // Map-Chips Germany
  std::string map_starts = "Rostock+Stuttgart";    // M1.2: start tile square + second square, by name
  CityClosedSide city_closed_side = CityClosedSide::Border;
  bool border_monastery_filled = true;             // M1.5: `filled` (true) or `empty`
  ChipLayout chip_layout = ChipLayout::Greedy;
  std::vector<std::pair<int, int>> chip_squares;   // M2.3 `fixed`: the chip squares (map x, y)
  bool upgrades_any = false;                       // M4.2: `any` (true) or `1`
  uint8_t given = 0;                               // modules whose switches were set by name
};
std::string_view switch_value(ScoreFloor v);
std::string_view switch_value(FinalGhostPenalty v);
std::string_view switch_value(MistyRoadMeeple v);
std::string_view switch_value(AbbeyLastRound v);
std::string_view switch_value(WagonRange v);
std::string_view switch_value(TollFlip v);
std::string_view switch_value(CityClosedSide v);
// Reads one `name=value` switch into `sw`; throws ConfigError naming the switch and the values it
// takes. Names: unplaceable, abbot, score_floor, final_ghost_penalty, misty_road_meeple; with Abbey
// & Mayor abbey_in_features, abbey_last_round, wagon_range, barn_new_tile; with The Tollkeepers
// toll_flip; with Map-Chips map_starts, city_closed_side, border_monastery, map_towns, chip_layout
// (greedy, or fixed:X.Y/X.Y/... map squares), upgrades_per_turn.
void set_switch(VsSwitches& sw, const std::string& name, const std::string& value);
// "unplaceable=discard abbot=off score_floor=turn_net ..." (every switch of the game and of the
// modules in `modules`, in that order).
std::string describe(const VsSwitches& sw, uint8_t modules = 0);

// One region of a tile design as the game uses it.
struct VsRegion {
  RegionKind kind = RegionKind::Field;
  int8_t open = 0;                 // city, road: sides it touches when the tile stands alone
  uint8_t arms = 0;                // city: coats of arms
  uint8_t n_cities = 0;            // field: city regions of the same tile it borders (G1.9)
  std::array<uint8_t, 4> cities{};
  bool hidden = false;             // the abbey's side parts (A2.2 `yes`): never offered to a meeple
  uint16_t links = 0;              // regions of this tile a wagon reaches from here (A4.2 `connected`)
  uint8_t sights = 0;              // road: sights beside it that are not travellers (T3.2)
  uint8_t travellers = 0;          // road: groups of travellers beside it (T3.1)
};

struct VsOrientation {
  uint8_t sides = 0;                          // Terrain per side, 2 bits each, N at bits 0-1
  uint16_t misty = 0;                         // slots printed misty (`f`, `r`), for G3.2
  std::array<uint8_t, SLOT_NB> region{};      // slot -> region index (a misty field slot: its mist); 0xFF on a closing side
  uint8_t closes = 0;                         // sides that match anything and close what faces them (E5.2, M1.4)
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
  int8_t garden = -1;             // region index of the garden (G1.11), or -1
  bool misty = false;             // the design shows mist: a misty cell for castles (G4.4)
  std::array<bool, VS_MAX_REGIONS> misty_road{};  // road region under mist (G4.7)
  int copies = 0;                 // copies in the draw pile
  bool abbey = false;             // the abbey tile (A2): placed from a seat's hand into a hole
  uint8_t n_junctions = 0;        // junctions (tollhouse spots, T2.2): roads of one village
  std::array<uint16_t, 4> junction{};  // each junction's road regions, as a bit mask
};

struct VsRules : CatalogOwner {  // VsType::spec points into catalog: moved, never copied
  Catalog catalog;                  // base: the base game's tiles; gcc: the same, start tile unused
  Catalog gcc_catalog;              // gcc: the GCC tiles and their 2x2 start tile (G2.1)
  Catalog abbey_catalog;            // Abbey & Mayor: its land tiles and the abbey tile (A1.1)
  Catalog toll_catalog;             // The Tollkeepers: its land tiles (T1.1)
  MapBoard map;                     // Map-Chips Germany: the map board (M1)
  VsGame game = VsGame::Base;
  uint8_t modules = 0;              // VsModule bits
  int players = 2;
  VsSwitches switches;
  std::vector<VsType> types;        // land tile designs, then start cells, then the abbey
  int n_land_types = 0;
  int tiles_in_play = 0;            // the draw pile, copies counted
  std::vector<int> start_types;
  std::vector<std::pair<int, int>> start_at;
  int abbey_type = -1;              // Abbey & Mayor: the abbey's design
  bool pieces = false;              // seats hold pieces in the module slots (mayor, wagon, abbot)
  bool closing = false;             // some design has a closing side (the abbey, a large city)
  // Map-Chips Germany (M1, M2): the map's squares on the grid, map square (x, y) at grid cell
  // (x + map_dx, y + map_dy), so that the start tile's square is the grid's start cell.
  bool on_map = false;
  int map_dx = 0, map_dy = 0;
  std::vector<uint8_t> square;       // by grid cell: VS_SQ_OFF, _NORMAL, _START, _TOWN, or VS_SQ_CITY + k
  std::vector<uint8_t> fixed_mask, fixed_value;  // by grid cell: what the map asks of a tile there
                                                 // (a border feature, a large city's side), as a frontier constraint
  VsCell second_start = 0;           // the second start square's cell (M1.2)
  int first_city_type = -1;          // the designs of the large cities' squares, from here on
  std::vector<std::vector<int>> city_types;  // the designs of each large city's squares
  std::vector<TileSpec> city_specs;  // their catalog entries (a city region on the open sides)
  std::vector<VsCell> chip_squares;  // M2.2: the squares where a chip may lie, in map reading order
  int setup_tiles = 0;               // tiles of the pile placed at set-up (M1.2: 1 on a map)

  bool has(VsModule m) const { return (modules & m) != 0; }
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

// The Tollkeepers' tiles are numbered 01-10 like the first Mists tiles: in the competitive game
// their ids carry this prefix (records say "draw TK/04").
inline constexpr const char* TOLL_PREFIX = "TK/";

// The expansion modules of a game and their data.
struct VsExpansions {
  uint8_t modules = 0;  // VsModule bits
  Catalog abbey;        // abbey_mayor: configs/tiles/abbey-mayor.toml (its land tiles and the abbey)
  Catalog toll;         // tollkeepers: configs/tiles/tollkeepers-reconstructed.toml
  MapBoard map;         // map_chips: configs/tiles/map-germany-reconstructed.toml
};
// Any game: base or gcc (then `gcc` is the GCC catalog) with the modules of `ex`. The modules'
// land tiles join the pile. Throws ConfigError for everything build_rules and build_gcc_rules
// refuse, a switch of a module that is not in play, a module whose data is missing, the abbot
// without gardens, and a map with GCC.
VsRules build_game(VsGame game, Catalog base, Catalog gcc, VsExpansions ex, int players, VsSwitches switches = {});

// The squares of a map by kind (VsRules::square).
constexpr uint8_t VS_SQ_OFF = 0, VS_SQ_NORMAL = 1, VS_SQ_START = 2, VS_SQ_TOWN = 3, VS_SQ_CITY = 4;
// The grid cell of map square (x, y); the map square of a grid cell.
inline VsCell map_cell(const VsRules& R, int x, int y) { return vs_cell(x + R.map_dx, y + R.map_dy); }
inline bool takes_tile(const VsRules& R, VsCell c) {
  return !R.on_map || (R.square[c] >= VS_SQ_NORMAL && R.square[c] <= VS_SQ_TOWN);
}
inline bool off_map(const VsRules& R, VsCell c) { return R.on_map && R.square[c] == VS_SQ_OFF; }

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

// ---- Checks -----------------------------------------------------------------------------------------
// Recounts from the placed tiles alone, by flood fill over the slots, with no union-find: used by
// the tests to pin the incremental engine.
struct Recount {
  std::array<int, VS_MAX_PLAYERS> final_points{};  // what final scoring would add now (G1.9, G3.9, G4.5, A5.5, T4.1)
  int meeples_on_board = 0;
};
Recount slow_recount(const VsRules& R, const VsState& s);
// Every placement of `type` by brute force over the board (cell, rotation), in cell order; for
// the abbey (A2.1) every hole.
std::vector<VsAction> slow_placements(const VsRules& R, const VsState& s, int type);
// Every point where seat `s.player` could put its barn now (A5.1, A5.2), by brute force over the
// corners of the board, in cell order of the point's south-east tile.
std::vector<VsAction> slow_barn_points(const VsRules& R, const VsState& s);
// Meeple, ghost and piece conservation (mayors, wagons, abbots, barns, tollhouses, abbeys, chips),
// supply counts, scores not below 0, grid against tiles, frontier against grid. Empty when all is
// well, else what differs.
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

// The set-up of `deal` and the position after it; the pile draws start at deal.order[*next].
VsState deal_state(const VsRules& R, const VsDeal& deal, size_t* next);

// Plays the deal to the end. `choose(state, options, n)` returns an index; it is asked only when
// n >= 2.
template <class Choose>
VsSummary play_game(const VsRules& R, const VsDeal& deal, Choose&& choose) {
  size_t next = 0, chip = 0;
  VsState s = deal_state(R, deal, &next);
  thread_local VsAction options[VS_MAX_ACTIONS];
  int decisions = 0, forced = 0;
  while (!is_over(s)) {
    if (s.phase == VsPhase::Draw) {
      apply_draw(R, s, deal.order[next++]);
      continue;
    }
    if (s.phase == VsPhase::ChipValue) {
      apply_chip(R, s, deal.chip_values[chip++]);
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

// A game without a map: the pile `order` (top first) is the whole deal.
template <class Choose>
VsSummary play_game(const VsRules& R, const std::vector<uint8_t>& order, Choose&& choose) {
  VsDeal deal;
  deal.order = order;
  return play_game(R, deal, std::forward<Choose>(choose));
}

}  // namespace mists::vs
