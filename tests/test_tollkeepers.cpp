// The Tollkeepers (EXPANSIONS T1-T4, docs/versus.md) in the competitive engine: set-up, junctions,
// tolls in play and at the end, the tollhouse turned over under both readings of toll_flip.
#include <doctest/doctest.h>

#include "versus_helpers.h"

using namespace mists;
using namespace mists::vs;
using namespace mists::test::versus;

namespace {

VsRules tk_rules(int players, const std::vector<std::string>& sw = {}) {
  return game_rules(VsGame::Base, VS_TOLLKEEPERS, players, sw);
}

}  // namespace

TEST_CASE("T1.1 T4.2 The Tollkeepers' set-up: 10 land tiles (ids TK/01-TK/10), a tollhouse a seat, face 1, off the board") {
  const VsRules R = tk_rules(3);
  CHECK(R.tiles_in_play == 71 + 10);
  int travellers = 0, junctions = 0;
  for (int t = 0; t < R.n_land_types; ++t) {
    const VsType& T = R.types[size_t(t)];
    if (T.id.rfind(TOLL_PREFIX, 0) != 0) continue;
    for (int r = 0; r < T.n_regions; ++r) travellers += T.regions[size_t(r)].travellers;
    junctions += T.n_junctions;
  }
  CHECK(travellers == 8);
  CHECK(junctions == 4);  // 03, 04, 07, 08
  const VsState s = initial_state(R);
  for (int p = 0; p < 3; ++p) {
    CHECK(s.piece[size_t(p)].toll_tile == NO_TILE);
    CHECK(s.piece[size_t(p)].toll_face == 1);
  }
  CHECK(check(R, s).empty());
  // With GCC the prefix keeps the Mists tiles 01-10 apart from these.
  const VsRules G = game_rules(VsGame::Gcc, VS_TOLLKEEPERS, 2);
  CHECK(G.tiles_in_play == 131 + 10);
  CHECK(type_id(G, "TK/04") != type_id(G, "04"));
}

TEST_CASE("T2.2 E3 junctions: villages where 2-4 roads end; never a city, monastery or a single dead end") {
  const VsRules R = game_rules(VsGame::Base, VS_TOLLKEEPERS | VS_ABBEY_MAYOR, 2);
  auto junctions = [&](const std::string& id) { return int(R.types[size_t(type_id(R, id))].n_junctions); };
  CHECK(junctions("L") == 1);       // base game: three roads at a village
  CHECK(junctions("W") == 1);
  CHECK(junctions("X") == 1);
  CHECK(junctions("A") == 0);       // one road: a dead end
  CHECK(junctions("T") == 0);       // a road ending at a city
  CHECK(junctions("TK/08") == 1);   // two roads at a hamlet
  CHECK(junctions("TK/09") == 0);   // two roads ending at a monastery
  CHECK(junctions("AM/LRRRR") == 0);
  CHECK(junctions("AM/Rrr") == 0);  // one road branching, ending nowhere
  CHECK(R.types[size_t(type_id(R, "TK/08"))].junction[0] == 0b11);  // roads 0 and 1
}

TEST_CASE("T2.1 T3.1 T3.2 T3.4 toll_flip=end_of_turn: a finished road pays the tollhouse, with nobody on it; travellers turn it over") {
  const VsRules R = tk_rules(2);
  VsState s = initial_state(R);
  draw(R, s, "TK/04");
  act(R, s, "place 1 0 3");  // its travellers' road (north) turned west, onto the start road
  auto m = options_text(R, s);
  CHECK(has(m, "toll 1 0 0"));
  act(R, s, "toll 1 0 0");
  CHECK(s.piece[0].toll_tile != NO_TILE);
  CHECK(s.piece[0].toll_face == 1);
  // T4.1: unfinished roads at the junction pay 1 a sight at the end: travellers 1 + garden 1 + garden 1.
  CHECK(final_points(R, s)[0] == 3);
  CHECK(slow_recount(R, s).final_points == final_points(R, s));
  // Seat 1 closes the start road with A: no thief on it, the toll is paid all the same.
  turn(R, s, "A", "place -1 0 3");
  CHECK(s.score[0] == 3);  // face 1: 3 for the travellers, no other sight on that road
  CHECK(s.score[1] == 0);
  CHECK(s.stats[0].toll_points == 3);
  CHECK(s.piece[0].toll_face == 2);  // turned over at the end of the turn it collected in
  CHECK(s.piece[0].toll_flip == 0);
  CHECK(s.piece[0].toll_tile != NO_TILE);  // T1.1: it never goes home
  // T2.1: a move keeps the face; T2.2: anywhere on the board, not only on the new tile.
  draw(R, s, "U");
  act(R, s, "place 0 1 0");
  m = options_text(R, s);
  CHECK_FALSE(has(m, "toll 1 0 0"));  // where it stands
}

