// Rule-by-rule tests, docs/rules.md R1 (components and set-up) to R4 (scoring): one TEST_CASE per rule,
// on small hand-made boards (tests/rules_helpers.h). Coordinates are relative to the start tile's
// north-west cell, x east, y south; rotations are quarter turns clockwise.
#include "rules_helpers.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::rh;

// =============================================================================================
// R1 Components and set-up
// =============================================================================================

TEST_CASE("R1.1 components: 60 land tiles, a 2x2 start tile, 6 colours, and the level table") {
  const Catalog cat = load_catalog(source_path("configs/tiles/mists-reconstructed.toml"));
  CHECK(cat.tile_count() == 60);
  CHECK(cat.start.size() == 4);
  int castles = 0, cemeteries = 0;
  for (const auto& t : cat.tiles) {
    castles += t.has(RegionKind::Castle) ? t.copies : 0;
    cemeteries += t.has(RegionKind::Cemetery) ? t.copies : 0;
  }
  CHECK(castles == 5);
  CHECK(cemeteries == 5);
  CHECK(COLOUR_NB == 6);
  CHECK(MAX_MEEPLES == 30);

  struct Row {
    int tiles, piles, ghosts, hound1, hound2, goal;
  };
  const Row table[6] = {{50, 1, 15, 0, 0, 50},   {60, 1, 15, 0, 0, 70},   {60, 3, 15, 15, 50, 100},
                        {60, 3, 13, 20, 60, 120}, {60, 3, 13, 15, 50, 100}, {60, 3, 12, 10, 25, 50}};
  for (int level = 1; level <= 6; ++level) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 2);
    const Row& row = table[level - 1];
    CHECK(R.tiles_in_play == row.tiles);
    CHECK(R.level.piles == row.piles);
    CHECK(R.level.ghosts == row.ghosts);
    CHECK(R.level.hound1 == row.hound1);
    CHECK(R.level.hound2 == row.hound2);
    CHECK(R.level.goal == row.goal);
    CHECK(R.level.castles == (level >= 2));
    CHECK(R.level.cemetery_close == (level == 1 ? 0 : level <= 4 ? 4 : 8));
    CHECK(R.level.cemetery_ghosts == (level >= 2 && level <= 4));
    CHECK(R.level.haunted == (level >= 5));
    CHECK(R.level.per_colour_scores == (level == 6));
    CHECK(R.level.goal_verified == (level != 2));
    int sum = 0;
    for (int p : R.pile_sizes) sum += p;
    CHECK(sum == row.tiles);
    if (level >= 3) CHECK(R.pile_sizes == std::vector<int>{20, 20, 20});
    // Level 1 leaves every castle and cemetery tile in the box.
    for (int t = 0; t < R.n_land_types; ++t) {
      const bool special = R.types[t].castle >= 0 || R.types[t].cemetery >= 0;
      if (special) CHECK(R.types[t].in_play == (level == 1 ? 0 : R.types[t].spec->copies));
    }
  }
}

TEST_CASE("R1.2 the start tile is four separate cells; its ruins end roads and are no castle") {
  SUBCASE("project start tile: four placed tiles, ghosts on two cells, no castle feature") {
    const Rules R = mists_rules(2, 1);
    const State s = initial_state(R);
    CHECK(s.n_tiles == 4);
    std::vector<int> idx = {tile_at(s, 0, 0), tile_at(s, 1, 0), tile_at(s, 0, 1), tile_at(s, 1, 1)};
    std::sort(idx.begin(), idx.end());
    CHECK(idx == std::vector<int>{0, 1, 2, 3});  // four tiles, one per cell
    CHECK(ghosts_at(s, 1, 0) + ghosts_at(s, 0, 1) + ghosts_at(s, 0, 0) + ghosts_at(s, 1, 1) == 3);
    for (int t : R.start_types) {
      CHECK(R.types[t].castle == -1);
      CHECK(R.types[t].cemetery == -1);
    }
  }
  SUBCASE("a road ending at the ruins is finished and counts the start cell as one tile") {
    const Rules R = make(start_mists(), {{"RE", 2}, {"F", 2}}, lv2());
    State s = initial_state(R);
    put(R, s, "RE", -1, 0, 0);  // road from the west cell's ruins to a village
    CHECK(s.phase == Phase::Meeple);
    act(R, s, "meeple road0 red");
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 2);  // RE + the north-west cell, not the whole 2x2 tile
  }
  SUBCASE("removing ghosts from the start tile takes one cell, never the whole tile") {
    const Rules R = make(start_mists(), {{"RE", 2}, {"F", 2}}, lv2());
    State s = initial_state(R);
    CHECK(ghosts_at(s, 1, 0) == 1);
    CHECK(ghosts_at(s, 0, 1) == 2);
    put(R, s, "RE", -1, 0, 0);
    act(R, s, "meeple road0 red");
    CHECK(sorted(options(R, s)) ==
          std::vector<std::string>{"score 0 ghosts 0 1", "score 0 ghosts 1 0", "score 0 points"});
    act(R, s, "score 0 ghosts 0 1");
    CHECK(ghosts_at(s, 0, 1) == 0);
    CHECK(ghosts_at(s, 1, 0) == 1);
    CHECK(s.score == 0);
  }
}

TEST_CASE("R1.3 the ghost total includes the 3 start ghosts; the rest is the supply") {
  for (int level = 1; level <= 6; ++level) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 3);
    const State s = initial_state(R);
    CHECK(R.start_ghosts == 3);
    CHECK(s.ghosts_on_board == 3);
    CHECK(s.ghost_supply == R.level.ghosts - 3);
  }
  SUBCASE("the ghost total is a parameter") {
    Lv l = lv1();
    l.ghosts = 7;
    const Rules R = make(start_mists(), {{"F", 2}}, l);
    const State s = initial_state(R);
    CHECK(s.ghosts_on_board == 3);
    CHECK(s.ghost_supply == 4);
  }
  SUBCASE("a total below the start tile's symbols is refused") {
    Lv l = lv1();
    l.ghosts = 2;
    CHECK_THROWS_AS(make(start_mists(), {{"F", 2}}, l), ConfigError);
  }
}

