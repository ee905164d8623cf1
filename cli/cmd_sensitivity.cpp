// mists sensitivity: which level number moves each level most (a table and a tornado plot).
#include <iostream>

#include "analysis/run/files.h"
#include "analysis/design/sensitivity.h"
#include "analysis/study/study_config.h"
#include "cli/commands.h"
#include "cli/options.h"

namespace mists::cli {

void add_sensitivity(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "sensitivity",
      "Which level number moves each level most: ghosts, goal, hound1 and hound2 each moved one step down and one step up\n"
      "around the printed values (a step is --change of the printed value, at least 1), one number at a time, every setting\n"
      "on the same deals as the printed numbers. Each step's change of the win rate (and of the final score) is a paired\n"
      "difference with its 95% interval; the numbers are ranked by the swing between their two steps. Writes sensitivity.md,\n"
      "sensitivity.csv, sensitivity.json (every setting's games, saved as it goes: a killed run goes on with the same --out)\n"
      "and sensitivity.png, the tornado plot.");
  cmd->footer(
      "Examples:\n"
      "  mists sensitivity --out results/sensitivity                       # levels 1-6, 2 players, the strongest fair agent\n"
      "  mists sensitivity --levels 4 --players 2,4 --agent td --games 400 --change 0.2 --out l4");
  struct Args {
    analysis::SensitivityConfig cfg;
    GameFlags flags;
    std::string levels, players, out;
  };
  auto a = std::make_shared<Args>();
  a->flags.add(*cmd, a->cfg.game, false, true);
  cmd->add_option("--levels", a->levels, "Levels, e.g. 1-6 (the default) or 3,4")->check(no_empty_items(","));
  cmd->add_option("--players", a->players, "Player counts, e.g. 2 (the default) or 1,2,4")->check(no_empty_items(","));
  cmd->add_option("--agent,--agents", a->cfg.agent,
                  "One agent (as in analyze --agents); the answer is this agent's, and a much weaker one than the strongest fair "
                  "agent measured is warned of")
      ->capture_default_str()
      ->check(no_empty_items(","));
  add_number(*cmd, "--change", a->cfg.change, 0.001, 1.0, "A step as a share of the printed value (rounded, at least 1)")->capture_default_str();
  add_number(*cmd, "--games", a->cfg.games, 2, 100000000,
             "Games per setting (nine settings a level at most; the strongest fair agent takes about a second a game)")
      ->capture_default_str();
  add_threads(*cmd, a->cfg.threads, "Worker threads (0 = all cores); results do not depend on it");
  add_seed(*cmd, "--seed", a->cfg.seed, "Run seed (the deals)");
  cmd->add_option("--out", a->out,
                  "Folder for the outputs (default results/sensitivity-<UTC time>); the settings already played there are reused "
                  "when the view is the same, a folder of another view is refused; one run at a time");
  cmd->add_flag("--quiet,-q", a->cfg.quiet, "No progress output");
  cmd->callback([a] {
    a->flags.apply(a->cfg.game);
    if (!a->levels.empty()) a->cfg.levels = analysis::int_list(a->levels, "--levels");
    if (!a->players.empty()) a->cfg.players = analysis::int_list(a->players, "--players");
    a->cfg.command = command_line();
    const std::string out = a->out.empty() ? "results/sensitivity-" + analysis::utc_stamp() : a->out;
    for (const analysis::SensitivityCell& c : analysis::run_sensitivity(a->cfg, out))
      std::cout << "level " << c.level << ", " << c.players << "p: " << c.summary << "\n";
    std::cout << "written: " << out << "/sensitivity.md\n";
  });
}

}  // namespace mists::cli
