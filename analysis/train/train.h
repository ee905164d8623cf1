// `mists train`: the learned value (solver/value.h) fitted to games played by a fair agent.
//
// 1. Play. For each level and player count, `games` games with `agent` on the deals of `seed`
//    (the deals of a study seeded so), in chunks saved as they finish under WORK/games/: each game
//    is kept as its outcome and the option index of every decision, enough to replay it. A chunk is
//    sealed (the configuration it belongs to, a checksum of its bytes); a run that finds a chunk
//    uses it, so an interrupted run resumes, and a run of other settings is refused.
// 2. Replay. Every game is replayed from its choices; each turn start is a position, labelled by
//    what the game went on to do (reached the next stage or not, won or not), or with hindsight
//    labels (TrainConfig::labels), kept in sealed chunks as the games are.
// 3. Fit. Each (level, stage) head is a logistic regression of "next stage reached" on the inputs,
//    standardised, with a ridge penalty, by Newton's method (IRLS) on one thread in a fixed order:
//    the same games give the same weights byte for byte. The games with index at or past
//    `fit_share` of `games` are held out of the fit.
// 4. Calibrate. On the held-out games: the Brier score of V against the win, beside the heuristic's
//    (mapped to a probability by a logistic fit on the fitted games), and V's reliability by decile.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/agents/game_options.h"
#include "solver/value.h"

namespace mists::analysis {

struct TrainConfig {
  GameOptions game;                        // catalog, level files, switches (no overrides, no levers)
  std::vector<int> levels{1, 2, 3, 4, 5, 6};
  std::vector<int> players{1, 2, 4};
  int games = 250;                         // games per level and player count (the defaults made configs/value/value.txt)
  uint64_t seed = 1001;                    // deals and the agent's streams (studies use 7: keep them apart)
  std::string agent = "planner";           // the fair agent whose games are learnt from
  int chunk = 25;                          // games per saved chunk
  double ridge = 1.0;                      // the L2 penalty on the standardised weights
  double fit_share = 0.8;                  // games [0, fit_share * games) are fitted, the rest held out
  int threads = 0;                         // 0 = all cores (never recorded: the weights do not depend on it)
  std::string work;                        // the games' folder (WORK/games/, WORK/train.json)
  std::string out = "configs/value/value.txt";
  // What a fitted position is labelled with. "outcome" (the default, the shipped weights): what its
  // game went on to do. "hindsight" (Bjarnason, Fern & Tadepalli 2009): every `hindsight_every`-th
  // turn start of the fitted games is played on `hindsight_samples` times by `hindsight_agent`,
  // each time on a deal sampled from what the team sees there (sample_deal), and labelled by the
  // share of those games that reached the next stage. The default labeller plans on the sampled
  // deal to the end of the game: the label asks "how often can this position still be won by a
  // search that knows the rest", not "did this planner's game go on to win". Each position's deals
  // and agent come from its own stream: the labels do not depend on the thread count.
  std::string labels = "outcome";
  std::string hindsight_agent = "planner:deals=true,horizon=0";
  int hindsight_samples = 2;
  int hindsight_every = 2;
  // Hidden tanh units added to each head beside its linear part (0: the linear head, fitted by
  // Newton's method alone); with units, the whole head is then trained by full-batch Adam for
  // `epochs` steps from the linear fit (fit_hidden in train.cpp), the same ridge on every weight.
  int hidden = 0;
  int epochs = 2000;

  // What decides the games of a chunk: seed, agent, catalog, switches (the level and players are in
  // its name); a hash of it seals every chunk.
  nlohmann::json games_json() const;
  // The games fitted: [0, fit_games()); the rest are held out.
  int fit_games() const;
  // What decides the hindsight labels beside the games (with the level's games seal, it seals the
  // label chunks of a level, WORK/labels-HASH/).
  nlohmann::json labels_json() const;
  // Everything that decides the weights.
  nlohmann::json to_json() const;
};

// One held-out calibration row: positions of one level whose V fell in one decile.
struct ReliabilityRow {
  int level = 0, decile = 0;
  long long positions = 0;
  double predicted = 0, observed = 0;  // mean V, share of those positions whose game was won
};
struct LevelCalibration {
  int level = 0;
  long long positions = 0, games = 0, wins = 0;
  double brier_value = 0, brier_heuristic = 0, brier_constant = 0;  // constant: the fitted games' win share
};
struct TrainResult {
  ValueModel model;
  std::vector<LevelCalibration> levels;
  std::vector<ReliabilityRow> reliability;
  long long games_played = 0, games_read = 0;  // this run, and found in WORK from an earlier one
  long long positions_labelled = 0, labels_read = 0;  // hindsight positions labelled this run, and read from WORK
};

// Runs steps 1-4; writes WORK/train.json (configuration, provenance, every run), WORK/calibration.csv,
// WORK/reliability.csv and `out` (atomically). `command` is recorded; verbosity < 0 is quiet.
TrainResult train_value(const TrainConfig& cfg, const std::string& command, int verbosity);

// The calibration tables as Markdown (WORK/calibration.md).
std::string calibration_markdown(const TrainResult& r);

}  // namespace mists::analysis
