#include "cli/registry.h"

#include <algorithm>
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

namespace {

bool set_weight(Weights& w, const std::string& key, double v) {
  if (key == "points") w.points = v;
  else if (key == "supply") w.supply = v;
  else if (key == "low_supply") w.low_supply = v;
  else if (key == "safe_supply") w.safe_supply = int(v);
  else if (key == "dead_ghost") w.dead_ghost = v;
  else if (key == "live_open") w.live_open = v;
  else if (key == "recover") w.recover = v;
  else if (key == "meeple") w.meeple = v;
  else if (key == "meeple_value") w.meeple_value = v;
  else if (key == "pressure") w.pressure = v;
  else return false;
  return true;
}

}  // namespace

AgentSpec parse_agent(const std::string& text, const MctsConfig& mcts) {
  AgentSpec a;
  a.text = text;
  const auto colon = text.find(':');
  a.name = text.substr(0, colon);
  if (std::find(agent_names().begin(), agent_names().end(), a.name) == agent_names().end())
    throw UsageError("agent '" + a.name + "' is unknown (random, greedy, expert, mcts, clairvoyant)");
  a.mcts = mcts;
  a.weights = Weights{};
  if (colon == std::string::npos) return a;
  std::stringstream ss(text.substr(colon + 1));
  std::string kv;
  const bool search = a.name == "mcts" || a.name == "clairvoyant";
  while (std::getline(ss, kv, ',')) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) throw UsageError("agent '" + text + "': '" + kv + "' is not key=value");
    const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
    if (search && key == "rollout") {
      bool ok = false;
      for (int r = 0; r < 4; ++r)
        if (rollout_name(Rollout(r)) == value) a.mcts.rollout = Rollout(r), ok = true;
      if (!ok) throw UsageError("agent '" + text + "': rollout '" + value + "' is not none, turn, random or greedy");
      continue;
    }
    if (key == "area") {
      if (value != "first" && value != "team") throw UsageError("agent '" + text + "': area is first or team");
      a.first_area = value == "first";
      continue;
    }
    if (search && key == "parallel") {
      if (value != "root" && value != "tree") throw UsageError("agent '" + text + "': parallel is root or tree");
      a.mcts.parallel = value == "root" ? SearchParallel::Root : SearchParallel::Tree;
      continue;
    }
    double v;
    try {
      size_t used = 0;
      v = std::stod(value, &used);
      if (used != value.size()) throw std::invalid_argument(value);
    } catch (const std::exception&) {
      throw UsageError("agent '" + text + "': " + key + " = '" + value + "' is not a number");
    }
    if (a.name == "random") throw UsageError("agent '" + text + "': random takes no parameters");
    if (search && key == "playouts" && v >= 1) a.mcts.playouts = int(v);
    else if (search && key == "c" && v >= 0) a.mcts.c = v;
    else if (search && key == "pw_k" && v > 0) a.mcts.pw_k = v;
    else if (search && key == "pw_alpha" && v >= 0 && v <= 1) a.mcts.pw_alpha = v;
    else if (search && key == "rollout_turns" && v >= 0) a.mcts.rollout_turns = int(v);
    else if (search && key == "value_scale" && v > 0) a.mcts.value_scale = v;
    else if (search && key == "threads" && v >= 1) a.mcts.threads = int(v);
    else if (search && key == "reuse" && (v == 0 || v == 1)) a.mcts.reuse = v == 1;
    else if (!set_weight(search ? a.mcts.weights : a.weights, key, v))
      throw UsageError("agent '" + text + "': unknown or out-of-range parameter " + key + "=" + value);
  }
  return a;
}

std::string agent_slug(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ':') out += '~';
    else if (c == ',') out += '_';
    else if (c == '=') continue;
    else if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') out += c;
  }
  return out;
}

std::string AgentSpec::describe() const {
  std::ostringstream os;
  os << (text.empty() ? name : text);
  if (name == "mcts" || name == "clairvoyant")
    os << "(playouts=" << mcts.playouts << ",c=" << mcts.c << ",pw=" << mcts.pw_k << "/" << mcts.pw_alpha
       << ",rollout=" << rollout_name(mcts.rollout)
       << (mcts.rollout_turns ? ",rollout_turns=" + std::to_string(mcts.rollout_turns) : "")
       << (mcts.reuse ? "" : ",reuse=0") << ")";
  return os.str();
}

namespace {

// Plays with `agent`, except that with area=first the area decisions (R3.3, R7.2) take their first
// option without asking it.
template <class Agent>
GameSummary play_with(const Rules& R, const Deal& deal, Agent& agent, bool first_area, std::vector<std::string>* log) {
  if (!first_area) return play_game(R, deal, agent, log);
  auto choose = [&](const State& s, const Action* options, int n) {
    return s.phase == Phase::Fewer || s.phase == Phase::GhostArea ? 0 : agent(s, options, n);
  };
  return play_game(R, deal, choose, log);
}

}  // namespace

GameSummary play_one(const Rules& R, const AgentSpec& a, uint64_t seed, uint64_t game, std::vector<std::string>* log) {
  const Deal deal = seeded_deal(R, seed, game);
  const uint64_t agent_seed = stream_seed(seed, game, AGENT_STREAM);
  if (a.name == "random") {
    RandomAgent agent(agent_seed);
    return play_with(R, deal, agent, a.first_area, log);
  }
  if (a.name == "greedy") {
    GreedyAgent agent(R, agent_seed, a.weights);
    return play_with(R, deal, agent, a.first_area, log);
  }
  if (a.name == "expert") {
    ExpertAgent agent(R, agent_seed, a.weights);
    return play_with(R, deal, agent, a.first_area, log);
  }
  if (a.name == "mcts" || a.name == "clairvoyant") {
    MctsAgent agent(R, a.mcts, agent_seed, a.name == "clairvoyant" ? &deal : nullptr);
    return play_with(R, deal, agent, a.first_area, log);
  }
  throw UsageError("unknown agent '" + a.name + "' (random, greedy, expert, mcts, clairvoyant)");
}

}  // namespace mists::cli
