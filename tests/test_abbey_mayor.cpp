// Abbey & Mayor (EXPANSIONS A1-A5, docs/versus.md) and the abbot (G1.11, GD1) in the competitive
// engine: set-up, refusals, every rule and switch value on hand-built positions.
#include <doctest/doctest.h>

#include "versus_helpers.h"

using namespace mists;
using namespace mists::vs;
using namespace mists::test::versus;

namespace {

VsRules am_rules(int players, const std::vector<std::string>& sw = {}) {
  return game_rules(VsGame::Base, VS_ABBEY_MAYOR, players, sw);
}

// A hole at (0, 1), south of the start tile D: seat 0's thief on the road of A at (-1, 1) that
// ends at the hole, seat 1's knight in the city of E at (1, 1) whose only side faces the hole,
// monasteries B south of them. The next seat to move is seat 0.
VsState hole_position(const VsRules& R) {
  VsState s = initial_state(R);
  turn(R, s, "U", "place 1 0 0");                    // seat 0
  turn(R, s, "U", "place -1 0 0");                   // seat 1
  turn(R, s, "A", "place -1 1 3", "meeple road0");   // seat 0: A turned so that its road points east
  turn(R, s, "E", "place 1 1 3", "meeple city0");    // seat 1: E turned so that its city faces west
  turn(R, s, "B", "place 1 2 0");                    // seat 0
  REQUIRE(s.phase == VsPhase::Draw);                 // no hole yet: no choice
  turn(R, s, "B", "place 0 2 0");                    // seat 1: (0, 1) is now a hole
  return s;
}

}  // namespace

TEST_CASE("A1.1 A1.2 Abbey & Mayor set-up: 12 land tiles in the pile, an abbey, a mayor, a wagon and a barn a seat") {
  for (int players = 2; players <= 6; ++players) {
    const VsRules R = am_rules(players);
    CHECK(R.tiles_in_play == 71 + 12);
    CHECK(R.abbey_type >= 0);
    CHECK(R.types[size_t(R.abbey_type)].copies == 0);  // never in the pile
    const VsState s = initial_state(R);
    CHECK(s.abbeys == (1u << players) - 1);
    for (int p = 0; p < players; ++p) {
      CHECK(s.meeples[size_t(p)][VS_SLOT_MAYOR].kind == VsPiece::Mayor);
      CHECK(s.meeples[size_t(p)][VS_SLOT_WAGON].kind == VsPiece::Wagon);
      CHECK(s.meeples[size_t(p)][VS_SLOT_MAYOR].node == VS_NO_NODE);
      CHECK(s.piece[size_t(p)].barn == VS_NO_NODE);
      CHECK(s.supply[size_t(p)] == VS_MEEPLES);  // the seven meeples besides
    }
    CHECK(check(R, s).empty());
  }
  const VsRules R = am_rules(2);
  CHECK(R.describe().find("abbey-mayor.toml") != std::string::npos);
  CHECK(R.describe().find("abbey_in_features=no abbey_last_round=must_place wagon_range=neighbourhood barn_new_tile=yes") !=
        std::string::npos);
  // Nothing of the module without it.
  const VsRules B = game_rules(VsGame::Base, 0, 2);
  CHECK(B.describe().find("abbey_in_features") == std::string::npos);
  CHECK(initial_state(B).abbeys == 0);
}

