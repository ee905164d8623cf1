// mists bench: fixed seeded random-play games on one thread; throughput and a signature of the
// outcomes that any change of behaviour moves (quote it as "Bench: <signature>" in commits).
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

#include <tbb/global_control.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "solver/agents.h"
#include "solver/mcts.h"
#include "engine/versus/versus.h"
#include "engine/config/load.h"
#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/study.h"
#include "analysis/tournament/tournament.h"
#include "analysis/agents/value_model.h"
#include "solver/eval.h"
#include "engine/coop/rules.h"

namespace mists::cli {

namespace {

constexpr uint64_t BENCH_SEED = 20221122;  // fixed: the signature depends on it

uint64_t mix(uint64_t h, uint64_t v) { return splitmix64(h ^ v); }

uint64_t summary_hash(const GameSummary& g) {
  uint64_t h = 0;
  for (int v : {int(g.outcome), int(g.cause), g.score, g.turns, g.decisions, g.forced, g.ghosts_on_board,
                g.ghost_supply, g.hounds_reached, g.face_down, g.discarded})
    h = mix(h, uint64_t(uint32_t(v)));
  return h;
}

struct Tally {
  int games = 0, wins = 0;
  long long placements = 0, decisions = 0, steps = 0;
  uint64_t signature = 0;
  double seconds = 0;
};

Tally run(const Rules& rules, int games, uint64_t seed) {
  Tally t;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    const Deal deal = seeded_deal(rules, seed, uint64_t(g));
    RandomAgent agent(stream_seed(seed, uint64_t(g), AGENT_STREAM));
    const GameSummary s = play_game(rules, deal, agent);
    ++t.games;
    t.wins += s.outcome == Outcome::Won;
    t.placements += s.turns;
    t.decisions += s.decisions + s.forced;
    t.signature = mix(t.signature, summary_hash(s));
  }
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

// The competitive games: uniform random play, farmers on, one thread. Each game shuffles the pile
// from its own deal stream; every decision picks uniformly among the legal options (placements,
// the ghost steps of GCC, then the meeple step's options). Reports what a reader needs to compare
// with other engines doing the same work; GCC adds what ghosts, guards and castles did.
// With modules (`cfg.expansions`) the same, every module's options among the random choices.
void bench_versus(const analysis::TournamentConfig& cfg, int games) {
  const vs::VsRules R = cfg.rules();
  const int players = cfg.players;
  const vs::VsGame game = R.game;
  long long placements = 0, decisions = 0, forced = 0, points = 0;
  long long ghosts = 0, scared = 0, guards = 0, castle = 0, ghost_points = 0;
  std::array<long long, 8> module{};  // abbeys, mayors, wagon moves, barn, abbot, toll, chip points, upgrades
  std::vector<int> extent;  // the longer side of each final board
  uint64_t signature = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    const vs::VsDeal deal = analysis::make_vs_deal(R, BENCH_SEED, uint64_t(g));  // the pile by the deal's stream
    Rng rng(stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
    const vs::VsSummary r = vs::play_game(R, deal, [&](const vs::VsState&, const vs::VsAction*, int n) {
      return int(rng.below(uint32_t(n)));
    });
    placements += r.turns;
    extent.push_back(std::max(r.width, r.height));
    decisions += r.decisions;
    forced += r.forced;
    for (int p = 0; p < players; ++p) {
      points += r.score[size_t(p)];
      signature = mix(signature, uint64_t(uint32_t(r.score[size_t(p)])));
      ghosts += r.stats[size_t(p)].ghosts_taken;
      scared += r.stats[size_t(p)].scared_off;
      guards += r.stats[size_t(p)].guards_gained;
      castle += r.stats[size_t(p)].castle_points;
      ghost_points += r.stats[size_t(p)].ghost_points;
      const vs::VsSeatStats& st = r.stats[size_t(p)];
      const long long m[8] = {st.abbeys, st.mayors, st.wagon_moves, st.barn_points, st.abbot_points, st.toll_points,
                              st.chip_points, st.upgrades};
      for (size_t k = 0; k < 8; ++k) module[k] += m[k];
    }
    signature = mix(signature, uint64_t(r.turns * 1000 + r.discarded));
  }
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (game == vs::VsGame::Gcc)
    std::printf("Ghosts, Castles & Cemeteries (G1-G5), %d players, uniform random play, farmers on, 1 thread (%s + %s):\n",
                players, R.catalog.path.c_str(), R.gcc_catalog.path.c_str());
  else
    std::printf("base game (G1), %d players, uniform random play, farmers on, 1 thread (%s):\n", players,
                R.catalog.path.c_str());
  if (R.modules || R.switches.abbot)
    std::printf("  with            %s; %s\n", cfg.expansions.empty() ? "no module" : cfg.expansions.c_str(),
                vs::describe(R.switches, R.modules).c_str());
  std::printf("  games            %d\n", games);
  std::printf("  seconds          %.3f\n", sec);
  std::printf("  games/s          %.0f\n", games / sec);
  std::printf("  placements/s     %.0f\n", double(placements) / sec);
  std::printf("  decisions/game   %.2f (%.2f with two or more options, %.2f forced)\n",
              double(decisions + forced) / games, double(decisions) / games, double(forced) / games);
  std::printf("  mean length      %.2f tiles\n", double(placements) / games);
  std::printf("  mean score       %.2f a player\n", double(points) / games / players);
  if (game == vs::VsGame::Gcc)
    std::printf("  a game           %.2f ghosts attached, %.2f meeples scared off, %.2f points to ghosts, "
                "%.2f guards gained, %.2f castle points\n",
                double(ghosts) / games, double(scared) / games, double(ghost_points) / games, double(guards) / games,
                double(castle) / games);
  if (R.modules || R.switches.abbot)
    std::printf("  a game           %.2f abbeys, %.2f mayors placed, %.2f wagon moves, %.2f barn points, %.2f abbot points, "
                "%.2f toll points, %.2f chip points, %.2f upgrades\n",
                double(module[0]) / games, double(module[1]) / games, double(module[2]) / games, double(module[3]) / games,
                double(module[4]) / games, double(module[5]) / games, double(module[6]) / games, double(module[7]) / games);
  std::sort(extent.begin(), extent.end());
  auto at = [&](double q) { return extent[std::min(extent.size() - 1, size_t(q * double(extent.size())))]; };
  std::printf("  board extent     longer side of the final board: median %d, 99%% %d, max %d cells "
              "(the board holds %d)\n", at(0.5), at(0.99), extent.back(), vs::VS_W - 2);
  std::printf("  position size    %zu bytes\n", sizeof(vs::VsState));
  std::string label(vs::game_name(game));
  if (!cfg.expansions.empty()) label += "+" + cfg.expansions;
  if (R.switches.abbot) label += "+abbot";
  std::printf("Bench (%s): %016llx\n", label.c_str(), static_cast<unsigned long long>(signature));
}

}  // namespace

// Evaluations per second of the learned value and of the heuristic, over the turn starts of `games`
// expert games; says why when the weights cannot be read.
void value_speed(const Rules& rules, int games) {
  std::vector<State> positions;
  for (int g = 0; g < games; ++g) {
    ExpertAgent agent(rules, stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
    TurnObserver keep = [&](const State& s) {
      if (!is_over(s)) positions.push_back(s);
    };
    play_game(rules, seeded_deal(rules, BENCH_SEED + 4, uint64_t(g)), agent, nullptr, &keep);
  }
  std::printf("\nlearned value (%s), level 4, 2 players, %zu positions, 1 thread:\n", analysis::VALUE_FILE, positions.size());
  const ValueModel* model = nullptr;
  try {
    model = &analysis::shipped_value_model();
  } catch (const analysis::AnalysisError& e) {
    std::printf("  not measured: %s\n", e.what());
    return;
  }
  constexpr int ROUNDS = 20;  // about 0.1 s of evaluations a figure
  volatile double sink = 0;
  auto rate = [&](auto&& eval) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < ROUNDS; ++r)
      for (const State& s : positions) sink = sink + eval(s);
    return double(ROUNDS) * double(positions.size()) / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const double v = rate([&](const State& s) { return model->value(rules, s); });
  const double h = rate([&](const State& s) { return evaluate(rules, s); });
  std::printf("  evaluations/s  %.0f learned value, %.0f heuristic (x%.2f the heuristic's time)\n", v, h, h / v);
  // The afterstate value the td agent reads (its inputs include the heuristic's value).
  try {
    const AfterstateEval after(rules, analysis::shipped_afterstate_model());
    const double a = rate([&](const State& s) { return after.value(s); });
    std::printf("  evaluations/s  %.0f afterstate value (%s; x%.2f the heuristic's time)\n", a, analysis::AFTERSTATE_FILE, h / a);
  } catch (const analysis::AnalysisError& e) {
    std::printf("  afterstate value not measured: %s\n", e.what());
  }
}

// Playouts per second of one search from a fixed mid-game position (level 3, 2 players).
double search_speed(const Rules& R, MctsConfig cfg, int decisions) {
  const Deal deal = seeded_deal(R, BENCH_SEED, 0);
  ExpertAgent expert(R, 1);
  State s = initial_state(R, deal);
  Dealer dealer(R, deal);
  thread_local Action opts[MAX_ACTIONS];
  // Advance with the expert to the 6th placement decision.
  while (!(s.phase == Phase::Place && s.turn == 5)) {
    if (is_chance(s)) dealer.draw(s);
    else {
      const int n = legal_actions(R, s, opts);
      apply(R, s, opts[n > 1 ? expert(s, opts, n) : 0]);
    }
  }
  cfg.reuse = false;
  MctsAgent agent(R, cfg, 7);
  const int n = legal_actions(R, s, opts);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < decisions; ++i) agent(s, opts, n);
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return double(agent.stats().playouts) / sec;
}

