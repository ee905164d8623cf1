#include "cli/registry.h"

#include <sstream>

#include "cli/common.h"
#include "solver/agents.h"

namespace mists::cli {

const std::vector<std::string>& agent_names() {
  static const std::vector<std::string> names = {"random", "greedy", "expert", "mcts", "clairvoyant"};
  return names;
}

std::string rollout_name(Rollout r) {
  static const char* names[] = {"none", "turn", "random", "greedy"};
  return names[int(r)];
}

std::string AgentSpec::describe() const {
  std::ostringstream os;
  os << name;
  if (name == "mcts" || name == "clairvoyant")
    os << "(playouts=" << mcts.playouts << ",c=" << mcts.c << ",pw=" << mcts.pw_k << "/" << mcts.pw_alpha
       << ",rollout=" << rollout_name(mcts.rollout)
       << (mcts.rollout_turns ? ",rollout_turns=" + std::to_string(mcts.rollout_turns) : "") << ")";
  return os.str();
}

GameSummary play_one(const Rules& R, const AgentSpec& a, uint64_t seed, uint64_t game, std::vector<std::string>* log) {
  const Deal deal = seeded_deal(R, seed, game);
  const uint64_t agent_seed = stream_seed(seed, game, AGENT_STREAM);
  if (a.name == "random") {
    RandomAgent agent(agent_seed);
    return play_game(R, deal, agent, log);
  }
  if (a.name == "greedy") {
    GreedyAgent agent(R, agent_seed);
    return play_game(R, deal, agent, log);
  }
  if (a.name == "expert") {
    ExpertAgent agent(R, agent_seed);
    return play_game(R, deal, agent, log);
  }
  if (a.name == "mcts" || a.name == "clairvoyant") {
    MctsAgent agent(R, a.mcts, agent_seed, a.name == "clairvoyant" ? &deal : nullptr);
    return play_game(R, deal, agent, log);
  }
  throw UsageError("unknown agent '" + a.name + "' (random, greedy, expert, mcts, clairvoyant)");
}

}  // namespace mists::cli