TEST_CASE("A2.2 A2.4 A4.2 A5.1 G1.11 GD1 switches: every value read, refused without their module, bad values named") {
  for (const char* kv : {"abbey_in_features=yes", "abbey_in_features=no", "abbey_last_round=must_place", "abbey_last_round=lost",
                         "abbey_last_round=may_place", "wagon_range=neighbourhood", "wagon_range=connected",
                         "barn_new_tile=yes", "barn_new_tile=no"}) {
    INFO(kv);
    CHECK_NOTHROW(am_rules(2, {kv}));
    CHECK_THROWS_WITH_AS(game_rules(VsGame::Base, 0, 2, {kv}), doctest::Contains("a switch of abbey_mayor is set"), ConfigError);
    CHECK(am_rules(2, {kv}).describe().find(kv) != std::string::npos);
  }
  VsSwitches sw;
  CHECK_THROWS_WITH_AS(set_switch(sw, "wagon_range", "far"),
                       doctest::Contains("wagon_range: 'far' is not a value of this switch; it takes neighbourhood or connected"),
                       ConfigError);
  CHECK_THROWS_WITH_AS(set_switch(sw, "abbey_last_round", "never"), doctest::Contains("must_place, lost or may_place"), ConfigError);
  CHECK_THROWS_WITH_AS(parse_modules("abbey_mayor,abbots"), doctest::Contains("'abbots' is not an expansion module"), ConfigError);
  // GD1: the abbot needs gardens; Abbey & Mayor's catalog has one.
  CHECK_THROWS_WITH_AS(game_rules(VsGame::Base, 0, 2, {"abbot=on"}), doctest::Contains("abbot: 'on' needs garden regions"),
                       ConfigError);
  CHECK_THROWS_WITH_AS(game_rules(VsGame::Gcc, 0, 2, {"abbot=on"}), doctest::Contains("abbot: 'on' needs garden regions"),
                       ConfigError);
  CHECK_NOTHROW(am_rules(2, {"abbot=on"}));
  CHECK_NOTHROW(game_rules(VsGame::Gcc, VS_ABBEY_MAYOR, 2, {"abbot=on"}));
}

TEST_CASE("A2.1 A2.3 the abbey goes into a hole instead of a draw; it is a monastery for a meeple or the wagon") {
  const VsRules R = am_rules(2);
  VsState s = hole_position(R);
  REQUIRE(s.phase == VsPhase::AbbeyChoice);
  REQUIRE(s.player == 0);
  CHECK(options_text(R, s) == std::vector<std::string>{"abbey none", "abbey 0 1"});
  VsCell h[VS_MAX_FRONTIER];
  REQUIRE(holes(R, s, h) == 1);
  const int left = s.left, turns = s.turn;
  {  // "abbey none": the ordinary turn
    VsState t = s;
    act(R, t, "abbey none");
    CHECK(is_chance(t));
    CHECK(t.abbeys == 3);
  }
  act(R, s, "abbey 0 1");
  CHECK(s.left == left);    // the pile is not touched
  CHECK(s.turn == turns);   // no tile of the pile placed
  CHECK(s.abbeys == 2);     // seat 0's abbey is on the board
  CHECK(s.stats[0].abbeys == 1);
  REQUIRE(s.phase == VsPhase::Meeple);
  const auto m = options_text(R, s);
  CHECK(has(m, "meeple monastery0"));
  CHECK(has(m, "meeple monastery0 wagon"));
  CHECK_FALSE(has(m, "meeple monastery0 mayor"));  // A3.1: cities only
  CHECK(std::count_if(m.begin(), m.end(), [](const std::string& x) { return x.rfind("meeple field", 0) == 0; }) == 0);
  act(R, s, "meeple monastery0");
  // A2.3: 7 of its 8 neighbours hold tiles: 1 + 7 at the end.
  CHECK(final_points(R, s)[0] >= 8);
  CHECK(slow_recount(R, s).final_points == final_points(R, s));
  // The hole is gone; seat 1 holds its abbey but no hole is open.
  CHECK(holes(R, s, h) == 0);
  CHECK(s.phase == VsPhase::Draw);
}

