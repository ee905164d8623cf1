// Ghosts, Castles & Cemeteries (G2-G5, docs/versus.md): set-up, ghosts on meeples, guards, castles,
// cemeteries, the floor at 0 and every decision switch, on hand-built positions, and a property
// harness over every player count and switch that pins the engine to slow references.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "engine/config/load.h"
#include "engine/versus/versus.h"
#include "solver/rng.h"
#include "solver/versus_agents.h"
#include "shell_helpers.h"
#include "support.h"
#include "versus_helpers.h"

using namespace mists;
using namespace mists::vs;

namespace {

Catalog base_catalog() { return load_catalog(test::source_path("configs/tiles/base-c3.toml")); }
Catalog mists_catalog() { return load_catalog(test::source_path("configs/tiles/mists-reconstructed.toml")); }

VsRules gcc_rules(int players, VsSwitches sw = {}) { return build_gcc_rules(base_catalog(), mists_catalog(), players, sw); }

int type_id(const VsRules& R, const std::string& id) {
  for (int t = 0; t < R.n_land_types; ++t)
    if (R.types[size_t(t)].id == id) return t;
  FAIL("no tile " << id);
  return -1;
}

std::vector<std::string> options_text(const VsRules& R, const VsState& s) {
  VsAction a[VS_MAX_ACTIONS];
  const int n = legal_actions(R, s, a);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(action_text(R, s, a[i]));
  return out;
}

void act(const VsRules& R, VsState& s, const std::string& text) {
  VsAction a[VS_MAX_ACTIONS];
  const int n = legal_actions(R, s, a);
  for (int i = 0; i < n; ++i)
    if (action_text(R, s, a[i]) == text) {
      apply(R, s, a[i]);
      REQUIRE_MESSAGE(check(R, s).empty(), check(R, s));
      return;
    }
  std::string all;
  for (const auto& o : options_text(R, s)) all += " [" + o + "]";
  FAIL("'" << text << "' is not legal here; options:" << all);
}

void draw(const VsRules& R, VsState& s, const std::string& id) {
  REQUIRE(is_chance(s));
  apply_draw(R, s, type_id(R, id));
  REQUIRE(s.phase == VsPhase::Place);
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Plays one seeded game with uniform random decisions, checking the engine at every step against
// the slow references. Returns the final state.
VsState random_game(const VsRules& R, uint64_t seed, bool slow_checks) {
  std::vector<uint8_t> order = pile_in_play(R);
  Rng deal(stream_seed(seed, 0, DEAL_STREAM));
  deal.shuffle(order);
  Rng rng(stream_seed(seed, 0, AGENT_STREAM));
  VsState s = initial_state(R);
  size_t next = 0;
  VsAction a[VS_MAX_ACTIONS];
  int steps = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      if (slow_checks) {
        const Recount rc = slow_recount(R, s);
        REQUIRE(rc.final_points == final_points(R, s));
      }
      apply_draw(R, s, order[next++]);
    } else {
      const int n = legal_actions(R, s, a);
      REQUIRE(n >= 1);
      if (slow_checks && s.phase == VsPhase::Place) {
        std::set<uint32_t> fast, slow;
        for (int i = 0; i < n; ++i) fast.insert(a[i].bits);
        for (VsAction x : slow_placements(R, s, s.drawn)) slow.insert(x.bits);
        REQUIRE(fast.size() == size_t(n));
        REQUIRE(fast == slow);
      }
      apply(R, s, a[rng.below(uint32_t(n))]);
    }
    const std::string err = check(R, s);
    REQUIRE_MESSAGE(err.empty(), "seed " << seed << " step " << steps << ": " << err);
    ++steps;
  }
  return s;
}

}  // namespace

