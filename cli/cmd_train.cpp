// mists train: fits the learned value (solver/value.h) to games of a fair agent (analysis/train.h).
#include <iostream>

#include "analysis/study_config.h"
#include "analysis/train.h"
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
      "the same weights file byte for byte on any number of threads.");
  cmd->footer(
      "Examples:\n"
      "  mists train          # the shipped weights: levels 1-6, 1, 2 and 4 players, 250 games each, seed 1001\n"
      "  mists train --levels 4 --players 1 --games 40 --work /tmp/v --out /tmp/v/value.txt   # a small try\n"
      "  mists train --levels 4,5 --players 1,4 --games 100 --labels hindsight --out /tmp/hindsight.txt   # labels from deal-known play");
  struct Args {
    analysis::TrainConfig cfg;
    std::string levels = "1-6", players = "1,2,4";
    bool quiet = false;
  };
  auto a = std::make_shared<Args>();
  analysis::TrainConfig& c = a->cfg;
  c.work = "results/value-train";
  cmd->add_option("--levels", a->levels, "Levels, e.g. 1-6 or 4,5")->capture_default_str()->check(no_empty_items(","));
  cmd->add_option("--players", a->players, "Player counts, e.g. 1,4")->capture_default_str()->check(no_empty_items(","));
  add_number(*cmd, "--games", c.games, 2, 1000000, "Games per level and player count")->capture_default_str();
  add_seed(*cmd, "--seed", c.seed, "Run seed of the deals (studies use 7: keep the training deals apart from them)")->capture_default_str();
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
  cmd->add_option("--work", c.work, "Folder of the played games (games/), train.json and the calibration tables; one run at a time (exit 1 when another holds it)")->capture_default_str();
  cmd->add_option("--out", c.out, "The weights file to write")->capture_default_str();
  cmd->add_option("--catalog", c.game.catalog, "Tile catalog")->capture_default_str();
  cmd->add_option("--levels-dir", c.game.levels_dir, "Folder of the level files level1.toml .. level6.toml")->capture_default_str();
  cmd->add_flag("--quiet,-q", a->quiet, "No progress lines on standard error");
  cmd->callback([a, cmd] {
    analysis::TrainConfig& t = a->cfg;
    // A flag of a mode not asked for is refused, never ignored.
    if (t.labels != "hindsight")
      for (const char* flag : {"--hindsight-agent", "--hindsight-samples", "--hindsight-every"})
        if (cmd->count(flag)) throw UsageError(std::string(flag) + " needs --labels hindsight");
    if (t.hidden == 0 && cmd->count("--epochs")) throw UsageError("--epochs needs --hidden (the linear head is fitted by Newton's method)");
    t.levels = analysis::int_list(a->levels, "--levels");
    t.players = analysis::int_list(a->players, "--players");
    for (int l : t.levels)
      if (l < 1 || l > 6) throw UsageError("--levels: level " + std::to_string(l) + " is not 1-6");
    for (int p : t.players)
      if (p < 1 || p > 5) throw UsageError("--players: " + std::to_string(p) + " is not 1-5");
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
