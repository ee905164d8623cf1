#include "analysis/design/sensitivity.h"

#include <tbb/global_control.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis/study/outputs.h"
#include "analysis/study/strength.h"
#include "analysis/study/study.h"
#include "analysis/agents/value_model.h"
#include "engine/kit/catalog.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;

namespace {

// How the tables name a number.
std::string words(const std::string& n) {
  return n == "hound1" ? "hound 1" : n == "hound2" ? "hound 2" : n;
}

// Why `lv` with `n` = `v` cannot be played (empty when it can): the number's range, then the order
// hound 1 < hound 2 < goal over the numbers the level has.
std::string breaks(Level lv, const std::string& n, int v, int start_ghosts) {
  if (n == "ghosts" && v < start_ghosts) return "below the start tile's " + std::to_string(start_ghosts) + " ghosts";
  if (n == "ghosts" && v > 250) return "above 250 ghosts";
  if (v < 1) return "below 1";
  if (v > 30000) return "above 30000";
  level_number(lv, n) = v;
  std::vector<std::pair<std::string, int>> order;
  for (const char* k : {"hound1", "hound2", "goal"})
    if (level_number(lv, k) > 0) order.emplace_back(k, level_number(lv, k));
  for (size_t i = 0; i + 1 < order.size(); ++i)
    if (order[i].second >= order[i + 1].second)
      return words(order[i].first) + " would reach " + words(order[i + 1].first) + " (" + std::to_string(order[i].second) +
             " against " + std::to_string(order[i + 1].second) + ")";
  return "";
}

std::string signed_pct(double x) { return signed1(100 * x); }
std::string change_text(const Paired& p) {
  return signed_pct(p.diff) + " [" + signed_pct(p.diff_ci.lo) + ", " + signed_pct(p.diff_ci.hi) + "]";
}
bool beyond_noise(const SideResult& s) { return s.played && (s.vs.diff_ci.lo > 0 || s.vs.diff_ci.hi < 0); }
bool score_beyond_noise(const SideResult& s) { return s.played && (s.score.diff_ci.lo > 0 || s.score.diff_ci.hi < 0); }

json config_json(const SensitivityConfig& cfg) {
  json ov = json::object();
  for (const OverrideRange& r : OVERRIDE_RANGES)
    if (const std::optional<int> v = override_of(cfg.game, r.name)) ov[r.name] = *v;
  json checks = json::object();
  for (int level : cfg.levels) checks[std::to_string(level)] = fnv1a64_hex(read_file(cfg.game.level_path(level)));
  json j = {{"levels", cfg.levels}, {"players", cfg.players}, {"agent", cfg.agent}, {"change", cfg.change},
            {"games", cfg.games}, {"seed", cfg.seed}, {"catalog", cfg.game.catalog}, {"levels_dir", cfg.game.levels_dir},
            {"catalog_checksum", load_catalog(resolve_input(cfg.game.catalog)).checksum}, {"level_checksums", checks},
            {"switches", switches_json(cfg.game.switches)}, {"overrides", ov}};
  const AgentSpec spec = parse_agent(cfg.agent);
  if (spec.reads_afterstate()) j["afterstate_checksum"] = shipped_afterstate_model().checksum();
  if (spec.reads_value()) j["value_checksum"] = shipped_value_model().checksum();
  const Levers& l = cfg.game.levers;
  if (l.any()) {
    j["levers"] = levers_text(l);
    if (l.abbeys != PiecePool::Off) j["abbey_catalog_checksum"] = load_catalog(resolve_input(cfg.game.abbey_catalog)).checksum;
    if (l.tiles_of_tolls()) j["toll_catalog_checksum"] = load_catalog(resolve_input(cfg.game.toll_catalog)).checksum;
  }
  return j;
}

// A setting's key in sensitivity.json and in memory.
struct Key {
  int level, players;
  std::string number;  // "printed" for the printed numbers
  int value;
  auto operator<=>(const Key&) const = default;
};

std::map<Key, SettingGames> read_settings(const std::string& path, const json& cfg) {
  const json j = read_json_file(path);
  const Fields f(j, path);
  const json& old = f.object("config");
  if (old != cfg) {
    const std::string k = first_difference(old, cfg);
    throw AnalysisError(path + ": config." + k + ": holds another sensitivity view (" + old.value(k, json()).dump() + " there, " +
                        cfg.value(k, json()).dump() + " asked); choose another --out");
  }
  std::map<Key, SettingGames> out;
  const json& settings = f.array("settings");
  const int games = cfg.at("games").get<int>();
  for (size_t i = 0; i < settings.size(); ++i) {
    const Fields s = f.element("settings", i);
    Key k{int(s.integer("level", 1, 6)), int(s.integer("players", 1, 5)), s.text("number"), int(s.integer("value", 0, 30000))};
    if (k.number != "printed" && std::find(std::begin(SENSITIVITY_NUMBERS), std::end(SENSITIVITY_NUMBERS), k.number) == std::end(SENSITIVITY_NUMBERS))
      s.fail("number", "'" + k.number + "' is not printed, ghosts, goal, hound1 or hound2");
    SettingGames g;
    g.number = k.number == "printed" ? "" : k.number;
    g.value = k.value;
    const std::string won = s.text("won");
    if (int(won.size()) != games) s.fail("won", std::to_string(won.size()) + " games, the view plays " + std::to_string(games));
    for (char c : won) {
      if (c != '0' && c != '1') s.fail("won", "holds '" + std::string(1, c) + "' (only 0 and 1)");
      g.won.push_back(c == '1');
    }
    const json& scores = s.array("score");
    if (int(scores.size()) != games) s.fail("score", std::to_string(scores.size()) + " scores, the view plays " + std::to_string(games));
    for (size_t x = 0; x < scores.size(); ++x) {
      if (!scores[x].is_number_integer()) s.fail("score", "element " + std::to_string(x) + " is not a whole number");
      g.score.push_back(double(scores[x].get<long long>()));
    }
    if (!out.emplace(k, std::move(g)).second) s.fail("value", "this setting is given twice");
  }
  return out;
}

json settings_json(const std::map<Key, SettingGames>& all) {
  json arr = json::array();
  for (const auto& [k, g] : all) {
    std::string won;
    for (bool w : g.won) won += w ? '1' : '0';
    json scores = json::array();
    for (double s : g.score) scores.push_back(static_cast<long long>(s));
    arr.push_back({{"level", k.level}, {"players", k.players}, {"number", k.number}, {"value", k.value}, {"won", won}, {"score", scores}});
  }
  return arr;
}

std::string csv_header() {
  return "level,players,agent,rank,number,printed,step,side,value,games,wins,win_rate,ci_lo,ci_hi,diff,diff_lo,diff_hi,mcnemar_p,"
         "score_diff,score_lo,score_hi\n";
}

std::string g6(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", x);
  return b;
}

std::string csv_rows(const SensitivityCell& c, const std::string& agent) {
  std::ostringstream o;
  const std::string a = csv_field(agent);
  const long long printed_wins = std::count(c.printed.won.begin(), c.printed.won.end(), true);
  o << c.level << ',' << c.players << ',' << a << ",0,printed,,,printed,," << c.printed.won.size() << ',' << printed_wins << ','
    << g6(c.rate) << ',' << g6(c.ci.lo) << ',' << g6(c.ci.hi) << ",0,0,0,1,0,0,0\n";
  int rank = 0;
  for (const NumberResult& n : c.numbers) {
    if (!n.steps.in_level) continue;
    ++rank;
    for (const auto& [side, r] : {std::pair<const char*, const SideResult*>{"down", &n.down}, {"up", &n.up}}) {
      if (!r->played) continue;
      o << c.level << ',' << c.players << ',' << a << ',' << rank << ',' << n.steps.number << ',' << n.steps.printed << ',' << n.steps.step << ','
        << side << ',' << r->value << ',' << r->vs.n << ',' << (r->vs.both + r->vs.only_a) << ',' << g6(r->rate) << ',' << g6(r->ci.lo) << ','
        << g6(r->ci.hi) << ',' << g6(r->vs.diff) << ',' << g6(r->vs.diff_ci.lo) << ',' << g6(r->vs.diff_ci.hi) << ','
        << g6(r->vs.mcnemar_p) << ',' << g6(r->score.diff) << ',' << g6(r->score.diff_ci.lo) << ',' << g6(r->score.diff_ci.hi) << '\n';
    }
  }
  return o.str();
}

std::string side_cells(const SideResult& r, const std::string& why) {
  if (!r.played) return "— | not played: " + why + " | |";
  return std::to_string(r.value) + " | " + pct(r.rate) + "% | " + change_text(r.vs) + " | " + signed1(r.score.diff);
}

std::string md_text(const SensitivityConfig& cfg, const std::vector<SensitivityCell>& cells, const std::string& played_by) {
  std::ostringstream md;
  md << "# Which level number moves each level most\n\n"
     << "For `" << cfg.agent << "`: each of the level's numbers moved one step down and one step up around the printed values, one "
     << "at a time, " << cfg.games << " games a setting on the same deals as the printed numbers (seed " << cfg.seed
     << "). A step is " << format_number(100 * cfg.change) << "% of the printed value, rounded, at least 1.\n\n"
     << "- **change**: the setting's win rate minus the printed numbers', in points, with its 95% interval from the paired "
        "games (the same deals, so most of the luck cancels); **score**: the mean change of the final score (the lowest colour's "
        "on level 6), which still moves where every game is won or lost.\n"
     << "- **swing**: the up step's change minus the down step's: how far the win rate travels across the two steps. Numbers are "
        "ranked by its size, the tornado plot (sensitivity.png) draws the same.\n"
     << "- A step that would break hound 1 < hound 2 < goal, or leave a number's range, is not played.\n\n"
     << "Command: `" << cfg.command << "`; played by " << played_by << "; catalog `" << cfg.game.catalog << "`; rules "
     << describe_switches(cfg.game.switches) << (cfg.game.levers.any() ? "; levers " + levers_text(cfg.game.levers) : "") << ".\n";
  for (const SensitivityCell& c : cells) {
    md << "\n## Level " << c.level << ", " << c.players << " player" << (c.players > 1 ? "s" : "") << ": printed numbers "
       << pct(c.rate) << "% [" << pct(c.ci.lo) << ", " << pct(c.ci.hi) << "]\n\n"
       << c.summary << "\n\n";
    if (const std::string w = weaker_warning(cfg.agent, c.level, c.players); !w.empty()) md << "Warning: " << w << ".\n\n";
    md
       << "| rank | number | printed | step | down | win rate | change | score | up | win rate | change | score | swing |\n"
       << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    int rank = 0;
    for (const NumberResult& n : c.numbers) {
      if (!n.steps.in_level) {
        md << "| | " << words(n.steps.number) << " | — | | | | | | | | | | not in this level |\n";
        continue;
      }
      md << "| " << ++rank << " | " << words(n.steps.number) << " | " << n.steps.printed << " | " << n.steps.step << " | "
         << side_cells(n.down, n.steps.down_why) << " | " << side_cells(n.up, n.steps.up_why) << " | " << signed_pct(n.swing()) << " |\n";
    }
  }
  return md.str();
}

// The plot: scripts/plot_sensitivity.py DIR (matplotlib); false when it could not be drawn.
bool draw_plot(const std::string& dir) {
  const std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string cmd = python + " " + shell_word(resolve_input("scripts/plot_sensitivity.py")) + " " + shell_word(dir) + " > " +
                          shell_word(dir + "/plot.log") + " 2>&1";
  return std::system(cmd.c_str()) == 0;
}

}  // namespace

