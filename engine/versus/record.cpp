// Competitive game records, their replay, and the text and SVG pictures of a board.
#include "engine/versus/record.h"

#include <algorithm>
#include <sstream>
#include <tuple>

#include "engine/kit/number.h"

namespace mists::vs {

namespace {

std::vector<std::pair<std::string, std::string>> switch_list(const VsSwitches& sw, uint8_t modules) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& kv : record_words(describe(sw, modules))) {
    const size_t eq = kv.find('=');
    out.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return out;
}

}  // namespace

VsRecord make_vs_record(const VsRules& R, const std::vector<uint8_t>& order, uint64_t seed, uint64_t deal,
                        const std::vector<std::string>& agents, const std::string& revision) {
  VsDeal d;
  d.order = order;
  return make_vs_record(R, d, seed, deal, agents, revision);
}

VsRecord make_vs_record(const VsRules& R, const VsDeal& dealt, uint64_t seed, uint64_t deal,
                        const std::vector<std::string>& agents, const std::string& revision) {
  const std::vector<uint8_t>& order = dealt.order;
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
  r.expansions = modules_text(R.modules);
  if (R.has(VS_ABBEY_MAYOR)) r.abbey_catalog = R.abbey_catalog.path, r.abbey_checksum = R.abbey_catalog.checksum;
  if (R.has(VS_TOLLKEEPERS)) r.toll_catalog = R.toll_catalog.path, r.toll_checksum = R.toll_catalog.checksum;
  if (R.has(VS_MAP_CHIPS)) r.map = R.map.path, r.map_checksum = R.map.checksum;
  r.switches = switch_list(R.switches, R.modules);
  r.seed = seed;
  r.deal = deal;
  r.agents = agents;
  for (uint8_t t : order) r.order.push_back(R.types[t].id);
  if (R.on_map) {
    r.start_rotations = {dealt.setup.rot[0], dealt.setup.rot[1]};
    for (VsCell c : dealt.setup.chips)
      r.chip_squares += (r.chip_squares.empty() ? "" : "/") + std::to_string(int(c % VS_W) - R.map_dx) + "." +
                        std::to_string(int(c / VS_W) - R.map_dy);
    if (r.chip_squares.empty()) r.chip_squares = "none";
  }
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
  if (!r.expansions.empty()) {
    os << "expansions " << r.expansions << "\n";
    if (!r.abbey_catalog.empty()) os << "abbey_catalog " << r.abbey_catalog << "\nabbey_catalog_checksum " << r.abbey_checksum << "\n";
    if (!r.toll_catalog.empty()) os << "toll_catalog " << r.toll_catalog << "\ntoll_catalog_checksum " << r.toll_checksum << "\n";
    if (!r.map.empty()) os << "map " << r.map << "\nmap_checksum " << r.map_checksum << "\n";
  }
  os << "switches";
  for (const auto& [k, v] : r.switches) os << ' ' << k << '=' << v;
  os << "\n";
  os << "seed " << r.seed << "\n";
  os << "deal " << r.deal << "\n";
  os << "agents " << record_join(r.agents) << "\n";
  os << "order " << record_join(r.order) << "\n";
  if (!r.start_rotations.empty())
    os << "start_rotations " << r.start_rotations[0] << ' ' << r.start_rotations[1] << "\nchip_squares " << r.chip_squares << "\n";
  os << "steps\n";
  for (const auto& s : r.steps) os << s.text << "\n";
  os << (r.unfinished ? "result unfinished" : "result");
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
    if (done) record_fail(name, ln, "result", "text after the result line");
    const std::vector<std::string> w = record_words(line);
    if (w.empty()) continue;
    if (in_steps) {
      if (w[0] == "result") {
        r.unfinished = w.size() > 1 && w[1] == "unfinished";
        for (size_t i = r.unfinished ? 2 : 1; i < w.size(); ++i) {
          try {
            r.result.push_back(int(parse_integer(w[i], 0, 100000)));
          } catch (const NumberError& e) {
            record_fail(name, ln, "result", e.what());
          }
        }
        if (int(r.result.size()) != r.players)
          record_fail(name, ln, "result", std::to_string(r.result.size()) + " scores for " + std::to_string(r.players) + " players");
        r.result_line = ln;
        done = true;
        continue;
      }
      r.steps.push_back({record_join(w), ln});
      continue;
    }
    const std::string& key = w[0];
    if (key == "steps") {
      for (const char* k : REQUIRED)
        if (!r.lines.count(k)) record_fail(name, ln, k, "missing before steps");
      if (r.game == "gcc" && (!r.lines.count("gcc_catalog") || !r.lines.count("gcc_catalog_checksum")))
        record_fail(name, ln, "gcc_catalog", "a GCC record names its GCC catalog and checksum before steps");
      for (const char* gcc_only : {"gcc_catalog", "gcc_catalog_checksum"})  // the base game reads no GCC tiles
        if (r.game == "base" && r.lines.count(gcc_only))
          record_fail(name, r.lines[gcc_only], gcc_only, "the record plays the base game (game base, line " + std::to_string(r.lines["game"]) +
                                                      "), which has no GCC catalog; only a GCC record names one");
      // Each module names its data before steps, and no data without its module.
      const uint8_t modules = r.lines.count("expansions") ? parse_modules(r.expansions) : 0;
      const std::pair<VsModule, const char*> data[] = {
          {VS_ABBEY_MAYOR, "abbey_catalog"}, {VS_TOLLKEEPERS, "toll_catalog"}, {VS_MAP_CHIPS, "map"}};
      if ((modules & VS_MAP_CHIPS) && (!r.lines.count("start_rotations") || !r.lines.count("chip_squares")))
        record_fail(name, ln, "start_rotations", "a record on a map names its start_rotations and chip_squares before steps (M1.2, M2.3)");
      if (!(modules & VS_MAP_CHIPS) && (r.lines.count("start_rotations") || r.lines.count("chip_squares")))
        record_fail(name, r.lines.count("start_rotations") ? r.lines["start_rotations"] : r.lines["chip_squares"],
             r.lines.count("start_rotations") ? "start_rotations" : "chip_squares", "the record plays on no map (expansions)");
      for (const auto& [m, field] : data) {
        const std::string sum = std::string(field) + "_checksum";
        const bool named = r.lines.count(field) && r.lines.count(sum);
        if ((modules & m) && !named)
          record_fail(name, ln, field, "a record of " + std::string(module_name(m)) + " names its " + field + " and " + sum + " before steps");
        if (!(modules & m) && (r.lines.count(field) || r.lines.count(sum)))
          record_fail(name, r.lines.count(field) ? r.lines[field] : r.lines[sum], field,
               "the record does not play " + std::string(module_name(m)) + " (expansions)");
      }
      in_steps = true;
      continue;
    }
    if (r.lines.count(key)) record_fail(name, ln, key, "given twice (first on line " + std::to_string(r.lines[key]) + ")");
    r.lines[key] = ln;
    auto one = [&]() -> const std::string& {
      if (w.size() != 2) record_fail(name, ln, key, "takes one value");
      return w[1];
    };
    try {
      if (key == "format") {
        if (one() != VS_RECORD_FORMAT) record_fail(name, ln, key, "'" + w[1] + "' is not " + VS_RECORD_FORMAT);
      } else if (key == "revision") r.revision = one();
      else if (key == "game") {
        r.game = one();
        if (r.game != "base" && r.game != "gcc") record_fail(name, ln, key, "'" + r.game + "' is not base or gcc");
      } else if (key == "players") r.players = int(parse_integer(one(), 2, VS_MAX_PLAYERS));
      else if (key == "base_catalog") r.base_catalog = one();
      else if (key == "base_catalog_checksum") r.base_checksum = one();
      else if (key == "gcc_catalog") r.gcc_catalog = one();
      else if (key == "gcc_catalog_checksum") r.gcc_checksum = one();
      else if (key == "expansions") {
        r.expansions = one();
        try {
          r.expansions = modules_text(parse_modules(r.expansions));
          if (r.expansions != w[1]) record_fail(name, ln, key, "'" + w[1] + "': write the modules once each, in the order " +
                                                         "abbey_mayor,tollkeepers,map_chips");
        } catch (const ConfigError& e) {
          record_fail(name, ln, key, e.what());
        }
      } else if (key == "abbey_catalog") r.abbey_catalog = one();
      else if (key == "abbey_catalog_checksum") r.abbey_checksum = one();
      else if (key == "toll_catalog") r.toll_catalog = one();
      else if (key == "toll_catalog_checksum") r.toll_checksum = one();
      else if (key == "map") r.map = one();
      else if (key == "map_checksum") r.map_checksum = one();
      else if (key == "switches") {
        for (size_t i = 1; i < w.size(); ++i) {
          const size_t eq = w[i].find('=');
          if (eq == std::string::npos) record_fail(name, ln, key, "'" + w[i] + "' is not name=value");
          const std::string sw = w[i].substr(0, eq);
          for (const auto& [k, v] : r.switches)
            if (k == sw) record_fail(name, ln, key, "switch " + sw + " is named twice (" + k + "=" + v + " and " + w[i] + "); name each once");
          r.switches.emplace_back(sw, w[i].substr(eq + 1));
        }
      } else if (key == "seed") r.seed = parse_u64(one());
      else if (key == "deal") r.deal = parse_u64(one());
      else if (key == "agents") r.agents.assign(w.begin() + 1, w.end());
      else if (key == "order") r.order.assign(w.begin() + 1, w.end());
      else if (key == "start_rotations") {
        if (w.size() != 3) record_fail(name, ln, key, "takes two rotations, of the start tile and of the second start square's tile");
        for (size_t i = 1; i < 3; ++i) r.start_rotations.push_back(int(parse_integer(w[i], 0, 3)));
      } else if (key == "chip_squares") r.chip_squares = one();
      else record_fail(name, ln, key, "unknown key");
    } catch (const NumberError& e) {
      record_fail(name, ln, key, e.what());
    }
  }
  if (!in_steps) record_fail(name, ln, "steps", "the record has no steps line");
  if (!done) record_fail(name, ln, "result", "the record ends without its result line");
  if (int(r.agents.size()) != r.players)
    record_fail(name, r.lines["agents"], "agents", std::to_string(r.agents.size()) + " agents for " + std::to_string(r.players) + " players");
  return r;
}

