// Helpers for the rule-by-rule tests (test_rules_*.cpp): a small library of hand-made tiles that an
// inline catalog picks from, a few start tiles, inline levels, and state queries the tests share.
// Header-only on purpose (tests/CMakeLists.txt globs test_*.cpp only).
#pragma once

#include <algorithm>
#include <map>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "support.h"

namespace mists::test::rh {

// ---- Tiles -------------------------------------------------------------------------------------
// Every design as drawn at rotation 0. Names:
//   F all field (P the same, used as padding) · C city cap north · CA city cap north with 1 coat of arms · CNSA city north-south
//   with 1 coat of arms · CT city north-east-west
//   with 1 coat of arms · CRE city cap north + road from the south ending at a village · RE road
//   from the east ending at a village · RS straight road east-west · RC road curve east-south ·
//   M1/M2/M3/M5 mist cap north with 1/2/3/5 ghost symbols · MNS mist north+south (one area, 2) ·
//   MNE1/MNE2 mist north+east (one area, 1/2) · MEW3 mist east+west (one area, 3) · M12 two
//   separate mist areas, north (1 symbol) and south (2 symbols) · MR straight road east-west whose
//   east half lies under mist (1) · CM2 city cap north + mist cap south (2) · K castle in a field ·
//   KM castle + mist cap north (1) · Y cemetery in a field · YC cemetery + city cap north · YM2
//   cemetery + mist cap north (2) · X4 city on all four sides · CEW city east-west, no coat of arms
//   · MJ three roads to a village (a junction) from the east (under mist, 1), south and west.
inline const std::map<std::string, std::string>& tile_bodies() {
  static const std::map<std::string, std::string> bodies = {
      {"F", "edges = \"FFF FFF FFF FFF\"\nfield = [ { slots = \"N E S W\" } ]\n"},
      {"P", "edges = \"FFF FFF FFF FFF\"\nfield = [ { slots = \"N E S W\" } ]\n"},
      {"C", "edges = \"CCC FFF FFF FFF\"\ncity = [ { slots = \"N\" } ]\nfield = [ { slots = \"E S W\", cities = [0] } ]\n"},
      {"CA",
       "edges = \"CCC FFF FFF FFF\"\ncity = [ { slots = \"N\", arms = 1 } ]\nfield = [ { slots = \"E S W\", cities = [0] } ]\n"},
      {"CNSA",
       "edges = \"CCC FFF CCC FFF\"\ncity = [ { slots = \"N S\", arms = 1 } ]\n"
       "field = [ { slots = \"E\", cities = [0] }, { slots = \"W\", cities = [0] } ]\n"},
      {"CT", "edges = \"CCC CCC FFF CCC\"\ncity = [ { slots = \"N E W\", arms = 1 } ]\nfield = [ { slots = \"S\" } ]\n"},
      {"CRE",
       "edges = \"CCC FFF FRF FFF\"\ncity = [ { slots = \"N\" } ]\nroad = [ { slots = \"S2\" } ]\n"
       "field = [ { slots = \"E S1 S3 W\", cities = [0] } ]\n"},
      {"RE", "edges = \"FFF FRF FFF FFF\"\nroad = [ { slots = \"E2\" } ]\nfield = [ { slots = \"N E1 E3 S W\" } ]\n"},
      {"RS",
       "edges = \"FFF FRF FFF FRF\"\nroad = [ { slots = \"E2 W2\" } ]\n"
       "field = [ { slots = \"N E1 W3\" }, { slots = \"E3 S W1\" } ]\n"},
      {"RC",
       "edges = \"FFF FRF FRF FFF\"\nroad = [ { slots = \"E2 S2\" } ]\n"
       "field = [ { slots = \"N E1 S3 W\" }, { slots = \"E3 S1\" } ]\n"},
      {"M1", "edges = \"fff FFF FFF FFF\"\nmist = [ { slots = \"N\", ghosts = 1 } ]\nfield = [ { slots = \"E S W\" } ]\n"},
      {"M2", "edges = \"fff FFF FFF FFF\"\nmist = [ { slots = \"N\", ghosts = 2 } ]\nfield = [ { slots = \"E S W\" } ]\n"},
      {"M3", "edges = \"fff FFF FFF FFF\"\nmist = [ { slots = \"N\", ghosts = 3 } ]\nfield = [ { slots = \"E S W\" } ]\n"},
      {"M5", "edges = \"fff FFF FFF FFF\"\nmist = [ { slots = \"N\", ghosts = 5 } ]\nfield = [ { slots = \"E S W\" } ]\n"},
      {"MNS",
       "edges = \"fff FFF fff FFF\"\nmist = [ { slots = \"N S\", ghosts = 2 } ]\n"
       "field = [ { slots = \"E\" }, { slots = \"W\" } ]\n"},
      {"MNE1", "edges = \"fff fff FFF FFF\"\nmist = [ { slots = \"N E\", ghosts = 1 } ]\nfield = [ { slots = \"S W\" } ]\n"},
      {"MNE2", "edges = \"fff fff FFF FFF\"\nmist = [ { slots = \"N E\", ghosts = 2 } ]\nfield = [ { slots = \"S W\" } ]\n"},
      {"MEW3",
       "edges = \"FFF fff FFF fff\"\nmist = [ { slots = \"E W\", ghosts = 3 } ]\n"
       "field = [ { slots = \"N\" }, { slots = \"S\" } ]\n"},
      {"M12",
       "edges = \"fff FFF fff FFF\"\nmist = [ { slots = \"N\", ghosts = 1 }, { slots = \"S\", ghosts = 2 } ]\n"
       "field = [ { slots = \"E W\" } ]\n"},
      {"MR",
       "edges = \"FFF frf FFF FRF\"\nroad = [ { slots = \"E2 W2\" } ]\nmist = [ { slots = \"E\", ghosts = 1 } ]\n"
       "field = [ { slots = \"N W3\" }, { slots = \"S W1\" } ]\n"},
      {"CM2",
       "edges = \"CCC FFF fff FFF\"\ncity = [ { slots = \"N\" } ]\nmist = [ { slots = \"S\", ghosts = 2 } ]\n"
       "field = [ { slots = \"E\", cities = [0] }, { slots = \"W\", cities = [0] } ]\n"},
      {"K", "edges = \"FFF FFF FFF FFF\"\nfield = [ { slots = \"N E S W\" } ]\ncastle = [ { slots = \"\" } ]\n"},
      {"KM",
       "edges = \"fff FFF FFF FFF\"\nmist = [ { slots = \"N\", ghosts = 1 } ]\nfield = [ { slots = \"E S W\" } ]\n"
       "castle = [ { slots = \"\" } ]\n"},
      {"Y", "edges = \"FFF FFF FFF FFF\"\nfield = [ { slots = \"N E S W\" } ]\ncemetery = [ { slots = \"\" } ]\n"},
      {"YC",
       "edges = \"CCC FFF FFF FFF\"\ncity = [ { slots = \"N\" } ]\nfield = [ { slots = \"E S W\", cities = [0] } ]\n"
       "cemetery = [ { slots = \"\" } ]\n"},
      {"YM2",
       "edges = \"fff FFF FFF FFF\"\nmist = [ { slots = \"N\", ghosts = 2 } ]\nfield = [ { slots = \"E S W\" } ]\n"
       "cemetery = [ { slots = \"\" } ]\n"},
      {"X4", "edges = \"CCC CCC CCC CCC\"\ncity = [ { slots = \"N E S W\" } ]\n"},
      // For the levers' tests: a city east-west without coats of arms; three village roads (a
      // junction, E3.2) whose east road lies under mist (1 ghost symbol).
      {"CEW", "edges = \"FFF CCC FFF CCC\"\ncity = [ { slots = \"E W\" } ]\n"
              "field = [ { slots = \"N\", cities = [0] }, { slots = \"S\", cities = [0] } ]\n"},
      {"MJ",
       "edges = \"FFF frf FRF FRF\"\nroad = [ { slots = \"E2\" }, { slots = \"S2\" }, { slots = \"W2\" } ]\n"
       "mist = [ { slots = \"E\", ghosts = 1 } ]\nfield = [ { slots = \"W3 N\" }, { slots = \"S1\" }, { slots = \"S3 W1\" } ]\n"},
  };
  return bodies;
}

// ---- Start tiles -------------------------------------------------------------------------------
inline std::string start_cell(const std::string& id, int x, int y, const std::string& body) {
  return "[[start]]\nid = \"" + id + "\"\nat = [" + std::to_string(x) + ", " + std::to_string(y) + "]\n" + body;
}

// One field cell at (0, 0), no ghosts.
inline std::string start_field() { return start_cell("s", 0, 0, tile_bodies().at("F")); }

// A row of `n` field cells at (0, 0) .. (n-1, 0).
inline std::string start_row(int n) {
  std::string out;
  for (int x = 0; x < n; ++x) out += start_cell("s" + std::to_string(x), x, 0, tile_bodies().at("F"));
  return out;
}

// A row of `n` cells with a city cap on their north side, at (0, 0) .. (n-1, 0).
inline std::string start_cities(int n) {
  std::string out;
  for (int x = 0; x < n; ++x) out += start_cell("s" + std::to_string(x), x, 0, tile_bodies().at("C"));
  return out;
}

// A 2x2 start like the Mists one: NW (0,0) a road from the west ending at the ruins; NE (1,0) mist
// on its east side, 1 ghost symbol; SW (0,1) mist on its west side, 2 ghost symbols; SE (1,1) field.
inline std::string start_mists() {
  return start_cell("nw", 0, 0,
                    "edges = \"FFF FFF FFF FRF\"\nroad = [ { slots = \"W2\", end = \"ruin\" } ]\n"
                    "field = [ { slots = \"N E S W1 W3\" } ]\n") +
         start_cell("ne", 1, 0,
                    "edges = \"FFF fff FFF FFF\"\nmist = [ { slots = \"E\", ghosts = 1 } ]\n"
                    "field = [ { slots = \"N S W\" } ]\n") +
         start_cell("sw", 0, 1,
                    "edges = \"FFF FFF FFF fff\"\nmist = [ { slots = \"W\", ghosts = 2 } ]\n"
                    "field = [ { slots = \"N E S\" } ]\n") +
         start_cell("se", 1, 1, tile_bodies().at("F"));
}

// ---- Catalogs and levels -------------------------------------------------------------------------
using TileList = std::vector<std::pair<std::string, int>>;  // design name, copies

inline std::string catalog(const std::string& start, const TileList& tiles) {
  std::string out = "set = \"rules-test\"\nstatus = \"transcribed\"\n";
  out += start;
  for (const auto& [name, copies] : tiles)
    out += "[[tile]]\nid = \"" + name + "\"\ncopies = " + std::to_string(copies) + "\n" + tile_bodies().at(name);
  return out;
}

struct Lv {
  int level = 1;
  int piles = 1;
  int ghosts = 15;
  int hound1 = 0, hound2 = 0;
  int goal = 1000;
  bool castles = false;
  int cemetery_close = 0;
  bool cemetery_ghosts = false;
  bool haunted = false;
  bool per_colour = false;

