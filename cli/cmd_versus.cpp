// mists versus: the competitive games (base, gcc) — a round-robin tournament of competitive agents
// with seat rotation on shared seeded tile orders.
#include <algorithm>
#include <iostream>
#include <sstream>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/tournament/tournament.h"
#include "cli/commands.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/coop/rules.h"
#include "engine/kit/number.h"

namespace mists::cli {

void add_versus(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "versus",
      "Competitive games (the base game, or Ghosts, Castles & Cemeteries): a round robin of competitive agents,\n"
      "each pair on the same seeded tile orders from both seatings. Reports each pair's win share and margin with\n"
      "95% intervals (Wilson for every share, inside [0, 1]), Bradley-Terry ratings on the Elo scale, each seat's\n"
      "win share (the first-seat advantage) and,\n"
      "for GCC, ghosts, scared-off meeples, points lost to ghosts, guards gained and castle points by agent; with\n"
      "expansion modules, what each agent's seats did with the modules' pieces.");
  cmd->footer(
      analysis::vs_params_help() +
      "Expansion modules (--expansions, any of them; docs/versus.md):\n"
      "  abbey_mayor  Abbey & Mayor: abbeys into holes, mayors, wagons, barns (switches abbey_in_features=no|yes,\n"
      "               abbey_last_round=must_place|lost|may_place, wagon_range=neighbourhood|connected, barn_new_tile=yes|no)\n"
      "  tollkeepers  The Tollkeepers: tollhouses on junctions (switch toll_flip=end_of_turn|owner_turn)\n"
      "  map_chips    Map-Chips Germany, base game only (--map FILE; switches map_starts=Rostock+Stuttgart,\n"
      "               city_closed_side=border|field, border_monastery=filled|empty, map_towns=plain,\n"
      "               chip_layout=greedy|fixed:X.Y/X.Y/..., upgrades_per_turn=1|any)\n"
      "  abbot=on     (a switch) the abbot on monasteries and gardens; gardens come with abbey_mayor\n"
      "Examples:\n"
      "  mists versus --game gcc --players 2 --agents mcts,expert,greedy --games 1000 --out results/gcc/p2\n"
      "  mists versus --game gcc --players 4 --agents expert,greedy --switch score_floor=each_scoring\n"
      "  mists versus --game base --expansions abbey_mayor,tollkeepers --switch abbot=on --agents expert,greedy\n"
      "  mists versus --game base --map configs/tiles/map-germany-reconstructed.toml --players 4 --agents expert,greedy\n"
      "  mists versus --resume results/gcc/p2\n"
      "  mists versus --game gcc --agents expert,greedy --games 2000 --shard 1/2 --out s1   # and --shard 2/2 --out s2\n"
      "  mists merge s1 s2 --out results/gcc/both                                           # then one tournament\n"
      "  mists versus --game gcc --agents mcts,expert --games 2 --records --out /tmp/one   # one deal, both seatings,\n"
      "  mists replay /tmp/one/records/pair0-g0.txt --show --svg board.svg                   # then replay it");
  auto flags = std::make_shared<TournamentFlags>();
  flags->add(*cmd);
  cmd->callback([flags, cmd] {
    if (!flags->resume.empty() && cmd->count("--game"))
      throw UsageError("--game cannot change a tournament: --resume takes only --threads, --quiet and --records");
    flags->run(*cmd);
  });
}

std::vector<std::string> vs_agent_list(const std::string& agents) {
  const char sep = agents.find(';') != std::string::npos ? ';' : ',';
  std::vector<std::string> list;
  std::string item;
  for (char ch : agents + sep) {
    if (ch != sep) {
      item += ch;
      continue;
    }
    if (item.empty()) throw UsageError("--agents: an empty agent in '" + agents + "'");
    try {
      analysis::parse_vs_agent(item);
    } catch (const analysis::AnalysisError& e) {
      throw UsageError(std::string("--agents: ") + e.what());
    }
    list.push_back(item);
    item.clear();
  }
  return list;
}