VsRules vs_record_rules(const VsRecord& rec, Catalog base, Catalog gcc, const std::string& name) {
  if (!rec.expansions.empty())
    record_fail(name, rec.lines.at("expansions"), "expansions", "the record plays " + rec.expansions + "; load their data first");
  return vs_record_rules(rec, std::move(base), std::move(gcc), VsExpansions{}, name);
}

VsRules vs_record_rules(const VsRecord& rec, Catalog base, Catalog gcc, VsExpansions ex, const std::string& name) {
  auto lines = rec.lines;
  if (base.checksum != rec.base_checksum)
    record_fail(name, lines["base_catalog_checksum"], "base_catalog_checksum",
         "the record was played with " + rec.base_checksum + ", " + base.path + " is " + base.checksum);
  if (rec.game == "gcc" && gcc.checksum != rec.gcc_checksum)
    record_fail(name, lines["gcc_catalog_checksum"], "gcc_catalog_checksum",
         "the record was played with " + rec.gcc_checksum + ", " + gcc.path + " is " + gcc.checksum);
  ex.modules = rec.expansions.empty() ? 0 : parse_modules(rec.expansions);
  const std::tuple<VsModule, const char*, std::string, std::string> sums[] = {
      {VS_ABBEY_MAYOR, "abbey_catalog_checksum", rec.abbey_checksum, ex.abbey.checksum},
      {VS_TOLLKEEPERS, "toll_catalog_checksum", rec.toll_checksum, ex.toll.checksum},
      {VS_MAP_CHIPS, "map_checksum", rec.map_checksum, ex.map.checksum}};
  for (const auto& [m, key, want, have] : sums)
    if ((ex.modules & m) && want != have)
      record_fail(name, lines[key], key, "the record was played with " + want + ", the file read is " + have);
  VsSwitches sw;
  try {
    for (const auto& [k, v] : rec.switches) set_switch(sw, k, v);
  } catch (const ConfigError& e) {
    record_fail(name, lines["switches"], "switches", e.what());
  }
  try {
    return build_game(rec.game == "gcc" ? VsGame::Gcc : VsGame::Base, std::move(base), std::move(gcc), std::move(ex),
                      rec.players, sw);
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    const char* field = what.rfind("expansions", 0) == 0 ? "expansions" : "switches";
    record_fail(name, lines.count(field) ? lines[field] : lines["switches"], field, what);
  }
}

