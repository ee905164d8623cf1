// Agents by name: the one place that turns a name into an agent type. Everything below it binds
// the agent at compile time (play_game is a template).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "solver/mcts.h"

namespace mists::cli {

struct AgentSpec {
  std::string name = "expert";  // random, greedy, expert, mcts, clairvoyant
  MctsConfig mcts;              // for mcts and clairvoyant
  std::string describe() const; // name and the parameters that matter to it
};

const std::vector<std::string>& agent_names();
std::string rollout_name(Rollout r);

// Plays game `game` of a run seeded `seed`: the deal comes from (seed, game), the agent's own
// random stream from (seed, game, AGENT_STREAM). Same arguments, same game, on any thread.
GameSummary play_one(const Rules& rules, const AgentSpec& agent, uint64_t seed, uint64_t game,
                     std::vector<std::string>* log = nullptr);

}  // namespace mists::cli
