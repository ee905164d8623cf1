// State::check: rebuild everything slowly from the placed tiles and compare with the incremental
// state (after Stockfish's pos_is_ok and KataGo's checkConsistency).
#include <map>
#include <sstream>
#include <vector>

#include "engine/coop/state.h"

namespace mists {

namespace {

struct Checker {
  const Rules& R;
  const State& s;
  std::ostringstream err;
  int problems = 0;

  template <class... A>
  void fail(const A&... a) {
    if (problems++ < 8) ((err << a), ...), err << '\n';
  }

  int at(int x, int y) const { return s.cell[make_cell(x, y)] - 1; }
  // An abbey (CA2): matches and closes every side.
  bool wild(const PlacedTile& t) const { return !t.face_down() && R.types[t.type].abbey; }

  void board() {
    std::array<uint64_t, BOARD_H> occ{}, up{};
    for (int i = 0; i < s.n_tiles; ++i) {
      const PlacedTile& t = s.tiles[i];
      if (!inside(t.x, t.y)) fail("tile ", i, " outside the board");
      if (at(t.x, t.y) != i) fail("cell map at (", int(t.x), ",", int(t.y), ") does not hold tile ", i);
      occ[t.y] |= 1ull << t.x;
      if (!t.face_down()) up[t.y] |= 1ull << t.x;
      if (!t.face_down() && t.sides != (wild(t) ? 0 : R.types[t.type].rot[t.rot].sides)) fail("tile ", i, " side cache wrong");
    }
    int cells = 0;
    for (int c = 0; c < CELL_NB; ++c) cells += s.cell[c] != 0;
    if (cells != s.n_tiles) fail("cell map holds ", cells, " tiles, state has ", int(s.n_tiles));
    for (int y = 0; y < BOARD_H; ++y) {
      if (occ[y] != s.occupied[y]) fail("occupied bitboard row ", y, " differs");
      if (up[y] != s.face_up[y]) fail("face-up bitboard row ", y, " differs");
      if (occ[y] && (y < s.ymin || y > s.ymax)) fail("row ", y, " outside ymin..ymax");
    }
  }

