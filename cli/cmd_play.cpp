// mists play: one game, written as a record.
#include <algorithm>
#include <limits>
#include <iostream>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "analysis/pages/viewer.h"
#include "analysis/study/study.h"
#include "analysis/tournament/tournament.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/coop/record.h"
#include "engine/versus/record.h"
#include "solver/agents.h"

namespace mists::cli {

namespace {

// mists play --game base|gcc: one competitive game, its record to --out or standard output.
void play_versus(const CLI::App& cmd, const std::string& game, int players, const std::string& agents,
                 uint64_t run_seed, uint64_t deal, const TournamentFlags& vs, const std::string& out, bool show,
                 const std::string& svg, const std::string& html) {
  // Every flag given that a competitive game does not read is refused (the co-op ones: --level,
  // --levers, --ghosts, ...), so none is ignored: the flags' groups say which game reads each.
  refuse_other_games(cmd, game);
  if (players < 2 || players > 6)
    throw UsageError("--players " + std::to_string(players) + ": the competitive games take 2 to 6 players (G1.2)");
  analysis::TournamentConfig c = vs.cfg;
  c.game = game;
  c.players = players;
  check_expansion_flags(cmd, c);
  c.switches = switch_pairs(vs.switches, "--switch");
  // One agent for every seat, or one a seat.
  std::vector<std::string> list = vs_agent_list(agents);
  if (list.size() == 1) list.assign(size_t(players), list.front());
  if (int(list.size()) != players)
    throw UsageError("--agents: " + std::to_string(list.size()) + " agents for " + std::to_string(players) +
                     " players; give one agent a seat, or one for every seat");
  vs::VsRules R;
  try {
    R = c.rules();
  } catch (const ConfigError& e) {
    throw UsageError(e.what());
  }
  std::string text;
  const vs::VsSummary g = analysis::play_vs_game(R, list, run_seed, deal, text);
  if (out.empty()) std::cout << text;
  else analysis::write_atomic(out, text);
  std::cerr << "scores";
  for (int p = 0; p < players; ++p) std::cerr << ' ' << g.score[size_t(p)];
  std::cerr << ", " << g.turns << " tiles placed, " << g.discarded << " discarded\n";
  if (show || !svg.empty() || !html.empty()) {
    const analysis::LoadedVsRecord loaded = analysis::load_vs_record(out.empty() ? "(this game)" : out, text);
    const vs::VsReplay r = vs::vs_replay(loaded.rules, loaded.rec, loaded.path);
    if (show) std::cerr << vs::render_vs_board(R, r.final_state) << '\n' << vs::vs_board_legend(R);
    if (!svg.empty()) {
      analysis::VsPicture pic;
      pic.title = analysis::versus_short_title(R);
      pic.seats = list;
      analysis::write_atomic(svg, analysis::render_versus_svg(R, r.final_state, pic));
      std::cerr << "board: " << svg << '\n';
    }
    if (!html.empty()) {
      analysis::write_atomic(html, analysis::versus_viewer_html(loaded, out.empty() ? "mists play --game " + game : out));
      std::cerr << "game page: " << html << '\n';
    }
  }
}

}  // namespace

void add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "play",
      "Play one game and write its record: a co-op game (the default), or with --game base or gcc one competitive\n"
      "game (the base game or Ghosts, Castles & Cemeteries) with an agent on each seat");
  auto opt = std::make_shared<GameOptions>();
  auto flags = std::make_shared<GameFlags>();
  auto seed = std::make_shared<uint64_t>(1);
  auto game = std::make_shared<std::string>("coop");
  auto agent = std::make_shared<std::string>("random");
  auto out = std::make_shared<std::string>();
  auto show = std::make_shared<bool>(false);
  auto deal = std::make_shared<uint64_t>(0);
  auto vs = std::make_shared<TournamentFlags>();  // the competitive games' catalogs, modules and switches
  auto svg = std::make_shared<std::string>();
  // --players serves both modes (co-op 1-5, competitive 2-6): each mode checks its own in the callback.
  flags->max_players = vs::VS_MAX_PLAYERS;
  flags->add(*cmd, *opt, true, true);
  cmd->get_option("--players")->description("Players: 1-5 (co-op), 2-6 (--game base|gcc)");
  cmd->footer(
      "Examples:\n"
      "  mists play --level 5 --players 2 --agent mcts --seed 7 --deal 3 --out game.txt --show   # game 3 of a study seeded 7\n"
      "  mists play --game gcc --players 4 --agents mcts,expert,expert,greedy --seed 1 --deal 0 --out gcc.txt --svg gcc.svg\n"
      "  mists play --game gcc --players 2 --agents mcts,expert --seed 1 --deal 5   # = game 10 of mists versus --agents mcts,expert --seed 1\n"
      "Competitive agents: random | greedy | expert | mcts, with settings as in mists versus --help.");
  add_seed(*cmd, "--seed", *seed, "Run seed: the deal depends only on (seed, level, players, deal), as in analyze; "
                                  "with --game base|gcc the tile order and the agents' streams, as in versus");
  cmd->add_option("--game", *game, "The game: coop (Mists over Carcassonne), base (the Carcassonne base game) or gcc "
                                   "(Ghosts, Castles & Cemeteries), as in analyze")
      ->capture_default_str();
  cmd->add_option("--agent,--agents", *agent,
                  "Who decides: random, greedy, expert, mcts, clairvoyant, planner, td (NAME:k=v as in analyze); with "
                  "--game base|gcc one competitive agent a seat, comma-separated (';' when settings hold commas), or one "
                  "for every seat")
      ->capture_default_str()
      ->check(no_empty_items(",;"));
  add_number(*cmd, "--deal", *deal, uint64_t(0), std::numeric_limits<uint64_t>::max(),
             "The deal: co-op, game G of a study cell with the same --seed (its game index); base|gcc, deal D of a "
             "tournament with the same --seed")
      ->capture_default_str();
  vs->add_game_flags(*cmd);
  cmd->add_option("--out", *out, "Write the record to this file (default: standard output)");
  cmd->add_flag("--show", *show, "Print the final board and status to standard error");
  cmd->add_option("--svg", *svg, "--game base|gcc: also draw the final board as an SVG picture into this file");
  auto html = std::make_shared<std::string>();
  cmd->add_option("--html", *html, "Also write a page that steps through the game turn by turn (as replay --html); a co-op game needs --out");
  // Which game reads each flag (the help's groups; refuse_other_games reads them). The co-op
  // game's flags but --players and the two catalogs its levers share with the competitive modules.
  std::vector<std::string> coop_only;
  for (const std::string& n : flags->names)
    if (n != "--players" && n != "--abbey-catalog" && n != "--toll-catalog") coop_only.push_back(n);
  set_group(*cmd, COOP_GROUP, coop_only);
  set_group(*cmd, VS_GROUP, {"--svg"});
  cmd->callback([=] {
    if (*game != "coop" && *game != "base" && *game != "gcc") {
      const bool index = !game->empty() && std::all_of(game->begin(), game->end(), [](char c) { return c >= '0' && c <= '9'; });
      throw UsageError("--game " + *game + ": the game is coop, base or gcc" +
                       (index ? "; the deal (game G of a study cell) is --deal " + *game : std::string()));
    }
    if (*game == "base" || *game == "gcc") {
      play_versus(*cmd, *game, cmd->count("--players") ? opt->players : 2, *agent, *seed, *deal, *vs, *out, *show, *svg, *html);
      return;
    }
    refuse_other_games(*cmd, "coop");  // --abbey-catalog and --toll-catalog belong to both games (the levers read them too)
    if (opt->players < 1 || opt->players > 5) throw UsageError("--players " + std::to_string(opt->players) + ": the co-op game takes 1 to 5 players");
    const uint64_t game_index = *deal;
    if (!html->empty() && out->empty()) throw UsageError("--html needs --out: the page is made from the record file");
    flags->apply(*opt);
    const uint64_t run_seed = *seed;
    const Rules rules = opt->rules();
    const analysis::AgentSpec spec = analysis::parse_agent(*agent);
    if (spec.is(analysis::SOLVER))
      throw UsageError("--agent solver: the solver does not play a game, it proves a verdict; use mists solve (same --level, --players, --seed, --deal)");
    const uint64_t deal_seed = analysis::cell_seed(run_seed, rules.level.number, rules.params.players);
    const Deal deal_cards = seeded_deal(rules, deal_seed, game_index);
    GameRecord rec = make_record(rules, deal_cards, run_seed, game_index, spec.text, analysis::revision());
    std::vector<std::string> steps;
    const GameSummary g = analysis::play_one(rules, spec, deal_seed, game_index, &steps);
    finish_record(rec, steps, g);
    const std::string text = write_record(rec);
    if (out->empty()) std::cout << text;
    else analysis::write_atomic(*out, text);
    std::cerr << (g.outcome == Outcome::Won ? "won" : "lost") << " (" << loss_cause_name(g.cause) << "), score "
              << g.score << ", " << g.turns << " turns\n";
    if (!html->empty()) {
      analysis::write_atomic(*html, analysis::viewer_html(analysis::load_record(*out), nullptr, *out));
      std::cerr << "game page: " << *html << '\n';
    }
    if (*show) {
      const ReplayResult r = replay(rules, rec, "(this game)");
      std::cerr << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n' << board_legend(rules);
    }
  });
}

}  // namespace mists::cli
