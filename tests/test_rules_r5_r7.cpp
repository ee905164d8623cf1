// Rule-by-rule tests, docs/rules.md R5 (castles and cemeteries) to R7 (haunted cemeteries): one
// TEST_CASE per rule, on small hand-made boards (tests/rules_helpers.h). Coordinates are relative
// to the start tile's north-west cell, x east, y south; rotations are quarter turns clockwise.
#include <cstdio>

#include "rules_helpers.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::rh;

// =============================================================================================
// R5 Castles and cemeteries (levels 2+)
// =============================================================================================

TEST_CASE("R5.1 a castle finishes with all 8 neighbours; 2 points per misty tile, start cells one by one") {
  SUBCASE("castle beside the start tile: castle + NE cell + 2 mist tiles = 4 misty tiles, 8 points") {
    const Rules R = make(start_mists(), {{"KM", 1}, {"F", 4}, {"M1", 2}}, lv2());
    State s = initial_state(R);
    put(R, s, "KM", 2, 0, 0);  // west neighbours: the NE cell (misty) and the SE cell (clear)
    act(R, s, "meeple castle red");
    put(R, s, "F", 1, -1, 0);
    put(R, s, "M1", 2, -1, 0);  // misty, mist facing away from the castle
    put(R, s, "F", 3, -1, 0);
    put(R, s, "F", 3, 0, 0);
    put(R, s, "F", 3, 1, 0);
    CHECK(s.phase == Phase::Draw);  // 7 of 8 neighbours: not finished
    CHECK(s.score == 0);
    put(R, s, "M1", 2, 1, 2);  // the 8th neighbour
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 8);
    CHECK(s.supply[RED] == 3);
  }
  SUBCASE("official example: a castle whose only misty tile besides itself is one start cell scores 4") {
    const Rules R = make(start_mists(), {{"KM", 1}, {"F", 7}}, lv2());
    State s = initial_state(R);
    put(R, s, "KM", 2, 0, 2);  // mist south
    act(R, s, "meeple castle red");
    for (auto [x, y] : std::vector<std::pair<int, int>>{{1, -1}, {2, -1}, {3, -1}, {3, 0}, {3, 1}, {2, 1}}) {
      CHECK(s.phase == Phase::Draw);
      put(R, s, "F", x, y, 0);
    }
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 4);
  }
  SUBCASE("level 1: castles are never finished or scored") {
    const Rules R = make(start_field(), {{"K", 1}, {"F", 8}}, lv1());
    State s = initial_state(R);
    put(R, s, "K", 1, 0, 0);
    for (auto [x, y] : std::vector<std::pair<int, int>>{{1, -1}, {2, -1}, {2, 0}, {2, 1}, {1, 1}, {0, 1}, {0, -1}})
      put(R, s, "F", x, y, 0);
    CHECK(s.phase == Phase::Draw);
    CHECK(s.score == 0);
  }
}

TEST_CASE("R5.2 levels 2-4: a cemetery closes when its 4 orthogonal neighbours hold tiles") {
  const Rules R = make(start_field(), {{"Y", 1}, {"C", 1}, {"F", 6}, {"M1", 2}}, lv2());
  State s = initial_state(R);
  put(R, s, "Y", 1, 0, 0);
  put(R, s, "F", 0, -1, 0);
  put(R, s, "C", 1, -1, 0);
  act(R, s, "meeple city0 red");
  put(R, s, "F", 2, -1, 0);
  put(R, s, "F", 2, 0, 0);
  put(R, s, "F", 0, 1, 0);
  put(R, s, "F", 2, 1, 0);
  // 3 orthogonal and all 4 diagonal neighbours: still open, it takes the cemetery ghost.
  put(R, s, "M1", -1, 0, 3);
  REQUIRE(s.phase == Phase::CemeteryGhost);
  CHECK(options(R, s) == std::vector<std::string>{"cemetery 1 0"});
  act(R, s, "cemetery 1 0");
  CHECK(cemetery_ghosts(R, s, 1, 0) == 1);
  // The 4th orthogonal neighbour closes it.
  put(R, s, "F", 1, 1, 0);
  REQUIRE(s.phase == Phase::Bury);
  CHECK(options(R, s) == std::vector<std::string>{"bury 1 -1"});
  CHECK(cemetery_ghosts(R, s, 1, 0) == 0);  // its ghost went back to the supply (R5.3)
  act(R, s, "bury 1 -1");
  CHECK(s.phase == Phase::Draw);
  // Closed: it takes no more ghosts.
  put(R, s, "M1", -1, -1, 0);
  CHECK(s.phase == Phase::Draw);
  CHECK(s.ghosts_on_board == 2);
  check_ghost_total(R, s);
}

