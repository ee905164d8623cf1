// Command-line helpers every subcommand shares: the game options (catalog, level, players,
// overrides, switches), the study options of analyze and compare, checked numbers, and the
// command line itself (recorded in results).
#pragma once

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "analysis/game_options.h"
#include "analysis/study_config.h"

namespace mists::analysis {
struct TournamentConfig;
}

namespace mists::cli {

// The competitive games' expansion flags (--expansions, --abbey-catalog, --toll-catalog, --map) of
// versus, play and bench, into `cfg` (cli/cmd_versus.cpp).
void add_expansion_flags(CLI::App& cmd, analysis::TournamentConfig& cfg);
// Checks them once parsed (a module's catalog flag needs the module; unknown modules) and writes
// the modules in their order; UsageError naming the flag.
void check_expansion_flags(const CLI::App& cmd, analysis::TournamentConfig& cfg);

// Bad input from the user: printed as "mists: error: ..." with exit status USAGE_EXIT.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The exit status of every usage error: a bad flag or value (CLI11's own errors included), a bad
// file or record (cli/main.cpp).
inline constexpr int USAGE_EXIT = 2;

using analysis::GameOptions;

// The game options as typed, checked and applied by apply().
struct GameFlags {
  std::string ghosts, joint_scoring, unplaceable, haunted_adjacency, finish_ghosts, levers;
  // Adds --catalog --levels-dir [--level --players] [--ghosts] --goal --hound1 --hound2 --piles,
  // the rule switches, the expansion catalogs and [--levers: one lever setting] to `cmd`, writing
  // into `g`.
  void add(CLI::App& cmd, GameOptions& g, bool level_and_players, bool ghosts, bool one_lever_setting = true);
  // Sets the switches, the levers and the single --ghosts value on `g`; UsageError naming the flag.
  void apply(GameOptions& g) const;
};

// The study options of analyze and compare (the same flags, the same meaning).
struct StudyFlags {
  GameOptions game;
  GameFlags game_flags;
  std::string levels, players, agents, deltas, ghosts, levers, out, resume, shard, title, rollout, config, seed = "1";
  std::string kind = "coop";  // --game: base | gcc made the command mists versus in main() (competitive_alias)
  int games = 2000, bound_games = 200, threads = 0, min_games = 200, chunk = 100, playouts = -1;
  double precision = 0, c = -1;
  bool verbose = false, quiet = false, trace = false, records = false;
  // Adds the flags to `cmd`; `games` is the default of --games.
  void add(CLI::App& cmd, int games, bool default_study);
  // The study the flags describe (not for --resume); `default_cells` adds the default study's
  // cells when no cell option is given, else the cells are built from --levels ... --ghosts.
  analysis::StudyConfig study(bool default_cells, const std::string& default_title) const;
  int verbosity() const { return quiet ? -1 : verbose ? 1 : 0; }
  // With --resume the study comes from its study.json: any flag that would change it is an error
  // (only --threads, --verbose and --quiet may go with --resume).
  static void check_resume(const CLI::App& cmd);
};

// A --seed value: the full unsigned 64-bit range, nothing else ("-1" and "1x" are errors).
uint64_t seed_value(const std::string& text, const char* flag = "--seed");

// The command line as typed (set once by main), for the results files.
void set_command_line(int argc, char** argv);
const std::string& command_line();

}  // namespace mists::cli
