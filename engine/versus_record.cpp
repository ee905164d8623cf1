// Competitive game records, their replay, and the text and SVG pictures of a board.
#include "engine/versus_record.h"

#include <algorithm>
#include <sstream>

#include "engine/number.h"
#include "engine/rules.h"

namespace mists::vs {

namespace {

[[noreturn]] void fail(const std::string& name, int line, const std::string& field, const std::string& msg) {
  throw RecordError(name + ":" + std::to_string(line) + ": " + field + ": " + msg);
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream is(s);
  std::vector<std::string> w;
  std::string x;
  while (is >> x) w.push_back(x);
  return w;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + v[i];
  return s;
}

std::vector<std::pair<std::string, std::string>> switch_list(const VsSwitches& sw) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& kv : words(describe(sw))) {
    const size_t eq = kv.find('=');
    out.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return out;
}

}  // namespace

VsRecord make_vs_record(const VsRules& R, const std::vector<uint8_t>& order, uint64_t seed, uint64_t deal,
                        const std::vector<std::string>& agents, const std::string& revision) {
  VsRecord r;
  r.revision = revision;
  r.game = std::string(game_name(R.game));
  r.players = R.players;
  r.base_catalog = R.catalog.path;
  r.base_checksum = R.catalog.checksum;
  if (R.game == VsGame::Gcc) {
    r.gcc_catalog = R.gcc_catalog.path;
    r.gcc_checksum = R.gcc_catalog.checksum;
  }
  r.switches = switch_list(R.switches);
  r.seed = seed;
  r.deal = deal;
  r.agents = agents;
  for (uint8_t t : order) r.order.push_back(R.types[t].id);
  return r;
}

std::string write_vs_record(const VsRecord& r) {
  std::ostringstream os;
  os << "# Carcassonne competitive game record (docs/versus.md). Replay: mists replay FILE\n";
  os << "format " << VS_RECORD_FORMAT << "\n";
  os << "revision " << r.revision << "\n";
  os << "game " << r.game << "\n";
  os << "players " << r.players << "\n";
  os << "base_catalog " << r.base_catalog << "\n";
  os << "base_catalog_checksum " << r.base_checksum << "\n";
  if (r.game == "gcc") {
    os << "gcc_catalog " << r.gcc_catalog << "\n";
    os << "gcc_catalog_checksum " << r.gcc_checksum << "\n";
  }
  os << "switches";
  for (const auto& [k, v] : r.switches) os << ' ' << k << '=' << v;
  os << "\n";
  os << "seed " << r.seed << "\n";
  os << "deal " << r.deal << "\n";
  os << "agents " << join(r.agents) << "\n";
  os << "order " << join(r.order) << "\n";
  os << "steps\n";
  for (const auto& s : r.steps) os << s.text << "\n";
  os << "result";
  for (int x : r.result) os << ' ' << x;
  os << "\n";
  return os.str();
}

bool is_vs_record(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  for (int i = 0; i < 4 && std::getline(in, line); ++i)
    if (line == std::string("format ") + VS_RECORD_FORMAT) return true;
  return false;
}

