// Map-Chips Germany (EXPANSIONS M1-M5, docs/versus.md) in the competitive engine, on the
// reconstructed map of Germany: squares, borders, large cities, the set-up, chips, upgrades.
// Coordinates in the texts are relative to the start tile's square (Rostock, map square 8, 2).
#include <doctest/doctest.h>

#include "versus_helpers.h"

using namespace mists;
using namespace mists::vs;
using namespace mists::test::versus;

namespace {

VsRules map_rules(int players, const std::vector<std::string>& sw = {}) {
  return game_rules(VsGame::Base, VS_MAP_CHIPS, players, sw);
}

// The start tile unturned on Rostock (its city faces the sea to the north), a monastery on
// Stuttgart, the chips on `chips` (map squares).
VsState start(const VsRules& R, const std::vector<std::pair<int, int>>& chips = {}) {
  VsSetup setup;
  setup.second = type_id(R, "B");
  for (const auto& [x, y] : chips) setup.chips.push_back(map_cell(R, x, y));
  VsState s = initial_state(R, setup);
  REQUIRE(check(R, s).empty());
  return s;
}

// "place X Y R" with X, Y the map square.
std::string at(int x, int y, int rot) { return "place " + std::to_string(x - 8) + " " + std::to_string(y - 2) + " " + std::to_string(rot); }

}  // namespace

TEST_CASE("M1.1 M1.2 M2.1 set-up: tiles only on the map's squares, the start tile and the pile's top tile on two start squares, 30 chips") {
  const VsRules R = map_rules(2);
  CHECK(R.on_map);
  CHECK(R.setup_tiles == 1);
  CHECK(R.map.tile_squares() == 151);
  CHECK(R.city_specs.size() == 13);  // the large cities' squares
  VsState s = start(R);
  CHECK(s.n_tiles == 2);
  CHECK(s.left == R.tiles_in_play - 1);  // M1.2: the second square's tile came from the pile
  CHECK(s.grid[map_cell(R, 8, 2)] != 0);  // Rostock
  CHECK(s.grid[map_cell(R, 5, 14)] != 0); // Stuttgart
  // Rostock's north side faces the sea: the start tile's city there is closed (M1.5).
  const VsTile& d = s.tiles[0];
  CHECK(s.nodes[find_root(s, d.node)].done == 1);
  // No placement off the map (M1.1): north of Rostock is sea.
  draw(R, s, "U");
  const auto o = options_text(R, s);
  CHECK_FALSE(has(o, at(8, 1, 0)));
  CHECK(has(o, at(9, 2, 0)));
  // M1.2 map_starts: another pair; a name the map does not have is refused.
  CHECK_NOTHROW(map_rules(2, {"map_starts=Erfurt+Rostock"}));
  const VsRules E = map_rules(2, {"map_starts=Erfurt+Rostock"});
  CHECK(E.second_start == map_cell(E, 8, 2));
  CHECK(map_cell(E, 7, 9) == vs_cell(VS_START, VS_START));
  CHECK_THROWS_WITH_AS(map_rules(2, {"map_starts=Berlin+Rostock"}), doctest::Contains("map_starts: 'Berlin+Rostock' does not name"),
                       ConfigError);
  // The map plays the base game only; a map that fails its checks is named.
  CHECK_THROWS_WITH_AS(game_rules(VsGame::Gcc, VS_MAP_CHIPS, 2), doctest::Contains("map_chips plays the base game only"),
                       ConfigError);
}

TEST_CASE("M1.3 M1.5 the border: sides off the map match anything and close roads; printed features must be matched") {
  const VsRules R = map_rules(2);
  // The printed road north of square (5, 0) and the printed city west of square (0, 9).
  CHECK((R.fixed_mask[map_cell(R, 5, 0)] & 3) == 3);
  CHECK((R.fixed_value[map_cell(R, 5, 0)] & 3) == uint8_t(Terrain::Road));
  CHECK((R.fixed_value[map_cell(R, 0, 9)] >> 6 & 3) == uint8_t(Terrain::City));
  CHECK(R.fixed_mask[map_cell(R, 9, 2)] == 0);  // a plain square
  VsState s = start(R);
  turn(R, s, "U", at(9, 2, 0), "meeple road0");  // seat 0: a thief east of Rostock
  turn(R, s, "U", at(10, 2, 0));
  turn(R, s, "U", at(11, 2, 0));                 // its east end faces the sea: closed
  CHECK(s.score[0] == 0);
  turn(R, s, "A", at(7, 2, 3));                  // seat 1 closes the west end: 5 tiles
  CHECK(s.score[0] == 5);
}

TEST_CASE("M1.5 border_monastery: squares off the map count around a monastery when `filled`, not when `empty`") {
  for (const char* value : {"filled", "empty"}) {
    INFO(value);
    const VsRules R = map_rules(2, {std::string("border_monastery=") + value});
    VsState s = start(R);
    turn(R, s, "A", at(9, 2, 1), "meeple monastery0");  // its road west meets the start road; the sea north
    const int filled = std::string(value) == "filled";
    CHECK(final_points(R, s)[0] == 1 + 1 + 3 * filled);  // Rostock, and three squares of sea
    CHECK(slow_recount(R, s).final_points == final_points(R, s));
  }
}

