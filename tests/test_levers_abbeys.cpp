// The co-op lever CA (docs/rules.md C): abbeys (coop_abbeys, coop_abbey_cost, coop_abbey_monk),
// wagons (coop_wagon) and mayors (coop_mayor), one TEST_CASE per rule on small hand-made boards
// (tests/rules_helpers.h). Coordinates relative to the start tile's first cell, x east, y south.
#include <numeric>

#include "rules_helpers.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::rh;

namespace {

// A hole at (1, 1) under a row of 3 start cells: a mist cap facing it from the west (M1, 1 ghost),
// a red city cap from the east (C), a blue road ending on its tile from the south (RE); F fills
// (0, 2). The next turn starts with the choice of an abbey.
State hole_board(const Rules& R) {
  State s = initial_state(R);
  CHECK(s.phase == Phase::Draw);  // no hole yet: the turn starts with the draw
  put(R, s, "M1", 0, 1, 1);       // mist east, toward the hole
  put(R, s, "C", 2, 1, 3);        // city west, toward the hole
  act(R, s, "meeple city0 red");
  put(R, s, "F", 0, 2, 0);
  put(R, s, "RE", 1, 2, 3);  // road north, toward the hole, ending on its tile
  act(R, s, "meeple road0 blue");
  return s;
}

int unseen_sum(const Rules& R, const State& s) { return std::accumulate(s.unseen.begin(), s.unseen.begin() + R.n_land_types, 0); }

}  // namespace

TEST_CASE("CA1 coop_abbeys: per_colour holds one abbey a colour in play, team:N holds N for anyone") {
  for (int players = 1; players <= 5; ++players) {
    const Rules R = make_levers(start_field(), {{"F", 4}}, lv1(), "coop_abbeys=per_colour", players);
    const State s = initial_state(R);
    CAPTURE(players);
    CHECK(R.abbeys == (players <= 2 ? 4 : players));  // 4 with 1-2 players, 3-5 with 3-5
    for (int c = 0; c < COLOUR_NB; ++c) CHECK(int(s.abbeys[size_t(c)]) == (c < R.n_colours ? 1 : 0));
    CHECK(s.team_abbeys == 0);
  }
  const Rules T = make_levers(start_field(), {{"F", 4}}, lv1(), "coop_abbeys=team:2", 3);
  const State t = initial_state(T);
  CHECK(T.abbeys == 2);
  CHECK(t.team_abbeys == 2);
  CHECK(t.abbeys[0] == 0);
  // coop_abbeys=off: no abbey, no abbey type, and the game is the plain one.
  const Rules O = make_levers(start_field(), {{"F", 4}}, lv1(), "none");
  CHECK(O.abbeys == 0);
  CHECK(O.abbey_type == -1);
  CHECK_THROWS_AS(parse_levers("coop_abbeys=team:0", "t"), ConfigError);
  CHECK_THROWS_AS(parse_levers("coop_abbeys=team:9", "t"), ConfigError);
  CHECK_THROWS_WITH_AS(parse_levers("coop_abbey_cost=burn", "t"), doctest::Contains("needs its lever"), ConfigError);
}

