// mists ladder: every level × player count searched to a target win rate (analysis/design/ladder.h).
#include <iostream>
#include <sstream>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/design/ladder.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/kit/number.h"

namespace mists::cli {

namespace {

// "80,60,40" in percent: each strictly between 0 and 100 (decimals allowed).
// Target win rates as fractions, each strictly between 0 and 1 (a percent is refused with the
// fraction it meant, as everywhere: parse_target).
std::vector<double> target_list(const std::string& text, const std::string& flag) {
  std::vector<double> out;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    const double v = parse_target(part, flag);
    if (v <= 0 || v >= 1) throw UsageError(flag + " " + part + ": a target win rate lies strictly between 0 and 1");
    out.push_back(v);
  }
  return out;
}

std::vector<std::string> word_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) out.push_back(part);
  return out;
}

}  // namespace

void add_ladder(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "ladder",
      "Bring every level and player count to a target win rate (default the curve 80/60/40/25/15/10% for levels 1-6):\n"
      "for each cell it plays the printed numbers, then moves the numbers it may move (ghosts, goal, hound1, hound2) together,\n"
      "each by the same share of its printed value, step by step toward more (or fewer) wins, and bisects on the steps for\n"
      "the nearest setting whose win rate's 95% Wilson interval holds the target, keeping hound 1 < hound 2 < goal and every\n"
      "number in its range. When the last step (every number moved by --max-change) still misses, it says that no allowed\n"
      "setting reaches the target. Every setting of a cell plays the same deals; a probe plays batches of --batch games until\n"
      "its interval leaves the target or --max-games are played. Writes ladder.md, ladder.csv, ladder.json and ladder.png;\n"
      "batches are sealed as they finish, so a killed run goes on with --resume DIR to the same result.");
  cmd->footer(
      "Examples:\n"
      "  mists ladder --out results/ladder                                  # levels 1-6 x 1, 2, 4 players, the strongest fair agent\n"
      "  mists ladder --levels 4 --players 2 --targets 0.25 --agent expert --max-games 200 --out l4\n"
      "  mists ladder --resume results/ladder                               # go on after a kill");
  struct Args {
    analysis::LadderConfig cfg;
    GameFlags flags;
    std::string levels, players, targets, numbers, shard, out, resume;
  };
  auto a = std::make_shared<Args>();
  a->flags.add(*cmd, a->cfg.game, false, false, false);
  // The ladder searches the level numbers itself and plays no co-op levers: the flags that would set
  // them (or the catalogs only the levers read) are not its own.
  for (const char* f : {"--goal", "--hound1", "--hound2", "--piles", "--abbey-catalog", "--toll-catalog"}) cmd->remove_option(cmd->get_option(f));
  cmd->add_option("--levels", a->levels, "Levels, e.g. 1-6 (the default) or 3,4")->check(no_empty_items(","));
  cmd->add_option("--players", a->players, "Player counts, e.g. 1,2,4 (the default)")->check(no_empty_items(","));
  cmd->add_option("--targets", a->targets,
                  "Target win rates as fractions, one per level of --levels in order (default: 0.8,0.6,0.4,0.25,0.15,0.1 for "
                  "levels 1-6, each level's own)")
      ->check(no_empty_items(","));
  cmd->add_option("--numbers", a->numbers,
                  "The level numbers it may move, where the level has them (default ghosts,goal,hound1,hound2; piles cannot move: "
                  "docs/analysis.md)")
      ->check(no_empty_items(","));
  cmd->add_option("--agent,--agents", a->cfg.agent, "One agent (as in analyze --agents)")->capture_default_str()->check(no_empty_items(","));
  add_number(*cmd, "--max-change", a->cfg.max_change, 0.001, 4.0,
             "The largest change of any number as a share of its printed value (0.5: at most half of it, at least 1)")
      ->capture_default_str();
  add_number(*cmd, "--steps", a->cfg.steps, 1, 1000, "Steps of the path from the printed numbers to --max-change")->capture_default_str();
  add_number(*cmd, "--batch", a->cfg.batch, 1, 100000, "Games in a sealed batch (a probe plays whole batches)")->capture_default_str();
  add_number(*cmd, "--max-games", a->cfg.max_games, 1, 1000000000, "Games a setting plays at most (a multiple of --batch)")
      ->capture_default_str();
  add_seed(*cmd, "--seed", a->cfg.seed, "Run seed (the deals of a cell come from it, the level and the player count)");
  cmd->add_option("--shard", a->shard, "Play only cells k with k % N = K - 1 (level-major order), e.g. 2/3");
  add_threads(*cmd, a->cfg.threads, "Worker threads (0 = all cores); results do not depend on it");
  cmd->add_option("--out", a->out, "Folder for the ladder (default results/ladder-<UTC time>); one run at a time (exit 1 when another holds it)");
  cmd->add_option("--resume", a->resume, "Go on with the ladder in this folder, with its saved settings (only --threads and --quiet may go with it)");
  cmd->add_flag("--quiet,-q", a->cfg.quiet, "No progress output");
  cmd->callback([cmd, a] {
    analysis::LadderConfig cfg = a->cfg;
    std::string dir = a->out;
    if (!a->resume.empty()) {
      for (const CLI::Option* o : cmd->get_options()) {
        const std::string name = o->get_name();
        if (o->count() == 0 || name == "--resume" || name == "--threads" || name == "--quiet" || name == "--help") continue;
        throw UsageError("--resume takes the whole ladder from its ladder-run.json; " + name +
                         " would change it (start a new ladder with --out, or drop " + name + ")");
      }
      cfg = analysis::read_ladder_config(a->resume);
      cfg.threads = a->cfg.threads, cfg.quiet = a->cfg.quiet;
      dir = a->resume;
    } else {
      a->flags.apply(cfg.game);
      if (!a->levels.empty()) cfg.levels = analysis::int_list(a->levels, "--levels");
      if (!a->players.empty()) cfg.players = analysis::int_list(a->players, "--players");
      if (!a->targets.empty()) cfg.targets = target_list(a->targets, "--targets");
      if (!a->numbers.empty()) cfg.numbers = word_list(a->numbers);
      if (!a->shard.empty()) {
        analysis::StudyConfig s;
        try {
          analysis::parse_shard(a->shard, s);
        } catch (const NumberError& e) {
          throw UsageError("--shard: '" + a->shard + "' is not K/N with 1 <= K <= N (" + e.what() + ")");
        }
        cfg.shard = s.shard, cfg.shards = s.shards;
      }
      // The settings' own checks, said with the flag that sets each field.
      try {
        cfg.check();
      } catch (const analysis::AnalysisError& e) {
        std::string m = e.what();
        const auto colon = m.find(':');
        std::string field = m.substr(0, colon);
        for (char& ch : field)
          if (ch == '_') ch = '-';
        throw UsageError("--" + field + m.substr(colon));
      }
      if (dir.empty()) dir = "results/ladder-" + analysis::utc_stamp();
    }
    cfg.command = command_line();
    const analysis::LadderResult r = analysis::run_ladder(cfg, dir, !a->resume.empty());
    int reached = 0;
    for (const auto& c : r.cells) reached += c.status != "unreachable";
    std::cout << r.cells.size() << " cells: " << reached << " brought to their target or already there, " << r.cells.size() - reached
              << " out of reach; " << r.batches_played << " batches played, " << r.batches_read << " read back\nwritten: " << dir
              << "/ladder.md\n";
  });
}

}  // namespace mists::cli
