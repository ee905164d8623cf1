// mists analyze: the difficulty study. mists merge: shards into one study.
#include <ctime>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/study.h"

namespace mists::cli {

void add_analyze(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "analyze",
      "Play every level many times and report win rates with intervals, loss causes and score distributions.\n"
      "With no study options it runs the default study: the expert on levels 1-6 x 1-5 players at the official\n"
      "ghost budgets, a ghost-budget sweep (official -3..+3) for 2 players, and mcts and the clairvoyant bound\n"
      "on every level for 2 players.");
  struct Args {
    GameOptions game;
    std::string levels, players, agents, deltas, ghosts, out, resume, shard, title, rollout;
    int games = 2000, bound_games = 200, threads = 0, min_games = 200, chunk = 100, playouts = -1;
    double precision = 0, c = -1;
    uint64_t seed = 1;
    bool verbose = false, quiet = false;
  };
  auto a = std::make_shared<Args>();
  a->game.add_to(*cmd, false, false);
  cmd->add_option("--levels", a->levels, "Levels, e.g. 1-6 or 1,3,6");
  cmd->add_option("--players", a->players, "Player counts, e.g. 1-5 or 2");
  cmd->add_option("--agents", a->agents, "Agents, e.g. expert,mcts:playouts=1000 (random, greedy, expert, mcts, clairvoyant; docs/solver.md)");
  cmd->add_option("--ghost-deltas", a->deltas, "Ghost totals relative to each level's official one, e.g. -3..3");
  cmd->add_option("--ghosts", a->ghosts, "Absolute ghost totals, e.g. 12,15 (instead of --ghost-deltas)");
  cmd->add_option("--games", a->games, "Games per cell (the default study: per expert cell)")->capture_default_str()->check(CLI::Range(1, 100000000));
  cmd->add_option("--bound-games", a->bound_games, "Default study: games per mcts and clairvoyant cell")->capture_default_str()->check(CLI::Range(1, 100000000));
  cmd->add_option("--precision", a->precision, "Stop a cell once its 95% interval half-width is below this (e.g. 0.01)")->check(CLI::Range(0.0, 0.5));
  cmd->add_option("--min-games", a->min_games, "With --precision: games before a cell may stop")->capture_default_str()->check(CLI::Range(1, 100000000));
  cmd->add_option("--chunk", a->chunk, "Games per saved chunk")->capture_default_str()->check(CLI::Range(1, 100000));
  cmd->add_option("--threads", a->threads, "Worker threads (0 = all cores); results do not depend on it")->capture_default_str()->check(CLI::Range(0, 1024));
  cmd->add_option("--seed", a->seed, "Run seed")->capture_default_str();
  cmd->add_option("--playouts", a->playouts, "MCTS playouts per decision (mcts, clairvoyant)")->check(CLI::Range(1, 100000000));
  cmd->add_option("--c", a->c, "MCTS exploration constant")->check(CLI::Range(0.0, 100.0));
  cmd->add_option("--rollout", a->rollout, "MCTS leaf judgement: none, turn, random, greedy")->check(CLI::IsMember({"none", "turn", "random", "greedy"}));
  cmd->add_option("--out", a->out, "Output folder (default results/run-<UTC time>)");
  cmd->add_option("--resume", a->resume, "Finish a killed study in this folder (its study.json decides everything)");
  cmd->add_option("--shard", a->shard, "Play only slice K of N of the study's chunks, e.g. 2/4 (merge with mists merge)");
  cmd->add_option("--title", a->title, "Report title");
  cmd->add_flag("--verbose,-v", a->verbose, "Print each cell's result as it finishes");
  cmd->add_flag("--quiet,-q", a->quiet, "No progress output");
  cmd->callback([a] {
    const int verbosity = a->quiet ? -1 : a->verbose ? 1 : 0;
    StudyConfig cfg;
    cfg.threads = a->threads;
    if (!a->resume.empty()) {
      run_study(cfg, a->resume, true, verbosity);
      std::cout << "study finished: " << a->resume << "/report.md\n";
      return;
    }
    cfg.game = a->game;
    cfg.seed = a->seed;
    cfg.precision = a->precision;
    cfg.min_games = a->min_games;
    cfg.chunk = a->chunk;
    if (a->playouts > 0) cfg.mcts.playouts = a->playouts;
    if (a->c >= 0) cfg.mcts.c = a->c;
    for (int r = 0; r < 4; ++r)
      if (rollout_name(Rollout(r)) == a->rollout) cfg.mcts.rollout = Rollout(r);
    if (!a->shard.empty() && (std::sscanf(a->shard.c_str(), "%d/%d", &cfg.shard, &cfg.shards) != 2 || cfg.shards < 1 ||
                              cfg.shard < 1 || cfg.shard > cfg.shards))
      throw UsageError("--shard: '" + a->shard + "' is not K/N with 1 <= K <= N");
    if (!a->deltas.empty() && !a->ghosts.empty()) throw UsageError("--ghost-deltas and --ghosts exclude each other");
    const bool custom = !(a->levels.empty() && a->players.empty() && a->agents.empty() && a->deltas.empty() && a->ghosts.empty());
    auto add_cells = [&](const std::vector<std::string>& agents, const std::vector<int>& levels,
                         const std::vector<int>& players, const std::vector<int>& deltas, bool absolute, int games) {
      for (const auto& ag : agents) {
        parse_agent(ag, cfg.mcts);  // throws for an unknown agent or parameter
        for (int l : levels) {
          if (l < 1 || l > 6) throw UsageError("--levels: level " + std::to_string(l) + " is not 1-6");
          const int official = cfg.game.level_config(l).ghosts;
          for (int p : players) {
            if (p < 1 || p > 5) throw UsageError("--players: " + std::to_string(p) + " is not 1-5");
            for (int d : deltas) {
              CellSpec c;
              c.level = l;
              c.players = p;
              c.agent = ag;
              c.ghosts = absolute ? d : official + d;
              c.ghost_delta = c.ghosts - official;
              c.games = games;
              if (c.ghosts < 3 || c.ghosts > 250)
                throw UsageError(std::string(absolute ? "--ghosts " : "--ghost-deltas ") + std::to_string(d) +
                                 ": ghost total " + std::to_string(c.ghosts) + " for level " + std::to_string(l) +
                                 " is impossible: the start tile alone takes 3, at most 250");
              cfg.cells.push_back(c);
            }
          }
        }
      }
    };
    if (custom) {
      const auto levels = a->levels.empty() ? std::vector<int>{1, 2, 3, 4, 5, 6} : int_list(a->levels, "--levels");
      const auto players = a->players.empty() ? std::vector<int>{2} : int_list(a->players, "--players");
      const auto agents = a->agents.empty() ? std::vector<std::string>{"expert"} : agent_list(a->agents);
      const bool absolute = !a->ghosts.empty();
      const auto deltas = absolute ? int_list(a->ghosts, "--ghosts") : a->deltas.empty() ? std::vector<int>{0} : int_list(a->deltas, "--ghost-deltas");
      add_cells(agents, levels, players, deltas, absolute, a->games);
      cfg.title = a->title.empty() ? "Mists over Carcassonne — custom study" : a->title;
    } else {
      add_cells({"expert"}, {1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5}, {0}, false, a->games);
      add_cells({"expert"}, {1, 2, 3, 4, 5, 6}, {2}, {-3, -2, -1, 1, 2, 3}, false, a->games);
      add_cells({"mcts", "clairvoyant"}, {1, 2, 3, 4, 5, 6}, {2}, {0}, false, a->bound_games);
      cfg.title = a->title.empty() ? "Mists over Carcassonne — difficulty of every level (default study)" : a->title;
    }
    const std::string out = a->out.empty() ? resolve("results") + "/run-" + utc_stamp() : a->out;
    run_study(cfg, out, false, verbosity);
    std::cout << "study finished: " << out << "/report.md\n";
  });

  auto* merge = app.add_subcommand("merge", "Combine the shards of one study (mists analyze --shard K/N) into one result");
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  merge->add_option("DIR", *dirs, "Shard folders")->required();
  merge->add_option("--out", *out, "Folder for the merged study")->required();
  merge->callback([dirs, out] {
    merge_studies(*dirs, *out);
    std::cout << "merged " << dirs->size() << " shards: " << *out << "/report.md\n";
  });
}

}  // namespace mists::cli