TEST_CASE("CA1 coop_abbey_cost: free draws nothing (an extra turn), burn sends the top tile away unseen") {
  SUBCASE("free: the piles do not move; a free abbey may even follow the last tile") {
    const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 1}, {"RE", 1}}, lv1(), "coop_abbeys=per_colour", 1, {}, 0);
    State s = hole_board(R);
    REQUIRE(tiles_left(s) == 0);
    REQUIRE(s.phase == Phase::Abbey);
    // The pile is empty: drawing is no option (R6.4 would lose), the abbeys are.
    const auto o = options(R, s);
    CHECK_FALSE(has(o, "abbey none"));
    CHECK(o.size() == 4);  // one abbey of each of the 4 colours, into the one hole
    act(R, s, "abbey 1 1 yellow");
    finish_turn(R, s);
    CHECK(s.abbeys_placed == 1);
    CHECK(s.burned == 0);
    CHECK(s.outcome == Outcome::Lost);  // no hole left, the next turn must draw: tiles out
    CHECK(s.cause == LossCause::TilesOut);
    CHECK(s.score == 3);  // the abbey's turn still scored the city and the road it closed
  }
  SUBCASE("free: the abbey's turn leaves the pile and the unseen tiles as they were") {
    const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 1}, {"RE", 1}}, lv1(), "coop_abbeys=per_colour");
    State s = hole_board(R);
    const int left = tiles_left(s), unseen = unseen_sum(R, s);
    act(R, s, "abbey 1 1 red");
    finish_turn(R, s);
    CHECK(tiles_left(s) == left);
    CHECK(unseen_sum(R, s) == unseen);
    CHECK(s.turn == 4);  // abbeys are no land tiles: the turn count is the tiles placed face up
  }
  SUBCASE("burn: the top tile of the active pile leaves the game unseen") {
    const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 1}, {"RE", 1}}, lv1(), "coop_abbeys=per_colour+coop_abbey_cost=burn");
    State s = hole_board(R);
    const int left = tiles_left(s), unseen = unseen_sum(R, s);
    act(R, s, "abbey 1 1 red");
    finish_turn(R, s);
    CHECK(tiles_left(s) == left - 1);
    CHECK(unseen_sum(R, s) == unseen);  // the team never learns which tile it was
    CHECK(s.burned == 1);
    CHECK(takes_hidden_tile(R, s, Action::make(ActionKind::Abbey, make_cell(START_X + 1, START_Y + 1), RED)));
  }
  SUBCASE("burn: no abbey when the active pile is empty") {
    const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 1}, {"RE", 1}}, lv1(),
                                "coop_abbeys=per_colour+coop_abbey_cost=burn", 1, {}, 0);
    State s = hole_board(R);
    CHECK(s.outcome == Outcome::Lost);  // the hole is there, but the turn must draw from an empty pile
    CHECK(s.cause == LossCause::TilesOut);
  }
}

TEST_CASE("CA2 instead of the draw, an abbey of one of the active player's colours into a hole; sides are not compared") {
  SUBCASE("per_colour, 2 players: each player offers their own colours' abbeys") {
    const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 3}, {"RE", 1}}, lv1(), "coop_abbeys=per_colour", 2);
    State s = initial_state(R);
    put(R, s, "M1", 0, 1, 1);  // player 0
    put(R, s, "C", 2, 1, 3);   // player 1
    act(R, s, "meeple city0 blue");
    put(R, s, "F", 0, 2, 0);   // player 0
    put(R, s, "RE", 1, 2, 3);  // player 1: the hole is made
    act(R, s, "meeple none");
    REQUIRE(s.phase == Phase::Abbey);
    REQUIRE(s.player == 0);
    // Mist, city, road and the start's field face the hole: an abbey goes in anyway.
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"abbey 1 1 green", "abbey 1 1 red", "abbey none"});
    act(R, s, "abbey none");  // decline: the draw as usual
    CHECK(s.phase == Phase::Draw);
    put(R, s, "F", -1, 0, 0);
    REQUIRE(s.player == 1);
    REQUIRE(s.phase == Phase::Abbey);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"abbey 1 1 blue", "abbey 1 1 yellow", "abbey none"});
  }
  SUBCASE("team:1: one option for anyone, and none once it is used") {
    const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 5}, {"RE", 1}}, lv1(), "coop_abbeys=team:1");
    State s = hole_board(R);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"abbey 1 1", "abbey none"});
    act(R, s, "abbey 1 1");
    finish_turn(R, s);
    CHECK(s.team_abbeys == 0);
    // A second hole at (-1, 1): no abbey left, the turn starts with the draw.
    for (auto [x, y] : std::vector<std::pair<int, int>>{{-1, 0}, {-2, 0}, {-2, 1}, {-1, 2}}) put(R, s, "F", x, y, 0);
    CHECK(s.cell[make_cell(START_X - 1, START_Y + 1)] == 0);
    CHECK(s.phase == Phase::Draw);
  }
}

