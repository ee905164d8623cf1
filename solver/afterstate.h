// The afterstate value: V(a) ≈ the chance that the team wins from afterstate a, the position after
// a turn's decisions and before the next draw (docs/solver.md, "The afterstate value").
//
// After the n-tuple networks of 2048 (Szubert & Jaśkowski 2014): V is a logistic of a sum of table
// lookups. Each lookup is a small pattern read straight from the position:
//   - each empty cell beside the board: the terrain each neighbour shows it (or none), whether a
//     neighbour's mist reaches it, and how many unseen tiles fit it in some rotation;
//   - each open city or road: with or without meeples, its tiles, its open sides, the tiles left;
//   - each live mist bank: its ghosts, its open misty slots, the tiles left; each open cemetery;
//   - global tuples: ghosts in the supply against the tiles left, points to the next target
//     against the tiles left, meeples in hand, ghosts stuck on dead mist, the points the meeples
//     stand to score, the hounds' states, the players, level 6's colours short of the target;
// plus the expert's heuristic value (solver/eval.h) as one linear input, so that a model with every
// table at zero ranks afterstates as the expert does. One weight table per (level, pile stage).
// The inputs read what the team sees: the board, the supplies, the scores, the multiset of unseen
// tiles and the pile sizes; never the order of the unseen tiles.
//
// Trained by TD(λ) on the afterstates of self-play (analysis/train/td_train.h, `mists train --method td`).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/coop/state.h"
#include "solver/eval.h"

namespace mists {

// Entries of one (level, stage) table (the layout is written in afterstate.cpp; a weights file of
// another layout is refused).
int afterstate_table_size();
// A name of the layout, changed with it: "tuples-1".
const char* afterstate_layout();

// One table: the heuristic's weight, the lookups' weights, and how many updates trained it.
struct AfterstateHead {
  int level = 0, stage = 0;
  float heuristic = 1.0f;     // weight of the heuristic value / 30
  std::vector<float> w;       // afterstate_table_size() entries
  long long updates = 0;
};

// The active lookups of one afterstate: indices into its table, each with its share. A family of
// lookups that a position has any number of (its frontier cells, its open cities and roads, its mist
// banks, its cemeteries) enters as the mean of its k lookups (share 1/k each), so that the count
// alone never moves V (the counts are global tuples of their own); every other lookup has share 1.
struct AfterstateInputs {
  static constexpr int CAP = 768;
  std::array<uint16_t, CAP> idx;
  std::array<float, CAP> share;
  int n = 0;
  float families = 0;   // the sum of the shares: the number of families present
  float heuristic = 0;  // the heuristic value / 30, clamped to [-40, 40]
  double heuristic_value = 0;  // the heuristic value itself (solver/eval.h; a win far above, a loss far below)
  int stage = 0;
  bool terminal = false;
  float outcome = 0;    // terminal: 1 won, 0 lost
};

class AfterstateModel {
 public:
  // Reads a weights file; a missing, truncated or changed file (the checksum of its last line does
  // not match its bytes), another layout or a bad number is a ValueError naming the file, line and
  // field.
  static AfterstateModel load(const std::string& path);
  static AfterstateModel parse(const std::string& text, const std::string& where);
  // A model of zero tables (heuristic weight 1) for these levels: the start of training.
  static AfterstateModel fresh(const std::vector<int>& levels);
  // The file's text, sealed with the checksum of its bytes.
  std::string text() const;
  // FNV-1a 64 of the file's bytes as read (empty for a model not read from a file).
  const std::string& checksum() const { return checksum_; }
  // Has a table for every stage of this level, and these rules use no co-op levers.
  bool covers(const Rules& rules) const;
  AfterstateHead* head(int level, int stage);
  const AfterstateHead* head(int level, int stage) const;

  std::vector<AfterstateHead> heads;  // sorted by (level, stage)
  std::vector<std::string> notes;     // "key value" lines of the header

 private:
  std::string checksum_;
};

// Reads afterstates of one game's rules: the inputs, and V. Holds a table, built once per rules,
// of the land types that fit each frontier pattern. Precondition: model.covers(rules).
class AfterstateEval {
 public:
  AfterstateEval(const Rules& rules, const AfterstateModel& model, Weights heuristic = {});
  void inputs(const State& s, AfterstateInputs& out) const;
  // The logistic's argument for non-terminal inputs.
  double logit(const AfterstateInputs& in) const;
  // V in [0, 1]: 1 for a won game, 0 for a lost one.
  double value(const AfterstateInputs& in) const;
  double value(const State& s) const;
  const Rules& rules() const { return *R_; }
  const AfterstateModel& model() const { return *M_; }

 private:
  const Rules* R_;
  const AfterstateModel* M_;
  Weights w_;
  std::array<const AfterstateHead*, 3> heads_{};  // per stage
  std::array<std::vector<uint8_t>, 256> fits_;     // frontier side pattern -> land types that fit it
};

// One TD step on a head: moves V(in) toward `target` (the gradient of the log-loss in the logit),
// each lookup's weight by alpha × (target - V) × share / families (the bias by the whole
// alpha × (target - V)), the heuristic's by alpha_h × (target - V) × x, kept at 0.25 or more.
void afterstate_update(AfterstateHead& head, const AfterstateInputs& in, double v, double target, double alpha, double alpha_h);

}  // namespace mists