TEST_CASE("G2.1 G2.2 G2.3 GD5 GCC set-up: 131 tiles, the 2x2 start tile, 5 + 2 guards + 3 in reserve, 15 ghosts") {
  for (int players = 2; players <= 6; ++players) {
    const VsRules R = gcc_rules(players);
    CHECK(R.tiles_in_play == 131);  // 71 base tiles + 60 GCC tiles: the base start tile leaves
    const VsState s = initial_state(R);
    CHECK(s.n_tiles == 4);
    CHECK(s.left == 131);
    CHECK(s.ghosts == 15);  // the start tile's ghost symbols put none on the board
    for (int p = 0; p < players; ++p) {
      CHECK(s.supply[size_t(p)] == 5);
      CHECK(s.guards[size_t(p)] == 2);
      CHECK(s.reserve[size_t(p)] == 3);
      CHECK(s.owned[size_t(p)] == 7);
      CHECK(s.score[size_t(p)] == 0);
    }
    CHECK(check(R, s).empty());
  }
  const VsRules R = gcc_rules(2);
  CHECK(R.describe().find("base-c3.toml") != std::string::npos);
  CHECK(R.describe().find("mists-reconstructed.toml") != std::string::npos);
  CHECK(R.describe().find("score_floor=turn_net final_ghost_penalty=all_but_keepers misty_road_meeple=allowed") !=
        std::string::npos);
}

TEST_CASE("G1.2 G1.11 GD1 G2.1 GCC refusals name the file, line and field") {
  CHECK_THROWS_WITH_AS(gcc_rules(1), doctest::Contains("players: 1 players"), ConfigError);
  CHECK_THROWS_WITH_AS(gcc_rules(7), doctest::Contains("players: 7 players"), ConfigError);
  VsSwitches abbot;
  set_switch(abbot, "abbot", "on");
  CHECK_THROWS_WITH_AS(gcc_rules(2, abbot), doctest::Contains("abbot: 'on' needs garden regions"), ConfigError);
  VsSwitches lose;
  set_switch(lose, "unplaceable", "lose");
  CHECK_THROWS_WITH_AS(gcc_rules(2, lose), doctest::Contains("unplaceable: 'lose'"), ConfigError);
  VsSwitches sw;
  CHECK_THROWS_WITH_AS(set_switch(sw, "score_floor", "never"),
                       doctest::Contains("score_floor: 'never' is not a value of this switch; it takes turn_net or each_scoring"),
                       ConfigError);
  CHECK_THROWS_WITH_AS(set_switch(sw, "ghosts", "on"), doctest::Contains("ghosts: no such switch"), ConfigError);
  // The catalogs swapped: the GCC tiles as the base game's.
  CHECK_THROWS_WITH_AS(build_gcc_rules(mists_catalog(), base_catalog(), 2),
                       doctest::Contains("mists-reconstructed.toml:"), ConfigError);
  // A GCC catalog whose start tile lost three of its cells.
  Catalog one_cell = mists_catalog();
  one_cell.start.resize(1);
  CHECK_THROWS_WITH_AS(build_gcc_rules(base_catalog(), one_cell, 2),
                       doctest::Contains("start: GCC starts from a 2x2 start tile (4 [[start]] cells), the catalog has 1"),
                       ConfigError);
  // A design id both catalogs use.
  Catalog clash = mists_catalog();
  clash.tiles[0].id = base_catalog().tiles[0].id;
  CHECK_THROWS_WITH_AS(build_gcc_rules(base_catalog(), clash, 2), doctest::Contains(": id: '"), ConfigError);
  // The base game still refuses the GCC tiles.
  CHECK_THROWS_WITH_AS(build_rules(mists_catalog(), VsGame::Base, 2), doctest::Contains(": edges: slot "), ConfigError);
  CHECK_THROWS_AS(build_rules(base_catalog(), VsGame::Gcc, 2), ConfigError);
}

