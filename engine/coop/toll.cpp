// The Tollkeepers levers of the co-op game (docs/rules.md, CT): where tollhouses may go, what a
// finished road pays them, their flip. Called from the turn (engine/coop/state.cpp) only when the
// lever is on.
#include "engine/coop/detail.h"

namespace mists::detail {

// A tollhouse may go on a junction of the board: the free junctions (no tollhouse), not on a misty
// road with coop_toll_mist = forbidden (CT2), as tile << 4 | junction; returns the count.
int free_junctions(const Rules& R, const State& s, uint16_t* out) {
  int n = 0;
  for (int i = 0; i < s.n_tiles; ++i) {
    const PlacedTile& t = s.tiles[i];
    if (t.face_down()) continue;  // face-down tiles have no junctions
    const TileType& tt = R.types[t.type];
    for (size_t j = 0; j < tt.junctions.size(); ++j) {
      if (R.params.levers.toll_mist == TollMist::Forbidden && (tt.misty_junctions >> j & 1)) continue;
      bool taken = false;
      for (int k = 0; k < R.tolls; ++k) taken = taken || (s.tolls[k].tile == i && s.tolls[k].junction == j);
      if (!taken) out[n++] = uint16_t(i << 4 | int(j));
    }
  }
  return n;
}

TollValue toll_value(const Rules& R, const State& s, int toll, uint16_t root) {
  TollValue v;
  const int face = s.tolls[toll].face;
  if (R.params.levers.toll_basis == TollBasis::Sights) {
    int sights = 0, travellers = 0;
    uint16_t n = root;
    do {
      const Feature& f = R.types[s.tiles[s.nodes[n].tile].type].features[s.nodes[n].feature];
      sights += f.sights;
      travellers += f.travellers;
      n = s.nodes[n].next;
    } while (n != root);
    v.points = face * (sights + 3 * travellers);
    v.travellers = travellers > 0;
  } else {  // misty_tiles: face points per tile of the road that shows mist; a ghost on one of its tiles is a traveller
    TileSet misty;
    uint16_t n = root;
    do {
      const PlacedTile& t = s.tiles[s.nodes[n].tile];
      if (R.types[t.type].misty) misty.add(s.nodes[n].tile);
      v.travellers = v.travellers || t.ghosts > 0;
      n = s.nodes[n].next;
    } while (n != root);
    v.points = face * misty.count();
  }
  return v;
}

namespace {
// Does tollhouse `k` stand on a junction of which road `root` is one road?
bool toll_on_road(const Rules& R, const State& s, int k, uint16_t root) {
  const Tollhouse& th = s.tolls[k];
  if (th.tile == NO_TILE) return false;
  const PlacedTile& t = s.tiles[th.tile];
  const uint8_t mask = R.types[t.type].junctions[th.junction];
  for (int f = 0; f < 8; ++f)
    if ((mask >> f & 1) && find_root(s, uint16_t(t.node + f)) == root) return true;
  return false;
}
}  // namespace

// CT3: the tolls of the roads this turn finished, as scorings of their own (a toll worth 0 is none).
// Counted at the scoring step, so that a tollhouse placed or moved this turn counts.
void add_toll_pendings(const Rules& R, State& s) {
  const int n = s.n_pending;
  for (int i = 0; i < n; ++i) {
    const uint16_t root = s.pending[i];
    if (pending_is_toll(root) || s.nodes[root].kind != RegionKind::Road) continue;
    for (int k = 0; k < R.tolls; ++k) {
      if (R.params.levers.toll_new == TollNew::Waits && (s.tolls_moved >> k & 1)) continue;  // it collects from the next turn on
      if (toll_on_road(R, s, k, root) && toll_value(R, s, k, root).points > 0 && s.n_pending < MAX_PENDING)
        s.pending[s.n_pending++] = make_toll_pending(k, root);
    }
  }
}

// CT4: at the end of the turn, a tollhouse that collected travellers turns over.
void flip_tolls(const Rules& R, State& s) {
  for (int k = 0; k < R.tolls; ++k)
    if (s.tolls[k].flip) {
      s.tolls[k].face = uint8_t(3 - s.tolls[k].face);
      s.tolls[k].flip = false;
    }
}

}  // namespace mists::detail
