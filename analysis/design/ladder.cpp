#include "analysis/design/ladder.h"

#include <tbb/global_control.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "analysis/agents/agents.h"
#include "analysis/run/batch.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/run_log.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis/study/outputs.h"
#include "analysis/run/progress.h"
#include "analysis/study/provenance.h"
#include "analysis/run/stats.h"
#include "analysis/study/strength.h"
#include "analysis/study/study.h"
#include "analysis/agents/value_model.h"
#include "engine/kit/catalog.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The rules' ranges of the numbers (analysis/agents/game_options.h: OVERRIDE_RANGES); a threshold the
// level has stays at 1 or more (0 would remove the hound).
constexpr int GHOSTS_MAX = 250, VALUE_MAX = 30000;

bool is_number(const std::string& n) {
  return std::find_if(std::begin(LADDER_NUMBERS), std::end(LADDER_NUMBERS), [&](const char* x) { return n == x; }) !=
         std::end(LADDER_NUMBERS);
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

std::string fixed(double x, int digits) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}

// The printed numbers of a level.
LadderSetting printed_of(const Level& lv) { return {lv.ghosts, lv.goal, lv.hound1, lv.hound2}; }

// The allowed numbers that `printed` has (a hound of 0 is no hound).
std::vector<std::string> moved_numbers(const std::vector<std::string>& allowed, const LadderSetting& printed) {
  std::vector<std::string> out;
  for (const char* n : LADDER_NUMBERS)
    if (std::find(allowed.begin(), allowed.end(), n) != allowed.end() && printed.get(n) > 0) out.push_back(n);
  return out;
}

// "80.0% [55.1, 93.0]" of a probe.
std::string probe_text(const LadderProbe& p) {
  const Interval ci = wilson(p.wins, p.games);
  return pct(p.rate()) + "% [" + pct(ci.lo) + ", " + pct(ci.hi) + "] of " + std::to_string(p.games);
}