std::vector<NumberSteps> number_steps(const Level& lv, int start_ghosts, double change) {
  std::vector<NumberSteps> out;
  for (const char* n : SENSITIVITY_NUMBERS) {
    NumberSteps s;
    s.number = n;
    s.printed = level_number(lv, n);
    if (s.number != "ghosts" && s.printed == 0) {  // a hound the level does not have (the goal is never 0)
      s.in_level = false;
      out.push_back(s);
      continue;
    }
    s.step = std::max(1, int(std::lround(s.printed * change)));
    s.down_why = breaks(lv, n, s.printed - s.step, start_ghosts);
    s.up_why = breaks(lv, n, s.printed + s.step, start_ghosts);
    if (s.down_why.empty()) s.down = s.printed - s.step;
    if (s.up_why.empty()) s.up = s.printed + s.step;
    out.push_back(s);
  }
  return out;
}

double NumberResult::swing() const { return (up.played ? up.vs.diff : 0) - (down.played ? down.vs.diff : 0); }

SensitivityCell sensitivity_cell(int level, int players, const std::vector<NumberSteps>& steps, const std::vector<SettingGames>& played) {
  if (played.empty() || !played.front().number.empty()) throw AnalysisError("sensitivity: the printed numbers' games come first");
  SensitivityCell c;
  c.level = level, c.players = players;
  c.printed = played.front();
  const long long n = (long long)c.printed.won.size();
  const long long wins = std::count(c.printed.won.begin(), c.printed.won.end(), true);
  c.rate = n ? double(wins) / double(n) : 0;
  c.ci = wilson(wins, n);
  auto side = [&](const std::string& number, const std::optional<int>& value) {
    SideResult r;
    if (!value) return r;
    for (const SettingGames& g : played)
      if (g.number == number && g.value == *value) {
        if (g.won.size() != c.printed.won.size() || g.score.size() != c.printed.score.size())
          throw AnalysisError("sensitivity: " + number + " = " + std::to_string(*value) + " played another number of games");
        r.played = true;
        r.value = *value;
        const long long w = std::count(g.won.begin(), g.won.end(), true);
        r.rate = n ? double(w) / double(n) : 0;
        r.ci = wilson(w, n);
        r.vs = paired(g.won, c.printed.won);
        r.score = paired_mean(g.score, c.printed.score);
        return r;
      }
    throw AnalysisError("sensitivity: " + number + " = " + std::to_string(*value) + " was not played");
  };
  for (const NumberSteps& s : steps) {
    NumberResult r;
    r.steps = s;
    r.down = side(s.number, s.down);
    r.up = side(s.number, s.up);
    c.numbers.push_back(r);
  }
  std::stable_sort(c.numbers.begin(), c.numbers.end(), [](const NumberResult& a, const NumberResult& b) {
    if (a.steps.in_level != b.steps.in_level) return a.steps.in_level;
    return std::fabs(a.swing()) > std::fabs(b.swing());
  });
  // The sentence: the number that moves the level most, and whether any of its steps is beyond the
  // noise of the games played (else the final score, which moves where the win rate sits at an end).
  const NumberResult& top = c.numbers.front();
  const std::string lv = "level " + std::to_string(level);
  auto sides = [](const NumberResult& r, bool score) {
    std::string t;
    for (const auto& [word, s] : {std::pair<const char*, const SideResult*>{"down", &r.down}, {"up", &r.up}}) {
      if (!s->played) continue;
      if (!t.empty()) t += ", ";
      t += std::string("one step ") + word + " (" + std::to_string(s->value) + ") " +
           (score ? signed1(s->score.diff) + " points of final score" : change_text(s->vs) + " points of win rate");
    }
    return t;
  };
  bool any_rate = false, any_score = false;
  for (const NumberResult& r : c.numbers) {
    any_rate = any_rate || beyond_noise(r.down) || beyond_noise(r.up);
    any_score = any_score || score_beyond_noise(r.down) || score_beyond_noise(r.up);
  }
  if (any_rate) {
    c.summary = "**" + words(top.steps.number) + "** moves " + lv + " most: " + sides(top, false) + ".";
    if (c.numbers.size() > 1 && c.numbers[1].steps.in_level)
      c.summary += " Next: " + words(c.numbers[1].steps.number) + " (swing " + signed_pct(c.numbers[1].swing()) + " points).";
  } else if (any_score) {
    const auto by_score = std::max_element(c.numbers.begin(), c.numbers.end(), [](const NumberResult& a, const NumberResult& b) {
      auto sw = [](const NumberResult& r) { return std::fabs((r.up.played ? r.up.score.diff : 0) - (r.down.played ? r.down.score.diff : 0)); };
      return sw(a) < sw(b);
    });
    c.summary = "No step moves the win rate of " + lv + " beyond the noise of " + std::to_string(n) + " games a setting" +
                (c.rate == 0 || c.rate == 1 ? " (it sits at " + pct(c.rate) + "%)" : "") + "; the final score moves most with **" +
                words(by_score->steps.number) + "**: " + sides(*by_score, true) + ".";
  } else {
    c.summary = "No step moves " + lv + " beyond the noise of " + std::to_string(n) + " games a setting, in win rate or final score" +
                (c.rate == 0 || c.rate == 1 ? " (the printed numbers win " + pct(c.rate) + "%)" : "") +
                ": play more games (--games) to rank the numbers.";
  }
  return c;
}

