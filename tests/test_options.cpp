// One option layer (issue 31, cli/options.h): every command reads a number, a list, a switch and
// --threads the same way, and refuses a bad one with the flag, the value and (for numbers) the
// range, exiting with the status of every usage error. Each rule is checked over every command
// that takes such an option; the commands fail before any game is played, or play a few tiny games.
// replay, tiles and merge take no number, list or switch option (files only), and agents none at all.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "analysis_helpers.h"

namespace ah = mists::test::ah;

namespace {

constexpr int USAGE_EXIT = 2;  // cli/options.h: the status of every usage error
constexpr auto REFUSAL_LIMIT = std::chrono::seconds(30);  // generous: the machine may be shared and niced
constexpr auto POLL = std::chrono::milliseconds(10);
using Args = std::vector<std::string>;

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// `args` with `more` appended.
Args with(Args args, const Args& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// A solve verdict without its wall-clock time: everything before " engine steps".
std::string verdict(const std::string& out) { return out.substr(0, out.find(" engine steps")); }

// Runs mists like ah::run_cli, but kills it after REFUSAL_LIMIT: a usage error comes before any
// game, so a command still running then has taken its input (without the limit, a value read wrongly
// could start the whole default study).
ah::CliResult run_limited(const Args& args, const ah::TempDir& logs) {
  static int runs = 0;
  const std::string out = logs.sub("limited-" + std::to_string(runs) + ".out"), err = logs.sub("limited-" + std::to_string(runs) + ".err");
  ++runs;
  const pid_t pid = ah::spawn_cli(args, out, err);
  const auto deadline = std::chrono::steady_clock::now() + REFUSAL_LIMIT;
  int st = 0;
  while (waitpid(pid, &st, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &st, 0);
      break;
    }
    std::this_thread::sleep_for(POLL);
  }
  ah::CliResult r;
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.out = ah::slurp(out);
  r.err = ah::slurp(err);
  return r;
}

// Runs mists and expects a usage error whose message (standard error) holds every needle. The
// commands that write a folder get one under `logs`, so that a check that fails never writes into
// the source tree.
void refused(Args args, const std::vector<std::string>& needles, const ah::TempDir& logs) {
  const bool writes = args[0] == "analyze" || args[0] == "compare" || args[0] == "balance" || args[0] == "versus";
  if (writes && std::find(args.begin(), args.end(), "--out") == args.end()) args = with(args, {"--out", logs.sub("out")});
  const auto r = run_limited(args, logs);
  INFO("mists " << ah::join(args) << "\nstderr: " << r.err << "\nstdout: " << r.out);
  CHECK(r.status == USAGE_EXIT);
  CHECK(has(r.err, "mists: error: "));
  for (const auto& n : needles) CHECK_MESSAGE(has(r.err, n), n);
}

// Runs mists and expects success (`status`: 0, or mists solve's 4 for an open deal); returns standard output.
std::string accepted(const Args& args, const ah::TempDir& logs, int status = 0) {
  const auto r = ah::run_cli(args, logs);
  INFO("mists " << ah::join(args) << "\nstderr: " << r.err);
  CHECK(r.status == status);
  return r.out;
}

constexpr int SOLVE_OPEN_EXIT = 4;  // mists solve: the budget ran out (README, "Exit status")

}  // namespace