VsRecord parse_vs_record(const std::string& text, const std::string& name) {
  VsRecord r;
  std::istringstream in(text);
  std::string line;
  int ln = 0;
  bool in_steps = false, done = false;
  static const char* const REQUIRED[] = {"format", "revision", "game", "players", "base_catalog", "base_catalog_checksum",
                                         "switches", "seed", "deal", "agents", "order"};
  while (std::getline(in, line)) {
    ++ln;
    if (line.empty() || line[0] == '#') continue;
    if (done) fail(name, ln, "result", "text after the result line");
    const std::vector<std::string> w = words(line);
    if (w.empty()) continue;
    if (in_steps) {
      if (w[0] == "result") {
        for (size_t i = 1; i < w.size(); ++i) {
          try {
            r.result.push_back(int(parse_integer(w[i], 0, 100000)));
          } catch (const NumberError& e) {
            fail(name, ln, "result", e.what());
          }
        }
        if (int(r.result.size()) != r.players)
          fail(name, ln, "result", std::to_string(r.result.size()) + " scores for " + std::to_string(r.players) + " players");
        r.result_line = ln;
        done = true;
        continue;
      }
      r.steps.push_back({join(w), ln});
      continue;
    }
    const std::string& key = w[0];
    if (key == "steps") {
      for (const char* k : REQUIRED)
        if (!r.lines.count(k)) fail(name, ln, k, "missing before steps");
      if (r.game == "gcc" && (!r.lines.count("gcc_catalog") || !r.lines.count("gcc_catalog_checksum")))
        fail(name, ln, "gcc_catalog", "a GCC record names its GCC catalog and checksum before steps");
      in_steps = true;
      continue;
    }
    if (r.lines.count(key)) fail(name, ln, key, "given twice (first on line " + std::to_string(r.lines[key]) + ")");
    r.lines[key] = ln;
    auto one = [&]() -> const std::string& {
      if (w.size() != 2) fail(name, ln, key, "takes one value");
      return w[1];
    };
    try {
      if (key == "format") {
        if (one() != VS_RECORD_FORMAT) fail(name, ln, key, "'" + w[1] + "' is not " + VS_RECORD_FORMAT);
      } else if (key == "revision") r.revision = one();
      else if (key == "game") {
        r.game = one();
        if (r.game != "base" && r.game != "gcc") fail(name, ln, key, "'" + r.game + "' is not base or gcc");
      } else if (key == "players") r.players = int(parse_integer(one(), 2, VS_MAX_PLAYERS));
      else if (key == "base_catalog") r.base_catalog = one();
      else if (key == "base_catalog_checksum") r.base_checksum = one();
      else if (key == "gcc_catalog") r.gcc_catalog = one();
      else if (key == "gcc_catalog_checksum") r.gcc_checksum = one();
      else if (key == "switches") {
        for (size_t i = 1; i < w.size(); ++i) {
          const size_t eq = w[i].find('=');
          if (eq == std::string::npos) fail(name, ln, key, "'" + w[i] + "' is not name=value");
          r.switches.emplace_back(w[i].substr(0, eq), w[i].substr(eq + 1));
        }
      } else if (key == "seed") r.seed = parse_u64(one());
      else if (key == "deal") r.deal = parse_u64(one());
      else if (key == "agents") r.agents.assign(w.begin() + 1, w.end());
      else if (key == "order") r.order.assign(w.begin() + 1, w.end());
      else fail(name, ln, key, "unknown key");
    } catch (const NumberError& e) {
      fail(name, ln, key, e.what());
    }
  }
  if (!in_steps) fail(name, ln, "steps", "the record has no steps line");
  if (!done) fail(name, ln, "result", "the record ends without its result line");
  if (int(r.agents.size()) != r.players)
    fail(name, r.lines["agents"], "agents", std::to_string(r.agents.size()) + " agents for " + std::to_string(r.players) + " players");
  return r;
}

VsRules vs_record_rules(const VsRecord& rec, Catalog base, Catalog gcc, const std::string& name) {
  auto lines = rec.lines;
  if (base.checksum != rec.base_checksum)
    fail(name, lines["base_catalog_checksum"], "base_catalog_checksum",
         "the record was played with " + rec.base_checksum + ", " + base.path + " is " + base.checksum);
  if (rec.game == "gcc" && gcc.checksum != rec.gcc_checksum)
    fail(name, lines["gcc_catalog_checksum"], "gcc_catalog_checksum",
         "the record was played with " + rec.gcc_checksum + ", " + gcc.path + " is " + gcc.checksum);
  try {
    VsSwitches sw;
    for (const auto& [k, v] : rec.switches) set_switch(sw, k, v);
    return rec.game == "gcc" ? build_gcc_rules(std::move(base), std::move(gcc), rec.players, sw)
                             : build_rules(std::move(base), VsGame::Base, rec.players, sw);
  } catch (const ConfigError& e) {
    fail(name, lines["switches"], "switches", e.what());
  }
}

