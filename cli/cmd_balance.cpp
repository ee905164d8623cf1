// mists balance: the value of one level number that brings a level to a target win rate.
#include <tbb/global_control.h>

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/study.h"
#include "engine/config/load.h"

namespace mists::cli {

namespace {

using nlohmann::json;

struct Point {
  int value = 0;
  long long games = 0, wins = 0;
  double rate() const { return games ? double(wins) / double(games) : 0; }
};

}  // namespace

void add_balance(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "balance",
      "Find the value of one level number (ghosts, goal, hound1, hound2, piles) that brings a level to a target\n"
      "win rate for a player count and agent: a bracketing search on the same deals for every value.");
  struct Args {
    GameOptions game;
    std::string param = "ghosts", agent = "expert", out;
    double target = 0.5;
    std::optional<int> lo, hi;
    int games = 1000, threads = 0;
    uint64_t seed = 1;
  };
  auto a = std::make_shared<Args>();
  a->game.add_to(*cmd, true, true);
  cmd->add_option("--param", a->param, "The number to move")->capture_default_str()
      ->check(CLI::IsMember({"ghosts", "goal", "hound1", "hound2", "piles"}));
  cmd->add_option("--target", a->target, "Target win rate")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--agent", a->agent, "Agent (as in analyze --agents)")->capture_default_str();
  cmd->add_option("--lo", a->lo, "Lowest value to consider (default: a range around the level's value)");
  cmd->add_option("--hi", a->hi, "Highest value to consider");
  cmd->add_option("--games", a->games, "Games per value tried")->capture_default_str()->check(CLI::Range(10, 100000000));
  cmd->add_option("--threads", a->threads, "Worker threads (0 = all cores)")->capture_default_str();
  cmd->add_option("--seed", a->seed, "Run seed")->capture_default_str();
  cmd->add_option("--out", a->out, "Folder for balance.json / balance.md (default results/balance-<UTC time>); "
                                   "values already tried there are reused");
  cmd->callback([a] {
    const Level base = a->game.level_config(a->game.level);
    const int current = a->param == "ghosts" ? base.ghosts : a->param == "goal" ? base.goal : a->param == "hound1" ? base.hound1
                        : a->param == "hound2" ? base.hound2 : base.piles;
    // Easier with more ghosts or more piles; harder with a higher goal or hound threshold.
    const bool rising = a->param == "ghosts" || a->param == "piles";
    int lo = 0, hi = 0;
    if (a->param == "ghosts") lo = 3, hi = current + 12;
    else if (a->param == "goal") lo = std::max(1, current / 3), hi = current * 2;
    else if (a->param == "hound1") lo = 1, hi = base.hound2 ? base.hound2 - 1 : base.goal;
    else if (a->param == "hound2") lo = base.hound1 + 1, hi = base.goal;
    else lo = 1 + (base.hound1 > 0) + (base.hound2 > 0), hi = 3;
    if (a->param != "piles" && current == 0) throw UsageError("--param " + a->param + ": level " + std::to_string(base.number) + " has no " + a->param);
    if (a->lo) lo = *a->lo;
    if (a->hi) hi = *a->hi;
    if (lo > hi) throw UsageError("--lo " + std::to_string(lo) + " is above --hi " + std::to_string(hi));
    const AgentSpec agent = parse_agent(a->agent, MctsConfig{});
    const std::string out = a->out.empty() ? resolve("results") + "/balance-" + utc_stamp() : a->out;
    std::filesystem::create_directories(out);
    json cfg = {{"level", a->game.level}, {"players", a->game.players}, {"param", a->param}, {"agent", a->agent},
                {"games", a->games}, {"seed", a->seed}, {"catalog", a->game.catalog},
                {"catalog_checksum", load_catalog(resolve(a->game.catalog)).checksum}, {"target", a->target},
                {"switches", describe_switches(a->game.switches())},
                {"overrides", {{"goal", a->game.goal.value_or(-1)}, {"hound1", a->game.hound1.value_or(-1)},
                               {"hound2", a->game.hound2.value_or(-1)}, {"piles", a->game.piles.value_or(-1)},
                               {"ghosts", a->game.ghosts.value_or(-1)}}}};
    std::map<int, Point> tried;
    const std::string state = out + "/balance.json";
    if (std::filesystem::exists(state)) {
      const json j = json::parse(read_file(state), nullptr, false);
      if (j.is_discarded() || j.value("config", json()) != cfg)
        throw UsageError(state + ": holds another balance search; choose another --out");
      try {
        for (const auto& p : j.at("points")) tried[p.at("value")] = {p.at("value"), p.at("games"), p.at("wins")};
      } catch (const json::exception& e) {
        throw UsageError(state + ": points: " + e.what());
      }
    }
    const int threads = a->threads > 0 ? a->threads : int(std::max(1u, std::thread::hardware_concurrency()));
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    auto save = [&] {
      json pts = json::array();
      for (const auto& [v, p] : tried) pts.push_back({{"value", v}, {"games", p.games}, {"wins", p.wins}});
      write_atomic(state, json{{"config", cfg}, {"revision", revision()}, {"points", pts}}.dump(2) + "\n");
    };
    auto eval = [&](int v) -> const Point& {
      auto it = tried.find(v);
      if (it != tried.end()) return it->second;
      GameOptions g = a->game;
      if (a->param == "ghosts") g.ghosts = v;
      else if (a->param == "goal") g.goal = v;
      else if (a->param == "hound1") g.hound1 = v;
      else if (a->param == "hound2") g.hound2 = v;
      else g.piles = v;
      const Rules R = g.rules();
      const auto games = play_games(R, agent, cell_seed(a->seed, g.level, g.players), a->games);
      Point p;
      p.value = v;
      p.games = (long long)games.size();
      for (const auto& s : games) p.wins += s.outcome == Outcome::Won;
      const Interval ci = wilson(p.wins, p.games);
      std::cerr << a->param << " = " << v << ": " << std::fixed << std::setprecision(1) << 100 * p.rate() << "% ["
                << 100 * ci.lo << ", " << 100 * ci.hi << "]\n";
      tried[v] = p;
      save();
      return tried[v];
    };
    // Bracketing search: keep lo on one side of the target and hi on the other.
    auto side = [&](const Point& p) { return (p.rate() >= a->target) == rising; };  // true: at or past the target
    const Point& plo = eval(lo);
    const Point& phi = eval(hi);
    std::ostringstream md;
    md << "# Balance: level " << a->game.level << ", " << a->game.players << " player(s), agent " << a->agent << "\n\n"
       << "Moving `" << a->param << "` (level value " << current << ") for a win rate of " << 100 * a->target << "%; "
       << a->games << " games per value, the same deals for every value (run seed " << a->seed << ").\n\n"
       << "Produced by `mists` " << revision() << "; catalog `" << a->game.catalog << "` (checksum `"
       << cfg["catalog_checksum"].get<std::string>() << "`); " << describe_switches(a->game.switches()) << ".\n\n";
    std::string verdict;
    if (side(plo) == side(phi)) {
      verdict = "The target is not reached between " + std::to_string(lo) + " and " + std::to_string(hi) +
                " (win rates " + std::to_string(plo.rate()) + " and " + std::to_string(phi.rate()) + "); widen --lo/--hi.";
    } else {
      int l = lo, h = hi;
      while (h - l > 1) {
        const int m = l + (h - l) / 2;
        (side(eval(m)) == side(tried[l]) ? l : h) = m;
      }
      const Point& best = std::fabs(tried[l].rate() - a->target) <= std::fabs(tried[h].rate() - a->target) ? tried[l] : tried[h];
      const Interval ci = wilson(best.wins, best.games);
      std::ostringstream v;
      v << std::fixed << std::setprecision(1) << a->param << " = " << best.value << " gives " << 100 * best.rate() << "% ["
        << 100 * ci.lo << ", " << 100 * ci.hi << "] (level value " << current << ")";
      verdict = v.str();
    }
    md << "**" << verdict << "**\n\n| " << a->param << " | games | wins | win rate | 95% interval |\n|---|---|---|---|---|\n";
    for (const auto& [v, p] : tried) {
      const Interval ci = wilson(p.wins, p.games);
      md << "| " << v << " | " << p.games << " | " << p.wins << " | " << std::fixed << std::setprecision(1) << 100 * p.rate()
         << "% | [" << 100 * ci.lo << ", " << 100 * ci.hi << "] |\n";
    }
    write_atomic(out + "/balance.md", md.str());
    std::cout << verdict << "\nwritten: " << out << "/balance.md\n";
  });
}

}  // namespace mists::cli
