#include "analysis/agents/params.h"

#include <cmath>
#include <sstream>

#include "analysis/run/error.h"
#include "engine/kit/number.h"

namespace mists::analysis {

namespace {

constexpr unsigned PLAYERS = RANDOM | GREEDY | EXPERT | SEARCH | PLANNER | TD;  // the agents that play a game move by move
constexpr unsigned HEURISTIC = GREEDY | EXPERT | SEARCH | PLANNER | TD;
constexpr double BIG = 1e6;  // the range of a heuristic weight: any sign, any size that makes sense

Weights& weights_of(AgentParams& p, bool search) { return search ? p.mcts.weights : p.weights; }
const Weights& weights_of(const AgentParams& p, bool search) { return search ? p.mcts.weights : p.weights; }

// A heuristic weight: a double member of Weights.
#define WEIGHT(NAME, HELP)                                                                                          \
  ParamDef{#NAME, ParamType::Real, ParamGroup::Heuristic, HEURISTIC, -BIG, BIG, {}, HELP,                          \
           [](const AgentParams& p, bool s) { return weights_of(p, s).NAME; },                                     \
           [](AgentParams& p, bool s, double v) { weights_of(p, s).NAME = v; }}

// A heuristic weight added after studies had been written (the levers' weights): written only
// when it differs from its default, so that studies keep their meaning and their hash.
#define LATER_WEIGHT(NAME, HELP)                                                                                    \
  ParamDef{#NAME, ParamType::Real, ParamGroup::Heuristic, HEURISTIC, -BIG, BIG, {}, HELP,                          \
           [](const AgentParams& p, bool s) { return weights_of(p, s).NAME; },                                     \
           [](AgentParams& p, bool s, double v) { weights_of(p, s).NAME = v; }, Weights{}.NAME}

std::vector<ParamDef> make_table() {
  const Weights w;
  (void)w;
  return {
      {"playouts", ParamType::Int, ParamGroup::Search, SEARCH, 1, 10000000, {},
       "playouts per decision (the search budget)",
       [](const AgentParams& p, bool) { return double(p.mcts.playouts); },
       [](AgentParams& p, bool, double v) { p.mcts.playouts = int(v); }},
      {"seconds", ParamType::Real, ParamGroup::Search, SEARCH, 0, 3600, {},
       "> 0: a time budget per decision instead of playouts (results then depend on the machine)",
       [](const AgentParams& p, bool) { return p.mcts.seconds; },
       [](AgentParams& p, bool, double v) { p.mcts.seconds = v; }},
      {"c", ParamType::Real, ParamGroup::Search, SEARCH, 0, 100, {}, "UCT exploration constant (rewards lie in [0, 1])",
       [](const AgentParams& p, bool) { return p.mcts.c; }, [](AgentParams& p, bool, double v) { p.mcts.c = v; }},
      {"pw_k", ParamType::Real, ParamGroup::Search, SEARCH, 0.01, 1000, {},
       "progressive widening: a node with N visits may have ceil(pw_k * N^pw_alpha) children",
       [](const AgentParams& p, bool) { return p.mcts.pw_k; }, [](AgentParams& p, bool, double v) { p.mcts.pw_k = v; }},
      {"pw_alpha", ParamType::Real, ParamGroup::Search, SEARCH, 0, 1, {}, "progressive widening exponent",
       [](const AgentParams& p, bool) { return p.mcts.pw_alpha; },
       [](AgentParams& p, bool, double v) { p.mcts.pw_alpha = v; }},
      {"rollout", ParamType::Choice, ParamGroup::Search, SEARCH, 0, 0, {"none", "turn", "random", "greedy"},
       "how a new leaf is judged: at once, after the rest of the turn played greedily, or after a random or greedy playout",
       [](const AgentParams& p, bool) { return double(int(p.mcts.rollout)); },
       [](AgentParams& p, bool, double v) { p.mcts.rollout = Rollout(int(v)); }},
      {"rollout_turns", ParamType::Int, ParamGroup::Search, SEARCH, 0, 100, {},
       "random and greedy rollouts: turns to play before the heuristic judges (0 = to the end)",
       [](const AgentParams& p, bool) { return double(p.mcts.rollout_turns); },
       [](AgentParams& p, bool, double v) { p.mcts.rollout_turns = int(v); }},
      {"value_scale", ParamType::Real, ParamGroup::Search, SEARCH, 0.001, BIG, {},
       "heuristic points that move a cut-off reward across the sigmoid",
       [](const AgentParams& p, bool) { return p.mcts.value_scale; },
       [](AgentParams& p, bool, double v) { p.mcts.value_scale = v; }},
      {"threads", ParamType::Int, ParamGroup::Search, SEARCH, 1, 256, {},
       "search threads for one decision: with parallel=root and a playout budget the choice depends only on the seed and this number; with parallel=tree it also depends on timing",
       [](const AgentParams& p, bool) { return double(p.mcts.threads); },
       [](AgentParams& p, bool, double v) { p.mcts.threads = int(v); }},
      {"parallel", ParamType::Choice, ParamGroup::Search, SEARCH, 0, 0, {"root", "tree"},
       "with threads > 1: independent trees merged at the root, or one shared tree",
       [](const AgentParams& p, bool) { return double(int(p.mcts.parallel)); },
       [](AgentParams& p, bool, double v) { p.mcts.parallel = SearchParallel(int(v)); }},
      {"determinize", ParamType::Int, ParamGroup::Search, SEARCH, 0, 1000, {},
       "mcts: > 0 searches this many deals sampled from the unseen tiles instead of chance nodes, playouts split among them, root visits added up (PIMC)",
       [](const AgentParams& p, bool) { return double(p.mcts.determinize); },
       [](AgentParams& p, bool, double v) { p.mcts.determinize = int(v); }, 0},
      {"reuse", ParamType::Bool, ParamGroup::Search, SEARCH, 0, 1, {},
       "keep the chosen option's subtree for the next decision of the same turn",
       [](const AgentParams& p, bool) { return p.mcts.reuse ? 1.0 : 0.0; },
       [](AgentParams& p, bool, double v) { p.mcts.reuse = v != 0; }},
      {"samples", ParamType::Int, ParamGroup::Agent, PLANNER, 1, 10000, {},
       "deals sampled from the unseen tiles at each placement, each searched by the beams",
       [](const AgentParams& p, bool) { return double(p.plan.samples); },
       [](AgentParams& p, bool, double v) { p.plan.samples = int(v); }},
      {"width", ParamType::Int, ParamGroup::Agent, PLANNER, 1, 10000, {},
       "positions the beam keeps per turn in each sample",
       [](const AgentParams& p, bool) { return double(p.plan.width); },
       [](AgentParams& p, bool, double v) { p.plan.width = int(v); }},
      {"horizon", ParamType::Int, ParamGroup::Agent, PLANNER, 0, 100, {},
       "turns the beam looks past the current one (0 = to the end of the game)",
       [](const AgentParams& p, bool) { return double(p.plan.horizon); },
       [](AgentParams& p, bool, double v) { p.plan.horizon = int(v); }},
      {"candidates", ParamType::Int, ParamGroup::Agent, PLANNER, 0, 1000, {},
       "0: one beam from every option, each sample votes for the root of its best line; M > 0: the M options the expert values most each get a beam of their own in every sample, and the best mean over the samples is played",
       [](const AgentParams& p, bool) { return double(p.plan.candidates); },
       [](AgentParams& p, bool, double v) { p.plan.candidates = int(v); }},
      {"value", ParamType::Choice, ParamGroup::Agent, PLANNER | SEARCH, 0, 0, {"heuristic", "leaf", "learned", "blend", "td"},
       "what judges positions: the heuristic; leaf: the learned chance to win (configs/value/value.txt) judges where the look-ahead stops (the planner's last beam positions, the end of an mcts rollout); learned: also every other judgement of the planner (its shortlist and beams; for mcts the same as leaf); blend (planner only): the last beam positions by the heuristic plus `blend` points per unit of the learned value's log-odds; td: the afterstate value (configs/value/afterstate.txt) judges every position of the planner (its beams then roll out the td agent's policy, and its unplanned decisions are the td agent's) and the end of an mcts rollout",
       [](const AgentParams& p, bool) { return double(p.learned_value); },
       [](AgentParams& p, bool, double v) { p.learned_value = int(v); }},
      {"blend", ParamType::Real, ParamGroup::Agent, PLANNER, 0.001, BIG, {},
       "value=blend: heuristic points per unit of the learned value's log-odds (about 30 matches the heuristic's own fit to the win on levels 4-5)",
       [](const AgentParams& p, bool) { return p.blend; },
       [](AgentParams& p, bool, double v) { p.blend = v; }, 30.0},
      {"decisions", ParamType::Choice, ParamGroup::Agent, PLANNER, 0, 0, {"placements", "all"},
       "placements: the tile's placement (and an abbey) is planned, every other decision is the expert's; all: every decision with two or more options is planned the same way (meeple, points or ghosts of each scoring, hounds, burials, areas)",
       [](const AgentParams& p, bool) { return p.plan.all_decisions ? 1.0 : 0.0; },
       [](AgentParams& p, bool, double v) { p.plan.all_decisions = v != 0; }, 0.0},
      {"deals", ParamType::Choice, ParamGroup::Agent, PLANNER, 0, 0, {"sampled", "true"},
       "sampled: the fair planner, each sample a deal drawn from the unseen tiles; true: one sample, the game's true deal (the draw order is known: a bound on this search, not a fair agent)",
       [](const AgentParams& p, bool) { return p.true_deal ? 1.0 : 0.0; },
       [](AgentParams& p, bool, double v) { p.true_deal = v != 0; }, 0.0},
      {"threads", ParamType::Int, ParamGroup::Agent, PLANNER, 1, 256, {},
       "threads that search the samples of one placement; the choice is the same on any number",
       [](const AgentParams& p, bool) { return double(p.plan.threads); },
       [](AgentParams& p, bool, double v) { p.plan.threads = int(v); }},
      WEIGHT(points, "heuristic: per point of progress and of pending scorings"),
      WEIGHT(supply, "heuristic: per ghost in the supply"),
      WEIGHT(low_supply, "heuristic: extra per ghost below safe_supply"),
      {"safe_supply", ParamType::Int, ParamGroup::Heuristic, HEURISTIC, 0, 250, {},
       "heuristic: the supply below which low_supply applies",
       [](const AgentParams& p, bool s) { return double(weights_of(p, s).safe_supply); },
       [](AgentParams& p, bool s, double v) { weights_of(p, s).safe_supply = int(v); }},
      WEIGHT(dead_ghost, "heuristic: extra cost of a ghost on mist that can never be finished"),
      WEIGHT(live_open, "heuristic: per open misty slot of a live bank"),
      WEIGHT(recover, "heuristic: per recoverable ghost (live bank or open cemetery)"),
      WEIGHT(meeple, "heuristic: per meeple in the supply"),
      WEIGHT(meeple_value, "heuristic: share of the discounted value of unfinished features with meeples"),
      WEIGHT(pressure, "heuristic: per point missing beyond 1.5 a tile to the next pile target or goal"),
      {"spread", ParamType::Real, ParamGroup::Heuristic, HEURISTIC | SOLVER, 0, 1, {},
       "heuristic, level 6: > 0 values each colour's points and prospects with a slope from 1 + spread down to 1 - spread at the next target; 0 = the former valuation (studies made before it read as 0)",
       [](const AgentParams& p, bool s) { return weights_of(p, s).spread; },
       [](AgentParams& p, bool s, double v) { weights_of(p, s).spread = v; }, 0.0},
      {"hound", ParamType::Real, ParamGroup::Heuristic, HEURISTIC | SOLVER, 0, BIG, {},
       "heuristic: per point a hound next to a meeple stands to score (the ghosts on the board, discounted by the feature's open sides; on level 6 for its meeple's colour); 0 = unvalued, as before it",
       [](const AgentParams& p, bool s) { return weights_of(p, s).hound; },
       [](AgentParams& p, bool s, double v) { weights_of(p, s).hound = v; }, Weights{}.hound},
      {"stuck", ParamType::Real, ParamGroup::Heuristic, HEURISTIC | SOLVER, 0, 1, {},
       "heuristic: share of the value taken from the features that reach a hole no unseen tile fits (a meeple'd city or road is worth nothing, a mist bank's ghosts count as on dead mist); 0 = holes unread, as before it",
       [](const AgentParams& p, bool s) { return weights_of(p, s).stuck; },
       [](AgentParams& p, bool s, double v) { weights_of(p, s).stuck = v; }, Weights{}.stuck},
      LATER_WEIGHT(abbey, "heuristic, coop_abbeys: per abbey in hand"),
      LATER_WEIGHT(toll, "heuristic, coop_tolls: share of the discounted toll value of the roads at the tollhouses"),
      LATER_WEIGHT(toll_held, "heuristic, coop_tolls: per tollhouse not yet on the board"),
      LATER_WEIGHT(chip, "heuristic, coop_chips: per chip point in hand"),
      {"nodes", ParamType::Int, ParamGroup::Agent, SOLVER, 0, 1e12, {},
       "engine steps per deal (0 = no limit); reproducible on any machine",
       [](const AgentParams& p, bool) { return double(p.solve.nodes); },
       [](AgentParams& p, bool, double v) { p.solve.nodes = (long long)v; }},
      {"seconds", ParamType::Real, ParamGroup::Agent, SOLVER, 0, 86400, {},
       "wall-clock seconds per deal (0 = no limit); verdicts then depend on the machine and its load",
       [](const AgentParams& p, bool) { return p.solve.seconds; },
       [](AgentParams& p, bool, double v) { p.solve.seconds = v; }},
      {"depth", ParamType::Int, ParamGroup::Agent, TD, 1, 2, {},
       "1: each option's afterstate judged by the learned afterstate value (the fast agent); 2: at a placement the top options searched one draw deeper, every unseen tile type weighted by its copies",
       [](const AgentParams& p, bool) { return double(p.td.depth); },
       [](AgentParams& p, bool, double v) { p.td.depth = int(v); }},
      {"top", ParamType::Int, ParamGroup::Agent, TD, 1, 1000, {},
       "depth 2: the options (ranked by depth 1) searched one draw deeper",
       [](const AgentParams& p, bool) { return double(p.td.top); },
       [](AgentParams& p, bool, double v) { p.td.top = int(v); }},
      {"preview", ParamType::Int, ParamGroup::Agent, TD, 0, 12, {},
       "0: the fair agent; K > 0: told the next K tiles (it reads the deal: a measure of foresight, never a fair agent): at a placement the top options each followed by the next K tiles as they will come, each placed by depth 1, judged by V where they end",
       [](const AgentParams& p, bool) { return double(p.td.preview); },
       [](AgentParams& p, bool, double v) { p.td.preview = int(v); }},
      {"stream", ParamType::Int, ParamGroup::Agent, PLAYERS, 0, 1e9, {},
       "0: the agent's random stream of each game, the one every agent shares (common random numbers); N > 0: another stream, so the same agent on the same deals shows how much of a result is its own luck",
       [](const AgentParams& p, bool) { return double(p.stream); },
       [](AgentParams& p, bool, double v) { p.stream = (long long)v; }, 0.0},
      {"area", ParamType::Choice, ParamGroup::Agent, PLAYERS, 0, 0, {"team", "first"},
       "the R3.3 and R7.2 area decisions: chosen by the agent, or the first option (the engine's former choice)",
       [](const AgentParams& p, bool) { return p.first_area ? 1.0 : 0.0; },
       [](AgentParams& p, bool, double v) { p.first_area = v != 0; }},
  };
}
#undef WEIGHT
#undef LATER_WEIGHT

std::string agents_text(unsigned mask) {
  if (mask == PLAYERS) return "all but solver";
  return agent_row_names(agent_table(), mask);
}

}  // namespace

const std::vector<ParamDef>& param_table() {
  static const std::vector<ParamDef> table = make_table();
  return table;
}

const std::vector<AgentRow>& agent_table() {
  static const std::vector<AgentRow> rows = {
      {"random", RANDOM},       {"greedy", GREEDY}, {"expert", EXPERT}, {"mcts", SEARCH}, {"clairvoyant", SEARCH, true},
      {"planner", PLANNER},     {"td", TD},         {"solver", SOLVER, true, false},
  };
  return rows;
}

unsigned agent_bit(std::string_view name) {
  const AgentRow* r = find_agent_row(agent_table(), name);
  return r ? r->kind : 0;
}

unsigned agent_kind(std::string_view text) { return agent_bit(text.substr(0, text.find(':'))); }

ParamValue ParamDef::value() const { return ParamValue{type, lo, hi, &choices, lo == -BIG && hi == BIG}; }

void set_param(AgentParams& p, bool search, const ParamDef& d, const std::string& value, const std::string& where) {
  double v = 0;
  try {
    v = read_param_value(d.value(), value);
  } catch (const NumberError& e) {
    throw AnalysisError(where + ": " + std::string(d.name) + " = '" + value + "': " + e.what());
  }
  d.set(p, search, v);
}

std::string param_text(const AgentParams& p, bool search, const ParamDef& d) { return param_value_text(d.value(), d.get(p, search)); }

nlohmann::json params_to_json(const AgentParams& p, ParamGroup group) {
  const bool search = true;  // the study's search defaults and the heuristic every agent starts from
  nlohmann::json j = nlohmann::json::object();
  for (const ParamDef& d : param_table()) {
    if (d.group != group) continue;
    const double v = d.get(p, search);
    const std::string key(d.name);
    if (v == d.absent) continue;  // a later parameter at the value older studies played with
    switch (d.type) {
      case ParamType::Int: j[key] = (long long)v; break;
      case ParamType::Real: j[key] = v; break;
      case ParamType::Bool: j[key] = v != 0; break;
      case ParamType::Choice: j[key] = std::string(d.choices[size_t(v)]); break;
    }
  }
  return j;
}

void params_from_json(AgentParams& p, ParamGroup group, const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw AnalysisError(where + ": not an object");
  for (const auto& [key, value] : j.items()) {
    const ParamDef* def = nullptr;
    for (const ParamDef& d : param_table())
      if (d.group == group && d.name == key) def = &d;
    if (!def) throw AnalysisError(where + "." + key + ": unknown parameter");
    std::string text;
    if (def->type == ParamType::Choice && value.is_string()) text = value.get<std::string>();
    else if (def->type == ParamType::Bool && value.is_boolean()) text = value.get<bool>() ? "true" : "false";
    else if (def->type == ParamType::Int && value.is_number_integer()) text = value.dump();
    else if (def->type == ParamType::Real && value.is_number()) text = value.dump();
    else throw AnalysisError(where + "." + key + ": expected " + param_values_text(def->value()) + ", found " + value.dump());
    set_param(p, true, *def, text, where);
  }
  for (const ParamDef& d : param_table())
    if (d.group == group && !j.contains(std::string(d.name))) {
      if (std::isnan(d.absent)) throw AnalysisError(where + "." + std::string(d.name) + ": missing");
      d.set(p, true, d.absent);
    }
}

std::string params_markdown() {
  const AgentParams defaults;
  std::ostringstream md;
  md << "| parameter | agents | values | default | meaning |\n|---|---|---|---|---|\n";
  for (const ParamDef& d : param_table())
    md << "| `" << d.name << "` | " << agents_text(d.agents) << " | " << param_values_text(d.value()) << " | `"
       << param_text(defaults, d.group == ParamGroup::Search, d) << "` | " << d.help << " |\n";
  return md.str();
}

std::string params_help() {
  const AgentParams defaults;
  std::ostringstream os;
  os << "Agent parameters (NAME:key=value,key=value; docs/solver.md):\n";
  for (const ParamDef& d : param_table())
    os << "  " << d.name << " (" << agents_text(d.agents) << "; " << param_values_text(d.value()) << "; default "
       << param_text(defaults, d.group == ParamGroup::Search, d) << "): " << d.help << "\n";
  return os.str();
}

}  // namespace mists::analysis