void TournamentFlags::add(CLI::App& cmd) {
  cmd.add_option("--game", cfg.game, "base: Carcassonne's base game (G1); gcc: Ghosts, Castles & Cemeteries (G1-G5)")
      ->capture_default_str()->check(CLI::IsMember(game_names(false)));
  add_number(cmd, "--players", cfg.players, 2, vs::VS_MAX_PLAYERS, "Players a game (2-6)")->capture_default_str();
  cmd.add_option("--agents", agents, "Two or more agents, comma-separated; settings after ':' (see below; separate "
                                     "agents with ';' when settings hold commas)")
      ->capture_default_str()
      ->check(no_empty_items(",;"));
  add_number(cmd, "--games", cfg.games, 2, 100000000, "Games a pair of agents (even: each tile order from both seatings)")
      ->capture_default_str();
  add_number(cmd, "--chunk", cfg.chunk, 2, 1000000, "Games a chunk file (even); the unit of --resume")->capture_default_str();
  add_number(cmd, "--precision", cfg.precision, 0.0, 0.5,
             "Stop a pair once the 95% interval of its win share is narrower than this each side (e.g. 0.03), checked "
             "after each chunk");
  add_number(cmd, "--min-games", cfg.min_games, 2, 100000000, "With --precision: games before a pair may stop")
      ->capture_default_str();
  add_seed(cmd, "--seed", seed, "Run seed: the tile orders and the agents' random streams");
  add_game_flags(cmd);
  set_group(cmd, "", {"--switch", "--base-catalog", "--gcc-catalog", "--expansions", "--map"});  // every game of versus's
  cmd.add_option("--out", out, "Folder of the tournament (default results/versus-<time>); one run at a time a folder (exit 1 when held)");
  cmd.add_option("--resume", resume,
                 "Finish the tournament in this folder (its own settings; only --threads applies); refused (exit 1) while another "
                 "run holds it");
  add_threads(cmd, threads, "Games played at once (0 = all cores); results do not depend on it");
  cmd.add_flag("--quiet,-q", quiet, "No progress on standard error");
  cmd.add_flag("--records", records,
               "Also write the record of every game this run plays into OUT/records/ (pairK-gG.txt; mists replay reads "
               "them)");
  cmd.add_option("--shard", shard,
                 "Play only slice K of N of the tournament's chunks (counted pair by pair), e.g. 2/4; combine the N folders "
                 "with mists merge");
}

void TournamentFlags::add_game_flags(CLI::App& cmd) {
  cmd.add_option("--switch", switches, "A rule switch name=value (score_floor, final_ghost_penalty, misty_road_meeple, "
                                       "unplaceable, abbot; the modules' below); repeat for several");
  cmd.add_option("--base-catalog", cfg.base_catalog, "Tile catalog of the base game")->capture_default_str();
  cmd.add_option("--gcc-catalog", cfg.gcc_catalog, "Tile catalog of the GCC tiles and their 2x2 start tile (gcc)")
      ->capture_default_str();
  add_expansion_flags(cmd, cfg);
  set_group(cmd, VS_GROUP, {"--switch", "--base-catalog", "--expansions", "--map"});
  set_group(cmd, GCC_GROUP, {"--gcc-catalog"});
}

analysis::TournamentConfig TournamentFlags::game_config(const CLI::App& cmd, const std::string& game, int players) const {
  analysis::TournamentConfig c = cfg;
  c.game = game;
  c.players = players;
  c.switches = switch_pairs(switches, "--switch");
  check_expansion_flags(cmd, c);
  try {
    c.rules();
  } catch (const ConfigError& e) {
    throw UsageError(e.what());
  }
  return c;
}

