// What a study plays: its cells (level x players x ghost budget x agent), the game options, the
// search defaults, the seed and how it is cut into chunks. Written to study.json, read back by
// --resume and merge, and readable from a TOML study file (mists analyze --config; docs/analysis.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/agents/game_options.h"
#include "analysis/run/option_words.h"
#include "solver/mcts.h"

namespace mists::analysis {

// True for the deal solver's agent text ("solver", "solver:nodes=...").
bool is_solver(const std::string& agent);
bool is_planner(const std::string& agent);  // the agent text names the planner

struct CellSpec {
  int level = 1;
  int players = 2;
  int ghosts = 15;        // ghost total of the cell
  int ghost_delta = 0;    // ghosts minus the level's official total
  std::string agent = "expert";
  int games = 2000;       // games to play (at most, with a precision target)
  Levers levers;          // the co-op levers (docs/rules.md C); all off: the plain game
  // "L3-P2-G15-expert"; with a lever on, its short form follows: "L3-P2-G15-expert-abbeys-per_colour".
  std::string id() const;
  // How tables name the cell beside its level, players and ghosts: the agent, and with a lever on
  // the lever setting: "expert", "expert with coop_abbeys=per_colour".
  std::string label() const;
};

// True when a cell of `cells` has a lever on: the outputs then name every cell's lever setting.
bool has_levers(const std::vector<CellSpec>& cells);

struct StudyConfig {
  GameOptions game;               // catalog, level files, overrides (except ghosts), switches
  std::vector<CellSpec> cells;
  MctsConfig mcts;                // search defaults of the mcts and clairvoyant agents
  uint64_t seed = 1;
  double precision = 0;           // > 0: stop a cell when its 95% half-width is below this
  double target = 0.5;            // the win rate the report's budget fit gives the ghost total for
  int min_games = 200;            // with a precision target, never stop before this many games
  int chunk = 100;                // games per saved chunk
  int threads = 0;                // 0 = all cores (never written: results do not depend on it)
  int shard = 1, shards = 1;      // this run plays chunks k with k % shards == shard - 1
  std::string title = "custom study";
  bool trace = false;             // also write a row per turn of every game (traces.csv)
  bool records = false;           // also write the record of every won game (records/CELL-gN.txt)

  nlohmann::json to_json() const;
  // Reads and checks every field (type and range); `where` names the file in messages.
  static StudyConfig from_json(const nlohmann::json& j, const std::string& where);
  // A hash of everything that decides the games (not the title, the shard, traces, records or the thread count):
  // chunks carry it, so a chunk of another study is never mixed in.
  std::string games_hash() const;
  // Chunks of cell `c` and how many games chunk k holds.
  int chunks_of(const CellSpec& c) const { return (c.games + chunk - 1) / chunk; }
};

// Cells for every agent x lever setting x level x player count x ghost value: `ghosts` are totals
// when `absolute`, else deltas from each level's official total. Checks each value's range; a cell
// already in `cfg` is an error (it would be played twice). `what` names the source in messages
// ("--levels", "study.toml: cells[2]"). Each lever setting is tried on each level and player count
// (the rules are built), so a setting a level cannot play is an error naming `levers_what` (else
// `what`) before any game.
void add_cells(StudyConfig& cfg, const std::vector<std::string>& agents, const std::vector<int>& levels,
               const std::vector<int>& players, const std::vector<int>& ghosts, bool absolute, int games,
               const std::string& what, const std::vector<Levers>& levers = {Levers{}}, const std::string& levers_what = "");

// "none,coop_abbeys=per_colour,coop_chips=on+coop_chip_points=choice": lever settings separated by
// commas, each as parse_levers reads it; a setting given twice is an error. AnalysisError naming `what`.
std::vector<Levers> lever_list(const std::string& text, const std::string& what);

// The default study: the strongest fair agent (BEST_FAIR_AGENT) on levels 1-6 x 1-5 players at the
// official ghost budgets and in a ghost-budget sweep (official -3..+3) for 2 players (`bound_games`
// each); the casual player (CASUAL_AGENT, the expert) on levels 1-6 x 1-5 players (`games` each);
// and the foresight agents (FORESIGHT_AGENTS: one fair agent, then the same told the next 1, 2 and
// 4 tiles) on every level for 2 players (`bound_games` each), for the luck-and-skill table.
void add_default_cells(StudyConfig& cfg, int games, int bound_games);

// The shortest text that reads back as `v` ("0.1", "2", "1e-05"): numbers in messages.
std::string format_number(double v);

// A study's cells and settings as a caller gives them, parsed but not yet checked together: what
// `mists analyze`/`compare` read from their flags and `mists.study` from its keyword arguments.
// One reading for both (study_request_config), so each option means the same everywhere.
struct StudyRequest {
  GameOptions game;                        // catalogs, overrides but ghosts, switches (its levers unused: see `levers`)
  bool default_study = false;              // the default study's cells (add_default_cells) instead of the lists below
  int bound_games = 60;                    // the default study: games per cell of BEST_FAIR_AGENT and of the foresight agents
  std::vector<int> levels;                 // empty: 1-6
  std::vector<int> players;                // empty: 2
  std::vector<std::string> agents;         // empty: expert
  std::vector<int> ghost_deltas, ghosts;   // at most one of them; ghost totals relative to each level's, or absolute
  std::vector<Levers> levers;              // lever settings, each on the same deals; empty: none (the plain game)
  int games = 2000;                        // per cell
  uint64_t seed = 1;
  double precision = 0;
  double target = 0.5;  // the report's budget fit
  int min_games = 200, chunk = 100;
  std::optional<int> playouts;             // search defaults of mcts and clairvoyant
  std::optional<double> c;
  std::string rollout;                     // "" keeps the default
};
// The search defaults of a study's mcts and clairvoyant agents (the base every agent text starts
// from, parse_agent): MctsConfig's own with `playouts`, `c` and `rollout` set when given, each read
// and checked by the agent parameter table (analysis/agents/params.h); errors name the option as `words`
// spells it.
MctsConfig search_defaults(const std::optional<int>& playouts, const std::optional<double>& c, const std::string& rollout,
                           const OptionWords& words = {});

// The StudyConfig of `r`: every value checked, errors (AnalysisError) naming the option as `words`
// spells it; titled as a custom study or the default study. Traces, records, threads and shards
// are the caller's to set.
StudyConfig study_request_config(const StudyRequest& r, const OptionWords& words = {});

// A study file in TOML (docs/analysis.md): top-level options, [game], [search] and [[cells]]
// blocks. Every error names the file, the line and the key.
StudyConfig study_from_toml(const std::string& path);

// "K/N" (a shard: 1 <= K <= N) into cfg.shard and cfg.shards; throws NumberError saying what is wrong.
void parse_shard(const std::string& text, StudyConfig& cfg);

// "1-6", "1,3,5", "-3..3": a list of integers; throws AnalysisError naming `what`.
std::vector<int> int_list(const std::string& text, const std::string& what);

}  // namespace mists::analysis