TEST_CASE("options: integers are decimal whole tokens in every command (a leading zero is decimal, junk is refused)") {
  ah::TempDir logs("opt-int-logs");
  // Junk after a number, a number in scientific notation, hexadecimal, a sign, nothing: refused,
  // naming the flag, the token and the range.
  const std::vector<std::pair<Args, std::string>> cases = {
      {{"analyze", "--games", "12abc"}, "1..100000000"},
      {{"analyze", "--chunk", "0x10"}, "1..100000"},
      {{"analyze", "--goal", "1e3"}, "1..30000"},
      {{"compare", "--min-games", "+5"}, "1..100000000"},
      {{"compare", "--playouts", ""}, "1..10000000"},
      {{"balance", "--lo", "0x10"}, "0..30000"},
      {{"balance", "--games", "12abc"}, "1..100000000"},
      {{"solve", "--deal", "12abc"}, "0..18446744073709551615"},
      {{"play", "--deal", "12abc"}, "0..18446744073709551615"},
      {{"solve", "--nodes", "1e3"}, "0..1000000000000"},
      {{"solve", "--census", "0x10"}, "1..60"},
      {{"solve", "--census-max", "5k"}, "1..1000000000"},
      {{"play", "--deal", "0x10"}, "0..18446744073709551615"},
      {{"play", "--level", "3.0"}, "1..6"},
      {{"play", "--hound1", "12abc"}, "0..30000"},
      {{"review", "--top", "1e3", "x.txt"}, "0..100000"},
      {{"review", "--repeats", "0x10", "x.txt"}, "2..1000"},
      {{"versus", "--games", "1e3"}, "2..100000000"},
      {{"versus", "--players", "0x2"}, "2..6"},
      {{"versus", "--chunk", "12abc"}, "2..1000000"},
      {{"bench", "--sweep-games", "12abc"}, "1..1000000"},
      {{"bench", "--base-players", "2x"}, "2..6"},
      {{"train", "--games", "1e3"}, "2..1000000"},
      {{"train", "--chunk", "0x10"}, "1..100000"},
  };
  for (const auto& [args, range] : cases) refused(args, {args[1], "'" + args[2] + "'", range}, logs);
  // --game is a game kind in every command that takes it; an index given there is pointed to --deal.
  refused({"play", "--game", "12abc"}, {"--game 12abc", "coop, base or gcc"}, logs);
  refused({"play", "--game", "3"}, {"--game 3", "coop, base or gcc", "is --deal 3"}, logs);
  refused({"solve", "--game", "3"}, {"--game 3", "co-op game only", "--deal G"}, logs);
  // A record names its deal and its rules: the flags that would choose another are refused by name.
  for (const char* f : {"--seed", "--level", "--deal", "--ghosts"})
    refused({"solve", "--record", "tests/records/level5-2p-seed7-game3-expert.txt", f, "3"}, {f, "does not go with --record"}, logs);

  // A leading zero is decimal: 010 is 10 (never octal 8), in play and in solve alike.
  const Args play = {"play", "--level", "1", "--players", "1", "--agent", "random", "--seed", "7"};
  const std::string ten = accepted(with(play, {"--deal", "10"}), logs);
  CHECK(accepted(with(play, {"--deal", "010"}), logs) == ten);
  CHECK(accepted(with(play, {"--deal", "8"}), logs) != ten);
  const std::string goal = accepted(with(play, {"--goal", "10"}), logs);
  CHECK(accepted(with(play, {"--goal", "010"}), logs) == goal);
  CHECK(accepted(with(play, {"--goal", "8"}), logs) != goal);
  const Args solve = {"solve", "--level", "1", "--players", "1", "--nodes", "2000", "--seconds", "0", "-q"};
  const std::string solved = verdict(accepted(with(solve, {"--deal", "10", "--seed", "7"}), logs, SOLVE_OPEN_EXIT));
  CHECK(has(solved, "open ("));
  CHECK(verdict(accepted(with(solve, {"--deal", "010", "--seed", "7"}), logs, SOLVE_OPEN_EXIT)) == solved);
  CHECK(verdict(accepted(with(solve, {"--deal", "8", "--seed", "7"}), logs, SOLVE_OPEN_EXIT)) != solved);
  CHECK(verdict(accepted(with(solve, {"--deal", "0010", "--seed", "07"}), logs, SOLVE_OPEN_EXIT)) == solved);
}

