#include "solver/value.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/kit/catalog.h"
#include "engine/kit/number.h"
#include "solver/eval.h"

namespace mists {

namespace {

constexpr std::string_view FORMAT_LINE = "mists-value 1";  // first line of a weights file

const std::array<std::string_view, VALUE_INPUTS> NAMES = {
    "heuristic",         // the hand-weighted evaluate() with its default weights, / 100
    "progress",          // progress (team score, or lowest colour score) / goal
    "gap",               // points still missing to the next target, per colour, / that target
    "worst_gap",         // the largest colour's gap / the target (the team's gap on levels 1-5)
    "gap_per_tile",      // that per-colour gap / tiles left for it (at most 10)
    "pressure",          // max(0, gap - 1.5 a tile) / 10
    "pressure_hard",     // max(0, gap - 2.5 a tile) / 10
    "tiles",             // tiles left for the next target / 20
    "tiles_game",        // tiles left in every pile / 60
    "supply",            // ghosts in the supply / 10
    "supply_low",        // max(0, 4 - supply)
    "supply_critical",   // max(0, 2 - supply)
    "ghost_rate",        // ghost symbols per unseen tile (what each draw is likely to demand)
    "ghost_margin",      // (supply - ghost_rate x tiles left for the target) / 10
    "ghosts_dead",       // ghosts on mist that can never be finished / 5
    "live_recoverable",  // ghosts on live banks, discounted by their open slots / 5
    "cemetery_recoverable",  // ghosts on open cemeteries (levels 2-4), discounted / 5
    "live_open",         // open misty slots of live banks / 10
    "live_banks",        // live mist banks / 5
    "meeples",           // meeples in the supply / meeples in the game
    "meeple_value",      // discounted value of the unfinished features with meeples, per colour / 10
    "pending",           // points of finished features waiting to be scored, per colour / 10
    "prospects_cover",   // (pending + meeple_value) per colour / the gap (at most 2)
    "city_need",         // open sides of meeple'd cities / (1 + unseen city-sided tiles expected in the pile)
    "road_need",         // open ends of meeple'd roads / (1 + unseen road-sided tiles expected in the pile)
    "open_cemeteries",   // cemeteries not yet closed / 3
    "face_down",         // face-down tiles on the board / 5
    "solo",              // 1 with one player (one player moves every colour), else 0
    "hound_value",       // what the hounds next to meeples stand to score / 10
    "abbeys_tolls_chips",  // the levers' pieces in hand (0 with every lever off)
};

// Per-type facts of the unseen tiles: ghost symbols, and whether a side is city or road.
struct UnseenFacts {
  double tiles = 0, ghosts = 0, city = 0, road = 0;
};
UnseenFacts unseen_facts(const Rules& R, const State& s) {
  UnseenFacts u;
  for (int t = 0; t < R.n_land_types; ++t) {
    const int copies = s.unseen[size_t(t)];
    if (!copies) continue;
    const TileType& tt = R.types[size_t(t)];
    int ghosts = 0;
    for (const Feature& f : tt.features)
      if (f.kind == RegionKind::Mist) ghosts += f.ghosts;
    bool city = false, road = false;
    for (int side = 0; side < SIDE_NB; ++side) {
      const auto terrain = Terrain(tt.rot[0].sides >> (2 * side) & 3);
      city = city || terrain == Terrain::City;
      road = road || terrain == Terrain::Road;
    }
    u.tiles += copies;
    u.ghosts += copies * ghosts;
    u.city += copies * city;
    u.road += copies * road;
  }
  return u;
}

double relu(double x) { return x > 0 ? x : 0; }

std::string real_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

const std::array<std::string_view, VALUE_INPUTS>& value_input_names() { return NAMES; }

int value_stage(const Rules& R, const State& s) {
  int k = 0;
  if (R.level.hound1 && s.hound[0] != HoundState::Waiting) ++k;
  if (R.level.hound2 && s.hound[1] != HoundState::Waiting) ++k;
  return std::min(k, VALUE_STAGES - 1);
}

ValueInputs value_inputs(const Rules& R, const State& s) {
  const Features f = features(R, s);
  ValueInputs x{};
  const int colours = std::max(1, R.n_colours);
  const int target = std::max(1, f.target);
  const double gap = double(f.target_gap) / (R.level.per_colour_scores ? colours : 1);
  int worst = f.target_gap;
  if (R.level.per_colour_scores) {
    worst = 0;
    for (int c = 0; c < R.n_colours; ++c) worst = std::max(worst, target - s.colour_score[size_t(c)]);
  }
  const int tiles = f.tiles_left;
  int tiles_game = 0;
  for (int k = 0; k < R.level.piles; ++k) tiles_game += s.pile_size[size_t(k)];
  const UnseenFacts u = unseen_facts(R, s);
  const double rate = u.tiles > 0 ? u.ghosts / u.tiles : 0;
  // Open sides of the cities and open ends of the roads that meeples stand in, and the cemeteries
  // still open: one pass over the feature roots.
  int city_open = 0, road_open = 0, cemeteries = 0;
  for (int n = 0; n < s.n_nodes; ++n) {
    if (find_root(s, uint16_t(n)) != n) continue;
    const Node& r = s.nodes[size_t(n)];
    if (r.flags & (Node::DONE | Node::DEAD)) continue;
    if (r.kind == RegionKind::Cemetery) ++cemeteries;
    else if (r.meeples && r.kind == RegionKind::City) city_open += r.open;
    else if (r.meeples && r.kind == RegionKind::Road) road_open += r.open;
  }
  const double pile_share = u.tiles > 0 ? tiles / u.tiles : 0;  // the share of the unseen tiles the pile will show
  x[0] = evaluate(R, s, f, Weights{}) / 100.0;
  x[1] = double(f.progress) / std::max(1, R.level.goal);
  x[2] = gap / target;
  x[3] = double(std::max(0, worst)) / target;
  x[4] = std::min(10.0, gap / std::max(1, tiles));
  x[5] = relu(gap - 1.5 * tiles) / 10.0;
  x[6] = relu(gap - 2.5 * tiles) / 10.0;
  x[7] = tiles / 20.0;
  x[8] = tiles_game / 60.0;
  x[9] = f.ghost_supply / 10.0;
  x[10] = relu(4.0 - f.ghost_supply);
  x[11] = relu(2.0 - f.ghost_supply);
  x[12] = rate;
  x[13] = (f.ghost_supply - rate * tiles) / 10.0;
  x[14] = f.ghosts_on_dead / 5.0;
  x[15] = f.live_recoverable / 5.0;
  x[16] = f.cemetery_recoverable / 5.0;
  x[17] = f.live_open / 10.0;
  x[18] = f.live_banks / 5.0;
  x[19] = double(f.meeples_supply) / std::max(1, R.n_meeples);
  const double prospects = f.meeple_value / colours, pending = double(f.pending_points + f.pending_tolls) / colours;
  x[20] = prospects / 10.0;
  x[21] = pending / 10.0;
  x[22] = std::min(2.0, (prospects + pending) / std::max(1.0, gap));
  x[23] = city_open / (1.0 + u.city * pile_share);
  x[24] = road_open / (1.0 + u.road * pile_share);
  x[25] = cemeteries / 3.0;
  x[26] = s.face_down / 5.0;
  x[27] = R.params.players == 1 ? 1.0 : 0.0;
  x[28] = f.hound_value / 10.0;
  x[29] = f.abbeys_held + f.tolls_held + f.chip_points_held / 4.0;
  return x;
}

double ValueHead::chance(const ValueInputs& x) const {
  ValueInputs z;
  for (int i = 0; i < VALUE_INPUTS; ++i) z[size_t(i)] = (x[size_t(i)] - mean[size_t(i)]) / scale[size_t(i)];
  double logit = bias;
  for (int i = 0; i < VALUE_INPUTS; ++i) logit += weight[size_t(i)] * z[size_t(i)];
  for (const ValueUnit& u : units) {
    double a = u.bias;
    for (int i = 0; i < VALUE_INPUTS; ++i) a += u.w[size_t(i)] * z[size_t(i)];
    logit += u.out * std::tanh(a);
  }
  return 1.0 / (1.0 + std::exp(-logit));
}

const ValueHead* ValueModel::head(int level, int stage) const {
  for (const ValueHead& h : heads)
    if (h.level == level && h.stage == stage) return &h;
  return nullptr;
}

bool ValueModel::covers(const Rules& R) const {
  if (R.params.levers.any()) return false;
  const int stages = 1 + (R.level.hound1 > 0) + (R.level.hound2 > 0);
  for (int k = 0; k < std::min(stages, VALUE_STAGES); ++k)
    if (!head(R.level.number, k)) return false;
  return true;
}

double ValueModel::value(const Rules& R, const State& s) const {
  if (s.outcome == Outcome::Won) return 1.0;
  if (s.outcome == Outcome::Lost) return 0.0;
  const ValueHead* h = head(R.level.number, value_stage(R, s));
  return h->chance(value_inputs(R, s)) * h->after;
}

// ---- The weights file -----------------------------------------------------------------------------
//
//   mists-value 1
//   note <key> <text>                 (any number: command, revision, seed, games, ...)
//   inputs <name> <name> ...          (VALUE_INPUTS names, in the program's order)
//   head <level> <stage> <games> <positions> <reached> <after> <bias>
//   mean <VALUE_INPUTS numbers>
//   scale <VALUE_INPUTS numbers>
//   weight <VALUE_INPUTS numbers>
//   unit <out> <bias> <VALUE_INPUTS numbers>   (none, or one a hidden unit: mists train --hidden)
//   ... (a head and its lines, for each head)
//   checksum <FNV-1a 64 of every byte before this line, 16 hex digits>

std::string ValueModel::text() const {
  std::ostringstream os;
  os << FORMAT_LINE << '\n';
  for (const std::string& n : notes) os << "note " << n << '\n';
  os << "inputs";
  for (std::string_view n : NAMES) os << ' ' << n;
  os << '\n';
  auto row = [&](const char* key, const ValueInputs& v) {
    os << key;
    for (double d : v) os << ' ' << real_text(d);
    os << '\n';
  };
  for (const ValueHead& h : heads) {
    os << "head " << h.level << ' ' << h.stage << ' ' << h.games << ' ' << h.positions << ' ' << real_text(h.reached) << ' '
       << real_text(h.after) << ' ' << real_text(h.bias) << '\n';
    row("mean", h.mean);
    row("scale", h.scale);
    row("weight", h.weight);
    for (const ValueUnit& u : h.units) {
      os << "unit " << real_text(u.out) << ' ' << real_text(u.bias);
      for (double d : u.w) os << ' ' << real_text(d);
      os << '\n';
    }
  }
  return seal_text(os.str());
}

ValueModel ValueModel::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ValueError(path + ": cannot read the value weights file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

std::string seal_text(const std::string& body) { return body + "checksum " + fnv1a64_hex(body) + '\n'; }

std::string unseal_text(const std::string& text, const std::string& where) {
  // The checksum line comes last and covers every byte before it.
  const size_t end = !text.empty() && text.back() == '\n' ? text.size() - 1 : text.size();
  const size_t last = end == 0 ? std::string::npos : text.rfind('\n', end - 1);
  const std::string body = last == std::string::npos ? std::string() : text.substr(0, last + 1);
  const std::string tail = text.substr(body.size(), end - body.size());
  const std::string line = std::to_string(std::count(body.begin(), body.end(), '\n') + 1);
  if (tail.rfind("checksum ", 0) != 0)
    throw ValueError(where + ":" + line + ": checksum: the last line is not 'checksum <16 hex digits>' (the file is truncated, or not one mists wrote)");
  const std::string sum = tail.substr(9);
  if (sum != fnv1a64_hex(body))
    throw ValueError(where + ":" + line + ": checksum: the file's bytes give " + fnv1a64_hex(body) + ", the file says " + sum +
                     " (the file was changed after it was written)");
  return body;
}

ValueModel ValueModel::parse(const std::string& text, const std::string& where) {
  ValueModel m;
  const std::string body = unseal_text(text, where);
  m.checksum_ = fnv1a64_hex(text);
  std::istringstream in(body);
  std::string line;
  int no = 0;
  auto fail = [&](const std::string& field, const std::string& why) -> ValueError {
    return ValueError(where + ":" + std::to_string(no) + ": " + field + ": " + why);
  };
  auto words = [](const std::string& l) {
    std::vector<std::string> w;
    std::istringstream is(l);
    for (std::string t; is >> t;) w.push_back(t);
    return w;
  };
  auto real = [&](const std::string& t, const std::string& field, double lo, double hi) {
    try {
      return parse_real(t, lo, hi);
    } catch (const NumberError& e) {
      throw fail(field, e.what());
    }
  };
  auto integer = [&](const std::string& t, const std::string& field, long long lo, long long hi) {
    try {
      return parse_integer(t, lo, hi);
    } catch (const NumberError& e) {
      throw fail(field, e.what());
    }
  };
  bool inputs_seen = false;
  ValueHead* h = nullptr;
  int rows = 3;  // rows read of the current head
  while (std::getline(in, line)) {
    ++no;
    if (no == 1) {
      if (line != FORMAT_LINE) throw fail("format", "the first line must be '" + std::string(FORMAT_LINE) + "'");
      continue;
    }
    const std::vector<std::string> w = words(line);
    if (w.empty()) throw fail("line", "empty line");
    const std::string& key = w[0];
    if (key == "note") {
      if (w.size() < 2) throw fail("note", "a note needs a key");
      m.notes.push_back(line.substr(5));
    } else if (key == "inputs") {
      if (w.size() != size_t(VALUE_INPUTS) + 1)
        throw fail("inputs", std::to_string(w.size() - 1) + " inputs, this mists reads " + std::to_string(VALUE_INPUTS));
      for (int i = 0; i < VALUE_INPUTS; ++i)
        if (w[size_t(i) + 1] != NAMES[size_t(i)])
          throw fail("inputs", "input " + std::to_string(i + 1) + " is '" + w[size_t(i) + 1] + "', this mists reads '" +
                                   std::string(NAMES[size_t(i)]) + "' there (the file was made for other inputs)");
      inputs_seen = true;
    } else if (key == "head") {
      if (!inputs_seen) throw fail("head", "comes before the inputs line");
      if (rows != 3) throw fail("head", "the head before it has " + std::to_string(rows) + " of its mean, scale, weight lines");
      if (w.size() != 8) throw fail("head", "wants level stage games positions reached after bias");
      ValueHead nh;
      nh.level = int(integer(w[1], "head level", 1, 6));
      nh.stage = int(integer(w[2], "head stage", 0, VALUE_STAGES - 1));
      nh.games = integer(w[3], "head games", 0, 1000000000000LL);
      nh.positions = integer(w[4], "head positions", 0, 1000000000000LL);
      nh.reached = real(w[5], "head reached", 0, 1);
      nh.after = real(w[6], "head after", 0, 1);
      nh.bias = real(w[7], "head bias", -1e6, 1e6);
      if (m.head(nh.level, nh.stage)) throw fail("head", "level " + w[1] + " stage " + w[2] + " given twice");
      m.heads.push_back(nh);
      h = &m.heads.back();
      rows = 0;
    } else if (key == "mean" || key == "scale" || key == "weight") {
      const char* order[] = {"mean", "scale", "weight"};
      if (!h || rows >= 3 || key != order[rows]) throw fail(key, "out of place: a head is followed by mean, scale and weight lines");
      if (w.size() != size_t(VALUE_INPUTS) + 1)
        throw fail(key, std::to_string(w.size() - 1) + " numbers, want " + std::to_string(VALUE_INPUTS));
      ValueInputs& v = key == "mean" ? h->mean : key == "scale" ? h->scale : h->weight;
      for (int i = 0; i < VALUE_INPUTS; ++i)
        v[size_t(i)] = real(w[size_t(i) + 1], key + " " + std::string(NAMES[size_t(i)]), key == "scale" ? 1e-300 : -1e12, 1e12);
      ++rows;
    } else if (key == "unit") {
      if (!h || rows != 3) throw fail("unit", "out of place: a head's hidden units follow its weight line");
      if (w.size() != size_t(VALUE_INPUTS) + 3)
        throw fail("unit", std::to_string(w.size() - 1) + " numbers, want out, bias and " + std::to_string(VALUE_INPUTS) + " weights");
      constexpr size_t MAX_UNITS = 256;
      if (h->units.size() >= MAX_UNITS) throw fail("unit", "more than " + std::to_string(MAX_UNITS) + " hidden units in one head");
      ValueUnit u;
      u.out = real(w[1], "unit out", -1e6, 1e6);
      u.bias = real(w[2], "unit bias", -1e6, 1e6);
      for (int i = 0; i < VALUE_INPUTS; ++i) u.w[size_t(i)] = real(w[size_t(i) + 3], "unit " + std::string(NAMES[size_t(i)]), -1e6, 1e6);
      h->units.push_back(u);
    } else {
      throw fail("line", "unknown key '" + key + "'");
    }
  }
  if (no == 0) throw ValueError(where + ":1: format: empty file");
  if (rows != 3) throw fail("head", "the last head lacks its mean, scale or weight line");
  if (m.heads.empty()) throw fail("head", "no head");
  std::sort(m.heads.begin(), m.heads.end(),
            [](const ValueHead& a, const ValueHead& b) { return a.level != b.level ? a.level < b.level : a.stage < b.stage; });
  return m;
}

}  // namespace mists