TEST_CASE("T3.4 toll_flip=owner_turn: turned over at the end of its owner's turn") {
  const VsRules R = tk_rules(2, {"toll_flip=owner_turn"});
  VsState s = initial_state(R);
  turn(R, s, "TK/04", "place 1 0 3", "toll 1 0 0");  // seat 0
  turn(R, s, "A", "place -1 0 3");                   // seat 1's turn pays seat 0
  CHECK(s.score[0] == 3);
  CHECK(s.piece[0].toll_face == 1);  // not yet
  CHECK(s.piece[0].toll_flip == 1);
  turn(R, s, "U", "place 0 1 0");    // seat 0's turn ends
  CHECK(s.piece[0].toll_face == 2);
  CHECK(s.piece[0].toll_flip == 0);
}

TEST_CASE("T3.3 a road with both ends at one junction pays once; a road between two tolled junctions pays both") {
  {
    const VsRules R = tk_rules(2);
    VsState s = initial_state(R);
    turn(R, s, "TK/04", "place 1 0 3", "toll 1 0 0");  // seat 0: north road (garden), east road (garden)
    turn(R, s, "V", "place 1 -1 3");
    turn(R, s, "V", "place 2 -1 0");
    turn(R, s, "V", "place 2 0 1");                    // closes the loop from the north road to the east road
    CHECK(s.score[0] == 2);                            // 1 a sight (two gardens), once
    CHECK(s.piece[0].toll_face == 1);                  // no travellers: not turned
  }
  {
    const VsRules R = tk_rules(2);
    VsState s = initial_state(R);
    turn(R, s, "TK/04", "place 1 0 3", "toll 1 0 0");  // seat 0
    draw(R, s, "TK/03");
    act(R, s, "place -1 0 0");                         // seat 1: its east road (travellers) ends the start road
    const auto m = options_text(R, s);
    CHECK(has(m, "toll -1 0 0"));
    CHECK_FALSE(has(m, "toll 1 0 0"));                 // T2.2: seat 0's tollhouse is there
    act(R, s, "toll -1 0 0");
    // The road between them: two groups of travellers, 3 each at face 1, to each tollhouse.
    CHECK(s.score[0] == 6);
    CHECK(s.score[1] == 6);
    CHECK(s.piece[0].toll_face == 2);
    CHECK(s.piece[1].toll_face == 2);
  }
}

TEST_CASE("T3.1 T3.3 a tollhouse turned to 2 pays double; several roads of its junction in one turn each pay at the turn's face") {
  const VsRules R = tk_rules(2);
  VsState s = initial_state(R);
  turn(R, s, "TK/04", "place 1 0 3", "toll 1 0 0");  // seat 0
  turn(R, s, "A", "place -1 0 3");                   // seat 1: 3 for seat 0, turned to 2
  REQUIRE(s.score[0] == 3);
  REQUIRE(s.piece[0].toll_face == 2);
  turn(R, s, "V", "place 1 -1 3");                   // seat 0
  turn(R, s, "V", "place 2 -1 0");                   // seat 1
  turn(R, s, "V", "place 2 0 1");                    // seat 0: the loop of two gardens at face 2
  CHECK(s.score[0] == 3 + 2 * 2);
}

TEST_CASE("T4.1 final scoring: 1 a sight of any kind on each unfinished road of the junction, whatever the face, a loop once") {
  const VsRules R = tk_rules(2);
  VsState s = initial_state(R);
  turn(R, s, "TK/04", "place 1 0 3", "toll 1 0 0");  // seat 0: roads west (travellers), north and east (a garden each), south
  CHECK(final_points(R, s)[0] == 1 + 1 + 1);         // the travellers count 1 at the end, not 3
  turn(R, s, "A", "place -1 0 3");                   // seat 1 finishes the west road: 3, turned to 2
  REQUIRE(s.score[0] == 3);
  REQUIRE(s.piece[0].toll_face == 2);
  CHECK(final_points(R, s)[0] == 1 + 1);             // face 2, still 1 a sight; the finished road pays nothing more
  turn(R, s, "V", "place 1 -1 3");                   // seat 0
  turn(R, s, "V", "place 2 -1 0");                   // seat 1: north and east roads are one road, open at (2, 0)
  CHECK(final_points(R, s)[0] == 2);                 // both its ends at the junction: its two gardens once
  CHECK(slow_recount(R, s).final_points == final_points(R, s));
  CHECK(s.score[0] == 3);
}
