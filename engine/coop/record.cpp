#include "engine/coop/record.h"

#include "engine/kit/number.h"

#include <functional>
#include <map>
#include <sstream>

namespace mists {

namespace {

// Format 2 writes finish_ghosts and the team's area decisions (R3.3, R7.2). Format 1 records
// predate both: they replay with finish_ghosts = other_areas and the first area at each of those
// decisions, as the engine then chose.
constexpr const char* FORMAT = "mists-record/2";
constexpr const char* FORMAT_1 = "mists-record/1";

}  // namespace

GameRecord make_record(const Rules& R, const Deal& deal, uint64_t seed, uint64_t game, const std::string& agent,
                       const std::string& revision) {
  GameRecord r;
  r.catalog_path = R.catalog.path;
  r.catalog_checksum = R.catalog.checksum;
  r.level = R.level;
  r.params = R.params;
  r.seed = seed;
  r.game = game;
  r.agent = agent;
  r.revision = revision;
  for (const auto& pile : deal.piles) {
    r.piles.emplace_back();
    for (uint8_t t : pile) r.piles.back().push_back(R.types[t].id);
  }
  r.abbey_catalog_path = R.lever_catalogs.abbeys.path;
  r.abbey_catalog_checksum = R.lever_catalogs.abbeys.checksum;
  r.toll_catalog_path = R.lever_catalogs.tolls.path;
  r.toll_catalog_checksum = R.lever_catalogs.tolls.checksum;
  for (uint8_t t : deal.set_aside) r.set_aside.push_back(R.types[t].id);
  for (uint8_t v : deal.chips) r.chips.push_back(v);
  return r;
}

void finish_record(GameRecord& rec, const std::vector<std::string>& steps, const GameSummary& g) {
  rec.steps.clear();
  for (const auto& s : steps) rec.steps.push_back({s, 0});
  rec.outcome = g.outcome == Outcome::Won ? "won" : g.outcome == Outcome::Lost ? "lost" : "unfinished";
  rec.cause = std::string(loss_cause_name(g.cause));
  rec.score = g.score;
  rec.turns = g.turns;
}

std::string write_record(const GameRecord& r) {
  std::ostringstream os;
  const Level& lv = r.level;
  os << "# Mists over Carcassonne game record (docs/records.md). Replay: mists replay FILE\n";
  os << "format " << FORMAT << '\n';
  os << "revision " << (r.revision.empty() ? "unknown" : r.revision) << '\n';
  os << "catalog " << r.catalog_path << '\n';
  os << "catalog_checksum " << r.catalog_checksum << '\n';
  os << "level " << lv.number << '\n';
  os << "remove_kinds" << (lv.remove_kinds.empty() ? "" : " " + record_join(lv.remove_kinds)) << '\n';
  os << "remove_ids" << (lv.remove_ids.empty() ? "" : " " + record_join(lv.remove_ids)) << '\n';
  os << "piles " << lv.piles << '\n';
  os << "ghosts " << lv.ghosts << '\n';
  os << "hound1 " << lv.hound1 << '\n';
  os << "hound2 " << lv.hound2 << '\n';
  os << "goal " << lv.goal << '\n';
  os << "castles " << lv.castles << '\n';
  os << "cemetery_close " << lv.cemetery_close << '\n';
  os << "cemetery_ghosts " << lv.cemetery_ghosts << '\n';
  os << "haunted " << lv.haunted << '\n';
  os << "per_colour_scores " << lv.per_colour_scores << '\n';
  os << "players " << r.params.players << '\n';
  for (const char* key : SWITCH_NAMES) os << key << ' ' << switch_value(r.params.switches, key) << '\n';
  if (r.params.levers.any()) {  // only then: a record without levers reads as it always did
    for (const char* key : LEVER_NAMES) os << key << ' ' << lever_value(r.params.levers, key) << '\n';
    if (!r.abbey_catalog_path.empty())
      os << "abbey_catalog " << r.abbey_catalog_path << "\nabbey_catalog_checksum " << r.abbey_catalog_checksum << '\n';
    if (!r.toll_catalog_path.empty())
      os << "toll_catalog " << r.toll_catalog_path << "\ntoll_catalog_checksum " << r.toll_catalog_checksum << '\n';
  }
  os << "seed " << r.seed << '\n';
  os << "game " << r.game << '\n';
  os << "agent " << r.agent << '\n';
  if (!r.verdict.empty())
    os << "# mists solve ran out of budget on this deal before a win or a proof of loss: the steps are the best line\n"
          "# it found (a lost game); the deal may still be winnable\n"
       << "verdict " << r.verdict << '\n';
  for (size_t k = 0; k < r.piles.size(); ++k) os << "pile " << k + 1 << ' ' << record_join(r.piles[k]) << '\n';
  if (!r.set_aside.empty()) os << "set_aside " << record_join(r.set_aside) << '\n';
  if (!r.chips.empty()) {
    os << "chips";
    for (int v : r.chips) os << ' ' << v;
    os << '\n';
  }
  os << "steps\n";
  for (const auto& s : r.steps) os << s.text << '\n';
  os << "result " << r.outcome << ' ' << r.cause << " score " << r.score << " turns " << r.turns << '\n';
  return os.str();
}

GameRecord parse_record(const std::string& text, const std::string& name) {
  GameRecord r;
  r.params.switches.finish_ghosts = FinishGhosts::OtherAreas;  // a record without the line predates it
  std::istringstream in(text);
  std::string line;
  int ln = 0;
  bool in_steps = false, have_format = false;
  std::map<std::string, int> seen;
  // Numbers are checked whole and in range (engine/kit/number.h): never cut to fit.
  auto to_int = [&](const std::vector<std::string>& w, const std::string& key, long long lo, long long hi) -> int {
    if (w.size() != 2) record_fail(name, ln, key, "expects one number");
    try {
      return int(parse_integer(w[1], lo, hi));
    } catch (const NumberError& e) {
      record_fail(name, ln, key, e.what());
    }
  };
  auto to_u64 = [&](const std::vector<std::string>& w, const std::string& key) -> uint64_t {
    if (w.size() != 2) record_fail(name, ln, key, "expects one number");
    try {
      return parse_u64(w[1]);
    } catch (const NumberError& e) {
      record_fail(name, ln, key, e.what());
    }
  };
  auto to_flag = [&](const std::vector<std::string>& w, const std::string& key) { return to_int(w, key, 0, 1) == 1; };
  while (std::getline(in, line)) {
    ++ln;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const auto w = record_words(line);
    if (w.empty()) continue;
    const std::string& key = w[0];
    if (in_steps) {
      if (key == "result") {
        // result won none score 103 turns 41; a game stopped before its end: result unfinished none score 40 turns 22
        if (w.size() != 7 || w[3] != "score" || w[5] != "turns")
          record_fail(name, ln, "result", "expected 'result <won|lost|unfinished> <cause> score N turns N'");
        if (w[1] != "won" && w[1] != "lost" && w[1] != "unfinished")
          record_fail(name, ln, "result", "'" + w[1] + "' is neither won, lost nor unfinished");
        if (w[1] == "unfinished" && w[2] != "none")
          record_fail(name, ln, "result", "an unfinished game has lost nothing yet: its cause is 'none', not '" + w[2] + "'");
        r.outcome = w[1];
        r.cause = w[2];
        r.score = to_int({w[3], w[4]}, "result score", 0, 100000);
        r.turns = to_int({w[5], w[6]}, "result turns", 0, MAX_TILES);
        r.result_line = ln;
        in_steps = false;
        continue;
      }
      r.steps.push_back({record_join(w), ln});
      continue;
    }
    if (r.result_line) record_fail(name, ln, key, "nothing may follow the result line");
    if (key != "pile" && seen[key]++) record_fail(name, ln, key, "given twice");
    r.lines[key == "pile" && w.size() > 1 ? "pile " + w[1] : key] = ln;
    if (key == "format") {
      if (w.size() != 2 || (w[1] != FORMAT && w[1] != FORMAT_1))
        record_fail(name, ln, "format", "expected '" + std::string(FORMAT) + "' (or the older '" + FORMAT_1 + "')");
      r.format = w[1] == FORMAT ? 2 : 1;
      have_format = true;
    } else if (key == "revision") r.revision = record_join(w, 1);
    else if (key == "catalog") r.catalog_path = record_join(w, 1);
    else if (key == "catalog_checksum") r.catalog_checksum = record_join(w, 1);
    else if (key == "level") r.level.number = to_int(w, key, 1, 6);
    else if (key == "remove_kinds") r.level.remove_kinds.assign(w.begin() + 1, w.end());
    else if (key == "remove_ids") r.level.remove_ids.assign(w.begin() + 1, w.end());
    else if (key == "piles") r.level.piles = to_int(w, key, 1, MAX_PILES);
    else if (key == "ghosts") r.level.ghosts = to_int(w, key, 0, 250);
    else if (key == "hound1") r.level.hound1 = to_int(w, key, 0, 30000);
    else if (key == "hound2") r.level.hound2 = to_int(w, key, 0, 30000);
    else if (key == "goal") r.level.goal = to_int(w, key, 1, 30000);
    else if (key == "castles") r.level.castles = to_flag(w, key);
    else if (key == "cemetery_close") r.level.cemetery_close = to_int(w, key, 0, 8);
    else if (key == "cemetery_ghosts") r.level.cemetery_ghosts = to_flag(w, key);
    else if (key == "haunted") r.level.haunted = to_flag(w, key);
    else if (key == "per_colour_scores") r.level.per_colour_scores = to_flag(w, key);
    else if (key == "players") r.params.players = to_int(w, key, 1, MAX_PLAYERS);
    else if (!switch_value(r.params.switches, key).empty()) {
      if (w.size() != 2) record_fail(name, ln, key, "expects one value");
      try {
        set_switch(r.params.switches, key, w[1], name + ":" + std::to_string(ln));
      } catch (const ConfigError& e) {
        throw RecordError(e.what());
      }
    } else if (!lever_value(r.params.levers, key).empty()) {
      if (w.size() != 2) record_fail(name, ln, key, "expects one value");
      try {
        set_lever(r.params.levers, key, w[1], name + ":" + std::to_string(ln));
      } catch (const ConfigError& e) {
        throw RecordError(e.what());
      }
    } else if (key == "abbey_catalog") r.abbey_catalog_path = record_join(w, 1);
    else if (key == "abbey_catalog_checksum") r.abbey_catalog_checksum = record_join(w, 1);
    else if (key == "toll_catalog") r.toll_catalog_path = record_join(w, 1);
    else if (key == "toll_catalog_checksum") r.toll_catalog_checksum = record_join(w, 1);
    else if (key == "set_aside") r.set_aside.assign(w.begin() + 1, w.end());
    else if (key == "chips") {
      for (size_t i = 1; i < w.size(); ++i) r.chips.push_back(to_int({w[0], w[i]}, "chips", 1, 2));
      if (r.chips.empty()) record_fail(name, ln, "chips", "expected the chip values, 1 or 2 each");
    } else if (key == "seed") r.seed = to_u64(w, key);
    else if (key == "game") r.game = to_u64(w, key);
    else if (key == "agent") r.agent = record_join(w, 1);
    else if (key == "verdict") {
      if (w.size() != 2 || w[1] != "open")
        record_fail(name, ln, key, "expected 'verdict open' (the best line of a deal mists solve left open; other records have no verdict line)");
      r.verdict = w[1];
    }
    else if (key == "pile") {
      if (w.size() < 2) record_fail(name, ln, "pile", "expected 'pile K id id ...'");
      const long long k = to_int({w[0], w[1]}, "pile", 1, MAX_PILES);
      if (k != long(r.piles.size()) + 1) record_fail(name, ln, "pile", "piles must be numbered 1, 2, 3 in order");
      r.piles.emplace_back(w.begin() + 2, w.end());
    } else if (key == "steps") in_steps = true;
    else record_fail(name, ln, key, "unknown key");
  }
  if (!have_format) record_fail(name, 1, "format", "missing: not a mists game record");
  if (!r.result_line) record_fail(name, ln, "result", "missing: the record ends without a result line");
  for (const char* k : {"catalog", "catalog_checksum", "level", "piles", "ghosts", "goal", "players", "seed"})
    if (!seen.count(k)) record_fail(name, ln, k, "missing");
  if (r.verdict == "open" && r.outcome != "lost")
    record_fail(name, r.lines.at("verdict"), "verdict", "open, but the result line says " + r.outcome +
                                                     ": a line that wins makes the deal won; the best line of an open deal is a lost game");
  const int lever_line = r.lines.count("coop_abbeys") ? r.lines.at("coop_abbeys") : 0;
  const std::string knob = knob_without_lever(r.params.levers);
  if (!knob.empty())
    record_fail(name, r.lines.at(knob), knob,
         "set to " + lever_value(r.params.levers, knob) + " but " + std::string(lever_of(knob)) + " is off: the knob needs its lever");
  auto needs = [&](bool want, const char* key, const char* why) {
    if (want && !seen.count(key)) record_fail(name, lever_line, key, std::string("missing: ") + why);
    if (!want && seen.count(key)) record_fail(name, r.lines.at(key), key, std::string("given, but ") + why);
  };
  const Levers& L = r.params.levers;
  needs(L.abbeys != PiecePool::Off, "abbey_catalog", "coop_abbeys reads the abbey tile from it");
  needs(L.abbeys != PiecePool::Off, "abbey_catalog_checksum", "coop_abbeys reads the abbey tile from it");
  needs(L.tiles_of_tolls(), "toll_catalog", "coop_tolls with coop_toll_tiles replace or add reads the Tollkeepers tiles from it");
  needs(L.tiles_of_tolls(), "toll_catalog_checksum", "coop_tolls with coop_toll_tiles replace or add reads the Tollkeepers tiles from it");
  needs(L.chips, "chips", "coop_chips deals them");
  needs(L.tiles_of_tolls() && L.toll_tiles == TollTiles::Replace, "set_aside", "coop_toll_tiles = replace sets tiles aside");
  return r;
}

Deal record_deal(const Rules& R, const GameRecord& rec, const std::string& name) {
  auto pile_line = [&](size_t k) {
    auto it = rec.lines.find("pile " + std::to_string(k + 1));
    return it == rec.lines.end() ? 0 : it->second;
  };
  std::map<std::string, int> index;
  for (int t = 0; t < R.n_land_types; ++t) index[R.types[t].id] = t;
  Deal d;
  std::vector<int> count(size_t(R.n_land_types), 0);
  if (rec.piles.size() != R.pile_sizes.size())
    record_fail(name, pile_line(0), "pile", "the record deals " + std::to_string(rec.piles.size()) + " piles, the level has " +
                              std::to_string(R.pile_sizes.size()));
  for (size_t k = 0; k < rec.piles.size(); ++k) {
    d.piles.emplace_back();
    if (int(rec.piles[k].size()) != R.pile_sizes[k])
      record_fail(name, pile_line(k), "pile " + std::to_string(k + 1),
           "holds " + std::to_string(rec.piles[k].size()) + " tiles, the level deals " + std::to_string(R.pile_sizes[k]));
    for (const auto& id : rec.piles[k]) {
      auto it = index.find(id);
      if (it == index.end()) record_fail(name, pile_line(k), "pile " + std::to_string(k + 1), "unknown tile '" + id + "'");
      d.piles.back().push_back(uint8_t(it->second));
      if (++count[size_t(it->second)] > R.types[size_t(it->second)].in_play)
        record_fail(name, pile_line(k), "pile " + std::to_string(k + 1),
             "tile " + id + " is dealt " + std::to_string(count[size_t(it->second)]) + " times, " +
                 std::to_string(R.types[size_t(it->second)].in_play) + " in play");
    }
  }
  const int aside_line = rec.lines.count("set_aside") ? rec.lines.at("set_aside") : 0;
  if (int(rec.set_aside.size()) != R.toll_replace)
    record_fail(name, aside_line, "set_aside", std::to_string(rec.set_aside.size()) + " tiles set aside, the levers set aside " +
                                            std::to_string(R.toll_replace));
  for (const auto& id : rec.set_aside) {
    auto it = index.find(id);
    if (it == index.end() || it->second >= R.n_base_types) record_fail(name, aside_line, "set_aside", "'" + id + "' is no tile of the base catalog");
    const TileType& tt = R.types[size_t(it->second)];
    if (tt.misty || tt.castle >= 0 || tt.cemetery >= 0)
      record_fail(name, aside_line, "set_aside", "tile " + id + " has mist, a castle or a cemetery: CT1 sets aside only plain tiles");
    d.set_aside.push_back(uint8_t(it->second));
    ++count[size_t(it->second)];
  }
  for (int t = 0; t < R.n_land_types; ++t)
    if (count[size_t(t)] != R.types[t].in_play)
      record_fail(name, pile_line(rec.piles.size() - 1), "pile", "tile " + R.types[t].id + " is dealt " + std::to_string(count[size_t(t)]) +
                                " times, " + std::to_string(R.types[t].in_play) + " are in play");
  const int chips_line = rec.lines.count("chips") ? rec.lines.at("chips") : 0;
  if (rec.chips.size() != R.chip_cells.size())
    record_fail(name, chips_line, "chips", std::to_string(rec.chips.size()) + " chips dealt, the game has " + std::to_string(R.chip_cells.size()) +
                                        " chip cells");
  int ones = 0, twos = 0;
  for (int v : rec.chips) {
    (v == 1 ? ones : twos)++;
    d.chips.push_back(uint8_t(v));
  }
  if (ones > CHIP_ONES || twos > CHIP_TWOS)
    record_fail(name, chips_line, "chips", std::to_string(ones) + " chips of 1 and " + std::to_string(twos) + " of 2: there are " +
                                        std::to_string(CHIP_ONES) + " and " + std::to_string(CHIP_TWOS));
  return d;
}

ReplayResult replay(const Rules& R, const GameRecord& rec, const std::string& name,
                    const std::function<void(const State&, const std::string&)>& on_step) {
  if (!(rec.params.levers == R.params.levers))
    record_fail(name, rec.lines.count("coop_abbeys") ? rec.lines.at("coop_abbeys") : 1, "levers",
         "the record was played with levers " + levers_text(rec.params.levers) + ", the rules have " + levers_text(R.params.levers));
  const Deal deal = record_deal(R, rec, name);
  ReplayResult out;
  State s = initial_state(R, deal);
  Dealer dealer(R, deal);
  std::vector<Action> options(MAX_ACTIONS);
  size_t i = 0;
  int decisions = 0, forced = 0;
  auto where = [&](size_t k) { return k < rec.steps.size() ? rec.steps[k].line : rec.result_line; };
  auto step_field = [&](size_t k) { return "step " + std::to_string(k + 1); };
  // An unfinished record stops where its steps end (after the forced decisions that follow them).
  const bool unfinished = rec.outcome == "unfinished";
  while (!is_over(s)) {
    std::string done;
    if (is_chance(s)) {
      const int want = dealer.next(s);
      const std::string expect = chance_text(R, s, want);
      const std::string verb = expect.substr(0, expect.find(' '));  // "draw" or "chip"
      if (i >= rec.steps.size()) {
        if (unfinished) break;  // the game stopped here, before this draw
        record_fail(name, rec.result_line, step_field(i), "the record ends but the game goes on: expected '" + expect + "'");
      }
      const auto w = record_words(rec.steps[i].text);
      if (w.size() != 2 || w[0] != verb)
        record_fail(name, where(i), step_field(i), "expected '" + expect + "', found '" + rec.steps[i].text + "'");
      if (rec.steps[i].text != expect)
        record_fail(name, where(i), step_field(i),
             verb == "draw" ? "draws " + w[1] + " but the deal puts " + R.types[size_t(want)].id + " on top"
                            : "turns up a chip of " + w[1] + " but the deal has " + std::to_string(want) + " there");
      dealer.draw(s);
      done = rec.steps[i++].text;
    } else {
      const int n = legal_actions(R, s, options.data());
      Action a;
      const bool legacy_area = rec.format == 1 && (s.phase == Phase::Fewer || s.phase == Phase::GhostArea);
      if (n == 1 || legacy_area) {
        a = options[0];
        ++forced;
        done = std::string(n == 1 ? "(forced) " : "(format 1: first area) ") + action_text(R, s, a);
      } else {
        if (i >= rec.steps.size()) {
          if (unfinished) break;  // the game stopped here, before this decision
          record_fail(name, rec.result_line, step_field(i), "the record ends but the game waits for a " + std::string(phase_name(s.phase)) + " decision");
        }
        if (!parse_action(R, s, rec.steps[i].text, a)) {
          std::string legal;
          for (int k = 0; k < n && k < 12; ++k) legal += (k ? ", " : "") + action_text(R, s, options[size_t(k)]);
          if (n > 12) legal += ", ... (" + std::to_string(n) + " in all)";
          record_fail(name, where(i), step_field(i),
               "'" + rec.steps[i].text + "' is not a legal " + std::string(phase_name(s.phase)) + " decision here; legal: " + legal);
        }
        ++decisions;
        done = rec.steps[i++].text;
      }
      apply(R, s, a);
    }
    const std::string err = check(R, s);
    if (!err.empty()) record_fail(name, where(i ? i - 1 : 0), step_field(i ? i - 1 : 0), "state inconsistent after this step:\n" + err);
    if (on_step) on_step(s, done);
  }
  if (i < rec.steps.size())
    record_fail(name, where(i), step_field(i), "the game is over (" + std::string(s.outcome == Outcome::Won ? "won" : "lost") +
                                             ") but the record goes on with '" + rec.steps[i].text + "'");
  out.final_state = s;
  out.summary = summarize(R, s, decisions, forced);
  const std::string outcome = s.outcome == Outcome::Won ? "won" : s.outcome == Outcome::Lost ? "lost" : "unfinished";
  if (outcome != rec.outcome || std::string(loss_cause_name(s.cause)) != rec.cause || out.summary.score != rec.score ||
      out.summary.turns != rec.turns)
    record_fail(name, rec.result_line, "result",
         "the record says " + rec.outcome + " " + rec.cause + " score " + std::to_string(rec.score) + " turns " +
             std::to_string(rec.turns) + ", the replay ends " + outcome + " " + std::string(loss_cause_name(s.cause)) +
             " score " + std::to_string(out.summary.score) + " turns " + std::to_string(out.summary.turns));
  return out;
}

}  // namespace mists
