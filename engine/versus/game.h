// Playing a competitive game from a deal: the pile in play, a game's summary, and the play loops
// (with or without the record steps).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/versus/layer.h"
#include "engine/versus/state.h"

namespace mists::vs {

// ---- Playing a game ------------------------------------------------------------------------------
// Every tile of the draw pile once per copy, in catalog order: what a caller shuffles.
std::vector<uint8_t> pile_in_play(const VsRules& R);

struct VsSummary {
  std::array<int, VS_MAX_PLAYERS> score{};
  int width = 0, height = 0;  // the board's bounding box in cells
  std::array<double, VS_MAX_PLAYERS> share{};
  int turns = 0;       // tiles placed from the pile
  int decisions = 0;   // decisions with two or more options
  int forced = 0;      // decisions with one option
  int discarded = 0;
  std::array<VsSeatStats, VS_MAX_PLAYERS> stats{};
};
VsSummary summarize(const VsRules& R, const VsState& s, int decisions, int forced);

// The set-up of `deal` and the position after it; the pile draws start at deal.order[*next].
VsState deal_state(const VsRules& R, const VsDeal& deal, size_t* next);

// Plays the deal to the end. `choose(state, options, n)` returns an index; it is asked only when
// n >= 2.
template <class Choose>
VsSummary play_game(const VsRules& R, const VsDeal& deal, Choose&& choose) {
  size_t next = 0, chip = 0;
  VsState s = deal_state(R, deal, &next);
  thread_local VsAction options[VS_MAX_ACTIONS];
  int decisions = 0, forced = 0;
  while (!is_over(s)) {
    if (s.phase == VsPhase::Draw) {
      apply_draw(R, s, deal.order[next++]);
      continue;
    }
    if (s.phase == VsPhase::ChipValue) {
      apply_chip(R, s, deal.chip_values[chip++]);
      continue;
    }
    const int n = legal_actions(R, s, options);
    int pick = 0;
    if (n > 1) {
      pick = choose(static_cast<const VsState&>(s), static_cast<const VsAction*>(options), n);
      ++decisions;
    } else {
      ++forced;
    }
    apply(R, s, options[pick]);
  }
  return summarize(R, s, decisions, forced);
}

// A game without a map: the pile `order` (top first) is the whole deal.
template <class Choose>
VsSummary play_game(const VsRules& R, const std::vector<uint8_t>& order, Choose&& choose) {
  VsDeal deal;
  deal.order = order;
  return play_game(R, deal, std::forward<Choose>(choose));
}

}  // namespace mists::vs
