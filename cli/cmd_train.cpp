// mists train: fits the learned value (solver/value.h) to games of a fair agent (analysis/train/train.h).
#include <iostream>

#include "analysis/study/study_config.h"
#include "analysis/train/td_train.h"
#include "analysis/train/train.h"
#include "cli/commands.h"
#include "cli/options.h"

namespace mists::cli {

void add_train(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "train",
      "Fit the learned value that planner:value=leaf|learned and mcts:value=leaf read: play games of a fair agent\n"
      "(default the planner; the defaults make the shipped configs/value/value.txt)\n"
      "on every level and player count asked, keep each game as its choices in --work (sealed chunks: an\n"
      "interrupted run resumes, other settings are refused), replay them into positions, and fit one logistic\n"
      "head per level and pile stage (docs/solver.md, 'The learned value'). The games at and past --fit-share are\n"
      "held out: their Brier score and reliability by decile go to WORK/calibration.md. The same settings give\n"
      "the same weights file byte for byte on any number of threads.\n"
      "--method td learns the afterstate value that the td agent reads (configs/value/afterstate.txt) instead: the\n"
      "td agent plays each level on the weights as they stand and learns from its own games by TD(lambda)\n"
      "(docs/solver.md, 'The afterstate value'); checkpoints in --work resume a stopped run.");
  cmd->footer(
      "Examples:\n"
      "  mists train          # the shipped weights: levels 1-6, 1, 2 and 4 players, 250 games each, seed 1001\n"
      "  mists train --levels 4 --players 1 --games 40 --work /tmp/v --out /tmp/v/value.txt   # a small try\n"
      "  mists train --levels 4,5 --players 1,4 --games 100 --labels hindsight --out /tmp/hindsight.txt   # labels from deal-known play\n"
      "  mists train --method td --games 50000 --checkpoint 2000   # the shipped afterstate value: levels 1-6, 1, 2 and 4 players, seed 2001\n"
      "  mists train --method td --levels 3 --players 2 --games 2000 --work /tmp/td --out /tmp/td/a.txt   # a small try");
  struct Args {
    analysis::TrainConfig cfg;
    analysis::TdTrainConfig td;
    std::string method = "fit";
    long long td_games = 0;
    std::string levels = "1-6", players = "1,2,4";
    bool quiet = false;
  };
  auto a = std::make_shared<Args>();
  analysis::TrainConfig& c = a->cfg;
  c.work = "results/value-train";
  cmd->add_option("--method", a->method,
                  "fit: the logistic heads of configs/value/value.txt fitted to a fair agent's games; td: the afterstate value "
                  "learnt by temporal differences from the td agent's own games")
      ->capture_default_str()
      ->check(CLI::IsMember({"fit", "td"}));
  analysis::TdTrainConfig& td = a->td;
  add_number(*cmd, "--alpha", td.alpha, 1e-6, 100.0, "td: step of the lookups' weights")->capture_default_str();
  add_number(*cmd, "--alpha-heuristic", td.alpha_h, 0.0, 100.0, "td: step of the heuristic input's weight")->capture_default_str();
  add_number(*cmd, "--lambda", td.lambda, 0.0, 1.0, "td: the lambda of TD(lambda)")->capture_default_str();
  add_number(*cmd, "--explore", td.explore, 0.0, 1.0, "td: share of decisions taken at random while learning")->capture_default_str();
  add_number(*cmd, "--checkpoint", td.checkpoint, 1, 100000000, "td: games per level between saved checkpoints (and the blocks of WORK/curve.csv)")
      ->capture_default_str();
  add_number(*cmd, "--restarts", td.restarts, 0, 1000,
             "td: after each game, play on again this many times from the first position of each later pile stage it reached, on sampled deals")
      ->capture_default_str();
  add_number(*cmd, "--holdout", td.holdout, 0, 1000000, "td: held-out games a level for WORK/calibration.md (Brier score, reliability by decile)")
      ->capture_default_str();
  cmd->add_option("--levels", a->levels, "Levels, e.g. 1-6 or 4,5")->capture_default_str()->check(no_empty_items(","));
  cmd->add_option("--players", a->players, "Player counts, e.g. 1,4")->capture_default_str()->check(no_empty_items(","));
  add_number(*cmd, "--games", c.games, 2, 1000000, "Games per level and player count (td: per level, default 20000)")->capture_default_str();
  add_seed(*cmd, "--seed", c.seed, "Run seed of the deals (studies use 7: keep the training deals apart from them; td: default 2001)")->capture_default_str();
  cmd->add_option("--agent", c.agent, "The fair agent whose games are learnt from (mists agents)")->capture_default_str();
  add_number(*cmd, "--chunk", c.chunk, 1, 100000, "Games per saved chunk")->capture_default_str();
  add_number(*cmd, "--ridge", c.ridge, 0.0, 1e9, "L2 penalty on the standardised weights of each head")->capture_default_str();
  add_number(*cmd, "--fit-share", c.fit_share, 0.05, 1.0, "Share of each cell's games fitted (by game index); the rest are held out for calibration")
      ->capture_default_str();
  cmd->add_option("--labels", c.labels,
                  "What a fitted position is labelled with: outcome (what its game went on to do; the shipped weights) or hindsight "
                  "(the share of --hindsight-samples games played on from it by --hindsight-agent on deals sampled from what the team sees)")
      ->capture_default_str()
      ->check(CLI::IsMember({"outcome", "hindsight"}));
  cmd->add_option("--hindsight-agent", c.hindsight_agent, "The agent that plays the hindsight labels' games (mists agents; it may see the sampled deal)")
      ->capture_default_str();
  add_number(*cmd, "--hindsight-samples", c.hindsight_samples, 1, 1000, "Hindsight: sampled deals played on from each labelled position")->capture_default_str();
  add_number(*cmd, "--hindsight-every", c.hindsight_every, 1, 1000, "Hindsight: label every Nth turn start of each fitted game (1 = all)")->capture_default_str();
  add_number(*cmd, "--hidden", c.hidden, 0, 256, "Hidden tanh units beside each head's linear part (0: the linear head)")->capture_default_str();
  add_number(*cmd, "--epochs", c.epochs, 1, 1000000, "With --hidden: full-batch Adam steps from the linear fit")->capture_default_str();
  add_threads(*cmd, c.threads, "Threads that play games (0 = all cores); the weights do not depend on it");
  cmd->add_option("--work", c.work, "Folder of the played games (games/), train.json and the calibration tables; one run at a time (exit 1 when another holds it); td: the checkpoints and curve.csv, default results/td-train")->capture_default_str();
  cmd->add_option("--out", c.out, "The weights file to write (td: default configs/value/afterstate.txt)")->capture_default_str();
  cmd->add_option("--catalog", c.game.catalog, "Tile catalog")->capture_default_str();
  cmd->add_option("--levels-dir", c.game.levels_dir, "Folder of the level files level1.toml .. level6.toml")->capture_default_str();
  cmd->add_flag("--quiet,-q", a->quiet, "No progress lines on standard error");
  cmd->callback([a, cmd] {
    // --levels and --players, each value in its range (both methods).
    auto read_cells = [&](std::vector<int>& levels, std::vector<int>& players) {
      levels = analysis::int_list(a->levels, "--levels");
      players = analysis::int_list(a->players, "--players");
      for (int l : levels)
        if (l < 1 || l > 6) throw UsageError("--levels: level " + std::to_string(l) + " is not 1-6");
      for (int p : players)
        if (p < 1 || p > 5) throw UsageError("--players: " + std::to_string(p) + " is not 1-5");
    };
    if (a->method == "td") {
      for (const char* flag : {"--agent", "--chunk", "--ridge", "--fit-share", "--labels", "--hindsight-agent", "--hindsight-samples",
                               "--hindsight-every", "--hidden", "--epochs"})
        if (cmd->count(flag)) throw UsageError(std::string(flag) + " is the fit's (--method fit); --method td learns from its own games");
      analysis::TdTrainConfig& d = a->td;
      d.game = a->cfg.game;
      if (cmd->count("--games")) d.games = a->cfg.games;
      if (cmd->count("--seed")) d.seed = a->cfg.seed;
      if (cmd->count("--work")) d.work = a->cfg.work;
      if (cmd->count("--out")) d.out = a->cfg.out;
      d.threads = a->cfg.threads;
      read_cells(d.levels, d.players);
      const analysis::TdTrainResult r = analysis::train_td(d, command_line(), a->quiet ? -1 : 0);
      std::cout << "mists train --method td: " << r.model.heads.size() << " tables written to " << d.out << " (checksum " << r.model.checksum() << ")\n";
      for (const analysis::TdLevelResult& l : r.levels) {
        std::cout << "  level " << l.level << ": " << l.played << " games played, " << l.read << " read from " << d.work;
        if (l.games_last) std::cout << "; the last " << l.games_last << " won " << l.wins_last << " (" << 100.0 * double(l.wins_last) / double(l.games_last) << "%)";
        std::cout << "\n";
      }
      if (!r.calibration.empty()) std::cout << "\n" << analysis::td_calibration_markdown(r);
      return;
    }
    for (const char* flag : {"--alpha", "--alpha-heuristic", "--lambda", "--explore", "--checkpoint", "--holdout", "--restarts"})
      if (cmd->count(flag)) throw UsageError(std::string(flag) + " needs --method td");
    analysis::TrainConfig& t = a->cfg;
    // A flag of a mode not asked for is refused, never ignored.
    if (t.labels != "hindsight")
      for (const char* flag : {"--hindsight-agent", "--hindsight-samples", "--hindsight-every"})
        if (cmd->count(flag)) throw UsageError(std::string(flag) + " needs --labels hindsight");
    if (t.hidden == 0 && cmd->count("--epochs")) throw UsageError("--epochs needs --hidden (the linear head is fitted by Newton's method)");
    read_cells(t.levels, t.players);
    if (t.fit_games() < 1 || t.fit_games() >= t.games)
      throw UsageError("--fit-share " + std::to_string(t.fit_share) + " of --games " + std::to_string(t.games) +
                       ": both the fitted and the held-out games must be at least one");
    const analysis::TrainResult r = analysis::train_value(t, command_line(), a->quiet ? -1 : 0);
    std::cout << "mists train: " << r.games_played << " games played, " << r.games_read << " read from " << t.work << "; ";
    if (t.labels == "hindsight") std::cout << r.positions_labelled << " positions labelled, " << r.labels_read << " labels read; ";
    std::cout
              << r.model.heads.size() << " heads written to " << t.out << " (checksum " << r.model.checksum() << ")\n\n"
              << analysis::calibration_markdown(r);
  });
}

}  // namespace mists::cli
