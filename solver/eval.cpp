#include "solver/eval.h"

#include <algorithm>
#include <array>
#include <limits>

namespace mists {

namespace {

// A toll's points as the engine will count them (T3.1, CT6): the sights of the road's regions, or
// its misty tiles; times the face.
int toll_points(const Rules& R, const State& s, int face, uint16_t root) {
  int v = 0;
  TileSet misty;
  uint16_t n = root;
  do {
    const PlacedTile& t = s.tiles[s.nodes[n].tile];
    const Feature& ft = R.types[t.type].features[s.nodes[n].feature];
    if (R.params.levers.toll_basis == TollBasis::Sights) v += ft.sights + 3 * ft.travellers;
    else if (R.types[t.type].misty) misty.add(s.nodes[n].tile);
    n = s.nodes[n].next;
  } while (n != root);
  return face * (R.params.levers.toll_basis == TollBasis::Sights ? v : misty.count());
}

// The levers' terms of Features (docs/solver.md, "The levers").
void lever_features(const Rules& R, const State& s, const std::array<uint16_t, MAX_NODES>& root, Features& f) {
  const Levers& L = R.params.levers;
  f.abbeys_held = s.team_abbeys;
  for (int c = 0; c < COLOUR_NB; ++c) f.abbeys_held += s.abbeys[size_t(c)];
  if (L.abbey_cost == AbbeyCost::Free) f.free_turns = f.abbeys_held;
  for (int k = 0; k < R.tolls; ++k) {
    const Tollhouse& th = s.tolls[size_t(k)];
    if (th.tile == NO_TILE) {
      ++f.tolls_held;
      continue;
    }
    const PlacedTile& t = s.tiles[th.tile];
    const uint8_t mask = R.types[t.type].junctions[th.junction];
    uint16_t seen[8];
    int n_seen = 0;
    for (int fi = 0; fi < 8; ++fi) {
      if (!(mask >> fi & 1)) continue;
      const uint16_t r = root[size_t(t.node + fi)];
      if (std::find(seen, seen + n_seen, r) != seen + n_seen) continue;  // both ends at this junction: paid once
      seen[n_seen++] = r;
      const Node& rn = s.nodes[r];
      if (rn.flags & Node::DEAD) continue;  // haunted roads never pay (CT7)
      const int v = toll_points(R, s, th.face, r);
      if (rn.flags & Node::DONE) continue;  // finished earlier: paid, or in the pending list below
      f.toll_value += v / (1.0 + rn.open / 2.0);
    }
  }
  for (int i = 0; i < s.n_pending; ++i)  // tolls waiting in this turn's scorings
    if (pending_is_toll(s.pending[i]))
      f.pending_tolls += toll_points(R, s, s.tolls[size_t(pending_toll(s.pending[i]))].face, pending_root(s.pending[i]));
  for (int c = 0; c < COLOUR_NB; ++c) f.chip_points_held += s.chips_held[size_t(c)][0] + 2 * s.chips_held[size_t(c)][1];
  if (s.phase == Phase::Chip) f.chip_to_come = s.chip_value;
  else if (s.phase == Phase::ChipDraw) {
    const int ones = CHIP_ONES - s.chips_seen[0], twos = CHIP_TWOS - s.chips_seen[1];
    f.chip_to_come = ones + twos > 0 ? double(ones + 2 * twos) / (ones + twos) : 0;
  }
}

}  // namespace

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
  // On per-colour levels (R7.6) every colour tied for the most meeples in a feature scores it in
  // full (R4.2), so a feature is worth its points once per such colour.
  // `colour_shares[k][c]` is the number of shares colour c gets of `held[k]`, the k-th feature
  // with meeples, so that each colour's own prospects can be told apart (Features::colour_pending).
  std::array<uint8_t, MAX_NODES> sharers{};
  std::array<std::array<uint8_t, COLOUR_NB>, MAX_MEEPLES> colour_shares{};
  std::array<uint16_t, MAX_MEEPLES> held{};
  int n_held = 0;
  if (R.level.per_colour_scores) {
    std::array<std::array<uint8_t, COLOUR_NB>, MAX_MEEPLES> count{};
    for (int m = 0; m < R.n_meeples; ++m) {
      if (s.meeples[m].at != MeepleAt::Board) continue;
      const uint16_t r = root[s.meeples[m].node];
      int k = 0;
      while (k < n_held && held[k] != r) ++k;
      if (k == n_held) held[n_held++] = r;
      ++count[k][s.meeples[m].colour];
    }
    for (int k = 0; k < n_held; ++k) {
      const uint8_t most = *std::max_element(count[k].begin(), count[k].end());
      for (int c = 0; c < COLOUR_NB; ++c) {
        colour_shares[k][c] = count[k][c] == most;
        sharers[held[k]] = uint8_t(sharers[held[k]] + (count[k][c] == most));
      }
    }
  }
  // With mayors or upgrades (CA8, CM5) the shares follow strength on every level: a tie of two
  // colours pays the team twice, a doubled share counts twice.
  const Levers& L = R.params.levers;
  const bool strengths = L.mayor || L.chips;
  if (strengths) {
    std::array<std::array<int, COLOUR_NB>, MAX_MEEPLES> strength{};
    std::array<unsigned, MAX_MEEPLES> twice{};
    std::array<uint16_t, MAX_MEEPLES> feature{};
    int n_features = 0;
    for (int m = 0; m < R.n_meeples; ++m) {
      const Meeple& mp = s.meeples[m];
      if (mp.at != MeepleAt::Board) continue;
      const uint16_t r = root[mp.node];
      int k = 0;
      while (k < n_features && feature[k] != r) ++k;
      if (k == n_features) feature[n_features++] = r;
      int st = 1;
      if (mp.kind == PieceKind::Mayor) {  // the city's coats of arms (A3.2)
        st = 0;
        for (int n = 0; n < s.n_nodes; ++n)
          if (root[n] == r) st += R.types[s.tiles[s.nodes[n].tile].type].features[s.nodes[n].feature].arms;
      }
      if (mp.upgraded && L.upgrade_effect == UpgradeEffect::MajorityOnly) st *= 2;
      if (mp.upgraded && L.upgrade_effect == UpgradeEffect::DoubleShare) twice[k] |= 1u << mp.colour;
      strength[k][mp.colour] += st;
    }
    for (int k = 0; k < n_features; ++k) {
      const int most = *std::max_element(strength[k].begin(), strength[k].end());
      int n = 0;
      int h = 0;
      while (h < n_held && held[h] != feature[k]) ++h;
      if (h == n_held) held[n_held++] = feature[k];
      for (int c = 0; c < COLOUR_NB; ++c) {
        const bool scores = R.params.switches.joint_scoring == JointScoring::AllColours ? strength[k][c] > 0 || (twice[k] >> c & 1)
                                                                                        : strength[k][c] == most && most > 0;
        const int share = scores ? ((twice[k] >> c & 1) ? 2 : 1) : 0;
        n += share;
        colour_shares[h][c] = uint8_t(share);
      }
      sharers[feature[k]] = uint8_t(n);
    }
  }
  auto shares = [&](uint16_t r) { return strengths ? int(sharers[r]) : R.level.per_colour_scores ? std::max<int>(1, sharers[r]) : 1; };
  // Per-colour levels: what each colour stands to score from the features its meeples are in.
  const bool per_colour = R.level.per_colour_scores;
  auto credit = [&](uint16_t r, double value, std::array<double, COLOUR_NB>& to) {
    for (int k = 0; k < n_held; ++k)
      if (held[k] == r)
        for (int c = 0; c < COLOUR_NB; ++c) to[c] += value * colour_shares[k][c];
  };
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
      if (r.kind == RegionKind::Monastery) {  // the abbey's monk (CA5): 9 once its 8 neighbours are filled
        f.meeple_value += 9.0 * shares(uint16_t(n)) / (1.0 + r.open / 2.0);
        if (per_colour) credit(uint16_t(n), 9.0 / (1.0 + r.open / 2.0), f.colour_unfinished);
        continue;
      }
      const int per_tile = r.kind == RegionKind::City ? 2 : r.kind == RegionKind::Castle ? 6 : 1;
      f.meeple_value += per_tile * members[n] * shares(uint16_t(n)) / (1.0 + r.open / 2.0);
      if (per_colour) credit(uint16_t(n), per_tile * members[n] / (1.0 + r.open / 2.0), f.colour_unfinished);
    }
  }
  for (int i = 0; i < s.n_pending; ++i) {
    if (pending_is_toll(s.pending[i])) continue;  // counted with the tolls below
    const Node& r = s.nodes[s.pending[i]];
    if (!r.meeples) continue;
    const int per_tile = r.kind == RegionKind::City ? 2 : r.kind == RegionKind::Castle ? 6 : r.kind == RegionKind::Monastery ? 0 : 1;
    f.pending_points += r.kind == RegionKind::Monastery ? 9 * shares(s.pending[i]) : per_tile * members[s.pending[i]] * shares(s.pending[i]);
    if (per_colour) credit(s.pending[i], r.kind == RegionKind::Monastery ? 9 : per_tile * members[s.pending[i]], f.colour_pending);
  }
  for (int h = 0; h < 2; ++h) {
    if (s.hound[h] != HoundState::WithMeeple) continue;
    const Meeple& mp = s.meeples[s.hound_meeple[h]];
    const Node& r = s.nodes[root[mp.node]];
    const double v = (r.flags & Node::DEAD) ? 0.0  // its meeple will never be scored
                     : (r.flags & Node::DONE) ? double(s.ghosts_on_board)
                                              : s.ghosts_on_board / (1.0 + r.open / 2.0);
    f.hound_value += v;
    f.colour_hound[mp.colour] += v;
  }
  for (int c = 0; c < R.n_colours; ++c) f.meeples_supply += s.supply[c];
  for (int m = 0; m < R.n_meeples; ++m) f.meeples_board += s.meeples[m].at == MeepleAt::Board;
  // The next target: a hound still waiting (its pile must reach it) or the goal (all piles).
  int target = R.level.goal;
  int tiles = 0;
  for (int k = 0; k < R.level.piles; ++k) tiles += s.pile_size[k];
  if (s.hound[0] == HoundState::Waiting && R.level.hound1) target = R.level.hound1, tiles = tiles_left(s);
  else if (s.hound[1] == HoundState::Waiting && R.level.hound2) target = R.level.hound2, tiles = tiles_left(s);
  if (R.level.per_colour_scores) {
    // R7.6: a target counts only when the last colour reaches it, so a point helps most a colour
    // still short of it; the lowest colour score alone would value nothing until every colour scores.
    for (int c = 0; c < R.n_colours; ++c) {
      const int sc = s.colour_score[c];
      f.points += std::min(sc, target) + 0.5 * std::max(0, sc - target);
      f.target_gap += std::max(0, target - sc);
    }
  } else {
    f.points = f.progress;
    f.target_gap = std::max(0, target - f.progress);
  }
  f.target = target;
  f.tiles_left = tiles;
  if (L.any()) lever_features(R, s, root, f);
  return f;
}

