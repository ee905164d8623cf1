// One function per subcommand: each adds itself to the app and runs when chosen.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace mists::cli {

// Ends the program with this status after the command has said why (mists balance: target missed).
struct ExitCode {
  int status;
};

void add_tiles(CLI::App& app);
void add_play(CLI::App& app);
void add_replay(CLI::App& app);
void add_bench(CLI::App& app);
void add_analyze(CLI::App& app);  // and merge
void add_compare(CLI::App& app);
void add_balance(CLI::App& app);
void add_ladder(CLI::App& app);   // every level to a target win rate
void add_sensitivity(CLI::App& app);  // which level number moves each level most
void add_agents(CLI::App& app);
void add_solve(CLI::App& app);
void add_review(CLI::App& app);
void add_versus(CLI::App& app);  // the competitive games: tournaments
void add_train(CLI::App& app);   // the learned value
void add_regret(CLI::App& app);  // the fair optimum and each agent's regret
void add_serve(CLI::App& app);   // the player's table in the browser

}  // namespace mists::cli