// Thread counts for --scaling: 1, 2, 4, ... up to the cores present, and the core count itself.
std::vector<int> scaling_counts() {
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> counts;
  for (int t = 1; t <= cores; t *= 2) counts.push_back(t);
  if (counts.back() != cores) counts.push_back(cores);
  return counts;
}

// Sets the CPUs every thread of the process may run on (threads made later inherit their maker's).
// False where the system refuses.
bool pin_process(const cpu_set_t& cpus) {
  bool all = true;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec))
    all = sched_setaffinity(pid_t(std::stol(task.path().filename().string())), sizeof cpus, &cpus) == 0 && all;
  return all && !ec;
}

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// The same batch with 1 and with 2 threads, every thread of the process held to one core, as CPU
// seconds of the process: what a lone thread costs against a pool on the same core (issue 32 measured
// 1.5x on a 16-core machine). Runs alternate, three of each; the medians are printed.
void bench_one_core(const Rules& R, int batch_games) {
  cpu_set_t before, one;
  CPU_ZERO(&one);
  const int cpu = sched_getcpu();
  if (sched_getaffinity(0, sizeof before, &before) != 0 || cpu < 0) {
    std::printf("  one core: not measured (the system does not say which CPU runs this thread)\n");
    return;
  }
  CPU_SET(cpu, &one);
  if (!pin_process(one)) {
    pin_process(before);
    std::printf("  one core: not measured (the system refused to pin the threads)\n");
    return;
  }
  const analysis::AgentSpec expert = analysis::parse_agent("expert");
  std::vector<double> cpu1, cpu2;
  for (int round = 0; round < 3; ++round)
    for (const int t : {1, 2}) {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(t));
      const double c0 = process_cpu_seconds();
      analysis::play_games(R, expert, BENCH_SEED, batch_games);
      (t == 1 ? cpu1 : cpu2).push_back(process_cpu_seconds() - c0);
    }
  pin_process(before);
  std::sort(cpu1.begin(), cpu1.end());
  std::sort(cpu2.begin(), cpu2.end());
  std::printf("  one core (every thread on cpu %d, 3 runs each, medians): the batch took %.3f CPU s on 1 thread, "
              "%.3f on 2: x%.3f\n", cpu, cpu1[1], cpu2[1], cpu1[1] / cpu2[1]);
}

