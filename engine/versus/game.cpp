// Playing a competitive game: the pile a game deals from and the summary of a finished game.
#include "engine/versus/versus.h"

#include <vector>

namespace mists::vs {

std::vector<uint8_t> pile_in_play(const VsRules& R) {
  std::vector<uint8_t> v;
  for (int t = 0; t < R.n_land_types; ++t) v.insert(v.end(), size_t(R.types[size_t(t)].copies), uint8_t(t));
  return v;
}

VsSummary summarize(const VsRules& R, const VsState& s, int decisions, int forced) {
  VsSummary g;
  for (int p = 0; p < R.players; ++p) g.score[size_t(p)] = s.score[size_t(p)];
  if (is_over(s)) g.share = win_shares(R, s);
  const VsBox box = bounding_box(s);
  g.width = box.x1 - box.x0 + 1;
  g.height = box.y1 - box.y0 + 1;
  g.turns = s.turn;
  g.decisions = decisions;
  g.forced = forced;
  g.discarded = s.discarded;
  g.stats = s.stats;
  return g;
}

}  // namespace mists::vs
