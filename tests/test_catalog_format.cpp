// The catalog format additions E1-E6 (docs/tiles.md; Abbey & Mayor, The Tollkeepers, Map-Chips
// Germany): road ends at a monastery and `into`, enclosed regions and gardens, junctions (given and
// implicit), sights, special tiles with edges = "any", map files. Each test cites its E-number; bad
// input is named by file, line and field.
#include <cctype>
#include <fstream>
#include <set>

#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

// Loads `text` and returns its validation issues formatted ("cat.toml:LINE: tile ID: field: ...").
std::string issues_of(const std::string& text) {
  const Catalog cat = parse_catalog(text, "cat.toml");
  return format_issues(cat, validate(cat));
}

// The LoadError message of `text`, or "" when it loads.
std::string load_error(const std::string& text) {
  try {
    (void)parse_catalog(text, "cat.toml");
  } catch (const LoadError& e) {
    return e.what();
  }
  return "";
}

std::string map_load_error(const std::string& text) {
  try {
    (void)parse_map(text, "map.toml");
  } catch (const LoadError& e) {
    return e.what();
  }
  return "";
}

std::string map_issues(const std::string& text) {
  const MapBoard m = parse_map(text, "map.toml");
  return format_issues(m.path, validate_map(m));
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string HEAD = "set = \"t\"\n";  // line 1

// Junction count of tile `id` of a catalog file.
int junctions_of(const Catalog& cat, const std::string& id) {
  const TileSpec* t = cat.find(id);
  REQUIRE_MESSAGE(t != nullptr, "no tile " << id);
  return int(tile_junctions(*t).size());
}

// A small valid map; `rows` and the tables can be swapped for the error cases.
std::string small_map(const std::string& rows, const std::string& tables) {
  return "map = \"small\"\nwidth = 5\nheight = 3\nrows = [\n" + rows + "]\n" + tables;  // rows start on line 5
}
const std::string GOOD_ROWS = "  \".nsn.\",\n  \"nnAAt\",\n  \"nsnn.\",\n";
const std::string GOOD_TABLES =
    "[[start]]\nname = \"North\"\nat = [2, 0]\n"   // lines 9-11
    "[[start]]\nname = \"South\"\nat = [1, 2]\n"   // 12-14
    "[[town]]\nname = \"East\"\nat = [4, 1]\n"     // 15-17
    "[[city]]\nkey = \"A\"\nname = \"Town\"\narms = 1\nopen = [ { at = [2, 1], side = \"W\" }, { at = [3, 1], side = \"S\" } ]\n"  // 18-22
    "[[border]]\nat = [0, 1]\nside = \"W\"\nedge = \"FRF\"\n";  // 23-26

}  // namespace

TEST_CASE("E1-E6: a catalog that uses none of the new keys reads as before") {
  // The Mists catalog's checksum is the one results/default/study.json recorded, and it has no
  // special tile, sight or given junction; its six implicit junctions are E3.3's list.
  const Catalog mists = load_catalog(source_path("configs/tiles/mists-reconstructed.toml"));
  CHECK(mists.checksum == "2e150850f9da950a");
  CHECK(mists.specials.empty());
  for (const auto& t : mists.tiles) {
    CHECK_FALSE(t.junction_table);
    CHECK_FALSE(t.any_edges);
    for (const auto& r : t.regions) {
      CHECK(r.sights.empty());
      CHECK(r.into == -1);
    }
  }
  CHECK(validate(mists).empty());
}

TEST_CASE("E1.1 end = \"monastery\": read, and the tile must show a monastery") {
  const Catalog am = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  const TileSpec* t = am.find("AM/LRRRR");
  REQUIRE(t != nullptr);
  for (const auto& r : t->regions)
    if (r.kind == RegionKind::Road) CHECK(r.end == RoadEnd::Monastery);
  const std::string bad = HEAD +
                          "[[tile]]\nid = \"x\"\nedges = \"FFF FFF FRF FFF\"\n"
                          "road = [ { slots = \"S2\", end = \"monastery\" } ]\n"  // line 5
                          "field = [ { slots = \"N E S1 S3 W\" } ]\n";
  CHECK(contains(issues_of(bad), "cat.toml:5: tile x: road.end: road ends at a monastery but the tile has no monastery"));
}

