#include "solver/versus_agents.h"

#include <algorithm>

namespace mists::vs {

double position_value(const VsRules& R, const VsState& s, int seat, Objective obj) {
  std::array<int, VS_MAX_PLAYERS> total{};
  const std::array<int, VS_MAX_PLAYERS> later = is_over(s) ? std::array<int, VS_MAX_PLAYERS>{} : final_points(R, s);
  for (int p = 0; p < R.players; ++p) total[size_t(p)] = s.score[size_t(p)] + later[size_t(p)];
  if (obj == Objective::Own) return total[size_t(seat)];
  int best_other = -1 << 20;
  for (int p = 0; p < R.players; ++p)
    if (p != seat) best_other = std::max(best_other, total[size_t(p)]);
  return total[size_t(seat)] - best_other;
}

// The rest of `seat`'s turn from `s`: a ghost step takes the option with the best value at once,
// the meeple step the best value after the turn's scoring.
double VsGreedyAgent::after_turn(const VsState& s, int seat) {
  if (is_over(s) || is_chance(s) || s.player != seat) return position_value(*R_, s, seat, obj_);
  VsAction opts[VS_MAX_ACTIONS];
  const int n = legal_actions(*R_, s, opts);
  if (s.phase == VsPhase::Meeple) {
    double best = -1e18;
    for (int i = 0; i < n; ++i) {
      VsState t = s;
      apply(*R_, t, opts[i]);
      best = std::max(best, position_value(*R_, t, seat, obj_));
    }
    return best;
  }
  VsState t = s;
  apply(*R_, t, opts[pick_now(s, opts, n, seat)]);
  return after_turn(t, seat);
}

int VsGreedyAgent::pick_now(const VsState& s, const VsAction* options, int n, int seat) {
  double best = -1e18;
  int pick = 0;
  for (int i = 0; i < n; ++i) {
    VsState t = s;
    apply(*R_, t, options[i]);
    const double v = position_value(*R_, t, seat, obj_);
    if (v > best + 1e-9) best = v, pick = i;
  }
  return pick;
}

int VsGreedyAgent::operator()(const VsState& s, const VsAction* options, int n) {
  const int seat = s.player;
  double best = -1e18;
  int picks[VS_MAX_ACTIONS];
  int n_best = 0;
  for (int i = 0; i < n; ++i) {
    VsState t = s;
    apply(*R_, t, options[i]);
    const double v = after_turn(t, seat);
    if (v > best + 1e-9) {
      best = v;
      n_best = 0;
    }
    if (v > best - 1e-9) picks[n_best++] = i;
  }
  return picks[rng_.below(uint32_t(n_best))];
}

}  // namespace mists::vs
