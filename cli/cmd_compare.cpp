// mists compare: agents or parameter sets on the same deals, with paired statistics.
#include <iostream>

#include "analysis/compare.h"
#include "analysis/files.h"
#include "analysis/provenance.h"
#include "analysis/study.h"
#include "cli/commands.h"
#include "cli/options.h"

#include <spdlog/spdlog.h>

namespace mists::cli {

namespace {
void warn(const std::string& msg) { spdlog::warn("{}", msg); }
}  // namespace

void add_compare(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Play agents (or parameter sets of one agent) on the same deals and compare them pairwise: win rates with\n"
      "95% intervals, the paired difference with its interval and McNemar's exact test, and the paired final-score\n"
      "difference with the sign test. compare.md opens with each agent against the one before it in --agents.");
  cmd->footer(
      "Examples:\n"
      "  mists compare --agents greedy,expert,mcts --levels 1-3 --players 1,4 --games 1000 --out results/ladder\n"
      "  mists compare --agents \"expert;expert:supply=1.2\" --levels 3 --games 2000   # a weight, paired\n"
      "  mists compare --resume results/ladder\n"
      "  mists compare --game gcc --players 2 --agents mcts,expert --games 1000   # competitive: as mists versus");
  auto f = std::make_shared<StudyFlags>();
  f->levels = "3";
  f->add(*cmd, 1000, false);
  cmd->get_option("--levels")->default_str("3");
  cmd->callback([f, cmd] {
    if (!f->resume.empty()) StudyFlags::check_resume(*cmd);
    const analysis::RunOptions run{f->verbosity(), command_line(), f->config, warn};
    const bool resume = !f->resume.empty();
    analysis::StudyConfig cfg;
    if (!resume) {
      cfg = f->study(false, "Mists over Carcassonne — paired comparison");
      if (analysis::agent_list(f->agents).size() < 2 && f->config.empty())
        throw UsageError("--agents: give at least two agents to compare");
    } else {
      cfg.threads = f->threads;
    }
    const std::string out = resume ? f->resume : f->out.empty() ? "results/compare-" + analysis::utc_stamp() : f->out;
    const auto results = analysis::run_study(cfg, out, resume, run);
    // On --resume the run seed is the study's, not this command line's.
    const auto study = analysis::StudyConfig::from_json(analysis::read_study_json(out + "/study.json").at("config"), out + "/study.json");
    const auto [md, csv] = analysis::comparison_tables(results, study.seed);
    analysis::write_atomic(out + "/compare.md", md);
    analysis::write_atomic(out + "/compare.csv", csv);
    std::cout << md << "\nwritten: " << out << "/compare.md\n";
  });
}

}  // namespace mists::cli