TEST_CASE("CA3 an abbey closes what faces it: roads end, cities are walled, mist banks finish; it joins no feature") {
  const Rules R = make_levers(start_row(3), {{"M1", 1}, {"C", 1}, {"F", 1}, {"RE", 1}}, lv1(), "coop_abbeys=per_colour");
  State s = hole_board(R);
  CHECK(s.ghosts_on_board == 1);  // M1's ghost
  act(R, s, "abbey 1 1 green");
  // R3.2: the bank whose last open slots the abbey covers is finished: its ghost goes.
  CHECK(s.ghosts_on_board == 0);
  CHECK(s.ghosts_removed_by_mist == 1);
  // The city (1 tile) and the road (1 tile) are finished; the abbey adds no tile to them (R4.1).
  REQUIRE(s.phase == Phase::Score);
  CHECK(options(R, s).size() == 2);  // no ghost on the board: points only, for each
  act(R, s, "score 0 points");
  act(R, s, "score 0 points");
  CHECK(s.score == 2 + 1);
  CHECK(s.supply[RED] == 3);
  CHECK(s.supply[BLUE] == 3);
  // The abbey shows no symbol: no ghost came with it (CA4).
  CHECK(s.ghost_supply == 15);
}

TEST_CASE("CA3 an abbey lifts no haunting: a bank that touches a face-down tile stays unfinished when the abbey closes it") {
  // Level 5: a cemetery at (-1, 0) gets face-down tiles around it (R7.3). A mist band at (0, 1)
  // runs from a face-down tile (west, at (-1, 1)) to the hole (east, at (1, 1)): dead (R7.4).
  const Rules R = make_levers(start_row(3), {{"Y", 1}, {"MNS", 1}, {"F", 3}}, lv5(), "coop_abbeys=per_colour", 1, {}, 10);
  State s = initial_state(R);
  put(R, s, "Y", -1, 0, 0);
  act(R, s, "haunt -1 1");
  put(R, s, "MNS", 0, 1, 1);  // mist east-west: 2 ghosts
  act(R, s, "haunt -2 0");
  put(R, s, "F", 2, 1, 0);
  act(R, s, "haunt -2 1");
  put(R, s, "F", 2, 2, 0);
  act(R, s, "haunt -1 -1");
  put(R, s, "F", 1, 2, 0);
  act(R, s, "haunt 0 -1");
  REQUIRE(s.phase == Phase::Abbey);
  CHECK(ghosts_at(s, 0, 1) == 2);
  act(R, s, "abbey 1 1 red");
  // Its last open slots are closed, but it still touches the face-down tile: not finished.
  CHECK(ghosts_at(s, 0, 1) == 2);
  CHECK(s.ghosts_removed_by_mist == 0);
  const int t = tile_at(s, 0, 1);
  const TileType& tt = R.types[s.tiles[size_t(t)].type];
  int mist = 0;
  while (tt.features[size_t(mist)].kind != RegionKind::Mist) ++mist;
  const Node& bank = s.nodes[find_root(s, uint16_t(s.tiles[size_t(t)].node + mist))];
  CHECK(bank.open == 3);  // the slots facing the face-down tile stay open: it closes nothing (R7.4)
  CHECK((bank.flags & Node::DEAD) != 0);
  CHECK((bank.flags & Node::DONE) == 0);
  CHECK(s.phase == Phase::Haunt);  // the abbey's turn ends with the face-down tile too (CA4, R7.3)
}

