// The Abbey & Mayor levers of the co-op game (docs/rules.md, CA): abbeys in holes, the mayors'
// strength and the wagons' moves. Called from the turn (engine/coop/state.cpp) only when the lever
// is on.
#include "engine/coop/detail.h"

#include <algorithm>

namespace mists::detail {

// Holes (CA2): empty cells whose 4 orthogonal neighbours hold tiles, at least one face up (R7.5);
// as cells, row by row. Returns the count.
int abbey_holes(const State& s, Cell* out) {
  int n = 0;
  for (int y = s.ymin; y <= s.ymax; ++y) {
    const uint64_t row = s.occupied[y], up = s.face_up[y];
    uint64_t h = ~row & s.occupied[y - 1] & s.occupied[y + 1] & (row << 1) & (row >> 1) &
                 (s.face_up[y - 1] | s.face_up[y + 1] | up << 1 | up >> 1) & INNER;
    while (h) {
      const int x = __builtin_ctzll(h);
      h &= h - 1;
      out[n++] = make_cell(x, y);
    }
  }
  return n;
}

// The abbeys the active player may place now, as colours (0xFF for the team's pool); the count.
int usable_abbeys(const Rules& R, const State& s, uint8_t* out) {
  int n = 0;
  if (R.params.levers.abbeys == PiecePool::Team) {
    if (s.team_abbeys) out[n++] = 0xFF;
    return n;
  }
  for (int8_t c : R.player_colours[s.player])
    if (c >= 0 && s.abbeys[c]) out[n++] = uint8_t(c);
  return n;
}

// CA1/CA2: can the turn start with an abbey instead of a draw? Burn needs a tile in the active pile.
bool abbey_possible(const Rules& R, const State& s) {
  uint8_t who[COLOUR_NB];
  if (!usable_abbeys(R, s, who)) return false;
  if (R.params.levers.abbey_cost == AbbeyCost::Burn && tiles_left(s) == 0) return false;
  Cell holes[MAX_TILES];
  return abbey_holes(s, holes) > 0;
}

namespace {
// Coats of arms in the whole city `root` (a mayor's strength, A3.2).
int city_arms(const Rules& R, const State& s, uint16_t root) {
  int arms = 0;
  uint16_t n = root;
  do {
    arms += R.types[s.tiles[s.nodes[n].tile].type].features[s.nodes[n].feature].arms;
    n = s.nodes[n].next;
  } while (n != root);
  return arms;
}
}  // namespace

// With mayors or chips (CA8, CM5): strength per colour, a meeple or wagon 1, a mayor the city's
// coats of arms (A3.2); an upgraded piece twice that (majority_only) or its colour's share twice
// (double_share).
Shares lever_shares(const Rules& R, const State& s, uint16_t root) {
  const Levers& L = R.params.levers;
  std::array<int, COLOUR_NB> strength{};
  Shares out;
  unsigned present = 0;
  int arms = -1;
  for (const Meeple& m : s.meeples) {
    if (m.at != MeepleAt::Board || find_root(s, m.node) != root) continue;
    int st = 1;
    if (m.kind == PieceKind::Mayor) {
      if (arms < 0) arms = city_arms(R, s, root);
      st = arms;
    }
    if (m.upgraded) {
      if (L.upgrade_effect == UpgradeEffect::MajorityOnly) st *= 2;
      else out.twice |= 1u << m.colour;
    }
    strength[m.colour] += st;
    present |= 1u << m.colour;
  }
  if (R.params.switches.joint_scoring == JointScoring::AllColours) {
    out.scoring = present;  // every colour present; a mayor is a meeple like any other here (CA8)
  } else {
    const int top = *std::max_element(strength.begin(), strength.end());
    for (int c = 0; c < COLOUR_NB; ++c)
      if (strength[c] == top && top > 0) out.scoring |= 1u << c;  // a strength of 0 never scores (CA8)
  }
  out.twice &= out.scoring;
  return out;
}

// Where wagon `m` may go (A4.2 neighbourhood, CA8): a road, city or castle that takes a meeple (no
// misty road segment), unfinished and with no piece in it, with a segment on the wagon's tile or the
// 8 around it; as nodes. Returns the count.
int wagon_targets(const Rules& R, const State& s, int m, uint16_t* out) {
  int n = 0;
  const PlacedTile& home = s.tiles[s.nodes[s.meeples[m].node].tile];
  for (int i = -1; i < 8; ++i) {
    const int nb = i < 0 ? s.nodes[s.meeples[m].node].tile : cell_at(s, home.x + RING_DX[i], home.y + RING_DY[i]);
    if (nb < 0 || s.tiles[nb].face_down()) continue;
    const TileType& tt = R.types[s.tiles[nb].type];
    for (size_t fi = 0; fi < tt.features.size(); ++fi) {
      const Feature& f = tt.features[fi];
      if (!f.takes_meeple || f.kind == RegionKind::Monastery) continue;
      const uint16_t node = uint16_t(s.tiles[nb].node + fi);
      const Node& r = s.nodes[find_root(s, node)];
      if (r.meeples || (r.flags & Node::DONE)) continue;
      out[n++] = node;
    }
  }
  return n;
}

// The first wagon due to move (CA8, A4.4: in colour order), or -1.
int due_wagon(const State& s) { return s.wagons_due ? __builtin_ctz(s.wagons_due) : -1; }

// CA8: after all the turn's scorings, each wagon scored moves or goes home. True when the next one
// has somewhere to go (phase Wagon); without one due, the turn goes on with the hounds.
bool wagon_step(const Rules& R, State& s) {
  const int m = due_wagon(s);
  if (m < 0) {
    s.step = Step::Hounds;
    return false;
  }
  uint16_t targets[MAX_NODES];
  if (wagon_targets(R, s, m, targets) > 0) {
    s.phase = Phase::Wagon;
    return true;
  }
  s.wagons_due &= ~(1u << m);  // nowhere to go: it stays home
  return false;
}

}  // namespace mists::detail
