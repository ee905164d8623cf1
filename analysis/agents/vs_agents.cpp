#include "analysis/agents/vs_agents.h"

#include <algorithm>
#include <memory>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "engine/kit/number.h"

namespace mists::analysis {

namespace {

constexpr double W = 1000;  // the range of a weight of the expert's terms: any sign
constexpr unsigned TERMS = VS_EXPERT | VS_MCTS;

// A weight of the expert's terms (the expert's, and mcts's for its leaves and turns).
#define VS_WEIGHT(NAME, AGENTS, HELP)                                                          \
  VsParamDef{#NAME, VsParamType::Real, AGENTS, -W, W, {}, HELP,                                \
             [](const VsAgentSpec& a) { return a.expert.NAME; }, [](VsAgentSpec& a, double v) { a.expert.NAME = v; }}

std::vector<VsParamDef> make_table() {
  return {
      {"objective", VsParamType::Choice, VS_GREEDY | VS_EXPERT, 0, 0, {"own", "margin"},
       "own: the seat's own points; margin: its points less the best other seat's",
       [](const VsAgentSpec& a) { return double(int(a.objective)); },
       [](VsAgentSpec& a, double v) { a.objective = vs::Objective(int(v)); }},
      {"objective", VsParamType::Choice, VS_MCTS, 0, 0, {"own", "margin", "paranoid"},
       "own: each seat its own value; margin: its value less the best other seat's; paranoid: the other seats play against the root's seat",
       [](const VsAgentSpec& a) { return double(int(a.objective)); },
       [](VsAgentSpec& a, double v) { a.objective = vs::Objective(int(v)); }},
      {"macro", VsParamType::Int, VS_MCTS, 0, 10000, {},
       "> 0: the tree's moves are whole turns, the expert's K best turns at each node; 0: single decisions",
       [](const VsAgentSpec& a) { return double(a.mcts.macro); }, [](VsAgentSpec& a, double v) { a.mcts.macro = int(v); }},
      {"playouts", VsParamType::Int, VS_MCTS, 1, 10000000, {}, "playouts per decision",
       [](const VsAgentSpec& a) { return double(a.mcts.playouts); }, [](VsAgentSpec& a, double v) { a.mcts.playouts = int(v); }},
      {"c", VsParamType::Real, VS_MCTS, 0, 100, {}, "UCT exploration constant",
       [](const VsAgentSpec& a) { return a.mcts.c; }, [](VsAgentSpec& a, double v) { a.mcts.c = v; }},
      {"scale", VsParamType::Real, VS_MCTS, 0.001, 1e6, {}, "points that make one unit of value",
       [](const VsAgentSpec& a) { return a.mcts.scale; }, [](VsAgentSpec& a, double v) { a.mcts.scale = v; }},
      {"chance", VsParamType::Real, VS_MCTS, 0, 1000, {},
       "> 0: the draws a chance node keeps, times sqrt(visits + 1); 0: every draw",
       [](const VsAgentSpec& a) { return a.mcts.chance_width; }, [](VsAgentSpec& a, double v) { a.mcts.chance_width = v; }},
      {"bias", VsParamType::Real, VS_MCTS, 0, 1e6, {},
       "macro: progressive bias towards the turns the expert values most (0: none)",
       [](const VsAgentSpec& a) { return a.mcts.bias; }, [](VsAgentSpec& a, double v) { a.mcts.bias = v; }},
      {"rank", VsParamType::Choice, VS_MCTS, 0, 0, {"objective", "margin"},
       "macro: rank a seat's turns by the objective's own value, or by the expert's margin",
       [](const VsAgentSpec& a) { return a.mcts.rank_margin ? 1.0 : 0.0; },
       [](VsAgentSpec& a, double v) { a.mcts.rank_margin = v != 0; }},
      {"widen", VsParamType::Real, VS_MCTS, 0, 1000, {},
       "macro, below the root: > 0 selects among the first ceil(widen * sqrt(visits + 1)) turns of a node; 0: every turn",
       [](const VsAgentSpec& a) { return a.mcts.widen; }, [](VsAgentSpec& a, double v) { a.mcts.widen = v; }},
      {"prune", VsParamType::Int, VS_MCTS, 0, 10000, {},
       "macro=0: at a placement, search only the K placements the expert's turn search values most (0: every one)",
       [](const VsAgentSpec& a) { return double(a.mcts.prune); }, [](VsAgentSpec& a, double v) { a.mcts.prune = int(v); }},
      {"rollout", VsParamType::Int, VS_MCTS, 0, 1000, {},
       "random placements before a leaf is judged; end: to the end of the game",
       [](const VsAgentSpec& a) { return double(a.mcts.rollout_turns); },
       [](VsAgentSpec& a, double v) { a.mcts.rollout_turns = int(v); }, "end", -1},
      {"leaf", VsParamType::Choice, VS_MCTS, 0, 0, {"score", "expert"},
       "judge a seat at a leaf by its score and final scoring, or by the expert's terms",
       [](const VsAgentSpec& a) { return a.mcts.expert_leaf ? 1.0 : 0.0; },
       [](VsAgentSpec& a, double v) { a.mcts.expert_leaf = v != 0; }},
      VS_WEIGHT(meeple, VS_EXPERT, "per meeple in the seat's supply"),
      VS_WEIGHT(guard, VS_EXPERT, "per guard in the seat's hand (GCC)"),
      VS_WEIGHT(ghost, VS_EXPERT, "subtracted per ghost on the seat's meeples (GCC)"),
      VS_WEIGHT(meeple_am, TERMS, "in place of meeple when Abbey & Mayor is played: per meeple in the supply"),
      VS_WEIGHT(abbey, TERMS, "for the seat's abbey still in hand (Abbey & Mayor)"),
      VS_WEIGHT(piece, TERMS, "per mayor or wagon in hand (Abbey & Mayor), and for the abbot in hand"),
      VS_WEIGHT(barn, TERMS, "for the barn still in hand (Abbey & Mayor)"),
      VS_WEIGHT(toll, TERMS, "for the tollhouse still in hand (The Tollkeepers)"),
      VS_WEIGHT(chip, TERMS, "per chip point in hand (Map-Chips)"),
      VS_WEIGHT(growth, TERMS, "an abbot on the board: per empty cell around it, times the share of the pile left (the points it may still gain)"),
  };
}
#undef VS_WEIGHT

const std::vector<AgentRow>& agent_rows() {
  static const std::vector<AgentRow> rows = {{"random", VS_RANDOM}, {"greedy", VS_GREEDY}, {"expert", VS_EXPERT}, {"mcts", VS_MCTS}};
  return rows;
}

std::string value_text(const VsAgentSpec& a, const VsParamDef& d) { return param_value_text(d.value(), d.get(a)); }

std::string agents_text(unsigned mask) { return agent_row_names(agent_rows(), mask); }

// The row of `key` for the agent `bit`, or null.
const VsParamDef* find_row(const std::string& key, unsigned bit) {
  for (const VsParamDef& d : vs_param_table())
    if (d.name == key && (d.agents & bit)) return &d;
  return nullptr;
}

}  // namespace

ParamValue VsParamDef::value() const { return ParamValue{type, lo, hi, &choices, lo == -W && hi == W, word, word_value}; }

const std::vector<VsParamDef>& vs_param_table() {
  static const std::vector<VsParamDef> table = make_table();
  return table;
}

const std::vector<AgentRow>& vs_agent_table() { return agent_rows(); }

unsigned vs_agent_bit(std::string_view name) {
  const AgentRow* r = find_agent_row(agent_rows(), name);
  return r ? r->kind : 0;
}

std::string vs_agent_names() { return agents_text(~0u); }

VsAgentSpec parse_vs_agent(const std::string& text) {
  VsAgentSpec a;
  a.text = text;
  const size_t colon = text.find(':');
  a.name = text.substr(0, colon);
  const unsigned bit = vs_agent_bit(a.name);
  a.kind = bit;
  if (!bit) throw AnalysisError("agent '" + text + "': '" + a.name + "' is not a competitive agent (" + vs_agent_names() + ")");
  if (bit == VS_EXPERT) a.objective = vs::Objective::Margin;
  std::vector<std::string> seen;
  for (const std::string& item : colon == std::string::npos ? std::vector<std::string>{} : param_items(text, colon)) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) throw AnalysisError("agent '" + text + "': '" + item + "' is not key=value");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) throw AnalysisError("agent '" + text + "': " + key + " is given twice");
    seen.push_back(key);
    auto bad = [&](const std::string& why) { return AnalysisError("agent '" + text + "': " + key + ": " + why); };
    const VsParamDef* d = find_row(key, bit);
    if (!d) throw bad("no such setting of " + a.name);
    double v = 0;
    try {
      v = read_param_value(d->value(), value);
    } catch (const NumberError& e) {
      if (d->type != VsParamType::Choice) throw bad(e.what());
      throw bad("'" + value + "' is not " + (key == "objective" ? "an objective of " + a.name : "a value of " + key) + " (" +
                param_values_text(d->value()) + ")");
    }
    d->set(a, v);
  }
  a.mcts.objective = a.objective;
  a.expert.margin = a.objective != vs::Objective::Own;
  a.mcts.weights = a.expert;  // its leaves and turns: the expert's terms (`margin` is the objective's)
  return a;
}

