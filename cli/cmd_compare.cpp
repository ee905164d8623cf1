// mists compare: agents or parameter sets on the same deals, with paired statistics.
#include <filesystem>
#include <iostream>
#include <set>

#include "analysis/study/compare.h"
#include "analysis/run/files.h"
#include "analysis/run/lock.h"
#include "analysis/study/outputs.h"
#include "analysis/study/provenance.h"
#include "analysis/study/study.h"
#include "cli/commands.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/config/load.h"

#include <spdlog/spdlog.h>

namespace mists::cli {

namespace {
void warn(const std::string& msg) { spdlog::warn("{}", msg); }
}  // namespace

void add_compare(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Play agents (or parameter sets of one agent, or co-op lever settings) on the same deals and compare them\n"
      "pairwise: win rates with 95% intervals, the paired difference with its interval and McNemar's exact test, and\n"
      "the paired final-score difference with the sign test. compare.md opens with each agent A against the one after\n"
      "it B in --agents (one agent and several --levers settings: each other setting A against the first B); every\n"
      "difference, in the summary and the tables, is A - B, and `better` means A did better than B. p-values: three\n"
      "decimals down to 0.001, scientific below.");
  cmd->footer(
      "Examples:\n"
      "  mists compare --agents greedy,expert,mcts --levels 1-3 --players 1,4 --games 1000 --out results/ladder\n"
      "  mists compare --agents \"expert;expert:supply=1.2\" --levels 3 --games 2000   # a weight, paired\n"
      "  mists compare --agents expert --levels 3-6 --players 1,4 --games 1000 \\\n"
      "                --levers none,coop_abbeys=per_colour,coop_tolls=per_colour,coop_chips=on   # co-op levers, paired\n"
      "  mists compare --resume results/ladder\n"
      "  mists compare --game gcc --players 2 --agents mcts,expert --games 1000   # competitive: as mists versus");
  auto f = std::make_shared<StudyFlags>();
  f->levels = "3";
  f->add(*cmd, 1000, false);
  cmd->get_option("--levels")->default_str("3");
  cmd->callback([f, cmd] {
    const CliGame& game = game_named(f->game_played(*cmd));
    if (game.tournament) return f->tournament(*cmd, game.name).run(*cmd);
    refuse_other_games(*cmd, game.name);
    f->check_given(*cmd);
    analysis::RunOptions run{f->verbosity(), command_line(), f->config, warn, {}};
    const bool resume = !f->resume.empty();
    analysis::StudyConfig cfg;
    if (!resume) {
      cfg = f->study(false, "Mists over Carcassonne — paired comparison");
      if (f->config.empty() && analysis::agent_list(f->agents).size() < 2 &&
          (f->levers.empty() || analysis::lever_list(f->levers, "--levers").size() < 2))
        throw UsageError("--agents, --levers: give at least two agents or two lever settings to compare");
    } else {
      cfg.threads = f->threads;
    }
    const std::string out = resume ? f->resume : f->out.empty() ? "results/compare-" + analysis::utc_stamp() : f->out;
    const analysis::FolderLock lock(out, run.command);  // over the study and its tables: one run at a time
    run.held = &lock;
    if (resume) {
      // A study of one agent and one lever setting has nothing to pair: refused before it plays (a
      // folder another run holds is refused first, as for every study).
      const std::string path = f->resume + "/study.json";
      if (std::filesystem::exists(path)) {
        const auto held = analysis::StudyConfig::from_json(analysis::read_study_json(path).at("config"), path);
        std::set<std::string> agents, levers;
        for (const auto& c : held.cells) agents.insert(c.agent), levers.insert(levers_text(c.levers));
        if (agents.size() < 2 && levers.size() < 2)
          throw UsageError("--resume " + f->resume + ": the study plays one agent (" + (agents.empty() ? std::string("none") : *agents.begin()) +
                           ") with one lever setting: nothing to compare (resume it with mists analyze --resume " + f->resume + ")");
      }
    }
    const auto results = analysis::run_study(cfg, out, resume, run);
    // On --resume the run seed is the study's, not this command line's.
    const auto study = analysis::StudyConfig::from_json(analysis::read_study_json(out + "/study.json").at("config"), out + "/study.json");
    const auto [md, csv] = analysis::comparison_tables(results, study.seed);
    analysis::write_atomic(out + "/compare.md", md);
    analysis::write_atomic(out + "/compare.csv", csv);
    // report.html shows the comparison after the study's sections (report.md stays the study's own).
    analysis::write_report_html(read_file(out + "/report.md") + "\n" + analysis::nested_markdown(md), out);
    std::cout << md << "\nwritten: " << out << "/compare.md\n";
  });
}

}  // namespace mists::cli
