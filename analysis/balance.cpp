#include "analysis/balance.h"

#include <tbb/global_control.h>

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "analysis/agents.h"
#include "analysis/error.h"
#include "analysis/files.h"
#include "analysis/json_fields.h"
#include "analysis/lock.h"
#include "analysis/outputs.h"
#include "analysis/study.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;

namespace {

int level_value(const Level& lv, const std::string& param) {
  return param == "ghosts" ? lv.ghosts : param == "goal" ? lv.goal : param == "hound1" ? lv.hound1 : param == "hound2" ? lv.hound2 : lv.piles;
}

// The lever a lever parameter moves: its pool and its N.
std::pair<PiecePool*, int*> lever_pool(Levers& l, const std::string& param) {
  return param == "coop_abbeys" ? std::pair{&l.abbeys, &l.abbey_team} : std::pair{&l.tolls, &l.toll_team};
}

// The levers of the search with the searched lever at team:v.
Levers levers_at(Levers l, const std::string& param, int v) {
  const auto [pool, n] = lever_pool(l, param);
  *pool = PiecePool::Team;
  *n = v;
  return l;
}

// The piece count the levers given play: N of team:N, the colours of per_colour, 0 when off.
int lever_count(const BalanceConfig& cfg) {
  Levers l = cfg.game.levers;
  const auto [pool, n] = lever_pool(l, cfg.param);
  if (*pool == PiecePool::Team) return *n;
  if (*pool == PiecePool::PerColour) return cfg.game.players <= 2 ? 4 : cfg.game.players;
  return 0;
}

std::optional<int>& override_of(GameOptions& g, const std::string& param) {
  return param == "ghosts" ? g.ghosts : param == "goal" ? g.goal : param == "hound1" ? g.hound1 : param == "hound2" ? g.hound2 : g.piles;
}
std::optional<int> override_of(const GameOptions& g, const std::string& param) {
  GameOptions copy = g;
  return override_of(copy, param);
}

// The default range around the level's value, and the checks that make a search possible.
std::pair<int, int> search_range(const BalanceConfig& cfg, const Level& base) {
  const std::string& p = cfg.param;
  const int current = is_lever_param(p) ? lever_count(cfg) : level_value(base, p);
  int lo = 0, hi = 0;
  if (is_lever_param(p)) lo = 1, hi = MAX_TEAM_PIECES;
  else if (p == "ghosts") lo = 3, hi = current + 12;
  else if (p == "goal") lo = std::max(1, current / 3), hi = current * 2;
  else if (p == "hound1") lo = 1, hi = base.hound2 ? base.hound2 - 1 : base.goal;
  else if (p == "hound2") lo = base.hound1 + 1, hi = base.goal;
  else lo = 1 + (base.hound1 > 0) + (base.hound2 > 0), hi = 3;
  if (is_lever_param(p) && ((cfg.lo && *cfg.lo < 1) || (cfg.hi && *cfg.hi > MAX_TEAM_PIECES)))
    throw AnalysisError("--lo/--hi: N of " + p + "=team:N is 1 to " + std::to_string(MAX_TEAM_PIECES));
  if (p != "piles" && !is_lever_param(p) && current == 0)
    throw AnalysisError("--param " + p + ": level " + std::to_string(base.number) + " has no " + p + " (it is 0)");
  if (p == "piles" && lo == hi)
    throw AnalysisError("--param piles: level " + std::to_string(base.number) + " has hounds that need " + std::to_string(lo) +
                        " piles, so the pile count cannot move (free it with --hound1 0 --hound2 0)");
  if (cfg.lo) lo = *cfg.lo;
  if (cfg.hi) hi = *cfg.hi;
  if (lo >= hi) throw AnalysisError("--lo " + std::to_string(lo) + " must be below --hi " + std::to_string(hi));
  return {lo, hi};
}

json config_json(const BalanceConfig& cfg) {
  json ov = json::object();
  for (const char* k : {"ghosts", "goal", "hound1", "hound2", "piles"}) {
    const std::optional<int> v = override_of(cfg.game, k);
    if (v && k != cfg.param) ov[k] = *v;
  }
  json sw = json::object();
  for (const char* key : SWITCH_NAMES) sw[key] = std::string(switch_value(cfg.game.switches, key));
  json j = {{"level", cfg.game.level}, {"players", cfg.game.players}, {"param", cfg.param}, {"agent", cfg.agent},
            {"games", cfg.games}, {"seed", cfg.seed}, {"catalog", cfg.game.catalog}, {"levels_dir", cfg.game.levels_dir},
            {"catalog_checksum", load_catalog(resolve_input(cfg.game.catalog)).checksum},
            {"level_checksum", fnv1a64_hex(read_file(cfg.game.level_path(cfg.game.level)))}, {"target", cfg.target},
            {"switches", sw}, {"overrides", ov}};
  // On a per-colour level the heuristic's `spread` (docs/solver.md, "Level 6"): points found with
  // another valuation are never mixed in (a file written before it existed holds none, and is refused).
  if (cfg.game.level_config(cfg.game.level).per_colour_scores) j["spread"] = parse_agent(cfg.agent).params.weights.spread;
  // The levers (only when a lever is played: a search without keeps its former file), the searched
  // one at team:1 as a stand-in for its N, and the checksums of the expansion catalogs they read.
  const Levers l = is_lever_param(cfg.param) ? levers_at(cfg.game.levers, cfg.param, 1) : cfg.game.levers;
  if (l.any()) {
    j["levers"] = levers_text(l);
    if (l.abbeys != PiecePool::Off) j["abbey_catalog_checksum"] = load_catalog(resolve_input(cfg.game.abbey_catalog)).checksum;
    if (l.tiles_of_tolls()) j["toll_catalog_checksum"] = load_catalog(resolve_input(cfg.game.toll_catalog)).checksum;
  }
  return j;
}

// The values already tried in `path`, checked in full; a file of another search is refused.
std::map<int, BalancePoint> read_points(const std::string& path, const json& cfg, int games) {
  const json j = read_json_file(path);
  const Fields f(j, path);
  if (f.object("config") != cfg) throw AnalysisError(path + ": config: holds another balance search; choose another --out");
  std::map<int, BalancePoint> out;
  const json& pts = f.array("points");
  for (size_t i = 0; i < pts.size(); ++i) {
    const Fields p = f.element("points", i);
    BalancePoint b;
    b.value = int(p.integer("value", -1000000, 1000000));
    b.games = p.integer("games", games, games);
    b.wins = p.integer("wins", 0, b.games);
    if (!out.emplace(b.value, b).second) p.fail("value", std::to_string(b.value) + " is given twice");
  }
  return out;
}

std::string point_text(const BalancePoint& p) {
  const Interval ci = wilson(p.wins, p.games);
  return pct(p.rate()) + "% [" + pct(ci.lo) + ", " + pct(ci.hi) + "]";
}

void write_md(const BalanceConfig& cfg, const BalanceResult& r, const json& jcfg, const std::string& dir) {
  std::ostringstream md;
  md << "# Balance: level " << cfg.game.level << ", " << cfg.game.players << " player(s), agent " << cfg.agent << "\n\n"
     << "Moving `" << cfg.param << "` (" << (is_lever_param(cfg.param) ? "pieces with --levers " : "level value ") << r.current
     << ") between " << r.lo << " and " << r.hi
     << " for a win rate of " << pct(cfg.target) << "%; " << cfg.games << " games per value, the same deals for every value (run seed "
     << cfg.seed << ").\n\nProduced by `mists` " << revision() << " (`" << cfg.command << "`); catalog `" << cfg.game.catalog
     << "` (checksum `" << jcfg["catalog_checksum"].get<std::string>() << "`); " << describe_switches(cfg.game.switches)
     << (jcfg.contains("levers") ? "; co-op levers `" + jcfg["levers"].get<std::string>() + "`" +
                                       (is_lever_param(cfg.param) ? " with " + cfg.param + " = team:N, N the value searched" : "")
                                 : "")
     << ".\n\n"
     << "**" << r.verdict << "**\n\n| " << cfg.param << " | games | wins | win rate | 95% interval |\n|---|---|---|---|---|\n";
  for (const auto& [v, p] : r.points) {
    const Interval ci = wilson(p.wins, p.games);
    md << "| " << v << " | " << p.games << " | " << p.wins << " | " << pct(p.rate()) << "% | [" << pct(ci.lo) << ", " << pct(ci.hi) << "] |\n";
  }
  write_atomic(dir + "/balance.md", md.str());
}

}  // namespace

