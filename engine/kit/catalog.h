// A tile catalog as read from a file (docs/tiles.md): tile designs with their slot
// terrain and regions, before any rule turns them into play tables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/kit/types.h"

namespace mists {

// One region of a tile design.
struct RegionSpec {
  RegionKind kind = RegionKind::Field;
  SlotMask slots = 0;           // slots the region touches (0: enclosed or a centre feature)
  int arms = 0;                 // city: coats of arms
  int ghosts = 0;               // mist: ghost symbols printed in it
  RoadEnd end = RoadEnd::Village;  // road touching one slot: what ends it on this tile
  int into = -1;                // road with end = city: index of the city region it enters (-1: not given)
  std::vector<int> cities;      // field: indices of the city regions it borders
  std::vector<Sight> sights;    // road (and field): illustrations beside this region, one per drawing
  int line = 0;                 // source line, for messages
};

// A village where 2-4 roads of one tile end (tollhouse spot): indices into the tile's roads.
struct JunctionSpec {
  std::vector<int> roads;       // positions in the tile's `road` list (0 = its first road)
  int line = 0;
};

// One tile design (one [[tile]], [[start]] or [[special]] entry).
struct TileSpec {
  std::string id;
  int copies = 1;
  std::array<char, SLOT_NB> edges{};  // slot terrain: C R r F f; all 'A' for edges = "any"
  std::vector<RegionSpec> regions;    // in file order: city, road, field, mist, castle, cemetery, monastery, garden
  std::vector<JunctionSpec> junctions;  // the `junction` table as written (see tile_junctions)
  bool junction_table = false;        // the entry has a `junction` key (E3.2: else junctions are implicit)
  bool start = false;                 // a cell of the start tile
  bool special = false;               // a [[special]] entry: held by players, never in a draw pile
  std::string kind;                   // special: which rules place it ("abbey")
  int copies_per_colour = 0;          // special: pieces per player colour
  bool any_edges = false;             // edges = "any": every side matches and closes what faces it
  int at_x = 0, at_y = 0;             // start cells: offset inside the start tile
  int line = 0;                       // line of the entry's header
  int edges_line = 0;                 // line of its `edges` key

  bool has(RegionKind k) const;
  int count(RegionKind k) const;
  int ghost_symbols() const;
  bool misty() const { return count(RegionKind::Mist) > 0; }
  // Region index (into `regions`) of the k-th region of kind `kind`, or -1.
  int region_of(RegionKind kind, int k) const;
};

// The junctions of a tile, as lists of positions in its `road` list: the `junction` table when
// the entry has one, else (E3.2) one junction of every road that ends on the tile (touches one
// slot) with end = "village", when there are 2 or more such roads; otherwise none.
std::vector<std::vector<int>> tile_junctions(const TileSpec& t);

// Terrain of side `side` of the unturned design, for placement matching (the middle slot's
// terrain; mist is ignored, R2.1).
Terrain side_terrain(const TileSpec& t, int side);

struct Catalog {
  std::string path;        // file it was read from
  std::string set;         // the catalog's `set` key
  std::string status;      // "reconstructed" or "transcribed"
  std::string checksum;    // FNV-1a 64 of the file bytes, 16 hex digits
  std::vector<TileSpec> tiles;
  std::vector<TileSpec> start;
  std::vector<TileSpec> specials;  // [[special]] entries (an abbey tile), never dealt

  const TileSpec* find(const std::string& id) const;  // a [[tile]] or [[start]] entry
  const TileSpec* find_special(const std::string& kind) const;  // the first [[special]] of that kind
  int tile_count() const;  // land tiles, copies counted
};

// The base of a game's rules, whose tile types point into the rules' own `catalog`: moved (the
// catalog's vectors move their buffers with them), never copied (a copy's types would point into
// the original's catalog).
struct CatalogOwner {
  CatalogOwner() = default;
  CatalogOwner(const CatalogOwner&) = delete;
  CatalogOwner& operator=(const CatalogOwner&) = delete;
  CatalogOwner(CatalogOwner&&) = default;
  CatalogOwner& operator=(CatalogOwner&&) = default;
};

// A problem found in a catalog: where and what.
struct CatalogIssue {
  int line = 0;
  std::string tile;   // tile id, empty for the whole file
  std::string field;  // key at fault
  std::string message;
};

// Structural checks (every slot covered once, edges agree with regions, ...) and, when the set is
// "mists-over-carcassonne", the published ids, copies and ghost symbols. Empty when all is well.
std::vector<CatalogIssue> validate(const Catalog& catalog);

// "file:line: tile ID: field: message" for each issue.
std::string format_issues(const Catalog& catalog, const std::vector<CatalogIssue>& issues);
std::string format_issues(const std::string& path, const std::vector<CatalogIssue>& issues);

std::string fnv1a64_hex(const std::string& bytes);

}  // namespace mists
