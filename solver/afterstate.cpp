#include "solver/afterstate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "engine/kit/catalog.h"
#include "engine/kit/number.h"
#include "solver/value.h"

namespace mists {

namespace {

// ---- The layout of one table ------------------------------------------------------------------------
// Each tuple is a block of the table; a block's entry is its pattern's code. Buckets of the tiles
// left toward the next target (Features::tiles_left) at three resolutions.
int tb16(int t) {
  static constexpr int up[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 14, 17, 21, 26, 33};
  int b = 0;
  while (b < 15 && t > up[b]) ++b;
  return b;
}
int tb8(int t) {
  static constexpr int up[] = {1, 3, 5, 8, 12, 17, 25};
  int b = 0;
  while (b < 7 && t > up[b]) ++b;
  return b;
}
int tb5(int t) {
  static constexpr int up[] = {2, 5, 10, 18};
  int b = 0;
  while (b < 4 && t > up[b]) ++b;
  return b;
}
int gb25(int g) { return g < 16 ? std::max(g, 0) : std::min(24, 16 + (g - 16) / 4); }
int clip(int x, int n) { return std::clamp(x, 0, n - 1); }
int fit_bucket(int f) { return f <= 3 ? f : f <= 6 ? 4 : 5; }
int members_bucket(int m) { return m <= 4 ? m - 1 : m <= 6 ? 4 : 5; }

enum Block : int {
  FRONT = 0,                       // 256 side patterns x misty 2 x fit buckets 6
  MEEPLED = FRONT + 512 * 6,       // kind 2 x members 6 x open 4 x tiles 5
  FREE = MEEPLED + 2 * 6 * 4 * 5,  // kind 2 x members 6 x open 4
  MIST = FREE + 2 * 6 * 4,         // ghosts 8 x open 8 x tiles 5
  CEM = MIST + 8 * 8 * 5,          // ghosts 4 x empty neighbours 9
  SUPPLY = CEM + 4 * 9,            // ghost supply 21 x tiles 8
  GAP = SUPPLY + 21 * 8,           // gap 25 x tiles 16
  MEEPLES = GAP + 25 * 16,         // meeples in hand 8 x tiles 8
  DEAD = MEEPLES + 8 * 8,          // ghosts on dead mist 11 x supply 11
  PROSPECT = DEAD + 11 * 11,       // pending + meeple value 16 x gap/2 16
  BOARD = PROSPECT + 16 * 16,      // ghosts on the board 16 x live open slots/2 16
  SHORT = BOARD + 16 * 16,         // level 6: colours short of the target 7 x tiles 16
  WORST = SHORT + 7 * 16,          // level 6: the largest colour gap/2 16 x tiles 16
  PLAYERS = WORST + 16 * 16,       // players 5 x tiles 16
  HOUNDS = PLAYERS + 5 * 16,       // hound 1 state 5 x hound 2 state 5 x tiles 8
  FRONTIER = HOUNDS + 25 * 8,      // frontier cells/2 16 x tiles 8
  COUNTS = FRONTIER + 16 * 8,      // open cities and roads with meeples 8 x live mist banks 8
  BIAS = COUNTS + 8 * 8,
  TABLE = BIAS + 1,
};
static_assert(TABLE < 65536, "indices are 16 bits");
constexpr float HEURISTIC_FLOOR = 0.25f;

void push(AfterstateInputs& in, int i) {
  if (in.n < AfterstateInputs::CAP) in.share[size_t(in.n)] = 1.0f, in.idx[size_t(in.n++)] = uint16_t(i);
}

// A family's lookups share one unit: from `from` to the end, each 1/k.
void close_family(AfterstateInputs& in, int from) {
  const int k = in.n - from;
  for (int i = from; i < in.n; ++i) in.share[size_t(i)] = 1.0f / float(k);
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

int afterstate_table_size() { return TABLE; }
const char* afterstate_layout() { return "tuples-2"; }

// ---- Reading an afterstate -----------------------------------------------------------------------------

AfterstateEval::AfterstateEval(const Rules& R, const AfterstateModel& M, Weights w) : R_(&R), M_(&M), w_(w) {
  for (int k = 0; k < 3; ++k) heads_[size_t(k)] = M.head(R.level.number, k);
  for (int p = 0; p < 256; ++p) {
    uint8_t mask = 0, val = 0;
    for (int d = 0; d < SIDE_NB; ++d) {
      const int code = p >> (2 * d) & 3;
      if (!code) continue;
      mask = uint8_t(mask | 3u << (2 * d));
      val = uint8_t(val | uint32_t(code - 1) << (2 * d));
    }
    for (int t = 0; t < R.n_land_types; ++t) {
      const TileType& tt = R.types[size_t(t)];
      bool fits = false;
      for (int r = 0; r < 4 && !fits; ++r) fits = tt.rot_ok[size_t(r)] && (tt.rot[size_t(r)].sides & mask) == val;
      if (fits) fits_[size_t(p)].push_back(uint8_t(t));
    }
  }
}

void AfterstateEval::inputs(const State& s, AfterstateInputs& in) const {
  const Rules& R = *R_;
  in.n = 0;
  in.stage = value_stage(R, s);
  in.terminal = is_over(s);
  const Features f = features(R, s);
  in.heuristic_value = evaluate(R, s, f, w_);
  if (in.terminal) {
    in.outcome = s.outcome == Outcome::Won ? 1.0f : 0.0f;
    return;
  }
  in.heuristic = float(std::clamp(in.heuristic_value / 30.0, -40.0, 40.0));
  const int tiles = f.tiles_left;
  const int t16 = tb16(tiles), t8 = tb8(tiles), t5 = tb5(tiles);

  // Frontier cells: the side each neighbour shows, mist reaching the cell, unseen tiles that fit.
  const int front_from = in.n;
  constexpr uint64_t inner = 0x7FFFFFFFFFFFFFFEull;
  auto at = [&](int x, int y) { return int(s.cell[make_cell(x, y)]) - 1; };
  for (int y = s.ymin - 1; y <= s.ymax + 1; ++y) {
    const uint64_t row = s.occupied[size_t(y)];
    uint64_t cand = (s.occupied[size_t(y - 1)] | s.occupied[size_t(y + 1)] | row << 1 | row >> 1) & ~row & inner;
    while (cand) {
      const int x = __builtin_ctzll(cand);
      cand &= cand - 1;
      int pattern = 0, misty = 0;
      for (int d = 0; d < SIDE_NB; ++d) {
        const int nb = at(x + DX[size_t(d)], y + DY[size_t(d)]);
        if (nb < 0 || s.tiles[size_t(nb)].type >= R.wild_from) continue;
        const PlacedTile& p = s.tiles[size_t(nb)];
        const int od = opposite(d);
        pattern |= (((p.sides >> (2 * od)) & 3) + 1) << (2 * d);
        const Orientation& po = R.types[p.type].rot[p.rot];
        for (int k = 0; k < 3; ++k) misty |= (po.misty >> slot_of(od, k)) & 1;
      }
      if (!pattern) continue;  // only face-down or special neighbours
      int fit = 0;
      for (uint8_t t : fits_[size_t(pattern)]) fit += s.unseen[t];
      push(in, FRONT + (pattern * 2 + misty) * 6 + fit_bucket(fit));
    }
  }
  const int frontier = in.n - front_from;
  close_family(in, front_from);

  // Features: one pass for members and ghosts per root.
  std::array<uint8_t, MAX_NODES> members{};
  std::array<uint8_t, MAX_NODES> ghosts{};
  std::array<uint16_t, MAX_NODES> root{};
  for (int n = 0; n < s.n_nodes; ++n) {
    const uint16_t r = find_root(s, uint16_t(n));
    root[size_t(n)] = r;
    members[r] = uint8_t(members[r] + 1);
    ghosts[r] = uint8_t(ghosts[r] + s.nodes[size_t(n)].ghosts);
  }
  // Four families, one pass each (the roots in node order).
  int meepled = 0, banks = 0;
  for (int family = 0; family < 4; ++family) {
    const int from = in.n;
    for (int n = 0; n < s.n_nodes; ++n) {
      if (root[size_t(n)] != n) continue;
      const Node& r = s.nodes[size_t(n)];
      if (r.flags & (Node::DONE | Node::DEAD)) continue;
      const bool cityroad = r.kind == RegionKind::City || r.kind == RegionKind::Road;
      if (family <= 1 && cityroad && (family == 0) == (r.meeples > 0)) {
        const int kind = r.kind == RegionKind::City ? 0 : 1;
        const int code = (kind * 6 + members_bucket(members[size_t(n)])) * 4 + clip(r.open - 1, 4);
        if (family == 0) push(in, MEEPLED + code * 5 + t5);
        else push(in, FREE + code);
      } else if (family == 2 && r.kind == RegionKind::Mist) {
        push(in, MIST + (clip(ghosts[size_t(n)], 8) * 8 + clip(r.open - 1, 8)) * 5 + t5);
      } else if (family == 3 && r.kind == RegionKind::Cemetery) {
        push(in, CEM + clip(r.ghosts, 4) * 9 + clip(r.open, 9));
      }
    }
    if (family == 0) meepled = in.n - from;
    if (family == 2) banks = in.n - from;
    close_family(in, from);
  }

  // Global tuples.
  push(in, SUPPLY + clip(f.ghost_supply, 21) * 8 + t8);
  push(in, GAP + gb25(R.level.per_colour_scores ? f.target_gap / std::max(1, R.n_colours) : f.target_gap) * 16 + t16);
  push(in, MEEPLES + clip(f.meeples_supply, 8) * 8 + t8);
  push(in, DEAD + clip(f.ghosts_on_dead, 11) * 11 + clip(f.ghost_supply, 11));
  push(in, PROSPECT + clip(int(std::lround(f.pending_points + f.meeple_value)), 16) * 16 + clip(f.target_gap / 2, 16));
  push(in, BOARD + clip(f.ghosts_on_board, 16) * 16 + clip(f.live_open / 2, 16));
  if (R.level.per_colour_scores) {
    int short_of = 0, worst = 0;
    for (int c = 0; c < R.n_colours; ++c) {
      const int gap = f.target - s.colour_score[size_t(c)];
      short_of += gap > 0;
      worst = std::max(worst, gap);
    }
    push(in, SHORT + clip(short_of, 7) * 16 + t16);
    push(in, WORST + clip(worst / 2, 16) * 16 + t16);
  }
  push(in, PLAYERS + clip(R.params.players - 1, 5) * 16 + t16);
  push(in, HOUNDS + (int(s.hound[0]) * 5 + int(s.hound[1])) * 8 + t8);
  push(in, FRONTIER + clip(frontier / 2, 16) * 8 + t8);
  push(in, COUNTS + clip(meepled, 8) * 8 + clip(banks, 8));
  push(in, BIAS);
  in.families = 0;
  for (int i = 0; i < in.n; ++i) in.families += in.share[size_t(i)];
}

double AfterstateEval::logit(const AfterstateInputs& in) const {
  const AfterstateHead& h = *heads_[size_t(in.stage)];
  double sum = double(h.heuristic) * in.heuristic;
  const float* w = h.w.data();
  for (int i = 0; i < in.n; ++i) sum += double(in.share[size_t(i)]) * w[in.idx[size_t(i)]];
  return sum;
}

double AfterstateEval::value(const AfterstateInputs& in) const { return in.terminal ? in.outcome : sigmoid(logit(in)); }

double AfterstateEval::value(const State& s) const {
  AfterstateInputs in;
  inputs(s, in);
  return value(in);
}

void afterstate_update(AfterstateHead& h, const AfterstateInputs& in, double v, double target, double alpha, double alpha_h) {
  if (in.terminal || in.n == 0) return;
  const double delta = target - v;
  const float step = float(alpha * delta / in.families);
  for (int i = 0; i < in.n; ++i) h.w[in.idx[size_t(i)]] += step * in.share[size_t(i)];
  // The bias (the last lookup) moves by the whole step: the level of V is learnt there first, not
  // in the heuristic's weight, which stays at least HEURISTIC_FLOOR so that V never ranks
  // afterstates against the heuristic.
  h.w[size_t(BIAS)] += float(alpha * delta) - step;
  h.heuristic = std::max(HEURISTIC_FLOOR, h.heuristic + float(alpha_h * delta * in.heuristic));
  ++h.updates;
}

// ---- The model and its file ----------------------------------------------------------------------------
//
//   mists-afterstate 1
//   note <key> <text>                        (any number: command, revision, seed, games, ...)
//   layout <name> <entries>
//   head <level> <stage> <heuristic weight> <updates> <nonzero entries>
//   w <index> <value> <index> <value> ...    (the nonzero entries, in index order, 8 to a line)
//   checksum <FNV-1a 64 of every byte before this line>
// Numbers are written as the shortest text that reads back as the same float.

namespace {

std::string float_text(float v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace

AfterstateModel AfterstateModel::fresh(const std::vector<int>& levels) {
  AfterstateModel m;
  std::vector<int> sorted = levels;
  std::sort(sorted.begin(), sorted.end());
  for (int l : sorted)
    for (int k = 0; k < 3; ++k) {
      AfterstateHead h;
      h.level = l;
      h.stage = k;
      h.w.assign(size_t(TABLE), 0.0f);
      m.heads.push_back(std::move(h));
    }
  return m;
}

AfterstateHead* AfterstateModel::head(int level, int stage) {
  for (AfterstateHead& h : heads)
    if (h.level == level && h.stage == stage) return &h;
  return nullptr;
}
const AfterstateHead* AfterstateModel::head(int level, int stage) const { return const_cast<AfterstateModel*>(this)->head(level, stage); }

bool AfterstateModel::covers(const Rules& R) const {
  if (R.params.levers.any()) return false;
  for (int k = 0; k < 3; ++k)
    if (!head(R.level.number, k)) return false;
  return true;
}

std::string AfterstateModel::text() const {
  std::ostringstream os;
  os << "mists-afterstate 1\n";
  for (const std::string& n : notes) os << "note " << n << '\n';
  os << "layout " << afterstate_layout() << ' ' << TABLE << '\n';
  for (const AfterstateHead& h : heads) {
    const long long nonzero = std::count_if(h.w.begin(), h.w.end(), [](float v) { return v != 0.0f; });
    os << "head " << h.level << ' ' << h.stage << ' ' << float_text(h.heuristic) << ' ' << h.updates << ' ' << nonzero << '\n';
    int on_line = 0;
    for (size_t i = 0; i < h.w.size(); ++i) {
      if (h.w[i] == 0.0f) continue;
      os << (on_line ? " " : "w ") << i << ' ' << float_text(h.w[i]);
      if (++on_line == 8) os << '\n', on_line = 0;
    }
    if (on_line) os << '\n';
  }
  return seal_text(os.str());
}

AfterstateModel AfterstateModel::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ValueError(path + ": cannot read the afterstate weights file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

AfterstateModel AfterstateModel::parse(const std::string& text, const std::string& where) {
  AfterstateModel m;
  const std::string body = unseal_text(text, where);
  m.checksum_ = fnv1a64_hex(text);
  std::istringstream in(body);
  std::string line;
  int no = 0;
  auto fail = [&](const std::string& field, const std::string& why) {
    return ValueError(where + ":" + std::to_string(no) + ": " + field + ": " + why);
  };
  auto integer = [&](const std::string& t, const std::string& field, long long lo, long long hi) {
    try {
      return parse_integer(t, lo, hi);
    } catch (const NumberError& e) {
      throw fail(field, e.what());
    }
  };
  auto real = [&](const std::string& t, const std::string& field) {
    float v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(v)) throw fail(field, "'" + t + "' is not a finite number");
    return v;
  };
  bool layout = false;
  long long expect = -1, got = 0;
  AfterstateHead* cur = nullptr;
  auto close_head = [&] {
    if (cur && got != expect)
      throw fail("w", "head " + std::to_string(cur->level) + " " + std::to_string(cur->stage) + " lists " + std::to_string(got) +
                          " entries, its line says " + std::to_string(expect));
  };
  while (std::getline(in, line)) {
    ++no;
    std::istringstream ls(line);
    std::vector<std::string> w;
    for (std::string t; ls >> t;) w.push_back(t);
    if (no == 1) {
      if (line != "mists-afterstate 1") throw fail("header", "the first line is not 'mists-afterstate 1'");
      continue;
    }
    if (w.empty()) throw fail("line", "an empty line");
    if (w[0] == "note") {
      m.notes.push_back(line.size() > 5 ? line.substr(5) : "");
    } else if (w[0] == "layout") {
      if (w.size() != 3 || w[1] != afterstate_layout() || w[2] != std::to_string(TABLE))
        throw fail("layout", "the file's inputs are '" + line.substr(std::min<size_t>(7, line.size())) + "', this program reads '" +
                                 afterstate_layout() + " " + std::to_string(TABLE) + "'");
      layout = true;
    } else if (w[0] == "head") {
      if (!layout) throw fail("layout", "a head before the layout line");
      if (w.size() != 6) throw fail("head", "expected 'head <level> <stage> <heuristic> <updates> <entries>'");
      close_head();
      AfterstateHead h;
      h.level = int(integer(w[1], "level", 1, 6));
      h.stage = int(integer(w[2], "stage", 0, 2));
      h.heuristic = real(w[3], "heuristic");
      h.updates = integer(w[4], "updates", 0, 1LL << 62);
      expect = integer(w[5], "entries", 0, TABLE);
      got = 0;
      h.w.assign(size_t(TABLE), 0.0f);
      if (m.head(h.level, h.stage)) throw fail("head", "level " + w[1] + " stage " + w[2] + " is given twice");
      m.heads.push_back(std::move(h));
      cur = &m.heads.back();
    } else if (w[0] == "w") {
      if (!cur) throw fail("w", "entries before a head line");
      if (w.size() < 3 || w.size() % 2 != 1) throw fail("w", "expected pairs '<index> <value>'");
      for (size_t i = 1; i < w.size(); i += 2) {
        const long long idx = integer(w[i], "index", 0, TABLE - 1);
        cur->w[size_t(idx)] = real(w[i + 1], "value");
        ++got;
      }
    } else {
      throw fail("line", "unknown line '" + w[0] + "'");
    }
  }
  close_head();
  if (m.heads.empty()) throw fail("head", "the file has no heads");
  std::sort(m.heads.begin(), m.heads.end(), [](const AfterstateHead& a, const AfterstateHead& b) {
    return a.level != b.level ? a.level < b.level : a.stage < b.stage;
  });
  return m;
}

}  // namespace mists