TEST_CASE("A2.2 abbey_in_features: the abbey closes a road and a city, scored at once whoever owns them; 'yes' adds it as a tile") {
  for (const bool yes : {false, true}) {
    INFO("abbey_in_features=" << (yes ? "yes" : "no"));
    const VsRules R = am_rules(2, {yes ? "abbey_in_features=yes" : "abbey_in_features=no"});
    VsState s = hole_position(R);
    const auto before = s.score;
    act(R, s, "abbey 0 1");
    act(R, s, "meeple none");
    // Seat 0's thief: the road of A alone (1 tile), or A and the abbey (2). Seat 1's knight: the
    // city of E alone (2 points), or E and the abbey (4); in seat 0's turn.
    CHECK(s.score[0] - before[0] == (yes ? 2 : 1));
    CHECK(s.score[1] - before[1] == (yes ? 4 : 2));
    CHECK(s.supply[0] == VS_MEEPLES);
    CHECK(s.supply[1] == VS_MEEPLES);
    CHECK(slow_recount(R, s).final_points == final_points(R, s));
  }
}

TEST_CASE("A2.4 abbey_last_round: must_place, lost and may_place once the pile is spent") {
  // Random games in which no seat places its abbey during play; at the end each seat still
  // holding one and finding a hole gets the abbey's choice, in seat order from the left of the
  // seat that took the last tile.
  for (const char* value : {"must_place", "lost", "may_place"}) {
    INFO(value);
    const VsRules R = am_rules(3, {std::string("abbey_last_round=") + value});
    int last_rounds = 0;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      std::vector<uint8_t> order = pile_in_play(R);
      Rng deal(stream_seed(seed, 0, DEAL_STREAM));
      deal.shuffle(order);
      Rng rng(stream_seed(seed, 1, AGENT_STREAM));
      VsState s = initial_state(R);
      size_t next = 0;
      VsAction a[VS_MAX_ACTIONS];
      int last_seat = -1, seen = 0;
      while (!is_over(s)) {
        if (is_chance(s)) {
          last_seat = s.player;
          apply_draw(R, s, order[next++]);
          continue;
        }
        const int n = legal_actions(R, s, a);
        if (s.phase == VsPhase::AbbeyChoice && s.left > 0) {
          apply(R, s, VsAction::abbey_none());  // keep the abbey through the game
          continue;
        }
        if (s.phase == VsPhase::AbbeyChoice) {
          CHECK(std::string(value) != "lost");
          CHECK(s.left == 0);
          CHECK(s.last_round >= 1);
          // The seats come in order from the left of the seat that drew the last tile.
          CHECK((s.player - last_seat - 1 + 3) % 3 >= seen);
          seen = (s.player - last_seat - 1 + 3) % 3 + 1;
          const bool none = action_text(R, s, a[0]) == "abbey none";
          CHECK(none == (std::string(value) == "may_place"));
          ++last_rounds;
          apply(R, s, a[n - 1]);  // an abbey
          continue;
        }
        apply(R, s, a[n > 1 ? rng.below(uint32_t(n)) : 0]);
        REQUIRE(check(R, s).empty());
      }
      int abbeys = 0;
      for (int p = 0; p < 3; ++p) abbeys += s.stats[size_t(p)].abbeys;
      if (std::string(value) == "lost") CHECK(abbeys == 0);
    }
    if (std::string(value) != "lost") CHECK(last_rounds > 0);
  }
}

