// mists review FILE: every decision of a game record judged by a fair search (analysis/pages/viewer.h):
// what it would have played, its value of that and of the choice made, the costliest decisions.
#include <tbb/global_control.h>

#include <iostream>
#include <thread>

#include "analysis/agents/agents.h"
#include "analysis/agents/vs_agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/games.h"
#include "engine/config/load.h"
#include "engine/versus/versus.h"

namespace mists::cli {

void add_review(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "review",
      "Review every decision of a game record in chances to win. A co-op record: the judge (--agent, by default the\n"
      "strongest fair agent) names the option it prefers at every decision with two or more options; where that is\n"
      "not the one played, each of the two is valued by games played on from it by --rollout (td by default) on piles\n"
      "drawn at random from the tiles the team has not seen: the share won is the chance to win. The k-th game of\n"
      "both options is played on the same piles and numbers, 16 pairs, then 32, 64, ... (up to --repeats, 256), until\n"
      "the cost (the difference of the two chances, in points) has a --confidence interval (paired proportions,\n"
      "Agresti & Min) wholly above --negligible (2 points): 'costly', marked; or wholly at or below it: 'as good'.\n"
      "An interval that still straddles it at the cap is 'within noise'. Costs are written 'cost ± half-width'. The\n"
      "text sums up each player's decisions, follows each costly one with the judge's own line on the game's tiles,\n"
      "and says how a lost game was lost. With an mcts judge the values are its mean rewards instead (0-1; each\n"
      "option searched alone 4, 8, 16 times, Welch's t, --negligible 0.01).\n"
      "A competitive record (base, GCC, any modules) is reviewed seat by seat: the judge (--agent, a competitive agent,\n"
      "mcts by default) names the option it prefers; where that is not the one played, each of the two is valued by\n"
      "games played on from it by --rollout at every seat on piles drawn from the tiles not yet seen, as the deciding\n"
      "seat's final margin in points, in rounds of 4, 8, ... (up to 64 by default), the k-th game of both options on the\n"
      "same pile and numbers (a paired interval), with --negligible 1 point by default; the text sums up each seat's\n"
      "decisions. docs/records.md.");
  cmd->footer("Examples:\n  mists play --level 5 --players 2 --agent expert --seed 7 --out game.txt && mists review game.txt --html game.html\n"
              "  mists play --game base --agents expert,greedy --seed 3 --out base.txt && mists review base.txt --seat 1 --html base.html");
  auto a = std::make_shared<ReviewFlags>();
  auto threads = std::make_shared<int>(0);
  cmd->add_option("FILE", a->file, "Game record (docs/records.md)")->required();
  cmd->add_option("--agent", a->agent,
                  "The judge. Co-op: any fair agent, by default the strongest (" + std::string(analysis::BEST_FAIR_AGENT) +
                      "), the review then in chances to win; an mcts agent judges by its own mean rewards instead. Competitive: a "
                      "competitive agent (`mists agents`), mcts by default")
      ->check(no_empty_items(","));
  add_number(*cmd, "--top", a->top, 0, 100000, "How many of the costliest marked decisions to list")->capture_default_str();
  add_number(*cmd, "--repeats", a->how.repeats, 2, 1000,
             "Most values of each of the two options of a disputed decision: games played on (co-op in win chances: 256, "
             "in rounds of 16, 32, ...; competitive: 64, in rounds of 4, 8, ...) or searches (an mcts judge: 16)");
  add_number(*cmd, "--confidence", a->how.confidence, 0.5, 0.9999, "Two-sided level of the interval of a cost")->capture_default_str();
  add_number(*cmd, "--negligible", a->how.negligible, 0.0, 1000.0,
             "A cost at most this is no cost: a mark needs the whole interval above it (default 0.02, two points of win chance; "
             "0.01 of an mcts judge's 0-1 values; 1 point of a competitive seat's margin)");
  cmd->add_option("--rollout", a->rollout,
                  "The agent that plays on from an option to value it: co-op td (the expert where td has no value for the rules), "
                  "random, greedy, expert or td; competitive the agent at every seat, expert by default")
      ->check(no_empty_items(","));
  add_number(*cmd, "--seat", a->seat, 0, vs::VS_MAX_PLAYERS - 1, "Competitive records: review this seat's decisions only (default: every seat)");
  cmd->add_option("--html", a->html, "Also write the game page (as replay --html) with the review's marks on each decision");
  cmd->add_option("--out", a->out, "Write the review text here instead of standard output");
  cmd->add_option("--catalog", a->catalog, "Read the tiles from this file instead of the one the record names");
  add_threads(*cmd, *threads, "Positions searched at once (0 = all cores); the review does not depend on it");
  cmd->callback([cmd, a, threads] {
    const int n = *threads > 0 ? *threads : int(std::max(1u, std::thread::hardware_concurrency()));
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(n));
    // A bad agent text is named before the file is read: one that is neither game's agent gets the
    // co-op parser's message (which names the setting at fault).
    if (!a->agent.empty()) try {
        analysis::parse_agent(a->agent);
      } catch (const analysis::AnalysisError&) {
        try {
          analysis::parse_vs_agent(a->agent);
        } catch (const analysis::AnalysisError&) {
          analysis::parse_agent(a->agent);
        }
      }
    if (!a->rollout.empty()) try {
        analysis::parse_agent(a->rollout);
      } catch (const analysis::AnalysisError&) {
        analysis::parse_vs_agent(a->rollout);
      }
    const std::string text = read_file(a->file);
    record_game(text).review(*cmd, *a, text);  // the record's game reviews it (cli/games.h)
  });
}

}  // namespace mists::cli