VsDeal vs_record_deal(const VsRules& R, const VsRecord& rec, const std::string& name) {
  // The pile as type indices.
  std::vector<uint8_t> order;
  std::vector<int> copies(R.types.size(), 0);
  for (const std::string& id : rec.order) {
    int t = -1;
    for (int k = 0; k < R.n_land_types; ++k)
      if (R.types[size_t(k)].id == id) t = k;
    if (t < 0) record_fail(name, rec.lines.at("order"), "order", "tile '" + id + "' is not a tile of the game's pile");
    order.push_back(uint8_t(t));
    ++copies[size_t(t)];
  }
  for (int t = 0; t < R.n_land_types; ++t)
    if (copies[size_t(t)] != R.types[size_t(t)].copies)
      record_fail(name, rec.lines.at("order"), "order",
           "tile '" + R.types[size_t(t)].id + "' appears " + std::to_string(copies[size_t(t)]) + " times, the pile holds " +
               std::to_string(R.types[size_t(t)].copies));
  VsDeal deal;
  deal.order = order;
  if (R.on_map) {  // M1.2, M2.3: the set-up the record names
    const int ln = rec.lines.at("chip_squares");
    deal.setup.rot = {uint8_t(rec.start_rotations.at(0)), uint8_t(rec.start_rotations.at(1))};
    if (rec.chip_squares != "none") {
      std::string item;
      for (char ch : rec.chip_squares + "/") {
        if (ch != '/') {
          item += ch;
          continue;
        }
        const size_t dot = item.find('.');
        try {
          if (dot == std::string::npos) throw NumberError("'" + item + "' is not a map square X.Y");
          const int x = int(parse_integer(item.substr(0, dot), 0, R.map.width - 1));
          const int y = int(parse_integer(item.substr(dot + 1), 0, R.map.height - 1));
          deal.setup.chips.push_back(map_cell(R, x, y));
        } catch (const NumberError& e) {
          record_fail(name, ln, "chip_squares", e.what());
        }
        item.clear();
      }
    }
    if (order.empty()) record_fail(name, rec.lines.at("order"), "order", "the pile is empty");
  }
  for (const RecordStep& step : rec.steps)  // M3.1: the chips' values as they turned up
    if (step.text == "chip 1" || step.text == "chip 2") deal.chip_values.push_back(uint8_t(step.text.back() - '0'));
  return deal;
}

