// Command-line helpers every subcommand shares: the game options (catalog, level, players,
// overrides, switches), the study options of analyze and compare, the one option layer that reads
// every number, list and switch of the command line, and the command line itself (recorded in
// results).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "analysis/agents/game_options.h"
#include "analysis/study/near_miss.h"
#include "analysis/study/study_config.h"
#include "analysis/tournament/tournament.h"


namespace mists::cli {

// The competitive games' expansion flags (--expansions, --abbey-catalog, --toll-catalog, --map) of
// versus, play and bench, into `cfg` (cli/cmd_versus.cpp).
void add_expansion_flags(CLI::App& cmd, analysis::TournamentConfig& cfg);
// Checks them once parsed (a module's catalog flag needs the module; unknown modules) and writes
// the modules in their order; UsageError naming the flag.
void check_expansion_flags(const CLI::App& cmd, analysis::TournamentConfig& cfg);

// ---- Which game a flag is for ----------------------------------------------------------------------
// A command that plays more than one game (play, bench) puts each of its flags in a group of its
// --help: CLI11's default group for a flag every game reads, COOP_GROUP for the co-op game's own,
// VS_GROUP for both competitive games', GCC_GROUP for GCC's alone. The groups are the one place that
// says which game reads a flag: refuse_other_games reads them, and so does the help.
inline constexpr const char* COOP_GROUP = "Co-op game (--game coop)";
inline constexpr const char* VS_GROUP = "Competitive games (--game base|gcc)";
inline constexpr const char* GCC_GROUP = "Ghosts, Castles & Cemeteries (--game gcc)";
// Moves the flags `names` ("--switch", ...) of `cmd` into `group` ("" for every game's).
void set_group(CLI::App& cmd, const std::string& group, const std::vector<std::string>& names);
// The long names of `cmd`'s flags that `keep` keeps (never --help), as a message lists them:
// "--players, --agents and --seed".
std::string flag_list(const CLI::App& cmd, const std::function<bool(const CLI::Option&)>& keep);
// Refuses (UsageError) a flag given on `cmd` that game `game` (coop, base, gcc) does not read,
// naming it, its game and the flags `game` takes, all from the groups.
void refuse_other_games(const CLI::App& cmd, const std::string& game);

// Bad input from the user: printed as "mists: error: ..." with exit status USAGE_EXIT.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The exit status of every usage error: a bad flag or value (CLI11's own errors included), a bad
// file or record (cli/main.cpp).
inline constexpr int USAGE_EXIT = 2;
// CLI11's usage errors as mists prints them (CLI::App::failure_message): "mists: error: ...", a
// flag given twice said so plainly, then CLI11's pointer to --help.
// A switch given a value in --name=value form is refused (UsageError), whatever the value: CLI11's
// disable_flag_override refuses --records=2 and --records=on but reads --records=true as the flag's
// own value. Looks the name up in the command the arguments select (nested commands included).
void refuse_switch_values(const CLI::App& app, const std::vector<std::string>& args);
std::string usage_failure(const CLI::App* app, const CLI::Error& e);

// A mistyped flag's nearest name (analysis/study/near_miss.h).
using analysis::near_miss;
// A target win rate, a fraction of games won in every command (balance --target, analyze and compare
// --target, ladder --targets): "0.25". A number above 1 up to 100 is refused with the fraction it
// meant ("did you mean 0.25?"); anything else that is not a number in [lo, hi] is refused by name.
double parse_target(const std::string& text, const std::string& flag, double lo = 0.0, double hi = 1.0);
// The option `name` read by parse_target into `target`.
CLI::Option* add_target(CLI::App& cmd, const std::string& name, double& target, const std::string& help, double lo = 0.0, double hi = 1.0);

// --threads takes 0 (all cores) or 1..MAX_THREADS in every command.
inline constexpr int MAX_THREADS = 1024;

// ---- The option layer (issue 31): one reading of every number, list and switch ----
// Numbers: decimal, the whole token, inside the option's range. A leading zero is decimal ("010"
// is 10, as in every file mists reads: engine/kit/number.h); "12abc", "1e3" for a whole number, "0x10",
// "+5", "" are refused; an unsigned option refuses "-1" and anything above its range instead of
// wrapping; a real option refuses "nan" and "inf". The message names the flag, the value and the
// range, and the status is USAGE_EXIT.

// The number type an option binds (T itself, or the T of std::optional<T>).
template <class T>
struct NumberOf {
  using type = T;
};
template <class T>
struct NumberOf<std::optional<T>> {
  using type = T;
};
template <class T>
using number_of = typename NumberOf<T>::type;

// CLI11 transforms that check one token as described above and leave it in plain decimal for
// CLI11's own conversion (which would read "010" as octal 8).
CLI::Validator whole_in(long long lo, long long hi);
CLI::Validator unsigned_in(uint64_t lo, uint64_t hi);
CLI::Validator real_in(double lo, double hi);

// Adds the number option `name` (an integer, unsigned or floating type, or std::optional of one)
// to `cmd`, checked against [lo, hi]; every numeric flag of every command is added this way.
template <class T>
CLI::Option* add_number(CLI::App& cmd, const std::string& name, T& target, number_of<T> lo, number_of<T> hi,
                        const std::string& help) {
  using N = number_of<T>;
  static_assert(std::is_arithmetic_v<N> && !std::is_same_v<N, bool>, "add_number binds numbers only");
  CLI::Option* o = cmd.add_option(name, target, help);
  if constexpr (std::is_floating_point_v<N>) o->transform(real_in(double(lo), double(hi)));
  else if constexpr (std::is_unsigned_v<N>) o->transform(unsigned_in(uint64_t(lo), uint64_t(hi)));
  else o->transform(whole_in((long long)lo, (long long)hi));
  return o;
}

// --threads: 0 = all cores (the default), else 1..MAX_THREADS; the same flag in every command.
CLI::Option* add_threads(CLI::App& cmd, int& threads, const std::string& help);
// --seed and the like: the full unsigned 64-bit range 0..18446744073709551615.
CLI::Option* add_seed(CLI::App& cmd, const std::string& name, uint64_t& seed, const std::string& help);

// Lists: a CLI11 check that refuses an empty value and an empty item between any two of the
// separators `seps` ("1,,3", ",tollkeepers", "expert;"), naming the flag.
CLI::Validator no_empty_items(const std::string& seps);
// Repeated name=value flags (--switch): the pairs in order; not name=value, an empty name or a
// name given twice is a UsageError naming `flag`.
std::vector<std::pair<std::string, std::string>> switch_pairs(const std::vector<std::string>& items, const std::string& flag);

using analysis::GameOptions;

// The game options as typed, checked and applied by apply().
struct GameFlags {
  std::string ghosts, joint_scoring, unplaceable, haunted_adjacency, finish_ghosts, levers;
  int max_players = 5;  // --players' upper bound (mists play: 6, for its competitive games)
  std::vector<std::string> names;  // the flags add() put on the command, in order ("--catalog", ...)
  // Adds --catalog --levels-dir [--level --players] [--ghosts] --goal --hound1 --hound2 --piles,
  // the rule switches, the expansion catalogs and [--levers: one lever setting] to `cmd`, writing
  // into `g`.
  void add(CLI::App& cmd, GameOptions& g, bool level_and_players, bool ghosts, bool one_lever_setting = true);
  // Sets the switches, the levers and the single --ghosts value on `g`; UsageError naming the flag.
  void apply(GameOptions& g) const;
};

// The flags of the competitive round robin (analysis/tournament/), mists versus's own, which
// analyze and compare take too with --game base|gcc (StudyFlags::tournament).
struct TournamentFlags {
  analysis::TournamentConfig cfg;  // game, players, games, chunk, precision, catalogs, modules
  std::string agents = "expert,greedy", out, resume, shard;
  std::vector<std::string> switches;
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = false, records = false;
  // Every flag of mists versus onto `cmd`.
  void add(CLI::App& cmd);
  // The flags only the competitive games read (--switch, --base-catalog, --gcc-catalog, the
  // modules') onto `cmd`, in their groups (VS_GROUP, GCC_GROUP); --abbey-catalog and
  // --toll-catalog, when `cmd` has them already (the co-op levers'), set both.
  void add_game_flags(CLI::App& cmd);
  // The game the flags describe for `game` (base, gcc) and `players` seats: the catalogs, the
  // switches and the modules, checked (check_expansion_flags), its rules built once so that a bad
  // switch, catalog or player count is refused (UsageError) before anything is played or written.
  analysis::TournamentConfig game_config(const CLI::App& cmd, const std::string& game, int players) const;
  // Plays the tournament the flags describe, or resumes the one in --resume (then only --threads,
  // --quiet and --records may be given), and prints its report; UsageError naming a bad flag.
  void run(const CLI::App& cmd) const;
};

// The competitive agents of --agents (versus, play, analyze and compare with --game base|gcc):
// comma-separated, or ';'-separated when settings hold commas, each checked; UsageError naming --agents.
std::vector<std::string> vs_agent_list(const std::string& agents);

// The study options of analyze and compare (the same flags, the same meaning).
struct StudyFlags {
  GameOptions game;
  GameFlags game_flags;
  std::string levels, players, agents, deltas, ghosts, levers, out, resume, shard, title, rollout, config;
  uint64_t seed = 1;
  std::string kind = "coop";  // --game: base | gcc plays the tournament of `versus`
  TournamentFlags versus;     // its flags that only the competitive games read
  int games = 2000, bound_games = 60, threads = 0, min_games = 200, chunk = 100, playouts = -1;
  double precision = 0, c = -1, target = 0.5;
  bool verbose = false, quiet = false, trace = false, records = false;
  // Adds the flags to `cmd`, each co-op-only one in COOP_GROUP, and the competitive games' own
  // (TournamentFlags::add_game_flags); `games` is the default of --games.
  void add(CLI::App& cmd, int games, bool default_study);
  // The game the command plays: --game, or with --resume the folder's (a tournament.json holds a
  // competitive game); UsageError when --game names another game than the folder holds.
  std::string game_played(const CLI::App& cmd) const;
  // The tournament of --game base|gcc: the flags every game reads (players, agents, games, chunk,
  // precision, seed, folders, threads, output) as versus reads them, given ones only (versus's
  // defaults otherwise), and the competitive games' own; every co-op flag given is refused by name.
  TournamentFlags tournament(const CLI::App& cmd, const std::string& played) const;
  // The study the flags describe (not for --resume); `default_cells` adds the default study's
  // cells when no cell option is given, else the cells are built from --levels ... --ghosts.
  analysis::StudyConfig study(bool default_cells, const std::string& default_title) const;
  int verbosity() const { return quiet ? -1 : verbose ? 1 : 0; }
  // Refuses, by name, a flag given beside what decides the study. With --resume the study comes
  // from its study.json (only --threads, --verbose and --quiet may go with it); with --config the
  // file decides games, seed, chunk, search defaults, rules and cells (only how the run goes:
  // --out, --threads, --shard, --title, --trace, --records, -v/-q).
  void check_given(const CLI::App& cmd) const;
};

// The command line as typed (set once by main), for the results files.
void set_command_line(int argc, char** argv);
const std::string& command_line();

}  // namespace mists::cli