TEST_CASE("CA4 an abbey's turn runs as R2.3: a cemetery it closes buries before the scoring; no ghost, no cemetery ghost") {
  // Level 2: the cemetery at (1, 2) closes with its 4th side neighbour, the abbey at (1, 1). The red
  // meeple in the city the abbey also finishes is buried first (R5.3), so that city pays nobody.
  const Rules R = make_levers(start_row(3), {{"Y", 1}, {"C", 1}, {"M2", 1}, {"F", 4}}, lv2(), "coop_abbeys=per_colour");
  State s = initial_state(R);
  put(R, s, "F", 0, 1, 0);
  put(R, s, "C", 2, 1, 3);
  act(R, s, "meeple city0 red");
  put(R, s, "F", 0, 2, 0);
  put(R, s, "Y", 1, 2, 0);
  put(R, s, "M2", 0, -1, 0);  // ghosts on mist: the open cemetery takes one (R5.4)
  act(R, s, "cemetery 1 2");
  CHECK(cemetery_ghosts(R, s, 1, 2) == 1);
  put(R, s, "F", 2, 2, 0);
  put(R, s, "F", 1, 3, 0);
  REQUIRE(s.phase == Phase::Abbey);
  const int supply = s.ghost_supply;
  act(R, s, "abbey 1 1 blue");
  REQUIRE(s.phase == Phase::Bury);
  CHECK(options(R, s) == std::vector<std::string>{"bury 2 1"});
  CHECK(s.ghost_supply == supply + 1);  // levels 2-4: the cemetery's ghost went back (R5.3)
  act(R, s, "bury 2 1");
  CHECK(s.phase != Phase::Score);  // the city's only meeple lies on the cemetery: no scoring
  finish_turn(R, s);
  CHECK(s.score == 0);
  CHECK(s.ghost_supply == supply + 1);  // and the abbey brought no ghost, nor a cemetery ghost
}

TEST_CASE("CA5 coop_abbey_monk: a meeple on the abbey; 9 points once its 8 neighbours hold face-up tiles") {
  SUBCASE("on: the 8 around already filled, the monk scores at once") {
    const Rules R = make_levers(start_row(3), {{"F", 5}}, lv1(), "coop_abbeys=per_colour+coop_abbey_monk=on");
    State s = initial_state(R);
    for (auto [x, y] : std::vector<std::pair<int, int>>{{0, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}) put(R, s, "F", x, y, 0);
    REQUIRE(s.phase == Phase::Abbey);
    act(R, s, "abbey 1 1 red");
    REQUIRE(s.phase == Phase::Meeple);
    CHECK(has(options(R, s), "meeple monastery red"));
    act(R, s, "meeple monastery red");
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 9);
  }
  SUBCASE("on: finished later by the last neighbour") {
    const Rules R = make_levers(start_row(3), {{"F", 6}}, lv1(), "coop_abbeys=per_colour+coop_abbey_monk=on");
    State s = initial_state(R);
    for (auto [x, y] : std::vector<std::pair<int, int>>{{0, 1}, {2, 1}, {0, 2}, {1, 2}}) put(R, s, "F", x, y, 0);
    act(R, s, "abbey 1 1 red");
    act(R, s, "meeple monastery green");
    CHECK(s.phase != Phase::Score);
    finish_turn(R, s);
    put(R, s, "F", 2, 2, 0);
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 9);
  }
  SUBCASE("off (the default): the abbey takes no meeple") {
    const Rules R = make_levers(start_row(3), {{"F", 5}}, lv1(), "coop_abbeys=per_colour");
    State s = initial_state(R);
    for (auto [x, y] : std::vector<std::pair<int, int>>{{0, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}) put(R, s, "F", x, y, 0);
    act(R, s, "abbey 1 1 red");
    CHECK(s.phase == Phase::Draw);  // no meeple option, nothing to score: the next turn
  }
  SUBCASE("level 5: a face-down tile among the 8 means never") {
    const Rules R = make_levers(start_row(3), {{"Y", 1}, {"F", 8}}, lv5(), "coop_abbeys=per_colour+coop_abbey_monk=on");
    State s = initial_state(R);
    put(R, s, "Y", 3, 0, 0);
    act(R, s, "haunt 2 1");  // face down in the abbey's future ring
    put(R, s, "F", 0, 1, 0);
    act(R, s, "haunt 4 0");
    put(R, s, "F", 0, 2, 0);
    act(R, s, "haunt 4 1");
    put(R, s, "F", 1, 2, 0);
    act(R, s, "haunt 4 -1");
    put(R, s, "F", 2, 2, 0);
    act(R, s, "haunt 3 -1");
    REQUIRE(s.phase == Phase::Abbey);
    act(R, s, "abbey 1 1 red");
    act(R, s, "meeple monastery red");
    CHECK(s.phase != Phase::Score);  // all 8 filled, one face down: never finished (R7.4)
    const int a = tile_at(s, 1, 1);
    CHECK((s.nodes[s.tiles[size_t(a)].node + R.types[s.tiles[size_t(a)].type].monastery].flags & Node::DEAD) != 0);
  }
}

