// Agents for the competitive game (docs/versus.md): each plays for its own seat.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/versus.h"
#include "solver/rng.h"

namespace mists::vs {

// What a competitive agent maximises (G6.3): its own final score, or its margin over the best
// opponent; `Paranoid` (search only) maximises the margin of the searching seat while assuming
// every opponent minimises it.
enum class Objective : uint8_t { Own, Margin, Paranoid };
std::string_view objective_name(Objective o);

// Uniform among the legal options.
class VsRandomAgent {
 public:
  explicit VsRandomAgent(uint64_t seed) : rng_(seed) {}
  int operator()(const VsState&, const VsAction*, int n) { return int(rng_.below(uint32_t(n))); }

 private:
  Rng rng_;
};

// The value of a position for `seat`: its score plus what final scoring would pay it now
// (G1.9), or that minus the best opponent's same figure.
double position_value(const VsRules& R, const VsState& s, int seat, Objective obj);

// The greedy agent's turn-end judgement with knowledge of the game added (the expert): a position
// is worth its score and what final scoring would pay now (as greedy), plus `meeple` points for
// each normal meeple in the supply and `guard` for each guard (a meeple in hand earns later), less
// `ghost` for each ghost on the seat's meeples beyond the final -1 (a meeple near its third ghost
// is close to scared off). With `margin` the best opponent's same figure is subtracted.
struct ExpertWeights {
  double meeple = 1.5;
  double guard = 2.0;
  double ghost = 1.0;
  bool margin = true;
};
double expert_value(const VsRules& R, const VsState& s, int seat, const ExpertWeights& w);

// Best position at the end of its own turn: a placement is judged with the rest of the turn played
// greedily (each ghost step (GCC) to the best value at once, then the best meeple step), a meeple
// step by the position after the turn's scoring; ties go to a random one of the best.
class VsGreedyAgent {
 public:
  VsGreedyAgent(const VsRules& rules, uint64_t seed, Objective obj = Objective::Own)
      : R_(&rules), rng_(seed), obj_(obj) {}
  // The expert: the same search, positions judged by expert_value with `w`.
  VsGreedyAgent(const VsRules& rules, uint64_t seed, ExpertWeights w)
      : R_(&rules), rng_(seed), obj_(w.margin ? Objective::Margin : Objective::Own), expert_(true), w_(w) {}
  int operator()(const VsState& s, const VsAction* options, int n);
  // The value of option `a` with the rest of the turn played this agent's way.
  double turn_value(const VsState& s, VsAction a);

 private:
  double after_turn(const VsState& s, int seat);  // the value of the rest of seat's turn
  int pick_now(const VsState& s, const VsAction* options, int n, int seat);  // best value one step on
  double value(const VsState& s, int seat) const;
  const VsRules* R_;
  Rng rng_;
  Objective obj_;
  bool expert_ = false;
  ExpertWeights w_;
};

// Monte Carlo tree search for N players (G6.3): UCT over the decisions of every seat with chance
// nodes at draws, sampled from the unseen tiles (never from the true order). Each playout judges
// its new leaf at once, or after `rollout_turns` placements of uniform random play, and backs up
// the whole vector of values, one per seat: `Own` — a seat's score plus what final scoring would
// pay it (plus the expert's terms for meeples in hand and ghosts, with `expert_leaf`), over `scale`; `Margin` — that minus the best opponent's; `Paranoid` — the searching seat's
// margin for it and its negation for every opponent (Sturtevant & Korf 2000). Each decision node
// selects by the mover's component (max^n backup, Sturtevant 2008). One tree a decision, one
// thread, reproducible from the seed.
struct VsMctsConfig {
  int playouts = 1000;
  double c = 0.2;              // UCT exploration constant
  double scale = 30.0;         // points that make one unit of value
  int rollout_turns = 0;       // random placements before the leaf is judged; -1: to the end
  double chance_width = 1.0;   // > 0: draw outcomes a draw node keeps, times sqrt(visits + 1); 0: all
  Objective objective = Objective::Own;
  bool expert_leaf = true;     // judge a seat by expert_value's terms (else score + final scoring)
  ExpertWeights weights;       // those terms (their `margin` is not used: `objective` decides)
  int prune = 0;               // > 0: at a placement decision, search only the `prune` placements
                               //   the expert's turn search values most (0: every placement)
};

class VsMctsAgent {
 public:
  VsMctsAgent(const VsRules& rules, VsMctsConfig config, uint64_t seed) : R_(&rules), cfg_(config), rng_(seed) {}
  int operator()(const VsState& s, const VsAction* options, int n);
  long long playouts() const { return playouts_; }

 private:
  struct Node {
    uint32_t first = 0;       // first child, 0 = none (node 0 is the root)
    uint32_t next = 0;        // next sibling, 0 = none
    uint32_t visits = 0;
    uint32_t label = 0;       // action bits (decision child) or tile type (chance child)
    bool expanded = false;
    std::array<float, VS_MAX_PLAYERS> sum{};
  };
  std::array<double, VS_MAX_PLAYERS> values(const VsState& s, int root_seat) const;
  const VsRules* R_;
  VsMctsConfig cfg_;
  Rng rng_;
  std::vector<Node> tree_;
  long long playouts_ = 0;
};

}  // namespace mists::vs