  std::string toml() const {
    auto b = [](bool v) { return v ? "true" : "false"; };
    return "level = " + std::to_string(level) + "\npiles = " + std::to_string(piles) +
           "\nghosts = " + std::to_string(ghosts) + "\nhound1 = " + std::to_string(hound1) +
           "\nhound2 = " + std::to_string(hound2) + "\ngoal = " + std::to_string(goal) + "\ncastles = " + b(castles) +
           "\ncemetery_close = " + std::to_string(cemetery_close) + "\ncemetery_ghosts = " + b(cemetery_ghosts) +
           "\nhaunted = " + b(haunted) + "\nper_colour_scores = " + b(per_colour) + "\n";
  }
};

// Level 1: base rules. Level 2: castles, cemeteries closed by 4, cemetery ghosts.
// Level 3: level 2 with 3 piles (hounds set by the test). Level 5: castles, haunted cemeteries
// closed by 8 (one pile unless the test says otherwise).
inline Lv lv1() { return Lv{}; }
inline Lv lv2() {
  Lv l;
  l.level = 2;
  l.castles = true;
  l.cemetery_close = 4;
  l.cemetery_ghosts = true;
  return l;
}
inline Lv lv3(int hound1, int hound2) {
  Lv l = lv2();
  l.level = 3;
  l.piles = 3;
  l.hound1 = hound1;
  l.hound2 = hound2;
  return l;
}
inline Lv lv5() {
  Lv l;
  l.level = 5;
  l.castles = true;
  l.cemetery_close = 8;
  l.haunted = true;
  return l;
}

// Rules from an inline catalog and level. `pad` copies of the all-field tile "P" are added so that
// a scenario does not run out of tiles by accident; tests about pile sizes pass pad = 0.
inline Rules make(const std::string& start, TileList tiles, const Lv& lv, int players = 1, Switches sw = {},
                  int pad = 6) {
  if (pad > 0) tiles.emplace_back("P", pad);
  return inline_rules(catalog(start, tiles), lv.toml(), players, sw);
}
inline Rules make_exact(const std::string& start, TileList tiles, const Lv& lv, int players = 1, Switches sw = {}) {
  return make(start, std::move(tiles), lv, players, sw, 0);
}

// ---- Levers (docs/rules.md C) ----------------------------------------------------------------------
// The abbey tile as Abbey & Mayor's catalog writes it (E5), and a small Tollkeepers-like catalog:
//   TJ three village roads meeting at a junction (E, S, W) with travellers on the east road and
//      brigands between the south and west roads (beside both) · TS straight road east-west with a
//      farmhouse · TC road curve west-south with a stable · TN straight road east-west, no sight.
inline std::string abbey_catalog() {
  return "set = \"abbey-test\"\n[[special]]\nid = \"abbey\"\nkind = \"abbey\"\ncopies_per_colour = 1\n"
         "edges = \"any\"\nmonastery = [ { slots = \"\" } ]\n";
}
inline std::string toll_catalog(int copies = 1) {
  const std::string c = "copies = " + std::to_string(copies) + "\n";
  return "set = \"toll-test\"\n"
         "[[tile]]\nid = \"TJ\"\n" + c + "edges = \"FFF FRF FRF FRF\"\n"
         "road = [ { slots = \"E2\", sights = [\"travellers\"] }, { slots = \"S2\", sights = [\"brigands\"] },"
         " { slots = \"W2\", sights = [\"brigands\"] } ]\n"
         "field = [ { slots = \"W3 N E1\" }, { slots = \"E3 S1\" }, { slots = \"S3 W1\" } ]\n"
         "[[tile]]\nid = \"TS\"\n" + c + "edges = \"FFF FRF FFF FRF\"\n"
         "road = [ { slots = \"E2 W2\", sights = [\"farmhouse\"] } ]\nfield = [ { slots = \"N E1 W3\" }, { slots = \"E3 S W1\" } ]\n"
         "[[tile]]\nid = \"TC\"\n" + c + "edges = \"FFF FFF FRF FRF\"\n"
         "road = [ { slots = \"W2 S2\", sights = [\"stable\"] } ]\nfield = [ { slots = \"W3 N E S1\" }, { slots = \"S3 W1\" } ]\n"
         "[[tile]]\nid = \"TN\"\n" + c + "edges = \"FFF FRF FFF FRF\"\n"
         "road = [ { slots = \"E2 W2\" } ]\nfield = [ { slots = \"N E1 W3\" }, { slots = \"E3 S W1\" } ]\n";
}

// Rules with levers from an inline catalog and level, the expansion catalogs above as the levers
// need them (`tolls`: the toll catalog's text).
inline Rules make_levers(const std::string& start, TileList tiles, const Lv& lv, const std::string& levers, int players = 1,
                         Switches sw = {}, int pad = 6, const std::string& tolls = toll_catalog()) {
  if (pad > 0) tiles.emplace_back("P", pad);
  GameParams p;
  p.players = players;
  p.switches = sw;
  p.levers = parse_levers(levers, "test");
  LeverCatalogs cats;
  if (p.levers.abbeys != PiecePool::Off) cats.abbeys = parse_catalog(abbey_catalog(), "abbey-test.toml");
  if (p.levers.tiles_of_tolls()) cats.tolls = parse_catalog(tolls, "toll-test.toml");
  for (const Catalog* c : {&cats.abbeys, &cats.tolls}) {
    const auto issues = validate(*c);
    REQUIRE_MESSAGE((c->path.empty() || issues.empty()), format_issues(*c, issues));
  }
  Catalog cat = parse_catalog(catalog(start, tiles), "test-catalog.toml");
  const auto issues = validate(cat);
  REQUIRE_MESSAGE(issues.empty(), format_issues(cat, issues));
  return build_rules(std::move(cat), parse_level(lv.toml(), "test-level.toml"), p, std::move(cats));
}

// Turns up a chip of `value` (CM2: the chance step after a tile goes on a chip cell).
inline void reveal(const Rules& R, State& s, int value) {
  REQUIRE_MESSAGE(s.phase == Phase::ChipDraw, "expected a chip, phase is " << phase_name(s.phase));
  apply_draw(R, s, value);
  const std::string err = check(R, s);
  REQUIRE_MESSAGE(err.empty(), err);
}

// The chip cells' positions relative to the start (CM1).
inline std::vector<std::pair<int, int>> chip_positions(const Rules& R) {
  std::vector<std::pair<int, int>> out;
  for (Cell c : R.chip_cells) out.emplace_back(cell_x(c) - START_X, cell_y(c) - START_Y);
  return out;
}

// ---- Queries -------------------------------------------------------------------------------------
inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

inline int count_prefix(const std::vector<std::string>& v, const std::string& prefix) {
  return int(std::count_if(v.begin(), v.end(), [&](const std::string& o) { return o.rfind(prefix, 0) == 0; }));
}

// Ghosts on the k-th mist area (in file order) of the tile at (x, y).
inline int mist_ghosts(const Rules& R, const State& s, int x, int y, int k) {
  const int t = tile_at(s, x, y);
  REQUIRE(t >= 0);
  const TileType& tt = R.types[s.tiles[t].type];
  int seen = 0;
  for (size_t fi = 0; fi < tt.features.size(); ++fi)
    if (tt.features[fi].kind == RegionKind::Mist && seen++ == k) return s.nodes[s.tiles[t].node + fi].ghosts;
  FAIL("tile at " << x << "," << y << " has no mist area " << k);
  return -1;
}

// Ghosts on the cemetery of the tile at (x, y).
inline int cemetery_ghosts(const Rules& R, const State& s, int x, int y) {
  const int t = tile_at(s, x, y);
  REQUIRE(t >= 0);
  const TileType& tt = R.types[s.tiles[t].type];
  REQUIRE(tt.cemetery >= 0);
  return s.nodes[s.tiles[t].node + tt.cemetery].ghosts;
}

inline int meeples(const State& s, const Rules& R, MeepleAt where, int colour = -1) {
  int n = 0;
  for (int m = 0; m < R.n_meeples; ++m)
    if (s.meeples[m].at == where && (colour < 0 || s.meeples[m].colour == colour)) ++n;
  return n;
}

inline int unseen_total(const Rules& R, const State& s) {
  int n = 0;
  for (int t = 0; t < R.n_land_types; ++t) n += s.unseen[t];
  return n;
}

inline int pile_total(const State& s) { return s.pile_size[0] + s.pile_size[1] + s.pile_size[2]; }

// Ghost conservation: board + supply = the level's total.
inline void check_ghost_total(const Rules& R, const State& s) {
  CHECK(int(s.ghosts_on_board) + int(s.ghost_supply) == R.level.ghosts);
}

constexpr int RED = 0, GREEN = 1, BLUE = 2, YELLOW = 3;

}  // namespace mists::test::rh
