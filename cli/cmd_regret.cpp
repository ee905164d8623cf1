// mists regret: each fair agent's distance from the fair optimum at late positions of real games
// (analysis/design/regret.h).
#include <iostream>

#include "analysis/agents/agents.h"
#include "analysis/design/regret.h"
#include "cli/commands.h"
#include "cli/options.h"

namespace mists::cli {

void add_regret(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "regret",
      "Measure how far each fair agent is from the best fair play. Positions come from the games of --source on the\n"
      "deals a study of --seed plays: the turn start of each game with at most --tiles tiles still to come, the most\n"
      "tiles first that an exact expectimax over the unseen tile types solves within --nodes engine steps. There the\n"
      "fair optimum (the best chance to win without seeing the order of the unseen tiles) and each agent's own chance\n"
      "to win over every draw order are computed exactly; regret = optimum - agent. Writes OUT/regret.md, regret.csv,\n"
      "regret.json and sealed chunks (an interrupted run resumes with --resume; other settings are refused).");
  cmd->footer(
      "Examples:\n"
      "  mists regret       # the table of results/regret: 1,000 positions of levels 3-5, 2 players\n"
      "  mists regret --levels 3 --positions 20 --agents 'expert;td' --out /tmp/r   # a small try\n"
      "  mists regret --resume results/regret");
  struct Args {
    analysis::RegretConfig cfg;
    std::string levels = "3,4,5";
    std::string agents;
    std::string resume;
    bool quiet = false;
  };
  auto a = std::make_shared<Args>();
  analysis::RegretConfig& c = a->cfg;
  a->agents = "expert;planner;" + std::string(analysis::BEST_FAIR_AGENT) + ";td;td:depth=2;planner:value=td,samples=12";
  cmd->add_option("--levels", a->levels, "Levels, e.g. 3,4,5")->capture_default_str()->check(no_empty_items(","));
  add_number(*cmd, "--players", c.players, 1, 5, "Player count")->capture_default_str();
  add_number(*cmd, "--positions", c.positions, 1, 1000000, "Positions in all, split evenly over the levels")->capture_default_str();
  add_number(*cmd, "--tiles", c.tiles, 1, 12, "The most tiles still to come at a position")->capture_default_str();
  add_number(*cmd, "--nodes", c.nodes, 1, 1'000'000'000'000LL, "Engine steps the exact expectimax may take at one position")->capture_default_str();
  cmd->add_option("--source", c.source, "The fair agent whose games give the positions (mists agents)")->capture_default_str();
  cmd->add_option("--agents", a->agents, "The fair agents valued at every position, separated by ';'")->capture_default_str();
  add_seed(*cmd, "--seed", c.seed, "Run seed of the deals (a study's: the same games as its cells)")->capture_default_str();
  add_number(*cmd, "--chunk", c.chunk, 1, 1000000, "Source games a level per sealed chunk")->capture_default_str();
  add_threads(*cmd, c.threads, "Threads that value the positions of a chunk (0 = all cores); the figures do not depend on it");
  cmd->add_option("--out", c.out, "Output folder; one run at a time (exit 1 when another holds it)")->capture_default_str();
  cmd->add_option("--resume", a->resume, "Continue the run in this folder with its own settings (only --threads and -q may be given beside it)");
  cmd->add_option("--catalog", c.game.catalog, "Tile catalog")->capture_default_str();
  cmd->add_option("--levels-dir", c.game.levels_dir, "Folder of the level files level1.toml .. level6.toml")->capture_default_str();
  cmd->add_flag("--quiet,-q", a->quiet, "No progress lines on standard error");
  cmd->callback([a, cmd] {
    analysis::RegretConfig cfg = a->cfg;
    const bool resume = !a->resume.empty();
    if (resume) {
      for (const CLI::Option* o : cmd->get_options()) {
        if (!o->count() || o->check_name("--resume") || o->check_name("--threads") || o->check_name("--quiet") || o->check_name("--help")) continue;
        throw UsageError(o->get_name() + " cannot be given with --resume: the run keeps its own settings (" + a->resume + "/regret.json)");
      }
      const int threads = cfg.threads;
      cfg = analysis::read_regret_config(a->resume);
      cfg.threads = threads;
    } else {
      cfg.levels = analysis::int_list(a->levels, "--levels");
      for (int l : cfg.levels)
        if (l < 1 || l > 6) throw UsageError("--levels: level " + std::to_string(l) + " is not 1-6");
      cfg.agents = analysis::agent_list(a->agents);
      if (cfg.agents.empty()) throw UsageError("--agents: no agent");
    }
    const analysis::RegretResult r = analysis::run_regret(cfg, resume, command_line(), a->quiet ? -1 : 0);
    std::cout << analysis::regret_markdown(r) << "Written to " << cfg.out << "/regret.md (" << r.chunks_played << " chunks played, "
              << r.chunks_read << " read)\n";
  });
}

}  // namespace mists::cli