BalanceResult run_balance(const BalanceConfig& cfg, const std::string& dir) {
  BalanceResult r;
  const Level base = cfg.game.level_config(cfg.game.level);
  r.current = is_lever_param(cfg.param) ? lever_count(cfg) : level_value(base, cfg.param);
  std::tie(r.lo, r.hi) = search_range(cfg, base);
  const AgentSpec agent = parse_agent(cfg.agent);
  const FolderLock lock(dir, cfg.command);  // one search at a time writes balance.json (analysis/lock.h)
  const json jcfg = config_json(cfg);
  const std::string state = dir + "/balance.json";
  if (std::filesystem::exists(state)) r.points = read_points(state, jcfg, cfg.games);
  const int threads = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  auto save = [&] {
    json pts = json::array();
    for (const auto& [v, p] : r.points) pts.push_back({{"value", v}, {"games", p.games}, {"wins", p.wins}});
    write_atomic(state, json{{"config", jcfg}, {"revision", revision()}, {"command", cfg.command}, {"points", pts}}.dump(2) + "\n");
  };
  auto eval = [&](int v) -> const BalancePoint& {
    if (auto it = r.points.find(v); it != r.points.end()) return it->second;
    GameOptions g = cfg.game;
    if (is_lever_param(cfg.param)) g.levers = levers_at(g.levers, cfg.param, v);
    else override_of(g, cfg.param) = v;
    const Rules R = g.rules();
    BalancePoint p;
    p.value = v;
    for (const auto& s : play_games(R, agent, cell_seed(cfg.seed, g.level, g.players), cfg.games)) ++p.games, p.wins += s.outcome == Outcome::Won;
    if (!cfg.quiet) std::cerr << cfg.param << " = " << v << ": " << point_text(p) << "\n";
    r.points[v] = p;
    save();
    return r.points[v];
  };
  // Bracketing search, keeping lo and hi on either side of the target. Which way the rate moves
  // is read from the ends (more piles can make a level harder: the first pile must reach a hound).
  const bool rising = eval(r.hi).rate() >= eval(r.lo).rate();
  auto past = [&](const BalancePoint& p) { return (p.rate() >= cfg.target) == rising; };
  const BalancePoint &plo = eval(r.lo), &phi = eval(r.hi);
  if (past(plo) == past(phi)) {
    r.best = std::fabs(plo.rate() - cfg.target) <= std::fabs(phi.rate() - cfg.target) ? r.lo : r.hi;
    r.verdict = "The target " + pct(cfg.target) + "% is not reached between " + cfg.param + " = " + std::to_string(r.lo) + " (" +
                point_text(plo) + ") and " + std::to_string(r.hi) + " (" + point_text(phi) + "); widen --lo/--hi.";
  } else {
    int l = r.lo, h = r.hi;
    while (h - l > 1) {
      const int m = l + (h - l) / 2;
      (past(eval(m)) == past(r.points[l]) ? l : h) = m;
    }
    r.best = std::fabs(r.points[l].rate() - cfg.target) <= std::fabs(r.points[h].rate() - cfg.target) ? l : h;
    r.reached = true;
    r.verdict = cfg.param + " = " + std::to_string(r.best) + " gives " + point_text(r.points[r.best]) +
                (is_lever_param(cfg.param) ? " (pieces with --levers " : " (level value ") + std::to_string(r.current) +
                "; target " + pct(cfg.target) + "%)";
  }
  save();
  write_md(cfg, r, jcfg, dir);
  return r;
}

}  // namespace mists::analysis