  // Features from scratch: flood fill over touching sides and slots.
  void features() {
    const int N = s.n_nodes;
    std::vector<int> comp(size_t(N), -1);
    auto adj = std::vector<std::vector<int>>(size_t(N));
    std::vector<int> open(size_t(N), 0);
    std::vector<bool> dead(size_t(N), false);
    int expect_nodes = 0;
    for (int i = 0; i < s.n_tiles; ++i) {
      const PlacedTile& t = s.tiles[i];
      if (t.face_down()) continue;
      const TileType& tt = R.types[t.type];
      if (t.node != expect_nodes) fail("tile ", i, " first node ", t.node, ", expected ", expect_nodes);
      expect_nodes += int(tt.features.size());
      const Orientation& o = tt.rot[t.rot];
      const bool abbey = wild(t);  // an abbey has no side features: its neighbours' sides are closed (below)
      for (size_t fi = 0; fi < tt.features.size(); ++fi) {
        const Node& n = s.nodes[t.node + fi];
        if (n.tile != i || n.feature != fi || n.kind != tt.features[fi].kind) fail("node ", t.node + fi, " labels wrong");
      }
      for (int d = 0; d < SIDE_NB && !abbey; ++d) {
        const int nb = at(t.x + DX[d], t.y + DY[d]);
        const bool empty = nb < 0;
        const bool down = !empty && s.tiles[nb].face_down();
        if (!empty && !down && wild(s.tiles[nb])) continue;  // CA3: a side facing an abbey is closed
        const Orientation* po = (empty || down) ? nullptr : &R.types[s.tiles[nb].type].rot[s.tiles[nb].rot];
        if (o.side_main[d] != 0xFF) {
          const int me = t.node + o.side_main[d];
          if (empty || down) ++open[size_t(me)];
          if (down) dead[size_t(me)] = true;
          if (po) {
            if (po->side_main[opposite(d)] == 0xFF) fail("tile ", i, " side ", d, " joins a feature to nothing");
            else adj[size_t(me)].push_back(s.tiles[nb].node + po->side_main[opposite(d)]);
          }
        }
        if (po && ((t.sides >> (2 * d)) & 3) != ((s.tiles[nb].sides >> (2 * opposite(d))) & 3))
          fail("tiles ", i, " and ", nb, " do not match terrain");
        for (int k = 0; k < 3; ++k) {
          const int sl = slot_of(d, k);
          if (o.mist[sl] == 0xFF) continue;
          const int me = t.node + o.mist[sl];
          const uint8_t other = po ? po->mist[facing_slot(sl)] : 0xFF;
          if (other == 0xFF) ++open[size_t(me)];
          if (down || (po && other == 0xFF)) dead[size_t(me)] = true;
          if (other != 0xFF) adj[size_t(me)].push_back(s.tiles[nb].node + other);
        }
        // A clear slot facing mist kills that mist: seen from the misty side above.
      }
    }
    if (expect_nodes != N) fail("node count ", N, ", tiles account for ", expect_nodes);
    // Components.
    int nc = 0;
    for (int n = 0; n < N; ++n) {
      if (comp[size_t(n)] >= 0) continue;
      std::vector<int> stack{n};
      comp[size_t(n)] = nc;
      while (!stack.empty()) {
        const int v = stack.back();
        stack.pop_back();
        for (int w : adj[size_t(v)])
          if (comp[size_t(w)] < 0) comp[size_t(w)] = nc, stack.push_back(w);
      }
      ++nc;
    }
    // Partition equal to the union-find's, and each root's data equal to the component's.
    std::map<int, uint16_t> root_of;
    std::vector<int> c_open(size_t(nc), 0), c_meeples(size_t(nc), 0), c_size(size_t(nc), 0);
    std::vector<bool> c_dead(size_t(nc), false);
    for (int n = 0; n < N; ++n) {
      const uint16_t r = find_root(s, uint16_t(n));
      auto [it, fresh] = root_of.emplace(comp[size_t(n)], r);
      if (!fresh && it->second != r) fail("node ", n, " is in another union-find set than its feature");
      c_open[size_t(comp[size_t(n)])] += open[size_t(n)];
      c_dead[size_t(comp[size_t(n)])] = c_dead[size_t(comp[size_t(n)])] || dead[size_t(n)];
      ++c_size[size_t(comp[size_t(n)])];
    }
    if (int(root_of.size()) != nc) fail("component count differs");
    std::map<uint16_t, int> comp_of_root;
    for (auto [c, r] : root_of)
      if (!comp_of_root.emplace(r, c).second) fail("two features share root ", r);
    for (int m = 0; m < R.n_meeples; ++m)
      if (s.meeples[m].at == MeepleAt::Board) {
        if (s.meeples[m].node >= N) fail("meeple ", m, " on node ", s.meeples[m].node, " past the end");
        else ++c_meeples[size_t(comp[s.meeples[m].node])];
      }
    for (auto [c, r] : root_of) {
      const Node& root = s.nodes[r];
      // Circular member list covers exactly the component.
      int len = 0;
      uint16_t v = r;
      do {
        if (comp[v] != c) fail("member list of root ", r, " leaves its feature");
        v = s.nodes[v].next;
      } while (v != r && ++len <= N);
      if (len + 1 != c_size[size_t(c)]) fail("member list of root ", r, " has ", len + 1, " nodes, feature has ", c_size[size_t(c)]);
      if (root.meeples != c_meeples[size_t(c)]) fail("root ", r, " counts ", int(root.meeples), " meeples, board has ", c_meeples[size_t(c)]);
      const RegionKind k = root.kind;
      const PlacedTile& t = s.tiles[root.tile];
      if (k == RegionKind::Castle || k == RegionKind::Cemetery || k == RegionKind::Monastery) {
        const bool ring8 = k != RegionKind::Cemetery;  // castles and the abbey's monastery (CA5)
        const int around = ring8 ? 8 : R.level.cemetery_close;
        const bool active = k == RegionKind::Castle ? R.level.castles : around > 0;
        if (!active) {
          if (root.flags != (Node::DEAD | Node::DONE)) fail("inert ", kind_name(k), " ", r, " flags wrong");
          continue;
        }
        int empty = 0;
        bool any_down = false;  // a face-down tile anywhere in the 8 cells (castles, R7.4)
        for (int i = 0; i < 8; ++i) {
          const int nb = at(t.x + RING_DX[i], t.y + RING_DY[i]);
          if (i < around) empty += nb < 0;
          any_down = any_down || (nb >= 0 && s.tiles[nb].face_down());
        }
        if (ring8) {
          if (bool(root.flags & Node::DEAD) != any_down) fail(kind_name(k), " ", r, " haunted flag wrong");
        }
        if (!(root.flags & Node::DONE) && root.open != empty) fail(kind_name(k), " ", r, " open ", root.open, ", empty cells ", empty);
        if (bool(root.flags & Node::DONE) != (empty == 0 && !(root.flags & Node::DEAD)))
          fail(kind_name(k), " ", r, " done flag wrong");
        continue;
      }
      if (root.open != c_open[size_t(c)]) fail(kind_name(k), " root ", r, " open ", root.open, ", recount ", c_open[size_t(c)]);
      if (bool(root.flags & Node::DEAD) != c_dead[size_t(c)]) fail(kind_name(k), " root ", r, " dead flag wrong");
      const bool finished = c_open[size_t(c)] == 0 && !c_dead[size_t(c)];
      if (bool(root.flags & Node::DONE) != finished) fail(kind_name(k), " root ", r, " done flag wrong");
      // Levels 5-6 put ghosts on finished mist (R7.2); a chip taken before the mist check (CM2)
      // leaves them there until it is done.
      if (k == RegionKind::Mist && finished && !R.level.haunted && s.chip_taken == 0xFF)
        for (v = r;;) {
          if (s.nodes[v].ghosts) fail("finished mist bank ", r, " still holds ghosts");
          v = s.nodes[v].next;
          if (v == r) break;
        }
    }
  }

