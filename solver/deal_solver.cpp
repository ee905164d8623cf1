#include "solver/deal_solver.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <unordered_set>

#include "engine/coop/text.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/rng.h"

namespace mists {

std::string_view verdict_name(Verdict v) {
  static constexpr std::string_view NAMES[] = {"won", "lost", "open"};  // in Verdict's order
  return size_t(v) < std::size(NAMES) ? NAMES[size_t(v)] : "?";
}

namespace {

// A hash of a few small integers under a tag: three rounds of SplitMix64 (solver/rng.h).
inline uint64_t key_of(uint64_t tag, uint64_t a, uint64_t b = 0, uint64_t c = 0) {
  return splitmix64(splitmix64(splitmix64(tag * 0x9e3779b97f4a7c15ull ^ a) ^ b) ^ c);
}

// Points a tile design adds to roads and cities when its regions join a finished feature, at most:
// a city region 2 for its tile and 2 per coat of arms, a road region 1 for its tile (R4.1). A
// feature counts each tile once, so counting each region is an over-count, never an under-count.
int road_city_value(const TileType& tt) {
  int v = 0;
  for (const Feature& f : tt.features) {
    if (f.kind == RegionKind::City) v += 2 + 2 * f.arms;
    else if (f.kind == RegionKind::Road) v += 1;
  }
  return v;
}

constexpr int CASTLE_MAX = 2 * 9;  // R5.1: 2 points per misty tile in the 3 x 3 square

}  // namespace

// ---- Position key --------------------------------------------------------------------------------

uint64_t position_key(const Rules& R, const State& s) {
  uint64_t k = 0;
  // 1. Tiles in placement order (the order of the deal): design, rotation, cell. The union-find of
  //    features, open counts, flags, bitboards and the unseen counts all follow from these.
  for (int i = 0; i < s.n_tiles; ++i) {
    const PlacedTile& t = s.tiles[size_t(i)];
    k ^= key_of(1, uint64_t(i), t.type, uint64_t(t.rot) | uint64_t(t.x) << 8 | uint64_t(t.y) << 16);
  }
  // 2. Ghosts on each area (node indices follow from the tile order).
  for (int n = 0; n < s.n_nodes; ++n)
    if (s.nodes[size_t(n)].ghosts) k ^= key_of(2, uint64_t(n), s.nodes[size_t(n)].ghosts);
  // 3. Meeples: a multiset per colour (which meeple of a colour stands where does not matter; the
  //    node of a meeple in the supply or buried is stale and ignored), and each colour's score (R7.6).
  std::array<uint64_t, COLOUR_NB> colour{};
  for (int m = 0; m < R.n_meeples; ++m) {
    const Meeple& mp = s.meeples[size_t(m)];
    // A wagon, a mayor and an upgrade are part of the piece (CA8, CM4); 0 for ordinary meeples.
    const uint64_t piece = uint64_t(mp.at) | uint64_t(mp.kind) << 8 | uint64_t(mp.upgraded) << 16;
    colour[mp.colour] += key_of(3, piece, mp.at == MeepleAt::Board ? mp.node : 0);
  }
  if (R.level.per_colour_scores)
    for (int c = 0; c < R.n_colours; ++c) colour[size_t(c)] ^= key_of(4, uint16_t(s.colour_score[size_t(c)]));
  // 4. Colours grouped by player. Every rule treats the colours of one player alike (R1.5, R4.2,
  //    R7.6) except burial from the supply (R5.3), which takes the player's first colour first; so
  //    where no cemetery can close, a player's colours are sorted (a canonical form under swapping them).
  // The levers give colours pieces of their own (abbeys, tollhouses, chips on level 6): no folding then.
  const bool fold = R.level.cemetery_close == 0 && !R.params.levers.any();
  for (int p = 0; p < R.params.players; ++p) {
    std::array<uint64_t, 4> h{};
    int n = 0;
    bool same_count = true;
    for (int8_t c : R.player_colours[size_t(p)]) {
      if (c < 0) break;
      same_count = same_count && R.meeples_per_colour[size_t(c)] == R.meeples_per_colour[size_t(R.player_colours[size_t(p)][0])];
      h[size_t(n++)] = colour[size_t(c)];
    }
    if (fold && same_count)  // insertion sort of at most 4 (std::sort draws a false -Warray-bounds from GCC 12)
      for (int i = 1; i < n; ++i)
        for (int j = i; j > 0 && h[size_t(j - 1)] > h[size_t(j)]; --j) std::swap(h[size_t(j - 1)], h[size_t(j)]);
    for (int i = 0; i < n; ++i) k ^= key_of(5, uint64_t(p), uint64_t(i), h[size_t(i)]);
  }
  // 5. Everything else that the rules read: score, supply, piles, hounds, where the turn stands.
  k ^= key_of(6, uint16_t(s.score), s.ghost_supply, s.active_end);
  k ^= key_of(7, s.pile_size[0], s.pile_size[1], s.pile_size[2]);
  for (int h = 0; h < 2; ++h) {
    const bool with = s.hound[size_t(h)] == HoundState::WithMeeple;
    k ^= key_of(8, uint64_t(h) << 8 | uint64_t(s.hound[size_t(h)]), with ? s.meeples[s.hound_meeple[size_t(h)]].node : 0);
  }
  k ^= key_of(9, uint64_t(s.phase), uint64_t(s.step), uint64_t(s.player) | uint64_t(s.turn) << 8);
  k ^= key_of(10, uint64_t(s.outcome), s.face_down, s.discarded);
  if (s.phase != Phase::Draw && s.phase != Phase::Over) {  // the turn in progress
    k ^= key_of(11, s.drawn, s.last,
                uint64_t(s.expand_mask) | uint64_t(s.burials) << 8 | uint64_t(s.ghost_due) << 16 |
                    uint64_t(s.ghost_ring) << 24);
    uint64_t p = s.n_pending;
    for (int i = 0; i < s.n_pending; ++i) p = splitmix64(p ^ s.pending[size_t(i)]);  // roots: the lowest member, canonical
    k ^= key_of(12, p);
  }
  if (R.params.levers.any()) {  // 6. The levers' pieces (docs/rules.md C)
    uint64_t a = s.team_abbeys;
    for (int c = 0; c < COLOUR_NB; ++c) a = a << 4 | s.abbeys[size_t(c)];
    k ^= key_of(13, a, s.burned,
                uint64_t(s.abbey_turn) | uint64_t(s.tolls_due) << 1 | uint64_t(s.tolls_moved) << 2 | uint64_t(s.wagons_due) << 10);
    for (int t = 0; t < R.tolls; ++t) {
      const Tollhouse& th = s.tolls[size_t(t)];
      k ^= key_of(14, uint64_t(t), uint64_t(th.tile) | uint64_t(th.junction) << 8 | uint64_t(th.colour) << 16,
                  uint64_t(th.face) | uint64_t(th.flip) << 8);
    }
    uint64_t chips = s.chips_left;
    for (int c = 0; c < COLOUR_NB; ++c) chips = chips << 8 | uint64_t(s.chips_held[size_t(c)][0]) << 4 | s.chips_held[size_t(c)][1];
    k ^= key_of(15, chips, uint64_t(s.chips_seen[0]) | uint64_t(s.chips_seen[1]) << 8 | uint64_t(s.chip_taken) << 16,
                uint64_t(s.chip_value) | uint64_t(s.chip_resume) << 8);
  }
  return k;
}

// ---- The bound on future points --------------------------------------------------------------------
//
// Claim. Let H be the first moment after `s` at which the active pile grows (a reached hound moves
// the piles on, R6.2) or the game ends. The points added between s and H are at most `team`
// (levels 1-5), and each colour's points at most `colour[c]` (R7.6).
//
// Argument, piece by piece:
//  (a) Points are only added by a scoring (R4.3: a feature's value to each scoring colour) or by a
//      hound whose meeple is scored (R6.3). Nothing else changes a score.
//  (b) Before H the active pile does not grow, so at most P = tiles_left + (1 if the drawn tile is
//      not placed yet) tiles are laid face up: every face-up tile comes out of that pile (R2.1), and
//      face-down tiles (R7.3) and discards (R2.2) only use it up faster.
//  (c) A road or city finished before H is made of regions of features live now (not finished, not
//      dead: a dead feature never finishes, R3.1, R7.4) and of regions of the P tiles still to be
//      laid face up, which are known: the drawn tile and the rest of the active pile in the deal
//      (possibly fewer, never others). A live feature F can only be part of a finished feature if
//      every empty cell that one of its open sides faces gets a face-up tile, so F counts only when
//      it faces at most P empty cells. Its value then is at most its value now (2 a tile and 2 a
//      coat of arms for a city, 1 a tile for a road, R4.1); each future tile adds at most 2 + 2 per
//      coat of arms for each of its city regions and 1 for each road region. Merging never adds
//      value beyond the sum of the parts (a feature counts distinct tiles). So the values of all
//      roads and cities finished before H sum to at most V (the sum of those terms).
//  (d) Each finished road or city scores for at most m colours: the colours with a meeple in it
//      (R4.2, either reading). Only colours with a meeple not buried can have one, and a feature holds
//      at most the meeples standing now plus one per tile still to be laid (R2.4: one meeple a turn, on
//      the tile just laid), so m <= min(colours with a meeple not buried, meeples on the board + P + 1).
//      The team thus gets at most m * V from them, and one colour at most V (it scores a feature
//      once).
//  (e) A castle (R5.1) is one node that never merges and takes a meeple only when its tile is laid
//      (R2.4), so it scores for at most one colour, at most 2 * 9. A castle on the board counts only
//      with a meeple (or on the tile just laid before the meeple step) and at most P empty cells
//      around; its value is at most 2 * (misty tiles in its square + empty cells around). Each castle
//      tile still to come counts 2 * 9.
//  (f) A feature finished already and waiting for its scoring (the pending list) is worth exactly its
//      value to each colour with a meeple in it. Before the meeple step of the turn (R2.3), one
//      without a meeple can still take the meeple of the tile just laid (R2.4 does not ask for an
//      unfinished feature): it is then worth its value to that one colour, any colour.
//  (g) A hound scores 1 a ghost on the board (R6.3), at most the level's ghost total, and only when
//      it stands beside a meeple (WithMeeple); a hound still waiting is reached at H at the soonest.
//  (h) Every point of a colour needs a meeple of that colour standing at the scoring (R4.2; the
//      hound's points go to the colour of the meeple being scored, R6.3), and a buried meeple never
//      comes back (R5.3): a colour whose meeples are all buried adds nothing.
// `team` bounds the sum of the colours' points as well when each colour has a score (R7.6): the
// terms above bound every scoring's value times its number of scoring colours, plus the hounds.
//
// Consequence (`bound_proves_lost`). Winning (R4.5) or growing the pile (R6.2) needs progress at
// least the target: the goal or a waiting hound's threshold (the lowest is taken, which only weakens
// the test). If progress + bound < target, neither happens before the active pile is empty, and the
// next draw from it loses the game (R6.4). With a hound reached but not yet placed, the pile is about
// to grow within this turn: no claim is made.
PointsBound points_bound(const Rules& R, const Deal& deal, const State& s) {
  PointsBound b;
  if (is_over(s)) return b;
  // The levers add points and turns the argument below does not count (chips, tolls, a monk,
  // doubled shares, free abbey turns): no claim is made with any lever on.
  if (R.params.levers.any()) return b;
  for (HoundState h : s.hound)
    if (h == HoundState::Reached) return b;
  b.applies = true;
  // Target: the goal or the lowest threshold of a hound still waiting.
  b.target = R.level.goal;
  const int threshold[2] = {R.level.hound1, R.level.hound2};
  for (int h = 0; h < 2; ++h)
    if (s.hound[size_t(h)] == HoundState::Waiting && threshold[h] > 0) b.target = std::min(b.target, threshold[h]);
  b.tiles = tiles_left(s);

  // (b), (c), (e): the tiles still to be laid face up, at most.
  const int placements = b.tiles + (s.phase == Phase::Place ? 1 : 0);
  int value = 0;    // V of (c)
  int castles = 0;  // (e)
  auto add_future = [&](int type) {
    const TileType& tt = R.types[size_t(type)];
    value += road_city_value(tt);
    if (R.level.castles && tt.castle >= 0) castles += CASTLE_MAX;
  };
  if (s.phase == Phase::Place) add_future(s.drawn);
  for (int k = 0; k <= s.active_end; ++k) {
    const std::vector<uint8_t>& pile = deal.piles[size_t(k)];
    const size_t cursor = size_t(R.pile_sizes[size_t(k)] - s.pile_size[size_t(k)]);
    for (size_t i = cursor; i < pile.size(); ++i) add_future(pile[i]);
  }

  // (c): live roads and cities that face at most `placements` empty cells.
  for (int n = 0; n < s.n_nodes; ++n) {
    const Node& r = s.nodes[size_t(n)];
    if (r.parent != n || (r.flags & (Node::DEAD | Node::DONE))) continue;
    if (r.kind != RegionKind::City && r.kind != RegionKind::Road) continue;
    TileSet tiles;
    int arms = 0;
    std::array<Cell, MAX_TILES> cells{};
    int n_cells = 0;
    bool reachable = true;
    uint16_t m = uint16_t(n);
    do {
      const Node& nd = s.nodes[m];
      const PlacedTile& t = s.tiles[nd.tile];
      tiles.add(nd.tile);
      const TileType& tt = R.types[t.type];
      arms += tt.features[nd.feature].arms;
      const Orientation& o = tt.rot[t.rot];
      for (int d = 0; d < SIDE_NB && reachable; ++d) {
        if (o.side_main[size_t(d)] != nd.feature) continue;
        const Cell c = make_cell(t.x + DX[size_t(d)], t.y + DY[size_t(d)]);
        if (s.cell[c] || std::find(cells.begin(), cells.begin() + n_cells, c) != cells.begin() + n_cells) continue;
        if (n_cells >= placements) reachable = false;  // one more empty cell than tiles to come
        else if (n_cells < int(cells.size())) cells[size_t(n_cells++)] = c;  // (never full: placements < MAX_TILES)
      }
      m = nd.next;
    } while (m != n && reachable);
    if (!reachable) continue;
    const int count = tiles.count();
    value += r.kind == RegionKind::City ? 2 * count + 2 * arms : count;
  }

  // (e): castles on the board with a meeple that can still be closed in time.
  auto misty_square = [&](const PlacedTile& t) {
    int misty = 0;
    for (int i = -1; i < 8; ++i) {
      const int nb = i < 0 ? s.cell[make_cell(t.x, t.y)] - 1
                           : s.cell[make_cell(t.x + RING_DX[size_t(i)], t.y + RING_DY[size_t(i)])] - 1;
      if (nb >= 0 && !s.tiles[size_t(nb)].face_down() && R.types[s.tiles[size_t(nb)].type].misty) ++misty;
    }
    return misty;
  };
  // Before the meeple step of the turn (R2.3), the tile just laid can still take a meeple (R2.4).
  const bool meeple_to_come = s.phase != Phase::Draw && s.phase != Phase::Place && s.step <= Step::MeepleStep;
  if (R.level.castles)
    for (int i = 0; i < s.n_tiles; ++i) {
      const PlacedTile& t = s.tiles[size_t(i)];
      if (t.face_down() || R.types[t.type].castle < 0) continue;
      const Node& c = s.nodes[size_t(t.node + R.types[t.type].castle)];
      const bool meeple = c.meeples || (meeple_to_come && i == s.last);
      if ((c.flags & (Node::DEAD | Node::DONE)) || !meeple || c.open > placements) continue;
      castles += std::min(CASTLE_MAX, 2 * (misty_square(t) + c.open));
    }

  // (f): the scorings waiting in this turn, by colour with a meeple in the feature; before the
  // meeple step, a finished feature without a meeple can still take the one of the tile just laid.
  int pending_team = 0;
  std::array<int, COLOUR_NB> pending_colour{};
  for (int i = 0; i < s.n_pending; ++i) {
    const uint16_t root = s.pending[size_t(i)];
    const Node& r = s.nodes[root];
    if (!r.meeples && !meeple_to_come) continue;
    int v = 0;
    if (r.kind == RegionKind::Castle) {
      v = 2 * misty_square(s.tiles[r.tile]);
    } else {
      TileSet tiles;
      int arms = 0;
      uint16_t m = root;
      do {
        tiles.add(s.nodes[m].tile);
        arms += R.types[s.tiles[s.nodes[m].tile].type].features[s.nodes[m].feature].arms;
        m = s.nodes[m].next;
      } while (m != root);
      const int count = tiles.count();
      v = r.kind == RegionKind::City ? 2 * count + 2 * arms : count;
    }
    unsigned present = 0;
    for (int mi = 0; mi < R.n_meeples; ++mi)
      if (s.meeples[size_t(mi)].at == MeepleAt::Board && find_root(s, s.meeples[size_t(mi)].node) == root)
        present |= 1u << s.meeples[size_t(mi)].colour;
    if (!r.meeples) present = (1u << R.n_colours) - 1;  // the meeple to come: one colour, any
    pending_team += v * std::max(1, r.meeples ? __builtin_popcount(present) : 1);
    for (int c = 0; c < COLOUR_NB; ++c)
      if (present >> c & 1) pending_colour[size_t(c)] += v;
  }

  // (g): hounds beside a meeple.
  int hounds = 0;
  for (HoundState h : s.hound)
    if (h == HoundState::WithMeeple) hounds += s.ghost_supply + s.ghosts_on_board;

  // (d): the colours that can score, and how many meeples a feature can hold.
  unsigned alive = 0;
  int on_board = 0;
  for (int mi = 0; mi < R.n_meeples; ++mi) {
    const Meeple& mp = s.meeples[size_t(mi)];
    if (mp.at != MeepleAt::Buried) alive |= 1u << mp.colour;
    on_board += mp.at == MeepleAt::Board;
  }
  const int sharers = std::min(__builtin_popcount(alive), on_board + placements + 1);
  b.team = pending_team + hounds + castles + sharers * value;
  for (int c = 0; c < R.n_colours; ++c)
    b.colour[size_t(c)] = alive >> c & 1 ? pending_colour[size_t(c)] + hounds + castles + value : 0;
  return b;
}

bool bound_proves_lost(const Rules& R, const Deal& deal, const State& s) {
  const PointsBound b = points_bound(R, deal, s);
  if (!b.applies) return false;
  if (!R.level.per_colour_scores) return s.score + b.team < b.target;
  // R7.6: every colour must reach the target; each colour on its own, and all of them together
  // (the points of all colours add up to at most `team`: (a)-(g) bound their sum as well).
  int missing = 0;
  for (int c = 0; c < R.n_colours; ++c) {
    const int short_of = b.target - s.colour_score[size_t(c)];
    if (short_of > b.colour[size_t(c)]) return true;
    missing += std::max(0, short_of);
  }
  return missing > b.team;
}

// ---- Lines -----------------------------------------------------------------------------------------

std::vector<std::string> line_steps(const Rules& R, const Deal& deal, const std::vector<Action>& decisions,
                                    State* final_state) {
  std::vector<std::string> out;
  std::vector<Action> buf(MAX_ACTIONS);
  State s = initial_state(R, deal);
  size_t next = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      const int t = true_next_tile(R, deal, s);
      out.push_back(chance_text(R, s, t));
      apply_draw(R, s, t);
      continue;
    }
    const int n = legal_actions(R, s, buf.data());
    if (n == 1) {
      apply(R, s, buf[0]);
      continue;
    }
    if (next == decisions.size()) break;
    const Action a = decisions[next++];
    if (std::find(buf.begin(), buf.begin() + n, a) == buf.begin() + n)
      throw std::logic_error("line_steps: decision " + std::to_string(next) + " is not legal");
    out.push_back(action_text(R, s, a));
    apply(R, s, a);
  }
  if (final_state) *final_state = s;
  return out;
}

