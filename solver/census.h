// How large is a deal's game tree? A census of the distinct positions at the start of each turn,
// reached by every line of the team's decisions with the whole deal known: the work that any
// exhaustive prover of losses with the same pruning must do (solver/deal_solver.h).
//
// The census walks every decision of the first K turns depth first. Positions are told apart by
// `position_key` (as in the prover's table of lost positions). As in the prover, the points bound
// (`bound_proves_lost`) is asked at every decision with two or more options, and a decision it cuts
// is counted and not walked on. So every position counted at a turn start is one that the prover has
// to enter before it can call the deal lost: no cut lies above it, and the prover's only other
// shortcut is a position it met before, which the census counts once.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/coop/game.h"
#include "solver/deal_solver.h"

namespace mists {

// Turn k: the positions at its start, and what walking its lines met (nothing for the last turn asked
// for, which is counted and not walked).
struct CensusTurn {
  long long positions = 0;  // distinct positions at the start of the turn (the game not over)
  long long cut = 0;        // distinct decisions inside the turn that the points bound shows lost
  long long lost = 0;       // distinct games that end lost during the turn
  long long won = 0;        // distinct games that end won during the turn
  int tiles_min = -1, tiles_max = -1;  // fewest and most tiles left in the active pile among the positions (-1: none)
};

struct CensusResult {
  std::vector<CensusTurn> turns;  // turns[0] is the first turn start of the game (one position)
  bool complete = false;  // every line of every turn was walked; false: the counts are lower bounds
  bool capped = false;    // stopped because one turn reached `max_positions`
  long long nodes = 0;    // engine steps (apply and apply_draw)
  double seconds = 0;
};

// Counts the positions at the starts of turns 0..`turns` of `deal` (turn 0: the first draw of the
// game), and walks turns 0..`turns` - 1. Stops early, with `complete` false, when one turn holds
// `max_positions` positions or the budget runs out. Decisions inside a turn that lead to the same
// position are walked once.
CensusResult census_deal(const Rules& rules, const Deal& deal, int turns, long long max_positions, const SolveBudget& budget);

// Where counting is out of reach: Knuth's estimator of the size of a search tree ("Estimating the
// efficiency of backtrack programs", Math. Comp. 1975). A probe walks from the first turn start to
// turn `turns` (or the end, or a cut), each turn to one of the distinct positions that end it, drawn
// uniformly (the games that end and the decisions cut in a turn are counted with the probe's weight
// there); the product of their numbers along the probe, averaged over the probes, is an unbiased
// estimate of the positions at each turn start of the tree of turns. A position reached from two
// different turn starts is counted once per parent there, so the estimate can only exceed the number
// of distinct positions (census_deal counts those, where it can). Probe p draws from its own stream of
// `seed`, so the first turns of an estimate do not depend on how many turns are asked for.
struct CensusTurnEstimate {
  double positions = 0, cut = 0, lost = 0, won = 0;  // means over the probes, as in CensusTurn
};
struct CensusEstimate {
  std::vector<CensusTurnEstimate> turns;
  int probes = 0;  // probes finished (the budget may stop the last one; it is left out)
  long long nodes = 0;
  double seconds = 0;
};
CensusEstimate census_estimate(const Rules& rules, const Deal& deal, int turns, int probes, uint64_t seed,
                               const SolveBudget& budget);

}  // namespace mists