VsChooser make_vs_agent(const vs::VsRules& R, const VsAgentSpec& spec, uint64_t seed) {
  switch (spec.kind) {
    case VS_RANDOM: {
      auto a = std::make_shared<vs::VsRandomAgent>(seed);
      return [a](const vs::VsState& s, const vs::VsAction* o, int n) { return (*a)(s, o, n); };
    }
    case VS_GREEDY: {
      auto a = std::make_shared<vs::VsGreedyAgent>(R, seed, spec.objective);
      return [a](const vs::VsState& s, const vs::VsAction* o, int n) { return (*a)(s, o, n); };
    }
    case VS_EXPERT: {
      auto a = std::make_shared<vs::VsGreedyAgent>(R, seed, spec.expert);
      return [a](const vs::VsState& s, const vs::VsAction* o, int n) { return (*a)(s, o, n); };
    }
    case VS_MCTS: {
      auto a = std::make_shared<vs::VsMctsAgent>(R, spec.mcts, seed);
      return [a](const vs::VsState& s, const vs::VsAction* o, int n) { return (*a)(s, o, n); };
    }
    default: throw AnalysisError("agent '" + spec.text + "': '" + spec.name + "' is not a competitive agent (" + vs_agent_names() + ")");
  }
}

double vs_game_weight(const VsAgentSpec& spec) {
  switch (spec.kind) {
    case VS_GREEDY:
    case VS_EXPERT: return 8;
    case VS_MCTS: return 4.0 * std::max(1, spec.mcts.playouts);
    default: return 1;
  }
}

