// The shape both agent tables share — the co-op agents (analysis/agents/params.h) and the competitive
// agents (analysis/agents/vs_agents.h): a row per agent (AgentRow) and how a setting of an agent text is
// written and read (a parameter row gives its value's shape as a ParamValue; reading a value,
// printing one and describing the values a setting takes are done here once, so both tables read
// numbers alike). Code outside a table asks a spec's kind and flags, never an agent's name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mists::analysis {

// One agent of a game's table: its name, its kind (the table's bit, which its parameter rows and
// its factory read), whether it reads the game's deal by its nature (a bound, never a fair player:
// reports, training and review keep it apart), and whether it plays a game at all (the co-op deal
// solver proves verdicts instead).
struct AgentRow {
  std::string_view name;
  unsigned kind = 0;
  bool reads_deal = false;
  bool plays = true;
};
// The row named `name`, or null.
const AgentRow* find_agent_row(const std::vector<AgentRow>& rows, std::string_view name);
// "random, greedy, expert": the names of the rows whose kind is in `mask`, in table order.
std::string agent_row_names(const std::vector<AgentRow>& rows, unsigned mask = ~0u);

enum class ParamType { Int, Real, Bool, Choice };

struct ParamValue {
  ParamType type = ParamType::Int;
  double lo = 0, hi = 0;                         // Int and Real: the allowed range, inclusive
  const std::vector<std::string_view>* choices = nullptr;  // Choice: the values (the row's own list)
  bool any_number = false;                       // Real: described as "number" (a weight of any sign)
  std::string_view word = {};                    // Int: one word also accepted, standing for word_value
  double word_value = 0;
};

// The value of `text` (Choice: the index; Bool: 0 or 1). Throws NumberError: a number not a whole
// token, not finite or out of range, "not true or false", "not one of a, b".
double read_param_value(const ParamValue& v, const std::string& text);
// A value as an agent text writes it ("600", "0.1", "true", "turn", or the Int's word).
std::string param_value_text(const ParamValue& v, double value);
// The values a setting takes: "whole number 1..6", "number", "number 0..1", "true or false", "a, b".
std::string param_values_text(const ParamValue& v);

}  // namespace mists::analysis