TEST_CASE("E1.2 `into` names the city a road enters; only with end = \"city\", in range, an integer") {
  const Catalog am = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  const TileSpec* t = am.find("AM/CCRR");
  REQUIRE(t != nullptr);
  CHECK(t->regions[size_t(t->region_of(RegionKind::Road, 0))].into == 0);
  CHECK(t->regions[size_t(t->region_of(RegionKind::Road, 1))].into == 1);
  const std::string tile = HEAD + "[[tile]]\nid = \"x\"\nedges = \"CCC FFF FRF FFF\"\ncity = [ { slots = \"N\" } ]\n";  // road on line 6
  const std::string field = "field = [ { slots = \"E S1 S3 W\", cities = [0] } ]\n";
  CHECK(issues_of(tile + "road = [ { slots = \"S2\", end = \"city\", into = 0 } ]\n" + field).empty());
  CHECK(contains(issues_of(tile + "road = [ { slots = \"S2\", into = 0 } ]\n" + field),
                 "cat.toml:6: tile x: road.into: only a road with end = \"city\" names the city it enters"));
  CHECK(contains(issues_of(tile + "road = [ { slots = \"S2\", end = \"city\", into = 1 } ]\n" + field),
                 "cat.toml:6: tile x: road.into: city index 1 out of range (tile has 1 cities)"));
  CHECK(contains(load_error(tile + "road = [ { slots = \"S2\", end = \"city\", into = \"north\" } ]\n" + field),
                 "cat.toml:6: tile.x.road.into: must be an integer"));
  CHECK(contains(load_error(tile + "road = [ { slots = \"S2\", end = \"city\", into = -1 } ]\n" + field),
                 "cat.toml:6: tile.x.road.into: -1 is out of range 0..255"));
}

TEST_CASE("E2.1 enclosed fields (slots = \"\"); a city, road or mist still touches a side") {
  const Catalog am = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  const TileSpec* t = am.find("AM/CCcc+");
  REQUIRE(t != nullptr);
  CHECK(t->count(RegionKind::Field) == 2);
  for (const auto& r : t->regions)
    if (r.kind == RegionKind::Field) CHECK(r.slots == 0);
  const std::string bad = HEAD +
                          "[[tile]]\nid = \"x\"\nedges = \"CCC FFF FFF FFF\"\n"
                          "city = [ { slots = \"N\" }, { slots = \"\" } ]\n"  // line 5
                          "field = [ { slots = \"E S W\", cities = [0] } ]\n";
  CHECK(contains(issues_of(bad), "cat.toml:5: tile x: city.slots: empty: a city touches at least one side"));
}

TEST_CASE("E2.2 gardens: a centre feature with no keys") {
  const Catalog am = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  const TileSpec* t = am.find("AM/RG");
  REQUIRE(t != nullptr);
  CHECK(t->has(RegionKind::Garden));
  CHECK(contains(render_tile(*t), "garden"));
  const std::string base = HEAD + "[[tile]]\nid = \"x\"\nedges = \"FFF FFF FFF FFF\"\nfield = [ { slots = \"N E S W\" } ]\n";
  CHECK(contains(issues_of(base + "garden = [ { slots = \"N1\" } ]\n"),
                 "cat.toml:6: tile x: garden: a centre feature touches no slot"));
  CHECK(contains(issues_of(base + "garden = [ { slots = \"\" }, { slots = \"\" } ]\n"), "tile x: garden: at most one per tile"));
  CHECK(contains(load_error(base + "garden = [ { slots = \"\", arms = 1 } ]\n"), "cat.toml:6: tile.x.garden.arms: unknown key"));
}

