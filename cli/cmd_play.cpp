// mists play: one game, written as a record; the game's row (cli/games.h) plays it.
#include <algorithm>
#include <limits>

#include "cli/commands.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/versus/versus.h"

namespace mists::cli {

void add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "play",
      "Play one game and write its record: a co-op game (the default), or with --game base or gcc one competitive\n"
      "game (the base game or Ghosts, Castles & Cemeteries) with an agent on each seat");
  auto f = std::make_shared<PlayFlags>();
  auto game = std::make_shared<std::string>("coop");
  // --players serves every game (co-op 1-5, competitive 2-6): each game checks its own.
  f->flags.max_players = vs::VS_MAX_PLAYERS;
  f->flags.add(*cmd, f->opt, true, true);
  cmd->get_option("--players")->description("Players: 1-5 (co-op), 2-6 (--game base|gcc)");
  cmd->footer(
      "Examples:\n"
      "  mists play --level 5 --players 2 --agent mcts --seed 7 --deal 3 --out game.txt --show   # game 3 of a study seeded 7\n"
      "  mists play --game gcc --players 4 --agents mcts,expert,expert,greedy --seed 1 --deal 0 --out gcc.txt --svg gcc.svg\n"
      "  mists play --game gcc --players 2 --agents mcts,expert --seed 1 --deal 5   # = game 10 of mists versus --agents mcts,expert --seed 1\n"
      "Competitive agents: random | greedy | expert | mcts, with settings as in mists versus --help.");
  add_seed(*cmd, "--seed", f->seed, "Run seed: the deal depends only on (seed, level, players, deal), as in analyze; "
                                    "with --game base|gcc the tile order and the agents' streams, as in versus");
  cmd->add_option("--game", *game, "The game: coop (Mists over Carcassonne), base (the Carcassonne base game) or gcc "
                                   "(Ghosts, Castles & Cemeteries), as in analyze")
      ->capture_default_str();
  cmd->add_option("--agent,--agents", f->agent,
                  "Who decides: random, greedy, expert, mcts, clairvoyant, planner, td (NAME:k=v as in analyze); with "
                  "--game base|gcc one competitive agent a seat, comma-separated (';' when settings hold commas), or one "
                  "for every seat")
      ->capture_default_str()
      ->check(no_empty_items(",;"));
  add_number(*cmd, "--deal", f->deal, uint64_t(0), std::numeric_limits<uint64_t>::max(),
             "The deal: co-op, game G of a study cell with the same --seed (its game index); base|gcc, deal D of a "
             "tournament with the same --seed")
      ->capture_default_str();
  f->vs.add_game_flags(*cmd);
  cmd->add_option("--out", f->out, "Write the record to this file (default: standard output)");
  cmd->add_flag("--show", f->show, "Print the final board and status to standard error");
  cmd->add_option("--svg", f->svg, "--game base|gcc: also draw the final board as an SVG picture into this file");
  cmd->add_option("--html", f->html, "Also write a page that steps through the game turn by turn (as replay --html); a co-op game needs --out");
  // Which game reads each flag (the help's groups; refuse_other_games reads them). The co-op
  // game's flags but --players and the two catalogs its levers share with the competitive modules.
  std::vector<std::string> coop_only;
  for (const std::string& n : f->flags.names)
    if (n != "--players" && n != "--abbey-catalog" && n != "--toll-catalog") coop_only.push_back(n);
  set_group(*cmd, COOP_GROUP, coop_only);
  set_group(*cmd, VS_GROUP, {"--svg"});
  cmd->callback([=] {
    const CliGame* row = find_game(*game);
    if (!row) {
      const bool index = !game->empty() && std::all_of(game->begin(), game->end(), [](char c) { return c >= '0' && c <= '9'; });
      throw UsageError("--game " + *game + ": the game is " + game_name_list() +
                       (index ? "; the deal (game G of a study cell) is --deal " + *game : std::string()));
    }
    // Every flag given that the game does not read is refused (the co-op ones with --game gcc:
    // --level, --levers, --ghosts, ...), so none is ignored: the flags' groups say which game
    // reads each (--abbey-catalog and --toll-catalog are every game's: the levers read them too).
    refuse_other_games(*cmd, row->name);
    row->play(*cmd, *f, *row);
  });
}

}  // namespace mists::cli