TEST_CASE("options: unsigned and bounded options refuse negative and too-large values instead of wrapping") {
  ah::TempDir logs("opt-range-logs");
  const std::string max = "18446744073709551615", over = "18446744073709551616";
  const std::vector<std::pair<Args, std::string>> cases = {
      {{"analyze", "--seed", "-1"}, max},
      {{"compare", "--seed", over}, max},
      {{"balance", "--seed", "-1"}, max},
      {{"solve", "--seed", over}, max},
      {{"solve", "--deal", "-1"}, max},
      {{"solve", "--deal", over}, max},
      {{"play", "--seed", "-1"}, max},
      {{"play", "--deal", "-1"}, max},
      {{"play", "--deal", over}, max},
      {{"versus", "--seed", over}, max},
      {{"solve", "--nodes", "-1"}, "0..1000000000000"},
      {{"solve", "--nodes", "99999999999999999999"}, "0..1000000000000"},
      {{"analyze", "--games", "4294967297"}, "1..100000000"},
      {{"analyze", "--hound2", "-1"}, "0..30000"},
      {{"compare", "--chunk", "-1"}, "1..100000"},
      {{"balance", "--hi", "-1"}, "0..30000"},
      {{"review", "--top", "-1", "x.txt"}, "0..100000"},
      {{"review", "--repeats", "1", "x.txt"}, "2..1000"},
      {{"review", "--confidence", "1", "x.txt"}, "0.5..0.9999"},
      {{"versus", "--chunk", "-2"}, "2..1000000"},
      {{"bench", "--games", "-1"}, "1..10000000"},
      {{"bench", "--expert-games", "100001"}, "0..100000"},
      {{"train", "--games", "-1"}, "2..1000000"},
      {{"train", "--seed", "-1"}, "0..18446744073709551615"},
  };
  for (const auto& [args, range] : cases) refused(args, {args[1], args[2], range}, logs);
}

TEST_CASE("options: every real-number option refuses nan and inf") {
  ah::TempDir logs("opt-real-logs");
  const std::vector<Args> cases = {
      {"solve", "--seconds", "nan"},  {"solve", "--seconds", "inf"},  {"solve", "--spread", "-inf"},
      {"solve", "--hound", "nan"},    {"balance", "--target", "nan"}, {"analyze", "--precision", "inf"},
      {"analyze", "--c", "nan"},      {"compare", "--precision", "nan"}, {"compare", "--c", "-inf"},
      {"train", "--ridge", "nan"},    {"train", "--fit-share", "inf"},   {"review", "--confidence", "nan", "x.txt"},
  };
  for (const Args& args : cases) refused(args, {args[1], "'" + args[2] + "'", "not a finite number", "allowed: "}, logs);
  // Out of range and junk too, with the range.
  refused({"solve", "--seconds", "-1"}, {"--seconds", "-1", "0..86400"}, logs);
  refused({"balance", "--target", "0.5x"}, {"--target", "'0.5x'", "0..1"}, logs);
  // Agent parameters, read by the parameter table, refuse them as well.
  refused({"analyze", "--agents", "mcts:c=nan", "--levels", "1"}, {"mcts:c=nan", "c = 'nan'"}, logs);
  refused({"versus", "--agents", "mcts:c=inf,expert"}, {"--agents", "c"}, logs);
}

