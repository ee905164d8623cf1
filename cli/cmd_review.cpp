// mists review FILE: every decision of a game record judged by a fair search (analysis/viewer.h):
// what it would have played, its value of that and of the choice made, the costliest decisions.
#include <tbb/global_control.h>

#include <iostream>
#include <thread>

#include "analysis/agents.h"
#include "analysis/error.h"
#include "analysis/files.h"
#include "analysis/versus_review.h"
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
      "straddles 0.01 at the cap is 'within noise', not marked. Costs are written 'cost ± half-width'.\n"
      "A competitive record (base, GCC, any modules) is reviewed seat by seat: the judge (--agent, a competitive agent,\n"
      "mcts by default) names the option it prefers; where that is not the one played, each of the two is valued by\n"
      "games played on from it by --rollout at every seat on piles drawn from the tiles not yet seen, as the deciding\n"
      "seat's final margin in points, in the same rounds (up to 64 by default), the k-th game of both options on the\n"
      "same pile and numbers (a paired interval), with --negligible 1 point by default. docs/records.md.");
  cmd->footer("Examples:\n  mists play --level 5 --players 2 --agent expert --seed 7 --out game.txt && mists review game.txt --html game.html\n"
              "  mists play --game base --agents expert,greedy --seed 3 --out base.txt && mists review base.txt --seat 1 --html base.html");
  struct Args {
    std::string file, catalog, agent = "mcts", rollout = "expert", html, out;
    int top = 10, threads = 0, seat = -1;
    analysis::ReviewSettings how;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("FILE", a->file, "Game record (docs/records.md)")->required();
  cmd->add_option("--agent", a->agent, "The search that judges: mcts with any parameters, value=leaf or value=learned included; for a competitive record a competitive agent (`mists agents`)")
      ->capture_default_str()
      ->check(no_empty_items(","));
  add_number(*cmd, "--top", a->top, 0, 100000, "How many of the costliest marked decisions to list")->capture_default_str();
  add_number(*cmd, "--repeats", a->how.repeats, 2, 1000,
             "Most searches of each of the two options of a disputed decision (rounds of 4, 8, 16, ...); competitive "
             "records: most games played on from each, 64 by default")
      ->capture_default_str();
  add_number(*cmd, "--confidence", a->how.confidence, 0.5, 0.9999, "Two-sided level of the interval of a cost")->capture_default_str();
  add_number(*cmd, "--negligible", a->how.negligible, 0.0, 1000.0,
             "A cost at most this is no cost: a mark needs the whole interval above it (default 0.01 of the co-op search's 0-1 "
             "values; 1 point of a competitive seat's margin)");
  cmd->add_option("--rollout", a->rollout, "Competitive records: the agent that plays every seat on from an option to value it")
      ->capture_default_str()
      ->check(no_empty_items(","));
  add_number(*cmd, "--seat", a->seat, 0, vs::VS_MAX_PLAYERS - 1, "Competitive records: review this seat's decisions only (default: every seat)");
  cmd->add_option("--html", a->html, "Also write the game page (as replay --html) with the review's marks on each decision");
  cmd->add_option("--out", a->out, "Write the review text here instead of standard output");
  cmd->add_option("--catalog", a->catalog, "Read the tiles from this file instead of the one the record names");
  add_threads(*cmd, a->threads, "Positions searched at once (0 = all cores); the review does not depend on it");
  cmd->callback([cmd, a] {
    const int threads = a->threads > 0 ? a->threads : int(std::max(1u, std::thread::hardware_concurrency()));
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    // A bad agent text is named before the file is read: one that is neither game's agent gets the
    // co-op parser's message (which names the setting at fault).
    try {
      analysis::parse_agent(a->agent);
    } catch (const analysis::AnalysisError&) {
      try {
        analysis::parse_vs_agent(a->agent);
      } catch (const analysis::AnalysisError&) {
        analysis::parse_agent(a->agent);
      }
    }
    if (cmd->count("--rollout")) analysis::parse_vs_agent(a->rollout);
    const std::string contents = read_file(a->file);
    if (vs::is_vs_record(contents)) {
      if (cmd->count("--catalog")) throw UsageError("--catalog is for co-op records; a competitive record names its catalogs and checksums");
      analysis::VsReview review{analysis::parse_vs_agent(a->agent), analysis::parse_vs_agent(a->rollout), a->seat};
      if (!cmd->count("--negligible")) a->how.negligible = analysis::VS_NEGLIGIBLE;
      if (!cmd->count("--repeats")) a->how.repeats = analysis::VS_REPEATS;
      const analysis::LoadedVsRecord g = analysis::load_vs_record(a->file, contents);
      const std::vector<analysis::ReviewMark> marks = analysis::review_vs_record(g, review, a->how);
      const std::string out = analysis::review_vs_text(g, marks, review, a->top, a->how);
      if (a->out.empty()) std::cout << out;
      else analysis::write_atomic(a->out, out);
      if (!a->html.empty()) {
        analysis::write_atomic(a->html, analysis::versus_viewer_html(g, a->file, &marks, a->how));
        std::cerr << "game page with the review: " << a->html << '\n';
      }
      return;
    }
    for (const char* flag : {"--rollout", "--seat"})
      if (cmd->count(flag)) throw UsageError(std::string(flag) + " is for competitive records; " + a->file + " is a co-op record");
    const analysis::AgentSpec agent = analysis::parse_agent(a->agent);
    const analysis::LoadedRecord g = analysis::load_record(a->file, a->catalog);
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
