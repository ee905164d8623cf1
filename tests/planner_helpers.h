// The planner's fairness check, shared by its own tests (test_planner.cpp) and those of the learned
// value it may read (test_value.cpp). Header-only (tests/CMakeLists.txt globs test_*.cpp only).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "solver/agents.h"
#include "solver/planner.h"

namespace mists::test {

// The log of game `game` of seed 9 played by the agent `text` names (analysis::parse_agent).
inline std::vector<std::string> agent_moves(const Rules& R, const std::string& text, uint64_t game) {
  std::vector<std::string> log;
  analysis::play_one(R, analysis::parse_agent(text), 9, game, &log);
  return log;
}

// Plays game `game` of seed 5 twice with planners of `cfg`, on its deal A and on deal B, which is A
// with piles 2 and 3 reversed: both must make the same decisions until the first draw of another
// tile (the planner's samples depend on what has been seen, never on the deal). Returns whether the
// deals were told apart before the game ended (a game lost in pile 1 never tells them apart).
inline bool same_until_the_deals_differ(const Rules& R, const PlannerConfig& cfg, uint64_t game) {
  const Deal a = seeded_deal(R, 5, game);
  Deal b = a;
  for (size_t k = 1; k < b.piles.size(); ++k) std::reverse(b.piles[k].begin(), b.piles[k].end());
  PlannerAgent pa(R, cfg, 77), pb(R, cfg, 77);
  std::vector<std::string> la, lb;
  play_game(R, a, pa, &la);
  play_game(R, b, pb, &lb);
  size_t same = 0;
  while (same < la.size() && same < lb.size() && la[same] == lb[same]) ++same;
  if (same == la.size() && same == lb.size()) return false;  // the game ended before the piles differ
  REQUIRE(same < la.size());
  REQUIRE(same < lb.size());
  CHECK(la[same].rfind("draw ", 0) == 0);  // the first difference is a draw, never a decision
  CHECK(same > 20);
  return true;
}

}  // namespace mists::test