namespace {

// What p points of one colour are worth on a per-colour level (R7.6) with the next target t: the
// first point 1 + spread, each next one a little less, down to 1 - spread at the target (t points
// are worth t), and half a point each beyond it (as with spread 0).
double colour_worth(double p, int t, double spread) {
  if (t <= 0 || p >= t) return t + 0.5 * (p - t);
  return p * (1.0 + spread - spread * p / t);
}

// The progress terms on a per-colour level with spread > 0: each colour's own points, pending scorings
// and unfinished features, valued by colour_worth and summed over the colours.
struct ColourTerms {
  double points = 0, pending = 0, unfinished = 0;
};
ColourTerms colour_terms(const Rules& R, const State& s, const Features& f, const Weights& w) {
  ColourTerms t;
  for (int c = 0; c < R.n_colours; ++c) {
    const double now = colour_worth(s.colour_score[c], f.target, w.spread);
    const double after_pending = colour_worth(s.colour_score[c] + f.colour_pending[c], f.target, w.spread);
    t.points += now;
    t.pending += after_pending - now;
    const double prospects = f.colour_unfinished[c] + w.hound * f.colour_hound[c];
    t.unfinished += colour_worth(s.colour_score[c] + f.colour_pending[c] + prospects, f.target, w.spread) - after_pending;
  }
  return t;
}

}  // namespace

