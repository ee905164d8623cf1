// Playing one game from a deal: the true order of the tiles in each pile, chosen by the caller
// (a seeded shuffle), and a chooser for the team's decisions.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "state.h"
#include "text.h"

namespace mists {

// The piles as dealt: type indices, top of the pile first.
struct Deal {
  std::vector<std::vector<uint8_t>> piles;
};

// Every tile in play once per copy, in catalog order: what a caller shuffles.
std::vector<uint8_t> tiles_in_play(const Rules& rules);
// Cuts a shuffled list into the level's piles (sizes Rules::pile_sizes).
Deal deal_piles(const Rules& rules, const std::vector<uint8_t>& shuffled);

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

// Deals tiles from a Deal into a state: the next face-up draw, and the hidden face-down draws.
class Dealer {
 public:
  Dealer(const Rules& rules, Deal deal) : rules_(&rules), deal_(std::move(deal)), cursor_(deal_.piles.size(), 0) {}
  // The tile the next draw takes (the top of the first non-empty segment of the active pile).
  int next(const State& s) const;
  // Draws it (chance step) and returns its type.
  int draw(State& s);
  // Records that a Haunt decision took the top tile face down; returns its type.
  int take_face_down(const State& s);
  const Deal& deal() const { return deal_; }

 private:
  const Rules* rules_;
  Deal deal_;
  std::vector<size_t> cursor_;
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

// ---- implementation -------------------------------------------------------------------------------

void check_or_die(const Rules& rules, const State& s, const char* where);

template <class Choose>
GameSummary play_game(const Rules& R, const Deal& deal, Choose&& choose, std::vector<std::string>* log, const TurnObserver* on_turn) {
  State s = initial_state(R);
  Dealer dealer(R, deal);
  thread_local Action options[MAX_ACTIONS];
  int decisions = 0, forced = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      if (on_turn) (*on_turn)(s);
      const int t = dealer.draw(s);
      if (log) log->push_back("draw " + R.types[t].id);
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
      if (options[pick].kind() == ActionKind::Haunt) dealer.take_face_down(s);
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
