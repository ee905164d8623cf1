// Agents by name: the one place that turns an agent text ("expert", "mcts:playouts=1000,c=0.2")
// into an agent spec (its row of the agent table, analysis/agents/params.h, and its parameters), and a
// spec into an agent type by its kind. Everything below binds the agent at compile time (play_game
// is a template).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "analysis/agents/params.h"
#include "engine/coop/game.h"

namespace mists::analysis {

struct AgentSpec {
  std::string name = "expert";  // random, greedy, expert, mcts, clairvoyant, planner, td, solver
  AgentParams params;           // its parameters (analysis/agents/params.h)
  std::string text;             // as written: "expert" or "expert:supply=1.2,meeple=0.8"
  unsigned kind = EXPERT;       // its row's kind in the agent table (AgentBit), set by parse_agent:
                                //   code outside the table asks is(...) rather than comparing names
  bool reads_deal = false;      // its row's: it reads the game's deal by nature (clairvoyant, solver)
  bool plays = true;            // its row's: it plays a game move by move (not the solver)
  bool is(AgentBit bit) const { return kind == bit; }
  bool search() const { return is(SEARCH); }  // mcts or the clairvoyant
  // Reads the shipped learned value (configs/value/value.txt: value=leaf, learned or blend) or the
  // afterstate value (configs/value/afterstate.txt: the td agents and value=td): what provenance records.
  bool reads_value() const { return params.learned_value >= 1 && params.learned_value <= 3; }
  bool reads_afterstate() const { return is(TD) || params.learned_value == 4; }
  // The name and every parameter that differs from its default, in table order
  // ("mcts(playouts=50,c=0.2)"); the name alone for an agent played with its defaults.
  std::string describe() const;
};

const std::vector<std::string>& agent_names();

// The strongest fair agent measured (results/strength-v3): the planner with the learned value
// beside its heuristic and 12 samples. The default study's and the ladder's best fair agent;
// `planner` keeps its own defaults by name, so studies played with it keep their meaning.
inline constexpr const char* BEST_FAIR_AGENT = "planner:value=blend,blend=10,samples=12";
// The default study's casual player: the expert, a one-turn look-ahead on the heuristic.
inline constexpr const char* CASUAL_AGENT = "expert";
// The luck-and-skill table's fair agent and the same agent told the next 1, 2 and 4 tiles
// (td:preview=K reads the deal): what foresight is worth on each level.
inline constexpr std::array<const char*, 4> FORESIGHT_AGENTS = {"td:depth=2", "td:depth=2,preview=1", "td:depth=2,preview=2",
                                                                "td:depth=2,preview=4"};

// Parses "NAME" or "NAME:key=value,key=value" (analysis/agents/params.h lists the keys). Search agents
// start from `search_defaults` (a study's --playouts, --c, --rollout). Throws AnalysisError naming
// the agent text and, for an unknown key, every key that agent takes; an empty setting or a key
// given twice is an error too.
AgentSpec parse_agent(const std::string& text, const MctsConfig& search_defaults = MctsConfig{});
// Whether the agent reads the game's deal: the clairvoyant, the solver, planner:deals=true and td
// with preview > 0. Such
// an agent is a bound, never a fair player: reports keep it out of "best fair agent", training and
// review refuse it.
bool sees_the_deal(const AgentSpec& agent);

// Rough cost of one game of this agent relative to a uniform random one, measured once on level 3
// with 2 players (`mists analyze --threads 1` of each agent): greedy 8, expert 64, search about 30
// per playout a decision. A study's progress line orders its agents by it until each has played a
// chunk (vs_game_weight is the competitive agents').
double game_weight(const AgentSpec& agent);

// The settings of an agent text, the part after the colon at `colon`, split at commas; an empty one
// ("mcts:", "mcts:playouts=5,", "a,,b") is an AnalysisError naming the text. Co-op and competitive
// agents alike.
std::vector<std::string> param_items(const std::string& text, size_t colon);

// Agents separated by ',' or ';'. A comma also separates an agent's own parameters
// ("expert,mcts:playouts=500,c=0.3"): a new agent starts where a comma is followed by an agent name.
std::vector<std::string> agent_list(const std::string& text);

// A file-name-safe form of an agent text ("expert~supply1.2_meeple0.8").
std::string agent_slug(const std::string& text);

// Where a game stood at the start of a turn (and at its end): one row of a per-turn trace.
struct TurnRow {
  int turn = 0;            // face-up tiles placed so far
  int score = 0;           // team score, or the lowest colour score (R7.6)
  int ghost_supply = 0;
  int ghosts_on_board = 0;
  int pile = 0;            // the active pile, 1-3
  int tiles_left = 0;      // in the active pile
  int hounds = 0;          // hounds reached so far
  int face_down = 0;
  bool end = false;        // the row after the game ended
};

// What the deal solver said of one deal (the `solver` agent).
struct SolveFacts {
  Verdict verdict = Verdict::Open;
  long long nodes = 0;     // engine steps used: to the verdict, or the whole budget when open
  long long ms = 0;        // wall-clock milliseconds (the one figure of a study that depends on the machine)
  int best_progress = 0;   // SolveResult::best_progress
  int best_targets = 0;    // SolveResult::best_targets
};

// Plays game `game` of a run seeded `seed`: the deal comes from (seed, game), the agent's own
// random stream from (seed, game, AGENT_STREAM). Same arguments, same game, on any thread.
// `log`, when given, receives the record steps; `trace`, a row per turn.
// The solver agent searches the deal with every pile known (solver/deal_solver.h, seeded by `game`,
// as `mists solve` does): a won deal returns the winning line's game (its steps in `log`, its turns
// in `trace`); a lost or open one returns outcome lost, cause none, the best progress as its score
// and the most targets passed as its hounds. `solve`, when given, receives the verdict and its costs.
GameSummary play_one(const Rules& rules, const AgentSpec& agent, uint64_t seed, uint64_t game,
                     std::vector<std::string>* log = nullptr, std::vector<TurnRow>* trace = nullptr,
                     SolveFacts* solve = nullptr, std::vector<int>* choices = nullptr);
// `choices`, when given, receives the index of the option chosen at every decision with two or more
// options, in order: with the deal, enough to replay the game (replay_choices).

// The random stream of the agent of game `game` in a run whose deals come from `seed` (a study
// cell's deal seed, cell_seed): what play_one and every study give the agent of that game.
uint64_t agent_seed(uint64_t seed, uint64_t game);

// An agent chosen at run time, for callers that hold it between decisions (the Python module):
// the same factory as play_one's, so an agent made with agent_seed(seed, game) decides game `game`
// exactly as play_one does. The clairvoyant reads `deal` (the game's true deal; it may be null for
// the others); area=first is applied as play_one applies it. The solver is no player: an
// AnalysisError says so, as for an unknown agent.
using Chooser = std::function<int(const State&, const Action*, int)>;
Chooser make_agent(const Rules& rules, const AgentSpec& agent, uint64_t agent_seed, std::shared_ptr<const Deal> deal);

// Replays game `game` of a run seeded `seed` from its `choices` (as play_one wrote them), calling
// `on_turn` at every draw and at the end; an index out of range, or choices left over or missing,
// is an AnalysisError naming `where`.
GameSummary replay_choices(const Rules& rules, uint64_t seed, uint64_t game, const std::vector<int>& choices,
                           const TurnObserver& on_turn, const std::string& where);

// The learned value `agent` reads on these rules: null without value=learned, else the shipped
// model (analysis/agents/value_model.h), which must cover the rules (an AnalysisError naming the file and
// what it lacks otherwise).
const ValueModel* value_for(const Rules& rules, const AgentSpec& agent);
// The afterstate value the td agent reads on these rules: the shipped model, which must cover them.
const AfterstateModel& afterstate_for(const Rules& rules, const AgentSpec& agent);
// The planner's and the search's configurations for `agent`: its parameters and value_for.
PlannerConfig planner_config(const Rules& rules, const AgentSpec& agent);
MctsConfig search_config(const Rules& rules, const AgentSpec& agent);

}  // namespace mists::analysis
