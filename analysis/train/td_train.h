// `mists train --method td`: the afterstate value (solver/afterstate.h) learnt by temporal
// differences from the games of the depth-1 agent on it (solver/td_agent.h), as the n-tuple
// networks of 2048 were (Szubert & Jaśkowski 2014).
//
// Each level is one stream of games, independent of the others (a level's tables are its own): game g
// of level L is played with players[g mod P] on deal g of the study cell (seed, L, players), by the
// depth-1 agent on the weights as they stand, with `explore` of its decisions taken at random. The
// game's afterstates (every turn start, and the end) a_0 .. a_T are then learnt from backwards by
// TD(λ) in its forward view: the target of a_t is G_t = (1 - λ) V(a_{t+1}) + λ G_{t+1}, G_T the
// outcome (1 won, 0 lost), every V as it stood during the game; the lookups of a_t move by
// alpha × (G_t - V(a_t)) / (their number). Levels run on separate threads; the weights depend on
// nothing but the configuration, byte for byte.
//
// WORK/level-L.txt is level L's tables after its games so far, sealed, with the configuration it
// belongs to; it is written atomically every `checkpoint` games, at the end and on SIGINT/SIGTERM,
// so a stopped run resumes where it stopped (the same weights as a run never stopped), and a run of
// other settings is refused. WORK/curve.csv: each level's win share over each `checkpoint` games.
//
// Then the calibration: `holdout` further games a level (deals of another stream, never trained
// on), played by the depth-1 agent on the final weights; at every afterstate V against the game's
// outcome: the Brier score beside the shipped learned value's (configs/value/value.txt, where it
// covers the level) and a constant (the held-out win share), and V's reliability by decile, in
// WORK/calibration.md and the result. It reads the weights and changes nothing.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/agents/game_options.h"
#include "solver/afterstate.h"

namespace mists::analysis {

struct TdTrainConfig {
  GameOptions game;                       // catalog, level files, switches (no overrides, no levers)
  std::vector<int> levels{1, 2, 3, 4, 5, 6};
  std::vector<int> players{1, 2, 4};
  long long games = 20000;                // games per level
  uint64_t seed = 2001;                   // deals and the agent's streams (studies use 7)
  double alpha = 0.1;                     // step of the lookups' weights
  double alpha_h = 0.002;                 // step of the heuristic's weight
  double lambda = 0.7;
  double explore = 0.0;                   // share of decisions taken at random
  long long checkpoint = 1000;            // games per level between saved checkpoints
  int holdout = 300;
  // Restarts per game: after game g, its play goes on again from the first afterstate of each later
  // stage it reached (a hound passed), on deals sampled from what the team saw there (stream of
  // g), each learnt from as a game. 0: none. The curve counts the games themselves only.
  int restarts = 0;                      // calibration games per level (players interleaved)
  int threads = 0;                        // 0 = all cores (never recorded: the weights do not depend on it)
  std::string work = "results/td-train";
  std::string out = "configs/value/afterstate.txt";

  // Everything that decides the weights of one level (the checkpoint's seal).
  nlohmann::json level_json(int level) const;
  nlohmann::json to_json() const;
};

struct TdLevelResult {
  int level = 0;
  long long played = 0, read = 0;  // games played by this run, games the checkpoint held
  long long wins_last = 0, games_last = 0;  // the last `checkpoint` games
};
struct TdCalibration {
  int level = 0;
  long long games = 0, wins = 0, positions = 0;
  double brier = 0, brier_constant = 0, brier_heads = -1;  // heads: the shipped learned value's (-1: not covered)
  std::array<long long, 10> n{};
  std::array<double, 10> predicted{}, observed{};          // per decile of V: mean V, win share
};
struct TdTrainResult {
  AfterstateModel model;
  std::vector<TdLevelResult> levels;
  std::vector<TdCalibration> calibration;
};
// WORK/calibration.md: the Brier scores and the reliability table.
std::string td_calibration_markdown(const TdTrainResult& r);

// Trains (or resumes); `verbosity` < 0: no progress lines. Throws AnalysisError on bad settings or a
// WORK folder of other settings, Interrupted on a signal once the checkpoints are written.
TdTrainResult train_td(const TdTrainConfig& cfg, const std::string& command, int verbosity);

}  // namespace mists::analysis