TEST_CASE("options: a switch, key, lever or agent parameter given twice is refused") {
  ah::TempDir logs("opt-twice-logs");
  const Args sw = {"--switch", "score_floor=turn_net", "--switch", "score_floor=each_scoring"};
  refused(with({"versus", "--game", "gcc", "--agents", "random,greedy", "--games", "2"}, sw), {"--switch", "score_floor is given twice"}, logs);
  refused(with({"play", "--game", "gcc", "--agents", "random"}, sw), {"--switch", "score_floor is given twice"}, logs);
  refused(with({"bench", "--game", "gcc", "--games", "1"}, sw), {"--switch", "score_floor is given twice"}, logs);
  // Agent parameters (analysis/agents/params.cpp for the co-op agents, the competitive agents' own reader).
  const std::string twice = "playouts is given twice";
  refused({"analyze", "--agents", "mcts:playouts=5,playouts=6", "--levels", "1"}, {"mcts:playouts=5,playouts=6", twice}, logs);
  refused({"compare", "--agents", "expert;mcts:playouts=5,playouts=6"}, {twice}, logs);
  refused({"balance", "--agent", "mcts:playouts=5,playouts=6"}, {twice}, logs);
  refused({"play", "--agent", "mcts:playouts=5,playouts=6"}, {twice}, logs);
  refused({"review", "--agent", "mcts:playouts=5,playouts=6", "x.txt"}, {twice}, logs);
  refused({"versus", "--agents", "mcts:playouts=5,playouts=6;expert"}, {"--agents", twice}, logs);
  refused({"play", "--game", "base", "--agents", "mcts:playouts=5,playouts=6;expert"}, {"--agents", twice}, logs);
  // A lever in one setting (docs/rules.md C), and a lever setting in a list.
  refused({"play", "--levers", "coop_chips=on+coop_chips=off"}, {"--levers", "coop_chips is given twice"}, logs);
  refused({"solve", "--levers", "coop_wagon=on+coop_wagon=off"}, {"--levers", "coop_wagon is given twice"}, logs);
  refused({"balance", "--levers", "coop_mayor=on+coop_mayor=on"}, {"--levers", "coop_mayor is given twice"}, logs);
  refused({"bench", "--levers", "coop_chips=on+coop_chips=off"}, {"--levers", "coop_chips is given twice"}, logs);
  refused({"analyze", "--levers", "none,coop_chips=on+coop_chips=on", "--levels", "1"}, {"--levers", "coop_chips is given twice"}, logs);
  refused({"compare", "--levers", "none,coop_chips=on,coop_chips=on"}, {"--levers", "given twice"}, logs);
  // An expansion module named twice.
  refused({"versus", "--expansions", "tollkeepers,tollkeepers"}, {"--expansions", "tollkeepers is given twice"}, logs);
  refused({"play", "--game", "base", "--agents", "random", "--expansions", "abbey_mayor,abbey_mayor"},
          {"--expansions", "abbey_mayor is given twice"}, logs);
  refused({"bench", "--game", "base", "--expansions", "tollkeepers,abbey_mayor,tollkeepers"}, {"--expansions", "tollkeepers is given twice"},
          logs);
  // Any single-valued flag given twice (CLI11's own check, with the same exit status).
  refused({"solve", "--goal", "5", "--goal", "6"}, {"--goal: given 2 times"}, logs);
  refused({"versus", "--seed", "1", "--seed", "2", "--seed", "3"}, {"--seed: given 3 times"}, logs);
  refused({"analyze", "--joint-scoring", "majority", "--joint-scoring", "all_colours"}, {"--joint-scoring: given 2 times"}, logs);
  refused({"balance", "--threads", "1", "--threads", "2"}, {"--threads: given 2 times"}, logs);
}

TEST_CASE("options: a switch takes no value in any command (--records=2 is refused, not read as on)") {
  ah::TempDir logs("opt-switch-logs");
  const std::vector<Args> cases = {
      {"analyze", "--records=2"}, {"analyze", "--trace=0"},   {"compare", "--verbose=1"}, {"balance", "--quiet=yes"},
      {"ladder", "--quiet=1"},    {"agents", "--markdown=1"}, {"solve", "--quiet=0"},     {"play", "--show=2"},
      {"replay", "--show=1", "x.txt"}, {"bench", "--scaling=3"}, {"bench", "--parallel=1"}, {"train", "--quiet=1"},
      {"versus", "--records=2"}, {"versus", "--quiet=1"},
  };
  for (const Args& args : cases) {
    const std::string flag = args[1].substr(0, args[1].find('='));
    refused(args, {flag + " is a switch: it takes no value"}, logs);
  }
  // --records is a switch in both commands that write records: a count after it is not its value.
  refused({"versus", "--records", "2"}, {"not expected: 2"}, logs);
  refused({"analyze", "--records", "2"}, {"not expected: 2"}, logs);
}

TEST_CASE("options: an empty list or an empty item of a list is refused, naming the flag") {
  ah::TempDir logs("opt-empty-logs");
  const std::vector<Args> cases = {
      {"analyze", "--levers", ""},        {"analyze", "--levels", "1,,3"},    {"analyze", "--agents", "expert;"},
      {"analyze", "--players", ",2"},     {"analyze", "--ghost-deltas", "0,"}, {"analyze", "--ghosts", ""},
      {"compare", "--levels", ""},        {"compare", "--agents", "expert,,greedy"}, {"compare", "--levers", "none,"},
      {"balance", "--agent", ""},         {"balance", "--levers", "coop_chips=on+"}, {"balance", "--ghosts", ""},
      {"solve", "--levers", ""},          {"play", "--levers", "+coop_chips=on"}, {"play", "--agent", "mcts:playouts=5,"},
      {"play", "--expansions", ",tollkeepers"}, {"review", "--agent", "", "x.txt"}, {"versus", "--expansions", ",tollkeepers"},
      {"versus", "--agents", "expert;"},  {"bench", "--expansions", "tollkeepers,"}, {"bench", "--levers", ""},
      {"train", "--levels", "4,,5"},      {"train", "--players", ""},
  };
  for (const Args& args : cases) refused(args, {args[1], args[2].empty() ? "an empty value" : "an empty item in '" + args[2] + "'"}, logs);
  // An agent text with an empty setting, wherever it is read (a study file's cells too).
  refused({"analyze", "--agents", "mcts:", "--levels", "1"}, {"agent 'mcts:'", "an empty setting"}, logs);
  refused({"versus", "--agents", "mcts:;expert"}, {"--agents", "agent 'mcts:'", "an empty setting"}, logs);
}