TEST_CASE("E3.1 junction tables: 2-4 roads that end here at a village, each in one junction") {
  const Catalog tk = load_catalog(source_path("configs/tiles/tollkeepers-reconstructed.toml"));
  CHECK(junctions_of(tk, "03") == 1);
  CHECK(tile_junctions(*tk.find("04")) == std::vector<std::vector<int>>{{0, 1, 2, 3}});
  CHECK(tile_junctions(*tk.find("08")) == std::vector<std::vector<int>>{{0, 1}});
  const std::string tile = HEAD +
                           "[[tile]]\nid = \"x\"\nedges = \"CCC FRF FRF FRF\"\ncity = [ { slots = \"N\" } ]\n"
                           "road = [ { slots = \"E2\" }, { slots = \"S2\" }, { slots = \"W2\", end = \"city\" } ]\n"
                           "field = [ { slots = \"W3 E1\", cities = [0] }, { slots = \"E3 S1\" }, { slots = \"S3 W1\" } ]\n";
  // the junction line is line 8
  CHECK(issues_of(tile + "junction = [ { roads = [0, 1] } ]\n").empty());
  CHECK(contains(issues_of(tile + "junction = [ { roads = [0] } ]\n"), "cat.toml:8: tile x: junction.roads: a junction joins 2 to 4 roads, this one 1"));
  CHECK(contains(issues_of(tile + "junction = [ { roads = [0, 3] } ]\n"), "cat.toml:8: tile x: junction.roads: road index 3 out of range (tile has 3 roads)"));
  CHECK(contains(issues_of(tile + "junction = [ { roads = [0, 2] } ]\n"),
                 "cat.toml:8: tile x: junction.roads: road 2 ends at a city: only a village is a junction (E3.3)"));
  CHECK(contains(issues_of(tile + "junction = [ { roads = [0, 1] }, { roads = [1, 0] } ]\n"), "junction.roads: road 1 is in two junctions"));
  CHECK(contains(issues_of(tile + "junction = [ { roads = [0, 0] } ]\n"), "junction.roads: road 0 listed twice"));
  CHECK(contains(load_error(tile + "junction = [ { roads = [\"a\"] } ]\n"), "cat.toml:8: tile.x.junction.roads: must be an integer"));
  CHECK(contains(load_error(tile + "junction = [ { road = [0, 1] } ]\n"), "cat.toml:8: tile.x.junction.road: unknown key"));
  // A road that runs on across the tile never meets at a junction.
  const std::string through = HEAD +
                              "[[tile]]\nid = \"y\"\nedges = \"FFF FRF FRF FRF\"\n"
                              "road = [ { slots = \"E2 W2\" }, { slots = \"S2\" } ]\n"
                              "field = [ { slots = \"W3 N E1\" }, { slots = \"E3 S1\" }, { slots = \"S3 W1\" } ]\n"
                              "junction = [ { roads = [0, 1] } ]\n";  // line 7
  CHECK(contains(issues_of(through), "cat.toml:7: tile y: junction.roads: road 0 does not end on this tile"));
}