// "tiles_out 40.0%, ghost_supply 10.0%" (shares of all games, largest first); "none" without losses.
std::string losses_text(const LadderProbe& p) {
  std::vector<std::pair<long long, std::string>> by;
  for (const auto& [cause, n] : p.losses) by.emplace_back(n, cause);
  std::stable_sort(by.begin(), by.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string s;
  for (const auto& [n, cause] : by) s += (s.empty() ? "" : ", ") + cause + " " + pct(p.games ? double(n) / double(p.games) : 0) + "%";
  return s.empty() ? "none" : s;
}

bool is_loss_cause(const std::string& name) {
  for (LossCause c : {LossCause::GhostSupply, LossCause::Pile1Target, LossCause::Pile2Target, LossCause::TilesOut, LossCause::Unplaceable})
    if (loss_cause_name(c) == name) return true;
  return false;
}

// ---- Sealed batches: dir/cells/L<level>-P<players>.json ----
// {"study": <hash of the settings>, "level", "players", "batch": games a batch,
//  "batches": {"<setting key>": [{"wins": w, "losses": {cause: n}}, ...]}, "checksum": <of "batches">}
struct Batch {
  long long wins = 0;
  std::map<std::string, long long> losses;
};
using CellBatches = std::map<std::string, std::vector<Batch>>;

std::string cell_file(const std::string& dir, int level, int players) {
  return dir + "/cells/L" + std::to_string(level) + "-P" + std::to_string(players) + ".json";
}

json batches_json(const CellBatches& b) {
  json out = json::object();
  for (const auto& [key, list] : b) {
    json arr = json::array();
    for (const Batch& x : list) {
      json losses = json::object();
      for (const auto& [c, n] : x.losses) losses[c] = n;
      arr.push_back({{"wins", x.wins}, {"losses", losses}});
    }
    out[key] = arr;
  }
  return out;
}

void write_cell(const std::string& path, const std::string& study, int level, int players, int batch, const CellBatches& b) {
  const json bj = batches_json(b);
  const json j = {{"study", study}, {"level", level}, {"players", players}, {"batch", batch}, {"batches", bj},
                  {"checksum", fnv1a64_hex(bj.dump())}};
  write_atomic(path, j.dump(1) + "\n");
}

CellBatches read_cell(const std::string& path, const std::string& study, int level, int players, int batch) {
  const json j = read_json_file(path);
  const Fields f(j, path);
  if (f.text("study") != study) f.fail("study", "belongs to another ladder (settings hash " + f.text("study") + ", this one " + study + ")");
  f.integer("level", level, level);
  f.integer("players", players, players);
  f.integer("batch", batch, batch);
  const json& bj = f.object("batches");
  if (f.text("checksum") != fnv1a64_hex(bj.dump())) f.fail("checksum", "does not match its batches (edited by hand?)");
  CellBatches out;
  const Fields batches = f.sub("batches");
  for (const auto& [key, arr] : bj.items()) {
    if (!arr.is_array()) batches.fail(key, "not an array of batches");
    for (size_t i = 0; i < arr.size(); ++i) {
      const Fields x = batches.element(key, i);
      Batch b;
      b.wins = x.integer("wins", 0, batch);
      long long lost = 0;
      const Fields losses = x.sub("losses");
      for (const auto& [cause, n] : losses.json().items()) {
        if (!is_loss_cause(cause)) losses.fail(cause, "not a loss cause");
        lost += b.losses[cause] = losses.integer(cause, 1, batch);
      }
      if (b.wins + lost != batch) x.fail("losses", "wins and losses add up to " + std::to_string(b.wins + lost) + ", not " + std::to_string(batch));
      out[key].push_back(b);
    }
  }
  return out;
}

// The provenance of a new ladder: revision, catalog and level-file checksums, the learned value's
// when the agent reads it.
json provenance_of(const LadderConfig& cfg) {
  json p;
  p["revision"] = revision();
  const Catalog cat = load_catalog(resolve_input(cfg.game.catalog));
  p["catalog_checksum"] = cat.checksum;
  p["catalog_status"] = cat.status;
  json levels = json::object();
  for (int l : cfg.levels) levels[std::to_string(l)] = fnv1a64_hex(read_file(cfg.game.level_path(l)));
  p["level_checksums"] = levels;
  const AgentSpec agent = parse_agent(cfg.agent);
  if (agent.reads_afterstate()) {
    p["afterstate_file"] = AFTERSTATE_FILE;
    p["afterstate_checksum"] = shipped_afterstate_model().checksum();
  }
  if (agent.reads_value()) {
    p["value_file"] = VALUE_FILE;
    p["value_checksum"] = shipped_value_model().checksum();
  }
  p["runs"] = json::array();
  return p;
}

// Refuses a resume whose inputs changed since the ladder started.
void check_inputs(const json& saved, const json& now, const std::string& where) {
  for (const char* key : {"catalog_checksum", "level_checksums", "value_checksum", "afterstate_checksum"})
    if (saved.value(key, json()) != now.value(key, json()))
      throw AnalysisError(where + ": provenance." + key + ": " + (std::string(key) == "catalog_checksum"  ? "the tile catalog" :
                                                                  std::string(key) == "level_checksums"   ? "a level file" :
                                                                  std::string(key) == "value_checksum"    ? "the learned value" :
                                                                                                            "the afterstate value") +
                          " changed since this ladder started (" + saved.value(key, json()).dump() + " -> " + now.value(key, json()).dump() + ")");
}

// ---- The outputs ----

std::string setting_cells(const LadderSetting& s, const std::vector<std::string>& moved, const LadderSetting& printed) {
  std::string out;
  for (const char* n : {"ghosts", "hound1", "hound2", "goal"}) {  // the order of LadderSetting::text
    if (printed.get(n) == 0) continue;
    const bool changed = s.get(n) != printed.get(n);
    out += (out.empty() ? "" : ", ") + std::string(n) + " " + (changed ? "**" : "") + std::to_string(s.get(n)) + (changed ? "**" : "");
  }
  (void)moved;
  return out;
}

std::string change_text(const LadderCell& c) {
  std::string out;
  for (const std::string& n : c.moved) {
    const int d = c.recommended.get(n) - c.printed.get(n);
    if (d == 0) continue;
    out += (out.empty() ? "" : ", ") + n + " " + (d > 0 ? "+" : "") + std::to_string(d) + " (" + (d > 0 ? "+" : "") +
           pct(double(d) / double(c.printed.get(n)), 0) + "%)";
  }
  return out.empty() ? "none" : out;
}

json probe_json(const LadderProbe& p) {
  const Interval ci = wilson(p.wins, p.games);
  json losses = json::object();
  for (const auto& [c, n] : p.losses) losses[c] = n;
  return {{"step", p.step}, {"ghosts", p.setting.ghosts}, {"goal", p.setting.goal}, {"hound1", p.setting.hound1},
          {"hound2", p.setting.hound2}, {"games", p.games}, {"wins", p.wins}, {"win_rate", p.rate()}, {"ci_lo", ci.lo},
          {"ci_hi", ci.hi}, {"losses", losses}};
}

void write_outputs(const LadderConfig& cfg, const std::vector<LadderCell>& cells, const json& run_file, const std::string& dir) {
  const json& prov = run_file.at("provenance");
  const std::string first_command = prov.at("runs").empty() ? cfg.command : prov.at("runs").at(0).value("command", cfg.command);
  // ladder.csv: a row per cell.
  std::ostringstream csv;
  csv << "level,players,target,status,moved,step,change_share,printed_ghosts,printed_goal,printed_hound1,printed_hound2,"
         "ghosts,goal,hound1,hound2,before_games,before_wins,before_rate,before_lo,before_hi,after_games,after_wins,after_rate,"
         "after_lo,after_hi,probes,games\n";
  for (const LadderCell& c : cells) {
    const Interval b = wilson(c.before.wins, c.before.games), a = wilson(c.after.wins, c.after.games);
    long long games = 0;
    std::set<std::string> seen;
    for (const LadderProbe& p : c.probes)
      if (seen.insert(p.setting.key()).second) games += p.games;
    csv << c.level << ',' << c.players << ',' << fixed(c.target, 4) << ',' << c.status << ',' << join(c.moved, "+") << ',' << c.step << ','
        << fixed(cfg.max_change * c.step / cfg.steps, 4) << ',' << c.printed.ghosts << ',' << c.printed.goal << ',' << c.printed.hound1
        << ',' << c.printed.hound2 << ',' << c.recommended.ghosts << ',' << c.recommended.goal << ',' << c.recommended.hound1 << ','
        << c.recommended.hound2 << ',' << c.before.games << ',' << c.before.wins << ',' << fixed(c.before.rate(), 4) << ','
        << fixed(b.lo, 4) << ',' << fixed(b.hi, 4) << ',' << c.after.games << ',' << c.after.wins << ',' << fixed(c.after.rate(), 4)
        << ',' << fixed(a.lo, 4) << ',' << fixed(a.hi, 4) << ',' << c.probes.size() << ',' << games << '\n';
  }
  write_atomic(dir + "/ladder.csv", csv.str());

  // ladder.json: the settings, the provenance, and every cell with every probe.
  json jc = json::array();
  for (const LadderCell& c : cells) {
    json probes = json::array();
    for (const LadderProbe& p : c.probes) probes.push_back(probe_json(p));
    jc.push_back({{"level", c.level}, {"players", c.players}, {"target", c.target}, {"status", c.status}, {"moved", c.moved},
                  {"direction", c.easier ? "easier" : "harder"}, {"step", c.step},
                  {"printed", probe_json(c.before)}, {"recommended", probe_json(c.after)}, {"probes", probes}, {"verdict", c.verdict}});
  }
  write_atomic(dir + "/ladder.json", json{{"config", run_file.at("config")}, {"provenance", prov}, {"cells", jc}}.dump(2) + "\n");

  // ladder.md.
  std::ostringstream md;
  md << "# Ladder: levels " << join([&] {
    std::vector<std::string> v;
    for (int l : cfg.levels) v.push_back(std::to_string(l));
    return v;
  }(), ", ") << " with agent " << cfg.agent << "\n\n";
  md << "Each level and player count searched for the numbers nearest the printed ones whose win rate's 95% Wilson interval "
        "holds the target. Numbers moved: "
     << join(cfg.numbers, ", ") << " (where the level has them), each by at most " << pct(cfg.max_change, 0)
     << "% of its printed value, on a path of " << cfg.steps << " equal steps; nearest means the smallest step, the largest "
     << "relative change of any number. Games per probe: " << cfg.batch << " at a time, up to " << cfg.max_games
     << ", stopping once the interval leaves the target; every probe of a cell plays the same deals (run seed " << cfg.seed << ").\n\n";
  md << "Produced by `mists` " << prov.at("revision").get<std::string>() << " (`" << first_command << "`); catalog `" << cfg.game.catalog
     << "` (checksum `" << prov.at("catalog_checksum").get<std::string>() << "`); " << describe_switches(cfg.game.switches) << ".";
  if (cfg.shards > 1) md << " Shard " << cfg.shard << " of " << cfg.shards << ".";
  md << "\n\n";
  md << "| level | players | target | printed | recommended | change | win rate before | win rate after | status |\n"
        "|---|---|---|---|---|---|---|---|---|\n";
  for (const LadderCell& c : cells)
    md << "| " << c.level << " | " << c.players << " | " << pct(c.target) << "% | " << c.printed.text() << " | "
       << (c.status == "unreachable" ? "none within reach (last step: " + setting_cells(c.after.setting, c.moved, c.printed) + ")"
                                     : setting_cells(c.recommended, c.moved, c.printed))
       << " | " << (c.status == "unreachable" ? "—" : change_text(c)) << " | " << probe_text(c.before) << " | " << probe_text(c.after)
       << " | " << c.status << " |\n";
  md << "\nWin rates are in percent with their 95% Wilson interval and the games played; numbers in bold differ from the printed ones.\n\n";
  md << "## Loss causes before and after\n\nShares of all games of the printed setting and of the recommended one (or the last step "
        "tried when none reaches the target).\n\n"
        "| level | players | before | after |\n|---|---|---|---|\n";
  for (const LadderCell& c : cells)
    md << "| " << c.level << " | " << c.players << " | " << losses_text(c.before) << " | " << losses_text(c.after) << " |\n";
  md << "\n## Each search\n\n";
  for (const LadderCell& c : cells) {
    md << "- **Level " << c.level << ", " << c.players << " player(s)**: " << c.verdict << " Tried:";
    for (const LadderProbe& p : c.probes) md << " step " << p.step << " " << pct(p.rate()) << "% of " << p.games << ";";
    md << "\n";
  }
  md << "\n![the ladder before and after](ladder.png)\n";
  write_atomic(dir + "/ladder.md", md.str());
}

// The plot: scripts/plot_ladder.py DIR (matplotlib); false when it could not be drawn.
bool draw_ladder_plot(const std::string& dir) {
  const std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string cmd = python + " " + shell_word(resolve_input("scripts/plot_ladder.py")) + " " + shell_word(dir) + " > " +
                          shell_word(dir + "/plot.log") + " 2>&1";
  const bool ok = std::system(cmd.c_str()) == 0;
  if (ok) fs::remove(dir + "/plot.log");
  return ok;
}

}  // namespace

