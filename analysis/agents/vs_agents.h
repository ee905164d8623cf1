// The competitive agents (random, greedy, expert, mcts) and every setting an agent text may give
// them, in one table: parsing and range checks (parse_vs_agent), the factory (make_vs_agent), the
// help of `mists versus` and `mists agents`, and the table of docs/versus.md are derived from it,
// as analysis/agents/params.h does for the co-op agents.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/agents/param_value.h"
#include "engine/versus/versus.h"
#include "solver/versus_agents.h"

namespace mists::analysis {

// A competitive agent by its text: NAME or NAME:key=value,... (the settings: vs_param_table()).
struct VsAgentSpec {
  std::string text;
  std::string name;
  unsigned kind = 0;  // its row's kind in the agent table (VsAgentBit), set by parse_vs_agent; the factory reads it
  vs::Objective objective = vs::Objective::Own;
  vs::ExpertWeights expert;
  vs::VsMctsConfig mcts;
};

// The competitive agents by kind, as bits of VsParamDef::agents.
enum VsAgentBit : unsigned { VS_RANDOM = 1, VS_GREEDY = 2, VS_EXPERT = 4, VS_MCTS = 8 };
// The competitive agents, a row each (analysis/agents/param_value.h; none reads the deal): random, greedy,
// expert, mcts. Their parameter rows are vs_param_table()'s, their factory make_vs_agent's (by kind).
const std::vector<AgentRow>& vs_agent_table();
// The bit of an agent name; 0 when it names no competitive agent.
unsigned vs_agent_bit(std::string_view name);
// The competitive agents' names, in the table's order: "random, greedy, expert, mcts".
std::string vs_agent_names();

using VsParamType = ParamType;  // Int, Real or Choice

struct VsParamDef {
  std::string_view name;
  VsParamType type;
  unsigned agents;                        // VsAgentBit mask of the agents that take it
  double lo, hi;                          // Int and Real: the allowed range, inclusive
  std::vector<std::string_view> choices;  // Choice: the values
  std::string_view help;
  double (*get)(const VsAgentSpec&);      // Choice: the index
  void (*set)(VsAgentSpec&, double);
  std::string_view word = {};             // Int: one word also accepted, standing for `word_value`
  double word_value = 0;
  // How the value is written and read (analysis/agents/param_value.h, shared with the co-op table).
  ParamValue value() const;
};

// Every setting; a name may have one row per group of agents (objective: paranoid is mcts's only).
const std::vector<VsParamDef>& vs_param_table();

// Throws AnalysisError naming the agent text and the setting at fault (an unknown agent, an
// unknown key, a key given twice, a value out of range or not one of the choices).
VsAgentSpec parse_vs_agent(const std::string& text);

using VsChooser = std::function<int(const vs::VsState&, const vs::VsAction*, int)>;
// The agent a spec names, seeded with `seed`.
VsChooser make_vs_agent(const vs::VsRules& R, const VsAgentSpec& spec, uint64_t seed);

// Rough cost of one game of this agent at every seat, relative to a uniform random one: what a
// tournament's progress line expects of a pair before its first chunk is timed. Measured once on
// GCC with 2 players (`mists versus --threads 1`, 200 games; mcts 20): greedy and expert about 8,
// mcts about 4 a playout.
double vs_game_weight(const VsAgentSpec& spec);

// The table as plain text (--help of mists versus and mists agents) and as Markdown (docs/versus.md).
std::string vs_params_help();
std::string vs_params_markdown();

}  // namespace mists::analysis
