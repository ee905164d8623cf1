// A tile catalog as read from a file (docs/tiles.md): tile designs with their slot
// terrain and regions, before any rule turns them into play tables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "types.h"

namespace mists {

// One region of a tile design.
struct RegionSpec {
  RegionKind kind = RegionKind::Field;
  SlotMask slots = 0;           // slots the region touches (0 for a centre feature)
  int arms = 0;                 // city: coats of arms
  int ghosts = 0;               // mist: ghost symbols printed in it
  RoadEnd end = RoadEnd::Village;  // road touching one slot: what ends it on this tile
  std::vector<int> cities;      // field: indices of the city regions it borders
  int line = 0;                 // source line, for messages
};

// One tile design (one [[tile]] or [[start]] entry).
struct TileSpec {
  std::string id;
  int copies = 1;
  std::array<char, SLOT_NB> edges{};  // slot terrain: C R r F f
  std::vector<RegionSpec> regions;    // in file order: city, road, field, mist, castle, cemetery, monastery
  bool start = false;                 // a cell of the start tile
  int at_x = 0, at_y = 0;             // start cells: offset inside the start tile
  int line = 0;                       // line of the entry's header
  int edges_line = 0;                 // line of its `edges` key

  bool has(RegionKind k) const;
  int count(RegionKind k) const;
  int ghost_symbols() const;
  bool misty() const { return count(RegionKind::Mist) > 0; }
};

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

  const TileSpec* find(const std::string& id) const;
  int tile_count() const;  // land tiles, copies counted
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

std::string fnv1a64_hex(const std::string& bytes);

}  // namespace mists