VsReplay vs_replay(const VsRules& R, const VsRecord& rec, const std::string& name,
                   const std::function<void(const VsState&, const std::string&)>& on_step) {
  const VsDeal deal = vs_record_deal(R, rec, name);
  const std::vector<uint8_t>& order = deal.order;
  size_t next = 0;
  VsState s;
  try {
    s = deal_state(R, deal, &next);
  } catch (const ConfigError& e) {
    record_fail(name, rec.lines.count("chip_squares") ? rec.lines.at("chip_squares") : rec.lines.at("order"), "chip_squares", e.what());
  }
  int decisions = 0, forced = 0;
  for (const RecordStep& step : rec.steps) {
    if (is_over(s)) record_fail(name, step.line, "steps", "'" + step.text + "' after the end of the game");
    if (s.phase == VsPhase::ChipValue) {  // M3.1: a chance step, the value it turned up
      const int v = step.text == "chip 1" ? 1 : step.text == "chip 2" ? 2 : 0;
      if (!v || !s.chips_unseen[size_t(v - 1)])
        record_fail(name, step.line, "steps", "'" + step.text + "' where a chip turns up (chip 1 or chip 2, of those not yet seen)");
      apply_chip(R, s, v);
    } else if (is_chance(s)) {
      if (next >= order.size()) record_fail(name, step.line, "steps", "'" + step.text + "' with the pile spent");
      const std::string want = "draw " + R.types[order[next]].id;
      if (step.text != want) record_fail(name, step.line, "steps", "'" + step.text + "' where the pile gives '" + want + "'");
      apply_draw(R, s, order[next++]);
    } else {
      VsAction a;
      int n = 0;
      if (!parse_action(R, s, step.text, a, &n)) record_fail(name, step.line, "steps", "'" + step.text + "' is not a legal decision here");
      (n > 1 ? decisions : forced) += 1;
      apply(R, s, a);
    }
    const std::string err = check(R, s);
    if (!err.empty()) record_fail(name, step.line, "steps", "the position after '" + step.text + "' is inconsistent: " + err);
    if (on_step) on_step(s, step.text);
  }
  if (!is_over(s) && !rec.unfinished)
    record_fail(name, rec.result_line, "steps", "the steps end before the game does (a game stopped early says 'result unfinished')");
  if (is_over(s) && rec.unfinished) record_fail(name, rec.result_line, "result", "'unfinished', but the steps end the game");
  for (int p = 0; p < R.players; ++p)
    if (s.score[size_t(p)] != rec.result[size_t(p)])
      record_fail(name, rec.result_line, "result",
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

std::string vs_board_legend(const VsRules& R) {
  std::ostringstream os;
  os << "legend: each tile is 3 x 3 characters, north up\n"
     << "  middle of a side   C city, R road, F field (lower case under mist); # a side the tile closes\n"
     << "  centre             . nothing, M monastery, K castle, + cemetery, G garden, A abbey\n"
     << "  a digit            a meeple of that seat (0 to " << R.players - 1 << ") on the region where it stands\n";
  return os.str();
}

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
      put(mid[side][0], mid[side][1],
          (o.closes >> side & 1) ? '#' : terrain_char(Terrain(o.sides >> (2 * side) & 3), o.misty >> slot_of(side, 1) & 1));
    put(1, 1, T.abbey ? 'A' : T.monastery >= 0 ? 'M' : T.garden >= 0 ? 'G' : T.castle >= 0 ? 'K' : T.cemetery >= 0 ? '+' : '.');
    for (int p = 0; p < R.players; ++p)
      for (int k = 0; k < VS_ALL_SLOTS; ++k) {
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
  if (R.modules || R.switches.abbot) os << render_vs_pieces(R, s);
  return os.str();
}

std::string render_vs_pieces(const VsRules& R, const VsState& s) {
  auto at = [](VsCell c) { return std::to_string(int(c % VS_W) - VS_START) + " " + std::to_string(int(c / VS_W) - VS_START); };
  auto where = [&](uint16_t node) { return node == VS_NO_NODE ? std::string("in hand") : "at " + at(s.tiles[s.nodes[node].tile].cell); };
  std::ostringstream os;
  for (int p = 0; p < R.players; ++p) {
    const VsSeatPieces& q = s.piece[size_t(p)];
    std::vector<std::string> items;
    if (R.abbey_type >= 0) {
      items.push_back((s.abbeys >> p & 1) ? "abbey in hand" : "abbey placed");
      items.push_back("mayor " + where(s.meeples[size_t(p)][VS_SLOT_MAYOR].node));
      items.push_back("wagon " + where(s.meeples[size_t(p)][VS_SLOT_WAGON].node));
      items.push_back("barn " + where(q.barn));
    }
    if (R.switches.abbot) items.push_back("abbot " + where(s.meeples[size_t(p)][VS_SLOT_ABBOT].node));
    if (R.has(VS_TOLLKEEPERS))
      items.push_back(q.toll_tile == NO_TILE ? std::string("tollhouse in hand")
                                             : "tollhouse at " + at(s.tiles[q.toll_tile].cell) + " junction " +
                                                   std::to_string(q.toll_junction) + " face " + std::to_string(q.toll_face));
    if (R.on_map) items.push_back("chips " + std::to_string(q.chips[0]) + " x 1 and " + std::to_string(q.chips[1]) + " x 2");
    os << "seat " << p << ":";
    for (size_t i = 0; i < items.size(); ++i) os << (i ? ", " : " ") << items[i];
    os << "\n";
  }
  return os.str();
}

}  // namespace mists::vs