int first_best(const Rules& R, const State& s, const Action* options, int n, const Weights& w, State& scratch) {
  int pick = 0;
  double best = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) {
    scratch = s;
    apply(R, scratch, options[i]);
    const double v = evaluate(R, scratch, w);
    if (v > best) best = v, pick = i;
  }
  return pick;
}

StuckTerms stuck_terms(const Rules& R, const State& s) {
  StuckTerms out;
  int abbeys = s.team_abbeys;
  for (int c = 0; c < COLOUR_NB; ++c) abbeys += s.abbeys[size_t(c)];
  if (abbeys) return out;
  // The sides of every rotation of every unseen type, once.
  std::array<uint8_t, MAX_TYPES * 4> sides;
  int n_sides = 0;
  for (int t = 0; t < R.n_land_types; ++t) {
    if (!s.unseen[size_t(t)]) continue;
    const TileType& tt = R.types[size_t(t)];
    for (int r = 0; r < 4; ++r)
      if (tt.rot_ok[size_t(r)]) sides[size_t(n_sides++)] = tt.rot[size_t(r)].sides;
  }
  std::array<uint16_t, 64> roots;
  int n_roots = 0;
  auto add = [&](uint16_t node) {
    const uint16_t r = find_root(s, node);
    if (n_roots < int(roots.size()) && std::find(roots.begin(), roots.begin() + n_roots, r) == roots.begin() + n_roots)
      roots[size_t(n_roots++)] = r;
  };
  constexpr uint64_t inner = 0x7FFFFFFFFFFFFFFEull;  // columns 1..62 of a row
  auto at = [&](int x, int y) { return int(s.cell[make_cell(x, y)]) - 1; };
  for (int y = s.ymin - 1; y <= s.ymax + 1; ++y) {
    const uint64_t row = s.face_up[size_t(y)];
    uint64_t cand = (s.face_up[size_t(y - 1)] | s.face_up[size_t(y + 1)] | row << 1 | row >> 1) & ~s.occupied[size_t(y)] & inner;
    while (cand) {
      const int x = __builtin_ctzll(cand);
      cand &= cand - 1;
      uint8_t mask = 0, val = 0;
      for (int d = 0; d < SIDE_NB; ++d) {
        const int nb = at(x + DX[size_t(d)], y + DY[size_t(d)]);
        if (nb < 0 || s.tiles[size_t(nb)].type >= R.wild_from) continue;
        mask = uint8_t(mask | 3u << (2 * d));
        val = uint8_t(val | ((s.tiles[size_t(nb)].sides >> (2 * opposite(d))) & 3u) << (2 * d));
      }
      bool fits = false;
      for (int i = 0; i < n_sides && !fits; ++i) fits = (sides[size_t(i)] & mask) == val;
      if (fits) continue;
      ++out.holes;
      for (int d = 0; d < SIDE_NB; ++d) {
        const int nb = at(x + DX[size_t(d)], y + DY[size_t(d)]);
        if (nb < 0 || s.tiles[size_t(nb)].type >= R.wild_from) continue;
        const PlacedTile& p = s.tiles[size_t(nb)];
        const Orientation& po = R.types[p.type].rot[p.rot];
        const int od = opposite(d);
        if (po.side_main[size_t(od)] != 0xFF) add(uint16_t(p.node + po.side_main[size_t(od)]));
        for (int k = 0; k < 3; ++k)
          if (po.mist[size_t(slot_of(od, k))] != 0xFF) add(uint16_t(p.node + po.mist[size_t(slot_of(od, k))]));
      }
    }
  }
  if (!n_roots) return out;
  // Members and ghosts of those features.
  std::array<int, 64> members{}, ghosts{};
  for (int n = 0; n < s.n_nodes; ++n) {
    const uint16_t r = find_root(s, uint16_t(n));
    for (int k = 0; k < n_roots; ++k)
      if (roots[size_t(k)] == r) {
        ++members[size_t(k)];
        if (s.nodes[size_t(n)].kind == RegionKind::Mist) ghosts[size_t(k)] += s.nodes[size_t(n)].ghosts;
      }
  }
  for (int k = 0; k < n_roots; ++k) {
    const Node& r = s.nodes[roots[size_t(k)]];
    if (r.flags & (Node::DONE | Node::DEAD)) continue;
    if (r.kind == RegionKind::Mist) {
      out.ghosts += ghosts[size_t(k)];
      out.recoverable += ghosts[size_t(k)] / (1.0 + r.open / 3.0);
    } else if (r.meeples && (r.kind == RegionKind::City || r.kind == RegionKind::Road)) {
      const int per_tile = r.kind == RegionKind::City ? 2 : 1;
      out.meeple_value += per_tile * members[size_t(k)] / (1.0 + r.open / 2.0);
    }
  }
  return out;
}