  void ghosts_meeples_tiles() {
    int on_board = 0;
    for (int i = 0; i < s.n_tiles; ++i) {
      const PlacedTile& t = s.tiles[i];
      int g = 0;
      if (!t.face_down())
        for (size_t fi = 0; fi < R.types[t.type].features.size(); ++fi) {
          const Node& n = s.nodes[t.node + fi];
          if (n.ghosts && n.kind != RegionKind::Mist && n.kind != RegionKind::Cemetery)
            fail("ghosts on a ", kind_name(n.kind), " of tile ", i);
          g += n.ghosts;
        }
      if (g != t.ghosts) fail("tile ", i, " counts ", int(t.ghosts), " ghosts, its areas hold ", g);
      on_board += g;
    }
    if (on_board != s.ghosts_on_board) fail("ghosts on board ", int(s.ghosts_on_board), ", tiles hold ", on_board);
    if (s.ghost_supply + s.ghosts_on_board != R.level.ghosts)
      fail("ghosts: supply ", int(s.ghost_supply), " + board ", int(s.ghosts_on_board), " != total ", R.level.ghosts);

    std::array<int, COLOUR_NB> supply{}, total{};
    for (int m = 0; m < R.n_meeples; ++m) {
      ++total[s.meeples[m].colour];
      if (s.meeples[m].at == MeepleAt::Supply) ++supply[s.meeples[m].colour];
    }
    for (int c = 0; c < COLOUR_NB; ++c) {
      if (supply[c] != s.supply[c]) fail("colour ", c, " supply ", int(s.supply[c]), ", meeples say ", supply[c]);
      if (total[c] != R.meeples_per_colour[c]) fail("colour ", c, " has ", total[c], " meeples");
    }

    int face_up_land = 0, face_down = 0;
    std::vector<int> placed(R.types.size(), 0);
    for (int i = 0; i < s.n_tiles; ++i) {
      if (s.tiles[i].face_down()) ++face_down;
      else {
        ++placed[s.tiles[i].type];
        if (s.tiles[i].type < R.n_land_types) ++face_up_land;
      }
    }
    if (face_down != s.face_down) fail("face-down count ", int(s.face_down), ", board has ", face_down);
    if (face_up_land != s.turn) fail("turn ", s.turn, ", face-up land tiles ", face_up_land);
    int piles = 0, unseen = 0;
    for (int k = 0; k < R.level.piles; ++k) piles += s.pile_size[k];
    for (int t = 0; t < R.n_land_types; ++t) {
      unseen += s.unseen[t];
      if (s.unseen[t] + placed[size_t(t)] > R.types[t].in_play) fail("tile ", R.types[t].id, " seen more often than it is in play");
    }
    const int in_hand = s.phase == Phase::Place && s.step == Step::None;  // drawn, not yet placed
    if (face_up_land + face_down + s.discarded + s.burned + piles + in_hand != R.tiles_in_play)
      fail("tiles: placed ", face_up_land, " + face-down ", face_down, " + discarded ", int(s.discarded), " + burned ",
           int(s.burned), " + piles ", piles, " + in hand ", in_hand, " != ", R.tiles_in_play);
    if (unseen != piles + face_down + s.burned)
      fail("unseen ", unseen, " != piles ", piles, " + face-down ", face_down, " + burned ", int(s.burned));
    int designed = 0;  // every copy of every land design: dealt, or set aside for the Tollkeepers tiles (CT1)
    for (int t = 0; t < R.n_land_types; ++t) designed += R.types[size_t(t)].in_play;
    if (designed - s.set_aside != R.tiles_in_play)
      fail("tiles: ", designed, " in the game's designs - ", int(s.set_aside), " set aside != ", R.tiles_in_play, " dealt");
    for (int h = 0; h < 2; ++h)
      if (s.hound[h] == HoundState::WithMeeple && s.meeples[s.hound_meeple[h]].at != MeepleAt::Board)
        fail("hound ", h + 1, " is with a meeple that is not on the board");
    for (int i = 0; i < s.n_pending; ++i) {
      const uint16_t root = pending_root(s.pending[i]);
      if (root >= s.n_nodes || find_root(s, root) != root) fail("pending scoring ", i, " is not a root");
      else if (pending_is_toll(s.pending[i])) {
        const int k = pending_toll(s.pending[i]);
        if (k >= R.tolls || s.tolls[k].tile == NO_TILE) fail("pending toll ", i, " names a tollhouse off the board");
        if (s.nodes[root].kind != RegionKind::Road) fail("pending toll ", i, " is not on a road");
      }
    }
  }

