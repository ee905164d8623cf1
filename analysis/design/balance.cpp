#include "analysis/design/balance.h"

#include <tbb/global_control.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis/study/outputs.h"
#include "analysis/study/strength.h"
#include "analysis/study/study.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;

namespace {


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


// Every value the rules allow for `param` on `base` (the level with the other overrides given):
// ghosts from the start tile's own up to 250, a hound between its neighbours (hound 1 below hound 2,
// hound 2 above hound 1), the goal 1 to 30000, piles from one more than the hounds to 3, a lever's
// N 1 to 8.
std::pair<int, int> full_range(const std::string& p, const Level& base, int start_ghosts) {
  if (is_lever_param(p)) return {1, MAX_TEAM_PIECES};
  if (p == "ghosts") return {start_ghosts, 250};
  if (p == "goal") return {1, 30000};
  if (p == "hound1") return {1, base.hound2 ? base.hound2 - 1 : 30000};
  if (p == "hound2") return {base.hound1 + 1, 30000};
  return {1 + (base.hound1 > 0) + (base.hound2 > 0), MAX_PILES};
}

// Why the whole range ends where it does, for messages.
std::string full_range_why(const std::string& p, const Level& base) {
  if (p == "ghosts") return "at least the start tile's ghosts, at most 250";
  if (p == "hound1" && base.hound2) return "below hound 2 = " + std::to_string(base.hound2);
  if (p == "hound2") return "above hound 1 = " + std::to_string(base.hound1);
  if (p == "piles") return "a pile for each hound and one more, at most " + std::to_string(MAX_PILES);
  return "the rules' range";
}

// The range searched: around the level's value by default, clipped to the whole range; --lo/--hi
// as given, refused outside the whole range.
std::pair<int, int> search_range(const BalanceConfig& cfg, const Level& base, std::pair<int, int> full) {
  const std::string& p = cfg.param;
  const int current = is_lever_param(p) ? lever_count(cfg) : level_number(base, p);
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
  if (p == "piles" && full.first == full.second)
    throw AnalysisError("--param piles: level " + std::to_string(base.number) + " has hounds that need " + std::to_string(full.first) +
                        " piles, so the pile count cannot move (free it with --hound1 0 --hound2 0)");
  lo = std::max(lo, full.first), hi = std::min(hi, full.second);
  for (const auto& [flag, given] : {std::pair{"--lo", cfg.lo}, std::pair{"--hi", cfg.hi}})
    if (given && (*given < full.first || *given > full.second))
      throw AnalysisError(std::string(flag) + " " + std::to_string(*given) + ": " + p + " takes " + std::to_string(full.first) + ".." +
                          std::to_string(full.second) + " on level " + std::to_string(base.number) + " (" + full_range_why(p, base) + ")");
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
  const json sw = switches_json(cfg.game.switches);
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

bool is_loss_cause(const std::string& name) {
  for (LossCause c : {LossCause::GhostSupply, LossCause::Pile1Target, LossCause::Pile2Target, LossCause::TilesOut, LossCause::Unplaceable})
    if (loss_cause_name(c) == name) return true;
  return false;
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
    if (p.has("losses")) {  // absent in a file written before the causes were kept
      const Fields losses = p.sub("losses");
      long long lost = 0;
      for (const auto& [cause, n] : losses.json().items()) {
        if (!is_loss_cause(cause)) losses.fail(cause, "not a loss cause (ghost_supply, pile1_target, pile2_target, tiles_out, unplaceable)");
        lost += b.losses[cause] = losses.integer(cause, 1, b.games - b.wins);
      }
      if (lost != b.games - b.wins)
        p.fail("losses", "the causes add up to " + std::to_string(lost) + " lost games, the value lost " + std::to_string(b.games - b.wins));
    }
    if (!out.emplace(b.value, b).second) p.fail("value", std::to_string(b.value) + " is given twice");
  }
  return out;
}


std::string point_text(const BalancePoint& p) {
  const Interval ci = wilson(p.wins, p.games);
  return pct(p.rate()) + "% [" + pct(ci.lo) + ", " + pct(ci.hi) + "]";
}

// True when the 95% interval of `p` holds `target`. At a target of 0 or 1 only a rate of exactly
// that does: an interval always reaches the end it touches.
bool holds(const BalancePoint& p, double target) {
  if (target <= 0) return p.wins == 0;
  if (target >= 1) return p.wins == p.games;
  const Interval ci = wilson(p.wins, p.games);
  return ci.lo <= target && target <= ci.hi;
}

bool overlap(const BalancePoint& a, const BalancePoint& b) {
  const Interval x = wilson(a.wins, a.games), y = wilson(b.wins, b.games);
  return x.lo <= y.hi && y.lo <= x.hi;
}

// "pile2_target 55.0%, tiles_out 30.0%" (shares of all games, largest first).
std::string losses_text(const BalancePoint& p) {
  std::vector<std::pair<long long, std::string>> by;
  for (const auto& [cause, n] : p.losses) by.emplace_back(n, cause);
  std::stable_sort(by.begin(), by.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string out;
  for (const auto& [n, cause] : by) out += (out.empty() ? "" : ", ") + cause + " " + pct(double(n) / double(p.games)) + "%";
  return out;
}

// The level number a loss cause points to (R3.5, R6.4), empty for unplaceable.
std::string number_of(const std::string& cause) {
  if (cause == "ghost_supply") return "ghosts";
  if (cause == "pile1_target") return "hound1";
  if (cause == "pile2_target") return "hound2";
  if (cause == "tiles_out") return "goal";
  return "";
}

// The loss cause a number sets (R3.5, R6.4), number_of read the other way: the games it decides;
// empty for the pile count and the levers.
std::string own_cause(const std::string& param) {
  for (const char* cause : {"ghost_supply", "pile1_target", "pile2_target", "tiles_out"})
    if (number_of(cause) == param) return cause;
  return "";
}

std::string cause_words(const std::string& cause) {
  if (cause == "ghost_supply") return "the ghost supply (R3.5)";
  if (cause == "pile1_target") return "pile 1 running out before hound 1 (R6.4)";
  if (cause == "pile2_target") return "pile 2 running out before hound 2 (R6.4)";
  return "the last pile running out before the goal (R6.4)";
}

// What the losses at `p` say: the causes, and the number the largest one points to.
std::string losses_advice(const BalancePoint& p, const std::string& param) {
  if (p.losses.empty()) return p.wins == p.games ? "" : " Its loss causes were not recorded (a balance.json older than them).";
  std::string cause;
  long long most = 0;
  for (const auto& [c, n] : p.losses)
    if (n > most) most = n, cause = c;
  std::string out = " The losses at " + param + " = " + std::to_string(p.value) + ": " + losses_text(p) + ".";
  const std::string number = number_of(cause);
  if (number.empty() || number == param) return out;
  static const std::map<std::string, std::string> why = {
      {"ghost_supply", "the ghost supply runs out"}, {"pile1_target", "pile 1 runs out before hound 1 is reached"},
      {"pile2_target", "pile 2 runs out before hound 2 is reached"}, {"tiles_out", "the last pile runs out before the goal"}};
  return out + " Most are lost because " + why.at(cause) + ": move " + number + " instead (--param " + number + ").";
}

void write_md(const BalanceConfig& cfg, const BalanceResult& r, const json& jcfg, const std::string& dir) {
  std::ostringstream md;
  md << "# Balance: level " << cfg.game.level << ", " << cfg.game.players << " player(s), agent " << cfg.agent << "\n\n"
     << "Moving `" << cfg.param << "` (" << (is_lever_param(cfg.param) ? "pieces with --levers " : "level value ") << r.current
     << ") between " << r.lo << " and " << r.hi << " (its whole range here: " << r.full_lo << ".." << r.full_hi << ")"
     << " for a win rate of " << pct(cfg.target) << "%; " << cfg.games << " games per value, the same deals for every value (run seed "
     << cfg.seed << ").\n\nProduced by `mists` " << revision() << " (`" << cfg.command << "`); catalog `" << cfg.game.catalog
     << "` (checksum `" << jcfg["catalog_checksum"].get<std::string>() << "`); " << describe_switches(cfg.game.switches)
     << (jcfg.contains("levers") ? "; co-op levers `" + jcfg["levers"].get<std::string>() + "`" +
                                       (is_lever_param(cfg.param) ? " with " + cfg.param + " = team:N, N the value searched" : "")
                                 : "")
     << ".\n\n"
     << "**" << r.verdict << "**\n\n";
  for (const std::string& w : r.warnings) md << "Warning: " << w << ".\n\n";
  md << "| " << cfg.param << " | games | wins | win rate | 95% interval | losses by cause |\n|---|---|---|---|---|---|\n";
  for (const auto& [v, p] : r.points) {
    const Interval ci = wilson(p.wins, p.games);
    md << "| " << v << " | " << p.games << " | " << p.wins << " | " << pct(p.rate()) << "% | [" << pct(ci.lo) << ", " << pct(ci.hi) << "] | "
       << (p.losses.empty() ? (p.wins == p.games ? "none" : "not recorded") : losses_text(p)) << " |\n";
  }
  write_atomic(dir + "/balance.md", md.str());
}

}  // namespace

std::string meaningless_warning(const std::string& param, int value, int hound1, int hound2, int goal) {
  const std::string v = std::to_string(value);
  if (param == "goal" && hound1 > 0 && value <= hound1)
    return "goal " + v + " is not above hound 1 (" + std::to_string(hound1) + "): the game is won before any hound comes, so the hounds " +
           "and the piles' targets mean nothing";
  if (param == "goal" && hound2 > 0 && value <= hound2)
    return "goal " + v + " is not above hound 2 (" + std::to_string(hound2) + "): the game is won before hound 2 comes, so hound 2 " +
           "and pile 2's target mean nothing";
  if ((param == "hound1" || param == "hound2") && value >= goal)
    return param + " " + v + " is not below the goal (" + std::to_string(goal) + "): the game is won before that hound comes, so it " +
           "means nothing";
  return "";
}

BalanceResult search_balance(const BalanceSearch& s, std::map<int, BalancePoint> known, const std::function<BalancePoint(int)>& play,
                             const std::function<void(const std::map<int, BalancePoint>&)>& saved) {
  BalanceResult r;
  r.current = s.current, r.lo = s.lo, r.hi = s.hi, r.full_lo = s.full_lo, r.full_hi = s.full_hi;
  r.points = std::move(known);
  auto eval = [&](int v) -> const BalancePoint& {
    if (auto it = r.points.find(v); it != r.points.end()) return it->second;
    BalancePoint p = play(v);
    p.value = v;
    r.points[v] = p;
    if (saved) saved(r.points);
    return r.points[v];
  };
  const std::string target = pct(s.target) + "%";
  const std::string value_note = (s.param == "coop_abbeys" || s.param == "coop_tolls" ? " (pieces with --levers " : " (level value ") +
                                  std::to_string(s.current);
  auto finish = [&](int best, bool reached, const std::string& verdict) {
    r.best = best;
    r.reached = reached;
    r.verdict = verdict;
    const std::string w = meaningless_warning(s.param, best, s.hound1, s.hound2, s.goal);
    if (!w.empty()) {
      r.warnings.push_back(w);
      r.verdict += " Warning: " + w + ".";
    }
    return r;
  };
  // A value past which the number no longer decides any game: none of its games was lost to the
  // cause the number sets (the ghost supply for ghosts, a pile's target for its hound, the last pile
  // for the goal). Moving it further cannot move the win rate, so a value found there is a point of
  // a plateau, not an answer: the plateau is said (from its first value, found by bisection between
  // the last value that still loses games to the cause and this one) and the target is not reached.
  const std::string cause = own_cause(s.param);
  auto stalled = [&](int v) {
    const BalancePoint& p = r.points.at(v);
    return !cause.empty() && !p.losses.empty() && p.games > p.wins && (!p.losses.count(cause) || p.losses.at(cause) == 0);
  };
  auto plateau_at = [&](int v) {
    // The nearest value tried that still loses games to the cause, on the side the plateau starts
    // from: below v for the ghosts (more ghosts, fewer games lost to the supply), above it for the
    // pile targets and the goal (lower targets, fewer games lost to them).
    const bool plateau_above = cause == "ghost_supply";
    int from = v;
    std::optional<int> busy;
    for (const auto& [x, p] : r.points)
      if (!stalled(x) && (plateau_above ? x < v && (!busy || x > *busy) : x > v && (!busy || x < *busy))) busy = x;
    if (!busy) {  // none tried yet on that side: the end of the range there
      const int end = plateau_above ? s.lo : s.hi;
      if (end != v && !stalled(eval(end).value)) busy = end;
    }
    if (busy) {  // bisect for the first stalled value between busy and v
      int a = *busy, b = v;
      while (std::abs(b - a) > 1) {
        const int m = a + (b - a) / 2;
        eval(m);
        (stalled(m) ? b : a) = m;
      }
      from = b;
    }
    r.plateau = true;
    const BalancePoint& p = r.points.at(from);
    std::string verdict = "Not reachable with " + s.param + " for this agent: from " + s.param + " = " + std::to_string(from) +
                          " on, no game is lost to " + cause_words(cause) + ", so the win rate stays at " + point_text(p) +
                          " however far " + s.param + " moves" + value_note + "; target " + target + ").";
    if (holds(p, s.target))
      verdict += " The target lies inside that interval: at " + std::to_string(p.games) +
                 " games a value cannot be told from it, and more games (--games) would say which side of it the plateau lies.";
    return finish(from, false, verdict + losses_advice(p, s.param));
  };
  auto held = [&](int v) {
    if (stalled(v)) return plateau_at(v);
    return finish(v, true, s.param + " = " + std::to_string(v) + " gives " + point_text(r.points.at(v)) + ", an interval that holds the target " +
                               target + value_note + "; more games per value would narrow it)");
  };
  // Bisection between l and h, the target's side changing between them.
  auto bisect = [&](int l, int h, bool rising) {
    auto past = [&](const BalancePoint& p) { return (p.rate() >= s.target) == rising; };
    const bool low_side = past(eval(l));
    while (h - l > 1) {
      const int m = l + (h - l) / 2;
      const BalancePoint& pm = eval(m);
      if (holds(pm, s.target)) return held(m);
      (past(pm) == low_side ? l : h) = m;
    }
    const int best = std::fabs(r.points[l].rate() - s.target) <= std::fabs(r.points[h].rate() - s.target) ? l : h;
    if (stalled(best)) return plateau_at(best);
    return finish(best, true, s.param + " = " + std::to_string(best) + " gives " + point_text(r.points[best]) + value_note + "; target " +
                                  target + ")");
  };
  // 1. The ends.
  if (holds(eval(s.hi), s.target)) return held(s.hi);
  if (holds(eval(s.lo), s.target)) return held(s.lo);
  const BalancePoint plo = r.points.at(s.lo), phi = r.points.at(s.hi);
  const bool rising = phi.rate() >= plo.rate();
  auto past = [&](const BalancePoint& p) { return (p.rate() >= s.target) == rising; };
  // 2. Between the ends.
  if (past(plo) != past(phi)) return bisect(s.lo, s.hi, rising);
  // 3. Beyond them: the middle, then a plateau or the side to widen.
  const bool near_hi = std::fabs(phi.rate() - s.target) <= std::fabs(plo.rate() - s.target);
  const BalancePoint& near = near_hi ? phi : plo;
  std::string verdict = "The target " + target + " is not reached between " + s.param + " = " + std::to_string(s.lo) + " (" +
                        point_text(plo) + ") and " + std::to_string(s.hi) + " (" + point_text(phi) + ")";
  // The side to widen: where the win rate goes toward the target.
  const bool want_higher_rate = near.rate() < s.target;
  const bool up = want_higher_rate == rising;
  const bool at_end = up ? s.hi >= s.full_hi : s.lo <= s.full_lo;
  bool flat = false;
  if (s.hi - s.lo >= 2) {
    const int m = s.lo + (s.hi - s.lo) / 2;
    const BalancePoint pm = eval(m);
    if (holds(pm, s.target)) return held(m);
    if (past(pm) != past(plo))  // the win rate turns within the range: the target lies between lo and the middle
      return bisect(s.lo, m, pm.rate() >= plo.rate());
    flat = overlap(pm, near);
    if (flat && !at_end) {
      r.plateau = true;
      const int a = std::min(m, near.value), b = std::max(m, near.value);
      verdict += ": the win rate levels off (" + s.param + " = " + std::to_string(a) + ": " + point_text(r.points.at(a)) + ", " +
                 std::to_string(b) + ": " + point_text(r.points.at(b)) + ", intervals that overlap), so moving " + s.param +
                 " further will not bring it to the target." + losses_advice(near, s.param);
      return finish(near.value, false, verdict);
    }
  }
  if (at_end)  // a fact of the rules, before any reading of the rates
    verdict += ", and " + s.param + " can go no " + (up ? "higher than " + std::to_string(s.full_hi) : "lower than " + std::to_string(s.full_lo)) +
               " here (its whole range is " + std::to_string(s.full_lo) + ".." + std::to_string(s.full_hi) + "): no value of " + s.param +
               " reaches the target" + (flat ? ", and the win rate hardly moves toward it." : ".") + losses_advice(near, s.param);
  else
    verdict += "; the win rate still moves toward the target at " + std::to_string(near.value) + ": " +
               (up ? "raise --hi (up to " + std::to_string(s.full_hi) : "lower --lo (down to " + std::to_string(s.full_lo)) + ", the end of " +
               s.param + "'s range here)." + losses_advice(near, s.param);
  return finish(near.value, false, verdict);
}

BalanceResult run_balance(const BalanceConfig& cfg, const std::string& dir) {
  const Level base = cfg.game.level_config(cfg.game.level);
  BalanceSearch s;
  s.param = cfg.param;
  s.target = cfg.target;
  s.current = is_lever_param(cfg.param) ? lever_count(cfg) : level_number(base, cfg.param);
  s.hound1 = base.hound1, s.hound2 = base.hound2, s.goal = base.goal;
  const int start_ghosts = cfg.param == "ghosts" ? cfg.game.rules().start_ghosts : 0;
  std::tie(s.full_lo, s.full_hi) = full_range(cfg.param, base, start_ghosts);
  std::tie(s.lo, s.hi) = search_range(cfg, base, {s.full_lo, s.full_hi});
  const AgentSpec agent = parse_agent(cfg.agent);
  const FolderLock lock(dir, cfg.command);  // one search at a time writes balance.json (analysis/run/lock.h)
  const json jcfg = config_json(cfg);
  const std::string state = dir + "/balance.json";
  std::map<int, BalancePoint> known;
  if (std::filesystem::exists(state)) known = read_points(state, jcfg, cfg.games);
  const int threads = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  auto save = [&](const std::map<int, BalancePoint>& points) {
    json pts = json::array();
    for (const auto& [v, p] : points) {
      json losses = json::object();
      for (const auto& [cause, n] : p.losses) losses[cause] = n;
      pts.push_back({{"value", v}, {"games", p.games}, {"wins", p.wins}, {"losses", losses}});
    }
    write_atomic(state, json{{"config", jcfg}, {"revision", revision()}, {"command", cfg.command}, {"points", pts}}.dump(2) + "\n");
  };
  int tried = 0;
  auto play = [&](int v) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!cfg.quiet) std::cerr << "balance: " << cfg.param << " = " << v << ": playing " << cfg.games << " games of " << cfg.agent << "..." << std::endl;
    GameOptions g = cfg.game;
    if (is_lever_param(cfg.param)) g.levers = levers_at(g.levers, cfg.param, v);
    else override_of(g, cfg.param) = v;
    const Rules R = g.rules();
    BalancePoint p;
    p.value = v;
    for (const auto& game : play_games(R, agent, cell_seed(cfg.seed, g.level, g.players), cfg.games)) {
      ++p.games;
      if (game.outcome == Outcome::Won) ++p.wins;
      else ++p.losses[std::string(loss_cause_name(game.cause))];
    }
    if (!cfg.quiet) {
      // The search tries at most both ends, a middle, a bisection of the range and a plateau's edge.
      const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      ++tried;
      const int most = 3 + 2 * int(std::ceil(std::log2(double(s.hi - s.lo + 1)))) - tried;
      std::cerr << "balance: " << cfg.param << " = " << v << ": " << point_text(p) << " (" << p.games << " games in "
                << std::fixed << std::setprecision(0) << sec << " s); at most " << std::max(0, most) << " more values, about "
                << (most * sec < 120 ? std::max(0.0, most * sec) : most * sec / 60.0) << (most * sec < 120 ? " s" : " min")
                << " at this rate" << std::endl;
    }
    return p;
  };
  BalanceResult r = search_balance(s, std::move(known), play, save);
  // The answer is the agent's: said first, with a warning when the committed strength tables show
  // it much weaker than the strongest fair agent on this level.
  r.verdict = "For `" + cfg.agent + "`: " + r.verdict;
  if (const std::string w = weaker_warning(cfg.agent, cfg.game.level, cfg.game.players); !w.empty()) {
    r.warnings.push_back(w);
    r.verdict += " Warning: " + w + ".";
  }
  save(r.points);
  write_md(cfg, r, jcfg, dir);
  return r;
}

}  // namespace mists::analysis
