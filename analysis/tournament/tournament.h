// Competitive tournaments (docs/versus.md): agents of the competitive game play each other in a
// round robin with seat rotation on shared seeded tile orders. A tournament is a folder:
// tournament.json (configuration and provenance), sealed chunk files of games (chunks/), and
// report.md, written again after every run. Long tournaments resume after a kill (--resume);
// results never depend on the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "analysis/agents/vs_agents.h"
#include "analysis/run/shards.h"
#include "analysis/run/stats.h"
#include "analysis/run/option_words.h"
#include "engine/versus/versus.h"
#include "solver/versus_agents.h"

namespace mists::analysis {

struct TournamentConfig {
  std::string game = "gcc";  // base | gcc
  int players = 2;
  std::vector<std::string> agents;  // 2 or more agent texts, each pair meets
  int games = 1000;                 // games a pair: deals x 2 seatings, even
  int chunk = 100;                  // games a chunk file, even
  uint64_t seed = 1;
  std::string base_catalog = "configs/tiles/base-c3.toml";
  std::string gcc_catalog = "configs/tiles/mists-reconstructed.toml";
  std::string expansions;           // modules: "abbey_mayor,tollkeepers,map_chips" or a part ("" none)
  std::string abbey_catalog = "configs/tiles/abbey-mayor.toml";
  std::string toll_catalog = "configs/tiles/tollkeepers-reconstructed.toml";
  std::string map = "configs/tiles/map-germany-reconstructed.toml";
  std::vector<std::pair<std::string, std::string>> switches;  // name = value, as given
  // > 0: a pair stops once the 95% interval of its first agent's win share is narrower than this
  // each side (Wilson, over deals), after at least min_games games; as a study's cell stops.
  double precision = 0;
  int min_games = 200;

  nlohmann::json to_json() const;
  // Checks every field; an AnalysisError names `where` and the field.
  static TournamentConfig from_json(const nlohmann::json& j, const std::string& where);
  std::string hash() const;  // of everything that changes a game's result
  int pairs() const { return int(agents.size() * (agents.size() - 1) / 2); }
  // The agents of pair k, in order (i < j).
  std::pair<int, int> pair(int k) const;
  // Seat s of game g of a pair: true when agent i of the pair sits there (seat rotation: the
  // two seatings of a deal swap every seat).
  static bool first_sits(int seat, int g) { return (seat + g % 2) % 2 == 0; }
  vs::VsRules rules() const;  // throws ConfigError / AnalysisError for bad catalogs or switches
  // The games record what the modules did (chunk columns and a report section): a module or the abbot.
  bool module_stats() const;
  // The data files of the game: (provenance key, path) of every catalog and map it reads.
  std::vector<std::pair<std::string, std::string>> data_files() const;
};

// One game of a tournament.
struct TournamentGame {
  int pair = 0, game = 0;  // game g of the pair: deal g / 2, seating g % 2
  vs::VsSummary s;
};

// Plays (or, with `resume`, finishes) the tournament in `dir` on `threads` threads (0 = all cores), then writes
// report.md; returns the report text. Progress on standard error unless `quiet`. With `records`
// every game this run plays also writes its game record (records/pairK-gG.txt, for mists replay).
// Messages name the options as `words` spells them; `games`, when given, receives every game of the
// tournament (kept and played), pair by pair. With `shard` K/N (tournament.json keeps it; a resumed
// run reads it there) it plays only the chunks whose index, pair by pair, is K-1 modulo N, and its
// report says it is a shard; merge_tournaments makes the tournament of the shards.
std::string run_tournament(TournamentConfig cfg, const std::string& dir, bool resume, int threads,
                           const std::string& command, bool quiet, bool records = false, const OptionWords& words = {},
                           std::vector<TournamentGame>* games = nullptr, Shard shard = {});

// The shards of one tournament (`mists versus --shard K/N` in `dirs`) made into one tournament in
// `out`, which must not be one of them: its chunks (and the records the shards wrote) copied,
// tournament.json with every shard's runs, and report.md as one run over all its chunks writes it
// (`mists versus --resume out` reads it as such). Refuses shards of different tournaments or data
// files, a shard twice or missing, a chunk in no shard or in two with different content. Returns
// the report text.
std::string merge_tournaments(const std::vector<std::string>& dirs, const std::string& out, const std::string& command);
// True when `dir` holds a tournament (tournament.json), for `mists merge` to tell it from a study.
bool holds_tournament(const std::string& dir);
// The game (base, gcc) of the tournament in `dir`, from its tournament.json read and checked.
std::string tournament_game(const std::string& dir);

// The win share of pair `pair`'s first agent over the deals of `games` (ties shared, the two
// seatings of a deal averaged, each deal a trial), with its Wilson 95% interval: what report.md
// gives a pair and what the precision stop reads.
struct PairShare {
  long long deals = 0;
  double share = 0;
  Interval ci;
};
PairShare pair_share(const TournamentConfig& cfg, const std::vector<TournamentGame>& games, int pair);

// The random stream of the agent on seat `seat` of deal `deal` in a run seeded `seed`: in seating
// `seating` (0 or 1: the two seatings of a deal) of pair `pair` of a tournament. play_vs_game and
// the Python module use seating 0 of pair 0.
uint64_t vs_seat_seed(uint64_t seed, uint64_t deal, int seat, int seating = 0, int pair = 0);

// Deal `deal` of a run seeded `seed`: the pile shuffled by the deal's stream; on a map then, from
// the same stream, the two set-up rotations (M1.2), the chip squares' order for chip_layout=greedy
// (M2.3) and the chips' values in the order they are taken. Without a map the order alone, as
// before the map existed.
vs::VsDeal make_vs_deal(const vs::VsRules& R, uint64_t seed, uint64_t deal);

// One competitive game, as `mists play --game base|gcc` plays it: the tile order of deal `deal` of
// a tournament seeded `seed`, agents[p] (an agent text) on seat p with the random stream a
// tournament gives seat p in the first seating of its first pair. So with two agents A, B seated
// A, B, A, ... this is game 2 * deal of `mists versus --agents A,B --seed seed`. Writes the game's
// record text into `record_text`; AnalysisError for a bad agent or an agent count other than
// R.players.
vs::VsSummary play_vs_game(const vs::VsRules& R, const std::vector<std::string>& agents, uint64_t seed, uint64_t deal,
                           std::string& record_text);

// The report of a finished tournament, from its games.
std::string tournament_report(const TournamentConfig& cfg, const std::vector<TournamentGame>& games,
                              const nlohmann::json& provenance);

// Bradley-Terry strengths (Hunter's MM algorithm, 2004) from pairwise win totals: wins[i][j] is
// i's total win share against j over n[i][j] games. Returns Elo-scaled ratings (400 log10 of the
// strength), the first agent at 0.
std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins,
                                      const std::vector<std::vector<double>>& n);
// True when agent `a` won none or all of its games: its strength has no finite estimate (the report
// prints no rating for it, only that it lies below or above every agent it played).
bool rating_unbounded(const std::vector<std::vector<double>>& wins, const std::vector<std::vector<double>>& n, size_t a);

}  // namespace mists::analysis