TEST_CASE("GCC property harness: every player count and switch, random games, engine against slow references") {
  int games = 0;
  std::map<std::string, int> seen;  // events the harness met, so it cannot pass by never meeting them
  for (int players = 2; players <= 6; ++players)
    for (int variant = 0; variant < 4; ++variant) {
      VsSwitches sw;
      if (variant & 1) set_switch(sw, "score_floor", "each_scoring");
      if (variant & 2) set_switch(sw, "final_ghost_penalty", "scoring_only");
      if (variant == 3) set_switch(sw, "misty_road_meeple", "forbidden");
      const VsRules R = gcc_rules(players, sw);
      for (int g = 0; g < 5; ++g) {
        const VsState s = random_game(R, uint64_t(1000 * players + 10 * variant + g), true);
        ++games;
        CHECK(s.turn + s.discarded == R.tiles_in_play);
        double shares = 0;
        for (double w : win_shares(R, s)) shares += w;
        CHECK(shares == doctest::Approx(1.0));
        for (int p = 0; p < players; ++p) {
          CHECK(s.score[size_t(p)] >= 0);  // G3.8
          seen["ghosts"] += s.stats[size_t(p)].ghosts_taken;
          seen["scared"] += s.stats[size_t(p)].scared_off;
          seen["guards"] += s.stats[size_t(p)].guards_gained;
          seen["castle"] += s.stats[size_t(p)].castle_points;
          seen["floor"] += s.stats[size_t(p)].floor_points;
        }
      }
    }
  CHECK(games == 100);
  for (const auto& kv : seen) {
    INFO(kv.first);
    CHECK(kv.second > 0);
  }
}

namespace {

VsCell at(int dx, int dy) { return vs_cell(VS_START + dx, VS_START + dy); }

// Fills cell (dx, dy) with the first design in catalog order that fits there; ghost steps take
// their first option; the meeple step is `meeple` (after `before_meeple` looked at the position).
template <class F>
void fill(const VsRules& R, VsState& s, int dx, int dy, F&& before_meeple, const std::string& meeple = "meeple none") {
  REQUIRE(is_chance(s));
  for (int t = 0; t < R.n_land_types; ++t) {
    if (!s.unseen[size_t(t)]) continue;
    VsState u = s;
    apply_draw(R, u, t);
    if (u.phase != VsPhase::Place) continue;
    VsAction a[VS_MAX_ACTIONS];
    const int n = legal_actions(R, u, a);
    for (int i = 0; i < n; ++i)
      if (a[i].cell() == at(dx, dy)) {
        apply(R, u, a[i]);
        while (u.phase == VsPhase::GhostOpponent || u.phase == VsPhase::GhostOwn) {
          legal_actions(R, u, a);
          apply(R, u, a[0]);
        }
        before_meeple(u);
        act(R, u, meeple);
        s = u;
        return;
      }
  }
  FAIL("no design fits at " << dx << " " << dy);
}
void fill(const VsRules& R, VsState& s, int dx, int dy) {
  fill(R, s, dx, dy, [](const VsState&) {});
}

int misty_around(const VsRules& R, const VsState& s, int dx, int dy) {
  int k = 0;
  for (int y = dy - 1; y <= dy + 1; ++y)
    for (int x = dx - 1; x <= dx + 1; ++x) {
      const uint8_t g = s.grid[at(x, y)];
      k += g && R.types[s.tiles[g - 1u].type].spec->misty();
    }
  return k;
}

}  // namespace