TEST_CASE("A3.1 A3.2 A3.3 the mayor: cities only, its strength the city's coats of arms, alone with none it pays nobody") {
  const VsRules R = am_rules(2);
  for (const char* join : {"F", "G"}) {
    // A3.2: M (a coat of arms) north of the start tile with seat 0's mayor; seat 1's knight in a
    // city of its own east of it; F (a coat of arms) or G (none) joins them: the mayor's strength
    // is 2 against 1 (seat 0 alone scores), or 1 against 1 (both score).
    INFO(join);
    VsState s = initial_state(R);
    draw(R, s, "M");
    act(R, s, "place 0 -1 2");
    const auto m = options_text(R, s);
    CHECK(has(m, "meeple city0 mayor"));
    CHECK_FALSE(has(m, "meeple field0 mayor"));  // A3.1
    act(R, s, "meeple city0 mayor");
    CHECK(s.stats[0].mayors == 1);
    CHECK(final_points(R, s)[0] == 3);  // unfinished: 2 tiles + 1 coat of arms, the mayor's strength 1
    turn(R, s, "U", "place 1 0 0");
    turn(R, s, "U", "place 2 0 0");
    turn(R, s, "E", "place 2 -1 3", "meeple city0");  // seat 1
    turn(R, s, join, "place 1 -1 0");                 // seat 0: 4 tiles
    const bool arms = std::string(join) == "F";
    CHECK(s.score[0] == (arms ? 2 * 4 + 2 * 2 : 2 * 4 + 2 * 1));
    CHECK(s.score[1] == (arms ? 0 : 2 * 4 + 2 * 1));
    CHECK(s.meeples[0][VS_SLOT_MAYOR].node == VS_NO_NODE);  // home again
  }
  {  // A3.3: N (no coat of arms) with seat 0's mayor: the city is occupied, and once finished it
     // pays nobody.
    VsState s = initial_state(R);
    turn(R, s, "N", "place 0 -1 2", "meeple city0 mayor");
    CHECK(final_points(R, s)[0] == 0);  // strength 0
    draw(R, s, "E");
    act(R, s, "place 1 -1 3");
    const auto m = options_text(R, s);
    CHECK_FALSE(has(m, "meeple city0"));  // occupied by the mayor
    act(R, s, "meeple none");
    CHECK(s.score[0] == 0);
    CHECK(s.score[1] == 0);
    CHECK(s.meeples[0][VS_SLOT_MAYOR].node == VS_NO_NODE);
  }
}

TEST_CASE("A4.1 A4.2 A4.3 A4.4 A4.5 wagon_range=neighbourhood: the wagon scores, then moves or goes home") {
  const VsRules R = am_rules(2);
  VsState s = initial_state(R);
  draw(R, s, "A");
  act(R, s, "place -1 0 3");  // A west of the start tile: its road ends the start road's west end
  const auto m = options_text(R, s);
  CHECK(has(m, "meeple road0 wagon"));
  CHECK(has(m, "meeple monastery0 wagon"));
  CHECK_FALSE(has(m, "meeple field0 wagon"));  // A4.1
  act(R, s, "meeple road0 wagon");
  turn(R, s, "B", "place 0 1 0", "meeple monastery0");  // seat 1: a monk south of the start tile
  // Seat 0 finishes the road with A east: 3 tiles for the wagon; then the wagon decides.
  draw(R, s, "A");
  act(R, s, "place 1 0 1");
  act(R, s, "meeple none");
  CHECK(s.score[0] == 3);
  REQUIRE(s.phase == VsPhase::WagonMove);
  CHECK(s.player == 0);
  const auto w = options_text(R, s);
  CHECK(w.front() == "wagon back");
  CHECK(has(w, "wagon -1 0 monastery0"));   // on the wagon's own tile (A4.3: where it stood)
  CHECK(has(w, "wagon 0 0 city0"));         // the start tile's city, next to it
  CHECK_FALSE(has(w, "wagon 1 0 monastery0"));  // too far from the wagon's tile
  CHECK_FALSE(has(w, "wagon 0 1 monastery0"));  // occupied by seat 1's monk
  act(R, s, "wagon -1 0 monastery0");
  CHECK(s.stats[0].wagon_moves == 1);
  CHECK(s.meeples[0][VS_SLOT_WAGON].node != VS_NO_NODE);
  CHECK(s.player == 1);  // seat 1's turn
  CHECK(is_chance(s));
  CHECK(final_points(R, s)[0] == 3);  // the wagon as a monk: 1 + the 2 tiles around
}