TEST_CASE("CA6 for castles and cemeteries the abbey is a tile without mist: it closes them, adds nothing to a castle") {
  // Level 2: a castle at (0, 1) with a red meeple; its 8th neighbour is the hole (1, 1). The misty
  // tiles of its 3 x 3: M1 at (-1, 0) only: 2 points (R5.1), the abbey adds none.
  const Rules R = make_levers(start_row(3), {{"K", 1}, {"M1", 1}, {"F", 6}}, lv2(), "coop_abbeys=per_colour");
  State s = initial_state(R);
  put(R, s, "K", 0, 1, 0);
  act(R, s, "meeple castle red");
  put(R, s, "M1", -1, 0, 3);
  for (auto [x, y] : std::vector<std::pair<int, int>>{{-1, 1}, {-1, 2}, {0, 2}, {1, 2}, {2, 1}}) put(R, s, "F", x, y, 0);
  REQUIRE(s.phase == Phase::Abbey);
  act(R, s, "abbey 1 1 green");
  REQUIRE(s.phase == Phase::Score);
  act(R, s, "score 0 points");
  CHECK(s.score == 2);
}

TEST_CASE("CA7 interactions: an abbey turn never adds ghosts, and a finished bank's ghosts go (the lever's main value)") {
  // Two ghosts on a mist cap facing the hole (M2): the abbey clears them; the supply is whole again.
  const Rules R = make_levers(start_row(3), {{"M2", 1}, {"F", 3}}, lv1(), "coop_abbeys=per_colour");
  State s = initial_state(R);
  put(R, s, "M2", 0, 1, 1);
  put(R, s, "F", 2, 1, 0);
  put(R, s, "F", 0, 2, 0);
  put(R, s, "F", 1, 2, 0);
  CHECK(s.ghost_supply == 15 - 2);
  act(R, s, "abbey 1 1 red");
  CHECK(s.ghost_supply == 15);
  CHECK(s.ghosts_on_board == 0);
}

TEST_CASE("CA8 coop_wagon: after its feature's scoring the wagon moves to a free road, city or castle around it, or goes home") {
  const Rules R = make_levers(start_field(), {{"RS", 1}, {"RE", 2}, {"MR", 1}, {"C", 1}}, lv1(), "coop_wagon=on");
  State s = initial_state(R);
  CHECK(meeples(s, R, MeepleAt::Supply, RED) == 3);  // the wagon replaces one of the 3
  put(R, s, "RS", 0, -1, 0);
  CHECK(has(options(R, s), "wagon road0 red"));
  CHECK(has(options(R, s), "meeple road0 red"));
  act(R, s, "wagon road0 red");
  put(R, s, "RE", -1, -1, 0);
  put(R, s, "MR", 0, -2, 0);  // a road under mist beside the wagon: never a target (R2.4)
  put(R, s, "C", 1, 0, 1);    // an open city beside the wagon's tile
  act(R, s, "meeple none");
  put(R, s, "RE", 1, -1, 2);  // finishes the road: 3 tiles
  REQUIRE(s.phase == Phase::Score);
  act(R, s, "score 0 points");
  CHECK(s.score == 3);
  REQUIRE(s.phase == Phase::Wagon);
  CHECK(sorted(options(R, s)) == std::vector<std::string>{"wagon-home", "wagon-to 1 0 city0"});
  act(R, s, "wagon-to 1 0 city0");
  CHECK(s.phase == Phase::Draw);
  CHECK(meeples(s, R, MeepleAt::Board, RED) == 1);
  CHECK(s.nodes[find_root(s, uint16_t(s.tiles[size_t(tile_at(s, 1, 0))].node))].meeples == 1);
  SUBCASE("also after its feature's points were forgone for ghosts; home when the team says so") {
    const Rules R2 = make_levers(start_field(), {{"RS", 1}, {"RE", 2}, {"C", 1}, {"M1", 1}}, lv1(), "coop_wagon=on");
    State t = initial_state(R2);
    put(R2, t, "M1", 0, 1, 2);  // a ghost to take
    put(R2, t, "RS", 0, -1, 0);
    act(R2, t, "wagon road0 green");
    put(R2, t, "RE", -1, -1, 0);
    put(R2, t, "C", 1, 0, 1);
    act(R2, t, "meeple none");
    put(R2, t, "RE", 1, -1, 2);
    act(R2, t, "score 0 ghosts 0 1");
    REQUIRE(t.phase == Phase::Wagon);
    act(R2, t, "wagon-home");
    CHECK(meeples(t, R2, MeepleAt::Supply, GREEN) == 3);
  }
}