TEST_CASE("E3.2 without a table, the village roads of a tile form one junction when there are 2 or more") {
  const std::string tile = HEAD + "[[tile]]\nid = \"x\"\nedges = \"FFF FRF FRF FRF\"\n";
  const std::string fields = "field = [ { slots = \"W3 N E1\" }, { slots = \"E3 S1\" }, { slots = \"S3 W1\" } ]\n";
  const Catalog three = parse_catalog(tile + "road = [ { slots = \"E2\" }, { slots = \"S2\" }, { slots = \"W2\" } ]\n" + fields, "c");
  CHECK(tile_junctions(three.tiles[0]) == std::vector<std::vector<int>>{{0, 1, 2}});
  // Two village roads and one ending at a ruin: the two form the junction.
  const Catalog two = parse_catalog(tile + "road = [ { slots = \"E2\" }, { slots = \"S2\", end = \"ruin\" }, { slots = \"W2\" } ]\n" + fields, "c");
  CHECK(tile_junctions(two.tiles[0]) == std::vector<std::vector<int>>{{0, 2}});
  // An empty table: the tile says it has none (its roads end at different villages).
  const Catalog none = parse_catalog(tile + "road = [ { slots = \"E2\" }, { slots = \"S2\" }, { slots = \"W2\" } ]\n" + fields + "junction = []\n", "c");
  CHECK(tile_junctions(none.tiles[0]).empty());
}

TEST_CASE("E3.3 junctions of the shipped catalogs: base L, W, X; Mists 12, 25, 26, 32, 41, 49; none elsewhere") {
  const Catalog base = load_catalog(source_path("configs/tiles/base-c3.toml"));
  for (const auto& t : base.tiles) {
    const bool want = t.id == "L" || t.id == "W" || t.id == "X";
    CHECK_MESSAGE(junctions_of(base, t.id) == (want ? 1 : 0), "base tile " << t.id);
  }
  const Catalog mists = load_catalog(source_path("configs/tiles/mists-reconstructed.toml"));
  const std::set<std::string> with = {"12", "25", "26", "32", "41", "49"};
  for (const auto& t : mists.tiles) {
    std::string printed = t.id;
    while (!printed.empty() && std::isalpha(static_cast<unsigned char>(printed.back()))) printed.pop_back();
    CHECK_MESSAGE(int(tile_junctions(t).size()) == (with.count(printed) ? 1 : 0), "Mists tile " << t.id);
  }
  for (const auto& t : mists.start) CHECK(tile_junctions(t).empty());  // the start tile has none
  const Catalog am = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  CHECK(junctions_of(am, "AM/Rrr") == 0);    // one road branching three ways ends nowhere
  CHECK(junctions_of(am, "AM/LRRRR") == 0);  // roads end at a monastery
  const Catalog tk = load_catalog(source_path("configs/tiles/tollkeepers-reconstructed.toml"));
  CHECK(junctions_of(tk, "09") == 0);  // a monastery between two roads
  CHECK(junctions_of(tk, "01") == 0);  // a single road across
}

TEST_CASE("E4 sights: on roads (and fields), from the five kinds") {
  const Catalog tk = load_catalog(source_path("configs/tiles/tollkeepers-reconstructed.toml"));
  const TileSpec* t = tk.find("03");
  REQUIRE(t != nullptr);
  // E4.2: the brigands between the south and west roads are listed on both.
  CHECK(t->regions[size_t(t->region_of(RegionKind::Road, 1))].sights == std::vector<Sight>{Sight::Brigands});
  CHECK(t->regions[size_t(t->region_of(RegionKind::Road, 2))].sights == std::vector<Sight>{Sight::Brigands});
  int travellers = 0;
  for (const auto& tile : tk.tiles)
    for (const auto& r : tile.regions)
      for (Sight x : r.sights) travellers += x == Sight::Travellers;
  CHECK(travellers == 8);  // the published count
  const std::string tile = HEAD + "[[tile]]\nid = \"x\"\nedges = \"FFF FRF FFF FRF\"\n";
  const std::string fields = "field = [ { slots = \"W3 N E1\", sights = [\"stable\"] }, { slots = \"E3 S W1\" } ]\n";
  CHECK(issues_of(tile + "road = [ { slots = \"E2 W2\", sights = [\"travellers\", \"garden\"] } ]\n" + fields).empty());
  CHECK(contains(load_error(tile + "road = [ { slots = \"E2 W2\", sights = [\"castle\"] } ]\n" + fields),
                 "cat.toml:5: tile.x.road.sights: 'castle' is not one of farmhouse, stable, garden, brigands, travellers"));
  CHECK(contains(load_error(tile + "road = [ { slots = \"E2 W2\", sights = \"farmhouse\" } ]\n" + fields),
                 "cat.toml:5: tile.x.road.sights: must be an array of strings"));
  CHECK(contains(load_error(HEAD + "[[tile]]\nid = \"c\"\nedges = \"CCC FFF FFF FFF\"\ncity = [ { slots = \"N\", sights = [\"stable\"] } ]\n"),
                 "cat.toml:5: tile.c.city.sights: unknown key"));
  // E4.4: the base and Mists catalogs list none yet.
  for (const char* file : {"configs/tiles/base-c3.toml", "configs/tiles/mists-reconstructed.toml"})
    for (const auto& tl : load_catalog(source_path(file)).tiles)
      for (const auto& r : tl.regions) CHECK(r.sights.empty());
}