TEST_CASE("R5.3 a closing cemetery buries one meeple for good; from a supply if none is on the board") {
  SUBCASE("the team picks any meeple on the board; it never comes back") {
    const Rules R = make(start_field(), {{"Y", 1}, {"C", 3}, {"F", 3}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "C", 1, -1, 0);
    act(R, s, "meeple city0 red");
    put(R, s, "C", -1, 0, 3);
    act(R, s, "meeple city0 green");
    put(R, s, "F", 2, 0, 0);
    put(R, s, "F", 1, 1, 0);
    REQUIRE(s.phase == Phase::Bury);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"bury -1 0", "bury 1 -1"});
    act(R, s, "bury 1 -1");
    CHECK(meeples(s, R, MeepleAt::Buried, RED) == 1);
    CHECK(meeples(s, R, MeepleAt::Board, GREEN) == 1);
    // The buried meeple's city is finished later: nobody scores, red does not come back.
    put(R, s, "C", 1, -2, 2);
    act(R, s, "meeple none");
    CHECK(s.phase == Phase::Draw);
    CHECK(s.score == 0);
    CHECK(s.supply[RED] == 2);
    CHECK(meeples(s, R, MeepleAt::Buried, RED) == 1);
  }
  SUBCASE("no meeple on the board: the active player's own colour is buried from the supply") {
    const Rules R = make(start_field(), {{"Y", 1}, {"F", 3}}, lv2(), 2);
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);  // player 0
    put(R, s, "F", 1, -1, 0);  // player 1
    put(R, s, "F", 2, 0, 0);   // player 0
    REQUIRE(s.player == 1);
    put(R, s, "F", 1, 1, 0);  // player 1 closes the cemetery
    CHECK(s.phase == Phase::Draw);
    CHECK(s.supply[BLUE] == 2);
    CHECK(meeples(s, R, MeepleAt::Buried, BLUE) == 1);
    CHECK(meeples(s, R, MeepleAt::Buried) == 1);
    CHECK(s.supply[RED] == 3);
  }
  SUBCASE("one tile closing two cemeteries: two burials") {
    const Rules R = make(start_field(), {{"Y", 2}, {"C", 2}, {"F", 8}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "F", 0, -1, 0);
    put(R, s, "F", 0, -2, 0);
    put(R, s, "Y", 1, -2, 0);
    put(R, s, "C", -1, 0, 3);
    act(R, s, "meeple city0 red");
    put(R, s, "C", -1, -2, 3);
    act(R, s, "meeple city0 green");
    put(R, s, "F", 2, 0, 0);
    put(R, s, "F", 1, 1, 0);
    put(R, s, "F", 1, -3, 0);
    put(R, s, "F", 2, -2, 0);
    CHECK(s.phase == Phase::Draw);
    put(R, s, "F", 1, -1, 0);  // the last neighbour of both
    REQUIRE(s.phase == Phase::Bury);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"bury -1 -2", "bury -1 0"});
    act(R, s, "bury -1 0");
    REQUIRE(s.phase == Phase::Bury);
    CHECK(options(R, s) == std::vector<std::string>{"bury -1 -2"});
    act(R, s, "bury -1 -2");
    CHECK(s.phase == Phase::Draw);
    CHECK(meeples(s, R, MeepleAt::Buried) == 2);
  }
  SUBCASE("levels 2-4: the cemetery's ghosts return to the supply") {
    const Rules R = make(start_field(), {{"Y", 1}, {"M2", 2}, {"F", 3}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "M2", 0, -1, 0);
    act(R, s, "cemetery 1 0");
    put(R, s, "M2", 0, 1, 2);
    act(R, s, "cemetery 1 0");
    CHECK(cemetery_ghosts(R, s, 1, 0) == 2);
    CHECK(s.ghost_supply == 15 - 6);
    put(R, s, "F", 1, -1, 0);
    put(R, s, "F", 2, 0, 0);
    put(R, s, "F", 1, 1, 0);  // closes; no meeple anywhere: buried from the supply
    CHECK(cemetery_ghosts(R, s, 1, 0) == 0);
    CHECK(s.ghost_supply == 15 - 4);
    CHECK(meeples(s, R, MeepleAt::Buried) == 1);
    check_ghost_total(R, s);
  }
}