TEST_CASE("options: --threads 0 is all cores in every command that takes --threads; its range is the same everywhere") {
  ah::TempDir logs("opt-threads-logs"), dir("opt-threads");
  for (const char* cmd : {"analyze", "compare", "balance", "review", "versus", "train"}) {
    refused({cmd, "--threads", "-1"}, {"--threads", "-1", "0..1024"}, logs);
    refused({cmd, "--threads", "1025"}, {"--threads", "1025", "0..1024"}, logs);
    const auto help = ah::run_cli({cmd, "--help"}, logs);
    CHECK(help.status == 0);
    CHECK_MESSAGE(has(help.out, "--threads INT:0..1024=0"), cmd);
    CHECK_MESSAGE(has(help.out, "0 = all cores"), cmd);
  }
  const Args tiny = {"--levels", "1", "--players", "1", "--games", "2", "--chunk", "2", "--threads", "0", "-q"};
  accepted(with({"analyze", "--agents", "random", "--out", dir.sub("a")}, tiny), logs);
  accepted(with({"compare", "--agents", "random,greedy", "--out", dir.sub("c")}, tiny), logs);
  // balance exits 1 when its target is not reached (with 2 games a value, it may not be): not a usage error.
  const auto balance = ah::run_cli({"balance", "--level", "1", "--players", "1", "--param", "ghosts", "--lo", "3", "--hi", "5", "--agent",
                                    "random", "--games", "2", "--threads", "0", "--out", dir.sub("b"), "-q"},
                                   logs);
  CHECK_MESSAGE((balance.status == 0 || balance.status == 1), balance.err);
  CHECK(has(balance.out, "written: "));
  accepted({"versus", "--game", "base", "--agents", "random,greedy", "--games", "2", "--chunk", "2", "--threads", "0", "--quiet",
            "--out", dir.sub("v")},
           logs);
  accepted({"play", "--level", "1", "--players", "1", "--agent", "random", "--out", dir.sub("g.txt")}, logs);
  const std::string review = accepted({"review", dir.sub("g.txt"), "--agent", "mcts:playouts=2", "--threads", "0"}, logs);
  CHECK(has(review, "reviewed by"));
}

TEST_CASE("options: CLI11's own errors exit with the usage status; help and version still exit 0") {
  ah::TempDir logs("opt-cli11-logs");
  refused({"solve", "--no-such-flag"}, {"--no-such-flag"}, logs);
  refused({"replay"}, {"FILE"}, logs);                    // a required argument missing
  refused({"play", "--level", "7"}, {"--level", "7", "1..6"}, logs);
  refused({"versus", "--game", "chess"}, {"--game", "chess"}, logs);
  refused({"agents", "--markdown", "extra"}, {"extra"}, logs);
  refused({"tiles", "show", "--catalog"}, {"--catalog"}, logs);
  refused({"merge", "x", "--out"}, {"--out"}, logs);
  CHECK(ah::run_cli({"--help"}, logs).status == 0);
  CHECK(ah::run_cli({"--version"}, logs).status == 0);
  CHECK(ah::run_cli({"solve", "--help"}, logs).status == 0);
}

TEST_CASE("options: train refuses the flags of a mode it was not asked for") {
  ah::TempDir logs("opt-train-logs"), dir("opt-train");
  const std::vector<std::string> base = {"train", "--levels", "4", "--players", "1", "--games", "4", "--work", dir.sub("w"), "--out",
                                         dir.sub("v.txt")};
  refused(with(base, {"--hindsight-samples", "3"}), {"--hindsight-samples needs --labels hindsight"}, logs);
  refused(with(base, {"--hindsight-agent", "expert"}), {"--hindsight-agent needs --labels hindsight"}, logs);
  refused(with(base, {"--epochs", "10"}), {"--epochs needs --hidden"}, logs);
  CHECK_FALSE(std::filesystem::exists(dir.sub("w")));  // refused before anything is played
}

