#include "solver/eval.h"

#include <algorithm>
#include <array>

namespace mists {

Features features(const Rules& R, const State& s) {
  Features f;
  f.won = s.outcome == Outcome::Won;
  f.lost = s.outcome == Outcome::Lost;
  f.progress = progress(R, s);
  f.ghost_supply = s.ghost_supply;
  f.ghosts_on_board = s.ghosts_on_board;
  // One pass over the nodes: members and ghosts per feature root.
  std::array<uint8_t, MAX_NODES> members{};
  std::array<uint8_t, MAX_NODES> ghosts{};
  std::array<uint16_t, MAX_NODES> root{};
  for (int n = 0; n < s.n_nodes; ++n) {
    const uint16_t r = find_root(s, uint16_t(n));
    root[n] = r;
    members[r] = uint8_t(members[r] + 1);
    if (s.nodes[n].kind == RegionKind::Mist) ghosts[r] = uint8_t(ghosts[r] + s.nodes[n].ghosts);
  }
  for (int n = 0; n < s.n_nodes; ++n) {
    if (root[n] != n) continue;
    const Node& r = s.nodes[n];
    if (r.kind == RegionKind::Mist) {
      if (r.flags & Node::DEAD) f.ghosts_on_dead += ghosts[n];
      else if (!(r.flags & Node::DONE)) {
        f.ghosts_on_live += ghosts[n];
        f.live_recoverable += ghosts[n] / (1.0 + r.open / 3.0);
        f.live_open += r.open;
        ++f.live_banks;
      }
    } else if (r.kind == RegionKind::Cemetery) {
      if (R.level.cemetery_ghosts && !(r.flags & Node::DONE)) f.cemetery_recoverable += r.ghosts / (1.0 + r.open);
    } else if (r.meeples && !(r.flags & (Node::DONE | Node::DEAD))) {
      const int per_tile = r.kind == RegionKind::City ? 2 : r.kind == RegionKind::Castle ? 6 : 1;
      f.meeple_value += per_tile * members[n] / (1.0 + r.open / 2.0);
    }
  }
  for (int i = 0; i < s.n_pending; ++i) {
    const Node& r = s.nodes[s.pending[i]];
    if (!r.meeples) continue;
    const int per_tile = r.kind == RegionKind::City ? 2 : r.kind == RegionKind::Castle ? 6 : 1;
    f.pending_points += per_tile * members[s.pending[i]];
  }
  for (int c = 0; c < R.n_colours; ++c) f.meeples_supply += s.supply[c];
  for (int m = 0; m < R.n_meeples; ++m) f.meeples_board += s.meeples[m].at == MeepleAt::Board;
  // The next target: a hound still waiting (its pile must reach it) or the goal (all piles).
  int target = R.level.goal;
  int tiles = 0;
  for (int k = 0; k < R.level.piles; ++k) tiles += s.pile_size[k];
  if (s.hound[0] == HoundState::Waiting && R.level.hound1) target = R.level.hound1, tiles = tiles_left(s);
  else if (s.hound[1] == HoundState::Waiting && R.level.hound2) target = R.level.hound2, tiles = tiles_left(s);
  f.target_gap = std::max(0, target - f.progress);
  f.tiles_left = tiles;
  return f;
}

double evaluate(const Rules& R, const State& s, const Weights& w) {
  const Features f = features(R, s);
  if (f.won) return 1e6 - s.turn;  // an earlier win is as good; prefer it anyway
  double v = w.points * (f.progress + f.pending_points);
  v += w.supply * f.ghost_supply;
  v -= w.low_supply * std::max(0, w.safe_supply - f.ghost_supply);
  v -= w.dead_ghost * f.ghosts_on_dead;
  v -= w.live_open * f.live_open;
  v += w.recover * (f.live_recoverable + f.cemetery_recoverable);
  v += w.meeple * f.meeples_supply;
  v += w.meeple_value * f.meeple_value;
  // Expect about 1.5 points a tile from here on; missing more than that is a danger.
  v -= w.pressure * std::max(0.0, f.target_gap - 1.5 * f.tiles_left);
  if (f.lost) v -= 1e5;
  return v;
}

}  // namespace mists