std::vector<SensitivityCell> run_sensitivity(const SensitivityConfig& cfg, const std::string& dir) {
  if (cfg.levels.empty()) throw AnalysisError("--levels: give at least one level");
  if (cfg.players.empty()) throw AnalysisError("--players: give at least one player count");
  for (int p : cfg.players)
    if (p < 1 || p > 5) throw AnalysisError("--players " + std::to_string(p) + ": a co-op game takes 1 to 5 players");
  if (!(cfg.change > 0 && cfg.change <= 1)) throw AnalysisError("--change " + format_number(cfg.change) + ": a share of the printed value, above 0 and at most 1");
  if (cfg.games < 2) throw AnalysisError("--games " + std::to_string(cfg.games) + ": at least 2 games a setting (the paired intervals need two)");
  const AgentSpec agent = parse_agent(cfg.agent);
  // Every level and player count is built before any game: a bad request fails at once.
  std::vector<std::pair<GameOptions, std::vector<NumberSteps>>> plan;
  for (int level : cfg.levels) {
    if (!std::filesystem::exists(cfg.game.level_path(level)))
      throw AnalysisError("--levels: level " + std::to_string(level) + " has no level file (" + cfg.game.level_path(level) + ")");
    for (int players : cfg.players) {
      GameOptions g = cfg.game;
      g.level = level, g.players = players;
      const Rules R = g.rules();
      plan.emplace_back(g, number_steps(g.level_config(level), R.start_ghosts, cfg.change));
    }
  }
  const FolderLock lock(dir, cfg.command);
  const json jcfg = config_json(cfg);
  const std::string state = dir + "/sensitivity.json";
  std::map<Key, SettingGames> all;
  if (std::filesystem::exists(state)) all = read_settings(state, jcfg);
  const int threads = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  // Every run that worked on the folder, in order (a run repeated as it was is kept once).
  json runs = json::array();
  if (std::filesystem::exists(state)) {
    const json old = read_json_file(state);
    if (old.contains("runs") && old["runs"].is_array()) runs = old["runs"];
    else if (old.contains("revisions") && old["revisions"].is_array())  // the first format: revisions and the last command
      for (const json& r : old["revisions"]) runs.push_back({{"revision", r}, {"command", old.value("command", "")}});
  }
  const json this_run = {{"revision", revision()}, {"command", cfg.command}};
  if (std::find(runs.begin(), runs.end(), this_run) == runs.end()) runs.push_back(this_run);
  auto save = [&] { write_atomic(state, json{{"config", jcfg}, {"runs", runs}, {"settings", settings_json(all)}}.dump(1) + "\n"); };
  long long left = 0;
  for (const auto& [g, steps] : plan) {
    left += !all.count({g.level, g.players, "printed", 0});
    for (const NumberSteps& s : steps) {
      for (const std::optional<int>& v : {s.down, s.up}) left += v && !all.count({g.level, g.players, s.number, *v});
    }
  }
  double seconds = 0;
  long long done = 0;
  auto play = [&](const GameOptions& base, const std::string& number, int value) -> const SettingGames& {
    const Key k{base.level, base.players, number.empty() ? "printed" : number, number.empty() ? 0 : value};
    if (auto it = all.find(k); it != all.end()) return it->second;
    GameOptions g = base;
    if (!number.empty()) override_of(g, number) = value;
    const auto t0 = std::chrono::steady_clock::now();
    SettingGames out;
    out.number = number;
    out.value = k.value;
    for (const GameSummary& s : play_games(g.rules(), agent, cell_seed(cfg.seed, g.level, g.players), cfg.games)) {
      out.won.push_back(s.outcome == Outcome::Won);
      out.score.push_back(s.score);
    }
    const SettingGames& kept = all.emplace(k, std::move(out)).first->second;
    save();
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++done;
    if (!cfg.quiet) {
      const double eta = seconds / double(done) * double(left - done);
      const long long w = std::count(kept.won.begin(), kept.won.end(), true);
      std::cerr << "sensitivity: level " << g.level << ", " << g.players << "p, "
                << (number.empty() ? std::string("printed numbers") : words(number) + " = " + std::to_string(value)) << ": "
                << pct(double(w) / double(cfg.games)) << "% of " << cfg.games << " games; " << (left - done) << " settings left, about "
                << std::fixed << std::setprecision(0) << (eta < 120 ? eta : eta / 60) << (eta < 120 ? " s" : " min") << std::endl;
    }
    return kept;
  };
  std::vector<SensitivityCell> cells;
  for (const auto& [g, steps] : plan) {
    std::vector<SettingGames> played{play(g, "", 0)};
    for (const NumberSteps& s : steps)
      for (const std::optional<int>& v : {s.down, s.up})
        if (v) played.push_back(play(g, s.number, *v));
    cells.push_back(sensitivity_cell(g.level, g.players, steps, played));
  }
  save();
  std::string by;
  for (const auto& r : runs)
    if (const std::string rev = r.value("revision", ""); !rev.empty() && by.find(rev) == std::string::npos) by += (by.empty() ? "" : ", ") + rev;
  write_atomic(dir + "/sensitivity.md", md_text(cfg, cells, by) + "\n![the tornado plot](sensitivity.png)\n");
  std::string csv = csv_header();
  for (const SensitivityCell& c : cells) csv += csv_rows(c, cfg.agent);
  write_atomic(dir + "/sensitivity.csv", csv);
  if (!draw_plot(dir))
    std::cerr << "mists: warning: sensitivity.png not drawn (python3 with matplotlib is needed; see " << dir << "/plot.log)\n";
  return cells;
}

}  // namespace mists::analysis