TEST_CASE("G3.2 G3.3 G3.4 G3.5 G3.6 G3.7 GD3 GD4 GD10 ghosts: extending, dissipating, once a kind a placement, scared off, -2 in play") {
  const VsRules R = gcc_rules(2);
  VsState s = initial_state(R);
  // Seat 0: a road west of the start tile, its thief on it (G5.3: it reaches the start tile's road).
  draw(R, s, "U");
  act(R, s, "place -1 0 0");
  REQUIRE(s.phase == VsPhase::Meeple);  // clear against clear: no ghost
  act(R, s, "meeple road0");
  // Seat 1: tile 13's misty west side against the start tile's misty east side, three misty-misty
  // slot pairs: one ghost for an opponent's meeple (G3.3, G3.5), none of the placer's own.
  draw(R, s, "13");
  act(R, s, "place 2 0 0");
  REQUIRE(s.phase == VsPhase::GhostOpponent);
  CHECK(options_text(R, s) == std::vector<std::string>{"ghost 0 0"});
  act(R, s, "ghost 0 0");
  CHECK(s.meeples[0][0].ghosts == 1);
  CHECK(s.ghosts == 14);
  REQUIRE(s.phase == VsPhase::Meeple);
  CHECK(options_text(R, s) == std::vector<std::string>{"meeple none", "meeple city0", "meeple city0 guard"});  // G4.6: no meeple on mist
  act(R, s, "meeple city0");
  // Seat 0: a clear side against the start tile's misty west side: a split pair, a ghost for one of
  // the placer's own meeples (G3.4), here the thief.
  draw(R, s, "E");
  act(R, s, "place -1 1 2");
  REQUIRE(s.phase == VsPhase::GhostOwn);
  CHECK(options_text(R, s) == std::vector<std::string>{"ghost 0 0"});
  act(R, s, "ghost 0 0");
  CHECK(s.meeples[0][0].ghosts == 2);
  act(R, s, "meeple none");
  // Seat 1: tile 26, misty north against 13's misty south (extending) and a misty road west against
  // the start tile's clear road (dissipating): the opponent's ghost first, then the placer's own.
  draw(R, s, "26");
  act(R, s, "place 2 1 0");
  REQUIRE(s.phase == VsPhase::GhostOpponent);
  act(R, s, "ghost 0 0");
  // The thief's third ghost scares it off (G3.6): back to the supply, its ghosts to the general supply.
  CHECK(s.meeples[0][0].node == VS_NO_NODE);
  CHECK(s.meeples[0][0].ghosts == 0);
  CHECK(s.supply[0] == 5);
  CHECK(s.stats[0].scared_off == 1);
  CHECK(s.stats[0].ghosts_taken == 3);
  CHECK(s.ghosts == 15);
  REQUIRE(s.phase == VsPhase::GhostOwn);
  CHECK(options_text(R, s) == std::vector<std::string>{"ghost 1 0"});
  act(R, s, "ghost 1 0");  // seat 1's knight in 13's city
  CHECK(s.ghosts == 14);
  // 26's west road now runs from the start tile's ruins (G5.2) to its village: finished, 2 tiles.
  act(R, s, "meeple road2");
  CHECK(s.score[1] == 2);  // G1.7: placed this turn, scored this turn, no ghost on it
  // Seat 0 closes 13's city (2 tiles): seat 1's knight scores 4 less 2 for its ghost (G3.7).
  draw(R, s, "E");
  act(R, s, "place 2 -1 2");
  act(R, s, "meeple none");
  CHECK(s.score[1] == 4);
  CHECK(s.score[0] == 0);
  CHECK(s.stats[1].ghost_points == 2);
  CHECK(s.ghosts == 15);  // the knight's ghost went back with it
  CHECK(s.meeples[1][0].node == VS_NO_NODE);
}

TEST_CASE("G4.1 G3.5 a guard takes no ghost: with only guards on the board the ghost is skipped") {
  const VsRules R = gcc_rules(2);
  VsState s = initial_state(R);
  draw(R, s, "U");
  act(R, s, "place -1 0 0");
  CHECK(has(options_text(R, s), "meeple road0 guard"));
  act(R, s, "meeple road0 guard");
  CHECK(s.guards[0] == 1);
  CHECK(s.supply[0] == 5);
  draw(R, s, "13");
  act(R, s, "place 2 0 0");
  CHECK(s.phase == VsPhase::Meeple);  // extending, but no eligible meeple of an opponent
  CHECK(s.ghosts == 15);
}

TEST_CASE("G4.6 mist splits fields: a clear field side against a misty one does not join them") {
  const VsRules R = gcc_rules(2);
  VsState s = initial_state(R);
  draw(R, s, "E");
  act(R, s, "place -1 1 2");  // E turned: its clear east side against the start tile's misty west side
  const VsTile& placed = s.tiles[s.last];
  const VsTile& sw = s.tiles[2];  // start cells in catalog order: NW, NE, SW, SE
  REQUIRE(R.types[sw.type].id == "start-SW");
  std::set<uint16_t> sw_fields;
  for (int r = 0; r < R.types[sw.type].n_regions; ++r)
    if (R.types[sw.type].regions[size_t(r)].kind == RegionKind::Field) sw_fields.insert(find_root(s, uint16_t(sw.node + r)));
  for (int r = 0; r < R.types[placed.type].n_regions; ++r)
    if (R.types[placed.type].regions[size_t(r)].kind == RegionKind::Field)
      CHECK(sw_fields.count(find_root(s, uint16_t(placed.node + r))) == 0);
}

