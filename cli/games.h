// The games the command line plays, one row a game: its --game name, the help groups of the flags it
// reads, how its records are told apart, and what `mists play`, `bench`, `replay`, `review` and
// `agents --markdown` do for it. A command reads --game (or the record's text) once, looks the row
// up and hands over; refuse_other_games reads the rows' groups. Each game's work is in its own file:
// cli/coop_game.cpp (with the co-op bench in cli/coop_bench.cpp), cli/versus_game.cpp for the base
// game and GCC. A third game adds its row there and its name in GAMES (cli/games.cpp).
#pragma once

#include <CLI/CLI.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/pages/viewer.h"
#include "cli/options.h"
#include "solver/rng.h"

namespace mists::cli {

// mists replay's flags.
struct ReplayFlags {
  std::string file, catalog, svg, html;
  bool show = false;
};

// mists review's flags (`how` as given; a game sets its own defaults for those not given).
struct ReviewFlags {
  std::string file, catalog, agent, rollout, html, out;
  int top = 10, seat = -1;
  analysis::ReviewSettings how;
};

// mists play's flags, every game's (each reads its own; refuse_other_games has refused the rest).
struct PlayFlags {
  GameOptions opt;      // the co-op game's level, players, catalogs, overrides
  GameFlags flags;      // ... as typed
  TournamentFlags vs;   // the competitive games' catalogs, modules and switches
  std::string agent = "random", out, svg, html;
  uint64_t seed = 1, deal = 0;
  bool show = false;
};

// mists bench's flags, every game's.
struct BenchFlags {
  GameOptions opt;
  GameFlags flags;
  TournamentFlags vs;
  int games = 20000, sweep = 200, search_games = 4, expert_games = 20, scaling_games = 400, players = 2;
  bool parallel = false, scaling = false;
};

struct CliGame {
  const char* name;                   // --game: "coop", "base", "gcc"
  std::array<const char*, 2> groups;  // the help groups of the flags only it (and games like it) reads; nullptr pads
  // analyze and compare play its round robin of seats, the tournament of mists versus
  // (StudyFlags::tournament), rather than a study of cells.
  bool tournament;
  // `text` is one of its records. The competitive games share one record format (its `game` line
  // tells them apart), so the first of them answers for both.
  bool (*holds)(const std::string& text);
  // Replays and checks the record `text` (read from flags.file), prints what replay prints, and
  // writes the pictures and the page asked for.
  void (*replay)(const ReplayFlags& flags, const std::string& text);
  // Reviews it and writes the text and the page asked for; `cmd` tells the flags given from the
  // defaults. A flag the game does not read is a UsageError naming it.
  void (*review)(const CLI::App& cmd, ReviewFlags& flags, const std::string& text);
  // Plays one game from mists play's flags (`cmd` tells those given) and writes its record.
  void (*play)(const CLI::App& cmd, const PlayFlags& flags, const CliGame& game);
  // mists bench: its games, its figures and its signature line.
  void (*bench)(const CLI::App& cmd, const BenchFlags& flags, const CliGame& game);
  // Its agents' parameter table as Markdown (mists agents --markdown --game NAME).
  std::string (*agents_markdown)();
  // Whether flags of help group `group` are its own: every game reads CLI11's default group.
  bool reads(const std::string& group) const;
};

// The rows (cli/coop_game.cpp, cli/versus_game.cpp).
extern const CliGame COOP_GAME, BASE_GAME, GCC_GAME;
// Every row, co-op first.
const std::vector<const CliGame*>& cli_games();
// The row named `name`, or nullptr.
const CliGame* find_game(const std::string& name);
// The row named `name`; UsageError "FLAG NAME: the game is coop, base or gcc" otherwise.
const CliGame& game_named(const std::string& name, const std::string& flag = "--game");
// The names, in order (for CLI::IsMember and messages); `coop` false leaves the co-op game out.
std::vector<std::string> game_names(bool coop = true);
// "coop, base or gcc" (or "base or gcc").
std::string game_name_list(bool coop = true);
// The game whose record `text` is: the first row whose holds() says so (the co-op record, last,
// reads the rest and names what is wrong with it).
const CliGame& record_game(const std::string& text);

// The co-op bench (cli/coop_bench.cpp).
void bench_coop(const CLI::App& cmd, const BenchFlags& flags, const CliGame& game);
// Every bench's seed (its signature depends on it) and how a signature takes in a number.
inline constexpr uint64_t BENCH_SEED = 20221122;
inline uint64_t bench_mix(uint64_t h, uint64_t v) { return splitmix64(h ^ v); }

}  // namespace mists::cli