void TournamentFlags::run(const CLI::App& cmd) const {
  const bool is_resume = !resume.empty();
  if (is_resume)
    for (const char* f : {"--players", "--agents", "--games", "--chunk", "--seed", "--switch", "--base-catalog", "--gcc-catalog",
                          "--expansions", "--abbey-catalog", "--toll-catalog", "--map", "--out", "--shard", "--precision",
                          "--min-games"})
      if (const CLI::Option* o = cmd.get_option_no_throw(f); o && o->count())
        throw UsageError(std::string(f) + " cannot change a tournament: --resume takes only --threads, --quiet and --records");
  analysis::TournamentConfig c = cfg;
  if (!is_resume) {
    const std::vector<std::string> list = vs_agent_list(agents);
    if (list.size() < 2) throw UsageError("--agents: give at least two agents");
    if (c.games < 2 || c.games % 2)
      throw UsageError("--games: " + std::to_string(c.games) + " is odd; each tile order is played from both seatings");
    if (c.chunk < 2 || c.chunk % 2) throw UsageError("--chunk: " + std::to_string(c.chunk) + " is odd");
    if (c.min_games < 2) throw UsageError("--min-games: " + std::to_string(c.min_games) + ": a pair plays at least 2 games");
    if (cmd.count("--min-games") && c.precision <= 0) throw UsageError("--min-games needs --precision");
    if (c.precision > 0 && !shard.empty())
      throw UsageError("--precision and --shard cannot be combined: a pair's length depends on its earlier games");
    c = game_config(cmd, cfg.game, cfg.players);  // before any folder is made
    c.agents = list;
    c.seed = seed;
  }
  const std::string dir = is_resume ? resume : out.empty() ? "results/versus-" + analysis::utc_stamp() : out;
  analysis::Shard part;
  if (!shard.empty()) {
    try {
      part = analysis::parse_shard_text(shard);
    } catch (const NumberError& e) {
      throw UsageError("--shard: '" + shard + "' is not K/N with 1 <= K <= N (" + e.what() + ")");
    }
  }
  const std::string report = analysis::run_tournament(c, dir, is_resume, threads, command_line(), quiet, records, {}, nullptr, part);
  std::cout << report << "\nwritten: " << dir << "/report.md\n";
}

void add_expansion_flags(CLI::App& cmd, analysis::TournamentConfig& cfg) {
  cmd.add_option("--expansions", cfg.expansions,
                 "Expansion modules, comma-separated: abbey_mayor, tollkeepers, map_chips (docs/versus.md); none by default")
      ->check(no_empty_items(","));
  // bench and play also take the co-op flags, whose --abbey-catalog and --toll-catalog (read by the
  // levers) are the same files: one flag then sets both.
  auto catalog = [&cmd](const char* name, std::string& file, const char* help) {
    if (CLI::Option* coop = cmd.get_option_no_throw(name)) {
      coop->each([&file](const std::string& v) { file = v; });
      coop->description(coop->get_description() + "; " + help);
    } else {
      cmd.add_option(name, file, help)->capture_default_str();
    }
  };
  catalog("--abbey-catalog", cfg.abbey_catalog, "Tile catalog of Abbey & Mayor (with --expansions abbey_mayor)");
  catalog("--toll-catalog", cfg.toll_catalog, "Tile catalog of The Tollkeepers (with --expansions tollkeepers)");
  cmd.add_option("--map", cfg.map, "Map of Map-Chips Germany; giving it plays the module (--expansions map_chips)")
      ->capture_default_str();
}

void check_expansion_flags(const CLI::App& cmd, analysis::TournamentConfig& cfg) {
  uint8_t m = 0;
  try {
    m = vs::parse_modules(cfg.expansions);
  } catch (const ConfigError& e) {
    throw UsageError(std::string("--") + e.what());
  }
  std::vector<std::string> named;  // a module named twice is refused, as a switch given twice
  std::stringstream items(cfg.expansions);
  for (std::string name; std::getline(items, name, ',');) {
    if (std::find(named.begin(), named.end(), name) != named.end()) throw UsageError("--expansions: " + name + " is given twice");
    named.push_back(name);
  }
  if (cmd.count("--map")) m = uint8_t(m | vs::VS_MAP_CHIPS);
  cfg.expansions = vs::modules_text(m);
  if (cmd.count("--abbey-catalog") && !(m & vs::VS_ABBEY_MAYOR)) throw UsageError("--abbey-catalog needs --expansions abbey_mayor");
  if (cmd.count("--toll-catalog") && !(m & vs::VS_TOLLKEEPERS)) throw UsageError("--toll-catalog needs --expansions tollkeepers");
}

}  // namespace mists::cli