  // The levers' pieces (docs/rules.md C), recounted from the board.
  void levers() {
    const Levers& L = R.params.levers;
    // Abbeys (CA1): on the board, in hand, the pile clock of burn.
    int on_board = 0;
    for (int i = 0; i < s.n_tiles; ++i) on_board += wild(s.tiles[i]);
    if (on_board != s.abbeys_placed) fail("abbeys: ", on_board, " on the board, state says ", int(s.abbeys_placed));
    int held = s.team_abbeys;
    for (int c = 0; c < COLOUR_NB; ++c) {
      held += s.abbeys[c];
      if (s.abbeys[c] && (L.abbeys != PiecePool::PerColour || c >= R.n_colours)) fail("colour ", c, " holds an abbey");
    }
    if (held + on_board != R.abbeys) fail("abbeys: held ", held, " + placed ", on_board, " != ", R.abbeys);
    if (s.burned && L.abbey_cost != AbbeyCost::Burn) fail("tiles burned without coop_abbey_cost = burn");
    if (s.abbey_turn && (s.n_tiles == 0 || !wild(s.tiles[s.last]))) fail("an abbey turn whose last tile is no abbey");
    // Pieces (CA8, CM4): each colour's wagon and mayor as set up; upgrades only on the board.
    std::array<std::array<int, 3>, COLOUR_NB> kinds{};
    for (int m = 0; m < R.n_meeples; ++m) {
      const Meeple& mp = s.meeples[m];
      ++kinds[mp.colour][size_t(mp.kind)];
      if (mp.upgraded && mp.at != MeepleAt::Board) fail("meeple ", m, " keeps an upgrade off the board");
      if (mp.upgraded && !L.chips) fail("meeple ", m, " upgraded without coop_chips");
      if ((s.wagons_due >> m & 1) && (mp.kind != PieceKind::Wagon || mp.at != MeepleAt::Supply))
        fail("meeple ", m, " is due to move as a wagon but is no wagon at home");
    }
    for (int c = 0; c < R.n_colours; ++c) {
      if (kinds[c][size_t(PieceKind::Wagon)] != (L.wagon ? 1 : 0)) fail("colour ", c, " has ", kinds[c][1], " wagons");
      if (kinds[c][size_t(PieceKind::Mayor)] != (L.mayor ? 1 : 0)) fail("colour ", c, " has ", kinds[c][2], " mayors");
    }
    // Tollhouses (CT1, CT2): each on a junction of a face-up tile, at most one a junction.
    for (int k = 0; k < MAX_TOLLS; ++k) {
      const Tollhouse& th = s.tolls[k];
      if (k >= R.tolls) {
        if (th.tile != NO_TILE) fail("tollhouse ", k, " beyond the game's ", R.tolls, " is on the board");
        continue;
      }
      if (th.face != 1 && th.face != 2) fail("tollhouse ", k, " shows face ", int(th.face));
      if (L.tolls == PiecePool::PerColour && th.colour != k) fail("tollhouse ", k, " has colour ", int(th.colour));
      if (th.tile == NO_TILE) continue;
      if (th.tile >= s.n_tiles || s.tiles[th.tile].face_down() ||
          th.junction >= R.types[s.tiles[th.tile].type].junctions.size())
        fail("tollhouse ", k, " stands on no junction");
      for (int q = 0; q < k; ++q)
        if (s.tolls[q].tile == th.tile && s.tolls[q].junction == th.junction) fail("tollhouses ", q, " and ", k, " share a junction");
    }
    // Chips (CM1-CM4): left only on empty chip cells; every chip turned up is held, spent, or in hand.
    if (s.chips_left >> R.chip_cells.size()) fail("chips on cells that are no chip cells");
    for (size_t i = 0; i < R.chip_cells.size(); ++i)
      if ((s.chips_left >> i & 1) && s.cell[R.chip_cells[i]]) fail("a chip under the tile on chip cell ", i);
    for (int v = 0; v < 2; ++v) {
      int have = s.chips_spent[size_t(v)];
      for (int c = 0; c < COLOUR_NB; ++c) have += s.chips_held[size_t(c)][size_t(v)];
      if (s.phase == Phase::Chip && s.chip_value == v + 1) ++have;  // turned up, not yet taken
      if (have != s.chips_seen[size_t(v)]) fail("chips of value ", v + 1, ": ", have, " held or spent, ", int(s.chips_seen[size_t(v)]), " turned up");
    }
    if (s.chips_seen[0] > CHIP_ONES || s.chips_seen[1] > CHIP_TWOS) fail("more chips turned up than there are");
    if ((s.phase == Phase::ChipDraw || s.phase == Phase::Chip) != (s.chip_taken != 0xFF)) fail("chip in hand out of its phase");
  }
};

}  // namespace

std::string check(const Rules& R, const State& s) {
  Checker c{R, s, {}, 0};
  c.board();
  c.features();
  c.ghosts_meeples_tiles();
  c.levers();
  return c.err.str();
}

}  // namespace mists
