// mists solve: one deal searched with the whole deal known (solver/deal_solver.h): won (with the
// winning line as a record), lost (proved), or open when the budget ran out.
#include <iostream>
#include <limits>

#include "analysis/agents/agents.h"
#include "analysis/run/files.h"
#include "analysis/agents/params.h"
#include "analysis/study/study.h"
#include "analysis/pages/viewer.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/coop/record.h"
#include "solver/agents.h"
#include "solver/census.h"
#include "solver/deal_solver.h"
#include "solver/rng.h"

namespace mists::cli {

namespace {

// The census as a table: one row a turn (the positions at its start; what walking its lines met,
// '-' for the last turn asked for, which is counted and not walked), then what stopped it, if anything.
void print_census(const CensusResult& c, long long max_positions) {
  std::cout << "turn  tiles_left  positions  cut_by_bound  games_lost  games_won\n";
  const size_t last = c.turns.size() - 1;
  for (size_t k = 0; k < c.turns.size(); ++k) {
    const CensusTurn& t = c.turns[k];
    if (t.positions == 0) break;
    const std::string tiles = t.tiles_min == t.tiles_max ? std::to_string(t.tiles_min)
                                                         : std::to_string(t.tiles_min) + "-" + std::to_string(t.tiles_max);
    std::cout << k << "  " << tiles << "  " << (c.complete ? "" : ">=") << t.positions;
    if (k == last) std::cout << "  -  -  -\n";
    else std::cout << "  " << t.cut << "  " << t.lost << "  " << t.won << '\n';
  }
  std::cout << (c.complete ? "complete" : c.capped ? "stopped: a turn reached --census-max " + std::to_string(max_positions) + " positions"
                                                   : std::string("stopped: the budget ran out"))
            << " (" << c.nodes << " engine steps, " << c.seconds << " s); positions told apart by the prover's key"
            << (c.complete ? "" : "; every count is a lower bound") << '\n';
}

// The estimate as a table: the mean over the probes of each turn's counts in the tree of turns.
void print_estimate(const CensusEstimate& e, int asked) {
  std::cout << "turn  positions  cut_by_bound  games_lost  games_won   (estimates: means over " << e.probes << " probes)\n";
  const size_t last = e.turns.size() - 1;
  for (size_t k = 0; k < e.turns.size(); ++k) {
    const CensusTurnEstimate& t = e.turns[k];
    if (t.positions == 0) break;
    std::cout << k << "  " << t.positions;
    if (k == last) std::cout << "  -  -  -\n";
    else std::cout << "  " << t.cut << "  " << t.lost << "  " << t.won << '\n';
  }
  std::cout << (e.probes == asked ? "complete" : "stopped: the budget ran out after " + std::to_string(e.probes) + " of " +
                                                     std::to_string(asked) + " probes")
            << " (" << e.nodes << " engine steps, " << e.seconds
            << " s); a position reached from two turn starts counts twice: estimates of the tree, at least the distinct positions\n";
}

// Exit statuses of a search (README, "Exit status"): won is 0; lost and open have their own, apart
// from a usage error's 2 and a runtime error's 1, so a script can tell the three verdicts apart.
constexpr int SOLVE_LOST_EXIT = 3;  // proved lost: no line wins
constexpr int SOLVE_OPEN_EXIT = 4;  // the budget ran out before a verdict

constexpr long long MAX_NODES = 1000000000000LL;  // --nodes: a million million engine steps, days of search
constexpr double MAX_SECONDS = 86400;             // --seconds: one day

}  // namespace

void add_solve(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Search one deal with every pile known, face-down tiles included: 'won' with a winning line written as a\n"
      "record (mists replay accepts it), 'lost' when the search proved that no line wins, or 'open' when the\n"
      "budget ran out (with the best progress reached; --out then writes the best line found, a lost game, as a\n"
      "record marked 'verdict open'). The deal is game G of a study seeded S (the same\n"
      "--level/--players/--seed/--deal as mists play), or the deal of a record (--record).");
  cmd->footer(
      "Examples:\n"
      "  mists solve --level 4 --players 2 --seed 7 --deal 12 --seconds 10 --out won.txt   # game 12 of a study seeded 7\n"
      "  mists solve --record game.txt --nodes 3000000        # could the team have won the deal of this game?\n"
      "  mists solve --level 6 --players 1 --seed 7 --deal 0 --census 2        # how many positions a proof must enter\n"
      "  mists solve --level 6 --players 1 --seed 7 --deal 0 --census 14 --census-probes 2000   # estimated, up to turn 14\n"
      "Many deals: mists analyze --agents solver (the solver as a study agent: verdicts per cell, chunks, --resume).\n"
      "  mists solve --level 4 --players 2 --seed 7 --deal 1 --nodes 60000 --out best.txt   # open: the best line, marked so\n"
      "Exit status: 0 won (and --census done), 3 lost, 4 open; 2 a usage error, 1 an unexpected error.");
  struct Args {
    GameOptions game;
    GameFlags flags;
    std::string record, out;
    uint64_t seed = 1;
    bool quiet = false;
    uint64_t index = 0;
    long long nodes = analysis::AgentParams{}.solve.nodes;  // the study agent's budget: the same verdicts
    double seconds = analysis::AgentParams{}.solve.seconds;
    double spread = Weights{}.spread;
    double hound = Weights{}.hound;
    int census = 0;
    long long census_max = 5000000;
    int probes = 0;
  };
  auto a = std::make_shared<Args>();
  a->flags.add(*cmd, a->game, true, true);
  add_seed(*cmd, "--seed", a->seed, "Run seed of the study the deal comes from");
  add_number(*cmd, "--deal", a->index, uint64_t(0), std::numeric_limits<uint64_t>::max(),
             "The deal: game G of a study cell with the same --seed (the game index within the run, as mists play --deal)")
      ->capture_default_str();
  // --game names a game kind elsewhere (analyze, play); here it is refused with the flag to use.
  auto kind = std::make_shared<std::string>();
  cmd->add_option("--game", *kind, "Not taken: the deal solver plays the co-op game; a deal's index is --deal")->group("");
  cmd->add_option("--record", a->record, "Solve the deal of this game record instead (its level, players and switches)");
  add_number(*cmd, "--nodes", a->nodes, 0LL, MAX_NODES,
             "Budget: engine steps (0 = no limit; reproducible; the default is the solver agent's, about 10 s)")
      ->capture_default_str();
  add_number(*cmd, "--seconds", a->seconds, 0.0, MAX_SECONDS, "Budget: wall-clock seconds (0 = no limit; depends on the machine)")
      ->capture_default_str();
  add_number(*cmd, "--spread", a->spread, 0.0, 1.0,
             "Heuristic weight 'spread' of the search's judgement on level 6 (docs/solver.md); 0 gives the verdicts of "
             "studies made before it existed")
      ->capture_default_str();
  add_number(*cmd, "--hound", a->hound, 0.0, 1e6,  // the range of the agents' hound parameter
             "Heuristic weight 'hound': per point a hound next to a meeple stands to score (docs/solver.md); 0 leaves it "
             "unvalued, as studies made before it")
      ->capture_default_str();
  cmd->add_option("--out", a->out,
                  "Write the line found as a game record: the winning line (won), or the best line, a lost game marked "
                  "'verdict open' (open); nothing when lost");
  cmd->add_flag("--quiet,-q", a->quiet, "No progress lines on standard error (by default one every 10 s)");
  add_number(*cmd, "--census", a->census, 1, 60,
             "Do not solve: walk every line of decisions of turns 0 to K-1 (turn 0 is the first) and count the "
             "distinct positions at the start of each turn up to K, the decisions the points bound cuts and the "
             "games that end in each (docs/solver.md); no step budget unless --nodes or --seconds is given");
  add_number(*cmd, "--census-max", a->census_max, 1LL, 1000000000LL, "With --census: stop when one turn holds this many positions")
      ->capture_default_str();
  add_number(*cmd, "--census-probes", a->probes, 1, 100000000,
             "With --census: estimate the positions of each turn from N random probes (Knuth 1975) instead of "
             "counting them; the probes are drawn from --seed and --deal");
  cmd->callback([a, cmd, kind] {
    if (cmd->count("--game"))
      throw UsageError("--game " + *kind + ": the deal solver plays the co-op game only; the deal (game G of a study) is --deal G");
    if (!a->record.empty()) {  // the record holds its deal, level, players and switches
      std::vector<std::string> chooses = a->flags.names;  // every level, rule and lever flag
      chooses.insert(chooses.end(), {"--seed", "--deal"});
      for (const std::string& f : chooses)
        if (cmd->count(f)) throw UsageError(f + " does not go with --record: the record names its deal and its rules");
    }
    if (a->census == 0) {
      for (const char* f : {"--census-max", "--census-probes"})
        if (cmd->count(f)) throw UsageError(std::string(f) + " needs --census");
      if (a->nodes == 0 && a->seconds == 0) throw UsageError("--nodes 0 --seconds 0: give the search a budget");
    } else {
      for (const char* f : {"--out", "--spread", "--hound"})
        if (cmd->count(f)) throw UsageError(std::string(f) + " belongs to the search; --census only counts positions");
      if (a->probes > 0 && cmd->count("--census-max")) throw UsageError("--census-max counts positions; --census-probes estimates them");
    }
    Rules rules;
    Deal deal;
    uint64_t seed = 0, game = 0;
    if (!a->record.empty()) {
      analysis::LoadedRecord g = analysis::load_record(a->record);
      rules = std::move(g.rules);
      deal = record_deal(rules, g.rec, a->record);
      seed = g.rec.seed, game = g.rec.game;
    } else {
      a->flags.apply(a->game);
      rules = a->game.rules();
      seed = a->seed;
      game = a->index;
      deal = seeded_deal(rules, analysis::cell_seed(seed, rules.level.number, rules.params.players), game);
    }
    if (a->census > 0) {
      const SolveBudget budget{cmd->count("--nodes") ? a->nodes : 0, a->seconds};
      if (a->probes > 0)
        print_estimate(census_estimate(rules, deal, a->census, a->probes, stream_seed(seed, game, AGENT_STREAM), budget), a->probes);
      else
        print_census(census_deal(rules, deal, a->census, a->census_max, budget), a->census_max);
      return;
    }
    // Progress on standard error every 10 s, so a long search shows it is alive and how far it got.
    SolveWatch watch;
    watch.report = [](const SolveResult& p) {
      std::cerr << "  " << p.seconds << " s: " << p.nodes << " engine steps, best progress " << p.best_progress << ", targets passed "
                << p.best_targets << ", " << p.lost_positions << " positions proved lost\n";
    };
    Weights weights;
    weights.spread = a->spread;
    weights.hound = a->hound;
    const SolveResult r = solve_deal(rules, deal, SolveBudget{a->nodes, a->seconds}, game, a->quiet ? nullptr : &watch, weights);
    std::cout << verdict_name(r.verdict);
    if (r.verdict == Verdict::Open) std::cout << " (budget spent; best progress " << r.best_progress << ", targets passed " << r.best_targets << ")";
    else std::cout << " (found by " << r.found_by << ")";
    std::cout << ": " << r.nodes << " engine steps, " << r.seconds << " s, " << r.lost_positions << " positions proved lost, "
              << r.bound_cuts << " cut by the points bound\n";
    if (r.verdict == Verdict::Won && !a->out.empty()) {
      GameRecord rec = make_record(rules, deal, seed, game, "solver", analysis::revision());
      finish_record(rec, r.line, replay_line(rules, deal, r.line));
      analysis::write_atomic(a->out, write_record(rec));
      std::cout << "winning line: " << a->out << " (mists replay " << a->out << ")\n";
    }
    if (r.verdict == Verdict::Open && !a->out.empty()) {
      // The best whole game the search played out, marked open: a lost game on a deal not proved lost.
      if (r.best_line.empty()) {
        std::cout << "no line reached the end of the game within the budget: nothing written to " << a->out << "\n";
      } else {
        GameRecord rec = make_record(rules, deal, seed, game, "solver", analysis::revision());
        finish_record(rec, r.best_line, replay_line(rules, deal, r.best_line));
        rec.verdict = "open";
        analysis::write_atomic(a->out, write_record(rec));
        std::cout << "best line found (open: a lost game, the deal not proved lost): " << a->out << " (mists replay " << a->out
                  << "), " << rec.cause << ", score " << rec.score << ", " << rec.turns << " turns\n";
      }
    }
    if (r.verdict == Verdict::Lost) throw ExitCode{SOLVE_LOST_EXIT};
    if (r.verdict == Verdict::Open) throw ExitCode{SOLVE_OPEN_EXIT};
  });
}

}  // namespace mists::cli
