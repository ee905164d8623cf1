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
  Weights weights;              // the heuristic of greedy and expert (mcts: mcts.weights)
  bool first_area = false;      // area=first: the first candidate area at the R3.3 and R7.2
                                //   decisions, as the engine chose before they were the team's
  std::string text;             // as written: "expert" or "expert:supply=1.2,meeple=0.8"
  std::string describe() const; // name and the parameters that matter to it
};

const std::vector<std::string>& agent_names();

// Parses "NAME" or "NAME:key=value,key=value". Keys of greedy and expert: the heuristic weights
// (points supply low_supply safe_supply dead_ghost live_open recover meeple meeple_value pressure);
// of mcts and clairvoyant: playouts c pw_k pw_alpha rollout rollout_turns value_scale threads
// parallel reuse, and the weights of their leaf heuristic. Every agent but random also takes
// area=first|team. `mcts` gives the search defaults.
AgentSpec parse_agent(const std::string& text, const MctsConfig& mcts);

// A file-name-safe form of an agent text ("expert~supply1.2_meeple0.8").
std::string agent_slug(const std::string& text);
std::string rollout_name(Rollout r);

// Plays game `game` of a run seeded `seed`: the deal comes from (seed, game), the agent's own
// random stream from (seed, game, AGENT_STREAM). Same arguments, same game, on any thread.
GameSummary play_one(const Rules& rules, const AgentSpec& agent, uint64_t seed, uint64_t game,
                     std::vector<std::string>* log = nullptr);

}  // namespace mists::cli