TEST_CASE("E5 special tiles: kind, copies_per_colour, edges = \"any\" with centre regions only") {
  const Catalog am = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  REQUIRE(am.specials.size() == 1);
  const TileSpec* abbey = am.find_special("abbey");
  REQUIRE(abbey != nullptr);
  CHECK(abbey->special);
  CHECK(abbey->any_edges);
  CHECK(abbey->copies_per_colour == 1);
  CHECK(abbey->has(RegionKind::Monastery));
  CHECK(am.tile_count() == 12);  // E5.1: special tiles are never dealt
  CHECK(contains(render_tile(*abbey), "special: abbey, 1 per colour"));
  CHECK(validate(am).empty());
  const std::string sp = HEAD + "[[tile]]\nid = \"f\"\nedges = \"FFF FFF FFF FFF\"\nfield = [ { slots = \"N E S W\" } ]\n";  // special from line 6
  CHECK(contains(load_error(sp + "[[special]]\nid = \"a\"\nkind = \"barn\"\ncopies_per_colour = 1\nedges = \"any\"\n"),
                 "cat.toml:8: special.a.kind: 'barn' is not a special tile kind (abbey)"));
  CHECK(contains(load_error(sp + "[[special]]\nid = \"a\"\nkind = \"abbey\"\ncopies = 1\nedges = \"any\"\n"),
                 "cat.toml:9: special.copies: unknown key"));
  CHECK(contains(load_error(sp + "[[special]]\nid = \"a\"\nkind = \"abbey\"\ncopies_per_colour = 0\nedges = \"any\"\n"),
                 "cat.toml:9: special.a.copies_per_colour: 0 is out of range"));
  CHECK(contains(issues_of(sp + "[[special]]\nid = \"a\"\nkind = \"abbey\"\ncopies_per_colour = 1\nedges = \"any\"\n"
                                "monastery = [ { slots = \"\" } ]\nfield = [ { slots = \"N\" } ]\n"),
                 "cat.toml:12: tile a: field.slots: a tile with edges = \"any\" has only regions with slots = \"\" (E5.2)"));
  CHECK(contains(issues_of(sp + "[[special]]\nid = \"a\"\nkind = \"abbey\"\ncopies_per_colour = 1\nedges = \"any\"\n"),
                 "tile a: monastery: an abbey shows a monastery"));
  CHECK(contains(issues_of(HEAD + "[[tile]]\nid = \"w\"\nedges = \"any\"\n"), "cat.toml:4: tile w: edges: edges = \"any\" is only for [[special]] entries"));
}

TEST_CASE("E5: an expansion catalog (no start tile) validates but is not played on its own") {
  const Catalog tk = load_catalog(source_path("configs/tiles/tollkeepers-reconstructed.toml"));
  CHECK(tk.start.empty());
  CHECK(validate(tk).empty());
  GameParams p;
  p.players = 2;
  CHECK_THROWS_WITH_AS(build_rules(tk, load_level(source_path("configs/levels/level1.toml")), p),
                       doctest::Contains("has no [[start]] cell: it is an expansion"), ConfigError);
}