// ---- Settings ----

std::string LadderSetting::text() const {
  std::string s = "ghosts " + std::to_string(ghosts);
  if (hound1) s += ", hound1 " + std::to_string(hound1);
  if (hound2) s += ", hound2 " + std::to_string(hound2);
  return s + ", goal " + std::to_string(goal);
}

std::string LadderSetting::key() const {
  return "g" + std::to_string(ghosts) + "-h" + std::to_string(hound1) + "-h" + std::to_string(hound2) + "-G" + std::to_string(goal);
}

int LadderSetting::get(const std::string& n) const {
  return n == "ghosts" ? ghosts : n == "goal" ? goal : n == "hound1" ? hound1 : n == "hound2" ? hound2 : throw AnalysisError("no number " + n);
}

std::string setting_violation(const LadderSetting& s, const LadderSetting& printed, int start_ghosts) {
  if (s.ghosts < start_ghosts || s.ghosts > GHOSTS_MAX)
    return "ghosts " + std::to_string(s.ghosts) + " outside " + std::to_string(start_ghosts) + ".." + std::to_string(GHOSTS_MAX);
  if (s.goal < 1 || s.goal > VALUE_MAX) return "goal " + std::to_string(s.goal) + " outside 1.." + std::to_string(VALUE_MAX);
  for (const auto& [name, v, p] : {std::tuple{"hound1", s.hound1, printed.hound1}, std::tuple{"hound2", s.hound2, printed.hound2}}) {
    if ((p == 0) != (v == 0)) return std::string(name) + " " + std::to_string(v) + ": the level " + (p ? "has" : "has no") + " such hound";
    if (v != 0 && (v < 1 || v > VALUE_MAX)) return std::string(name) + " " + std::to_string(v) + " outside 1.." + std::to_string(VALUE_MAX);
  }
  if (s.hound1 && s.hound2 && s.hound1 >= s.hound2) return "hound1 " + std::to_string(s.hound1) + " not below hound2 " + std::to_string(s.hound2);
  const int top = s.hound2 ? s.hound2 : s.hound1;
  if (top && top >= s.goal) return "hound " + std::to_string(top) + " not below the goal " + std::to_string(s.goal);
  return "";
}

