// Playing one game from a deal: the true order of the tiles in each pile, chosen by the caller
// (a seeded shuffle), and a chooser for the team's decisions.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/coop/layer.h"
#include "engine/coop/state.h"
#include "engine/coop/text.h"

namespace mists {

// The piles as dealt: type indices, top of the pile first; with the levers, what the set-up drew.
struct Deal {
  std::vector<std::vector<uint8_t>> piles;
  std::vector<uint8_t> set_aside;  // CT1 replace: base tiles set aside (in view) for the Tollkeepers tiles
  std::vector<uint8_t> chips;      // CM1: the value (1 or 2) of the chip on each chip cell, in Rules::chip_cells order
};

// Every tile of the base catalog in play once per copy, in catalog order: what a caller shuffles,
// the same for every lever setting (the Tollkeepers tiles of CT1 are dealt in by the caller).
std::vector<uint8_t> tiles_in_play(const Rules& rules);
// Cuts a shuffled list into the level's piles (sizes Rules::pile_sizes).
Deal deal_piles(const Rules& rules, const std::vector<uint8_t>& shuffled);
// The first position of a game with `deal`: initial_state, then the deal's tiles set aside (CT1).
State initial_state(const Rules& rules, const Deal& deal);
// The outcome of the chance step `s` waits for, as the deal has it: the tile on top of the active
// pile at a draw (the top of a segment: a segment's cursor is its dealt size minus its size), the
// value of the chip being taken at a chip. -1 when the active pile is empty.
int deal_outcome(const Rules& rules, const Deal& deal, const State& s);

// What a finished game tells an analyzer.
struct GameSummary {
  Outcome outcome = Outcome::Ongoing;
  LossCause cause = LossCause::None;
  int score = 0;                 // team score, or the lowest colour score (R7.6)
  int turns = 0;                 // face-up tiles placed
  int decisions = 0;             // decisions with two or more options
  int forced = 0;                // decisions with one option (applied without asking)
  int ghosts_on_board = 0;
  int ghost_supply = 0;
  int hounds_reached = 0;        // hounds whose threshold was reached
  int face_down = 0;
  int discarded = 0;
};
GameSummary summarize(const Rules& rules, const State& s, int decisions, int forced);

// Deals from a Deal into a state: the next face-up draw, a chip's value, and the tiles taken
// unseen (face down, R7.3; burned for an abbey, CA1). It keeps no cursor: where each pile stands
// follows from the state.
class Dealer {
 public:
  Dealer(const Rules& rules, Deal deal) : rules_(&rules), deal_(std::move(deal)) {}
  // The outcome the next chance step takes (deal_outcome).
  int next(const State& s) const { return deal_outcome(*rules_, deal_, s); }
  // Applies it (chance step) and returns it.
  int draw(State& s);
  // The tile an unseen take (a Haunt decision, an abbey's burn) is about to take: the top of the
  // active pile; call before applying the decision.
  int take_face_down(const State& s) const;
  const Deal& deal() const { return deal_; }

 private:
  const Rules* rules_;
  Deal deal_;
};

// Called with the state before every face-up draw and once at the end (per-turn traces).
using TurnObserver = std::function<void(const State&)>;

// Plays a game to its end. `choose(state, options, n)` returns the index of the chosen option; it
// is asked only when n >= 2. `log`, when given, receives the record steps ("draw 14a",
// "place 1 0 2", ...): every draw and every decision with two or more options. `on_turn`, when
// given, sees the state at every draw and at the end.
template <class Choose>
GameSummary play_game(const Rules& rules, const Deal& deal, Choose&& choose, std::vector<std::string>* log = nullptr,
                      const TurnObserver* on_turn = nullptr);
// Plays on from `s`, a position of a game with `deal` (or of a deal that agrees with it from `s` on,
// as sample_deal makes), to the end: play_game from a position other than the first.
template <class Choose>
GameSummary play_from(const Rules& rules, const Deal& deal, State s, Choose&& choose, std::vector<std::string>* log = nullptr,
                      const TurnObserver* on_turn = nullptr);

// ---- implementation -------------------------------------------------------------------------------

void check_or_die(const Rules& rules, const State& s, const char* where);

template <class Choose>
GameSummary play_game(const Rules& R, const Deal& deal, Choose&& choose, std::vector<std::string>* log, const TurnObserver* on_turn) {
  return play_from(R, deal, initial_state(R, deal), std::forward<Choose>(choose), log, on_turn);
}

template <class Choose>
GameSummary play_from(const Rules& R, const Deal& deal, State s, Choose&& choose, std::vector<std::string>* log, const TurnObserver* on_turn) {
  Dealer dealer(R, deal);
  thread_local Action options[MAX_ACTIONS];
  int decisions = 0, forced = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      if (on_turn && s.phase == Phase::Draw) (*on_turn)(s);
      const int t = dealer.next(s);
      if (log) log->push_back(chance_text(R, s, t));
      dealer.draw(s);
    } else {
      const int n = legal_actions(R, s, options);
      int pick = 0;
      if (n > 1) {
        pick = choose(static_cast<const State&>(s), static_cast<const Action*>(options), n);
        ++decisions;
        if (log) log->push_back(action_text(R, s, options[pick]));
      } else {
        ++forced;
      }
      apply(R, s, options[pick]);
    }
#ifdef MISTS_CHECK_EVERY_STEP
    check_or_die(R, s, "play_game");
#endif
  }
  if (on_turn) (*on_turn)(s);
  return summarize(R, s, decisions, forced);
}

}  // namespace mists