TEST_CASE("E6 map files: the Germany map loads and validates; every load check names its line") {
  const MapBoard de = load_map(source_path("configs/tiles/map-germany-reconstructed.toml"));
  CHECK(validate_map(de).empty());
  CHECK(de.width == 13);
  CHECK(de.height == 17);
  CHECK(de.tile_squares() == 151);  // 140 normal, 3 start, 8 town (the file's header)
  CHECK(de.starts.size() == 3);
  CHECK(de.cities.size() == 6);
  CHECK(de.at(9, 5) == 'B');
  CHECK(contains(render_map(de), "city B Berlin: 4 square(s), 4 coat(s) of arms"));

  CHECK(map_issues(small_map(GOOD_ROWS, GOOD_TABLES)).empty());
  SUBCASE("rows of the wrong length or with an unknown character") {
    CHECK(contains(map_issues(small_map("  \".nsn.\",\n  \"nnAA\",\n  \"nsnn.\",\n", GOOD_TABLES)),
                   "map.toml:6: rows: row 1 has 4 characters, width says 5"));
    CHECK(contains(map_issues(small_map("  \".nsn.\",\n  \"nnAAt\",\n  \"nsnx.\",\n", GOOD_TABLES)),
                   "map.toml:7: rows: row 2 column 3: 'x' is not one of . n s t A-Z"));
  }
  SUBCASE("letters, starts and towns against their entries, both ways") {
    CHECK(contains(map_issues(small_map("  \".nsn.\",\n  \"nnAAt\",\n  \"nsnnZ\",\n", GOOD_TABLES)),
                   "map.toml:7: rows: letter 'Z' at [4, 2] has no [[city]] entry"));
    CHECK(contains(map_issues(small_map("  \".nnn.\",\n  \"nnAAt\",\n  \"nsnn.\",\n", GOOD_TABLES)),
                   "map.toml:9: start.at: [2, 0] is 'n' on the grid, not 's'"));
    CHECK(contains(map_issues(small_map("  \".nsn.\",\n  \"nnAAt\",\n  \"nsns.\",\n", GOOD_TABLES)),
                   "map.toml:7: rows: 's' at [3, 2] has no [[start]] entry"));
    CHECK(contains(map_issues(small_map(GOOD_ROWS, GOOD_TABLES + "[[city]]\nkey = \"Q\"\nname = \"Nowhere\"\n")),
                   "map.toml:27: city.Q: no square of the grid shows 'Q'"));
  }
  SUBCASE("open sides face a square that takes tiles; border sides face the edge") {
    std::string t = GOOD_TABLES;
    t.replace(t.find("side = \"S\""), 10, "side = \"E\"");  // [3, 1] E faces the town: fine
    CHECK(map_issues(small_map(GOOD_ROWS, t)).empty());
    std::string n = GOOD_TABLES;
    n.replace(n.find("at = [2, 1], side = \"W\""), 23, "at = [2, 1], side = \"E\"");  // faces its own square
    CHECK(contains(map_issues(small_map(GOOD_ROWS, n)), "map.toml:22: city.A.open: [2, 1] side E faces 'A'"));
    std::string b = GOOD_TABLES;
    b.replace(b.find("side = \"W\"\nedge"), 10, "side = \"E\"");
    CHECK(contains(map_issues(small_map(GOOD_ROWS, b)), "map.toml:23: border.side: [0, 1] side E faces another square"));
    std::string e = GOOD_TABLES;
    e.replace(e.find("edge = \"FRF\""), 12, "edge = \"FFF\"");
    CHECK(contains(map_issues(small_map(GOOD_ROWS, e)), "map.toml:23: border.edge: 'FFF' is not FRF (a road) or CCC (a city)"));
  }
  SUBCASE("all squares connected") {
    CHECK(contains(map_issues("map = \"m\"\nwidth = 3\nheight = 1\nrows = [\"n.n\"]\n"), "map.toml:4: rows: square [2, 0] is cut off"));
  }
  SUBCASE("load errors: unknown keys, types, a catalog given as a map and the reverse") {
    CHECK(contains(map_load_error(small_map(GOOD_ROWS, "colour = 3\n" + GOOD_TABLES)), "map.toml:9: colour: unknown key"));
    CHECK(contains(map_load_error("map = \"m\"\nwidth = \"5\"\nheight = 1\nrows = [\"n\"]\n"), "map.toml:2: width: must be an integer"));
    CHECK(contains(map_load_error(small_map(GOOD_ROWS, "[[city]]\nkey = \"AB\"\nname = \"x\"\n")), "map.toml:10: city.key: 'AB' is not one letter A-Z"));
    CHECK(contains(map_load_error(small_map(GOOD_ROWS, "[[border]]\nat = [0, 1]\nside = \"up\"\nedge = \"FRF\"\n")),
                   "map.toml:11: border.side: 'up' is not one of N, E, S, W"));
    CHECK(contains(map_load_error(HEAD + "[[tile]]\n"), "this is a tile catalog, not a map file"));
    CHECK(contains(load_error(small_map(GOOD_ROWS, GOOD_TABLES)), "cat.toml:1: map: this is a map file"));
  }
}