LadderSetting path_setting(const LadderSetting& printed, const std::vector<std::string>& allowed, double max_change, int steps, int step,
                           bool easier, int start_ghosts) {
  auto moves = [&](const char* n) { return std::find(allowed.begin(), allowed.end(), n) != allowed.end() && printed.get(n) > 0; };
  // The change of a number printed at p: round(p × max_change × step / steps), at least 1 from step 1 on.
  auto change = [&](int p) {
    if (step == 0) return 0LL;
    return std::max(1LL, std::llround(double(p) * max_change * double(step) / double(steps)));
  };
  LadderSetting s = printed;
  if (moves("ghosts"))
    s.ghosts = int(easier ? std::min<long long>(GHOSTS_MAX, printed.ghosts + change(printed.ghosts))
                          : std::max<long long>(start_ghosts, printed.ghosts - change(printed.ghosts)));
  // The thresholds the level has, low to high, with whether each moves.
  std::vector<std::pair<int*, bool>> t;
  if (printed.hound1) t.push_back({&s.hound1, moves("hound1")});
  if (printed.hound2) t.push_back({&s.hound2, moves("hound2")});
  t.push_back({&s.goal, moves("goal")});
  for (auto& [v, m] : t)
    if (m) *v = int(easier ? std::max<long long>(1, *v - change(*v)) : std::min<long long>(VALUE_MAX, *v + change(*v)));
  // Keep hound 1 < hound 2 < goal: a number that would cross its neighbour stops just short of it
  // (easier: the higher ones, looked at from the bottom; harder: the lower ones, from the top).
  if (easier) {
    for (size_t i = 1; i < t.size(); ++i)
      if (*t[i].first <= *t[i - 1].first) *t[i].first = *t[i - 1].first + 1;
  } else {
    for (size_t i = t.size() - 1; i-- > 0;)
      if (*t[i].first >= *t[i + 1].first) *t[i].first = *t[i + 1].first - 1;
  }
  return s;
}

