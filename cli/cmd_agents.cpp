// mists agents: the agents and every parameter an agent text may set (one table, analysis/params.h).
#include <iostream>

#include "analysis/params.h"
#include "cli/commands.h"

namespace mists::cli {

void add_agents(CLI::App& app) {
  auto* cmd = app.add_subcommand("agents", "List the agents and every parameter an agent text may set, with its range and default");
  cmd->footer("Example:\n  mists agents --markdown   # the table of docs/solver.md");
  auto markdown = std::make_shared<bool>(false);
  cmd->add_flag("--markdown", *markdown, "Print the table as Markdown");
  cmd->callback([markdown] {
    if (*markdown) {
      std::cout << analysis::params_markdown();
      return;
    }
    std::cout << "Agents: random, greedy, expert, mcts, clairvoyant, planner, solver (docs/solver.md). Write NAME or NAME:key=value,key=value.\n"
                 "The solver sees the whole deal and returns a verdict (won, proved lost, open), not a fair game.\n\n"
              << analysis::params_help();
  });
}

}  // namespace mists::cli
