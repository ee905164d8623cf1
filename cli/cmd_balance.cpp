// mists balance: the value of one level number that brings a level to a target win rate.
#include <algorithm>
#include <iostream>
#include <iterator>

#include "analysis/design/balance.h"
#include "analysis/run/files.h"
#include "cli/commands.h"
#include "cli/options.h"

namespace mists::cli {

namespace {

// --lo and --hi: from the lowest to the highest value any level override takes
// (analysis/agents/game_options.h); the search checks them against --param.
constexpr int VALUE_LO = std::min_element(std::begin(analysis::OVERRIDE_RANGES), std::end(analysis::OVERRIDE_RANGES),
                                          [](const auto& a, const auto& b) { return a.lo < b.lo; })->lo;
constexpr int VALUE_HI = std::max_element(std::begin(analysis::OVERRIDE_RANGES), std::end(analysis::OVERRIDE_RANGES),
                                          [](const auto& a, const auto& b) { return a.hi < b.hi; })->hi;

}  // namespace

void add_balance(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "balance",
      "Find the value of one level number (ghosts, goal, hound1, hound2, piles) or of a co-op lever's piece count\n"
      "(coop_abbeys, coop_tolls as team:N) that brings a level to a target win rate for a player count and agent: a\n"
      "bracketing search on the same deals for every value, stopping at the first value whose 95% interval holds the\n"
      "target. When the target is not reached it says why, with the loss causes: the win rate levels off (a plateau),\n"
      "or it lies beyond the range (widen, up to the number's whole range), or beyond the whole range; and it warns\n"
      "when the value found makes another number meaningless (a goal at or below a hound). Exits 1 when not reached.");
  cmd->footer(
      "Examples:\n"
      "  mists balance --level 4 --players 2 --param ghosts --target 0.25 --agent expert --games 2000 --out results/l4-ghosts\n"
      "  mists balance --level 5 --players 4 --param coop_abbeys --levers coop_abbeys=team:1+coop_abbey_cost=burn --target 0.3");
  struct Args {
    analysis::BalanceConfig cfg;
    GameFlags flags;
    std::string out;
  };
  auto a = std::make_shared<Args>();
  a->flags.add(*cmd, a->cfg.game, true, true);
  cmd->add_option("--param", a->cfg.param,
                  "The number to move: a level number, or the piece count N of a co-op lever played as team:N (coop_abbeys, "
                  "coop_tolls, 1-8; its other knobs from --levers)")
      ->capture_default_str()
      ->check(CLI::IsMember({"ghosts", "goal", "hound1", "hound2", "piles", "coop_abbeys", "coop_tolls"}));
  add_target(*cmd, "--target", a->cfg.target, "Target win rate, a fraction of games won (0-1; default 0.5)");
  cmd->add_option("--agent,--agents", a->cfg.agent,
                  "One agent (as in analyze --agents); the answer is this agent's, and a much weaker one than the strongest fair "
                  "agent measured is warned of")
      ->capture_default_str()
      ->check(no_empty_items(","));
  add_number(*cmd, "--lo", a->cfg.lo, VALUE_LO, VALUE_HI, "Lowest value to consider (default: a range around the level's value; within the number's whole range)");
  add_number(*cmd, "--hi", a->cfg.hi, VALUE_LO, VALUE_HI, "Highest value to consider");
  add_number(*cmd, "--games", a->cfg.games, 1, 100000000, "Games per value tried (the strongest fair agent takes about a second a game)")->capture_default_str();
  add_threads(*cmd, a->cfg.threads, "Worker threads (0 = all cores); results do not depend on it");
  add_seed(*cmd, "--seed", a->cfg.seed, "Run seed");
  cmd->add_option("--out", a->out, "Folder for balance.json / balance.md (default results/balance-<UTC time>); "
                                   "values already tried there are reused; one search at a time (exit 1 when another holds it)");
  cmd->add_flag("--quiet,-q", a->cfg.quiet, "No progress output");
  cmd->callback([a] {
    a->flags.apply(a->cfg.game);
    if (a->cfg.game.ghosts && a->cfg.param == "ghosts") throw UsageError("--ghosts: give the range with --lo/--hi when --param is ghosts");
    a->cfg.command = command_line();
    const std::string out = a->out.empty() ? "results/balance-" + analysis::utc_stamp() : a->out;
    const analysis::BalanceResult r = analysis::run_balance(a->cfg, out);
    std::cout << r.verdict << "\nwritten: " << out << "/balance.md\n";
    if (!r.reached) throw ExitCode{1};
  });
}

}  // namespace mists::cli