TEST_CASE("M1.4 M1.6 a large city joins once a tile touches it; its squares and coats of arms count (Berlin: 6 tiles, 4 arms, 20)") {
  const VsRules R = map_rules(2);
  VsState s = start(R);
  turn(R, s, "B", at(8, 3, 0));
  turn(R, s, "B", at(8, 4, 0));
  draw(R, s, "E");  // seat 0: E over Berlin's open north edge, which asks for a city
  auto o = options_text(R, s);
  CHECK(has(o, at(9, 4, 2)));
  CHECK_FALSE(has(o, at(9, 4, 0)));
  act(R, s, at(9, 4, 2));
  act(R, s, "meeple city0");
  CHECK(s.cities_on != 0);
  CHECK(final_points(R, s)[0] == 5 + 4);  // unfinished: 5 tiles and 4 coats of arms
  CHECK(slow_recount(R, s).final_points == final_points(R, s));
  // Seat 1: E under Berlin's open south edge; Berlin now counts as placed, so the square touches it.
  draw(R, s, "E");
  o = options_text(R, s);
  CHECK(has(o, at(10, 7, 0)));
  act(R, s, at(10, 7, 0));
  act(R, s, "meeple none");
  CHECK(s.score[0] == 20);  // 2 x 6 tiles + 2 x 4 coats of arms
}

TEST_CASE("M1.4 city_closed_side: a large city's closed side acts as the border, or asks for a field") {
  for (const char* value : {"border", "field"}) {
    INFO(value);
    const VsRules R = map_rules(2, {std::string("city_closed_side=") + value});
    VsState s = start(R);
    turn(R, s, "B", at(8, 3, 0));
    turn(R, s, "B", at(8, 4, 0));
    turn(R, s, "E", at(9, 4, 2));  // connects Berlin
    draw(R, s, "E");               // square (8, 5): its east side faces Berlin's closed west side
    const bool border = std::string(value) == "border";
    CHECK(has(options_text(R, s), at(8, 5, 1)) == border);  // the city east
    if (border) {
      act(R, s, at(8, 5, 1));
      act(R, s, "meeple city0");
      CHECK(s.score[1] == 2);  // closed by Berlin's wall: 1 tile
    }
  }
}

TEST_CASE("M1.7 map_towns=plain: a town takes a tile like any square and never a chip") {
  const VsRules R = map_rules(2, {"map_towns=plain"});
  CHECK(R.describe().find("map_towns=plain") != std::string::npos);
  const VsCell bremen = map_cell(R, 4, 4);
  CHECK(takes_tile(R, bremen));
  CHECK(std::find(R.chip_squares.begin(), R.chip_squares.end(), bremen) == R.chip_squares.end());
  VsSwitches sw;
  CHECK_THROWS_WITH_AS(set_switch(sw, "map_towns", "germany"), doctest::Contains("it takes plain"), ConfigError);
}

TEST_CASE("M2.2 M2.3 chip_layout: greedy lays 30 chips on normal squares apart from each other; fixed takes the squares given") {
  const VsRules R = map_rules(2);
  std::vector<VsCell> order = R.chip_squares;
  for (int round = 0; round < 5; ++round) {
    std::rotate(order.begin(), order.begin() + 7, order.end());
    const std::vector<VsCell> chips = lay_chips(R, order);
    CHECK(chips.size() == size_t(VS_CHIPS));  // the reconstructed map always reaches 30
    for (VsCell a : chips) {
      CHECK(R.square[a] == VS_SQ_NORMAL);
      for (int d : VS_STEP) CHECK(std::find(chips.begin(), chips.end(), VsCell(int(a) + d)) == chips.end());
    }
  }
  // None next to a start square in use or beyond a large city's open edge.
  for (VsCell c : R.chip_squares) {
    for (int d : VS_STEP) {
      CHECK(VsCell(int(c) + d) != vs_cell(VS_START, VS_START));
      CHECK(VsCell(int(c) + d) != R.second_start);
    }
    CHECK(c != map_cell(R, 9, 4));   // beyond Berlin's north edge
    CHECK(c != map_cell(R, 10, 7));  // beyond its south edge
  }
  const VsRules F = map_rules(2, {"chip_layout=fixed:10.2/3.6"});
  CHECK(lay_chips(F, {}) == std::vector<VsCell>{map_cell(F, 10, 2), map_cell(F, 3, 6)});
  CHECK_THROWS_WITH_AS(map_rules(2, {"chip_layout=fixed:8.3"}), doctest::Contains("8.3 is no square a chip may lie on"),
                       ConfigError);
  CHECK_THROWS_WITH_AS(map_rules(2, {"chip_layout=fixed:10.2/10.3"}), doctest::Contains("next to another chip"), ConfigError);
  VsSwitches sw;
  CHECK_THROWS_WITH_AS(set_switch(sw, "chip_layout", "even"), doctest::Contains("greedy or fixed:X.Y/X.Y/..."), ConfigError);
}