GameSummary replay_line(const Rules& R, const Deal& deal, const std::vector<std::string>& line, std::vector<std::string>* log,
                        const TurnObserver* on_turn) {
  size_t i = 0;
  auto fail = [&](const std::string& why) {
    return std::runtime_error("the line does not replay at step " + std::to_string(i + 1) + ": " + why);
  };
  auto choose = [&](const State& s, const Action* options, int n) {
    // Draws are the deal's (play_game deals them): the line's draw steps must name the same tiles.
    while (i < line.size() && (line[i].rfind("draw ", 0) == 0 || line[i].rfind("chip ", 0) == 0)) ++i;
    if (i == line.size()) throw fail("the line ends before the game does");
    Action a;
    if (!parse_action(R, s, line[i], a)) throw fail("'" + line[i] + "' is not an action here");
    const Action* hit = std::find(options, options + n, a);
    if (hit == options + n) throw fail("'" + line[i] + "' is not legal here");
    ++i;
    return int(hit - options);
  };
  std::vector<std::string> steps;
  const GameSummary sum = play_game(R, deal, choose, &steps, on_turn);
  if (steps != line) {
    size_t k = 0;
    while (k < steps.size() && k < line.size() && steps[k] == line[k]) ++k;
    i = k;
    throw fail(k < line.size() ? "'" + line[k] + "' where the deal gives '" + (k < steps.size() ? steps[k] : "the end") + "'"
                               : "the game goes on after the line ends");
  }
  if (log) *log = steps;
  return sum;
}