// mists bench --scaling: a batch of expert games as a study plays them (one game a task, TBB
// limited to t threads) and one tree-parallel search, at each thread count, as speed-ups against
// one thread. The batch's outcomes must be the same at every count (checked and printed).
void bench_scaling(const Rules& R, int batch_games) {
  const analysis::AgentSpec expert = analysis::parse_agent("expert");
  std::printf("\nscaling (%u hardware threads): %d expert games of level 3, 2 players, one game a task; "
              "one search of 4000 playouts, tree-parallel\n", std::max(1u, std::thread::hardware_concurrency()),
              batch_games);
  std::printf("  %-8s %10s %9s %13s %9s\n", "threads", "games/s", "speed-up", "playouts/s", "speed-up");
  double batch1 = 0, search1 = 0;
  uint64_t first = 0;
  bool same = true;
  for (const int t : scaling_counts()) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(t));
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<GameSummary> games = analysis::play_games(R, expert, BENCH_SEED, batch_games);
    const double rate = batch_games / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t h = 0;
    for (const GameSummary& g : games) h = mix(h, summary_hash(g));
    if (t == 1) first = h;
    same = same && h == first;
    MctsConfig cfg;
    cfg.playouts = 4000;
    cfg.threads = t;
    cfg.parallel = SearchParallel::Tree;
    const double playouts = search_speed(R, cfg, 10);
    if (t == 1) batch1 = rate, search1 = playouts;
    std::printf("  %-8d %10.0f %8.2fx %13.0f %8.2fx\n", t, rate, rate / batch1, playouts, playouts / search1);
  }
  std::printf("  the batch's outcomes at every thread count: %s\n", same ? "the same" : "DIFFERENT (a defect)");
  if (!same) throw analysis::AnalysisError("bench --scaling: the batch's outcomes depend on the number of threads");
  bench_one_core(R, batch_games);
}