TEST_CASE("R1.4 meeples per player count: 1 and 2 players 4 colours x 3, 3-5 players 5 of one colour") {
  for (int level = 1; level <= 5; ++level) {
    CAPTURE(level);
    for (int players = 1; players <= 5; ++players) {
      CAPTURE(players);
      const Rules R = mists_rules(level, players);
      const State s = initial_state(R);
      const int colours = players <= 2 ? 4 : players;
      const int per = players <= 2 ? 3 : 5;
      CHECK(R.n_colours == colours);
      CHECK(R.n_meeples == colours * per);
      for (int c = 0; c < colours; ++c) {
        CHECK(R.meeples_per_colour[c] == per);
        CHECK(s.supply[c] == per);
      }
      for (int c = colours; c < COLOUR_NB; ++c) CHECK(s.supply[c] == 0);
      // Colours owned by each player.
      if (players == 1) CHECK(R.player_colours[0] == std::array<int8_t, 4>{0, 1, 2, 3});
      if (players == 2) {
        CHECK(R.player_colours[0] == std::array<int8_t, 4>{0, 1, -1, -1});
        CHECK(R.player_colours[1] == std::array<int8_t, 4>{2, 3, -1, -1});
      }
      if (players >= 3)
        for (int p = 0; p < players; ++p) CHECK(R.player_colours[p] == std::array<int8_t, 4>{int8_t(p), -1, -1, -1});
    }
  }
  SUBCASE("a solo player may place a meeple of any of the 4 colours") {
    const Rules R = make(start_field(), {{"C", 2}}, lv1(), 1);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 0);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"meeple city0 blue", "meeple city0 green",
                                                            "meeple city0 red", "meeple city0 yellow", "meeple none"});
  }
}

TEST_CASE("R1.5 turn order: a fixed cycle of players, each placing its own colours") {
  SUBCASE("3 players cycle 0 1 2 0, one colour each") {
    const Rules R = make(start_field(), {{"C", 4}, {"F", 2}}, lv1(), 3);
    State s = initial_state(R);
    const char* colour[3] = {"red", "green", "blue"};
    const int cells[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    const int rots[4] = {0, 1, 2, 3};  // city facing away from the start
    for (int turn = 0; turn < 4; ++turn) {
      CAPTURE(turn);
      CHECK(s.player == turn % 3);
      put(R, s, "C", cells[turn][0], cells[turn][1], rots[turn]);
      CHECK(sorted(options(R, s)) ==
            std::vector<std::string>{std::string("meeple city0 ") + colour[turn % 3], "meeple none"});
      act(R, s, "meeple none");
    }
    CHECK(s.player == 1);
  }
  SUBCASE("2 players: the first owns red and green, the second blue and yellow") {
    const Rules R = make(start_field(), {{"C", 4}}, lv1(), 2);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 0);
    CHECK(sorted(options(R, s)) ==
          std::vector<std::string>{"meeple city0 green", "meeple city0 red", "meeple none"});
    act(R, s, "meeple city0 green");
    CHECK(s.player == 1);
    put(R, s, "C", 0, 1, 2);
    CHECK(sorted(options(R, s)) ==
          std::vector<std::string>{"meeple city0 blue", "meeple city0 yellow", "meeple none"});
    act(R, s, "meeple city0 yellow");
    CHECK(s.player == 0);
    CHECK(s.supply[GREEN] == 2);
    CHECK(s.supply[YELLOW] == 2);
  }
}

// =============================================================================================
// R2 A turn
// =============================================================================================

TEST_CASE("R2.1 placement: touch a tile orthogonally, match every side, mist ignored, mandatory") {
  SUBCASE("straight road next to an all-field start: exactly the four matching placements") {
    const Rules R = make(start_field(), {{"RS", 2}}, lv1());
    State s = initial_state(R);
    apply_draw(R, s, type_of(R, "RS"));
    REQUIRE(s.phase == Phase::Place);
    CHECK(sorted(options(R, s)) ==
          std::vector<std::string>{"place -1 0 1", "place 0 -1 0", "place 0 1 0", "place 1 0 1"});
  }
  SUBCASE("a city cap: 3 rotations in each orthogonal cell, never diagonal, never facing a field") {
    const Rules R = make(start_field(), {{"C", 2}}, lv1());
    State s = initial_state(R);
    apply_draw(R, s, type_of(R, "C"));
    const auto o = options(R, s);
    CHECK(o.size() == 12);
    CHECK(count_prefix(o, "place 0 -1 ") == 3);
    CHECK(count_prefix(o, "place 1 0 ") == 3);
    CHECK(count_prefix(o, "place 0 1 ") == 3);
    CHECK(count_prefix(o, "place -1 0 ") == 3);
    CHECK_FALSE(has(o, "place 0 -1 2"));  // city facing the start's field
    CHECK_FALSE(has(o, "place 1 0 3"));
    CHECK(count_prefix(o, "place 1 1 ") == 0);
    CHECK(count_prefix(o, "place 1 -1 ") == 0);
    for (const auto& x : o) CHECK(x.rfind("place ", 0) == 0);  // placing is mandatory: no other option
  }
  SUBCASE("road must meet road: beside the ruins' road only the road-facing rotation") {
    const Rules R = make(start_mists(), {{"RE", 2}}, lv1());
    State s = initial_state(R);
    apply_draw(R, s, type_of(R, "RE"));
    const auto o = options(R, s);
    CHECK(has(o, "place -1 0 0"));  // road east meets the road
    CHECK(count_prefix(o, "place -1 0 ") == 1);
  }
  SUBCASE("mist is ignored: a misty road meets a clear road, a misty field meets a clear field") {
    const Rules R = make(start_mists(), {{"MR", 1}, {"M1", 1}}, lv1());
    State s = initial_state(R);
    apply_draw(R, s, type_of(R, "MR"));
    auto o = options(R, s);
    CHECK(has(o, "place -1 0 0"));  // misty road east side "frf" against the ruins' clear "FRF"
    act(R, s, "place -1 0 0");
    apply_draw(R, s, type_of(R, "M1"));
    o = options(R, s);
    CHECK(has(o, "place 0 -1 2"));  // mist south against the NW cell's clear field
    CHECK(has(o, "place 2 0 3"));   // mist west against the NE cell's mist
    CHECK(has(o, "place 2 0 0"));   // clear field against the NE cell's mist
  }
  SUBCASE("levels 3+: the tile comes from the active pile only") {
    const Rules R = mists_rules(3, 2);
    State s = initial_state(R);
    REQUIRE(s.pile_size[0] == 20);
    ChanceOutcome co[MAX_TYPES];
    const int n = chance_outcomes(R, s, co);
    REQUIRE(n > 0);
    apply_draw(R, s, co[0].type);
    CHECK(s.pile_size[0] == 19);
    CHECK(s.pile_size[1] == 20);
    CHECK(s.pile_size[2] == 20);
  }
}

