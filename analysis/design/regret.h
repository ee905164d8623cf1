// `mists regret`: how far each fair agent is from the best fair play, measured where the best fair
// play can be computed (solver/expectimax.h).
//
// The positions come from real games: game g of level L is the game a study of seed `seed` plays
// with `players` players on deal g of its cell (cell_seed), played by the `source` agent. From each
// game that is still open when at most `tiles` tiles are left to come in the whole game, the turn
// start with the most tiles left (at most `tiles`) whose exact expectimax fits in `nodes` engine
// steps is taken; when none fits, the game gives no position and is counted. At each position:
// the fair optimum (exact_value) and, for every agent, its own chance to win from there over every
// draw order (policy_value, the agent seeded as in game g of a study). Regret = optimum − agent.
//
// The games are played in chunks of `chunk` games a level, each sealed in OUT/chunks/ once its
// positions are valued; a level's chunks run until it has its share of `positions` (split evenly
// over the levels, the first ones in game order). A stopped run resumes with --resume and keeps its
// chunks; another configuration is refused by field. The positions of a chunk are valued on up to
// `threads` threads; every figure is a function of the configuration alone.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/agents/game_options.h"

namespace mists::analysis {

struct RegretConfig {
  GameOptions game;
  std::vector<int> levels{3, 4, 5};
  int players = 2;
  int positions = 1000;             // in all, split evenly over the levels (the first levels take the remainder)
  int tiles = 4;                    // the most tiles still to come at a position
  long long nodes = 3000000;        // engine steps the exact expectimax may take at one position
  std::string source = "td";        // the agent whose games give the positions
  std::vector<std::string> agents;  // the agents valued at every position (fair agents only)
  uint64_t seed = 7;
  int chunk = 40;                   // games a level per sealed chunk
  int threads = 0;                  // 0 = all cores (never recorded)
  std::string out = "results/regret";

  nlohmann::json to_json() const;   // everything the figures depend on
  static RegretConfig from_json(const nlohmann::json& j, const std::string& where);
  int positions_for(int level_index) const;  // this level's share of `positions`
};

// One valued position.
struct RegretRow {
  int level = 0;
  long long game = 0;
  int turn = 0;          // face-up tiles placed before the position
  int tiles = 0;         // tiles still to come
  long long nodes = 0;   // engine steps of the exact search
  double optimum = 0;
  std::vector<double> agent;             // each agent's chance to win, in config order
  std::vector<long long> decisions;      // each agent's calls
  double seconds = 0;                    // wall time of the agents' valuation (machine-dependent, not in the figures)
};

struct RegretResult {
  RegretConfig cfg;
  std::vector<RegretRow> rows;          // the positions kept, by level then game
  std::vector<long long> games;         // per level: source games scanned up to the last position kept
  std::vector<long long> too_big;       // per level: games that reached the end open but gave no position within `nodes`
  long long chunks_played = 0, chunks_read = 0;
};

// Runs (or with `resume` continues) the measurement into cfg.out: regret.json (configuration and
// provenance), chunks/, regret.csv and regret.md. `progress`: 0 a line per chunk on standard error, -1 none.
RegretResult run_regret(const RegretConfig& cfg, bool resume, const std::string& command, int progress = 0);
// Reads the configuration of a regret folder (OUT/regret.json) for --resume.
RegretConfig read_regret_config(const std::string& dir);
std::string regret_markdown(const RegretResult& r);

}  // namespace mists::analysis