TEST_CASE("R5.4 levels 2-4: each time ghosts go on mist, 1 ghost on 1 open cemetery") {
  SUBCASE("two open cemeteries: the team picks one, only one ghost") {
    const Rules R = make(start_field(), {{"Y", 2}, {"M2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "Y", -1, 0, 0);
    put(R, s, "M2", 0, -1, 0);
    REQUIRE(s.phase == Phase::CemeteryGhost);
    CHECK(sorted(options(R, s)) == std::vector<std::string>{"cemetery -1 0", "cemetery 1 0"});
    act(R, s, "cemetery -1 0");
    CHECK(cemetery_ghosts(R, s, -1, 0) == 1);
    CHECK(cemetery_ghosts(R, s, 1, 0) == 0);
    CHECK(s.ghosts_on_board == 3);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("a tile that puts no ghost on mist puts none on a cemetery") {
    const Rules R = make(start_field(), {{"Y", 1}, {"MNS", 1}, {"MNE1", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    put(R, s, "MNS", 0, -1, 0);
    act(R, s, "cemetery 1 0");
    put(R, s, "MNE1", 0, -2, 1);  // expands with 1 symbol: 0 ghosts
    CHECK(s.phase == Phase::Draw);
    CHECK(cemetery_ghosts(R, s, 1, 0) == 1);
    CHECK(s.ghosts_on_board == 3);
  }
  SUBCASE("no open cemetery: no extra ghost") {
    const Rules R = make(start_field(), {{"M2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "M2", 0, -1, 0);
    CHECK(s.phase == Phase::Draw);
    CHECK(s.ghost_supply == 13);
  }
  SUBCASE("a misty cemetery placed this turn is open and can take the ghost itself") {
    const Rules R = make(start_field(), {{"YM2", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "YM2", 0, -1, 0);
    REQUIRE(s.phase == Phase::CemeteryGhost);
    CHECK(options(R, s) == std::vector<std::string>{"cemetery 0 -1"});
    act(R, s, "cemetery 0 -1");
    CHECK(ghosts_at(s, 0, -1) == 3);
    CHECK(cemetery_ghosts(R, s, 0, -1) == 1);
  }
  SUBCASE("levels 5-6: cemeteries take no ghosts") {
    const Rules R = make(start_field(), {{"Y", 1}, {"M2", 1}}, lv5());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    act(R, s, "haunt 2 0");
    put(R, s, "M2", 0, -1, 0);
    CHECK(s.phase == Phase::Haunt);  // straight past the ghosts to the face-down tile
    CHECK(cemetery_ghosts(R, s, 1, 0) == 0);
    CHECK(s.ghosts_on_board == 2);
  }
}

// =============================================================================================
// R6 Piles and hounds (levels 3+)
// =============================================================================================

TEST_CASE("R6.1 three piles of equal size; only the active pile is drawn from") {
  SUBCASE("the project levels 3-6: 3 piles of 20") {
    for (int level = 3; level <= 6; ++level) {
      CAPTURE(level);
      const Rules R = mists_rules(level, 2);
      const State s = initial_state(R);
      CHECK(R.pile_sizes == std::vector<int>{20, 20, 20});
      CHECK(s.pile_size[0] == 20);
      CHECK(s.pile_size[1] == 20);
      CHECK(s.pile_size[2] == 20);
      CHECK(tiles_left(s) == 20);
      CHECK(draw_segment(s) == 0);
    }
  }
  SUBCASE("7 tiles in 3 piles: 3 2 2, draws from the first") {
    const Rules R = make_exact(start_field(), {{"F", 7}}, lv3(1, 2));
    State s = initial_state(R);
    CHECK(R.pile_sizes == std::vector<int>{3, 2, 2});
    CHECK(tiles_left(s) == 3);
    put(R, s, "F", 1, 0, 0);
    put(R, s, "F", 2, 0, 0);
    CHECK(s.pile_size[0] == 1);
    CHECK(s.pile_size[1] == 2);
    CHECK(s.pile_size[2] == 2);
    CHECK(tiles_left(s) == 1);
  }
}

namespace {

// Level 3 with hound 1 at 4 points. Blue's meeple on a misty city cap at (0,-1) has around it: its
// own tile (2 ghosts), M3 (1,-1) 3 ghosts, M2 (-1,-1) 2 ghosts and the cemetery (1,0) 3 ghosts.
// Red's 2-tile city at (0,1)-(0,2) then scores 4 and hound 1 is reached: stops in Phase::Hound.
// 21 tiles: 3 piles of 7; 6 drawn from the first.
Rules hound_rules() {
  return make_exact(start_field(), {{"Y", 1}, {"CM2", 1}, {"M3", 1}, {"M2", 1}, {"C", 4}, {"F", 13}},
                    lv3(4, 50));
}

void hound_board(const Rules& R, State& s) {
  put(R, s, "Y", 1, 0, 0);
  put(R, s, "CM2", 0, -1, 0);
  act(R, s, "cemetery 1 0");
  act(R, s, "meeple city0 blue");
  put(R, s, "M3", 1, -1, 0);
  act(R, s, "cemetery 1 0");
  put(R, s, "M2", -1, -1, 0);
  act(R, s, "cemetery 1 0");
  put(R, s, "C", 0, 1, 2);
  act(R, s, "meeple city0 red");
  put(R, s, "C", 0, 2, 0);
  REQUIRE(s.phase == Phase::Score);
  act(R, s, "score 0 points");
  REQUIRE(s.score == 4);
  REQUIRE(s.phase == Phase::Hound);
}

}  // namespace

TEST_CASE("R6.2 a reached hound goes next to a meeple, clears 2 tiles around it, moves the pile") {
  SUBCASE("options: every pair of ghost tiles among the meeple's tile and its 8 neighbours") {
    const Rules R = hound_rules();
    State s = initial_state(R);
    hound_board(R, s);
    CHECK(s.hound[0] == HoundState::Reached);
    CHECK(s.ghosts_on_board == 10);
    CHECK(ghosts_at(s, 0, -1) == 2);
    CHECK(ghosts_at(s, 1, -1) == 3);
    CHECK(ghosts_at(s, -1, -1) == 2);
    CHECK(cemetery_ghosts(R, s, 1, 0) == 3);
    CHECK(sorted(options(R, s)) ==
          sorted({"hound 0 -1 1 0 0 -1", "hound 0 -1 1 0 1 -1", "hound 0 -1 1 0 -1 -1", "hound 0 -1 0 -1 1 -1",
                  "hound 0 -1 0 -1 -1 -1", "hound 0 -1 1 -1 -1 -1"}));
    // The hound may clear the cemetery and its own tile (official answers).
    act(R, s, "hound 0 -1 1 0 0 -1");
    CHECK(cemetery_ghosts(R, s, 1, 0) == 0);
    CHECK(ghosts_at(s, 0, -1) == 0);
    CHECK(ghosts_at(s, 1, -1) == 3);
    CHECK(ghosts_at(s, -1, -1) == 2);
    CHECK(s.ghosts_on_board == 5);
    CHECK(s.ghosts_removed_by_hounds == 5);
    CHECK(s.hound[0] == HoundState::WithMeeple);
    CHECK(s.hounds_placed == 1);
    // The rest of pile 1 (1 tile) lies on pile 2 (7): 8 tiles to draw, the rest first.
    CHECK(s.phase == Phase::Draw);
    CHECK(s.active_end == 1);
    CHECK(tiles_left(s) == 8);
    CHECK(draw_segment(s) == 0);
    check_ghost_total(R, s);
  }
  SUBCASE("no meeple on the board: the hound is lost, the piles still move on") {
    Lv l = lv3(4, 8);
    const Rules R = make_exact(start_cities(3), {{"C", 3}}, l);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 2);
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 points");
    CHECK(s.score == 4);
    CHECK(s.phase == Phase::Draw);
    CHECK(s.hound[0] == HoundState::Lost);
    CHECK(s.hounds_placed == 0);
    CHECK(s.active_end == 1);
    CHECK(tiles_left(s) == 1);
  }
  SUBCASE("both hounds passed at once: hound 1 then hound 2") {
    const Rules R = make_exact(start_cities(1), {{"C", 4}, {"M3", 1}, {"F", 4}}, lv3(2, 4));
    State s = initial_state(R);
    put(R, s, "C", 0, 1, 2);  // open city south
    act(R, s, "meeple city0 blue");
    put(R, s, "M3", 1, 1, 2);  // 3 ghosts next to blue
    put(R, s, "C", 0, -1, 2);  // finishes the start cell's city
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 points");
    REQUIRE(s.phase == Phase::Hound);
    CHECK(s.hound[0] == HoundState::Reached);
    CHECK(s.hound[1] == HoundState::Reached);
    CHECK(options(R, s) == std::vector<std::string>{"hound 0 1 1 1"});
    act(R, s, "hound 0 1 1 1");
    CHECK(s.hound[0] == HoundState::WithMeeple);
    CHECK(s.active_end == 1);
    REQUIRE(s.phase == Phase::Hound);  // hound 2 next; nothing left to clear
    CHECK(options(R, s) == std::vector<std::string>{"hound 0 1"});
    act(R, s, "hound 0 1");
    CHECK(s.hound[1] == HoundState::WithMeeple);
    CHECK(s.active_end == 2);
    CHECK(s.phase == Phase::Draw);
    CHECK(tiles_left(s) == 9 - 3);
  }
}

TEST_CASE("R6.3 the hound scores 1 point per ghost on the board when its meeple is scored; never swapped") {
  SUBCASE("points taken: feature + hound") {
    const Rules R = hound_rules();
    State s = initial_state(R);
    hound_board(R, s);
    act(R, s, "hound 0 -1 1 0 0 -1");
    put(R, s, "C", 0, -2, 2);  // finishes blue's city
    REQUIRE(s.phase == Phase::Score);
    // Only the feature's own choice: the hound's points are not an option.
    CHECK(sorted(options(R, s)) ==
          std::vector<std::string>{"score 0 ghosts -1 -1", "score 0 ghosts 1 -1", "score 0 points"});
    act(R, s, "score 0 points");
    CHECK(s.score == 4 + 4 + 5);
    CHECK(s.hound[0] == HoundState::Scored);
    CHECK(s.ghosts_on_board == 5);  // the hound's points remove nothing
  }
  SUBCASE("ghosts removed instead: the hound still scores, the ghosts left after the removal") {
    const Rules R = hound_rules();
    State s = initial_state(R);
    hound_board(R, s);
    act(R, s, "hound 0 -1 1 0 0 -1");
    put(R, s, "C", 0, -2, 2);
    act(R, s, "score 0 ghosts 1 -1");
    CHECK(s.score == 4 + 2);
    CHECK(s.hound[0] == HoundState::Scored);
    CHECK(s.ghosts_on_board == 2);
  }
  SUBCASE("the feature's points reach the goal: won before the hound scores (R4.5)") {
    Lv l = lv3(4, 50);
    l.goal = 8;
    const Rules R = make_exact(start_field(), {{"Y", 1}, {"CM2", 1}, {"M3", 1}, {"M2", 1}, {"C", 4}, {"F", 13}}, l);
    State s = initial_state(R);
    hound_board(R, s);
    act(R, s, "hound 0 -1 1 0 0 -1");
    put(R, s, "C", 0, -2, 2);
    act(R, s, "score 0 points");
    CHECK(s.outcome == Outcome::Won);
    CHECK(s.score == 8);
  }
  SUBCASE("a hound whose meeple is buried is lost") {
    const Rules R = hound_rules();
    State s = initial_state(R);
    hound_board(R, s);
    act(R, s, "hound 0 -1 1 0 0 -1");
    put(R, s, "F", 2, 0, 0);
    put(R, s, "F", 1, 1, 0);  // closes the cemetery at (1,0)
    REQUIRE(s.phase == Phase::Bury);
    CHECK(options(R, s) == std::vector<std::string>{"bury 0 -1"});
    act(R, s, "bury 0 -1");
    CHECK(s.hound[0] == HoundState::Lost);
    put(R, s, "C", 0, -2, 2);  // blue's city, now empty, is finished: nothing scores
    act(R, s, "meeple none");
    CHECK(s.score == 4);
  }
}

TEST_CASE("R6.4 loss when a tile must be drawn from an empty active pile: pile1/pile2 target, tiles out") {
  // Three start cells with a city each; each C tile finishes one for 4 points. 3 piles of 1.
  auto rules = [](int h1, int h2, int goal) {
    Lv l = lv3(h1, h2);
    l.goal = goal;
    return make_exact(start_cities(3), {{"C", 3}}, l);
  };
  auto score_city = [](const Rules& R, State& s, int x) {
    put(R, s, "C", x, -1, 2);
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 points");
  };
  SUBCASE("pile 1 runs out before hound 1: pile1_target") {
    const Rules R = rules(5, 50, 100);
    State s = initial_state(R);
    score_city(R, s, 0);
    CHECK(s.score == 4);
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::Pile1Target);
  }
  SUBCASE("pile 2 runs out before hound 2: pile2_target") {
    const Rules R = rules(4, 9, 100);
    State s = initial_state(R);
    score_city(R, s, 0);
    CHECK(s.outcome == Outcome::Ongoing);
    score_city(R, s, 1);
    CHECK(s.score == 8);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::Pile2Target);
  }
  SUBCASE("the last pile runs out before the goal: tiles_out") {
    const Rules R = rules(4, 8, 100);
    State s = initial_state(R);
    score_city(R, s, 0);
    score_city(R, s, 1);
    score_city(R, s, 2);
    CHECK(s.score == 12);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::TilesOut);
  }
  SUBCASE("reaching the goal with the last tile wins: the win comes first") {
    const Rules R = rules(4, 8, 12);
    State s = initial_state(R);
    score_city(R, s, 0);
    score_city(R, s, 1);
    score_city(R, s, 2);
    CHECK(s.outcome == Outcome::Won);
    CHECK(s.cause == LossCause::None);
  }
  SUBCASE("levels 1-2: the single supply runs out: tiles_out") {
    const Rules R = make_exact(start_field(), {{"F", 2}}, lv2());
    State s = initial_state(R);
    put(R, s, "F", 1, 0, 0);
    CHECK(s.outcome == Outcome::Ongoing);
    put(R, s, "F", 2, 0, 0);
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::TilesOut);
  }
  SUBCASE("levels 5-6: the face-down tile cannot be drawn: lost") {
    const Rules R = make_exact(start_field(), {{"Y", 1}}, lv5());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    CHECK(s.phase == Phase::Over);
    CHECK(s.outcome == Outcome::Lost);
    CHECK(s.cause == LossCause::TilesOut);
  }
}

// =============================================================================================
// R7 Haunted cemeteries (levels 5-6)
// =============================================================================================

TEST_CASE("R7.1 levels 5-6: a cemetery closes with all 8 surrounding cells, face-down ones included") {
  const Rules R = make(start_field(), {{"Y", 1}, {"C", 1}, {"M1", 1}, {"F", 6}}, lv5());
  State s = initial_state(R);
  put(R, s, "Y", 1, 0, 0);
  REQUIRE(s.phase == Phase::Haunt);
  act(R, s, "haunt 1 1");
  put(R, s, "C", 0, -1, 0);
  act(R, s, "meeple city0 red");
  act(R, s, "haunt 2 0");
  // The 4th orthogonal neighbour: still open (no burial, another face-down tile), and the mist
  // ghost puts no ghost on the cemetery.
  put(R, s, "M1", 1, -1, 0);
  REQUIRE(s.phase == Phase::Haunt);
  CHECK(cemetery_ghosts(R, s, 1, 0) == 0);
  CHECK(ghosts_at(s, 1, -1) == 1);
  act(R, s, "haunt 0 1");
  put(R, s, "F", 2, -1, 0);
  REQUIRE(s.phase == Phase::Haunt);
  CHECK(options(R, s) == std::vector<std::string>{"haunt 2 1"});
  act(R, s, "haunt 2 1");  // the face-down tile fills the 8th cell and closes the cemetery
  REQUIRE(s.phase == Phase::Bury);
  CHECK(options(R, s) == std::vector<std::string>{"bury 0 -1"});
  act(R, s, "bury 0 -1");
  CHECK(meeples(s, R, MeepleAt::Buried, RED) == 1);
  CHECK(s.phase == Phase::Draw);
  CHECK(s.face_down == 4);
  // Closed: no more face-down tiles.
  put(R, s, "F", -1, 0, 0);
  CHECK(s.phase == Phase::Draw);
  CHECK(s.face_down == 4);
}

TEST_CASE("R7.2 levels 5-6: a new cemetery puts 1 ghost on each misty tile among its 8 neighbours") {
  SUBCASE("finished mist too, start cells one by one, clear tiles none") {
    const Rules R = make(start_mists(), {{"M1", 1}, {"Y", 1}}, lv5());
    State s = initial_state(R);
    put(R, s, "M1", 2, 0, 3);  // mist west finishes the NE cell's bank
    CHECK(ghosts_at(s, 1, 0) == 0);
    CHECK(ghosts_at(s, 2, 0) == 0);
    CHECK(s.ghosts_on_board == 2);
    put(R, s, "Y", 2, 1, 0);  // neighbours: NE cell (misty), M1 (misty), SE cell (clear)
    CHECK(ghosts_at(s, 1, 0) == 1);
    CHECK(ghosts_at(s, 2, 0) == 1);
    CHECK(ghosts_at(s, 1, 1) == 0);
    CHECK(ghosts_at(s, 0, 1) == 2);  // not a neighbour
    CHECK(s.ghosts_on_board == 4);
    CHECK(s.phase == Phase::Haunt);
    check_ghost_total(R, s);
  }
  SUBCASE("on a tile with two mist areas the team chooses the area; one-area tiles take theirs unasked") {
    // M12: mist0 north (1 symbol), mist1 south (2 symbols); M1 a mist cap with 1.
    for (const FinishGhosts fg : {FinishGhosts::None, FinishGhosts::OtherAreas}) {
      CAPTURE(switch_value(fg));
      Switches sw;
      sw.finish_ghosts = fg;
      const Rules R = make(start_field(), {{"M12", 1}, {"M1", 1}, {"Y", 1}}, lv5(), 1, sw);
      State s = initial_state(R);
      put(R, s, "M12", 0, -1, 0);  // fresh: 1 + 2 ghosts
      put(R, s, "M1", 1, 0, 1);    // fresh mist cap facing east: 1 ghost
      CHECK(s.ghosts_on_board == 4);
      put(R, s, "Y", 1, -1, 0);    // neighbours: M1 south (one area, first in ring order), M12 west (two areas)
      REQUIRE(s.phase == Phase::GhostArea);
      CHECK(options(R, s) == std::vector<std::string>{"ghost-area 0 -1 mist0", "ghost-area 0 -1 mist1"});
      State t = s;
      act(R, s, "ghost-area 0 -1 mist1");
      CHECK(mist_ghosts(R, s, 0, -1, 0) == 1);
      CHECK(mist_ghosts(R, s, 0, -1, 1) == 3);
      CHECK(ghosts_at(s, 1, 0) == 2);
      CHECK(s.phase == Phase::Haunt);
      act(R, t, "ghost-area 0 -1 mist0");
      CHECK(mist_ghosts(R, t, 0, -1, 0) == 2);
      CHECK(mist_ghosts(R, t, 0, -1, 1) == 2);
      CHECK(ghosts_at(t, 1, 0) == 2);
      check_ghost_total(R, s);
      check_ghost_total(R, t);
    }
  }
  SUBCASE("level 2 does not") {
    const Rules R = make(start_mists(), {{"M1", 1}, {"Y", 1}}, lv2());
    State s = initial_state(R);
    put(R, s, "M1", 2, 0, 3);
    put(R, s, "Y", 2, 1, 0);
    CHECK(ghosts_at(s, 1, 0) == 0);
    CHECK(ghosts_at(s, 2, 0) == 0);
    CHECK(s.ghosts_on_board == 2);
  }
}

TEST_CASE("R7.3 each turn with an open cemetery ends with one unseen tile face down beside it") {
  SUBCASE("haunted_adjacency eight: any of the empty cells around the cemetery") {
    const Rules R = make(start_field(), {{"Y", 2}, {"F", 2}}, lv5());
    State s = initial_state(R);
    const int unseen = unseen_total(R, s), piles = pile_total(s);
    put(R, s, "Y", 1, 0, 0);
    REQUIRE(s.phase == Phase::Haunt);
    CHECK(sorted(options(R, s)) == sorted({"haunt 1 -1", "haunt 2 -1", "haunt 2 0", "haunt 2 1", "haunt 1 1",
                                           "haunt 0 1", "haunt 0 -1"}));
    act(R, s, "haunt 2 1");
    CHECK(s.face_down == 1);
    CHECK(tile_at(s, 2, 1) >= 0);
    CHECK(s.tiles[tile_at(s, 2, 1)].face_down());
    CHECK(pile_total(s) == piles - 2);          // one face-up draw, one face-down draw
    CHECK(unseen_total(R, s) == unseen - 1);    // the face-down tile stays unknown to the team
    CHECK(s.phase == Phase::Draw);              // one per turn
    // A second open cemetery: still one face-down tile per turn.
    put(R, s, "Y", -1, 0, 0);
    REQUIRE(s.phase == Phase::Haunt);
    CHECK(options(R, s).size() == 6 + 7 - 2);  // (0,-1) and (0,1) are next to both
    act(R, s, "haunt -2 0");
    CHECK(s.face_down == 2);
    CHECK(s.phase == Phase::Draw);
  }
  SUBCASE("haunted_adjacency four: only the orthogonal cells") {
    Switches sw;
    sw.haunted_adjacency = HauntedAdjacency::Four;
    const Rules R = make(start_field(), {{"Y", 1}}, lv5(), 1, sw);
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    CHECK(sorted(options(R, s)) == sorted({"haunt 1 -1", "haunt 2 0", "haunt 1 1"}));
  }
  SUBCASE("no open cemetery: no face-down tile") {
    const Rules R = make(start_field(), {{"F", 2}}, lv5());
    State s = initial_state(R);
    put(R, s, "F", 1, 0, 0);
    CHECK(s.phase == Phase::Draw);
    CHECK(s.face_down == 0);
  }
}

TEST_CASE("R7.4 a face-down tile matches any side, finishes nothing but cemeteries, haunts what it touches") {
  SUBCASE("filling the last open side of a city or a mist bank finishes nothing") {
    const Rules R = make(start_field(), {{"Y", 1}, {"C", 1}, {"M2", 1}}, lv5());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    act(R, s, "haunt 2 1");
    put(R, s, "C", 0, -1, 1);  // city east, its only open side faces (1,-1)
    act(R, s, "meeple city0 red");
    act(R, s, "haunt 1 -1");
    CHECK(s.phase == Phase::Draw);
    CHECK(s.score == 0);
    CHECK(meeples(s, R, MeepleAt::Board, RED) == 1);
    put(R, s, "M2", 0, 1, 1);  // mist east, its only open side faces (1,1)
    CHECK(ghosts_at(s, 0, 1) == 2);
    act(R, s, "haunt 1 1");
    CHECK(ghosts_at(s, 0, 1) == 2);
    CHECK(s.ghosts_removed_by_mist == 0);
  }
  SUBCASE("a castle with a face-down tile among its 8 neighbours never finishes") {
    const Rules R = make(start_field(), {{"Y", 1}, {"C", 1}, {"K", 1}, {"F", 6}}, lv5());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    act(R, s, "haunt 2 0");  // in the castle's future ring
    put(R, s, "C", -1, 0, 3);
    act(R, s, "meeple city0 green");
    act(R, s, "haunt 0 1");
    put(R, s, "K", 1, -1, 0);
    act(R, s, "meeple castle red");
    act(R, s, "haunt 2 1");
    put(R, s, "F", 0, -1, 0);
    act(R, s, "haunt 1 1");
    put(R, s, "F", 2, -1, 0);  // closes the cemetery
    REQUIRE(s.phase == Phase::Bury);
    act(R, s, "bury -1 0");
    put(R, s, "F", 0, -2, 0);
    put(R, s, "F", 1, -2, 0);
    put(R, s, "F", 2, -2, 0);  // all 8 cells around the castle hold tiles
    CHECK(s.phase == Phase::Draw);
    CHECK(s.score == 0);
    CHECK(meeples(s, R, MeepleAt::Board, RED) == 1);
  }
  SUBCASE("the same when the face-down tile comes after the castle") {
    const Rules R = make(start_field(), {{"Y", 1}, {"C", 1}, {"K", 1}, {"F", 6}}, lv5());
    State s = initial_state(R);
    put(R, s, "Y", 1, 0, 0);
    act(R, s, "haunt 0 1");
    put(R, s, "C", -1, 0, 3);
    act(R, s, "meeple city0 green");
    act(R, s, "haunt 1 1");
    put(R, s, "K", 1, -1, 0);
    act(R, s, "meeple castle red");
    act(R, s, "haunt 2 0");  // into the castle's ring
    put(R, s, "F", 0, -1, 0);
    act(R, s, "haunt 2 1");
    put(R, s, "F", 2, -1, 0);  // closes the cemetery
    REQUIRE(s.phase == Phase::Bury);
    act(R, s, "bury -1 0");
    put(R, s, "F", 0, -2, 0);
    put(R, s, "F", 1, -2, 0);
    put(R, s, "F", 2, -2, 0);
    CHECK(s.phase == Phase::Draw);
    CHECK(s.score == 0);
    CHECK(meeples(s, R, MeepleAt::Board, RED) == 1);
  }
  SUBCASE("level 2 comparison: the same castle without face-down tiles finishes") {
    const Rules R = make(start_field(), {{"K", 1}, {"F", 8}}, lv2());
    State s = initial_state(R);
    put(R, s, "K", 0, -1, 0);
    act(R, s, "meeple castle red");
    for (auto [x, y] : std::vector<std::pair<int, int>>{{1, 0}, {1, -1}, {-1, 0}, {-1, -1}, {-1, -2}, {0, -2}})
      put(R, s, "F", x, y, 0);
    CHECK(s.phase == Phase::Draw);
    put(R, s, "F", 1, -2, 0);
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.score == 0);  // no misty tile around: 0 points, but finished and scored
    CHECK(s.supply[RED] == 3);
  }
}

TEST_CASE("R7.5 a face-up tile may touch face-down tiles only if it also touches a face-up tile") {
  const Rules R = make(start_field(), {{"Y", 1}, {"C", 2}}, lv5());
  State s = initial_state(R);
  put(R, s, "Y", 1, 0, 0);
  act(R, s, "haunt 2 1");
  apply_draw(R, s, type_of(R, "C"));
  const auto o = options(R, s);
  CHECK(count_prefix(o, "place 3 1 ") == 0);  // touches the face-down tile only
  CHECK(count_prefix(o, "place 2 2 ") == 0);
  CHECK(has(o, "place 2 0 2"));  // city south against the face-down tile, field west against the cemetery
  CHECK(has(o, "place 1 1 1"));  // city east against the face-down tile
  CHECK_FALSE(has(o, "place 2 0 3"));  // city west against the cemetery's field
  for (const auto& x : o) {
    int px = 0, py = 0, rot = 0;
    REQUIRE(std::sscanf(x.c_str(), "place %d %d %d", &px, &py, &rot) == 3);
    bool face_up_nb = false;
    for (int d = 0; d < 4; ++d) {
      const int t = tile_at(s, px + DX[d], py + DY[d]);
      face_up_nb |= t >= 0 && !s.tiles[t].face_down();
    }
    CHECK_MESSAGE(face_up_nb, x);
  }
}

TEST_CASE("R7.6 level 6: a score per colour; hounds and goal when the last colour gets there") {
  SUBCASE("meeples: 3-5 players 4 each, 1-2 players 4 colours x 3") {
    for (int players = 1; players <= 5; ++players) {
      CAPTURE(players);
      const Rules R = mists_rules(6, players);
      const int colours = players <= 2 ? 4 : players;
      const int per = players <= 2 ? 3 : 4;
      CHECK(R.n_colours == colours);
      CHECK(R.n_meeples == colours * per);
      const State s = initial_state(R);
      for (int c = 0; c < colours; ++c) CHECK(s.supply[c] == per);
    }
  }
  Lv l;
  l.level = 6;
  l.per_colour = true;
  SUBCASE("the goal: won only when the last colour reaches it") {
    l.goal = 4;
    const Rules R = make(start_cities(3), {{"C", 3}}, l, 3);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 2);
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 points");
    CHECK(s.colour_score[RED] == 4);
    CHECK(s.score == 0);
    CHECK(progress(R, s) == 0);
    CHECK(s.outcome == Outcome::Ongoing);
    put(R, s, "C", 1, -1, 2);
    act(R, s, "meeple city0 green");
    act(R, s, "score 0 points");
    CHECK(s.outcome == Outcome::Ongoing);
    put(R, s, "C", 2, -1, 2);
    act(R, s, "meeple city0 blue");
    act(R, s, "score 0 points");
    CHECK(progress(R, s) == 4);
    CHECK(s.outcome == Outcome::Won);
  }
  SUBCASE("the hound: reached by the last colour; its points go to its meeple's colour") {
    l.piles = 2;
    l.hound1 = 4;
    l.goal = 100;
    const Rules R = make(start_cities(4), {{"C", 6}, {"M3", 1}, {"F", 9}}, l, 3);
    State s = initial_state(R);
    put(R, s, "C", 0, -1, 2);  // red
    act(R, s, "meeple city0 red");
    act(R, s, "score 0 points");
    put(R, s, "C", 1, -1, 2);  // green
    act(R, s, "meeple city0 green");
    act(R, s, "score 0 points");
    CHECK(s.hound[0] == HoundState::Waiting);  // red and green have 4, blue 0
    put(R, s, "C", 0, 1, 2);  // blue: an open city south
    act(R, s, "meeple city0 blue");
    put(R, s, "M3", 3, 1, 2);  // red: 3 ghosts, far from blue
    put(R, s, "F", -1, 0, 0);  // green
    put(R, s, "C", 2, -1, 2);  // blue finishes a city: every colour has 4
    act(R, s, "meeple city0 blue");
    act(R, s, "score 0 points");
    REQUIRE(s.phase == Phase::Hound);
    CHECK(options(R, s) == std::vector<std::string>{"hound 0 1"});
    act(R, s, "hound 0 1");
    CHECK(s.phase == Phase::Draw);
    CHECK(s.player == 0);
    put(R, s, "C", 0, 2, 0);  // red finishes blue's city
    REQUIRE(s.phase == Phase::Score);
    act(R, s, "score 0 points");
    CHECK(s.colour_score[BLUE] == 4 + 4 + 3);
    CHECK(s.colour_score[RED] == 4);
    CHECK(s.colour_score[GREEN] == 4);
    CHECK(s.hound[0] == HoundState::Scored);
  }
}
