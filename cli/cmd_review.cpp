// mists review FILE: every decision of a game record judged by a fair search (analysis/viewer.h):
// what it would have played, its value of that and of the choice made, the costliest decisions.
#include <tbb/global_control.h>

#include <iostream>
#include <thread>

#include "analysis/agents.h"
#include "analysis/files.h"
#include "analysis/viewer.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/versus/record.h"

namespace mists::cli {

void add_review(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "review",
      "Review every decision of a game record with a fair search (mcts by default): the option it prefers, its\n"
      "value of that option and of the one played, and the costly decisions. Values are the search's mean rewards\n"
      "(0-1: a win counts 1, a position cut off is judged by the heuristic, or by the learned value with value=leaf\n"
      "or learned). A mark is one the search can stand behind: where one search over all options prefers another\n"
      "option, that option and the one played are each searched alone on seeds of their own, 4 times, then 8, 16\n"
      "(up to --repeats), until the cost (the difference of their mean values) has a --confidence interval (Welch's\n"
      "t) wholly above 0.01: 'costly', marked; or wholly at or below 0.01: 'as good'. An interval that still\n"
      "straddles 0.01 at the cap is 'within noise', not marked. Costs are written 'cost ± half-width'. docs/records.md.");
  cmd->footer("Example:\n  mists play --level 5 --players 2 --agent expert --seed 7 --out game.txt && mists review game.txt --html game.html");
  struct Args {
    std::string file, catalog, agent = "mcts", html, out;
    int top = 10, threads = 0;
    analysis::ReviewSettings how;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("FILE", a->file, "Game record (docs/records.md)")->required();
  cmd->add_option("--agent", a->agent, "The search that judges: mcts with any parameters, value=leaf or value=learned included (`mists agents`)")
      ->capture_default_str()
      ->check(no_empty_items(","));
  add_number(*cmd, "--top", a->top, 0, 100000, "How many of the costliest marked decisions to list")->capture_default_str();
  add_number(*cmd, "--repeats", a->how.repeats, 2, 1000,
             "Most searches of each of the two options of a disputed decision (rounds of 4, 8, 16, ...)")
      ->capture_default_str();
  add_number(*cmd, "--confidence", a->how.confidence, 0.5, 0.9999, "Two-sided level of the interval of a cost")->capture_default_str();
  cmd->add_option("--html", a->html, "Also write the game page (as replay --html) with the review's marks on each decision");
  cmd->add_option("--out", a->out, "Write the review text here instead of standard output");
  cmd->add_option("--catalog", a->catalog, "Read the tiles from this file instead of the one the record names");
  add_threads(*cmd, a->threads, "Positions searched at once (0 = all cores); the review does not depend on it");
  cmd->callback([a] {
    const analysis::AgentSpec agent = analysis::parse_agent(a->agent);
    if (vs::is_vs_record(read_file(a->file)))
      throw UsageError(a->file + ": a competitive record; review judges co-op games only (a competitive record's page: mists replay " +
                       a->file + " --html OUT)");
    const analysis::LoadedRecord g = analysis::load_record(a->file, a->catalog);
    const int threads = a->threads > 0 ? a->threads : int(std::max(1u, std::thread::hardware_concurrency()));
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    const std::vector<analysis::ReviewMark> marks = analysis::review_record(g, agent, a->how);
    const std::string text = "reviewed by " + agent.describe() + "\n" + analysis::review_text(g, marks, a->top, a->how);
    if (a->out.empty()) std::cout << text;
    else analysis::write_atomic(a->out, text);
    if (!a->html.empty()) {
      analysis::write_atomic(a->html, analysis::viewer_html(g, &marks, a->file, a->how));
      std::cerr << "game page with the review: " << a->html << '\n';
    }
  });
}

}  // namespace mists::cli
