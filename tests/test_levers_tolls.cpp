// The co-op lever CT (docs/rules.md C): tollhouses (coop_tolls, coop_toll_tiles, coop_toll_mist,
// coop_toll_basis), one TEST_CASE per rule on small hand-made boards (tests/rules_helpers.h: TJ, a
// junction of three village roads with travellers east and brigands south and west; TS, TN
// straight roads with and without a farmhouse). Coordinates relative to the start tile's first cell.
#include <algorithm>
#include <map>

#include "rules_helpers.h"
#include "solver/agents.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::rh;

namespace {

// TJ turned a half turn at (0, -1): its roads leave west (travellers, road0), north (brigands,
// road1) and east (brigands, road2); its south side is field, against the start cell.
void put_junction(const Rules& R, State& s) { put(R, s, "T/TJ", 0, -1, 2); }

int toll_face(const State& s, int k) { return s.tolls[size_t(k)].face; }

}  // namespace

TEST_CASE("CT1 coop_tolls: per_colour one tollhouse a colour in play, team:N; coop_toll_tiles replace, add, none") {
  SUBCASE("the pieces") {
    const Rules R = make_levers(start_field(), {{"F", 2}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=none", 3);
    CHECK(R.tolls == 3);
    const State s = initial_state(R);
    for (int k = 0; k < 3; ++k) {
      CHECK(s.tolls[size_t(k)].colour == k);
      CHECK(s.tolls[size_t(k)].tile == NO_TILE);
      CHECK(s.tolls[size_t(k)].face == 1);
    }
    CHECK(make_levers(start_field(), {{"F", 2}}, lv1(), "coop_tolls=team:2+coop_toll_tiles=none", 5).tolls == 2);
    CHECK(make_levers(start_field(), {{"F", 2}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=none", 1).tolls == 4);
  }
  SUBCASE("replace: the Tollkeepers tiles take the places of as many plain tiles, set aside in view") {
    const Rules off = mists_rules(3, 2);
    const Rules R = mists_rules_levers(3, 2, parse_levers("coop_tolls=per_colour", "test"));
    CHECK(R.tiles_in_play == 60);
    CHECK(R.pile_sizes == std::vector<int>{20, 20, 20});
    CHECK(R.toll_replace == 10);
    CHECK(R.n_land_types == R.n_base_types + 10);
    CHECK(R.types[size_t(R.n_base_types)].id == "T/01");  // ids of the Tollkeepers tiles: T/<id>
    for (uint64_t g = 0; g < 20; ++g) {
      const Deal base = seeded_deal(off, 7, g), d = seeded_deal(R, 7, g);
      REQUIRE(d.set_aside.size() == 10);
      // Common random numbers: every tile that was not set aside keeps its place in the piles.
      int tolls = 0, ghosts_base = 0, ghosts = 0;
      for (size_t k = 0; k < 3; ++k)
        for (size_t i = 0; i < 20; ++i) {
          const int t = d.piles[k][i], b = base.piles[k][i];
          ghosts_base += R.types[size_t(b)].spec->ghost_symbols();
          ghosts += R.types[size_t(t)].spec->ghost_symbols();
          if (R.types[size_t(t)].toll_tile) {
            ++tolls;
            const TileType& gone = R.types[size_t(b)];
            CHECK((!gone.misty && gone.castle < 0 && gone.cemetery < 0));  // a mist-free tile, neither castle nor cemetery
          } else {
            CHECK(t == b);
          }
        }
      CHECK(tolls == 10);
      CHECK(ghosts == ghosts_base);  // ghost symbols unchanged
      const State s = initial_state(R, d);
      CHECK(s.set_aside == 10);
      CHECK(check(R, s).empty());
    }
  }
  SUBCASE("add: 10 more tiles, piles as equal as possible with the first ones larger; the others keep their order") {
    const Rules off = mists_rules(3, 2);
    const Rules R = mists_rules_levers(3, 2, parse_levers("coop_tolls=per_colour+coop_toll_tiles=add", "test"));
    CHECK(R.tiles_in_play == 70);
    CHECK(R.pile_sizes == std::vector<int>{24, 23, 23});
    const Deal base = seeded_deal(off, 3, 0), d = seeded_deal(R, 3, 0);
    std::vector<int> a, b;
    for (const auto& pile : base.piles) a.insert(a.end(), pile.begin(), pile.end());
    for (const auto& pile : d.piles)
      for (int t : pile)
        if (!R.types[size_t(t)].toll_tile) b.push_back(t);
    CHECK(a == b);
    CHECK(d.set_aside.empty());
  }
  SUBCASE("none: no new tile; the tollhouses go on the base tiles' junctions") {
    const Rules R = make_levers(start_field(), {{"RE", 2}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=none");
    CHECK(R.n_land_types == R.n_base_types);
    CHECK(R.tiles_in_play == 8);
  }
}

TEST_CASE("CT2 instead of a meeple: a tollhouse onto a free junction anywhere, new (face 1) or moved (face kept); coop_toll_mist allowed or forbidden") {
  const Rules R = make_levers(start_field(), {{"RE", 2}, {"MJ", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add", 2, {}, 6);
  State s = initial_state(R);
  put_junction(R, s);
  auto o = options(R, s);
  // Player 0 (red, green): a meeple on one of the three roads, or the tollhouse of red or green.
  CHECK(has(o, "meeple road0 red"));
  CHECK(has(o, "toll 0 -1 j0 red"));
  CHECK(has(o, "toll 0 -1 j0 green"));
  CHECK_FALSE(has(o, "toll 0 -1 j0 blue"));
  act(R, s, "toll 0 -1 j0 red");
  CHECK(s.tolls[RED].tile == tile_at(s, 0, -1));
  CHECK(meeples(s, R, MeepleAt::Board) == 0);  // no meeple as well: the tollhouse was instead
  // A junction of the base catalog (E3.2: three village roads) under mist on one road: allowed.
  put(R, s, "MJ", 0, 1, 0);  // player 1: roads E (misty), S, W; its north side field against the start
  o = options(R, s);
  CHECK(has(o, "toll 0 1 j0 blue"));
  CHECK_FALSE(has(o, "toll 0 -1 j0 blue"));  // taken
  act(R, s, "meeple none");
  // Player 0 moves red's tollhouse (the new tile is a plain field: no meeple, only the move).
  put(R, s, "P", -1, 0, 0);
  o = options(R, s);
  CHECK(has(o, "toll 0 1 j0 from 0 -1 j0"));
  s.tolls[RED].face = 2;  // as if it had flipped: a move keeps the face
  act(R, s, "toll 0 1 j0 from 0 -1 j0");
  CHECK(s.tolls[RED].tile == tile_at(s, 0, 1));
  CHECK(toll_face(s, RED) == 2);
  SUBCASE("coop_toll_mist = forbidden: not onto a junction with a misty road") {
    const Rules F = make_levers(start_field(), {{"MJ", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add+coop_toll_mist=forbidden", 1);
    State t = initial_state(F);
    put(F, t, "MJ", 0, 1, 0);
    CHECK(has(options(F, t), "meeple road1 red"));
    CHECK(count_prefix(options(F, t), "toll ") == 0);
  }
  SUBCASE("team:1: any player may use it; a new one in the player's first colour off level 6") {
    const Rules T = make_levers(start_field(), {{"F", 1}}, lv1(), "coop_tolls=team:1+coop_toll_tiles=add", 2, {}, 6, toll_catalog());
    State t = initial_state(T);
    put(T, t, "T/TJ", 0, -1, 2);
    CHECK(count_prefix(options(T, t), "toll ") == 1);
    CHECK(has(options(T, t), "toll 0 -1 j0 red"));
  }
}

TEST_CASE("CT3 a finished road ending at a tollhouse's junction pays it: a scoring of its own, points or 3 ghosts") {
  const Rules R = make_levers(start_field(), {{"RE", 3}, {"M1", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add", 1);
  State s = initial_state(R);
  put_junction(R, s);
  act(R, s, "toll 0 -1 j0 red");
  put(R, s, "M1", 0, 1, 2);  // a ghost on the board
  // The west road (travellers: 3 at face 1) ends at a village on RE: finished, no meeple in it.
  put(R, s, "RE", -1, -1, 0);
  act(R, s, "meeple none");
  REQUIRE(s.phase == Phase::Score);
  // Scoring 0 is the finished road itself (no meeple: no choice, R4.1); 1 is its toll.
  CHECK(sorted(options(R, s)) == std::vector<std::string>{"score 1 ghosts 0 1", "score 1 points"});
  act(R, s, "score 1 points");
  CHECK(s.score == 3);
}

TEST_CASE("CT3 a toll worth 0 is no scoring: a junction of the base tiles, a road without sights") {
  const Rules R = make_levers(start_field(), {{"MJ", 1}, {"RE", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=none", 1);
  State s = initial_state(R);
  put(R, s, "MJ", 0, 1, 0);
  act(R, s, "toll 0 1 j0 red");
  put(R, s, "RE", -1, 1, 0);  // finishes MJ's west road: no sight, no meeple
  act(R, s, "meeple none");
  CHECK(s.phase == Phase::Draw);  // nothing to score
  CHECK(s.score == 0);
}

TEST_CASE("CT3 a road with both ends at one tollhouse pays once; a road between two tolled junctions pays both") {
  SUBCASE("a loop from the west road back into the north road") {
    const Rules R = make_levers(start_field(), {{"RC", 3}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add", 1);
    State s = initial_state(R);
    put_junction(R, s);
    act(R, s, "toll 0 -1 j0 red");
    put(R, s, "RC", -1, -1, 3);  // east and north
    act(R, s, "meeple none");
    put(R, s, "RC", -1, -2, 0);  // east and south
    act(R, s, "meeple none");
    put(R, s, "RC", 0, -2, 1);   // south and west: the loop closes at the junction
    act(R, s, "meeple none");
    REQUIRE(s.phase == Phase::Score);
    CHECK(options(R, s) == std::vector<std::string>{"score 1 points"});  // one toll
    act(R, s, "score 1 points");
    CHECK(s.score == 3 + 1);  // travellers 3 + brigands 1, each counted once
  }
  SUBCASE("two junctions joined by a straight road, a tollhouse on each (the second placed this turn)") {
    const Rules R = make_levers(start_field(), {{"RS", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add", 1, {}, 6, toll_catalog(2));
    State s = initial_state(R);
    put_junction(R, s);
    act(R, s, "toll 0 -1 j0 red");
    put(R, s, "RS", -1, -1, 0);
    act(R, s, "meeple none");
    put(R, s, "T/TJ", -2, -1, 0);  // its east road (travellers) meets the straight road: finished
    act(R, s, "toll -2 -1 j0 green");
    REQUIRE(s.phase == Phase::Score);
    CHECK(options(R, s).size() == 2);
    finish_turn(R, s);
    CHECK(s.score == 2 * (3 + 3));  // each tollhouse: the travellers of both TJ roads, 3 + 3
  }
}

TEST_CASE("CT3 coop_toll_new: a tollhouse placed or moved this turn collects this turn's tolls (collects) or from the next turn (waits)") {
  for (const char* knob : {"collects", "waits"}) {
    const Rules R = make_levers(start_field(), {{"RE", 1}}, lv1(), std::string("coop_tolls=per_colour+coop_toll_tiles=add+coop_toll_new=") + knob, 1);
    State s = initial_state(R);
    put_junction(R, s);
    act(R, s, "meeple none");
    put(R, s, "RE", -1, -1, 0);  // finishes the travellers' road; the tollhouse goes on the junction in this turn
    act(R, s, "toll 0 -1 j0 red");
    finish_turn(R, s);
    CAPTURE(knob);
    CHECK(s.score == (std::string(knob) == "collects" ? 3 : 0));
  }
}

TEST_CASE("CT4 a tollhouse that collected travellers turns over at the end of the turn, points or ghosts alike") {
  const Rules R = make_levers(start_field(), {{"RE", 3}, {"M1", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add", 1);
  State s = initial_state(R);
  put_junction(R, s);
  act(R, s, "toll 0 -1 j0 red");
  put(R, s, "M1", 0, 1, 2);
  put(R, s, "RE", -1, -1, 0);  // the travellers' road
  act(R, s, "meeple none");
  CHECK(toll_face(s, RED) == 1);
  act(R, s, "score 1 ghosts 0 1");
  CHECK(toll_face(s, RED) == 2);  // flipped at the end of that turn
  put(R, s, "RE", 1, -1, 2);  // brigands only: 1 point a sight at face 2, no flip
  act(R, s, "meeple none");
  act(R, s, "score 1 points");
  CHECK(s.score == 2);
  CHECK(toll_face(s, RED) == 2);
}

TEST_CASE("CT5 a tollhouse is no meeple: never buried, no hound, no joint scoring; level 6: points to its colour") {
  Lv l6 = lv1();
  l6.per_colour = true;
  const Rules R = make_levers(start_field(), {{"RE", 2}}, l6, "coop_tolls=per_colour+coop_toll_tiles=add", 1);
  State s = initial_state(R);
  put_junction(R, s);
  act(R, s, "toll 0 -1 j0 yellow");
  CHECK(meeples(s, R, MeepleAt::Board) == 0);
  put(R, s, "RE", -1, -1, 0);
  act(R, s, "meeple none");
  act(R, s, "score 1 points");
  CHECK(s.colour_score[YELLOW] == 3);
  CHECK(s.colour_score[RED] == 0);
}

TEST_CASE("CT6 coop_toll_basis: sights (catalog sights) or misty_tiles (face points per misty tile; a ghost there is a traveller)") {
  // The road through MR (misty on its east half) and RE ends at the junction; MR shows mist: 1 tile.
  const Rules R = make_levers(start_field(), {{"MR", 1}, {"RE", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add+coop_toll_basis=misty_tiles", 1);
  State s = initial_state(R);
  put_junction(R, s);
  act(R, s, "toll 0 -1 j0 red");
  put(R, s, "MR", -1, -1, 2);  // turned: its clear half meets the junction's west road; 1 ghost on its mist
  CHECK(ghosts_at(s, -1, -1) == 1);
  put(R, s, "RE", -2, -1, 0);
  act(R, s, "meeple none");
  REQUIRE(s.phase == Phase::Score);
  act(R, s, "score 1 points");
  CHECK(s.score == 1);             // face 1 x 1 misty tile (the travellers on TJ count for nothing here)
  CHECK(toll_face(s, RED) == 2);   // a ghost sat on the road's tiles: it turns over
}

TEST_CASE("CT7 interactions: a Tollkeepers tile is a clear tile: facing a bank it makes it unfinishable") {
  const Rules R = make_levers(start_field(), {{"M1", 1}}, lv1(), "coop_tolls=per_colour+coop_toll_tiles=add", 1, {}, 6);
  State s = initial_state(R);
  put(R, s, "M1", 0, -1, 0);  // mist north, toward (0, -2)
  put(R, s, "T/TN", 0, -2, 0);  // a Tollkeepers road tile: its field faces the mist
  const int t = tile_at(s, 0, -1);
  CHECK((s.nodes[find_root(s, s.tiles[size_t(t)].node)].flags & Node::DEAD) != 0);
}
