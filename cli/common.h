// What every subcommand shares: the game options (catalog, level, players, overrides, switches),
// turning them into Rules, file paths, and the program's revision.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.h"

namespace mists::cli {

// Bad input from the user: printed as "mists: error: ..." with exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GameOptions {
  std::string catalog = "configs/tiles/mists-reconstructed.toml";
  std::string levels_dir = "configs/levels";
  int level = 3;
  int players = 2;
  std::optional<int> ghosts, goal, hound1, hound2, piles;
  std::string joint_scoring, unplaceable, haunted_adjacency, finish_ghosts;

  // Adds --catalog --level --players --ghosts --goal --hound1 --hound2 --piles and the switches.
  void add_to(CLI::App& app, bool with_level_and_players = true, bool with_ghosts = true);
  // The level file of `level` with the overrides applied.
  Level level_config(int level) const;
  Switches switches() const;
  // Rules for one level and player count.
  Rules rules(int level, int players) const;
  Rules rules() const { return rules(level, players); }
};

// A path as given if it exists from the working directory, else relative to the source tree the
// program was built from (so `build/mists` works from anywhere).
std::string resolve(const std::string& path);

// "1-6", "1,3,5", "-3..3": a list of integers; throws UsageError naming `option`.
std::vector<int> int_list(const std::string& text, const char* option);
// Agents separated by ',' or ';'; a comma followed by a parameter stays with its agent
// ("expert,mcts:playouts=500,c=0.3" is two agents).
std::vector<std::string> agent_list(const std::string& text);
// The current UTC time as 20261122-063500, for default output folders.
std::string utc_stamp();

// "joint_scoring=majority, unplaceable=discard, haunted_adjacency=eight"
std::string describe_switches(const Switches& sw);

// The git revision the program was built from ("abc123def456", "-dirty" when it had changes).
const char* revision();

}  // namespace mists::cli
