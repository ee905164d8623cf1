// mists analyze: the difficulty study. mists merge: shards into one study.
#include <iostream>

#include "analysis/agents/agents.h"
#include "analysis/run/files.h"
#include "analysis/study/study.h"
#include "analysis/tournament/tournament.h"
#include "cli/commands.h"
#include "cli/games.h"
#include "cli/options.h"

#include <spdlog/spdlog.h>

namespace mists::cli {

namespace {
void warn(const std::string& msg) { spdlog::warn("{}", msg); }
}  // namespace

void add_analyze(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "analyze",
      "Play every level many times and report win rates with intervals, loss causes and score distributions.\n"
      "With no cell options it runs the default study: the strongest fair agent measured\n"
      "(" + std::string(analysis::BEST_FAIR_AGENT) + ") on levels 1-6 x 1-5 players at the official ghost budgets and\n"
      "in a ghost-budget sweep (official -3..+3) for 2 players (--bound-games each); the expert, a casual player, on\n"
      "levels 1-6 x 1-5 players (--games each); and for the luck-and-skill table the fair td:depth=2 and the same agent\n"
      "told the next 1, 2 and 4 tiles on every level for 2 players (--bound-games each).");
  cmd->footer(
      "Examples:\n"
      "  mists analyze                                        # the default study into results/run-<time>\n"
      "  mists analyze --levels 3-4 --players 1,4 --agents expert,mcts:playouts=1000 --ghost-deltas -2..2 \\\n"
      "                --games 1000 --out results/l34 --verbose\n"
      "  mists analyze --levels 3-6 --players 1,4 --games 1000 --out results/lv \\\n"
      "                --levers none,coop_abbeys=per_colour,coop_chips=on   # co-op levers (docs/rules.md C), same deals\n"
      "  mists analyze --config study.toml --out results/s     # the cells from a study file (docs/analysis.md)\n"
      "  mists analyze --resume results/l34                     # finish a killed study\n"
      "  mists analyze --levels 3 --games 3000 --shard 2/3 --out s2   # one of 3 shards; then mists merge\n"
      "  mists analyze --game gcc --players 4 --agents mcts,expert,greedy --games 1000 --out results/gcc/p4\n"
      "                                  # the competitive game: the same as mists versus with these flags");
  auto f = std::make_shared<StudyFlags>();
  f->add(*cmd, 2000, true);
  cmd->callback([f, cmd] {
    const CliGame& game = game_named(f->game_played(*cmd));
    if (game.tournament) return f->tournament(*cmd, game.name).run(*cmd);
    refuse_other_games(*cmd, game.name);
    f->check_given(*cmd);
    const analysis::RunOptions run{f->verbosity(), command_line(), f->config, warn, {}};
    std::string out = f->resume;
    analysis::StudyConfig cfg;
    if (out.empty()) {
      cfg = f->study(true, "");
      out = f->out.empty() ? "results/run-" + analysis::utc_stamp() : f->out;
    } else {
      cfg.threads = f->threads;
    }
    analysis::run_study(cfg, out, !f->resume.empty(), run);
    std::cout << "study finished: " << out << "/report.md (and report.html)\n";
  });

  auto* merge = app.add_subcommand("merge", "Combine the shards of one study (mists analyze --shard K/N) or of one tournament "
                                             "(mists versus --shard K/N) into one result");
  merge->footer("Examples:\n  mists merge s1 s2 s3 --out results/study        # the shards of one study, played anywhere\n"
                "  mists merge t1 t2 --out results/gcc/p2           # the shards of one tournament (tournament.json)");
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  merge->add_option("DIR", *dirs, "Shard folders")->required();
  merge->add_option("--out", *out, "Folder for the merged study or tournament (not one of the shards; locked while merge writes it)")
      ->required();
  merge->callback([dirs, out] {
    // A tournament's shards hold tournament.json, a study's study.json: the first folder tells.
    if (analysis::holds_tournament(dirs->front())) analysis::merge_tournaments(*dirs, *out, command_line());
    else analysis::merge_studies(*dirs, *out, {0, command_line(), "", warn, {}});
    std::cout << "merged " << dirs->size() << " shards: " << *out << "/report.md\n";
  });
}

}  // namespace mists::cli
