// The co-op lever CM (docs/rules.md C): map chips (coop_chips, coop_chip_radius, coop_chip_points,
// coop_upgrade_effect), one TEST_CASE per rule on small hand-made boards (tests/rules_helpers.h).
// With coop_chip_radius = 5 the chip cells are x, y in {-4, -1, 2, 5}; (-1, -1) and (2, -1) are
// the ones used below. Coordinates relative to the start tile's first cell.
#include <algorithm>
#include <set>

#include "rules_helpers.h"
#include "solver/agents.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::rh;

namespace {

// The index of the chip cell at (x, y) (bits of State::chips_left).
int chip_index(const Rules& R, int x, int y) {
  const auto cells = chip_positions(R);
  const auto it = std::find(cells.begin(), cells.end(), std::pair<int, int>{x, y});
  REQUIRE(it != cells.end());
  return int(it - cells.begin());
}

}  // namespace

TEST_CASE("CM1 coop_chips: chip cells at x mod 3 = 2 and y mod 3 = 2 within -r..r+1; coop_chip_radius 5 gives 16, 2 gives 4") {
  const Rules R = make_levers(start_mists(), {{"F", 4}}, lv1(), "coop_chips=on");
  auto cells = chip_positions(R);
  std::sort(cells.begin(), cells.end());
  CHECK(cells.size() == 16);
  std::vector<std::pair<int, int>> want;
  for (int x : {-4, -1, 2, 5})
    for (int y : {-4, -1, 2, 5}) want.emplace_back(x, y);
  CHECK(cells == want);
  // No chip cell beside another or beside a cell of the 2 x 2 start tile.
  const std::set<std::pair<int, int>> set(cells.begin(), cells.end());
  for (auto [x, y] : cells)
    for (int d = 0; d < 4; ++d) {
      const int nx = x + DX[size_t(d)], ny = y + DY[size_t(d)];
      CHECK_FALSE(set.count({nx, ny}));
      CHECK_FALSE((nx >= 0 && nx <= 1 && ny >= 0 && ny <= 1));
    }
  const State s = initial_state(R);
  CHECK(s.chips_left == 0xFFFF);  // one chip face down on each
  const Rules R2 = make_levers(start_mists(), {{"F", 4}}, lv1(), "coop_chips=on+coop_chip_radius=2");
  auto small = chip_positions(R2);
  std::sort(small.begin(), small.end());
  CHECK(small == std::vector<std::pair<int, int>>{{-1, -1}, {-1, 2}, {2, -1}, {2, 2}});
  // The deal: the 30 chips shuffled (18 of 1, 12 of 2), one on each chip cell, the rest in the box.
  const Rules M = [] {
    GameParams p;
    p.players = 2;
    p.levers = parse_levers("coop_chips=on", "test");
    return build_rules(load_catalog(source_path("configs/tiles/mists-reconstructed.toml")),
                       load_level(source_path("configs/levels/level3.toml")), p);
  }();
  int total = 0;
  for (uint64_t g = 0; g < 200; ++g) {
    const Deal d = seeded_deal(M, 9, g);
    REQUIRE(d.chips.size() == 16);
    for (uint8_t v : d.chips) {
      CHECK((v == 1 || v == 2));
      total += v;
    }
    // The lever's set-up never moves the tiles: the same piles as without it (common random numbers).
    CHECK(d.piles == seeded_deal(mists_rules(3, 2), 9, g).piles);
  }
  CHECK(total > 0);
}

TEST_CASE("CM7 interactions: about 22 points on the 16 chip cells, all within 5 cells of the start tile") {
  const Rules M = mists_rules_levers(3, 2, parse_levers("coop_chips=on", "test"));
  REQUIRE(M.chip_cells.size() == 16);
  for (auto [x, y] : chip_positions(M)) {  // the start tile covers x, y in {0, 1}
    const int dx = x < 0 ? -x : std::max(0, x - 1), dy = y < 0 ? -y : std::max(0, y - 1);
    CHECK(std::max(dx, dy) <= 5);
  }
  int total = 0;
  for (uint64_t g = 0; g < 400; ++g)
    for (uint8_t v : seeded_deal(M, 17, g).chips) total += v;
  // The mean chip is (18 x 1 + 12 x 2) / 30 = 1.4: 22.4 points on 16 cells.
  CHECK(double(total) / 400 == doctest::Approx(16 * 1.4).epsilon(0.03));
}

