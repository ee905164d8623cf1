// The fair optimum where it can be computed: an exact expectimax over tile types.
//
// In this game only the order of the unseen tiles is hidden, and by the symmetry of the shuffle the
// next draw is any unseen tile with equal chance (engine/coop/state.h). The best a team can do
// without seeing the order is therefore the value of a tree of max nodes (the team's decisions)
// and chance nodes (a draw: every unseen tile type, weighted by its copies):
//   V(s) = 1 if won, 0 if lost;  Σ_τ p(τ|s)·V(s after τ) at a draw;  max_a V(s after a) at a decision.
// `exact_value` computes it with a table of positions (keyed by position_key and the unseen
// multiset, so two move orders that meet share their value) and Ballard's Star1 pruning of chance
// nodes, sound because every value lies in [0, 1] (Ballard 1983, "The *-minimax search procedure
// for trees containing chance nodes"): a chance node stops as soon as the draws still to search
// cannot lift it over the best alternative of the max node above, or cannot lower it under what
// that node needs. It is feasible from positions with a few tiles left in the game.
//
// `policy_value` is the same tree with the decisions made by one agent instead of the max: the
// agent's own chance to win from `s`, over every draw order. Optimum minus that is its regret.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/coop/state.h"

namespace mists {

struct ExactResult {
  double value = 0;        // the fair optimum, when `exact`
  bool exact = false;      // false: the node budget ran out first (value meaningless)
  long long nodes = 0;     // engine steps (apply and apply_draw)
  long long positions = 0; // positions in the table at the end
};

// The exact expectimax value of `s`; stops with exact = false after `node_limit` engine steps
// (0 = no limit). Same position, same limit: same result on any machine.
ExactResult exact_value(const Rules& rules, const State& s, long long node_limit = 0);

// The same value by plain recursion: no table, no pruning. For tests, on tiny trees.
double brute_value(const Rules& rules, const State& s);

// The agent's chance to win from `s` over every draw order: at a decision with two or more options
// the agent chooses (called once per node of the tree, in depth-first order, so a seeded agent is
// reproducible), forced steps are taken, draws are averaged over the unseen types by their copies.
// `decisions`, when given, counts the agent's calls.
using Policy = std::function<int(const State&, const Action*, int)>;
double policy_value(const Rules& rules, const State& s, const Policy& agent, long long* decisions = nullptr);

// Tiles still to come in the game: every pile's segment, the active one and those after it.
int tiles_to_come(const Rules& rules, const State& s);

}  // namespace mists
