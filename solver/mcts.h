// Monte Carlo tree search over the engine's decision points (UCT, Kocsis & Szepesvári 2006), with
// explicit chance nodes for tile draws sampled from the unseen tiles (never from the real order),
// progressive widening for the wide placement fan-out (Coulom 2007; Chaslot et al. 2008), and
// root parallelism or tree parallelism — one tree shared without a lock: atomic node statistics,
// virtual loss, per-node expansion claims (Chaslot, Winands & van den Herik 2008).
// With `clairvoyant`, draws follow the true deal instead: a determinized search that gives an
// upper bound on what any team could do with those tiles (not a fair player).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/coop/game.h"
#include "solver/afterstate.h"
#include "solver/eval.h"
#include "solver/rng.h"
#include "solver/value.h"

namespace mists {

// How a new leaf is judged by the heuristic: at once (None); after the rest of the current turn
// is played greedily (Turn: the expert's own judgement of a placement); or after a random or
// greedy playout of `rollout_turns` turns (0 = to the end of the game).
enum class Rollout : uint8_t { None, Turn, Random, Greedy };
// Several threads on one search. Root: independent trees with their own random streams, root
// statistics added up (the same result for the same seed with a playout budget). Tree: one shared
// tree (more playouts deeper in one tree; with more than one thread the result depends on timing).
enum class SearchParallel : uint8_t { Root, Tree };

struct MctsConfig {
  int playouts = 600;          // per decision (the budget), split over the trees in root parallelism
  double seconds = 0;          // > 0: a time budget per decision instead (not reproducible)
  double c = 0.1;              // UCT exploration constant (rewards lie in [0, 1])
  double pw_k = 2.0;           // progressive widening: a node with N visits may have
  double pw_alpha = 0.5;       //   ceil(pw_k * N^pw_alpha) children
  Rollout rollout = Rollout::Turn;
  int rollout_turns = 0;       // Random/Greedy: 0 plays to the end; else stop after this many
                               //   turns and judge the position with the heuristic
  double value_scale = 10.0;   // heuristic points that move a cut-off reward across the sigmoid
  Weights weights;             // the leaf heuristic and the greedy policy inside the search
  int threads = 1;             // search threads for one decision (threads of its own: a batch's
                               //   TBB limit does not apply to them)
  SearchParallel parallel = SearchParallel::Root;
  int determinize = 0;         // > 0 (fair agents only): each decision searches this many deals
                               //   sampled from the unseen tiles, playouts split among them, root
                               //   visits added up (perfect-information Monte Carlo); no reuse
  bool reuse = true;           // keep the subtree of the chosen option for the next decision of
                               //   the same turn (one tree: 1 thread or tree parallelism); the
                               //   root then needs only `playouts` visits in all, and at least a
                               //   quarter of them new
  // A learned value (solver/value.h), or null. When set, a position the rollout stops at before the
  // end is judged by V (the chance to win from there) instead of the heuristic: its reward is
  // 0.1 + 0.8 * sigmoid((logit V - logit V_root) / 0.5), relative to the root as the heuristic's is.
  // V was fitted on turn starts, where rollout=turn stops. Precondition: value->covers(rules).
  const ValueModel* value = nullptr;
  // The afterstate value (solver/afterstate.h), or null; exclusive with `value`. Judges where a
  // rollout stops as `value` does, relative to V at the root's afterstate (the root's turn finished
  // greedily). rollout=turn stops at afterstates, where V was learned. Precondition: covers(rules).
  const AfterstateModel* afterstate = nullptr;
};

// Reward of a finished position in [0, 1]: 1 for a win; a loss earns a margin below 0.1 for
// progress towards the goal and ghosts left in the supply, so search has a gradient before its
// first win. A position cut off before the end earns 0.1 + 0.8 * sigmoid((h - h_root) / scale)
// where h is the heuristic (solver/eval.h) and h_root its value at the search root.
double reward(const Rules& rules, const State& s);
double cutoff_reward(const Rules& rules, const State& s, double root_value, double scale, const Weights& w);

struct SearchStats {
  long long playouts = 0;  // playouts run
  long long nodes = 0;     // tree nodes made
  long long reused = 0;    // decisions that started from a kept subtree
};

class SearchTree;

class MctsAgent {
 public:
  // `deal` is only read when clairvoyant (the true order of the tiles).
  MctsAgent(const Rules& rules, MctsConfig config, uint64_t seed, const Deal* deal = nullptr);

  int operator()(const State& s, const Action* options, int n);
  const SearchStats& stats() const { return stats_; }
  // Visits of each option at the root of the last search, in the order the options were given
  // (summed over the trees in root parallelism; with reuse, the kept visits included).
  const std::vector<uint64_t>& root_visits() const { return root_visits_; }
  // Mean reward of each option at the root of the last search (same order; -1 for an option the
  // search never tried): the search's estimate of the option's worth, a win counting 1.
  const std::vector<double>& root_values() const { return root_values_; }
  bool clairvoyant() const { return deal_ != nullptr; }

 private:
  const Rules* R_;
  MctsConfig cfg_;
  uint64_t seed_;
  uint64_t decisions_ = 0;
  const Deal* deal_;
  std::shared_ptr<const AfterstateEval> afterstate_;  // cfg_.afterstate's evaluator, made once (null without one)
  SearchStats stats_;
  std::vector<uint64_t> root_visits_;
  std::vector<double> root_values_;
  std::shared_ptr<SearchTree> tree_;  // the last search, for reuse (only read once made)
  State expected_{};                  // the position the last choice leads to
  uint32_t expected_node_ = 0;        // its node in tree_
};

}  // namespace mists