VsReplay vs_replay(const VsRules& R, const VsRecord& rec, const std::string& name,
                   const std::function<void(const VsState&, const std::string&)>& on_step) {
  // The pile as type indices.
  std::vector<uint8_t> order;
  std::vector<int> copies(R.types.size(), 0);
  for (const std::string& id : rec.order) {
    int t = -1;
    for (int k = 0; k < R.n_land_types; ++k)
      if (R.types[size_t(k)].id == id) t = k;
    if (t < 0) fail(name, rec.lines.at("order"), "order", "tile '" + id + "' is not a tile of the game's pile");
    order.push_back(uint8_t(t));
    ++copies[size_t(t)];
  }
  for (int t = 0; t < R.n_land_types; ++t)
    if (copies[size_t(t)] != R.types[size_t(t)].copies)
      fail(name, rec.lines.at("order"), "order",
           "tile '" + R.types[size_t(t)].id + "' appears " + std::to_string(copies[size_t(t)]) + " times, the pile holds " +
               std::to_string(R.types[size_t(t)].copies));
  VsState s = initial_state(R);
  VsAction options[VS_MAX_ACTIONS];
  size_t next = 0;
  int decisions = 0, forced = 0;
  for (const RecordStep& step : rec.steps) {
    if (is_over(s)) fail(name, step.line, "steps", "'" + step.text + "' after the end of the game");
    if (is_chance(s)) {
      const std::string want = "draw " + R.types[order[next]].id;
      if (step.text != want) fail(name, step.line, "steps", "'" + step.text + "' where the pile gives '" + want + "'");
      apply_draw(R, s, order[next++]);
    } else {
      const int n = legal_actions(R, s, options);
      int pick = -1;
      for (int i = 0; i < n && pick < 0; ++i)
        if (action_text(R, s, options[i]) == step.text) pick = i;
      if (pick < 0) fail(name, step.line, "steps", "'" + step.text + "' is not a legal decision here");
      (n > 1 ? decisions : forced) += 1;
      apply(R, s, options[pick]);
    }
    const std::string err = check(R, s);
    if (!err.empty()) fail(name, step.line, "steps", "the position after '" + step.text + "' is inconsistent: " + err);
    if (on_step) on_step(s, step.text);
  }
  if (!is_over(s)) fail(name, rec.result_line, "steps", "the steps end before the game does");
  for (int p = 0; p < R.players; ++p)
    if (s.score[size_t(p)] != rec.result[size_t(p)])
      fail(name, rec.result_line, "result",
           "seat " + std::to_string(p) + " scored " + std::to_string(s.score[size_t(p)]) + " in the replay, the record says " +
               std::to_string(rec.result[size_t(p)]));
  return {s, summarize(R, s, decisions, forced)};
}

// ---- Pictures -------------------------------------------------------------------------------------

namespace {

// Where a region shows on a 3 x 3 block: its first side's middle or corner slot, else the centre.
std::pair<int, int> region_spot(const VsOrientation& o, int region) {
  static const int at[SLOT_NB][2] = {{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 1}, {2, 2},
                                     {2, 2}, {1, 2}, {0, 2}, {0, 2}, {0, 1}, {0, 0}};
  for (int k : {1, 0, 2})
    for (int side = 0; side < SIDE_NB; ++side)
      if (o.region[size_t(slot_of(side, k))] == region) return {at[slot_of(side, k)][0], at[slot_of(side, k)][1]};
  return {1, 1};
}

char terrain_char(Terrain t, bool misty) {
  const char c = t == Terrain::City ? 'C' : t == Terrain::Road ? 'R' : 'F';
  return misty ? char(c - 'A' + 'a') : c;
}

}  // namespace

std::string render_vs_board(const VsRules& R, const VsState& s) {
  const VsBox b = bounding_box(s);
  const int w = b.x1 - b.x0 + 1, h = b.y1 - b.y0 + 1;
  std::vector<std::string> rows(size_t(3 * h), std::string(size_t(3 * w), ' '));
  for (int i = 0; i < s.n_tiles; ++i) {
    const VsTile& t = s.tiles[size_t(i)];
    const VsType& T = R.types[t.type];
    const VsOrientation& o = T.rot[t.rot];
    const int x = int(t.cell % VS_W) - b.x0, y = int(t.cell / VS_W) - b.y0;
    auto put = [&](int dx, int dy, char c) { rows[size_t(3 * y + dy)][size_t(3 * x + dx)] = c; };
    static const int mid[SIDE_NB][2] = {{1, 0}, {2, 1}, {1, 2}, {0, 1}};
    for (int side = 0; side < SIDE_NB; ++side)
      put(mid[side][0], mid[side][1], terrain_char(Terrain(o.sides >> (2 * side) & 3), o.misty >> slot_of(side, 1) & 1));
    put(1, 1, T.monastery >= 0 ? 'M' : T.castle >= 0 ? 'K' : T.cemetery >= 0 ? '+' : '.');
    for (int p = 0; p < R.players; ++p)
      for (int k = 0; k < s.owned[size_t(p)]; ++k) {
        const VsMeeple& m = s.meeples[size_t(p)][size_t(k)];
        if (m.node == VS_NO_NODE || s.nodes[m.node].tile != i) continue;
        const auto [dx, dy] = region_spot(o, s.nodes[m.node].region);
        put(dx, dy, char('0' + p));
      }
  }
  std::ostringstream os;
  for (const auto& r : rows) os << r << "\n";
  os << "scores";
  for (int p = 0; p < R.players; ++p) os << "  seat " << p << ": " << s.score[size_t(p)];
  if (R.game == VsGame::Gcc) os << "  (ghosts in the supply " << int(s.ghosts) << ")";
  os << "\n";
  return os.str();
}