std::string vs_params_help() {
  std::ostringstream os;
  os << "Competitive agents: " << vs_agent_names() << " (docs/versus.md). Write NAME or NAME:key=value,key=value.\n";
  for (const AgentRow& agent : agent_rows()) {
    const VsAgentSpec defaults = parse_vs_agent(std::string(agent.name));
    bool any = false;
    for (const VsParamDef& d : vs_param_table()) {
      if (!(d.agents & agent.kind)) continue;
      if (!any) os << "  " << agent.name << ":\n";
      any = true;
      os << "    " << d.name << " (" << param_values_text(d.value()) << "; default " << value_text(defaults, d) << "): " << d.help << "\n";
    }
    if (!any) os << "  " << agent.name << ": no settings\n";
  }
  return os.str();
}

std::string vs_params_markdown() {
  std::ostringstream md;
  md << "| setting | agents | values | default | meaning |\n|---|---|---|---|---|\n";
  for (const VsParamDef& d : vs_param_table()) {
    std::vector<std::pair<std::string_view, std::string>> per_agent;  // the default of each agent that takes it
    for (const AgentRow& agent : agent_rows())
      if (d.agents & agent.kind) per_agent.emplace_back(agent.name, value_text(parse_vs_agent(std::string(agent.name)), d));
    const bool same = std::all_of(per_agent.begin(), per_agent.end(), [&](const auto& p) { return p.second == per_agent[0].second; });
    std::string defaults;
    for (const auto& [agent, v] : per_agent) {
      defaults += (defaults.empty() ? "" : ", ") + (same ? "" : std::string(agent) + " ") + "`" + v + "`";
      if (same) break;
    }
    md << "| `" << d.name << "` | " << agents_text(d.agents) << " | " << param_values_text(d.value()) << " | " << defaults << " | " << d.help << " |\n";
  }
  return md.str();
}

}  // namespace mists::analysis
