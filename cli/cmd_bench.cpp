// mists bench: fixed seeded random-play games on one thread; throughput and a signature of the
// outcomes that any change of behaviour moves (quote it as "Bench: <signature>" in commits). The
// game's row (cli/games.h) runs it: the co-op bench is cli/coop_bench.cpp, the competitive one
// cli/versus_game.cpp.
#include "cli/commands.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/versus/versus.h"

namespace mists::cli {

void add_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Seeded random-play games on 1 thread: speed and an outcome signature");
  auto f = std::make_shared<BenchFlags>();
  auto game = std::make_shared<std::string>("coop");
  f->flags.add(*cmd, f->opt, false, true);
  f->vs.add_game_flags(*cmd);
  cmd->add_option("--game", *game, "coop: the co-op levels (the signature of commits); base: the competitive base game; "
                                   "gcc: Ghosts, Castles & Cemeteries; base and gcc play uniform random games and print "
                                   "their own signature (with --expansions, --map and --switch: the modules too, 10000 "
                                   "games by default)")
      ->capture_default_str()->check(CLI::IsMember(game_names()));
  add_number(*cmd, "--base-players", f->players, 2, vs::VS_MAX_PLAYERS, "Players of the competitive game (with --game base or gcc)")
      ->capture_default_str();
  add_number(*cmd, "--search-games", f->search_games, 0, 100000, "Games of level 3, 2 players, played by mcts:playouts=200 on 1 thread")
      ->capture_default_str();
  add_number(*cmd, "--expert-games", f->expert_games, 0, 100000, "Games per level (2 players) played by the expert on 1 thread")
      ->capture_default_str();
  cmd->add_flag("--parallel", f->parallel, "Also measure one search on 2 threads, root and tree parallelism (not in the signature)");
  cmd->add_flag("--scaling", f->scaling,
                "Also measure a batch of expert games (as a study plays them) and one tree-parallel search at 1, 2, 4, ... "
                "threads up to the cores present, as speed-ups against 1 thread (not in the signature; the batch's "
                "outcomes are checked to be the same at every count); then the same batch on 1 and on 2 threads with "
                "every thread pinned to one CPU, as CPU seconds of the process (what a lone thread costs against a pool)");
  add_number(*cmd, "--scaling-games", f->scaling_games, 1, 10000000, "Expert games in each --scaling batch")->capture_default_str();
  add_number(*cmd, "--games", f->games, 1, 10000000,
             "Games of level 3, 2 players, for the speed figures (--game base: base games, 100000 by default)")
      ->capture_default_str();
  add_number(*cmd, "--sweep-games", f->sweep, 1, 1000000, "Games per level and player count for the signature sweep")->capture_default_str();
  // Which game reads each flag (the help's groups; refuse_other_games reads them): the co-op game's
  // flags but the two catalogs its levers share with the competitive modules, and the co-op measures.
  std::vector<std::string> coop_only = {"--search-games", "--expert-games", "--parallel", "--scaling", "--scaling-games", "--sweep-games"};
  for (const std::string& n : f->flags.names)
    if (n != "--abbey-catalog" && n != "--toll-catalog") coop_only.push_back(n);
  set_group(*cmd, COOP_GROUP, coop_only);
  set_group(*cmd, VS_GROUP, {"--base-players"});
  cmd->callback([=] {
    // Flags of the other games are refused rather than ignored (the groups say which game reads each).
    refuse_other_games(*cmd, *game);
    const CliGame& row = game_named(*game);
    row.bench(*cmd, *f, row);
  });
}

}  // namespace mists::cli