double evaluate(const Rules& R, const State& s, const Weights& w) { return evaluate(R, s, features(R, s), w); }

double evaluate(const Rules& R, const State& s, const Features& f, const Weights& w) {
  if (f.won) return 1e6 - s.turn;  // an earlier win is as good; prefer it anyway
  // The progress terms: the team's (or, with spread 0, the former per-colour valuation's), or on a
  // per-colour level with spread > 0 each colour's own, with the pressure on the mean gap per colour
  // since every colour has the same tiles left (docs/solver.md, "Level 6").
  double progress = f.points + (f.pending_points + f.pending_tolls);
  double unfinished = f.meeple_value;
  double gap = f.target_gap;
  if (R.level.per_colour_scores && w.spread > 0) {
    const ColourTerms t = colour_terms(R, s, f, w);
    progress = t.points + t.pending + f.pending_tolls;
    unfinished = t.unfinished;
    gap = double(f.target_gap) / R.n_colours;
  } else if (w.hound != 0) {
    unfinished += w.hound * f.hound_value;
  }
  double v = w.points * progress;
  v += w.supply * f.ghost_supply;
  v -= w.low_supply * std::max(0, w.safe_supply - f.ghost_supply);
  v -= w.dead_ghost * f.ghosts_on_dead;
  v -= w.live_open * f.live_open;
  v += w.recover * (f.live_recoverable + f.cemetery_recoverable);
  v += w.meeple * f.meeples_supply;
  v += w.meeple_value * unfinished;
  // Expect about 1.5 points a tile from here on (a free abbey turn is a turn too); missing more
  // than that is a danger.
  v -= w.pressure * std::max(0.0, gap - 1.5 * (f.tiles_left + f.free_turns));
  if (R.params.levers.any()) {
    v += w.abbey * f.abbeys_held + w.toll * f.toll_value + w.toll_held * f.tolls_held + w.chip * f.chip_points_held;
    v += w.points * f.chip_to_come;
  }
  if (w.stuck > 0 && !f.lost) {
    const StuckTerms st = stuck_terms(R, s);
    v -= w.stuck * (w.meeple_value * st.meeple_value + (w.recover * st.recoverable + w.dead_ghost * st.ghosts));
  }
  if (f.lost) v -= 1e5;
  return v;
}

double goal_fraction(const Rules& R, const State& s) {
  const double goal = std::max(1, R.level.goal);
  if (!R.level.per_colour_scores) return std::min(1.0, s.score / goal);
  double sum = 0;
  for (int c = 0; c < R.n_colours; ++c) sum += std::min(1.0, s.colour_score[c] / goal);
  return sum / std::max(1, R.n_colours);
}

}  // namespace mists