TEST_CASE("M3.1 a tile on a chip turns it up (a chance step): its value scores at once and the chip is kept") {
  const VsRules R = map_rules(2);
  VsState s = start(R, {{10, 2}});
  turn(R, s, "U", at(9, 2, 0));
  draw(R, s, "U");
  act(R, s, at(10, 2, 0));
  REQUIRE(s.phase == VsPhase::ChipValue);
  REQUIRE(is_chance(s));
  CHECK(s.player == 1);
  apply_chip(R, s, 2);
  CHECK(s.score[1] == 2);
  CHECK(s.piece[1].chips[1] == 1);
  CHECK(s.chips_unseen[1] == VS_CHIP_TWOS - 1);
  CHECK(s.stats[1].chip_points == 2);
  CHECK(s.phase == VsPhase::Meeple);
  CHECK(check(R, s).empty());
}

TEST_CASE("M4.1 M4.2 M4.3 M5.2 upgrades: chips worth exactly 4, one upgrade a turn or any, the chip gone after scoring") {
  for (const char* per_turn : {"1", "any"}) {
    INFO(per_turn);
    const bool any = std::string(per_turn) == "any";
    const VsRules R = map_rules(2, {std::string("upgrades_per_turn=") + per_turn});
    VsState s = start(R);
    // Seat 0 holds four chips of 1 and two of 2 (as if taken earlier).
    s.piece[0].chips = {4, 2};
    s.chips_unseen = {VS_CHIP_ONES - 4, VS_CHIP_TWOS - 2};
    REQUIRE(check(R, s).empty());
    draw(R, s, "U");
    act(R, s, at(9, 2, 0));
    act(R, s, "meeple road0");  // a thief on the start road
    REQUIRE(s.phase == VsPhase::Upgrade);
    act(R, s, "upgrade none");
    turn(R, s, "B", at(9, 3, 0));
    draw(R, s, "B");
    act(R, s, at(8, 3, 0));
    act(R, s, "meeple monastery0");  // seat 0: a monk; now two meeples may be upgraded
    REQUIRE(s.phase == VsPhase::Upgrade);
    const auto o = options_text(R, s);
    CHECK(o.front() == "upgrade none");
    for (const char* x : {"upgrade 0 1+1+1+1", "upgrade 0 2+2", "upgrade 0 1+1+2", "upgrade 1 2+2"}) CHECK(has(o, x));
    act(R, s, "upgrade 0 2+2");  // the thief
    CHECK(s.meeples[0][0].chip == 2);
    CHECK(s.piece[0].chips == std::array<uint8_t, 2>{4, 0});
    CHECK(s.chips_out[1] == 1);  // one 2 under the thief, the other out of the game
    CHECK(s.stats[0].upgrades == 1);
    CHECK((s.phase == VsPhase::Upgrade) == any);  // M4.2
    if (any) {
      CHECK(options_text(R, s) == std::vector<std::string>{"upgrade none", "upgrade 1 1+1+1+1"});
      act(R, s, "upgrade 1 1+1+1+1");
      CHECK(s.meeples[0][1].chip == 1);
    }
    CHECK(is_chance(s));
    // The road: seat 1 extends it east, seat 0 to the sea, seat 1 closes the west end: 5 tiles for
    // the thief; it goes home normal again, its chip out of the game (M5.2).
    turn(R, s, "U", at(10, 2, 0));
    turn(R, s, "U", at(11, 2, 0));
    turn(R, s, "A", at(7, 2, 3));
    CHECK(s.score[0] == 5);
    CHECK(s.meeples[0][0].chip == 0);
    CHECK(s.meeples[0][0].node == VS_NO_NODE);
    CHECK(s.chips_out[1] == 2);
    CHECK(check(R, s).empty());
  }
}

TEST_CASE("M5.1 M5.3 an upgraded meeple counts as two for the majority, in play and at the end") {
  const VsRules R = map_rules(2);
  VsState s = start(R);
  s.piece[0].chips = {0, 2};
  s.chips_unseen = {VS_CHIP_ONES, VS_CHIP_TWOS - 2};
  draw(R, s, "U");
  act(R, s, at(9, 2, 0));
  act(R, s, "meeple road0");
  act(R, s, "upgrade 0 2+2");                        // seat 0: an upgraded thief going east
  turn(R, s, "B", at(9, 3, 0));                      // seat 1
  turn(R, s, "B", at(8, 3, 0));                      // seat 0
  turn(R, s, "V", at(10, 3, 2), "meeple road0");     // seat 1: a thief on a road of its own, north-east
  turn(R, s, "V", at(10, 2, 0));                     // seat 0 joins the two roads
  // One thief each, seat 0's counting 2: the 4 tiles pay seat 0 alone at the end.
  const auto fp = final_points(R, s);
  CHECK(fp[0] >= 4);
  CHECK(fp[1] == 0);
  CHECK(slow_recount(R, s).final_points == fp);
}