TEST_CASE("CM2 a face-up tile on a chip cell takes the chip: its value a chance step, its points at once") {
  const Rules R = make_levers(start_row(3), {{"F", 4}}, lv1(), "coop_chips=on");
  State s = initial_state(R);
  put(R, s, "F", -1, 0, 0);
  put(R, s, "F", -1, -1, 0);
  REQUIRE(s.phase == Phase::ChipDraw);
  CHECK(is_chance(s));
  ChanceOutcome out[2];
  REQUIRE(chance_outcomes(R, s, out) == 2);
  CHECK(out[0].type == 1);
  CHECK(out[0].weight == 18);
  CHECK(out[1].type == 2);
  CHECK(out[1].weight == 12);
  reveal(R, s, 2);
  CHECK(s.score == 2);
  CHECK(s.chips_held[0][1] == 1);  // the team's pool (CM3)
  CHECK(s.phase == Phase::Draw);
  CHECK((s.chips_left >> chip_index(R, -1, -1) & 1) == 0);
  put(R, s, "F", 2, -1, 0);  // the next chip: 18 of 1 and 11 of 2 still face down or in the box
  REQUIRE(chance_outcomes(R, s, out) == 2);
  CHECK(out[1].weight == 11);
  reveal(R, s, 1);
  CHECK(s.score == 3);
  SUBCASE("the goal reached by a chip wins at once (R4.5)") {
    Lv l = lv1();
    l.goal = 2;
    const Rules G = make_levers(start_row(3), {{"F", 4}}, l, "coop_chips=on");
    State g = initial_state(G);
    put(G, g, "F", -1, 0, 0);
    put(G, g, "F", -1, -1, 0);
    reveal(G, g, 2);
    CHECK(g.outcome == Outcome::Won);
  }
}

TEST_CASE("CM2 the chip comes before the mist check; coop_chip_points = choice: its points or up to 3 ghosts from 1 tile") {
  // M1 at (0, -1) faces the chip cell (-1, -1) with its mist (1 ghost); M1 there, facing it back,
  // finishes the bank. The chip's choice comes while that ghost is still on the board.
  const Rules R = make_levers(start_row(3), {{"M1", 2}, {"F", 1}}, lv1(), "coop_chips=on+coop_chip_points=choice");
  State s = initial_state(R);
  put(R, s, "M1", 0, -1, 3);  // mist west
  CHECK(ghosts_at(s, 0, -1) == 1);
  put(R, s, "M1", -1, -1, 1);  // mist east: the bank is finished
  reveal(R, s, 1);
  REQUIRE(s.phase == Phase::Chip);
  CHECK(sorted(options(R, s)) == std::vector<std::string>{"chip ghosts 0 -1", "chip points"});
  act(R, s, "chip points");
  CHECK(s.score == 1);
  CHECK(s.ghosts_on_board == 0);  // then the mist check (R3.2) cleared the finished bank
  CHECK(s.ghosts_removed_by_mist == 1);
  SUBCASE("forgo the points for the ghosts: the chip is kept either way") {
    const Rules C = make_levers(start_row(3), {{"M1", 2}, {"F", 2}}, lv1(), "coop_chips=on+coop_chip_points=choice");
    State t = initial_state(C);
    put(C, t, "M1", 1, 1, 2);  // a ghost elsewhere, on a mist facing south
    put(C, t, "F", -1, 0, 0);
    put(C, t, "F", -1, -1, 0);
    reveal(C, t, 2);
    REQUIRE(t.phase == Phase::Chip);
    act(C, t, "chip ghosts 1 1");
    CHECK(t.score == 0);
    CHECK(t.ghosts_on_board == 0);
    CHECK(t.chips_held[0][1] == 1);
  }
  SUBCASE("points (the default): no choice") {
    const Rules P = make_levers(start_row(3), {{"M1", 2}, {"F", 2}}, lv1(), "coop_chips=on");
    State t = initial_state(P);
    put(P, t, "M1", 1, 1, 2);
    put(P, t, "F", -1, 0, 0);
    put(P, t, "F", -1, -1, 0);
    reveal(P, t, 2);
    CHECK(t.phase == Phase::Draw);
    CHECK(t.score == 2);
  }
}

