#include "analysis/agents/agents.h"

#include <algorithm>
#include <sstream>

#include "analysis/run/error.h"
#include "analysis/agents/value_model.h"
#include "solver/agents.h"
#include "solver/deal_solver.h"
#include "solver/planner.h"

namespace mists::analysis {

const std::vector<std::string>& agent_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const AgentRow& r : agent_table()) out.emplace_back(r.name);
    return out;
  }();
  return names;
}

std::vector<std::string> param_items(const std::string& text, size_t colon) {
  std::vector<std::string> out;
  for (size_t at = colon + 1;;) {
    const size_t comma = std::min(text.find(',', at), text.size());
    if (comma == at) throw AnalysisError("agent '" + text + "': an empty setting (write NAME:key=value,key=value)");
    out.push_back(text.substr(at, comma - at));
    if (comma == text.size()) return out;
    at = comma + 1;
  }
}

AgentSpec parse_agent(const std::string& text, const MctsConfig& search_defaults) {
  AgentSpec a;
  a.text = text;
  const auto colon = text.find(':');
  a.name = text.substr(0, colon);
  const AgentRow* row = find_agent_row(agent_table(), a.name);
  if (!row) throw AnalysisError("agent '" + a.name + "' is unknown (" + agent_row_names(agent_table()) + ")");
  const unsigned bit = row->kind;
  a.kind = bit, a.reads_deal = row->reads_deal, a.plays = row->plays;
  a.params.mcts = search_defaults;
  a.params.weights = search_defaults.weights;  // the study's heuristic (config.heuristic) for every agent
  if (colon == std::string::npos) return a;
  std::vector<std::string> seen;
  for (const std::string& kv : param_items(text, colon)) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) throw AnalysisError("agent '" + text + "': '" + kv + "' is not key=value");
    const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) throw AnalysisError("agent '" + text + "': " + key + " is given twice");
    seen.push_back(key);
    const ParamDef* def = nullptr;
    std::string keys;
    for (const ParamDef& d : param_table()) {
      if (!(d.agents & bit)) continue;
      keys += (keys.empty() ? "" : ", ") + std::string(d.name);
      if (d.name == key) def = &d;
    }
    if (!def) throw AnalysisError("agent '" + text + "': unknown parameter '" + key + "'; " + a.name + " takes " + keys);
    set_param(a.params, a.search(), *def, value, "agent '" + text + "'");
  }
  if (a.search() && a.params.learned_value == 3)
    throw AnalysisError("agent '" + text + "': value=blend is the planner's (" + a.name + " takes heuristic, leaf, learned or td)");
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
  const AgentParams defaults;
  const unsigned bit = agent_bit(name);
  std::string changed;
  for (const ParamDef& d : param_table()) {
    if (!(d.agents & bit)) continue;
    const std::string v = param_text(params, search(), d);
    if (v != param_text(defaults, search(), d)) changed += (changed.empty() ? "" : ",") + std::string(d.name) + "=" + v;
  }
  return changed.empty() ? name : name + "(" + changed + ")";
}

std::vector<std::string> agent_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream items(text);
  std::string item, part;
  while (std::getline(items, item, ';')) {
    std::stringstream parts(item);
    std::string cur;
    while (std::getline(parts, part, ',')) {
      const std::string head = part.substr(0, part.find(':'));
      if (agent_bit(head) && !cur.empty()) out.push_back(cur), cur.clear();
      cur += (cur.empty() ? "" : ",") + part;
    }
    if (!cur.empty()) out.push_back(cur);
  }
  return out;
}