namespace {

// ---- A set of 64-bit keys (positions shown lost) -----------------------------------------------------
// Open addressing with linear probing; grows by doubling up to a cap, and then stops taking keys
// (a key left out only costs a search again, never a wrong answer).
class KeySet {
 public:
  static constexpr size_t MAX_SLOTS = size_t(1) << 22;  // 32 MiB of keys
  KeySet() : slots_(size_t(1) << 12, 0) {}
  bool contains(uint64_t k) const {
    k = k ? k : 1;
    for (size_t i = k & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == k) return true;
      if (slots_[i] == 0) return false;
    }
  }
  void insert(uint64_t k) {
    k = k ? k : 1;
    if (2 * (size_ + 1) > slots_.size()) {
      if (slots_.size() >= MAX_SLOTS) return;
      grow();
    }
    size_t i = k & (slots_.size() - 1);
    while (slots_[i] && slots_[i] != k) i = (i + 1) & (slots_.size() - 1);
    if (!slots_[i]) {
      slots_[i] = k;
      ++size_;
    }
  }
  size_t size() const { return size_; }

 private:
  void grow() {
    std::vector<uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    size_ = 0;
    for (uint64_t k : old)
      if (k) insert(k);
  }
  std::vector<uint64_t> slots_;
  size_t size_ = 0;
};

