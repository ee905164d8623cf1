// A heuristic value of a position for the team, shared by the greedy and expert agents and by
// search (move ordering, rollout policy, cut-off evaluation). Documented in docs/solver.md.
#pragma once

#include <array>

#include "engine/coop/state.h"

namespace mists {

// What the heuristic looks at; each term is cheap to compute from the state.
struct Features {
  int progress = 0;           // team score, or lowest colour score (R7.6)
  double points = 0;          // what the score is worth: the team score; on per-colour levels
                              // (R7.6) each colour's points up to the next target, and half of
                              // those beyond it
  int pending_points = 0;     // points of completed features with meeples not yet scored
  int pending_tolls = 0;      // tolls waiting in this turn's scorings (coop_tolls)
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
  int target_gap = 0;         // points still missing to the next pile target or the goal (summed
                              // over the colours on per-colour levels)
  int tiles_left = 0;         // tiles in the active pile
  // The next target (a hound still waiting, else the goal). Per-colour levels (R7.6): what each
  // colour stands to score from the features its meeples are in: finished ones waiting for their
  // scoring, and unfinished ones (each discounted by its open sides, as meeple_value). Read by
  // evaluate when Weights::spread > 0.
  int target = 0;
  std::array<double, COLOUR_NB> colour_pending{};
  std::array<double, COLOUR_NB> colour_unfinished{};
  // A hound next to a meeple (R6.3): the ghosts on the board now, which it scores when that meeple's
  // feature is scored, discounted by the feature's open sides as meeple_value; in total and for the
  // meeple's colour. Read by evaluate with Weights::hound.
  double hound_value = 0;
  std::array<double, COLOUR_NB> colour_hound{};
  bool won = false, lost = false;
  // The levers (docs/rules.md C); zero with every lever off.
  int abbeys_held = 0;        // abbeys the team may still place (CA1)
  int free_turns = 0;         // of those, turns they add before the pile runs out (coop_abbey_cost = free)
  double toll_value = 0;      // tolls the roads at the tollhouses' junctions would pay, discounted by their open ends
  int tolls_held = 0;         // tollhouses not yet on the board
  int chip_points_held = 0;   // value of the chips in hand (the team's, or every colour's on level 6): upgrades (CM4)
  double chip_to_come = 0;    // a chip being taken this turn: its value, or its expected value before it turns up
};
Features features(const Rules& rules, const State& s);

// Weights of the heuristic (docs/solver.md explains each). The defaults were tuned by self-play
// of the expert (scripts/tune_weights.py: random search, then a local search around the best,
// confirmed on other deals); greedy, expert and the search all start from them.
struct Weights {
  double points = 1.0;          // per point of progress and of pending scorings
  double supply = 1.76;         // per ghost in the supply
  double low_supply = 8.37;     // extra per ghost below `safe_supply`
  int safe_supply = 4;
  double dead_ghost = 0.67;     // extra cost of a ghost stuck on dead mist
  double live_open = 0.05;      // per open misty slot of a live bank
  double recover = 1.82;        // per recoverable ghost (on a live bank or an open cemetery)
  double meeple = 1.0;          // per meeple in the supply
  double meeple_value = 1.01;   // share of the (discounted) value of unfinished features with meeples
  double pressure = 1.36;       // per point missing beyond 1.5 a tile to the next pile target or goal
  // Per-colour levels (R7.6): > 0 values each colour's points, and the points its meeples stand to
  // score, by a worth whose slope falls from 1 + spread at 0 to 1 - spread at the target, so the
  // team spreads its scorings over the colours that must all reach it (docs/solver.md, "Level 6").
  // 0 is the valuation before it (points capped at the target, features valued whoever holds them),
  // which the studies played before this weight existed keep. Set by hand, not tuned.
  double spread = 0.5;
  // Per point a hound next to a meeple stands to score (Features::hound_value; on a per-colour level
  // with spread > 0, for its meeple's colour). 0, the default, leaves a placed hound unvalued, as it
  // was before this weight; set by hand, not tuned.
  double hound = 0.0;
  // Tile counting on the board's holes (stuck_terms): an empty cell beside the board that no unseen
  // tile fits in any rotation can never be filled, so the features that reach it can never be
  // finished. With stuck = 1 a meeple'd city or road reaching such a hole is worth nothing and the
  // ghosts of a mist bank reaching one are valued as ghosts on dead mist; 0, the default, leaves
  // holes unread, as before this weight. Set by hand, not tuned.
  double stuck = 0.0;
  // The levers' pieces (read only when a lever is on; set by hand, not tuned: docs/solver.md).
  double abbey = 2.5;           // per abbey in hand: keep it for a bank with ghosts or a free turn (CA)
  double toll = 0.8;            // share of the discounted toll value of the roads at the tollhouses (CT)
  double toll_held = 1.0;       // per tollhouse not yet on the board
  double chip = 0.3;            // per chip point in hand: 4 of them buy an upgrade (CM4)
};

double evaluate(const Rules& rules, const State& s, const Weights& w = {});

// What the holes no unseen tile can fill take away (Weights::stuck): of the features that reach
// such a hole, the discounted value of the meeple'd cities and roads (as Features::meeple_value
// counts it on a team level without mayors or upgrades; elsewhere once a feature, whoever holds
// it), the recoverable ghosts of the mist banks (as Features::live_recoverable) and those banks'
// ghosts; `holes` counts the holes. All 0 while an abbey may still be placed (it fills any hole,
// CA2).
struct StuckTerms {
  int holes = 0;
  double meeple_value = 0;
  double recoverable = 0;
  int ghosts = 0;
};
StuckTerms stuck_terms(const Rules& rules, const State& s);
// The same from the position's features, already computed (`f` = features(rules, s)).
double evaluate(const Rules& rules, const State& s, const Features& f, const Weights& w);

// The first of the n options whose position after it `evaluate`s best, with no tie-break: the
// greedy rest of a turn in the deal solver's macro moves and in the planner's beam. Applies each
// option once to `scratch` (n engine steps).
int first_best(const Rules& rules, const State& s, const Action* options, int n, const Weights& w, State& scratch);

// How far the score is towards the goal, in [0, 1]: score / goal, or on per-colour levels (R7.6)
// the mean over the colours of min(1, colour score / goal), so that every colour's points count
// (the lowest colour score alone stays 0 until the last colour scores).
double goal_fraction(const Rules& rules, const State& s);

}  // namespace mists