namespace {

// The observer that appends a TurnRow to `trace` at every draw and at the end (empty without a trace).
TurnObserver trace_observer(const Rules& R, std::vector<TurnRow>* trace) {
  if (!trace) return {};
  return [&R, trace](const State& s) {
    TurnRow r;
    r.turn = s.turn;
    r.score = progress(R, s);
    r.ghost_supply = s.ghost_supply;
    r.ghosts_on_board = s.ghosts_on_board;
    r.pile = s.active_end + 1;
    r.tiles_left = tiles_left(s);
    for (HoundState h : s.hound) r.hounds += h != HoundState::Waiting;
    r.face_down = s.face_down;
    r.end = is_over(s);
    trace->push_back(r);
  };
}

// The option `agent` takes, except that with area=first the area decisions (R3.3, R7.2) take their
// first option without asking it.
template <class Agent>
int choose_with(Agent& agent, bool first_area, const State& s, const Action* options, int n) {
  return first_area && (s.phase == Phase::Fewer || s.phase == Phase::GhostArea) ? 0 : agent(s, options, n);
}

// Plays with `agent` (choose_with); `choices`, when given, receives every option index chosen.
template <class Agent>
GameSummary play_with(const Rules& R, const Deal& deal, Agent& agent, bool first_area, std::vector<std::string>* log,
                      std::vector<TurnRow>* trace, std::vector<int>* choices) {
  const TurnObserver observe = trace_observer(R, trace);
  const TurnObserver* on_turn = trace ? &observe : nullptr;
  if (!first_area && !choices) return play_game(R, deal, agent, log, on_turn);
  auto choose = [&](const State& s, const Action* options, int n) {
    const int i = choose_with(agent, first_area, s, options, n);
    if (choices) choices->push_back(i);
    return i;
  };
  return play_game(R, deal, choose, log, on_turn);
}

// The one place an agent name becomes an agent type: makes the player `a` names, seeded with
// `agent_seed` (the clairvoyant reading `deal`), and returns f(agent). The agent is bound at
// compile time inside `f`. The solver is no player: an AnalysisError.
template <class F>
decltype(auto) with_agent(const Rules& R, const AgentSpec& a, uint64_t agent_seed, const Deal* deal, F&& f) {
  if (a.params.stream != 0) agent_seed = splitmix64(agent_seed ^ (uint64_t(a.params.stream) * 0x9e3779b97f4a7c15ull));
  switch (a.kind) {
    case RANDOM: {
      RandomAgent agent(agent_seed);
      return f(agent);
    }
    case GREEDY: {
      GreedyAgent agent(R, agent_seed, a.params.weights);
      return f(agent);
    }
    case EXPERT: {
      ExpertAgent agent(R, agent_seed, a.params.weights);
      return f(agent);
    }
    case SEARCH: {  // mcts, or the clairvoyant: mcts on the game's deal
      if (a.reads_deal && !deal) throw AnalysisError("agent '" + a.text + "': the clairvoyant needs the game's deal");
      MctsAgent agent(R, search_config(R, a), agent_seed, a.reads_deal ? deal : nullptr);
      return f(agent);
    }
    case PLANNER: {
      if (a.params.true_deal && !deal) throw AnalysisError("agent '" + a.text + "': deals=true needs the game's deal");
      PlannerAgent agent(R, planner_config(R, a), agent_seed, a.params.true_deal ? deal : nullptr);
      return f(agent);
    }
    case TD: {
      TdConfig c = a.params.td;
      c.weights = a.params.weights;
      if (c.preview > 0 && !deal) throw AnalysisError("agent '" + a.text + "': preview needs the game's deal");
      TdAgent agent(R, afterstate_for(R, a), c, agent_seed, c.preview > 0 ? deal : nullptr);
      return f(agent);
    }
    case SOLVER:
      throw AnalysisError("agent '" + a.text + "': the solver is not a player (it proves verdicts; use it in a study)");
    default:
      throw AnalysisError("unknown agent '" + a.name + "' (" + agent_row_names(agent_table()) + ")");
  }
}

GameSummary solve_one(const Rules& R, const Deal& deal, const SolveBudget& budget, const Weights& weights, uint64_t game,
                      std::vector<std::string>* log, std::vector<TurnRow>* trace, SolveFacts* facts) {
  const SolveResult r = solve_deal(R, deal, budget, game, nullptr, weights);
  if (facts) *facts = SolveFacts{r.verdict, r.nodes, (long long)(r.seconds * 1000.0 + 0.5), r.best_progress, r.best_targets};
  if (r.verdict == Verdict::Won) {
    const TurnObserver observe = trace_observer(R, trace);
    return replay_line(R, deal, r.line, log, trace ? &observe : nullptr);
  }
  GameSummary s;
  s.outcome = Outcome::Lost;
  s.score = r.best_progress;
  s.hounds_reached = std::min(r.best_targets, 2);
  return s;
}

}  // namespace

bool sees_the_deal(const AgentSpec& agent) {
  return agent.reads_deal || (agent.is(PLANNER) && agent.params.true_deal) ||
         (agent.is(TD) && agent.params.td.preview > 0);
}