Side side_of(const LadderProbe& p, double target) {
  const Interval ci = wilson(p.wins, p.games);
  if (ci.hi < target) return Side::Below;
  if (ci.lo > target) return Side::Above;
  return Side::Holds;
}

// ---- Settings of a study ----

void LadderConfig::check() const {
  auto fail = [](const std::string& field, const std::string& why) { throw AnalysisError(field + ": " + why); };
  if (levels.empty()) fail("levels", "no level");
  for (int l : levels)
    if (l < 1 || l > 6) fail("levels", std::to_string(l) + " is not a level (1-6)");
  if (std::set<int>(levels.begin(), levels.end()).size() != levels.size()) fail("levels", "a level is given twice");
  if (players.empty()) fail("players", "no player count");
  for (int p : players)
    if (p < 1 || p > 5) fail("players", std::to_string(p) + " is not a player count (1-5)");
  if (std::set<int>(players.begin(), players.end()).size() != players.size()) fail("players", "a player count is given twice");
  if (!targets.empty() && targets.size() != levels.size())
    fail("targets", std::to_string(targets.size()) + " targets for " + std::to_string(levels.size()) + " levels (one per level, in the levels' order)");
  for (double t : targets)
    if (!(t > 0 && t < 1)) fail("targets", pct(t) + "% is not strictly between 0% and 100%");
  if (numbers.empty()) fail("numbers", "no number to move");
  for (const std::string& n : numbers)
    if (!is_number(n)) fail("numbers", "'" + n + "' is not one of ghosts, goal, hound1, hound2" + (n == "piles" ? " (the pile count is fixed by the hounds on levels 3-6, and on levels 1-2 extra piles have no targets)" : ""));
  if (std::set<std::string>(numbers.begin(), numbers.end()).size() != numbers.size()) fail("numbers", "a number is given twice");
  AgentSpec a;
  try {
    a = parse_agent(agent);
  } catch (const AnalysisError& e) {
    fail("agent", e.what());
  }
  if (a.is(SOLVER)) fail("agent", "the solver is no player (it proves deals); choose a playing agent");
  if (!(max_change > 0 && max_change <= 4)) fail("max_change", fixed(max_change, 3) + " is not in (0, 4]");
  if (steps < 1 || steps > 1000) fail("steps", std::to_string(steps) + " is not in 1..1000");
  if (batch < 1 || batch > 100000) fail("batch", std::to_string(batch) + " is not in 1..100000");
  if (max_games < batch || max_games % batch != 0)
    fail("max_games", std::to_string(max_games) + " is not a whole number of batches of " + std::to_string(batch));
  if (shards < 1 || shard < 1 || shard > shards) fail("shard", std::to_string(shard) + "/" + std::to_string(shards) + " is not K/N with 1 <= K <= N");
  for (int l : levels)
    if (moved_numbers(numbers, printed_of(game.level_config(l))).empty())
      fail("numbers", "level " + std::to_string(l) + " has none of " + join(numbers, ", "));
}

json LadderConfig::to_json() const {
  return {{"catalog", game.catalog}, {"levels_dir", game.levels_dir}, {"switches", switches_json(game.switches)}, {"levels", levels}, {"players", players},
          {"targets", targets}, {"numbers", numbers}, {"agent", agent}, {"max_change", max_change}, {"steps", steps},
          {"batch", batch}, {"max_games", max_games}, {"seed", seed}, {"shard", shard}, {"shards", shards}};
}

