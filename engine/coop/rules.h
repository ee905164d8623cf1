// Rules: a catalog, a level and the game parameters compiled into the immutable tables that the
// state's hot paths read. Built once, passed as `const Rules&`.
#pragma once

#include <array>
#include <stdexcept>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/coop/layer.h"
#include "engine/coop/levers.h"
#include "engine/coop/types.h"
#include "engine/kit/catalog.h"
#include "engine/kit/error.h"

namespace mists {

// The rule switches of docs/rules.md, one per ambiguous point that changes play.
enum class JointScoring : uint8_t { Majority, AllColours };       // R4.2
enum class HauntedAdjacency : uint8_t { Eight, Four };            // R7.3
enum class FinishGhosts : uint8_t { None, OtherAreas };           // R3.2

struct Switches {
  JointScoring joint_scoring = JointScoring::Majority;
  Unplaceable unplaceable = Unplaceable::Discard;
  HauntedAdjacency haunted_adjacency = HauntedAdjacency::Eight;
  FinishGhosts finish_ghosts = FinishGhosts::None;
};
std::string_view switch_value(JointScoring v);
std::string_view switch_value(HauntedAdjacency v);
std::string_view switch_value(FinishGhosts v);
// The switch names, in the order records and study files write them.
inline constexpr const char* SWITCH_NAMES[] = {"joint_scoring", "unplaceable", "haunted_adjacency", "finish_ghosts"};
// The text value of switch `key` ("majority", ...); empty for an unknown key.
std::string_view switch_value(const Switches& sw, std::string_view key);
// Sets switch `key` from its text value; throws ConfigError "where: key: ..." for a bad one.
void set_switch(Switches& sw, const std::string& key, const std::string& value, const std::string& where);

// One level as data (configs/levels/levelN.toml). Every number can be overridden for balancing.
struct Level {
  int number = 1;
  std::string name;
  std::vector<std::string> remove_kinds;  // region kinds whose tiles leave the game ("castle", "cemetery")
  std::vector<std::string> remove_ids;    // tile ids that leave the game (every copy)
  int piles = 1;                          // draw piles of equal size (R6.1)
  int ghosts = 15;                        // ghost total, start-tile ghosts included (R1.3)
  int hound1 = 0, hound2 = 0;             // hound thresholds, 0 = no hound (R6.2)
  int goal = 50;                          // points to win (R4.5), per colour with per_colour_scores
  bool castles = false;                   // R5.1 castles score and take meeples
  int cemetery_close = 0;                 // 0 = no cemeteries, 4 or 8 neighbours to close (R5.2, R7.1)
  bool cemetery_ghosts = false;           // R5.4 the extra ghost on an open cemetery, R5.3 return on close
  bool haunted = false;                   // R7.2-R7.5 ghosts around new cemeteries, face-down tiles
  bool per_colour_scores = false;         // R7.6
  bool goal_verified = true;              // false: the goal is a recollection (level 2)
  std::string path;                       // file it came from
};

// Everything that chooses one game configuration besides the shuffle.
struct GameParams {
  int players = 2;  // 1..5
  Switches switches;
  Levers levers;    // docs/rules.md section C; all off by default
};

// The expansion catalogs the levers read: the abbey tile (a [[special]] entry of kind "abbey",
// configs/tiles/abbey-mayor.toml) for coop_abbeys, the Tollkeepers tiles for coop_tolls with
// coop_toll_tiles = replace or add. Empty catalogs when no lever needs them.
struct LeverCatalogs {
  Catalog abbeys;
  Catalog tolls;
};

// The chips of Map-Chips Germany (CM1, M2.1): 30 in all, 18 worth 1 and 12 worth 2.
constexpr int CHIP_ONES = 18, CHIP_TWOS = 12;
constexpr int MAX_CHIP_CELLS = 16;  // chip cells with coop_chip_radius = 5
constexpr int MAX_TOLLS = MAX_TEAM_PIECES;  // tollhouses in one game (per colour: at most 5)

// Play tables of one tile design in one rotation.
struct Orientation {
  uint8_t sides = 0;                         // terrain per side, 2 bits each (Terrain), N at bits 0-1
  std::array<uint8_t, SLOT_NB> main{};       // slot -> feature index of its city/road, or 0xFF
  std::array<uint8_t, SLOT_NB> mist{};       // slot -> feature index of its mist area, or 0xFF
  std::array<uint8_t, SIDE_NB> side_main{};  // side -> feature index of the city/road on its middle slot, or 0xFF
  SlotMask misty = 0;                        // slots under mist
};

// A feature region of a tile design: what becomes a union-find node when the tile is placed.
struct Feature {
  RegionKind kind = RegionKind::City;
  int8_t open = 0;      // open connections when placed alone: sides (city, road) or misty slots (mist)
  uint8_t arms = 0;
  uint8_t ghosts = 0;   // mist: ghost symbols
  bool takes_meeple = false;  // city, clear road, castle (levels 2+), the abbey's monastery (CA5)
  uint8_t spec_region = 0;    // index into TileSpec::regions
  uint8_t sights = 0;         // road: sights beside it other than travellers (E4, T3.1)
  uint8_t travellers = 0;     // road: groups of travellers beside it
  bool misty_road = false;    // road with a slot under mist
};

struct TileType {
  std::string id;
  const TileSpec* spec = nullptr;  // points into Rules::catalog
  std::vector<Feature> features;   // cities, roads, mists, then castle / cemetery
  std::array<Orientation, 4> rot;
  std::array<bool, 4> rot_ok{};    // rotation r gives a tile unlike every smaller rotation's
  int8_t castle = -1;              // feature index of the castle, or -1
  int8_t cemetery = -1;            // feature index of the cemetery, or -1
  int8_t monastery = -1;           // feature index of the abbey's monastery (coop_abbey_monk), or -1
  bool misty = false;
  bool abbey = false;              // the abbey (CA2): matches and closes every side, never dealt
  bool toll_tile = false;          // a Tollkeepers tile (CT1)
  std::vector<uint8_t> junctions;  // per junction (E3): bit mask of its road features
  uint8_t misty_junctions = 0;     // bit j: junction j has a road under mist (CT2)
  int in_play = 0;                 // copies in the game (dealt or set aside)
};

struct Rules : CatalogOwner {  // TileType::spec points into catalog: moved, never copied
  Catalog catalog;
  Level level;
  GameParams params;
  LeverCatalogs lever_catalogs;       // the abbey and the Tollkeepers tiles, when a lever reads them