std::string render_vs_svg(const VsRules& R, const VsState& s, const std::string& title) {
  static const char* const SEAT[] = {"#d62728", "#2ca02c", "#1f77b4", "#e6c229", "#222222", "#e377c2"};
  const int C = 40;
  const VsBox b = bounding_box(s);
  const int w = b.x1 - b.x0 + 1, h = b.y1 - b.y0 + 1;
  const int W = w * C + 20, H = h * C + 60;
  std::ostringstream os;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H << "\" viewBox=\"0 0 " << W << ' ' << H
     << "\" font-family=\"sans-serif\">\n<title>";
  for (char c : title) os << (c == '<' ? std::string("&lt;") : c == '&' ? std::string("&amp;") : std::string(1, c));
  os << "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#f4f1e8\"/>\n";
  for (int i = 0; i < s.n_tiles; ++i) {
    const VsTile& t = s.tiles[size_t(i)];
    const VsType& T = R.types[t.type];
    const VsOrientation& o = T.rot[t.rot];
    const int x0 = 10 + (int(t.cell % VS_W) - b.x0) * C, y0 = 10 + (int(t.cell / VS_W) - b.y0) * C;
    const int cx = x0 + C / 2, cy = y0 + C / 2;
    const int corner[5][2] = {{x0, y0}, {x0 + C, y0}, {x0 + C, y0 + C}, {x0, y0 + C}, {x0, y0}};
    for (int side = 0; side < SIDE_NB; ++side) {
      const Terrain tr = Terrain(o.sides >> (2 * side) & 3);
      const char* fill = tr == Terrain::City ? "#c9975b" : "#8fbf5a";
      os << "<polygon points=\"" << cx << ',' << cy << ' ' << corner[side][0] << ',' << corner[side][1] << ' ' << corner[side + 1][0]
         << ',' << corner[side + 1][1] << "\" fill=\"" << fill << "\"/>\n";
      const int mx = (corner[side][0] + corner[side + 1][0]) / 2, my = (corner[side][1] + corner[side + 1][1]) / 2;
      if (tr == Terrain::Road)
        os << "<line x1=\"" << cx << "\" y1=\"" << cy << "\" x2=\"" << mx << "\" y2=\"" << my
           << "\" stroke=\"#eeeeee\" stroke-width=\"4\"/>\n";
      if (o.misty >> slot_of(side, 1) & 1)
        os << "<polygon points=\"" << cx << ',' << cy << ' ' << corner[side][0] << ',' << corner[side][1] << ' '
           << corner[side + 1][0] << ',' << corner[side + 1][1] << "\" fill=\"#ffffff\" fill-opacity=\"0.55\"/>\n";
    }
    os << "<rect x=\"" << x0 << "\" y=\"" << y0 << "\" width=\"" << C << "\" height=\"" << C
       << "\" fill=\"none\" stroke=\"#555\" stroke-width=\"0.5\"/>\n";
    const char* centre = T.monastery >= 0 ? "M" : T.castle >= 0 ? "K" : T.cemetery >= 0 ? "+" : nullptr;
    if (centre)
      os << "<text x=\"" << cx << "\" y=\"" << cy + 4 << "\" font-size=\"11\" text-anchor=\"middle\" font-weight=\"bold\">" << centre
         << "</text>\n";
    for (int p = 0; p < R.players; ++p)
      for (int k = 0; k < s.owned[size_t(p)]; ++k) {
        const VsMeeple& m = s.meeples[size_t(p)][size_t(k)];
        if (m.node == VS_NO_NODE || s.nodes[m.node].tile != i) continue;
        const auto [dx, dy] = region_spot(o, s.nodes[m.node].region);
        const int mx = x0 + 7 + dx * (C - 14) / 2, my = y0 + 7 + dy * (C - 14) / 2;
        os << "<circle cx=\"" << mx << "\" cy=\"" << my << "\" r=\"5\" fill=\"" << SEAT[p] << "\" stroke=\""
           << (m.guard ? "#ffd700" : "#000") << "\" stroke-width=\"" << (m.guard ? 2 : 1) << "\"/>\n";
        if (m.ghosts)
          os << "<text x=\"" << mx + 6 << "\" y=\"" << my - 3 << "\" font-size=\"8\">" << int(m.ghosts) << "</text>\n";
      }
  }
  int tx = 10;
  for (int p = 0; p < R.players; ++p, tx += 90)
    os << "<text x=\"" << tx << "\" y=\"" << H - 25 << "\" font-size=\"13\" fill=\"" << SEAT[p] << "\">seat " << p << ": "
       << s.score[size_t(p)] << "</text>\n";
  os << "<text x=\"10\" y=\"" << H - 8 << "\" font-size=\"9\" fill=\"#555\">M monastery, K castle, + cemetery; white: mist; "
        "gold ring: guard; a number by a meeple: its ghosts</text>\n</svg>\n";
  return os.str();
}

}  // namespace mists::vs