TEST_CASE("CM2 a face-down tile on a chip cell sends its chip unseen to the box") {
  const Rules R = make_levers(start_row(3), {{"Y", 1}, {"F", 2}}, lv5(), "coop_chips=on");
  State s = initial_state(R);
  put(R, s, "Y", -1, 0, 0);
  CHECK(has(options(R, s), "haunt -1 -1"));
  act(R, s, "haunt -1 -1");
  CHECK((s.chips_left >> chip_index(R, -1, -1) & 1) == 0);
  CHECK(s.chips_seen[0] + s.chips_seen[1] == 0);  // never turned up: its value stays unknown
  CHECK(s.chips_held[0][0] + s.chips_held[0][1] == 0);
}

TEST_CASE("CM3 level 6: the chip goes to the active colour that takes it, and its points to that colour") {
  Lv l = lv1();
  l.per_colour = true;
  const Rules R = make_levers(start_row(3), {{"F", 3}}, l, "coop_chips=on");
  State s = initial_state(R);
  put(R, s, "F", -1, 0, 0);
  put(R, s, "F", -1, -1, 0);
  reveal(R, s, 2);
  REQUIRE(s.phase == Phase::Chip);
  CHECK(sorted(options(R, s)) == std::vector<std::string>{"chip points blue", "chip points green", "chip points red", "chip points yellow"});
  act(R, s, "chip points blue");
  CHECK(s.colour_score[BLUE] == 2);
  CHECK(s.chips_held[BLUE][1] == 1);
  CHECK(s.chips_held[0][1] == 0);
}

namespace {

// Chips 2 and 2 taken at (-1, -1) and (2, -1); red's city cap at (0, -1) facing east, blue's at
// (2, -1) facing west (on the chip cell); CEW at (1, -1) joins and closes them: 3 tiles, 6 points.
// `upgrade`: what the team does with the 2 + 2 in the upgrade step of blue's turn.
State city_race(const Rules& R, const std::string& upgrade) {
  State s = initial_state(R);
  put(R, s, "F", -1, 0, 0);
  put(R, s, "F", -1, -1, 0);
  reveal(R, s, 2);
  put(R, s, "C", 0, -1, 1);
  act(R, s, "meeple city0 red");
  put(R, s, "C", 2, -1, 3);
  reveal(R, s, 2);
  act(R, s, "meeple city0 blue");
  REQUIRE(s.phase == Phase::Upgrade);
  act(R, s, upgrade);
  put(R, s, "CEW", 1, -1, 0);
  if (s.phase == Phase::Upgrade) act(R, s, "upgrade none");  // chips still in the pool: the choice again
  REQUIRE(s.phase == Phase::Score);
  act(R, s, "score 0 points");
  return s;
}

}  // namespace

TEST_CASE("CM4 in the meeple step: pay chips worth exactly 4 to upgrade one meeple on the board, once a turn") {
  const Rules R = make_levers(start_row(3), {{"F", 2}, {"C", 2}, {"CEW", 1}}, lv1(), "coop_chips=on");
  State s = initial_state(R);
  put(R, s, "F", -1, 0, 0);
  put(R, s, "F", -1, -1, 0);
  reveal(R, s, 2);
  put(R, s, "C", 0, -1, 1);
  CHECK(s.phase == Phase::Meeple);  // 2 in the pool: no upgrade yet
  act(R, s, "meeple city0 red");
  CHECK(s.phase == Phase::Draw);
  put(R, s, "C", 2, -1, 3);
  reveal(R, s, 2);
  act(R, s, "meeple city0 blue");
  REQUIRE(s.phase == Phase::Upgrade);
  CHECK(sorted(options(R, s)) == std::vector<std::string>{"upgrade 0 -1 2+2", "upgrade 2 -1 2+2", "upgrade none"});
  act(R, s, "upgrade 0 -1 2+2");
  CHECK(s.chips_held[0][1] == 0);
  CHECK(s.chips_spent[1] == 2);
  CHECK(s.phase == Phase::Draw);  // once a turn: straight on
  SUBCASE("the payments worth 4: 1+1+1+1, 1+1+2, 2+2") {
    State t = initial_state(R);
    put(R, t, "C", 0, -1, 1);
    act(R, t, "meeple city0 red");
    // Chips as if turned up earlier: 4 of 1 and 2 of 2 in the pool.
    t.chips_held[0] = {4, 2};
    t.chips_seen = {4, 2};
    put(R, t, "F", -1, 0, 0);
    REQUIRE(t.phase == Phase::Upgrade);
    CHECK(sorted(options(R, t)) ==
          std::vector<std::string>{"upgrade 0 -1 1+1+1+1", "upgrade 0 -1 1+1+2", "upgrade 0 -1 2+2", "upgrade none"});
    act(R, t, "upgrade 0 -1 1+1+2");
    CHECK(t.chips_held[0] == std::array<uint8_t, 2>{2, 1});
  }
}

