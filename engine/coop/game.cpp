#include "engine/coop/game.h"

#include <cstdio>
#include <cstdlib>

namespace mists {

std::vector<uint8_t> tiles_in_play(const Rules& R) {
  std::vector<uint8_t> out;
  for (int t = 0; t < R.n_base_types; ++t)
    for (int k = 0; k < R.types[t].in_play; ++k) out.push_back(uint8_t(t));
  return out;
}

State initial_state(const Rules& R, const Deal& deal) {
  State s = initial_state(R);
  for (uint8_t t : deal.set_aside) set_aside(R, s, t);
  return s;
}

int deal_outcome(const Rules& R, const Deal& deal, const State& s) {
  if (s.phase == Phase::ChipDraw) return deal.chips[s.chip_taken];
  const int seg = draw_segment(s);
  if (seg < 0) return -1;
  return deal.piles[size_t(seg)][size_t(R.pile_sizes[size_t(seg)] - s.pile_size[seg])];
}

Deal deal_piles(const Rules& R, const std::vector<uint8_t>& shuffled) {
  Deal d;
  size_t at = 0;
  for (int size : R.pile_sizes) {
    d.piles.emplace_back(shuffled.begin() + long(at), shuffled.begin() + long(at) + size);
    at += size_t(size);
  }
  return d;
}

GameSummary summarize(const Rules& R, const State& s, int decisions, int forced) {
  GameSummary g;
  g.outcome = s.outcome;
  g.cause = s.cause;
  g.score = progress(R, s);
  g.turns = s.turn;
  g.decisions = decisions;
  g.forced = forced;
  g.ghosts_on_board = s.ghosts_on_board;
  g.ghost_supply = s.ghost_supply;
  for (HoundState h : s.hound) g.hounds_reached += h != HoundState::Waiting;
  g.face_down = s.face_down;
  g.discarded = s.discarded;
  return g;
}

int Dealer::draw(State& s) {
  const int t = next(s);
  apply_draw(*rules_, s, t);
  return t;
}

int Dealer::take_face_down(const State& s) const {
  const int seg = draw_segment(s);
  return seg < 0 ? -1 : deal_.piles[size_t(seg)][size_t(rules_->pile_sizes[size_t(seg)] - s.pile_size[seg])];
}

void check_or_die(const Rules& R, const State& s, const char* where) {
  const std::string e = check(R, s);
  if (!e.empty()) {
    std::fprintf(stderr, "%s: state inconsistent at turn %d:\n%s", where, s.turn, e.c_str());
    std::abort();
  }
}

}  // namespace mists