double game_weight(const AgentSpec& a) {
  if (a.search()) return 30.0 * std::max(1, a.params.mcts.playouts);
  // The solver: its whole budget, a uniform random game being some tens of engine steps (it is
  // lost within about 15 turns, results/strength); deals that end early make this a ceiling.
  if (a.is(SOLVER)) return a.params.solve.nodes > 0 ? double(a.params.solve.nodes) / 60.0 : 5e4 * a.params.solve.seconds;
  // The planner: in the default shortlist mode about 60 per sample, candidate, beam position and
  // turn of horizon (docs/performance.md: 7 samples of 6 candidates at width 1, horizon 4 took
  // 0.74-0.97 of mcts's CPU time at 600 playouts on levels 2 and 3); in the vote mode about 100
  // per sample, beam position and turn (4 x 8 x 4 took 0.73 of mcts's time).
  if (a.is(PLANNER)) {
    const double turns = a.params.plan.horizon > 0 ? a.params.plan.horizon : 15;
    const double per = double(std::max(1, a.params.plan.samples)) * std::max(1, a.params.plan.width) * turns;
    return a.params.plan.candidates > 0 ? 60.0 * per * a.params.plan.candidates : 100.0 * per;
  }
  if (a.is(EXPERT)) return 64;
  if (a.is(GREEDY)) return 8;
  return 1;
}

const ValueModel* value_for(const Rules& R, const AgentSpec& a) {
  if (!a.reads_value()) return nullptr;
  const ValueModel& m = shipped_value_model();
  if (!m.covers(R))
    throw AnalysisError("agent '" + a.text + "': " + std::string(VALUE_FILE) + " has no value for level " + std::to_string(R.level.number) +
                        (R.params.levers.any() ? " with co-op levers" : "") + " (it was trained for other games; see mists train --help)");
  return &m;
}

const AfterstateModel& afterstate_for(const Rules& R, const AgentSpec& a) {
  const AfterstateModel& m = shipped_afterstate_model();
  if (!m.covers(R))
    throw AnalysisError("agent '" + a.text + "': " + std::string(AFTERSTATE_FILE) + " has no value for level " + std::to_string(R.level.number) +
                        (R.params.levers.any() ? " with co-op levers" : "") + " (see mists train --method td)");
  return m;
}

PlannerConfig planner_config(const Rules& R, const AgentSpec& a) {
  PlannerConfig c = a.params.planner();
  c.value = value_for(R, a);
  c.value_all = a.params.learned_value == 2;
  c.value_blend = a.params.learned_value == 3 ? a.params.blend : 0.0;
  if (a.params.learned_value == 4) c.afterstate = &afterstate_for(R, a);
  return c;
}

MctsConfig search_config(const Rules& R, const AgentSpec& a) {
  MctsConfig c = a.params.mcts;
  c.value = value_for(R, a);
  if (a.params.learned_value == 4) c.afterstate = &afterstate_for(R, a);
  return c;
}

uint64_t agent_seed(uint64_t seed, uint64_t game) { return stream_seed(seed, game, AGENT_STREAM); }

GameSummary play_one(const Rules& R, const AgentSpec& a, uint64_t seed, uint64_t game, std::vector<std::string>* log,
                     std::vector<TurnRow>* trace, SolveFacts* solve, std::vector<int>* choices) {
  const Deal deal = seeded_deal(R, seed, game);
  if (a.is(SOLVER)) return solve_one(R, deal, a.params.solve, a.params.weights, game, log, trace, solve);
  return with_agent(R, a, agent_seed(seed, game), &deal, [&](auto& agent) {
    return play_with(R, deal, agent, a.params.first_area, log, trace, choices);
  });
}

Chooser make_agent(const Rules& R, const AgentSpec& a, uint64_t seed, std::shared_ptr<const Deal> deal) {
  return with_agent(R, a, seed, deal.get(), [&](auto& agent) -> Chooser {
    auto held = std::make_shared<std::decay_t<decltype(agent)>>(std::move(agent));
    return [held, deal, first_area = a.params.first_area](const State& s, const Action* options, int n) {
      return choose_with(*held, first_area, s, options, n);
    };
  });
}

GameSummary replay_choices(const Rules& R, uint64_t seed, uint64_t game, const std::vector<int>& choices, const TurnObserver& on_turn,
                           const std::string& where) {
  size_t next = 0;
  auto scripted = [&](const State&, const Action*, int n) {
    if (next >= choices.size()) throw AnalysisError(where + ": the game goes on after its " + std::to_string(choices.size()) + " choices");
    const int i = choices[next++];
    if (i < 0 || i >= n)
      throw AnalysisError(where + ": choice " + std::to_string(next) + " is " + std::to_string(i) + ", the position has " + std::to_string(n) + " options");
    return i;
  };
  const GameSummary g = play_game(R, seeded_deal(R, seed, game), scripted, nullptr, &on_turn);
  if (next != choices.size())
    throw AnalysisError(where + ": the game ended after " + std::to_string(next) + " of its " + std::to_string(choices.size()) + " choices");
  return g;
}

}  // namespace mists::analysis
