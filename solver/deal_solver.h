// A perfect-information deal solver: given the rules and a Deal (the true order of every pile,
// face-down tiles included), search the team's decisions for a line that wins, or show that none
// exists. Chance is resolved by the deal (a draw takes the top of the active pile, as Dealer does),
// so the game is a one-player search problem: an OR tree over the team's decisions.
//
// Two searches share one table of positions shown lost:
//  1. A win finder: beam search over whole turns (Lowerre 1976). A turn is one macro move: an option
//     of its first decision (the placement, mostly) followed by the rest of the turn played greedily,
//     judged by the heuristic at the next draw (solver/eval.h: the expert's own one-turn look-ahead).
//     Passes of width 1, 2, 4, ... 1024; from the second on, the judgement gets a little noise fixed
//     by the position and the pass. Nested Monte-Carlo search (Cazenave 2009) and NRPA (Rosin 2011)
//     were the alternatives: their playouts would have to learn within seconds what the tuned
//     heuristic already knows, over about 50 turns of 10-30 placements each.
//  2. A prover of losses: exhaustive depth-first search over every decision (no macro moves), options
//     ordered by the heuristic, a transposition table of positions shown lost keyed by `position_key`
//     (which identifies the colours of one player where the rules treat them alike), and one sound
//     pruning bound, `points_bound`. This is the shape of Solvitaire for patience games (Blake & Gent
//     2019, "The Winnability of Klondike Solitaire and Many Other Patience Games", arXiv:1906.12314).
// They alternate: each beam pass is followed by the prover for half as many engine steps (at least
// 20,000); the prover's stack is kept between its turns, so its work is never repeated. A verdict
// ends the search: Won from either (the line is replayed before it is returned), Lost only from
// the prover's exhausted root.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/coop/game.h"
#include "solver/eval.h"

namespace mists {

enum class Verdict : uint8_t { Won, Lost, Open };
std::string_view verdict_name(Verdict v);  // "won", "lost", "open"

// Whichever limit is reached first stops the search; 0 = no limit. Nodes are engine steps
// (apply and apply_draw, in every phase of the search, look-ahead included).
struct SolveBudget {
  long long nodes = 0;
  double seconds = 0;
};

struct SolveResult {
  Verdict verdict = Verdict::Open;
  // Won: the record steps of a winning game from the initial state, as play_game logs them ("draw
  // ID" for every draw, action_text for every decision with two or more options); make_record and
  // finish_record turn them into a record that replay() accepts. Empty otherwise.
  std::vector<std::string> line;
  // Open: the record steps of the best whole game the search played out (both searches play lines to
  // their end): the lost game that passed the most targets, then reached the highest progress at its
  // end, the first found on a tie; `mists solve --out` writes it as a record marked open. Empty when
  // no line reached the end within the budget, and for Won and Lost.
  std::vector<std::string> best_line;
  int best_progress = 0;    // highest progress (score, lowest colour score on R7.6) in any position seen
  int best_targets = 0;     // most targets passed in one position: hounds reached, plus 1 for the goal
  long long nodes = 0;      // engine steps used
  double seconds = 0;       // wall clock used
  long long tt_hits = 0;    // positions skipped because the table knew them lost
  long long bound_cuts = 0; // positions shown lost by points_bound
  long long lost_positions = 0;  // positions in the table of lost positions at the end
  int beam_passes = 0;      // beam passes run (the last may have been cut by the budget)
  int widest_beam = 0;      // width of the widest pass started
  std::string found_by;     // "beam" or "prover" for a verdict, empty when Open
};

// Told how a long search stands (the fields of SolveResult so far: nodes, seconds, best progress and
// targets, positions proved lost), about every `every_seconds` of wall clock.
struct SolveWatch {
  double every_seconds = 10;
  std::function<void(const SolveResult&)> report;
};

// Searches `deal` for a winning line; Lost only when every line loses; Open at the budget.
// `seed` drives the noise of the randomized beam passes (same seed, same budget in nodes: same result).
// `weights`: the heuristic that judges the beam's macro moves, plays their greedy rest and orders the
// prover's options (it never decides a verdict: Won is replayed, Lost comes from sound pruning only).
SolveResult solve_deal(const Rules& rules, const Deal& deal, const SolveBudget& budget, uint64_t seed = 0,
                       const SolveWatch* watch = nullptr, const Weights& weights = Weights{});

// ---- Pieces, exposed for tests -------------------------------------------------------------------

// A 64-bit hash of everything in `s` that shapes the rest of the game (tiles, ghosts per area,
// meeples as a multiset per colour, scores, supplies, piles, hounds, turn step): two positions with
// the same future get the same key. Without cemeteries (where R5.3 prefers one colour to another)
// the colours of one player are interchangeable, and the key is the same under any permutation of them.
uint64_t position_key(const Rules& rules, const State& s);

// The most points that can still be scored from `s` before the active pile grows or the game ends
// (see `points_bound` in deal_solver.cpp for the argument).
struct PointsBound {
  bool applies = false;  // false when over, or when a reached hound waits for its turn step
  int target = 0;        // the goal or the lowest threshold of a hound still waiting
  int tiles = 0;         // tiles left in the active pile
  int team = 0;          // levels without per-colour scores: points the team can add
  std::array<int, COLOUR_NB> colour{};  // per-colour scores (R7.6): points each colour can add
};
PointsBound points_bound(const Rules& rules, const Deal& deal, const State& s);

// True when points_bound shows that the next target cannot be reached before the active pile runs
// out, so every line from `s` loses (R6.4).
bool bound_proves_lost(const Rules& rules, const Deal& deal, const State& s);

// The record steps of the game that starts at initial_state and makes `decisions` at the decisions
// with two or more options (forced steps and draws from `deal` in between); `final_state`, when
// given, receives the position after the last step (and any forced steps after it).
std::vector<std::string> line_steps(const Rules& rules, const Deal& deal, const std::vector<Action>& decisions,
                                    State* final_state = nullptr);

// Plays the record steps `line` (a SolveResult's line) on `deal` and returns the game's summary;
// `log` and `on_turn` as for play_game. Throws std::runtime_error naming the step when the line
// does not fit the deal (a draw of another tile, an action that is not legal, the line too short).
GameSummary replay_line(const Rules& rules, const Deal& deal, const std::vector<std::string>& line,
                        std::vector<std::string>* log = nullptr, const TurnObserver* on_turn = nullptr);

}  // namespace mists