TEST_CASE("A4.2 A4.4 wagons of two seats in one feature decide in seat order; a target taken first is occupied") {
  const VsRules R = am_rules(3);
  VsState s = initial_state(R);
  turn(R, s, "U", "place 1 0 0", "meeple road0 wagon");   // seat 0: the start road, going east
  turn(R, s, "V", "place 1 1 3", "meeple road0 wagon");   // seat 1: a curve south of it, a road of its own
  turn(R, s, "V", "place 2 0 0");                         // seat 2: the east road turns south
  turn(R, s, "V", "place 2 1 1");                         // seat 0: joins both roads
  turn(R, s, "A", "place -1 0 3");                        // seat 1: closes the west end
  // Seat 2 closes the south end: 7 tiles, a wagon each (a tie): both score, then they decide, from
  // seat 2 (none) clockwise: seat 0, then seat 1.
  draw(R, s, "A");
  act(R, s, "place 1 2 2");
  act(R, s, "meeple none");
  CHECK(s.score[0] == 7);
  CHECK(s.score[1] == 7);
  REQUIRE(s.phase == VsPhase::WagonMove);
  CHECK(s.player == 0);
  CHECK(s.turn_seat == 2);
  const auto w0 = options_text(R, s);
  CHECK(w0 == std::vector<std::string>{"wagon back", "wagon 0 0 city0"});  // around seat 0's tile (1, 0)
  act(R, s, "wagon 0 0 city0");
  REQUIRE(s.phase == VsPhase::WagonMove);
  CHECK(s.player == 1);
  const auto w1 = options_text(R, s);
  CHECK_FALSE(has(w1, "wagon 0 0 city0"));  // taken by seat 0's wagon this turn
  CHECK(has(w1, "wagon 1 2 monastery0"));
  act(R, s, "wagon back");
  CHECK(s.meeples[1][VS_SLOT_WAGON].node == VS_NO_NODE);
  CHECK(s.player == 0);  // the next turn: seat 0 after seat 2
  CHECK(is_chance(s));
}

TEST_CASE("A4.2 wagon_range=connected: only features linked to the scored one, here through a road's end at a city") {
  for (const char* range : {"neighbourhood", "connected"}) {
    INFO(range);
    const VsRules R = am_rules(2, {std::string("wagon_range=") + range});
    VsState s = initial_state(R);
    turn(R, s, "U", "place 1 0 0", "meeple road0 wagon");  // seat 0
    turn(R, s, "T", "place 2 0 1");                        // seat 1: T's road (west) ends at its city (E1.2)
    draw(R, s, "A");                                       // seat 0 closes the west end: 4 tiles
    act(R, s, "place -1 0 3");
    act(R, s, "meeple none");
    CHECK(s.score[0] == 4);
    REQUIRE(s.phase == VsPhase::WagonMove);
    const auto w = options_text(R, s);
    if (std::string(range) == "connected") {
      CHECK(w == std::vector<std::string>{"wagon back", "wagon 2 0 city0"});
    } else {
      CHECK(has(w, "wagon 2 0 city0"));
      CHECK(has(w, "wagon 0 0 city0"));  // the start tile's city, beside the wagon's tile
    }
    const VsType& T = R.types[size_t(type_id(R, "T"))];
    CHECK(T.regions[1].links == 1u);  // road (region 1) -> its city (region 0)
    CHECK(T.regions[0].links == 2u);
  }
}

TEST_CASE("A4.2 G4.7 GD9 with GCC, misty_road_meeple=forbidden: no wagon move onto a misty road segment") {
  for (const std::string value : {"allowed", "forbidden"}) {
    INFO(value);
    const VsRules R = game_rules(VsGame::Gcc, VS_ABBEY_MAYOR, 2, {"misty_road_meeple=" + value});
    VsState s = initial_state(R);
    turn(R, s, "23a", "place 1 -1 1");  // seat 0: a road under mist, north from the start tile's NE cell
    draw(R, s, "E");                    // seat 1: E's city closes the NW cell's city
    act(R, s, "place 0 -1 2");
    REQUIRE(s.phase == VsPhase::Meeple);
    act(R, s, "meeple city0 wagon");
    CHECK(s.score[1] == 4);             // two tiles, finished in play
    REQUIRE(s.phase == VsPhase::WagonMove);
    // The road north from the NE cell is offered once, by the first of its segments a piece may
    // take: its misty segment on 23a, or under `forbidden` its clear segment on the start tile.
    const auto w = options_text(R, s);
    if (value == "allowed")
      CHECK(w == std::vector<std::string>{"wagon back", "wagon 1 -1 road0", "wagon 0 0 road0"});
    else
      CHECK(w == std::vector<std::string>{"wagon back", "wagon 0 0 road0", "wagon 1 0 road0"});
  }
}

