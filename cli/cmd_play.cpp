// mists play: one game, written as a record.
#include <fstream>
#include <iostream>

#include "analysis/agents.h"
#include "analysis/files.h"
#include "analysis/viewer.h"
#include "analysis/study.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/record.h"
#include "solver/agents.h"

namespace mists::cli {

void add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play one game and write its record");
  auto opt = std::make_shared<GameOptions>();
  auto flags = std::make_shared<GameFlags>();
  auto seed = std::make_shared<std::string>("1");
  auto game = std::make_shared<uint64_t>(0);
  auto agent = std::make_shared<std::string>("random");
  auto out = std::make_shared<std::string>();
  auto show = std::make_shared<bool>(false);
  flags->add(*cmd, *opt, true, true);
  cmd->footer("Example:\n  mists play --level 5 --players 2 --agent mcts --seed 7 --game 3 --out game.txt --show   # game 3 of a study seeded 7");
  cmd->add_option("--seed", *seed, "Run seed: the deal depends only on (seed, level, players, game), as in analyze")
      ->capture_default_str();
  cmd->add_option("--game", *game, "Game index within the run (game G of a study cell with the same seed)")->capture_default_str();
  cmd->add_option("--agent,--agents", *agent, "Who decides: random, greedy, expert, mcts, clairvoyant, planner (NAME:k=v as in analyze)")
      ->capture_default_str();
  cmd->add_option("--out", *out, "Write the record to this file (default: standard output)");
  cmd->add_flag("--show", *show, "Print the final board and status to standard error");
  auto html = std::make_shared<std::string>();
  cmd->add_option("--html", *html, "Also write a page that steps through the game turn by turn (as replay --html); needs --out");
  cmd->callback([=] {
    if (!html->empty() && out->empty()) throw UsageError("--html needs --out: the page is made from the record file");
    flags->apply(*opt);
    const uint64_t run_seed = seed_value(*seed);
    const Rules rules = opt->rules();
    const analysis::AgentSpec spec = analysis::parse_agent(*agent);
    if (spec.name == "solver")
      throw UsageError("--agent solver: the solver does not play a game, it proves a verdict; use mists solve (same --level, --players, --seed, --game)");
    const uint64_t deal_seed = analysis::cell_seed(run_seed, rules.level.number, rules.params.players);
    const Deal deal = seeded_deal(rules, deal_seed, *game);
    GameRecord rec = make_record(rules, deal, run_seed, *game, spec.text, analysis::revision());
    std::vector<std::string> steps;
    const GameSummary g = analysis::play_one(rules, spec, deal_seed, *game, &steps);
    finish_record(rec, steps, g);
    const std::string text = write_record(rec);
    if (out->empty()) std::cout << text;
    else {
      std::ofstream f(*out + ".tmp");
      f << text;
      f.close();
      if (!f || std::rename((*out + ".tmp").c_str(), out->c_str()) != 0) throw UsageError("cannot write " + *out);
    }
    std::cerr << (g.outcome == Outcome::Won ? "won" : "lost") << " (" << loss_cause_name(g.cause) << "), score "
              << g.score << ", " << g.turns << " turns\n";
    if (!html->empty()) {
      analysis::write_atomic(*html, analysis::viewer_html(analysis::load_record(*out), nullptr, *out));
      std::cerr << "game page: " << *html << '\n';
    }
    if (*show) {
      const ReplayResult r = replay(rules, rec, "(this game)");
      std::cerr << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n';
    }
  });
}

}  // namespace mists::cli