using Clock = std::chrono::steady_clock;

constexpr int MAX_BEAM = 1 << 10;            // widest beam pass (a layer holds this many positions)
constexpr double BEAM_NOISE = 3.0;             // heuristic points of noise in passes after the first
constexpr double PROVER_SHARE = 0.5;           // the prover's steps per step of the beam pass before it
constexpr long long MIN_PROVER_SHARE = 20000;  // engine steps the prover gets at least per turn
constexpr long long CLOCK_EVERY = 256;         // engine steps between two looks at the clock

// Option lists in DealSolver::buf_, one per use that can be alive at the same time.
constexpr size_t BUF_POSITION = 0;             // the layer's or the frame's position
constexpr size_t BUF_REBUILD = 1 * MAX_ACTIONS;  // rebuilding a kept candidate
constexpr size_t BUF_GREEDY = 2 * MAX_ACTIONS;   // the greedy rest of a turn

enum class Status { Won, Lost, Paused };

class DealSolver {
 public:
  DealSolver(const Rules& R, const Deal& deal, const SolveBudget& budget, uint64_t seed, const SolveWatch* watch, const Weights& weights)
      : R_(R), deal_(deal), budget_(budget), seed_(seed), watch_(watch), weights_(weights), start_(Clock::now()), last_report_(start_),
        buf_(3 * MAX_ACTIONS) {}