TEST_CASE("CM5 coop_upgrade_effect: majority_only (an upgraded meeple counts 2 for R4.2) or double_share") {
  const std::string base = "coop_chips=on";
  auto rules = [&](const std::string& levers, JointScoring js) {
    Switches sw;
    sw.joint_scoring = js;
    return make_levers(start_row(3), {{"F", 2}, {"C", 2}, {"CEW", 1}}, lv1(), levers, 1, sw);
  };
  // Chips give 2 + 2 = 4 points in every game below.
  {
    const Rules R = rules(base, JointScoring::Majority);
    CHECK(city_race(R, "upgrade none").score == 4 + 2 * 6);  // 1 - 1: both colours score
    CHECK(city_race(R, "upgrade 2 -1 2+2").score == 4 + 6);  // 1 - 2: blue alone
  }
  {
    const Rules R = rules(base + "+coop_upgrade_effect=double_share", JointScoring::Majority);
    CHECK(city_race(R, "upgrade 2 -1 2+2").score == 4 + 6 + 2 * 6);  // a tie still; blue's share twice
  }
  {
    const Rules R = rules(base, JointScoring::AllColours);
    CHECK(city_race(R, "upgrade 2 -1 2+2").score == 4 + 2 * 6);  // majority_only: no effect under all_colours
    const Rules D = rules(base + "+coop_upgrade_effect=double_share", JointScoring::AllColours);
    CHECK(city_race(D, "upgrade 2 -1 2+2").score == 4 + 6 + 2 * 6);
  }
}

TEST_CASE("CM6 after its feature's scoring the chip leaves the game and the meeple is plain again; burial takes the chip") {
  const Rules R = make_levers(start_row(3), {{"F", 2}, {"C", 2}, {"CEW", 1}}, lv1(), "coop_chips=on");
  const State s = city_race(R, "upgrade 2 -1 2+2");
  for (int m = 0; m < R.n_meeples; ++m) CHECK_FALSE(s.meeples[size_t(m)].upgraded);
  CHECK(s.supply[BLUE] == 3);
  CHECK(s.chips_held[0][0] + s.chips_held[0][1] == 0);
  SUBCASE("a buried meeple loses its chip (R5.3)") {
    const Rules B = make_levers(start_row(3), {{"F", 2}, {"C", 1}, {"Y", 1}}, lv2(), "coop_chips=on");
    State t = initial_state(B);
    put(B, t, "C", 0, 1, 2);
    act(B, t, "meeple city0 red");
    t.chips_held[0] = {0, 2};
    t.chips_seen = {0, 2};
    put(B, t, "Y", 1, 1, 0);
    act(B, t, "upgrade 0 1 2+2");
    CHECK(t.meeples[0].upgraded);
    put(B, t, "F", 2, 1, 0);
    put(B, t, "F", 1, 2, 0);  // the cemetery's 4th side: the only meeple is buried
    REQUIRE(t.phase == Phase::Bury);
    act(B, t, "bury 0 1");
    CHECK(t.meeples[0].at == MeepleAt::Buried);
    CHECK_FALSE(t.meeples[0].upgraded);
  }
}