TEST_CASE("G4.7 GD9 a thief on a misty road: allowed by default, forbidden by the switch") {
  for (const char* value : {"allowed", "forbidden"}) {
    VsSwitches sw;
    set_switch(sw, "misty_road_meeple", value);
    const VsRules R = gcc_rules(2, sw);
    VsState s = initial_state(R);
    draw(R, s, "U");
    act(R, s, "place -1 0 0");
    act(R, s, "meeple none");
    draw(R, s, "23a");  // a road under mist from west to east
    act(R, s, "place -2 0 0");
    const auto opts = options_text(R, s);
    CHECK(has(opts, "meeple road0") == (std::string(value) == "allowed"));
    CHECK(has(opts, "meeple field0"));
  }
}

TEST_CASE("G4.4 G4.5 G5.1 castles: any meeple, 1 a misty cell at the end, 2 a misty cell when surrounded") {
  const VsRules R = gcc_rules(2);
  VsState s = initial_state(R);
  draw(R, s, "59");  // a castle with mist, its west side field against the start tile's misty east
  act(R, s, "place 2 0 0");
  if (s.phase != VsPhase::Meeple) act(R, s, options_text(R, s).front());
  CHECK(has(options_text(R, s), "meeple castle0"));
  CHECK(has(options_text(R, s), "meeple castle0 guard"));
  act(R, s, "meeple castle0 guard");  // a guard: no ghost can change the figures below
  // Unfinished at the end: the castle's cell and the start cells NE (misty) and SE (clear) (G4.5,
  // G5.1: the start tile's cells count one by one).
  CHECK(final_points(R, s)[0] == misty_around(R, s, 2, 0));
  CHECK(misty_around(R, s, 2, 0) == 2);
  const std::vector<std::pair<int, int>> ring = {{1, -1}, {2, -1}, {3, -1}, {3, 0}, {3, 1}, {2, 1}};
  for (size_t i = 0; i < ring.size(); ++i) {
    if (i + 1 < ring.size()) {
      fill(R, s, ring[i].first, ring[i].second);
      CHECK(s.meeples[0][5].node != VS_NO_NODE);  // the guard is the first guard slot
      continue;
    }
    const int before = s.score[0];
    fill(R, s, ring[i].first, ring[i].second);
    const int misty = misty_around(R, s, 2, 0);
    CHECK(s.score[0] - before == 2 * misty);  // G4.4
    CHECK(s.stats[0].castle_points == 2 * misty);
    CHECK(s.meeples[0][5].node == VS_NO_NODE);
    CHECK(s.guards[0] == 2);
  }
}

TEST_CASE("G4.2 G4.3 GD11 cemeteries: a keeper, a guard from the reserve when surrounded, -2 a ghost on it") {
  const VsRules R = gcc_rules(2);
  for (bool reserve_left : {true, false}) {
    INFO("reserve left: " << reserve_left);
    VsState s = initial_state(R);
    if (!reserve_left) {  // seat 0 has already taken its 3 reserve guards
      for (int i = VS_MEEPLES; i < VS_MEEPLE_SLOTS; ++i) s.meeples[0][size_t(i)].kind = VsPiece::Guard;
      s.owned[0] = VS_MEEPLE_SLOTS;
      s.reserve[0] = 0;
      s.guards[0] = VS_GCC_GUARDS + VS_GCC_RESERVE;
      REQUIRE(check(R, s).empty());
    }
    draw(R, s, "17");  // a cemetery with a city, no mist
    act(R, s, "place 2 0 0");
    if (s.phase != VsPhase::Meeple) act(R, s, options_text(R, s).front());
    CHECK(has(options_text(R, s), "meeple cemetery0"));
    act(R, s, "meeple cemetery0");
    CHECK(final_points(R, s)[0] == 0);  // an unfinished cemetery pays nothing at the end (G4.2, G3.9)
    const std::vector<std::pair<int, int>> ring = {{1, -1}, {2, -1}, {3, -1}, {3, 0}, {3, 1}, {2, 1}};
    for (size_t i = 0; i + 1 < ring.size(); ++i) fill(R, s, ring[i].first, ring[i].second);
    // Two ghosts on the keeper (as two opponents' extending placements would leave them) and a
    // score of 5, or of 3 so that the floor holds the loss at 0 (G3.8).
    s.ghosts = uint8_t(s.ghosts + s.meeples[0][0].ghosts - 2);
    s.meeples[0][0].ghosts = 2;
    s.score[0] = reserve_left ? 5 : 3;
    REQUIRE(check(R, s).empty());
    int ghosts_on_keeper = 0, before = 0;
    fill(R, s, ring.back().first, ring.back().second, [&](const VsState& u) {
      ghosts_on_keeper = u.meeples[0][0].ghosts;
      before = u.score[0];
    });
    CHECK(ghosts_on_keeper == 2);
    CHECK(s.score[0] == (reserve_left ? 1 : 0));
    CHECK(s.stats[0].floor_points == (reserve_left ? 0 : 1));
    CHECK(s.stats[0].ghost_points == 4);
    CHECK(s.meeples[0][0].node == VS_NO_NODE);  // the keeper is back either way
    CHECK(s.reserve[0] == (reserve_left ? 2 : 0));
    CHECK(s.owned[0] == (reserve_left ? 8 : 10));
    CHECK(s.guards[0] == (reserve_left ? 3 : 5));
    CHECK(s.stats[0].guards_gained == (reserve_left ? 1 : 0));
    CHECK(s.score[0] == std::max(0, before - 2 * ghosts_on_keeper));
  }
}