  SolveResult run();

 private:
  // ---- shared ----
  bool out_of_budget();
  void note(const State& s);
  int targets_of(const State& s) const;
  // A whole game that ended lost after `decisions`: kept as the best line when it went furthest.
  template <class Decisions>
  void note_lost_game(const State& end, Decisions&& decisions);
  void step(State& s, Action a) {
    apply(R_, s, a);
    ++nodes_;
  }
  int settle(State& s, Action* buf, bool stop_at_draw);
  Status finish_won(const std::vector<Action>& decisions, const char* by);

  // ---- finder: beam search over turns ----
  struct Candidate {
    int parent;       // index in the layer
    uint32_t first;   // its decisions in cand_actions_
    uint32_t count;
    double value;
  };
  struct Trail {
    int parent;       // index in trails_, -1 at the root
    uint32_t first;   // decisions in trail_actions_
    uint32_t count;
  };
  Status beam_pass(int width, double noise, uint64_t pass_seed);
  bool truncated_ = false;  // the last beam pass dropped candidates somewhere (a wider one may differ)
  bool finish_greedy(State& s, std::vector<Action>& acts);
  std::vector<Action> trail_decisions(int trail) const;

  // ---- prover: depth-first search ----
  struct Frame {
    State s;
    uint64_t key;
    uint32_t first;  // ordered options in arena_
    uint16_t n, next;
  };
  Status prover_run(long long node_limit);
  void push_frame(const State& s, uint64_t key, int n);