  std::vector<TileType> types;        // land tile designs (the catalog's, then the Tollkeepers'), start cells, the abbey
  int n_land_types = 0;               // land types: dealt from the piles
  int n_base_types = 0;               // land types of the base catalog: 0 .. n_base_types-1
  int tiles_in_play = 0;              // tiles dealt into the piles
  int common_tiles = 0;               // of those, tiles of the base catalog (what every lever setting shares)
  std::vector<int> pile_sizes;        // tiles per pile, in order
  std::vector<int> start_types;       // type index of each start cell
  std::vector<std::pair<int, int>> start_at;
  int start_ghosts = 0;               // ghost symbols on the start tile (R1.3)

  // Meeples (R1.4, R7.6).
  int n_colours = 0;                              // colours in play: colours 0..n_colours-1
  std::array<int, COLOUR_NB> meeples_per_colour{};
  std::array<std::array<int8_t, 4>, MAX_PLAYERS> player_colours{};  // -1 terminated
  int n_meeples = 0;

  // Levers (docs/rules.md C), resolved.
  int abbey_type = -1;                // type index of the abbey, or -1
  uint8_t wild_from = NO_TILE;        // placed types >= this match every side: the abbey (and face-down tiles)
  int abbeys = 0;                     // abbeys in the game (CA1)
  int tolls = 0;                      // tollhouses in the game (CT1)
  std::vector<Cell> chip_cells;       // cells that hold a chip at set-up (CM1), in order
  int toll_replace = 0;               // tiles of the base catalog set aside for the Tollkeepers tiles (CT1 replace)

  // Resolved level numbers and switches, for records and reports.
  std::string describe() const;
};

// Compiles the tables; throws ConfigError for impossible parameters (too few ghosts for the start
// tile, more piles than tiles, players out of 1..5, a catalog over the engine's capacities, a lever
// without the catalog it reads, ...). Piles share the tiles equally; a remainder goes to the first
// piles.
Rules build_rules(Catalog catalog, Level level, GameParams params, LeverCatalogs lever_catalogs = {});

// The piece kinds of a colour (CA8): ordinary meeples, the wagon, the mayor.
enum class PieceKind : uint8_t { Meeple = 0, Wagon = 1, Mayor = 2 };
std::string_view piece_name(PieceKind k);  // "meeple", "wagon", "mayor"

}  // namespace mists
