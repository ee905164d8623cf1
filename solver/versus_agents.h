// Agents for the competitive game (docs/versus.md): each plays for its own seat.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/versus/versus.h"
#include "solver/random_agent.h"
#include "solver/rng.h"

namespace mists::vs {

// What a competitive agent maximises (G6.3): its own final score, or its margin over the best
// opponent; `Paranoid` (search only) maximises the margin of the searching seat while assuming
// every opponent minimises it.
enum class Objective : uint8_t { Own, Margin, Paranoid };
std::string_view objective_name(Objective o);

// Uniform among the legal options (solver/random_agent.h, the one random player of every game).
using VsRandomAgent = RandomAgent;

// The value of a position for `seat`: its score plus what final scoring would pay it now
// (G1.9), or that minus the best opponent's same figure.
double position_value(const VsRules& R, const VsState& s, int seat, Objective obj);

// The greedy agent's turn-end judgement with knowledge of the game added (the expert): a position
// is worth its score and what final scoring would pay now (as greedy), plus `meeple` points for
// each normal meeple in the supply and `guard` for each guard (a meeple in hand earns later), less
// `ghost` for each ghost on the seat's meeples beyond the final -1 (a meeple near its third ghost
// is close to scared off). With the modules, pieces in hand earn later too: `abbey` for the abbey
// tile (an extra turn into a hole, its monastery at least 5 points), `piece` for the mayor, the
// wagon and the abbot, `barn` for the barn (4 a finished city beside its field at the end), `toll`
// for a tollhouse not yet placed, `chip` for each chip point held (towards an upgrade); an abbot
// on the board `growth` for each empty cell around it times the share of the pile left (the
// points it may still gain, which taking it back forgoes). With `margin` the best opponent's same
// figure is subtracted.
struct ExpertWeights {
  double meeple = 1.5;
  double meeple_am = 0.75;  // `meeple` when Abbey & Mayor is played: a seat has more pieces to deploy
                            // and barns score fields in play (screened on 2 and 4 players)
  double guard = 2.0;
  double ghost = 1.0;
  double abbey = 5.0;
  double piece = 0.75;
  double barn = 3.0;
  double toll = 0.5;
  double chip = 0.5;
  double growth = 1.0;
  bool margin = true;
};
// The expert's terms for seat p beyond score and final scoring: pieces in hand less ghosts.
double hand_value(const VsRules& R, const VsState& s, int p, const ExpertWeights& w);
double expert_value(const VsRules& R, const VsState& s, int seat, const ExpertWeights& w);

// A whole turn of one seat: its placement, the ghost steps it led to and its meeple step, with
// the value of the position at the end of the turn for the seat that played it.
struct VsTurn {
  std::array<VsAction, 16> step{};
  uint8_t n = 0;
  double value = 0;
};

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
  // Every turn this agent's search judges from a decision `s` (a placement, or the abbey's choice):
  // each option with the steps up to the meeple step played as this agent plays them (ghosts),
  // then each meeple step, then the rest of the turn (upgrades, its wagon) as this agent plays it,
  // in the order of the options. Its best turn is the one this agent plays (up to ties). From any
  // other decision (a wagon of another seat) each option is a turn of one step.
  void turns(const VsState& s, std::vector<VsTurn>& out);

 private:
  // The value of the rest of seat's turn; `depth` picks the scratch position of this level.
  double after_turn(const VsState& s, int seat, int depth);
  int pick_now(const VsState& s, const VsAction* options, int n, int seat, int depth);  // best value one step on
  // Scratch positions, one a level of a turn (placement, two ghost steps, meeple step), filled by
  // copy_position: no position is built or fully copied for an option.
  VsState& scratch(int depth) { return scratch_[size_t(depth)]; }
  double value(const VsState& s, int seat) const;
  const VsRules* R_;
  Rng rng_;
  Objective obj_;
  bool expert_ = false;
  ExpertWeights w_;
  // Continues seat's turn from `cur` greedily while it decides and the meeple step is not due
  // (`meeple_too`: through the meeple step as well), recording the steps into `turn`.
  const VsState* play_on(const VsState* cur, int seat, int& depth, VsTurn& turn, bool meeple_too);
  static constexpr int MAX_DEPTH = 20;  // a turn: placement, ghosts, meeple, upgrades, wagon
  std::vector<VsState> scratch_ = std::vector<VsState>(MAX_DEPTH + 2);
};