TEST_CASE("R2.2 a tile that fits nowhere is removed and another drawn; switch unplaceable = lose") {
  SUBCASE("discard (default): the pile is shorter, the turn goes on with a new draw") {
    const Rules R = make_exact(start_field(), {{"X4", 1}, {"F", 2}}, lv1());
    State s = initial_state(R);
    CHECK(tiles_left(s) == 3);
    apply_draw(R, s, type_of(R, "X4"));
    CHECK(s.phase == Phase::Draw);
    CHECK(s.discarded == 1);
    CHECK(tiles_left(s) == 2);
    CHECK(s.unseen[type_of(R, "X4")] == 0);
    CHECK(s.turn == 0);
    CHECK(s.outcome == Outcome::Ongoing);
    put(R, s, "F", 1, 0, 0);
    CHECK(s.turn == 1);
  }
  SUBCASE("discarding the last tile leaves the pile empty: lost, tiles_out") {
    const Rules R = make_exact(start_field(), {{"X4", 1}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "F", 1, 0, 0);
    apply_draw(R, s, type_of(R, "X4"));
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::TilesOut);
  }
  SUBCASE("unplaceable = lose") {
    Switches sw;
    sw.unplaceable = Unplaceable::Lose;
    const Rules R = make(start_field(), {{"X4", 1}, {"F", 2}}, lv1(), 1, sw);
    State s = initial_state(R);
    apply_draw(R, s, type_of(R, "X4"));
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::Unplaceable);
  }
}

