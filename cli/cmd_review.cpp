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

namespace mists::cli {

void add_review(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "review",
      "Review every decision of a game record with a fair search: the option it prefers, its value of that option\n"
      "and of the one played (the same budget for both), and the decisions that cost the most. Values are the\n"
      "search's mean rewards (0-1: a win counts 1, a position cut off is judged by the heuristic; docs/records.md).");
  cmd->footer("Example:\n  mists play --level 5 --players 2 --agent expert --seed 7 --out game.txt && mists review game.txt --html game.html");
  struct Args {
    std::string file, catalog, agent = "mcts", html, out;
    int top = 10, threads = 0;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("FILE", a->file, "Game record (docs/records.md)")->required();
  cmd->add_option("--agent", a->agent, "The search that judges (mcts with any parameters; `mists agents`)")
      ->capture_default_str()
      ->check(no_empty_items(","));
  add_number(*cmd, "--top", a->top, 0, 100000, "How many of the costliest decisions to list")->capture_default_str();
  cmd->add_option("--html", a->html, "Also write the game page (as replay --html) with the review's marks on each decision");
  cmd->add_option("--out", a->out, "Write the review text here instead of standard output");
  cmd->add_option("--catalog", a->catalog, "Read the tiles from this file instead of the one the record names");
  add_threads(*cmd, a->threads, "Positions searched at once (0 = all cores); the review does not depend on it");
  cmd->callback([a] {
    const analysis::AgentSpec agent = analysis::parse_agent(a->agent);
    const analysis::LoadedRecord g = analysis::load_record(a->file, a->catalog);
    const int threads = a->threads > 0 ? a->threads : int(std::max(1u, std::thread::hardware_concurrency()));
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    const std::vector<analysis::ReviewMark> marks = analysis::review_record(g, agent);
    const std::string text = "reviewed by " + agent.describe() + "\n" + analysis::review_text(g, marks, a->top);
    if (a->out.empty()) std::cout << text;
    else analysis::write_atomic(a->out, text);
    if (!a->html.empty()) {
      analysis::write_atomic(a->html, analysis::viewer_html(g, &marks, a->file));
      std::cerr << "game page with the review: " << a->html << '\n';
    }
  });
}

}  // namespace mists::cli