  const Rules& R_;
  const Deal& deal_;
  SolveBudget budget_;
  uint64_t seed_;
  const SolveWatch* watch_;
  Weights weights_;
  Clock::time_point start_, last_report_;
  SolveResult so_far() const;
  long long nodes_ = 0;
  long long last_clock_ = 0;
  bool out_ = false;
  KeySet lost_;
  long long tt_hits_ = 0, bound_cuts_ = 0;
  int best_progress_ = 0, best_targets_ = 0;
  std::vector<Action> buf_;  // option lists (BUF_*)
  std::vector<Action> won_line_;
  std::vector<Action> best_line_;              // the best lost game's decisions (SolveResult::best_line)
  int best_line_targets_ = -1, best_line_progress_ = -1;
  State scratch_{};

  std::vector<Trail> trails_;
  std::vector<Action> trail_actions_, cand_actions_;

  std::vector<Frame> stack_;
  std::vector<Action> arena_;                 // the ordered options of every frame, in stack order
  std::vector<std::pair<double, int>> order_;  // scratch for ordering
  bool prover_started_ = false;
};

bool DealSolver::out_of_budget() {
  if (out_) return true;
  if (budget_.nodes > 0 && nodes_ >= budget_.nodes) out_ = true;
  if ((budget_.seconds > 0 || watch_) && nodes_ - last_clock_ >= CLOCK_EVERY) {
    last_clock_ = nodes_;
    const Clock::time_point now = Clock::now();
    if (budget_.seconds > 0 && std::chrono::duration<double>(now - start_).count() >= budget_.seconds) out_ = true;
    if (watch_ && std::chrono::duration<double>(now - last_report_).count() >= watch_->every_seconds) {
      last_report_ = now;
      watch_->report(so_far());
    }
  }
  return out_;
}

int DealSolver::targets_of(const State& s) const {
  int targets = s.outcome == Outcome::Won ? 1 : 0;
  const int threshold[2] = {R_.level.hound1, R_.level.hound2};
  for (int h = 0; h < 2; ++h) targets += threshold[h] > 0 && s.hound[size_t(h)] != HoundState::Waiting;
  return targets;
}

void DealSolver::note(const State& s) {
  best_progress_ = std::max(best_progress_, progress(R_, s));
  best_targets_ = std::max(best_targets_, targets_of(s));
}

template <class Decisions>
void DealSolver::note_lost_game(const State& end, Decisions&& decisions) {
  const int targets = targets_of(end), reached = progress(R_, end);
  if (targets < best_line_targets_ || (targets == best_line_targets_ && reached <= best_line_progress_)) return;
  best_line_targets_ = targets;
  best_line_progress_ = reached;
  best_line_ = decisions();  // built only for a game better than every one before
}

// Plays draws (from the deal) and decisions with one option; stops at a decision with two or more
// options (returns their count, options in buf), at the end of the game, or with `stop_at_draw` at
// the start of the next turn (the draw, or the choice of an abbey, CA2; returns 0). A chip turned up
// mid-turn (CM2) comes from the deal.
int DealSolver::settle(State& s, Action* buf, bool stop_at_draw) {
  while (!is_over(s)) {
    if (stop_at_draw && turn_start(s)) return 0;
    if (is_chance(s)) {
      apply_draw(R_, s, true_next_tile(R_, deal_, s));
      ++nodes_;
      continue;
    }
    const int n = legal_actions(R_, s, buf);
    if (n >= 2) return n;
    step(s, buf[0]);
  }
  return 0;
}

Status DealSolver::finish_won(const std::vector<Action>& decisions, const char* by) {
  State end;
  line_steps(R_, deal_, decisions, &end);
  if (end.outcome != Outcome::Won) throw std::logic_error(std::string("deal solver: the line found by the ") + by + " does not win");
  won_line_ = decisions;
  return Status::Won;
}

// ---- Finder --------------------------------------------------------------------------------------

// Plays the rest of the turn greedily (each option applied and judged by the heuristic, the first
// best kept: the greedy agent's rule), appending the decisions with two or more options to `acts`.
// Stops at the next draw or the end; false when the budget ran out.
bool DealSolver::finish_greedy(State& s, std::vector<Action>& acts) {
  Action* buf = buf_.data() + BUF_GREEDY;
  while (true) {
    const int n = settle(s, buf, true);
    if (n == 0) return true;
    if (out_of_budget()) return false;
    const int pick = first_best(R_, s, buf, n, weights_, scratch_);
    nodes_ += n;
    acts.push_back(buf[pick]);
    step(s, buf[pick]);
  }
}

std::vector<Action> DealSolver::trail_decisions(int trail) const {
  std::vector<int> chain;
  for (int t = trail; t >= 0; t = trails_[size_t(t)].parent) chain.push_back(t);
  std::vector<Action> out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const Trail& tr = trails_[size_t(*it)];
    out.insert(out.end(), trail_actions_.begin() + tr.first, trail_actions_.begin() + tr.first + tr.count);
  }
  return out;
}