LadderConfig LadderConfig::from_json(const json& j, const std::string& where) {
  const Fields f(j, where, "config");
  LadderConfig c;
  c.game.catalog = f.text("catalog");
  c.game.levels_dir = f.text("levels_dir");
  const Fields sw = f.sub("switches");
  for (const auto& [key, v] : sw.json().items()) set_switch(c.game.switches, key, sw.text(key), where + ": config.switches." + key);
  auto ints = [&](const std::string& key) {
    std::vector<int> v;
    const json& a = f.array(key);
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_number_integer()) f.fail(key, "element " + std::to_string(i) + " is not an integer");
      v.push_back(a[i].get<int>());
    }
    return v;
  };
  c.levels = ints("levels");
  c.players = ints("players");
  c.targets.clear();
  for (const json& t : f.array("targets")) {
    if (!t.is_number()) f.fail("targets", "an element is not a number");
    c.targets.push_back(t.get<double>());
  }
  c.numbers.clear();
  for (const json& n : f.array("numbers")) {
    if (!n.is_string()) f.fail("numbers", "an element is not a name");
    c.numbers.push_back(n.get<std::string>());
  }
  c.agent = f.text("agent");
  c.max_change = f.real("max_change", 0, 4);
  c.steps = int(f.integer("steps", 1, 1000));
  c.batch = int(f.integer("batch", 1, 100000));
  c.max_games = int(f.integer("max_games", 1, 1000000000));
  c.seed = f.u64("seed");
  c.shard = int(f.integer("shard", 1, 1000000));
  c.shards = int(f.integer("shards", 1, 1000000));
  try {
    c.check();
  } catch (const AnalysisError& e) {
    throw AnalysisError(where + ": config." + e.what());
  }
  return c;
}

LadderConfig read_ladder_config(const std::string& dir) {
  const std::string path = dir + "/ladder-run.json";
  if (!fs::exists(path)) throw AnalysisError("--resume " + dir + ": no ladder-run.json in " + dir + ": nothing to resume");
  const json j = read_json_file(path);
  return LadderConfig::from_json(Fields(j, path).object("config"), path);
}

// ---- The run ----