TEST_CASE("E1-E6: `mists tiles validate` accepts the five shipped catalogs and the map; `tiles show` draws them") {
  using namespace mists::test::sh;
  const Run v = mists_cmd(
      "tiles validate configs/tiles/mists-reconstructed.toml configs/tiles/base-c3.toml configs/tiles/abbey-mayor.toml "
      "configs/tiles/tollkeepers-reconstructed.toml configs/tiles/map-germany-reconstructed.toml");
  CHECK_MESSAGE(v.status == 0, v.output);
  CHECK(contains(v.output, "abbey-mayor.toml: ok: set abbey-and-mayor-c2 (transcribed), 12 designs, 12 tiles, 0 start cell(s)"));
  CHECK(contains(v.output, "1 special tile(s)"));
  CHECK(contains(v.output, "tollkeepers-reconstructed.toml: ok: set tollkeepers-c3 (reconstructed), 10 designs, 10 tiles"));
  CHECK(contains(v.output, "4 junction(s), 21 sight(s)"));
  CHECK(contains(v.output, "map-germany-reconstructed.toml: ok: map carcassonne-maps-germany (reconstructed), 13 x 17 squares"));
  const Run show = mists_cmd("tiles show --catalog configs/tiles/tollkeepers-reconstructed.toml 04");
  CHECK(show.status == 0);
  CHECK(contains(show.output, "junction: roads road0 road1 road2 road3"));
  CHECK(contains(show.output, "sights travellers"));
  const Run abbey = mists_cmd("tiles show --catalog configs/tiles/abbey-mayor.toml abbey");
  CHECK(abbey.status == 0);
  CHECK(contains(abbey.output, "edges any"));
  CHECK(contains(abbey.output, "+***+"));
  const Run map = mists_cmd("tiles show --map configs/tiles/map-germany-reconstructed.toml");
  CHECK(map.status == 0);
  CHECK(contains(map.output, "start Rostock at [8, 2]"));
  CHECK(contains(map.output, "border city beyond [0, 9] W"));
  TempDir dir;
  {
    std::ofstream f(dir.file("bad-map.toml"));
    f << "map = \"m\"\nwidth = 3\nheight = 1\nrows = [\"n.n\"]\n";
  }
  const Run bad = mists_cmd("tiles validate " + quote(dir.file("bad-map.toml")));
  CHECK(bad.status != 0);
  CHECK(contains(bad.output, dir.file("bad-map.toml") + ":4: rows: square [2, 0] is cut off"));
}