// One pass of beam search over whole turns.
//  1. The layer holds up to `width` positions at the first decision of a turn (two or more options).
//  2. Each is expanded into macro moves: every option of its first decision (the placement, mostly),
//     followed by the rest of the turn played greedily; each macro ends at the next draw. (Also
//     enumerating the second decision of the turn, the meeple, was tried: at an equal number of
//     engine steps the narrower macros with a wider beam won more deals of levels 2-4.)
//  3. Macro results are judged by the heuristic there (plus noise fixed by the position's key and the
//     pass, so equal positions stay equal); repeats, positions the table knows lost and positions the
//     bound shows lost are dropped; a win ends the search.
//  4. The best `width` are rebuilt, their draw made, and they form the next layer.
Status DealSolver::beam_pass(int width, double noise, uint64_t pass_seed) {
  struct Entry {
    State s;
    int trail;
    int n;
  };
  Action* b0 = buf_.data() + BUF_POSITION;
  Action* b1 = buf_.data() + BUF_REBUILD;
  trails_.assign(1, Trail{-1, 0, 0});
  trail_actions_.clear();
  truncated_ = false;
  std::vector<Entry> layer(1), next;
  layer[0].s = initial_state(R_, deal_);
  layer[0].trail = 0;
  layer[0].n = settle(layer[0].s, b0, false);
  note(layer[0].s);
  if (is_over(layer[0].s)) return layer[0].s.outcome == Outcome::Won ? finish_won({}, "beam") : Status::Lost;
  std::vector<Candidate> cands;
  std::unordered_set<uint64_t> seen;
  std::vector<Action> acts;
  while (!layer.empty()) {
    cands.clear();
    cand_actions_.clear();
    seen.clear();
    // 2.-3. Expand.
    for (size_t e = 0; e < layer.size(); ++e) {
      const State& base = layer[e].s;
      const int n0 = legal_actions(R_, base, b0);
      for (int i = 0; i < n0; ++i) {
        if (out_of_budget()) return Status::Paused;
        State s1 = base;
        step(s1, b0[i]);
        acts.assign(1, b0[i]);
        if (!finish_greedy(s1, acts)) return Status::Paused;
        note(s1);
        if (is_over(s1)) {
          auto whole = [&] {
            std::vector<Action> d = trail_decisions(layer[e].trail);
            d.insert(d.end(), acts.begin(), acts.end());
            return d;
          };
          if (s1.outcome == Outcome::Won) return finish_won(whole(), "beam");
          note_lost_game(s1, whole);
          continue;
        }
        const uint64_t key = position_key(R_, s1);
        if (!seen.insert(key).second) continue;
        if (lost_.contains(key)) {
          ++tt_hits_;
          continue;
        }
        if (bound_proves_lost(R_, deal_, s1)) {
          lost_.insert(key);
          ++bound_cuts_;
          continue;
        }
        const double u = double(splitmix64(key ^ pass_seed) >> 11) * 0x1.0p-53;
        cands.push_back(Candidate{int(e), uint32_t(cand_actions_.size()), uint32_t(acts.size()),
                                  evaluate(R_, s1, weights_) + noise * u});
        cand_actions_.insert(cand_actions_.end(), acts.begin(), acts.end());
      }
    }
    // 4. Keep the best and rebuild them at their next decision.
    const size_t keep = std::min(cands.size(), size_t(width));
    truncated_ = truncated_ || keep < cands.size();
    std::partial_sort(cands.begin(), cands.begin() + long(keep), cands.end(),
                      [](const Candidate& a, const Candidate& b) { return a.value > b.value; });
    next.clear();
    next.reserve(keep);
    for (size_t c = 0; c < keep; ++c) {
      const Candidate& cd = cands[c];
      Entry en;
      en.s = layer[size_t(cd.parent)].s;
      for (uint32_t k = 0; k < cd.count; ++k) {
        settle(en.s, b1, true);
        step(en.s, cand_actions_[cd.first + k]);
      }
      en.n = settle(en.s, b0, false);
      trails_.push_back(Trail{layer[size_t(cd.parent)].trail, uint32_t(trail_actions_.size()), cd.count});
      trail_actions_.insert(trail_actions_.end(), cand_actions_.begin() + cd.first,
                            cand_actions_.begin() + cd.first + cd.count);
      en.trail = int(trails_.size()) - 1;
      note(en.s);
      if (is_over(en.s)) {  // a draw, or a forced step after it, ended the game
        if (en.s.outcome == Outcome::Won) return finish_won(trail_decisions(en.trail), "beam");
        note_lost_game(en.s, [&] { return trail_decisions(en.trail); });
        continue;
      }
      next.push_back(en);
    }
    layer.swap(next);
  }
  return Status::Lost;  // every line of this pass lost (not a proof: the beam dropped most lines)
}

// ---- Prover --------------------------------------------------------------------------------------

// Pushes a frame for position `s` (at a decision with n >= 2 options in buf_) with its options
// ordered by the heuristic value of the position each leads to, best first.
void DealSolver::push_frame(const State& s, uint64_t key, int n) {
  const uint32_t first = uint32_t(arena_.size());
  order_.resize(size_t(n));
  for (int i = 0; i < n; ++i) {
    scratch_ = s;
    step(scratch_, buf_[BUF_POSITION + size_t(i)]);
    order_[size_t(i)] = {-evaluate(R_, scratch_, weights_), i};
  }
  std::stable_sort(order_.begin(), order_.end());
  for (int i = 0; i < n; ++i) arena_.push_back(buf_[BUF_POSITION + size_t(order_[size_t(i)].second)]);
  stack_.emplace_back();
  Frame& f = stack_.back();
  f.s = s;
  f.key = key;
  f.first = first;
  f.n = uint16_t(n);
  f.next = 0;
}