TEST_CASE("A5.1 A5.2 A5.3 A5.5 the barn: a corner of four clear fields, scores the farmers there at once, 4 a city at the end") {
  const VsRules R = am_rules(2);
  VsState s = initial_state(R);
  // Seat 0: E north of the start tile closes the start city; a farmer on E's field beside it.
  turn(R, s, "E", "place 0 -1 2", "meeple field0");
  turn(R, s, "B", "place 1 -1 0");  // seat 1
  turn(R, s, "B", "place 0 -2 0");  // seat 0
  draw(R, s, "B");                  // seat 1: the fourth tile at the point north-west of (1, -1)
  act(R, s, "place 1 -2 0");
  const auto m = options_text(R, s);
  CHECK(has(m, "barn 1 -1"));
  CHECK_FALSE(has(m, "barn 0 -1"));  // two tiles of four only
  CHECK(slow_barn_points(R, s).size() == size_t(std::count_if(m.begin(), m.end(), [](const std::string& x) {
          return x.rfind("barn ", 0) == 0;
        })));
  act(R, s, "barn 1 -1");
  CHECK(s.score[0] == 3);  // A5.3: the farmer's majority, 3 a finished city, now
  CHECK(s.supply[0] == VS_MEEPLES);
  CHECK(s.score[1] == 0);  // the barn itself scores nothing now
  CHECK(final_points(R, s)[1] == 4);  // A5.5: 4 a finished city at the end
  CHECK(s.stats[1].barn_points == 0);
  CHECK(slow_recount(R, s).final_points == final_points(R, s));
  // A5.2: no second barn there; A5.4: no farmer into it.
  draw(R, s, "B");
  act(R, s, "place 2 -1 0");
  const auto m2 = options_text(R, s);
  CHECK_FALSE(has(m2, "meeple field0"));
  CHECK(has(m2, "meeple monastery0"));
}

TEST_CASE("A5.4 a field with farmers joined to a field with a barn pays its farmers 1 a city at once") {
  const VsRules R = am_rules(2);
  VsState s = initial_state(R);
  turn(R, s, "E", "place 0 -1 2");                    // seat 0: closes the start city
  turn(R, s, "B", "place 1 -1 0");                    // seat 1
  turn(R, s, "B", "place 0 -2 0");                    // seat 0
  turn(R, s, "B", "place 1 -2 0", "barn 1 -1");       // seat 1: a barn; nobody farms there
  // Seat 0: a straight road north-south east of the barn field; a farmer on its east field, which
  // the road keeps apart from the barn's field.
  draw(R, s, "U");
  act(R, s, "place 2 -2 1");
  CHECK_FALSE(has(options_text(R, s), "meeple field1"));  // the west field joins the barn's
  act(R, s, "meeple field0");
  CHECK(s.supply[0] == VS_MEEPLES - 1);
  // Seat 1: A under it, its road ending there; its field joins both sides: the farmer's field
  // meets the barn's, and the farmer scores 1 for the start city.
  turn(R, s, "A", "place 2 -1 2");
  CHECK(s.score[0] == 1);
  CHECK(s.supply[0] == VS_MEEPLES);
  CHECK(check(R, s).empty());
  CHECK(final_points(R, s)[1] == 4);
}

