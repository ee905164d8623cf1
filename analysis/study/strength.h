// What the committed strength tables say of an agent (results/strength-v3/ and strength-v4/: 1,000
// deals a cell, levels 1-6 at 1 and 4 players): its win rate on a level beside the strongest fair
// agent's, so that an answer given for a much weaker agent can say so.
#pragma once

#include <string>

namespace mists::analysis {

struct StrengthNote {
  bool known = false;   // both the agent and BEST_FAIR_AGENT are in a committed table for this level
  int players = 0;      // the player count measured nearest the one asked (1 or 4)
  double agent = 0, best = 0;
  std::string table;    // the folder the agent's figure comes from
};

// `agent` exactly as written in the tables ("expert", "td", BEST_FAIR_AGENT ...).
StrengthNote strength_of(const std::string& agent, int level, int players);

// A sentence when the agent wins at least 10 points fewer than the strongest fair agent on this
// level in the committed tables; empty otherwise (or when they do not hold it).
std::string weaker_warning(const std::string& agent, int level, int players);

}  // namespace mists::analysis