// Exhaustive depth-first search from the initial position, resumable: runs until a win, until the
// root is shown lost, or until `node_limit` engine steps (or the budget).
//  1. Pop a frame whose options are all tried: its position is lost; remember it.
//  2. Otherwise apply its next option, then play draws and forced steps.
//  3. A won game ends the search with the line of the frames' current options; a lost game, a
//     position in the table, or a position the bound shows lost is a dead end.
//  4. Otherwise push the new position with its options ordered.
Status DealSolver::prover_run(long long node_limit) {
  if (!prover_started_) {
    prover_started_ = true;
    State s = initial_state(R_, deal_);
    const int n = settle(s, buf_.data() + BUF_POSITION, false);
    note(s);
    if (is_over(s)) return s.outcome == Outcome::Won ? finish_won({}, "prover") : Status::Lost;
    const uint64_t key = position_key(R_, s);
    if (bound_proves_lost(R_, deal_, s)) {
      ++bound_cuts_;
      lost_.insert(key);
      return Status::Lost;
    }
    push_frame(s, key, n);
  }
  State child;
  while (!stack_.empty()) {
    if (nodes_ >= node_limit || out_of_budget()) return Status::Paused;
    Frame& f = stack_.back();
    if (f.next == f.n) {  // 1.
      lost_.insert(f.key);
      arena_.resize(f.first);
      stack_.pop_back();
      continue;
    }
    const Action a = arena_[f.first + f.next++];  // 2.
    child = f.s;
    step(child, a);
    const int n = settle(child, buf_.data() + BUF_POSITION, false);
    note(child);
    if (is_over(child)) {  // 3.
      auto line = [&] {
        std::vector<Action> d;
        for (const Frame& g : stack_) d.push_back(arena_[g.first + g.next - 1u]);
        return d;
      };
      if (child.outcome == Outcome::Won) return finish_won(line(), "prover");
      note_lost_game(child, line);
      continue;
    }
    const uint64_t key = position_key(R_, child);
    if (lost_.contains(key)) {
      ++tt_hits_;
      continue;
    }
    if (bound_proves_lost(R_, deal_, child)) {
      ++bound_cuts_;
      lost_.insert(key);
      continue;
    }
    push_frame(child, key, n);  // 4.
  }
  return Status::Lost;
}

// The schedule: beam passes of width 1, 2, 4, ... (noise from the second on), each followed by the
// prover for half as many engine steps as the pass used (at least MIN_PROVER_SHARE), until one of
// them reaches a verdict or the budget ends. Once a pass kept every candidate of every layer, wider
// passes would repeat it: the prover then runs alone.
SolveResult DealSolver::run() {
  SolveResult res;
  int width = 1;
  bool beam_done = false;
  for (int pass = 0; !out_of_budget(); ++pass) {
    const long long before = nodes_;
    if (!beam_done) {
      res.widest_beam = std::max(res.widest_beam, width);
      ++res.beam_passes;
      const Status st = beam_pass(width, pass == 0 ? 0.0 : BEAM_NOISE, stream_seed(seed_, uint64_t(pass), 2));
      if (st == Status::Won) {
        res.verdict = Verdict::Won;
        res.found_by = "beam";
        break;
      }
      beam_done = st != Status::Paused && !truncated_;  // a beam's Lost proves nothing: it dropped lines
      if (out_of_budget()) break;
    }
    const long long share = beam_done ? std::numeric_limits<long long>::max() / 2
                                      : std::max(static_cast<long long>(PROVER_SHARE * double(nodes_ - before)), MIN_PROVER_SHARE);
    const Status st = prover_run(nodes_ + share);
    if (st != Status::Paused) {
      res.verdict = st == Status::Won ? Verdict::Won : Verdict::Lost;
      res.found_by = "prover";
      break;
    }
    width = std::min(2 * width, MAX_BEAM);
  }
  if (res.verdict == Verdict::Won) res.line = line_steps(R_, deal_, won_line_);
  if (res.verdict == Verdict::Open && best_line_targets_ >= 0) res.best_line = line_steps(R_, deal_, best_line_);
  const SolveResult now = so_far();
  res.best_progress = now.best_progress;
  res.best_targets = now.best_targets;
  res.nodes = now.nodes;
  res.seconds = now.seconds;
  res.tt_hits = now.tt_hits;
  res.bound_cuts = now.bound_cuts;
  res.lost_positions = now.lost_positions;
  return res;
}

SolveResult DealSolver::so_far() const {
  SolveResult res;
  res.best_progress = best_progress_;
  res.best_targets = best_targets_;
  res.nodes = nodes_;
  res.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  res.tt_hits = tt_hits_;
  res.bound_cuts = bound_cuts_;
  res.lost_positions = (long long)(lost_.size());
  return res;
}

}  // namespace

SolveResult solve_deal(const Rules& rules, const Deal& deal, const SolveBudget& budget, uint64_t seed, const SolveWatch* watch,
                       const Weights& weights) {
  bool fits = deal.piles.size() == rules.pile_sizes.size();
  for (size_t k = 0; fits && k < deal.piles.size(); ++k) fits = int(deal.piles[k].size()) == rules.pile_sizes[k];
  if (!fits) throw std::invalid_argument("solve_deal: the deal's piles do not have the sizes of the rules' piles");
  DealSolver solver(rules, deal, budget, seed, watch, weights);
  return solver.run();
}

}  // namespace mists
