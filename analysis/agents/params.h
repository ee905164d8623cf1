// Agent parameters, one table: every parameter an agent text may set ("mcts:playouts=1000,c=0.2")
// with its type, default, range, the agents that take it and its help. Parsing and range checks
// (parse_agent), the study files' "mcts" and "heuristic" blocks (to and from JSON), the agents'
// --help text and the table in docs/solver.md (`mists agents --markdown`) are all derived from it.
#pragma once

#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/agents/param_value.h"
#include "solver/deal_solver.h"
#include "solver/mcts.h"
#include "solver/planner.h"
#include "solver/td_agent.h"

namespace mists::analysis {

// The agents by kind, as bits of ParamDef::agents.
enum AgentBit : unsigned { RANDOM = 1, GREEDY = 2, EXPERT = 4, SEARCH = 8 /* mcts, clairvoyant */, SOLVER = 16, PLANNER = 32, TD = 64 };

// The values one agent is played with.
struct AgentParams {
  MctsConfig mcts;          // search agents
  Weights weights;          // greedy, expert and planner (search agents use mcts.weights)
  PlannerConfig plan;       // the planner's samples, width and horizon (its weights are `weights`)
  bool first_area = false;  // area=first: the first option at the R3.3 and R7.2 area decisions
  bool true_deal = false;  // planner deals=true: plans on the game's true deal (a bound, not fair)
  int learned_value = 0;  // value: 0 heuristic; 1 leaf, 2 learned, 3 blend: the shipped learned value judges; 4 td: the afterstate value (docs/solver.md)
  double blend = 30;      // value=blend: heuristic points per unit of the learned value's log-odds
  // stream: 0 the agent's random stream of the game, the same for every agent (common random
  // numbers); N > 0 another stream of its own, to see how much of a result is the agent's luck.
  long long stream = 0;
  TdConfig td;            // td: depth and top (its weights are `weights`)
  // The planner's configuration with this agent's heuristic weights.
  PlannerConfig planner() const {
    PlannerConfig c = plan;
    c.weights = weights;
    return c;
  }
  // The deal solver's budget per deal: 25 million engine steps, about 10 s on one idle core of the
  // 2-core machine the results were made on (2.8 million steps a second, docs/performance.md).
  SolveBudget solve{25000000, 0};
};

enum class ParamGroup { Search, Heuristic, Agent };  // study.json block: "mcts", "heuristic", none

struct ParamDef {
  std::string_view name;
  ParamType type;
  ParamGroup group;
  unsigned agents;                        // AgentBit mask of the agents that take it
  double lo, hi;                          // Int and Real: the allowed range, inclusive
  std::vector<std::string_view> choices;  // Choice: the values; Bool: none
  std::string_view help;
  // The value as a number (Choice: the index; Bool: 0 or 1). `search` picks where the heuristic
  // weights live (mcts.weights for search agents, weights otherwise).
  double (*get)(const AgentParams&, bool search);
  void (*set)(AgentParams&, bool search, double);
  // A parameter of the "mcts" or "heuristic" block added after studies had been written: the value
  // those studies played with. A block without the key reads as that value, and the key is written
  // only when the value differs, so an older study keeps its meaning and its hash (NaN: always written).
  double absent = std::numeric_limits<double>::quiet_NaN();
  // How the value is written and read (analysis/agents/param_value.h, shared with the competitive table).
  ParamValue value() const;
};

const std::vector<ParamDef>& param_table();

// The co-op agents, a row each (analysis/agents/param_value.h): random, greedy, expert, mcts, clairvoyant
// (mcts told the deal), planner, td, solver (no player: it proves verdicts). Their parameter rows
// are param_table()'s, their factory analysis/agents/agents.cpp's with_agent (by kind).
const std::vector<AgentRow>& agent_table();
// The kind bit of an agent name; 0 when unknown.
unsigned agent_bit(std::string_view name);
// The kind bit of the agent an agent text names ("planner:samples=12" -> PLANNER); 0 when unknown.
unsigned agent_kind(std::string_view text);

// Sets `def` from its text value; throws AnalysisError "`where`: NAME = 'v' ..." naming the
// allowed values or range.
void set_param(AgentParams& p, bool search, const ParamDef& def, const std::string& value, const std::string& where);
// The value as text ("600", "0.1", "true", "turn"), as an agent text writes it.
std::string param_text(const AgentParams& p, bool search, const ParamDef& def);

// The study.json block of a group ("mcts" or "heuristic"): every parameter of the group by name.
nlohmann::json params_to_json(const AgentParams& p, ParamGroup group);
// Reads such a block: every parameter present, typed and in range; unknown keys are refused.
// `where` names the block in messages ("study.json: config.mcts").
void params_from_json(AgentParams& p, ParamGroup group, const nlohmann::json& j, const std::string& where);

// The parameter table as Markdown (docs/solver.md) and as plain text (--help).
std::string params_markdown();
std::string params_help();

}  // namespace mists::analysis
