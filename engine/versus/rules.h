// The competitive game's rules (docs/versus.md): the capacities every position is sized by, the
// game and its modules, the rule switches, and the tables build_rules compiles from the catalogs
// (tile designs turned four ways, their regions, the map's squares). engine/versus/versus.h
// gathers this folder's headers.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/versus/layer.h"
#include "engine/kit/catalog.h"
#include "engine/kit/error.h"
#include "engine/kit/map.h"
#include "engine/kit/types.h"

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

}  // namespace mists::vs