void add_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Seeded random-play games on 1 thread: speed and an outcome signature");
  auto opt = std::make_shared<GameOptions>();
  auto flags = std::make_shared<GameFlags>();
  auto games = std::make_shared<int>(20000);
  auto sweep = std::make_shared<int>(200);
  auto search_games = std::make_shared<int>(4);
  auto expert_games = std::make_shared<int>(20);
  auto parallel = std::make_shared<bool>(false);
  auto scaling = std::make_shared<bool>(false);
  auto scaling_games = std::make_shared<int>(400);
  auto game = std::make_shared<std::string>("coop");
  auto base_players = std::make_shared<int>(2);
  auto vs = std::make_shared<TournamentFlags>();  // the competitive games' catalogs, modules and switches
  flags->add(*cmd, *opt, false, true);
  vs->add_game_flags(*cmd);
  cmd->add_option("--game", *game, "coop: the co-op levels (the signature of commits); base: the competitive base game; "
                                   "gcc: Ghosts, Castles & Cemeteries; base and gcc play uniform random games and print "
                                   "their own signature (with --expansions, --map and --switch: the modules too, 10000 "
                                   "games by default)")
      ->capture_default_str()->check(CLI::IsMember({"coop", "base", "gcc"}));
  add_number(*cmd, "--base-players", *base_players, 2, vs::VS_MAX_PLAYERS, "Players of the competitive game (with --game base or gcc)")
      ->capture_default_str();
  add_number(*cmd, "--search-games", *search_games, 0, 100000, "Games of level 3, 2 players, played by mcts:playouts=200 on 1 thread")
      ->capture_default_str();
  add_number(*cmd, "--expert-games", *expert_games, 0, 100000, "Games per level (2 players) played by the expert on 1 thread")
      ->capture_default_str();
  cmd->add_flag("--parallel", *parallel, "Also measure one search on 2 threads, root and tree parallelism (not in the signature)");
  cmd->add_flag("--scaling", *scaling,
                "Also measure a batch of expert games (as a study plays them) and one tree-parallel search at 1, 2, 4, ... "
                "threads up to the cores present, as speed-ups against 1 thread (not in the signature; the batch's "
                "outcomes are checked to be the same at every count); then the same batch on 1 and on 2 threads with "
                "every thread pinned to one CPU, as CPU seconds of the process (what a lone thread costs against a pool)");
  add_number(*cmd, "--scaling-games", *scaling_games, 1, 10000000, "Expert games in each --scaling batch")->capture_default_str();
  add_number(*cmd, "--games", *games, 1, 10000000,
             "Games of level 3, 2 players, for the speed figures (--game base: base games, 100000 by default)")
      ->capture_default_str();
  add_number(*cmd, "--sweep-games", *sweep, 1, 1000000, "Games per level and player count for the signature sweep")->capture_default_str();
  // Which game reads each flag (the help's groups; refuse_other_games reads them): the co-op game's
  // flags but the two catalogs its levers share with the competitive modules, and the co-op measures.
  std::vector<std::string> coop_only = {"--search-games", "--expert-games", "--parallel", "--scaling", "--scaling-games", "--sweep-games"};
  for (const std::string& n : flags->names)
    if (n != "--abbey-catalog" && n != "--toll-catalog") coop_only.push_back(n);
  set_group(*cmd, COOP_GROUP, coop_only);
  set_group(*cmd, VS_GROUP, {"--base-players"});
  cmd->callback([=] {
    // Flags of the other game are refused rather than ignored (the groups say which game reads each).
    refuse_other_games(*cmd, *game);
    if (*game == "base" || *game == "gcc") {
      const bool gcc = *game == "gcc";
      analysis::TournamentConfig c = vs->cfg;
      c.game = *game;
      c.players = *base_players;
      c.switches = switch_pairs(vs->switches, "--switch");
      check_expansion_flags(*cmd, c);
      const int n = cmd->count("--games") ? *games : c.expansions.empty() ? (gcc ? 20000 : 100000) : 10000;
      try {
        bench_versus(c, n);
      } catch (const ConfigError& e) {
        throw UsageError(e.what());
      }
      return;
    }
    if (cmd->count("--scaling-games") && !*scaling) throw UsageError("--scaling-games needs --scaling");
    flags->apply(*opt);
    if (opt->levers.any()) std::printf("levers: %s (the signature is not the co-op one of commits)\n", levers_text(opt->levers).c_str());
    uint64_t signature = 0;
    Tally total;
    std::printf("%-8s %-8s %7s %6s %9s %12s\n", "level", "players", "games", "wins", "mean len", "placements/s");
    for (int level = 1; level <= 6; ++level)
      for (int players = 1; players <= 5; ++players) {
        const Rules rules = opt->rules(level, players);
        const Tally t = run(rules, *sweep, BENCH_SEED + uint64_t(level * 10 + players));
        signature = mix(signature, t.signature);
        total.games += t.games;
        total.placements += t.placements;
        total.decisions += t.decisions;
        total.seconds += t.seconds;
        std::printf("%-8d %-8d %7d %6d %9.1f %12.0f\n", level, players, t.games, t.wins,
                    double(t.placements) / t.games, double(t.placements) / t.seconds);
      }
    // Speed: uniform random play, level 3, 2 players (the engine's reference workload).
    const Rules rules = opt->rules(3, 2);
    const Tally t = run(rules, *games, BENCH_SEED);
    signature = mix(signature, t.signature);
    // State copies: what a search pays per playout.
    State s = initial_state(rules);
    const int copies = 1000000;
    volatile uint8_t sink = 0;
    const auto c0 = std::chrono::steady_clock::now();
    for (int i = 0; i < copies; ++i) {
      State c = s;
      c.turn = uint16_t(i);
      sink = sink + c.cell[make_cell(START_X, START_Y) + (i & 1)];
      s.score = int16_t(c.turn & 1);
    }
    const double cs = std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
    std::printf("\nlevel 3, 2 players, random play, 1 thread (%s):\n", rules.catalog.path.c_str());
    std::printf("  games          %d (%d won)\n", t.games, t.wins);
    std::printf("  seconds        %.3f\n", t.seconds);
    std::printf("  games/s        %.0f\n", t.games / t.seconds);
    std::printf("  placements/s   %.0f\n", double(t.placements) / t.seconds);
    std::printf("  decisions/s    %.0f\n", double(t.decisions) / t.seconds);
    std::printf("  mean length    %.2f tiles\n", double(t.placements) / t.games);
    std::printf("  state copies/s %.0f (State is %zu bytes)\n", copies / cs, sizeof(State));
    std::printf("sweep: %d games, %lld placements in %.3f s\n", total.games, total.placements, total.seconds);
    // The heuristic on every level: expert games, 2 players; their outcomes feed the signature, so
    // a change to the agents' judgement on any level moves it (the search below plays level 3 only).
    if (*expert_games > 0) {
      std::printf("\nexpert, 2 players, 1 thread:\n");
      for (int level = 1; level <= 6; ++level) {
        const Rules lr = opt->rules(level, 2);
        int wins = 0;
        long long score = 0;
        const auto e0 = std::chrono::steady_clock::now();
        for (int g = 0; g < *expert_games; ++g) {
          ExpertAgent agent(lr, stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
          const GameSummary r = play_game(lr, seeded_deal(lr, BENCH_SEED + uint64_t(level), uint64_t(g)), agent);
          signature = mix(signature, summary_hash(r));
          wins += r.outcome == Outcome::Won;
          score += r.score;
        }
        const double es = std::chrono::duration<double>(std::chrono::steady_clock::now() - e0).count();
        std::printf("  level %d: %d games, %d won, mean final score %.1f, %.0f games/s\n", level, *expert_games, wins,
                    double(score) / *expert_games, *expert_games / es);
      }
    }
    // The learned value's speed (solver/value.h) beside the heuristic's, over the turn starts of
    // level-4 expert games; not part of the signature (the weights are data, read from configs/).
    if (*expert_games > 0) value_speed(opt->rules(4, 2), *expert_games);
    // Search: fixed seeds, fixed playouts, 1 thread; its outcomes feed the signature.
    if (*search_games > 0) {
      MctsConfig cfg;
      cfg.playouts = 200;
      long long playouts = 0, decisions = 0;
      int wins = 0;
      const auto s0 = std::chrono::steady_clock::now();
      for (int g = 0; g < *search_games; ++g) {
        const Deal deal = seeded_deal(rules, BENCH_SEED, uint64_t(g));
        MctsAgent agent(rules, cfg, stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
        const GameSummary r = play_game(rules, deal, agent);
        signature = mix(signature, summary_hash(r));
        playouts += agent.stats().playouts;
        decisions += r.decisions;
        wins += r.outcome == Outcome::Won;
      }
      const double ss = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
      std::printf("\nsearch: mcts (200 playouts a decision), level 3, 2 players, 1 thread:\n");
      std::printf("  games          %d (%d won), %lld searched decisions\n", *search_games, wins, decisions);
      std::printf("  playouts/s     %.0f\n", double(playouts) / ss);
      std::printf("  decisions/s    %.1f\n", double(decisions) / ss);
    }
    if (*parallel) {
      MctsConfig one;
      one.playouts = 4000;
      constexpr int searches = 10;  // per figure: a search takes 10-20 ms, so 3 gave unsteady ratios
      const double p1 = search_speed(rules, one, searches);
      MctsConfig root = one, tree = one;
      root.threads = tree.threads = 2;
      tree.parallel = SearchParallel::Tree;
      const double pr = search_speed(rules, root, searches), pt = search_speed(rules, tree, searches);
      std::printf("\none search of 4000 playouts, mid-game position, level 3, 2 players:\n");
      std::printf("  1 thread        %.0f playouts/s\n", p1);
      std::printf("  2 threads, root %.0f playouts/s (x%.2f)\n", pr, pr / p1);
      std::printf("  2 threads, tree %.0f playouts/s (x%.2f)\n", pt, pt / p1);
    }
    if (*scaling) bench_scaling(rules, *scaling_games);
    std::printf("Bench: %016llx\n", static_cast<unsigned long long>(signature));
  });
}

}  // namespace mists::cli