LadderResult run_ladder(const LadderConfig& cfg, const std::string& dir, bool resume) {
  cfg.check();
  const json jcfg = cfg.to_json();
  // The seal of the batches: the settings without the shard, so a whole ladder reads its shards' batches.
  json games_cfg = jcfg;
  games_cfg.erase("shard"), games_cfg.erase("shards");
  const std::string study = fnv1a64_hex(games_cfg.dump());
  const AgentSpec agent = parse_agent(cfg.agent);
  RunLog log(dir, "ladder-run.json", cfg.command);  // the folder held and the signals watched (analysis/run/run_log.h)
  const std::string run_path = log.path();
  json run_file;
  if (resume) {
    if (!fs::exists(run_path)) throw AnalysisError("--resume " + dir + ": no ladder-run.json in " + dir + ": nothing to resume");
    run_file = read_json_file(run_path);
    const Fields f(run_file, run_path);
    const std::string diff = first_difference(f.object("config"), jcfg);
    if (!diff.empty())
      throw AnalysisError(run_path + ": config." + diff + ": the ladder there has " + f.object("config").value(diff, json()).dump() +
                          ", this run " + jcfg.value(diff, json()).dump() + "; resume it with its own settings or choose another folder");
    check_inputs(f.object("provenance"), provenance_of(cfg), run_path);
  } else {
    if (fs::exists(run_path)) throw AnalysisError(dir + " already holds a ladder (ladder-run.json): continue it with --resume " + dir + " or choose another --out");
    run_file = {{"config", jcfg}, {"provenance", provenance_of(cfg)}};
  }
  const int threads = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  fs::create_directories(dir + "/cells");
  log.open(run_file, threads);

  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  LadderResult result;
  long long kept = 0;  // batches sealed in the folder
  const auto started = std::chrono::steady_clock::now();
  long long games_played = 0;
  auto stop = [&](int signal) {
    log.stop(signal, "batches_played", result.batches_played, kept, "mists ladder --resume " + shell_word(dir), "batch");
  };

  // This shard's cells.
  std::vector<std::pair<size_t, int>> cells;  // (index into levels, players)
  int k = 0;
  for (size_t li = 0; li < cfg.levels.size(); ++li)
    for (int p : cfg.players)
      if (k++ % cfg.shards == cfg.shard - 1) cells.push_back({li, p});

  int cell_no = 0;
  for (const auto& cell : cells) {
    const size_t li = cell.first;  // named copies: the lambdas below capture them (clang refuses structured bindings)
    const int players = cell.second;
    ++cell_no;
    const int level = cfg.levels[li];
    LadderCell c;
    c.level = level, c.players = players, c.target = cfg.target_of(li);
    GameOptions g = cfg.game;
    g.level = level, g.players = players;
    const Level base = g.level_config(level);
    c.printed = printed_of(base);
    c.moved = moved_numbers(cfg.numbers, c.printed);
    const int start_ghosts = g.rules().start_ghosts;
    const std::string path = cell_file(dir, level, players);
    CellBatches batches = fs::exists(path) ? read_cell(path, study, level, players, cfg.batch) : CellBatches{};
    for (const auto& [key, list] : batches) kept += (long long)list.size(), result.batches_read += (long long)list.size();
    const uint64_t seed = cell_seed(cfg.seed, level, players);
    const std::string where = "level " + std::to_string(level) + ", " + std::to_string(players) + " player" + (players > 1 ? "s" : "");

    // One batch of `s`: read back, or played and sealed.
    auto batch_of = [&](const LadderSetting& s, int b) -> Batch {
      auto& list = batches[s.key()];
      if (b < int(list.size())) return list[size_t(b)];
      if (const int sig = log.signal()) stop(sig);
      if (cfg.stop_after > 0 && result.batches_played >= cfg.stop_after) stop(SIGINT);
      const std::string bad = setting_violation(s, c.printed, start_ghosts);
      if (!bad.empty()) throw AnalysisError("ladder: " + where + ": the setting " + s.text() + " breaks the rules' limits: " + bad);
      GameOptions gs = g;
      gs.ghosts = s.ghosts, gs.goal = s.goal;
      if (s.hound1) gs.hound1 = s.hound1;
      if (s.hound2) gs.hound2 = s.hound2;
      const Rules R = gs.rules();
      std::vector<GameSummary> out(size_t(cfg.batch));
      for_each_game(cfg.batch, [&](int i) {
        if (log.signal() != 0) return;
        out[size_t(i)] = play_one(R, agent, seed, uint64_t(b) * uint64_t(cfg.batch) + uint64_t(i));
      });
      if (const int sig = log.signal()) stop(sig);  // the batch is not whole: not kept
      Batch x;
      for (const GameSummary& gm : out)
        if (gm.outcome == Outcome::Won) ++x.wins;
        else ++x.losses[std::string(loss_cause_name(gm.cause))];
      batches[s.key()].push_back(x);
      write_cell(path, study, level, players, cfg.batch, batches);
      ++result.batches_played, ++kept;
      games_played += cfg.batch;
      return x;
    };
    // One more batch into a probe's counts.
    auto add_batch = [&](LadderProbe& p, const Batch& x) {
      p.games += cfg.batch, p.wins += x.wins;
      for (const auto& [cause, n] : x.losses) p.losses[cause] += n;
    };
    // A probe: whole batches until the interval leaves the target or max_games are played.
    auto probe = [&](const LadderSetting& s, int step) {
      LadderProbe p;
      p.setting = s, p.step = step;
      for (int b = 0; b * cfg.batch < cfg.max_games; ++b) {
        add_batch(p, batch_of(s, b));
        if (side_of(p, c.target) != Side::Holds) break;
      }
      c.probes.push_back(p);
      if (!cfg.quiet) {
        const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::cerr << "ladder [cell " << cell_no << "/" << cells.size() << "] " << where << ", target " << pct(c.target) << "%: step "
                  << step << " (" << s.text() << "): " << probe_text(p) << "  " << (games_played ? rate_text(el > 0 ? double(games_played) / el : 0) : "read back")
                  << "\n";
      }
      return p;
    };

    // The search (the steps are those of ladder.h):
    // 1. The printed numbers.
    c.before = probe(c.printed, 0);
    const Side s0 = side_of(c.before, c.target);
    auto at = [&](int step) { return path_setting(c.printed, c.moved, cfg.max_change, cfg.steps, step, c.easier, start_ghosts); };
    const std::string t = pct(c.target) + "%";
    if (s0 == Side::Holds) {
      c.status = "printed", c.recommended = c.printed, c.after = c.before, c.step = 0;
      c.verdict = "The printed numbers give " + probe_text(c.before) + " games, an interval that holds the target " + t + ".";
    } else {
      // 2. The direction: toward more wins when below the target.
      c.easier = s0 == Side::Below;
      // 3. The last step: every allowed number moved by max_change. Still on the printed side: no allowed setting reaches it.
      LadderProbe hi = probe(at(cfg.steps), cfg.steps), lo = c.before;
      if (side_of(hi, c.target) == s0) {
        c.status = "unreachable", c.recommended = c.printed, c.after = hi, c.step = cfg.steps;
        c.verdict = "Even with " + join(c.moved, ", ") + " moved " + (c.easier ? "the easier" : "the harder") + " way by " +
                    pct(cfg.max_change, 0) + "% (" + hi.setting.text() + ") the win rate is " + probe_text(hi) +
                    " games, an interval wholly " + (c.easier ? "below" : "above") + " the target " + t +
                    ": no allowed setting reaches it (the printed numbers give " + probe_text(c.before) + ").";
      } else {
        // 4. Bisection on the steps: the smallest step whose interval is no longer on the printed side.
        while (hi.step - lo.step > 1) {
          const int m = lo.step + (hi.step - lo.step) / 2;
          const LadderProbe pm = probe(at(m), m);
          (side_of(pm, c.target) == s0 ? lo : hi) = pm;
        }
        if (side_of(hi, c.target) == Side::Holds) {
          c.status = "reached", c.after = hi;
          c.verdict = "Step " + std::to_string(hi.step) + " of " + std::to_string(cfg.steps) + " (" + hi.setting.text() + ") gives " +
                      probe_text(hi) + " games, an interval that holds the target " + t + "; step " + std::to_string(lo.step) +
                      " gives " + probe_text(lo) + " games, wholly " + (c.easier ? "below" : "above") + " it.";
        } else {
          // The target falls between two neighbouring steps (the printed numbers may be one of them).
          // Nearer is told by each interval's distance from the target: one is nearer for sure when
          // its interval's far end is closer than the other's near end. Until then games are added,
          // a batch at a time to the probe with fewer, up to --max-games each; then the nearer point
          // estimate is taken (the lower step on a tie) and the verdict says whether it was told apart.
          auto near_end = [&](const LadderProbe& p) {
            const Interval ci = wilson(p.wins, p.games);
            return std::max(0.0, std::max(ci.lo - c.target, c.target - ci.hi));
          };
          auto far_end = [&](const LadderProbe& p) {
            const Interval ci = wilson(p.wins, p.games);
            return std::max(std::fabs(ci.lo - c.target), std::fabs(ci.hi - c.target));
          };
          auto apart = [&] { return far_end(lo) < near_end(hi) || far_end(hi) < near_end(lo); };
          auto more = [&](LadderProbe& p) {
            const int b = int(p.games / cfg.batch);
            if (p.games + cfg.batch > cfg.max_games) return false;
            add_batch(p, batch_of(p.setting, b));
            for (LadderProbe& q : c.probes)
              if (q.step == p.step) q = p;
            return true;
          };
          while (!apart()) {
            LadderProbe& first = lo.games <= hi.games ? lo : hi;
            LadderProbe& second = lo.games <= hi.games ? hi : lo;
            if (!more(first) && !more(second)) break;
          }
          const bool take_lo = std::fabs(lo.rate() - c.target) <= std::fabs(hi.rate() - c.target);
          const LadderProbe& other = take_lo ? hi : lo;
          c.status = "between", c.after = take_lo ? lo : hi;
          auto name = [](const LadderProbe& p) { return p.step == 0 ? std::string("step 0 (the printed numbers)") : "step " + std::to_string(p.step); };
          c.verdict = "The target " + t + " lies between " + name(lo) + ", " + probe_text(lo) + " games, and " + name(hi) + ", " +
                      probe_text(hi) + " games; " + name(c.after) + " is nearer" +
                      (apart() ? " (its interval is nearer the target than the other's at every point)"
                               : " by the point estimates only: their intervals could not be told apart within --max-games " +
                                     std::to_string(cfg.max_games)) +
                      (c.after.games < other.games ? ", on " + std::to_string(c.after.games) + " games against " + std::to_string(other.games) : "") +
                      (c.after.step == 0 ? ": keep the printed numbers" : "") + ". A finer path (--steps) would narrow it.";
        }
        c.recommended = c.after.setting, c.step = c.after.step;
      }
    }
    // The answer is the agent's: a much weaker one than the strongest fair agent is said to be.
    if (const std::string w = weaker_warning(cfg.agent, level, players); !w.empty()) c.verdict += " Warning: " + w + ".";
    result.cells.push_back(std::move(c));
  }

  log.close("batches_played", result.batches_played);
  write_outputs(cfg, result.cells, run_file, dir);
  if (cfg.plot && !draw_ladder_plot(dir) && !cfg.quiet)
    std::cerr << "mists: warning: ladder.png not drawn (python3 with matplotlib is needed; see " << dir << "/plot.log)\n";
  return result;
}

}  // namespace mists::analysis
