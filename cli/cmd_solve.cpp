// mists solve: one deal searched with the whole deal known (solver/deal_solver.h): won (with the
// winning line as a record), lost (proved), or open when the budget ran out.
#include <iostream>

#include "analysis/agents.h"
#include "analysis/files.h"
#include "analysis/params.h"
#include "analysis/study.h"
#include "analysis/viewer.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/record.h"
#include "solver/agents.h"
#include "solver/deal_solver.h"

namespace mists::cli {

void add_solve(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Search one deal with every pile known, face-down tiles included: 'won' with a winning line written as a\n"
      "record (mists replay accepts it), 'lost' when the search proved that no line wins, or 'open' when the\n"
      "budget ran out (with the best progress reached). The deal is game G of a study seeded S (the same\n"
      "--level/--players/--seed/--game as mists play), or the deal of a record (--record).");
  cmd->footer(
      "Examples:\n"
      "  mists solve --level 4 --players 2 --seed 7 --game 12 --seconds 10 --out won.txt   # game 12 of a study seeded 7\n"
      "  mists solve --record game.txt --nodes 3000000        # could the team have won the deal of this game?\n"
      "Many deals: mists analyze --agents solver (the solver as a study agent: verdicts per cell, chunks, --resume).");
  struct Args {
    GameOptions game;
    GameFlags flags;
    std::string seed = "1", record, out;
    bool quiet = false;
    uint64_t index = 0;
    long long nodes = analysis::AgentParams{}.solve.nodes;  // the study agent's budget: the same verdicts
    double seconds = analysis::AgentParams{}.solve.seconds;
    double spread = Weights{}.spread;
    double hound = Weights{}.hound;
  };
  auto a = std::make_shared<Args>();
  a->flags.add(*cmd, a->game, true, true);
  cmd->add_option("--seed", a->seed, "Run seed of the study the deal comes from (0 to 18446744073709551615)")->capture_default_str();
  cmd->add_option("--game", a->index, "Game index within the run")->capture_default_str();
  cmd->add_option("--record", a->record, "Solve the deal of this game record instead (its level, players and switches)");
  cmd->add_option("--nodes", a->nodes, "Budget: engine steps (0 = no limit; reproducible; the default is the solver agent's, about 10 s)")->capture_default_str()->check(CLI::Range(0LL, 1000000000000LL));
  cmd->add_option("--seconds", a->seconds, "Budget: wall-clock seconds (0 = no limit; depends on the machine)")->capture_default_str()->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--spread", a->spread,
                  "Heuristic weight 'spread' of the search's judgement on level 6 (docs/solver.md); 0 gives the verdicts of "
                  "studies made before it existed")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--hound", a->hound,
                  "Heuristic weight 'hound': per point a hound next to a meeple stands to score (docs/solver.md); 0 leaves it "
                  "unvalued, as studies made before it")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));  // the range of the agents' hound parameter
  cmd->add_option("--out", a->out, "Write a winning line here as a game record");
  cmd->add_flag("--quiet,-q", a->quiet, "No progress lines on standard error (by default one every 10 s)");
  cmd->callback([a] {
    if (a->nodes == 0 && a->seconds == 0) throw UsageError("--nodes 0 --seconds 0: give the search a budget");
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
      seed = seed_value(a->seed);
      game = a->index;
      deal = seeded_deal(rules, analysis::cell_seed(seed, rules.level.number, rules.params.players), game);
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
  });
}

}  // namespace mists::cli
