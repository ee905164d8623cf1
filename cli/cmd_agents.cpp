// mists agents: every agent and every setting an agent text may give it, from the two tables
// (analysis/agents/params.h for the co-op game, analysis/agents/vs_agents.h for the competitive games).
#include <iostream>
#include <string>

#include "analysis/agents/agents.h"
#include "analysis/agents/params.h"
#include "analysis/agents/vs_agents.h"
#include "cli/commands.h"
#include "cli/games.h"
#include "cli/options.h"

namespace mists::cli {

void add_agents(CLI::App& app) {
  auto* cmd = app.add_subcommand("agents", "List the agents and every parameter an agent text may set, with its range and default");
  cmd->footer("Examples:\n  mists agents                        # the co-op agents, then the competitive ones\n"
              "  mists agents --markdown             # the co-op table of docs/solver.md\n"
              "  mists agents --markdown --game base # the competitive table of docs/versus.md (base and gcc share it)");
  auto markdown = std::make_shared<bool>(false);
  auto game = std::make_shared<std::string>("coop");
  cmd->add_flag("--markdown", *markdown, "Print the table as Markdown");
  cmd->add_option("--game", *game, "Which table --markdown prints: coop, or base / gcc (the competitive agents)")
      ->capture_default_str()
      ->check(CLI::IsMember(game_names()));
  cmd->callback([cmd, markdown, game] {
    if (cmd->count("--game") && !*markdown) throw UsageError("--game: only with --markdown (without it both tables are listed)");
    if (*markdown) {
      std::cout << game_named(*game).agents_markdown();
      return;
    }
    std::string names;
    for (const std::string& n : analysis::agent_names()) names += (names.empty() ? "" : ", ") + n;
    std::cout << "Co-op agents: " << names << " (docs/solver.md). Write NAME or NAME:key=value,key=value.\n"
                 "The solver sees the whole deal and returns a verdict (won, proved lost, open), not a fair game.\n"
              << "The strongest fair agent measured (results/strength-v3; the default study's and the ladder's): "
              << analysis::BEST_FAIR_AGENT << "\n\n"
              << analysis::params_help() << '\n'
              << analysis::vs_params_help();
  });
}

}  // namespace mists::cli