TEST_CASE("R2.3 turn order of steps: burial, ghosts, cemetery ghost, meeple, scoring, haunting") {
  SUBCASE("level 2: one placement closes a cemetery, puts ghosts, completes a city") {
    const Rules R = make(start_field(), {{"Y", 2}, {"C", 2}, {"F", 2}, {"CRE", 1}, {"M2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "Y", -1, 0, 0);
    put(R, s, "C", 0, -1, 1);  // city east, towards (1,-1)
    act(R, s, "meeple city0 red");
    put(R, s, "C", 0, 1, 2);  // city south
    act(R, s, "meeple city0 green");
    put(R, s, "F", 2, 0, 0);
    put(R, s, "F", 1, 1, 0);
    CHECK(s.phase == Phase::Draw);
    put(R, s, "CRE", 1, -1, 3);  // city west meets red's city, road east, closes the cemetery at (1,0)
    REQUIRE(s.phase == Phase::Bury);  // burial first
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"bury 0 -1", "bury 0 1"});
    act(R, s, "bury 0 1");            // bury green, keep red for the scoring
    CHECK(s.phase == Phase::Meeple);  // no mist: no ghosts, no cemetery ghost; then the meeple
    act(R, s, "meeple road0 blue");
    REQUIRE(s.phase == Phase::Score);  // then scoring
    CHECK(options(R, s) == std::vector<std::string>{"score 0 points"});
    act(R, s, "score 0 points");
    CHECK(s.score == 4);
    CHECK(s.phase == Phase::Draw);
    // Ghosts come after burial and before the cemetery ghost, which comes before the meeple.
    put(R, s, "M2", -1, -1, 0);  // next to the open cemetery at (-1,0)
    REQUIRE(s.phase == Phase::CemeteryGhost);
    CHECK(ghosts_at(s, -1, -1) == 2);
    CHECK(options(R, s) == std::vector<std::string>{"cemetery -1 0"});
    act(R, s, "cemetery -1 0");
    CHECK(cemetery_ghosts(R, s, -1, 0) == 1);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("level 2: ghosts wait until the burial is decided") {
    const Rules R = make(start_field(), {{"Y", 1}, {"C", 1}, {"F", 2}, {"M2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "C", 1, -1, 0);
    act(R, s, "meeple city0 red");
    put(R, s, "F", 2, 0, 0);
    put(R, s, "M2", 1, 1, 2);  // mist south; closes the cemetery
    REQUIRE(s.phase == Phase::Bury);
    CHECK(ghosts_at(s, 1, 1) == 0);
    act(R, s, "bury 1 -1");
    CHECK(ghosts_at(s, 1, 1) == 2);
    CHECK(s.phase == Phase::Draw);  // the only cemetery is closed: no cemetery ghost
  }
  SUBCASE("level 5: meeple, then scoring, then the face-down tile") {
    const Rules R = make(start_cities(1), {{"Y", 1}, {"C", 2}, {"F", 6}}, lv5());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    REQUIRE(s.phase == Phase::Haunt);
    act(R, s, "haunt 2 1");
    put(R, s, "C", 0, -1, 2);  // completes the start cell's city
    REQUIRE(s.phase == Phase::Meeple);
    act(R, s, "meeple city0 red");
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 4);
    REQUIRE(s.phase == Phase::Haunt);
    act(R, s, "haunt 2 -1");
    CHECK(s.phase == Phase::Draw);
  }
}

TEST_CASE("R2.4 one optional meeple on the placed tile: road or city (or castle), never mist, cemetery, field") {
  SUBCASE("a city and a clear road: both offered, in every colour, plus none") {
    const Rules R = make(start_field(), {{"CRE", 1}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "CRE", 0, -1, 1);  // city east, road west
    CHECK(sorted(options(R, s)) ==
          std::vector<std::string>{"meeple city0 blue", "meeple city0 green", "meeple city0 red",
                                   "meeple city0 yellow", "meeple none", "meeple road0 blue", "meeple road0 green",
                                   "meeple road0 red", "meeple road0 yellow"});
    act(R, s, "meeple road0 red");
    CHECK(s.phase == Phase::Draw);  // one meeple at most
    CHECK(s.supply[RED] == 2);
    CHECK(meeples(s, R, MeepleAt::Board) == 1);
  }
  SUBCASE("a misty road takes no meeple: no meeple step at all") {
    const Rules R = make(start_mists(), {{"MR", 1}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "MR", -1, 0, 0);
    CHECK(s.phase == Phase::Draw);
    CHECK(meeples(s, R, MeepleAt::Board) == 0);
  }
  SUBCASE("a cemetery takes no meeple (only the city of the tile)") {
    const Rules R = make(start_field(), {{"YC", 1}, {"F", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "YC", 0, -1, 0);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"meeple city0 blue", "meeple city0 green",
                                                            "meeple city0 red", "meeple city0 yellow", "meeple none"});
  }
  SUBCASE("fields take no meeple") {
    const Rules R = make(start_field(), {{"F", 2}, {"M2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "F", 0, -1, 0);
    CHECK(s.phase == Phase::Draw);
    put(R, s, "M2", 1, 0, 1);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("the castle takes a meeple from level 2 on, not in level 1") {
    const Rules R1 = make(start_field(), {{"K", 1}, {"F", 1}}, lv1());
    State s1 = initial_state(R1);
    put(R1, s1, "K", 0, -1, 0);
    CHECK(s1.phase == Phase::Draw);
    const Rules R2 = make(start_field(), {{"K", 1}, {"F", 1}}, lv2());
    State s2 = initial_state(R2);
    put(R2, s2, "K", 0, -1, 0);
    REQUIRE(s2.phase == Phase::Meeple);
    CHECK(has(options(R2, s2), "meeple castle red"));
    CHECK(options(R2, s2).size() == 5);
  }
  SUBCASE("an occupied feature takes no second meeple, and meeples never come back unfinished") {
    const Rules R = make(start_field(), {{"RE", 1}, {"RS", 2}, {"F", 3}}, lv1());
    State s = initial_state(R);
    put(R, s, "RE", 0, -1, 0);
    act(R, s, "meeple road0 red");
    put(R, s, "RS", 1, -1, 0);  // extends red's road
    CHECK(s.phase == Phase::Draw);  // no free road or city on it: no meeple step
    put(R, s, "F", -1, 0, 0);
    put(R, s, "F", 0, 1, 0);
    CHECK(s.supply[RED] == 2);
    CHECK(meeples(s, R, MeepleAt::Board, RED) == 1);
  }
  SUBCASE("only on the tile just placed, only from the placing player's colours") {
    const Rules R = make(start_field(), {{"C", 3}}, lv1(), 2);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 0);
    act(R, s, "meeple none");
    put(R, s, "C", 0, 1, 2);  // player 1: the open city of (0,-1) is not offered
    const auto o = options(R, s);
    CHECK(o.size() == 3);
    for (const auto& x : o) CHECK((x == "meeple none" || x.rfind("meeple city0 ", 0) == 0));
    CHECK_FALSE(has(o, "meeple city0 red"));
  }
  SUBCASE("a player without meeples left gets no meeple step") {
    const Rules R = make(start_row(4), {{"C", 7}, {"F", 10}}, lv1(), 3);
    State s = initial_state(R);
    const int caps[5][3] = {{0, -1, 0}, {1, -1, 0}, {2, -1, 0}, {3, -1, 0}, {0, 1, 2}};
    const int fill[10][2] = {{-1, 0}, {4, 0}, {-1, -1}, {4, -1}, {-1, 1}, {4, 1}, {-2, 0}, {5, 0}, {-2, -1}, {5, -1}};
    for (int k = 0; k < 5; ++k) {
      REQUIRE(s.player == 0);
      put(R, s, "C", caps[k][0], caps[k][1], caps[k][2]);  // an open city cap
      act(R, s, "meeple city0 red");
      put(R, s, "F", fill[2 * k][0], fill[2 * k][1], 0);
      put(R, s, "F", fill[2 * k + 1][0], fill[2 * k + 1][1], 0);
    }
    CHECK(s.supply[RED] == 0);
    REQUIRE(s.player == 0);
    put(R, s, "C", 1, 1, 2);
    CHECK(s.phase == Phase::Draw);  // red has nothing left to place
    put(R, s, "C", 2, 1, 2);        // green has
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"meeple city0 green", "meeple none"});
  }
}

// =============================================================================================
// R3 Mist and ghosts
// =============================================================================================

TEST_CASE("R3.1 a mist bank finishes with no open side; one facing clear terrain never finishes") {
  SUBCASE("two mist caps facing each other finish the bank") {
    const Rules R = make(start_field(), {{"M1", 2}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "M1", 0, -1, 0);
    CHECK(ghosts_at(s, 0, -1) == 1);
    put(R, s, "M1", 0, -2, 2);
    CHECK(ghosts_at(s, 0, -1) == 0);
    CHECK(ghosts_at(s, 0, -2) == 0);
    CHECK(s.ghosts_on_board == 0);
    CHECK(s.ghost_supply == 15);
  }
  SUBCASE("mist facing a clear field: closing every other misty side does not finish it") {
    const Rules R = make(start_field(), {{"MNS", 1}, {"M1", 1}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "MNS", 0, -1, 0);  // its south mist faces the start's clear field
    CHECK(ghosts_at(s, 0, -1) == 2);
    put(R, s, "M1", 0, -2, 2);  // closes its north side
    CHECK(ghosts_at(s, 0, -1) == 2);
    CHECK(ghosts_at(s, 0, -2) == 0);  // 1 symbol, expands: none
    CHECK(s.ghosts_on_board == 2);
  }
  SUBCASE("mist over a road facing a clear road never finishes") {
    const Rules R = make(start_mists(), {{"MR", 1}, {"F", 2}}, lv1());
    State s = initial_state(R);
    put(R, s, "MR", -1, 0, 0);  // its misty east side faces the ruins' clear road
    CHECK(ghosts_at(s, -1, 0) == 1);
    put(R, s, "F", -1, -1, 0);
    put(R, s, "F", -1, 1, 0);
    CHECK(ghosts_at(s, -1, 0) == 1);
  }
}

TEST_CASE("R3.2 finishing a mist bank clears all its ghosts; the placed tile's finished mist gets none") {
  SUBCASE("a 3-tile bank: 3 ghosts back to the supply, the closing 3-symbol tile gets none, no points") {
    const Rules R = make(start_field(), {{"M2", 1}, {"MNS", 1}, {"M3", 1}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "M2", 0, -1, 0);
    put(R, s, "MNS", 0, -2, 0);
    CHECK(ghosts_at(s, 0, -1) == 2);
    CHECK(ghosts_at(s, 0, -2) == 1);
    CHECK(s.ghost_supply == 12);
    put(R, s, "M3", 0, -3, 2);
    CHECK(ghosts_at(s, 0, -1) == 0);
    CHECK(ghosts_at(s, 0, -2) == 0);
    CHECK(ghosts_at(s, 0, -3) == 0);
    CHECK(s.ghosts_on_board == 0);
    CHECK(s.ghost_supply == 15);
    CHECK(s.ghosts_removed_by_mist == 3);
    CHECK(s.score == 0);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("a 1-symbol tile that finishes a bank gets none under both readings of finish_ghosts") {
    for (const FinishGhosts fg : {FinishGhosts::None, FinishGhosts::OtherAreas}) {
      CAPTURE(switch_value(fg));
      Switches sw;
      sw.finish_ghosts = fg;
      const Rules R = make(start_field(), {{"M2", 1}, {"M1", 1}, {"F", 1}}, lv1(), 1, sw);
      State s = initial_state(R);
      put(R, s, "M2", 0, -1, 0);
      put(R, s, "M1", 0, -2, 2);  // its only area faces south and finishes the bank
      CHECK(s.ghosts_on_board == 0);
      CHECK(s.ghost_supply == 15);
    }
  }
  // M12: two mist areas, mist0 north with 1 symbol, mist1 south with 2 symbols.
  SUBCASE("finish_ghosts = none: a tile that finishes a bank gets no ghosts, even on its other area") {
    const Rules R = make(start_field(), {{"M2", 1}, {"M12", 1}, {"F", 1}}, lv1());
    CHECK(R.params.switches.finish_ghosts == FinishGhosts::None);  // the default
    State s = initial_state(R);
    put(R, s, "M2", 0, -1, 0);
    put(R, s, "M12", 0, -2, 2);  // its 1-symbol area (now south) finishes the bank; the 2-symbol area faces north
    CHECK(ghosts_at(s, 0, -1) == 0);
    CHECK(mist_ghosts(R, s, 0, -2, 0) == 0);
    CHECK(mist_ghosts(R, s, 0, -2, 1) == 0);
    CHECK(s.ghosts_on_board == 0);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("finish_ghosts = other_areas: the other area gets its ghosts, one fewer (the tile expanded a bank)") {
    Switches sw;
    sw.finish_ghosts = FinishGhosts::OtherAreas;
    const Rules R = make(start_field(), {{"M2", 1}, {"M12", 1}, {"F", 1}}, lv1(), 1, sw);
    State s = initial_state(R);
    put(R, s, "M2", 0, -1, 0);
    put(R, s, "M12", 0, -2, 2);
    CHECK(ghosts_at(s, 0, -1) == 0);
    CHECK(mist_ghosts(R, s, 0, -2, 0) == 0);
    CHECK(mist_ghosts(R, s, 0, -2, 1) == 1);  // 2 symbols, one fewer
    CHECK(s.ghosts_on_board == 1);
  }
  SUBCASE("the two readings coincide when the finishing area holds the 2 symbols (1 - 1 = 0)") {
    for (const FinishGhosts fg : {FinishGhosts::None, FinishGhosts::OtherAreas}) {
      CAPTURE(switch_value(fg));
      Switches sw;
      sw.finish_ghosts = fg;
      const Rules R = make(start_field(), {{"M2", 1}, {"M12", 1}, {"F", 1}}, lv1(), 1, sw);
      State s = initial_state(R);
      put(R, s, "M2", 0, -1, 0);
      put(R, s, "M12", 0, -2, 0);  // the 2-symbol south area finishes the bank; the 1-symbol area faces north
      CHECK(s.ghosts_on_board == 0);
      CHECK(s.phase == Phase::Draw);
    }
  }
}

TEST_CASE("R3.3 one ghost per symbol, one fewer when the mist expands a bank") {
  SUBCASE("fresh mist: one ghost per symbol") {
    const Rules R = make(start_field(), {{"M2", 1}, {"M3", 1}, {"M12", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "M2", 0, -1, 0);
    CHECK(ghosts_at(s, 0, -1) == 2);
    put(R, s, "M3", 1, 0, 1);
    CHECK(ghosts_at(s, 1, 0) == 3);
    put(R, s, "M12", -1, 0, 1);
    CHECK(mist_ghosts(R, s, -1, 0, 0) == 1);
    CHECK(mist_ghosts(R, s, -1, 0, 1) == 2);
    CHECK(s.ghost_supply == 15 - 8);
  }
  SUBCASE("expanding: 2 symbols give 1; a 1-symbol tile gives none") {
    const Rules R = make(start_field(), {{"MNS", 2}, {"MNE1", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "MNS", 0, -1, 0);
    CHECK(ghosts_at(s, 0, -1) == 2);
    put(R, s, "MNS", 0, -2, 0);
    CHECK(ghosts_at(s, 0, -2) == 1);
    put(R, s, "MNE1", 0, -3, 1);  // mist east and south; the south side expands the bank
    CHECK(ghosts_at(s, 0, -3) == 0);
    CHECK(s.ghosts_on_board == 3);
  }
  SUBCASE("joining two banks at once still removes only one") {
    const Rules R = make(start_row(3), {{"MNE2", 2}, {"MEW3", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "MNE2", 0, -1, 0);  // mist north and east
    put(R, s, "MNE2", 2, -1, 3);  // mist west and north
    CHECK(s.ghosts_on_board == 4);
    put(R, s, "MEW3", 1, -1, 0);  // joins both banks, both still open northwards
    CHECK(ghosts_at(s, 1, -1) == 2);
    CHECK(ghosts_at(s, 0, -1) == 2);
    CHECK(ghosts_at(s, 2, -1) == 2);
  }
  SUBCASE("expanding without finishing: the same under both readings of finish_ghosts") {
    for (const FinishGhosts fg : {FinishGhosts::None, FinishGhosts::OtherAreas}) {
      CAPTURE(switch_value(fg));
      Switches sw;
      sw.finish_ghosts = fg;
      const Rules R = make(start_field(), {{"MNS", 2}, {"MNE1", 1}}, lv1(), 1, sw);
      State s = initial_state(R);
      put(R, s, "MNS", 0, -1, 0);
      put(R, s, "MNS", 0, -2, 0);
      put(R, s, "MNE1", 0, -3, 1);
      CHECK(s.ghosts_on_board == 3);
    }
  }
  SUBCASE("the one fewer is the team's choice among the areas that get ghosts, expanding ones listed first") {
    for (const FinishGhosts fg : {FinishGhosts::None, FinishGhosts::OtherAreas}) {
      CAPTURE(switch_value(fg));
      Switches sw;
      sw.finish_ghosts = fg;
      const Rules R = make(start_field(), {{"MNS", 1}, {"M12", 1}}, lv1(), 1, sw);
      State s = initial_state(R);
      put(R, s, "MNS", 0, -1, 0);
      put(R, s, "M12", 0, -2, 0);  // south area (mist1, 2 symbols) expands; north area (mist0, 1) is new
      REQUIRE(s.phase == Phase::Fewer);
      CHECK(options(R, s) == std::vector<std::string>{"fewer mist1", "fewer mist0"});
      State t = s;
      act(R, s, "fewer mist1");
      CHECK(mist_ghosts(R, s, 0, -2, 0) == 1);
      CHECK(mist_ghosts(R, s, 0, -2, 1) == 1);
      CHECK(ghosts_at(s, 0, -2) == 2);
      act(R, t, "fewer mist0");
      CHECK(mist_ghosts(R, t, 0, -2, 0) == 0);
      CHECK(mist_ghosts(R, t, 0, -2, 1) == 2);
      CHECK(ghosts_at(t, 0, -2) == 2);
      CHECK(s.phase == Phase::Draw);
      CHECK(t.phase == Phase::Draw);
    }
  }
  SUBCASE("one area getting ghosts: no decision") {
    const Rules R = make(start_field(), {{"MNS", 1}, {"M2", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "MNS", 0, -1, 0);
    put(R, s, "M2", 0, -2, 2);  // its one area faces south and expands the bank
    CHECK(s.phase == Phase::Draw);
    CHECK(ghosts_at(s, 0, -2) == 1);
  }
}

TEST_CASE("R3.4 ghosts sit on mist areas; removing up to 3 from 1 tile takes them from any of its areas") {
  SUBCASE("a tile with two areas (1 + 2 ghosts): all 3 removed") {
    const Rules R = make(start_cities(1), {{"M12", 1}, {"C", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "M12", 0, 1, 0);
    CHECK(mist_ghosts(R, s, 0, 1, 0) == 1);
    CHECK(mist_ghosts(R, s, 0, 1, 1) == 2);
    put(R, s, "C", 0, -1, 2);  // completes the start cell's city
    act(R, s, "meeple city0 red");
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"score 0 ghosts 0 1", "score 0 points"});
    act(R, s, "score 0 ghosts 0 1");
    CHECK(mist_ghosts(R, s, 0, 1, 0) == 0);
    CHECK(mist_ghosts(R, s, 0, 1, 1) == 0);
    CHECK(s.ghosts_on_board == 0);
    CHECK(s.ghosts_removed_by_scoring == 3);
  }
  SUBCASE("a tile with 5 ghosts: 3 removed, 2 stay") {
    const Rules R = make(start_cities(1), {{"M5", 1}, {"C", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "M5", 0, 1, 2);
    CHECK(ghosts_at(s, 0, 1) == 5);
    put(R, s, "C", 0, -1, 2);
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 ghosts 0 1");
    CHECK(ghosts_at(s, 0, 1) == 2);
    CHECK(s.ghost_supply == 15 - 2);
    check_ghost_total(R, s);
  }
  SUBCASE("level 2: mist and cemetery ghosts of one tile are one tile's ghosts") {
    const Rules R = make(start_cities(1), {{"YM2", 1}, {"C", 1}, {"M2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "YM2", 0, 1, 2);  // 2 ghosts on its mist, +1 on its own open cemetery
    act(R, s, "cemetery 0 1");
    put(R, s, "M2", 1, 0, 1);  // +2, and the cemetery ghost again on (0,1)
    act(R, s, "cemetery 0 1");
    CHECK(ghosts_at(s, 0, 1) == 4);
    put(R, s, "C", 0, -1, 2);
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 ghosts 0 1");
    CHECK(ghosts_at(s, 0, 1) == 1);
    check_ghost_total(R, s);
  }
}

TEST_CASE("R3.5 the team loses at once when the supply is short of the ghosts to place") {
  SUBCASE("mist ghosts") {
    Lv l = lv1();
    l.ghosts = 3;
    const Rules R = make(start_field(), {{"M2", 2}, {"M1", 2}}, l);
    State s = initial_state(R);
    put(R, s, "M2", 0, -1, 0);
    CHECK(s.ghost_supply == 1);
    put(R, s, "M1", 1, 0, 1);  // exactly enough: not lost
    CHECK(s.ghost_supply == 0);
    CHECK(s.outcome == Outcome::Ongoing);
    put(R, s, "M2", 0, 1, 2);
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::GhostSupply);
  }
  SUBCASE("level 2: the cemetery ghost") {
    Lv l = lv2();
    l.ghosts = 2;
    const Rules R = make(start_field(), {{"Y", 1}, {"M2", 1}, {"F", 2}}, l);
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "M2", 0, -1, 0);
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::GhostSupply);
  }
  SUBCASE("short whichever area gives the one fewer (R3.3): lost at once, no decision asked") {
    Lv l = lv1();
    l.ghosts = 3;
    const Rules R = make(start_field(), {{"MNS", 1}, {"M12", 1}}, l);
    State s = initial_state(R);
    put(R, s, "MNS", 0, -1, 0);
    CHECK(s.ghost_supply == 1);
    put(R, s, "M12", 0, -2, 0);  // 3 symbols, one fewer: 2 to place, 1 in the supply
    CHECK(s.phase == Phase::Over);
    CHECK(s.cause == LossCause::GhostSupply);
  }
  SUBCASE("level 5: a new cemetery's ghost for a two-area tile, supply empty: lost before the area is asked (R7.2)") {
    Lv l = lv5();
    l.ghosts = 3;
    const Rules R = make(start_field(), {{"Y", 1}, {"M12", 1}, {"F", 4}}, l);
    State s = initial_state(R);
    put(R, s, "M12", 0, -1, 0);
    CHECK(s.ghost_supply == 0);
    put(R, s, "Y", 1, -1, 0);
    CHECK(s.phase == Phase::Over);
    CHECK(s.cause == LossCause::GhostSupply);
  }
  SUBCASE("level 5: the ghosts a new cemetery puts around it") {
    Lv l = lv5();
    l.ghosts = 1;
    const Rules R = make(start_field(), {{"Y", 1}, {"M1", 1}, {"F", 4}}, l);
    State s = initial_state(R);
    put(R, s, "M1", 0, -1, 0);
    CHECK(s.ghost_supply == 0);
    put(R, s, "Y", 1, -1, 0);
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::GhostSupply);
  }
}

// =============================================================================================
// R4 Scoring
// =============================================================================================

TEST_CASE("R4.1 finished roads score 1 per tile, cities 2 per tile and 2 per coat of arms") {
  SUBCASE("a road between two villages") {
    const Rules R = make(start_field(), {{"RE", 2}, {"RS", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "RE", 0, -1, 0);
    act(R, s, "meeple road0 red");
    put(R, s, "RS", 1, -1, 0);
    CHECK(s.phase == Phase::Draw);  // not finished yet
    put(R, s, "RE", 2, -1, 2);
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 3);
  }
  SUBCASE("a road closing a loop") {
    const Rules R = make(start_field(), {{"RC", 4}}, lv1());
    State s = initial_state(R);
    put(R, s, "RC", 0, -1, 3);
    act(R, s, "meeple road0 red");
    put(R, s, "RC", 1, -1, 2);
    put(R, s, "RC", 1, -2, 1);
    CHECK(s.score == 0);
    put(R, s, "RC", 0, -2, 0);
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 4);
  }
  SUBCASE("a city with a coat of arms") {
    const Rules R = make(start_field(), {{"CA", 1}, {"C", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "CA", 0, -1, 0);
    act(R, s, "meeple city0 red");
    put(R, s, "C", 0, -2, 2);
    act(R, s, "score 0 points");
    CHECK(s.score == 6);
  }
  SUBCASE("a 4-tile city with 1 coat of arms") {
    const Rules R = make(start_row(3), {{"C", 3}, {"CT", 1}, {"F", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 1);
    act(R, s, "meeple city0 red");
    put(R, s, "C", 2, -1, 3);
    act(R, s, "meeple none");
    put(R, s, "F", 0, -2, 0);
    put(R, s, "C", 1, -2, 2);
    act(R, s, "meeple none");
    put(R, s, "CT", 1, -1, 0);
    act(R, s, "score 0 points");
    CHECK(s.score == 10);
  }
  SUBCASE("a feature without meeple scores nothing and offers no choice") {
    const Rules R = make(start_field(), {{"C", 2}, {"M2", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "M2", 1, 0, 1);
    put(R, s, "C", 0, -1, 0);
    act(R, s, "meeple none");
    put(R, s, "C", 0, -2, 2);
    REQUIRE(s.phase == Phase::Meeple);  // the finished city is free: a meeple may still go on it
    act(R, s, "meeple none");
    CHECK(s.phase == Phase::Draw);
    CHECK(s.score == 0);
    CHECK(ghosts_at(s, 1, 0) == 2);
  }
  SUBCASE("another player's placement finishes and scores a feature") {
    const Rules R = make(start_field(), {{"C", 2}}, lv1(), 2);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 0);
    act(R, s, "meeple city0 red");
    CHECK(s.player == 1);
    put(R, s, "C", 0, -2, 2);
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 4);
    CHECK(s.supply[RED] == 3);
  }
}

namespace {

// A 4-tile city with 1 coat of arms (value 10) claimed by three meeples of the given colours on
// three separate caps, then completed by a T piece. Optionally a 3-ghost mist tile at (0,1).
void joint_city(const Rules& R, State& s, const char* a, const char* b, const char* c, bool mist) {
  put(R, s, "C", 0, -1, 1);
  act(R, s, std::string("meeple city0 ") + a);
  put(R, s, "C", 2, -1, 3);
  act(R, s, std::string("meeple city0 ") + b);
  put(R, s, "F", 0, -2, 0);
  put(R, s, "C", 1, -2, 2);
  act(R, s, std::string("meeple city0 ") + c);
  if (mist) put(R, s, "M3", 0, 1, 0);
  put(R, s, "CT", 1, -1, 0);
  REQUIRE(s.phase == Phase::Score);
}

Rules joint_rules(Switches sw = {}) {
  return make(start_row(3), {{"C", 3}, {"CT", 1}, {"F", 2}, {"M3", 1}}, lv1(), 1, sw);
}

}  // namespace

TEST_CASE("R4.2 joint scoring: the value once per scoring colour; majority or all_colours") {
  Switches all;
  all.joint_scoring = JointScoring::AllColours;
  SUBCASE("majority: 2 red and 1 green, only red scores") {
    const Rules R = joint_rules();
    State s = initial_state(R);
    joint_city(R, s, "red", "red", "green", false);
    act(R, s, "score 0 points");
    CHECK(s.score == 10);
  }
  SUBCASE("majority: tied colours all score (coats of arms multiplied too)") {
    const Rules R = joint_rules();
    State s = initial_state(R);
    joint_city(R, s, "red", "green", "blue", false);
    act(R, s, "score 0 points");
    CHECK(s.score == 30);
  }
  SUBCASE("all_colours: 2 red and 1 green, both score") {
    const Rules R = joint_rules(all);
    State s = initial_state(R);
    joint_city(R, s, "red", "red", "green", false);
    act(R, s, "score 0 points");
    CHECK(s.score == 20);
  }
  SUBCASE("meeples of one colour add nothing, under either switch") {
    for (const Switches& sw : {Switches{}, all}) {
      const Rules R = joint_rules(sw);
      State s = initial_state(R);
      joint_city(R, s, "yellow", "yellow", "yellow", false);
      act(R, s, "score 0 points");
      CHECK(s.score == 10);
    }
  }
  SUBCASE("two tied colours (one player's two colours): the coat of arms counts for each") {
    const Rules R = make(start_row(3), {{"C", 2}, {"CNSA", 1}}, lv1(), 1);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 1);
    act(R, s, "meeple city0 red");
    put(R, s, "C", 2, -1, 3);
    act(R, s, "meeple city0 green");
    put(R, s, "CNSA", 1, -1, 1);  // city east-west with a coat of arms: 3 tiles, value 8
    act(R, s, "score 0 points");
    CHECK(s.score == 16);
  }
}

TEST_CASE("R4.3 each scoring: take the points or forgo them all and remove up to 3 ghosts from 1 tile") {
  SUBCASE("forgoing skips the whole joint scoring (every colour)") {
    const Rules R = joint_rules();
    State s = initial_state(R);
    joint_city(R, s, "red", "green", "blue", true);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"score 0 ghosts 0 1", "score 0 points"});
    act(R, s, "score 0 ghosts 0 1");
    CHECK(s.score == 0);
    CHECK(ghosts_at(s, 0, 1) == 0);
    CHECK(s.ghosts_on_board == 0);
  }
  SUBCASE("two scorings in one turn: decided separately, in the team's order") {
    const Rules R = make(start_row(3), {{"RE", 1}, {"C", 1}, {"CRE", 1}, {"M3", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "RE", 0, -1, 0);
    act(R, s, "meeple road0 red");
    put(R, s, "C", 2, -1, 3);
    act(R, s, "meeple city0 green");
    put(R, s, "M3", 0, 1, 0);
    put(R, s, "CRE", 1, -1, 1);  // city east, road west: finishes both
    REQUIRE(s.phase == Phase::Score);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"score 0 ghosts 0 1", "score 0 points",
                                                            "score 1 ghosts 0 1", "score 1 points"});
    act(R, s, "score 1 points");  // the road (2) first
    CHECK(s.score == 2);
    REQUIRE(s.phase == Phase::Score);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"score 0 ghosts 0 1", "score 0 points"});
    act(R, s, "score 0 ghosts 0 1");  // the city: ghosts instead of 4 points
    CHECK(s.score == 2);
    CHECK(ghosts_at(s, 0, 1) == 0);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("without ghosts on the board the only option is the points") {
    const Rules R = joint_rules();
    State s = initial_state(R);
    joint_city(R, s, "red", "red", "red", false);
    CHECK(options(R, s) == std::vector<std::string>{"score 0 points"});
  }
}

TEST_CASE("R4.4 after a scoring, taken or forgone, every meeple of the feature goes home") {
  const Rules R = make(start_row(3), {{"RE", 1}, {"C", 1}, {"CRE", 1}, {"M3", 1}}, lv1());
  State s = initial_state(R);
  put(R, s, "RE", 0, -1, 0);
  act(R, s, "meeple road0 red");
  put(R, s, "C", 2, -1, 3);
  act(R, s, "meeple city0 green");
  put(R, s, "M3", 0, 1, 0);
  CHECK(s.supply[RED] == 2);
  CHECK(s.supply[GREEN] == 2);
  put(R, s, "CRE", 1, -1, 1);
  act(R, s, "score 1 points");
  CHECK(s.supply[RED] == 3);
  CHECK(meeples(s, R, MeepleAt::Board, RED) == 0);
  CHECK(s.supply[GREEN] == 2);
  act(R, s, "score 0 ghosts 0 1");
  CHECK(s.supply[GREEN] == 3);
  CHECK(meeples(s, R, MeepleAt::Board) == 0);
  CHECK(meeples(s, R, MeepleAt::Supply) == 12);
}

TEST_CASE("R4.5 reaching the goal wins at once; nothing after it; no final scoring") {
  SUBCASE("the first of two scorings reaches the goal: the second never happens") {
    Lv l = lv1();
    l.goal = 2;
    const Rules R = make(start_row(3), {{"RE", 1}, {"C", 1}, {"CRE", 1}, {"F", 2}}, l);
    State s = initial_state(R);
    put(R, s, "RE", 0, -1, 0);
    act(R, s, "meeple road0 red");
    put(R, s, "C", 2, -1, 3);
    act(R, s, "meeple city0 green");
    put(R, s, "CRE", 1, -1, 1);
    act(R, s, "score 1 points");
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Won);
    CHECK(s.cause == LossCause::None);
    CHECK(s.score == 2);
    CHECK(meeples(s, R, MeepleAt::Board, GREEN) == 1);  // the city was never scored
    CHECK(options(R, s).empty());
  }
  SUBCASE("passing the goal also wins") {
    Lv l = lv1();
    l.goal = 5;
    const Rules R = make(start_row(3), {{"RE", 1}, {"C", 1}, {"CRE", 1}, {"F", 2}}, l);
    State s = initial_state(R);
    put(R, s, "RE", 0, -1, 0);
    act(R, s, "meeple road0 red");
    put(R, s, "C", 2, -1, 3);
    act(R, s, "meeple city0 green");
    put(R, s, "CRE", 1, -1, 1);
    act(R, s, "score 1 points");
    CHECK(s.outcome == Outcome::Ongoing);
    act(R, s, "score 0 points");
    CHECK(s.score == 6);
    CHECK(s.outcome == Outcome::Won);
    CHECK(s.phase == Phase::Over);
  }
  SUBCASE("win before the level 5 face-down tile of that turn") {
    Lv l = lv5();
    l.goal = 4;
    const Rules R = make(start_cities(1), {{"Y", 1}, {"C", 1}, {"F", 4}}, l);
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    act(R, s, "haunt 2 1");
    put(R, s, "C", 0, -1, 2);
    act(R, s, "meeple city0 red");
    const int before = pile_total(s);
    act(R, s, "score 0 points");
    CHECK(s.outcome == Outcome::Won);
    CHECK(s.face_down == 1);
    CHECK(pile_total(s) == before);
  }
  SUBCASE("the goal passed together with a hound: won, the hound is never placed, the pile stays") {
    Lv l = lv3(2, 50);
    l.goal = 4;
    const Rules R = make(start_cities(1), {{"C", 2}}, l);
    State s = initial_state(R);
    put(R, s, "C", 0, 1, 2);
    act(R, s, "meeple city0 blue");
    put(R, s, "C", 0, -1, 2);
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 points");
    CHECK(s.outcome == Outcome::Won);
    CHECK(s.phase == Phase::Over);
    CHECK(s.hounds_placed == 0);
    CHECK(s.active_end == 0);
  }
  SUBCASE("no final scoring: an unfinished city with a meeple adds nothing at the end") {
    const Rules R = make_exact(start_field(), {{"C", 1}}, lv1());
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 0);
    act(R, s, "meeple city0 red");
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::TilesOut);
    CHECK(s.score == 0);
  }
}
