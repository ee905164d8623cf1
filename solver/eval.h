// A heuristic value of a position for the team, shared by the greedy and expert agents and by
// search (move ordering, rollout policy, cut-off evaluation). Documented in docs/solver.md.
#pragma once

#include "engine/state.h"

namespace mists {

// What the heuristic looks at; each term is cheap to compute from the state.
struct Features {
  int progress = 0;           // team score, or lowest colour score (R7.6)
  int pending_points = 0;     // points of completed features with meeples not yet scored
  int ghost_supply = 0;
  int ghosts_on_board = 0;
  int ghosts_on_dead = 0;     // ghosts on mist that can never be finished (only removal helps)
  int ghosts_on_live = 0;     // ghosts on mist banks that may still be finished
  double live_recoverable = 0;  // those ghosts, each discounted by its bank's open slots: 1 / (1 + open / 3)
  double cemetery_recoverable = 0;  // ghosts on open cemeteries (levels 2-4), discounted by empty neighbours
  int live_open = 0;          // open misty slots of live banks (work left to finish them)
  int live_banks = 0;
  int meeples_supply = 0;
  int meeples_board = 0;
  double meeple_value = 0;    // value of the unfinished features meeples stand in, if finished,
                              // discounted by their open sides: value / (1 + open / 2)
  int target_gap = 0;         // points still missing to the next pile target or the goal
  int tiles_left = 0;         // tiles in the active pile
  bool won = false, lost = false;
};
Features features(const Rules& rules, const State& s);

// Weights of the heuristic (docs/solver.md explains each).
struct Weights {
  double points = 1.0;          // per point of progress and of pending scorings
  double supply = 2.5;          // per ghost in the supply
  double low_supply = 6.0;      // extra per ghost below `safe_supply`
  int safe_supply = 4;
  double dead_ghost = 1.0;      // extra cost of a ghost stuck on dead mist
  double live_open = 0.15;      // per open misty slot of a live bank
  double recover = 0.8;         // per recoverable ghost (on a live bank or an open cemetery)
  double meeple = 1.5;          // per meeple in the supply
  double meeple_value = 0.35;   // share of the value of unfinished features with meeples
  double pressure = 4.0;        // per point missing per tile left when the pile target is near
};

// The weights the expert plays with (tuned by self-play on levels 1, 3 and 5; docs/solver.md).
Weights expert_weights();

double evaluate(const Rules& rules, const State& s, const Weights& w = {});

}  // namespace mists
