// A map board (Carcassonne Maps, docs/tiles.md "Map boards"): a bounded grid of printed squares
// with start squares, towns, large printed cities and features printed at the border. Read from
// TOML by engine/config (load_map); checked here; drawn as text by render_map. The competitive
// game plays on it (Map-Chips Germany, engine/versus/map.cpp); no rule of the co-op game reads it.
#pragma once

#include <string>
#include <vector>

#include "engine/kit/catalog.h"

namespace mists {

// A named square: a start square or a town.
struct MapPlace {
  std::string name;
  int x = 0, y = 0;  // x grows east, y south; row 0 is the north row
  int line = 0;
};

// A side of a square: `side` is North..West.
struct MapSide {
  int x = 0, y = 0;
  int side = 0;
  int line = 0;
};

// A large city printed on the map: the squares of its letter, its coats of arms and the sides of
// its squares where the city goes on onto the next square (every other side is a wall).
struct MapCity {
  char key = 'A';
  std::string name;
  int arms = 0;
  std::vector<MapSide> open;
  int line = 0;
};

// A feature printed beyond the map edge that a tile on square (x, y) must match on `side`.
struct MapBorder {
  MapSide at;
  std::string edge;  // "FRF" (road) or "CCC" (city), as in a tile's edges
};

struct MapBoard {
  std::string path;      // file it was read from
  std::string name;      // the `map` key
  std::string status;    // "reconstructed" or "transcribed"
  std::string checksum;  // FNV-1a 64 of the file bytes
  int width = 0, height = 0;
  std::vector<std::string> rows;  // `height` strings of `width` characters
  int rows_line = 0;
  std::vector<int> row_lines;     // line of each row string
  int width_line = 0, height_line = 0;
  std::vector<MapPlace> starts, towns;
  std::vector<MapCity> cities;
  std::vector<MapBorder> borders;

  // The square's character: '.', 'n', 's', 't' or a city letter; '.' outside the grid.
  char at(int x, int y) const;
  // Squares that take a tile ('n', 's', 't').
  int tile_squares() const;
};

// The load checks of a map (FORMAT-EXTENSIONS E6, docs/tiles.md): row lengths and characters,
// letters against [[city]] entries, 's' against [[start]], 't' against [[town]] (both ways), open
// sides facing a square that takes tiles, border sides facing the edge of the map, every square
// reachable from every other. Empty when all is well; `tile` of an issue is empty, `field` names
// the entry ("city.B.open", "border", "rows").
std::vector<CatalogIssue> validate_map(const MapBoard& map);

// The map as text: the grid with its coordinates, open city sides and border features marked,
// then the starts, towns, cities and border features with their positions.
std::string render_map(const MapBoard& map);

}  // namespace mists