TEST_CASE("a mistyped flag or command gets the one it most likely meant, and a usage exit") {
  ah::TempDir logs("near-miss");
  const struct {
    Args args;
    std::string hint;  // empty: no suggestion expected
  } cases[] = {
      {{"analyze", "--level", "3"}, "did you mean --levels (not --level)?"},
      {{"analyse"}, "did you mean analyze (not analyse)?"},
      {{"compare", "--agnets", "expert"}, "did you mean --agents (not --agnets)?"},
      {{"play", "--seeed", "3"}, "did you mean --seed (not --seeed)?"},
      {{"analyze", "--gams", "3"}, ""},     // --games and --game are both one edit away: no guess
      {{"analyze", "--zzzzzz", "3"}, ""},   // nothing near it
  };
  for (const auto& c : cases) {
    CAPTURE(c.args[0]);
    CAPTURE(c.args.size() > 1 ? c.args[1] : "");
    const ah::CliResult r = run_limited(c.args, logs);
    CHECK(r.status == USAGE_EXIT);
    if (c.hint.empty()) CHECK(!has(r.err, "did you mean"));
    else CHECK(has(r.err, c.hint));
  }
}

TEST_CASE("options: a switch given =true is refused by name in every command, as =1 and =on are") {
  ah::TempDir logs("switch-true");
  const std::vector<Args> commands = {{"analyze"}, {"merge"},  {"compare"}, {"balance"}, {"ladder"}, {"agents"},         {"solve"},
                                      {"play"},    {"replay"}, {"review"},  {"versus"},  {"bench"},  {"train"}, {"tiles", "validate"},
                                      {"tiles", "show"}};
  int switches = 0;
  for (const Args& cmd : commands) {
    Args help = cmd;
    help.push_back("--help");
    const auto h = ah::run_cli(help, logs);
    REQUIRE(h.status == 0);
    // A switch's help line: its names, then two spaces and the description (no value type).
    std::istringstream lines(h.out);
    for (std::string line; std::getline(lines, line);) {
      const size_t at = line.find("--");
      if (at == std::string::npos || line.find_first_not_of(" -,abcdefghijklmnopqrstuvwxyz", 0) < at) continue;
      if (line.substr(0, at).find_first_not_of(" -,abcdefghijklmnopqrstuvwxyz") != std::string::npos) continue;
      size_t end = at;
      while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '-' || line[end] == ',')) ++end;
      if (end + 1 >= line.size() || line.compare(end, 2, "  ") != 0) continue;  // "--games INT..." is an option with a value
      std::string name = line.substr(at, end - at);
      name = name.substr(0, name.find(','));
      if (name == "--help" || name == "--version") continue;
      CAPTURE(ah::join(cmd));
      CAPTURE(name);
      Args a = cmd;
      a.push_back(name + "=true");
      const auto r = ah::run_cli(a, logs);
      CHECK(r.status == 2);
      CHECK(r.err.find(name + " is a switch: it takes no value") != std::string::npos);
      ++switches;
    }
  }
  CHECK(switches >= 20);
}

TEST_CASE("options: compare --resume of a one-agent study is refused before it plays, naming the study") {
  ah::TempDir dir("compare-one");
  const std::string one = dir.sub("one");
  REQUIRE(ah::run_cli({"analyze", "--agents", "expert", "--levels", "1", "--players", "1", "--games", "3", "--out", one, "-q"}, dir).status == 0);
  const auto r = ah::run_cli({"compare", "--resume", one}, dir);
  CHECK(r.status == 2);
  CHECK(r.err.find("the study plays one agent (expert) with one lever setting: nothing to compare") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(one + "/compare.md"));
  // Two agents: resumed and compared.
  const std::string two = dir.sub("two");
  REQUIRE(ah::run_cli({"compare", "--agents", "expert,greedy", "--levels", "1", "--players", "1", "--games", "3", "--out", two, "-q"}, dir).status == 0);
  CHECK(ah::run_cli({"compare", "--resume", two}, dir).status == 0);
}