TEST_CASE("CA8 coop_mayor: strength is the city's coats of arms; a colour with strength 0 never scores (majority)") {
  // Two city caps facing (1, -1), red's meeple and blue's mayor; the tile that joins and closes them
  // brings the coats of arms (CNSA: 1, CEW: 0). 3 tiles: 6 points plus 2 per coat of arms.
  auto game = [](const std::string& joiner, int rot, const std::string& east_cap, JointScoring js) {
    Switches sw;
    sw.joint_scoring = js;
    const Rules R = make_levers(start_row(3), {{"C", 2}, {"CA", 1}, {"CNSA", 1}, {"CEW", 1}}, lv1(), "coop_mayor=on", 1, sw);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 1);
    act(R, s, "meeple city0 red");
    put(R, s, east_cap, 2, -1, 3);
    act(R, s, "mayor city0 blue");
    put(R, s, joiner, 1, -1, rot);
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    return s.score;
  };
  CHECK(game("CNSA", 1, "C", JointScoring::Majority) == 2 * 8);   // 1 arm: mayor 1 = meeple 1, both score
  CHECK(game("CNSA", 1, "CA", JointScoring::Majority) == 10);     // 2 arms: the mayor alone
  CHECK(game("CEW", 0, "C", JointScoring::Majority) == 6);        // no arms: the meeple alone
  CHECK(game("CEW", 0, "C", JointScoring::AllColours) == 2 * 6);  // all_colours: the mayor is a meeple like any
  SUBCASE("a mayor goes only into a city (A3.1)") {
    const Rules R = make_levers(start_field(), {{"RS", 1}, {"C", 1}}, lv1(), "coop_mayor=on");
    State s = initial_state(R);
    put(R, s, "RS", 0, -1, 0);
    CHECK(has(options(R, s), "meeple road0 red"));
    CHECK_FALSE(has(options(R, s), "mayor road0 red"));
    act(R, s, "meeple none");
    put(R, s, "C", 0, 1, 2);
    CHECK(has(options(R, s), "mayor city0 red"));
  }
  SUBCASE("a city whose only piece is a mayor of strength 0 is occupied and pays nobody: no choice") {
    const Rules R = make_levers(start_cities(1), {{"C", 1}, {"M1", 1}, {"F", 1}}, lv1(), "coop_mayor=on");
    State s = initial_state(R);
    put(R, s, "M1", -1, 0, 2);  // a ghost on the board, so that the choice would exist
    put(R, s, "C", 0, -1, 2);   // closes the start cell's city: 2 tiles, no arms
    act(R, s, "mayor city0 green");
    REQUIRE(s.phase == Phase::Score);
    CHECK(options(R, s) == std::vector<std::string>{"score 0 points"});
    act(R, s, "score 0 points");
    CHECK(s.score == 0);
    CHECK(meeples(s, R, MeepleAt::Supply, GREEN) == 3);  // it goes home
  }
}
