// mists play: one game, written as a record.
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "engine/record.h"
#include "cli/registry.h"
#include "cli/study.h"
#include "solver/agents.h"

namespace mists::cli {

void add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play one game and write its record");
  auto opt = std::make_shared<GameOptions>();
  auto seed = std::make_shared<uint64_t>(1);
  auto game = std::make_shared<uint64_t>(0);
  auto agent = std::make_shared<std::string>("random");
  auto out = std::make_shared<std::string>();
  auto show = std::make_shared<bool>(false);
  opt->add_to(*cmd);
  cmd->add_option("--seed", *seed, "Run seed: the deal depends only on (seed, level, players, game), as in analyze")
      ->capture_default_str();
  cmd->add_option("--game", *game, "Game index within the run (game G of a study cell with the same seed)")->capture_default_str();
  cmd->add_option("--agent", *agent, "Who decides: random, greedy, expert, mcts, clairvoyant (NAME:k=v as in analyze)")
      ->capture_default_str();
  cmd->add_option("--out", *out, "Write the record to this file (default: standard output)");
  cmd->add_flag("--show", *show, "Print the final board and status to standard error");
  cmd->callback([=] {
    const Rules rules = opt->rules();
    const AgentSpec spec = parse_agent(*agent, MctsConfig{});
    const uint64_t deal_seed = cell_seed(*seed, rules.level.number, rules.params.players);
    const Deal deal = seeded_deal(rules, deal_seed, *game);
    GameRecord rec = make_record(rules, deal, *seed, *game, spec.text, revision());
    std::vector<std::string> steps;
    const GameSummary g = play_one(rules, spec, deal_seed, *game, &steps);
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
    if (*show) {
      const ReplayResult r = replay(rules, rec, "(this game)");
      std::cerr << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n';
    }
  });
}

}  // namespace mists::cli