// Monte Carlo tree search for N players (G6.3): UCT over the moves of every seat (whole turns with
// `macro`, the default; else single decisions) with chance nodes at draws, sampled from the unseen tiles (never from the true order). Each playout judges
// its new leaf at once, or after `rollout_turns` placements of uniform random play, and backs up
// the whole vector of values, one per seat: `Own` — a seat's score plus what final scoring would
// pay it (plus the expert's terms for meeples in hand and ghosts, with `expert_leaf`), over `scale`; `Margin` — that minus the best opponent's; `Paranoid` — the searching seat's
// margin for it and its negation for every opponent (Sturtevant & Korf 2000). Each decision node
// selects by the mover's component (max^n backup, Sturtevant 2008). One tree a decision, one
// thread, reproducible from the seed.
struct VsMctsConfig {
  int playouts = 100;
  double c = 0.2;              // UCT exploration constant
  double scale = 30.0;         // points that make one unit of value
  int rollout_turns = 0;       // random placements before the leaf is judged; -1: to the end
  double chance_width = 1.0;   // > 0: draw outcomes a draw node keeps, times sqrt(visits + 1); 0: all
  Objective objective = Objective::Own;
  bool expert_leaf = true;     // judge a seat by expert_value's terms (else score + final scoring)
  ExpertWeights weights;       // those terms (their `margin` is not used: `objective` decides)
  int prune = 0;               // > 0: at a placement decision, search only the `prune` placements
                               //   the expert's turn search values most (0: every placement)
  int macro = 4;               // > 0: the tree's moves are whole turns, at each turn the `macro`
                               //   turns the expert's turn search values most for the seat to move
                               //   (see VsMctsAgent); 0: single decisions (the former default, with
                               //   playouts=1000)
  double bias = 0;             // progressive bias (macro): + bias * (prior - best prior) / scale /
                               //   (visits + 1), the prior being the expert's value of the turn
  double widen = 0;            // macro, below the root: > 0 selects among the first
                               //   ceil(widen * sqrt(visits + 1)) turns of a node, best prior first
                               //   (progressive widening), so a seat plays its expert's best turn
                               //   until the node has been visited more; 0: every turn
  bool rank_margin = true;     // macro: rank a seat's turns by the expert's margin (as the expert
                               //   plays) rather than by the objective's own value
};

// With `macro`, a search starts at a placement decision and its moves are whole turns (VsTurn):
// at each decision node, the `macro` best turns of the seat to move by the expert's turn search
// (each seat judged by expert_value for itself: as a margin over the best opponent, as the expert
// plays, or with `rank_margin` off as the objective reads it). The
// agent plays the placement of the turn it chose and then, at that turn's ghost and meeple steps,
// the rest of that turn; a ghost or meeple decision it did not plan (a search started mid-turn)
// is the expert's.
class VsMctsAgent {
 public:
  VsMctsAgent(const VsRules& rules, VsMctsConfig config, uint64_t seed);
  int operator()(const VsState& s, const VsAction* options, int n);
  long long playouts() const { return playouts_; }

 private:
  struct Node {
    uint32_t first = 0;       // first child, 0 = none (node 0 is the root)
    uint32_t next = 0;        // next sibling, 0 = none
    uint32_t visits = 0;
    uint32_t label = 0;       // action bits (decision child) or tile type (chance child)
    bool expanded = false;
    float prior = 0;          // macro: the expert's value of the turn less the node's best, / scale
    std::array<float, VS_MAX_PLAYERS> sum{};
  };
  std::array<double, VS_MAX_PLAYERS> values(const VsState& s, int root_seat) const;
  int macro_search(const VsState& root, const VsAction* options, int n);
  void playouts(const VsState& root, bool macro);  // cfg_.playouts playouts into tree_
  void expand_turns(uint32_t node, const VsState& s);  // children: the best `macro` turns at s
  // A draw at chance node `cur` (progressive widening), applied to s; returns its child.
  uint32_t draw(uint32_t cur, VsState& s);
  void rollout(VsState& s);  // uniform random play for `rollout_turns` placements
  void chip(VsState& s);     // a chip's value drawn by the odds of those unseen (M3.1)
  // The child of `cur` to play, among its first `width` children, for the seat `mover`.
  uint32_t select(uint32_t cur, int mover, int width) const;
  void backup(const std::vector<uint32_t>& path, const std::array<double, VS_MAX_PLAYERS>& v);
  const VsRules* R_;
  VsMctsConfig cfg_;
  Rng rng_;
  VsGreedyAgent judge_;          // the expert: turns for macro, unplanned ghost and meeple steps
  std::vector<VsTurn> turns_;    // macro: the turns of the tree (a child's label indexes it)
  std::vector<VsTurn> scratch_turns_;
  VsTurn plan_;                  // macro: the turn being played
  int plan_next_ = 0, plan_turn_ = -1, plan_seat_ = -1;  // plan_turn_: tiles on the board once it began
  std::vector<VsState> play_ = std::vector<VsState>(1);  // the playout's position
  std::vector<Node> tree_;
  long long playouts_ = 0;
};

}  // namespace mists::vs