TEST_CASE("G3.9 GD8 final ghosts: -1 each at the end, keepers' not counted; scoring_only counts only majority holders'") {
  const VsRules R = gcc_rules(2);
  VsState s = initial_state(R);
  draw(R, s, "U");
  act(R, s, "place -1 0 0");
  act(R, s, "meeple road0");
  draw(R, s, "13");
  act(R, s, "place 2 0 0");
  act(R, s, "ghost 0 0");
  act(R, s, "meeple none");
  CHECK(final_points(R, s)[0] == 2 - 1);  // the road of 2 tiles, less 1 for the thief's ghost
  // Random games played twice with the same decisions: the switches change only the scores, and
  // each reading can only give back what the other takes.
  for (int variant = 0; variant < 2; ++variant) {
    VsSwitches a, b;
    if (variant == 0) set_switch(b, "score_floor", "each_scoring");
    else set_switch(b, "final_ghost_penalty", "scoring_only");
    int differ = 0;
    for (int players : {2, 4, 6}) {
      const VsRules RA = gcc_rules(players, a), RB = gcc_rules(players, b);
      for (uint64_t g = 0; g < 100; ++g) {
        const VsState x = random_game(RA, 7000 + g, false), y = random_game(RB, 7000 + g, false);
        REQUIRE(x.turn == y.turn);
        bool d = false;
        for (int p = 0; p < players; ++p) {
          CHECK(y.score[size_t(p)] >= x.score[size_t(p)]);  // flooring more often or counting fewer ghosts
          d |= y.score[size_t(p)] != x.score[size_t(p)];
        }
        differ += d;
      }
    }
    if (variant == 1) CHECK(differ > 0);  // the floor's reading rarely matters in random play: see the next test
  }
}

TEST_CASE("G3.8 GD7 the floor at 0: net over the turn, or after each scoring in the order roads, cities, ...") {
  for (const char* value : {"turn_net", "each_scoring"}) {
    VsSwitches sw;
    set_switch(sw, "score_floor", value);
    const VsRules R = gcc_rules(2, sw);
    VsState s = initial_state(R);
    draw(R, s, "V");  // a curve on the start tile's north-east road, its thief seat 0's
    act(R, s, "place 1 -1 0");
    act(R, s, "meeple road0");
    draw(R, s, "U");
    act(R, s, "place -1 0 0");
    act(R, s, "meeple none");
    s.ghosts = uint8_t(s.ghosts - 2);  // two ghosts on the thief
    s.meeples[0][0].ghosts = 2;
    REQUIRE(check(R, s).empty());
    // One placement finishes the road (3 tiles, 3 - 2 x 2 = -1 for seat 0) and the start tile's
    // city with seat 0's new knight (2 tiles: +4).
    draw(R, s, "L");
    act(R, s, "place 0 -1 2");
    act(R, s, "meeple city0");
    if (std::string(value) == "turn_net") {
      CHECK(s.score[0] == 3);  // max(0, 0 - 1 + 4)
      CHECK(s.stats[0].floor_points == 0);
    } else {
      CHECK(s.score[0] == 4);  // the road first: max(0, 0 - 1) = 0, then the city: 4
      CHECK(s.stats[0].floor_points == 1);
    }
    CHECK(s.stats[0].ghost_points == 4);
  }
}