TEST_CASE("A5.1 barn_new_tile=no: any point of four clear field corners, not only the new tile's") {
  const VsRules R = am_rules(2, {"barn_new_tile=no"});
  VsState s = initial_state(R);
  turn(R, s, "B", "place 0 1 0");
  turn(R, s, "B", "place 1 1 0");
  turn(R, s, "B", "place 0 2 0");
  turn(R, s, "B", "place 1 2 0");   // seat 1: the point north-west of (1, 2)
  draw(R, s, "U");
  act(R, s, "place -1 0 0");        // seat 0: far from it
  const auto m = options_text(R, s);
  CHECK(has(m, "barn 1 2"));
  std::vector<std::string> fast, slow;
  for (const auto& x : m)
    if (x.rfind("barn ", 0) == 0) fast.push_back(x);
  for (VsAction a : slow_barn_points(R, s)) slow.push_back(action_text(R, s, a));
  std::sort(fast.begin(), fast.end());
  std::sort(slow.begin(), slow.end());
  CHECK(fast == slow);
  const VsRules Y = am_rules(2);  // the default: only the new tile's corners
  VsState t = initial_state(Y);
  turn(Y, t, "B", "place 0 1 0");
  turn(Y, t, "B", "place 1 1 0");
  turn(Y, t, "B", "place 0 2 0");
  turn(Y, t, "B", "place 1 2 0");
  draw(Y, t, "U");
  act(Y, t, "place -1 0 0");
  CHECK_FALSE(has(options_text(Y, t), "barn 1 2"));
}

TEST_CASE("G1.11 the abbot: monasteries and gardens of the new tile, taken back instead of a meeple and scored as at the end") {
  const VsRules R = am_rules(2, {"abbot=on"});
  VsState s = initial_state(R);
  draw(R, s, "AM/RG");       // a dead-end road (south) and a garden
  act(R, s, "place 0 1 0");  // under the start tile
  const auto m = options_text(R, s);
  CHECK(has(m, "meeple garden0 abbot"));
  CHECK_FALSE(has(m, "meeple garden0"));  // a garden takes the abbot only
  act(R, s, "meeple garden0 abbot");
  CHECK(final_points(R, s)[0] == 1 + 1);  // the start tile beside it
  CHECK(slow_recount(R, s).final_points == final_points(R, s));
  turn(R, s, "B", "place 1 1 0");  // seat 1
  draw(R, s, "B");
  act(R, s, "place -1 1 0");
  const auto m2 = options_text(R, s);
  CHECK(has(m2, "abbot back"));
  CHECK(has(m2, "meeple monastery0"));
  CHECK_FALSE(has(m2, "meeple monastery0 abbot"));  // one abbot, on the board
  act(R, s, "abbot back");  // 1 + 3 tiles around the garden
  CHECK(s.score[0] == 4);
  CHECK(s.stats[0].abbot_points == 4);
  CHECK(s.meeples[0][VS_SLOT_ABBOT].node == VS_NO_NODE);
}

TEST_CASE("G1.11 a garden surrounded by 8 tiles pays the abbot 9") {
  const VsRules R = am_rules(2, {"abbot=on"});
  VsState s = initial_state(R);
  turn(R, s, "AM/RG", "place 0 1 0", "meeple garden0 abbot");  // seat 0, the garden at (0, 1)
  for (const auto& [id, place] : std::vector<std::pair<std::string, std::string>>{
           {"U", "place 1 0 0"}, {"U", "place -1 0 0"}, {"B", "place 1 1 0"}, {"B", "place -1 1 0"},
           {"B", "place 1 2 0"}, {"B", "place -1 2 0"}}) {
    turn(R, s, id, place);
    CHECK(s.score[0] == 0);
  }
  turn(R, s, "A", "place 0 2 2");  // the eighth neighbour; A's road north meets the garden tile's road
  CHECK(s.score[0] == 9);
  CHECK(s.stats[0].abbot_points == 9);
  CHECK(s.meeples[0][VS_SLOT_ABBOT].node == VS_NO_NODE);
}
