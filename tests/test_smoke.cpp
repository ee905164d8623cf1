// First checks that the pieces fit: catalogs validate, a start position is consistent.
#include "support.h"
#include "solver/agents.h"

using namespace mists;
using namespace mists::test;

TEST_CASE("the Mists and base catalogs validate; a catalog beyond the engine's capacity is refused") {
  const Catalog mists = load_catalog(source_path("configs/tiles/mists-reconstructed.toml"));
  const auto ok = validate(mists);
  CHECK_MESSAGE(ok.empty(), format_issues(mists, ok));
  // validate-ok means playable (issue 12): the base game's 72 tiles fit the co-op engine's 96
  // tile slots, and build_rules takes them.
  Catalog base = load_catalog(source_path("configs/tiles/base-c3.toml"));
  const auto base_ok = validate(base);
  CHECK_MESSAGE(base_ok.empty(), format_issues(base, base_ok));
  GameParams p;
  p.players = 2;
  CHECK(build_rules(base, load_level(source_path("configs/levels/level1.toml")), p).tiles_in_play == 71);
  // 25 more copies of U: 96 tiles in play, more than the 95 the engine holds besides the start cell.
  for (auto& t : base.tiles)
    if (t.id == "U") t.copies += 25;
  const auto issues = validate(base);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].field == "copies");
  CHECK(issues[0].message.find("96 tiles in play, the engine holds 95") != std::string::npos);
}

TEST_CASE("R1.3 the start tile carries its 3 ghosts and the supply holds the rest") {
  for (int level = 1; level <= 6; ++level) {
    const Rules R = mists_rules(level, 2);
    const State s = initial_state(R);
    CHECK(s.ghosts_on_board == 3);
    CHECK(s.ghost_supply == R.level.ghosts - 3);
    CHECK(check(R, s).empty());
  }
}

TEST_CASE("board: 60-tile games stay far from the wall of the 64 x 64 board (docs/rules-decisions.md 9)") {
  // Long games: every tile gets placed (no ghost loss, no pile targets, an unreachable goal).
  const Rules R = mists_rules(3, 2, {}, [](Level& lv) {
    lv.ghosts = 250;
    lv.hound1 = lv.hound2 = 0;
    lv.piles = 1;
    lv.goal = 30000;
  });
  int reach = 0, games = 0;
  for (uint64_t g = 0; g < 300; ++g) {
    const Deal deal = seeded_deal(R, 99, g);
    RandomAgent agent(g);
    std::vector<std::string> log;
    const GameSummary summary = play_game(R, deal, agent, &log);
    // Replay the record to read the final board.
    GameRecord rec = make_record(R, deal, 99, g, "random", "test");
    finish_record(rec, log, summary);
    const ReplayResult r = replay(R, rec, "board-test");
    for (int i = 0; i < r.final_state.n_tiles; ++i) {
      reach = std::max(reach, std::abs(int(r.final_state.tiles[i].x) - START_X));
      reach = std::max(reach, std::abs(int(r.final_state.tiles[i].y) - START_Y));
    }
    ++games;
    CHECK(r.final_state.turn == R.tiles_in_play - r.final_state.discarded);
  }
  MESSAGE("farthest tile from the start cell in " << games << " random 60-tile games: " << reach << " cells");
  CHECK(reach < 20);  // the wall is 30 cells away
}