TEST_CASE("GCC perft: the first decisions of a seeded deal, pinned and equal to brute force") {
  const VsRules R = gcc_rules(2);
  std::vector<uint8_t> order = pile_in_play(R);
  Rng deal(stream_seed(7, 0, DEAL_STREAM));
  deal.shuffle(order);
  const VsState s = initial_state(R);
  const long long fast = mists::test::versus::perft(R, s, order, 0, 5, false);
  const long long slow = mists::test::versus::perft(R, s, order, 0, 5, true);
  CHECK(fast == slow);
  CHECK(fast == 84682);  // pinned: any change to move generation moves it
}

TEST_CASE("mists bench --game gcc: its figures, its own signature, and bad catalogs named") {
  namespace sh = mists::test::sh;
  const auto ok = sh::mists_cmd("bench --game gcc --games 100 --base-players 4");
  CHECK(ok.status == 0);
  CHECK(ok.output.find("Ghosts, Castles & Cemeteries (G1-G5), 4 players, uniform random play") != std::string::npos);
  CHECK(ok.output.find("ghosts attached") != std::string::npos);
  CHECK(ok.output.find("Bench (gcc): ") != std::string::npos);
  CHECK(ok.output.find("Bench: ") == std::string::npos);
  const auto swapped = sh::mists_cmd("bench --game gcc --games 10 --base-catalog configs/tiles/mists-reconstructed.toml");
  CHECK(swapped.status != 0);
  CHECK(swapped.output.find("mists-reconstructed.toml:") != std::string::npos);
  const auto wrong = sh::mists_cmd("bench --game base --gcc-catalog configs/tiles/mists-reconstructed.toml");
  CHECK(wrong.status == 2);
  CHECK(wrong.output.find("--gcc-catalog is a flag of GCC alone (--game gcc); mists bench --game base takes --") != std::string::npos);
  const auto missing = sh::mists_cmd("bench --game gcc --games 10 --gcc-catalog no/such.toml");
  CHECK(missing.status != 0);
  CHECK(missing.output.find("no/such.toml") != std::string::npos);
}

TEST_CASE("a GCC catalog missing a field or a start cell is refused with its file, line and field") {
  namespace sh = mists::test::sh;
  namespace fs = std::filesystem;
  const std::string text = read_file(test::source_path("configs/tiles/mists-reconstructed.toml"));
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-gcc-catalog");
  fs::create_directories(dir);
  // Tile 59's edges line removed.
  const size_t tile = text.find("id = \"59\"");
  REQUIRE(tile != std::string::npos);
  const size_t edges = text.find("edges", tile);
  const std::string no_edges = text.substr(0, edges) + text.substr(text.find('\n', edges) + 1);
  std::ofstream((dir / "no-edges.toml").string()) << no_edges;
  const auto a = sh::mists_cmd("bench --game gcc --games 2 --gcc-catalog " + (dir / "no-edges.toml").string());
  CHECK(a.status != 0);
  CHECK(a.output.find("no-edges.toml:") != std::string::npos);
  CHECK(a.output.find("edges") != std::string::npos);
  // No [[start]] cells: the 2x2 start tile is what GCC starts from.
  std::string no_start = text;
  for (size_t at; (at = no_start.find("[[start]]")) != std::string::npos;) no_start.replace(at, 9, "[[tile]] ");
  std::ofstream((dir / "no-start.toml").string()) << no_start;
  const auto b = sh::mists_cmd("versus --game gcc --agents greedy,random --games 2 --gcc-catalog " + (dir / "no-start.toml").string());
  CHECK(b.status != 0);
  CHECK(b.output.find("no-start.toml") != std::string::npos);
  fs::remove_all(dir);
}
