// mists bench for the co-op game (its row's bench, cli/games.h): fixed seeded random-play games of
// every level and player count on one thread, throughput, the expert on every level, one search,
// and a signature of the outcomes that any change of behaviour moves (quote it as "Bench:
// <signature>" in commits); --parallel and --scaling measure threads beside it.
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include <tbb/global_control.h>

#include "analysis/agents/agents.h"
#include "analysis/agents/value_model.h"
#include "analysis/run/error.h"
#include "analysis/study/study.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/coop/rules.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/mcts.h"

namespace mists::cli {

namespace {

uint64_t summary_hash(const GameSummary& g) {
  uint64_t h = 0;
  for (int v : {int(g.outcome), int(g.cause), g.score, g.turns, g.decisions, g.forced, g.ghosts_on_board,
                g.ghost_supply, g.hounds_reached, g.face_down, g.discarded})
    h = bench_mix(h, uint64_t(uint32_t(v)));
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
    t.signature = bench_mix(t.signature, summary_hash(s));
  }
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

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
    for (const GameSummary& g : games) h = bench_mix(h, summary_hash(g));
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

}  // namespace

void bench_coop(const CLI::App& cmd, const BenchFlags& f, const CliGame&) {
  if (cmd.count("--scaling-games") && !f.scaling) throw UsageError("--scaling-games needs --scaling");
  GameOptions opt = f.opt;
  f.flags.apply(opt);
  if (opt.levers.any()) std::printf("levers: %s (the signature is not the co-op one of commits)\n", levers_text(opt.levers).c_str());
  uint64_t signature = 0;
  Tally total;
  std::printf("%-8s %-8s %7s %6s %9s %12s\n", "level", "players", "games", "wins", "mean len", "placements/s");
  for (int level = 1; level <= 6; ++level)
    for (int players = 1; players <= 5; ++players) {
      const Rules rules = opt.rules(level, players);
      const Tally t = run(rules, f.sweep, BENCH_SEED + uint64_t(level * 10 + players));
      signature = bench_mix(signature, t.signature);
      total.games += t.games;
      total.placements += t.placements;
      total.decisions += t.decisions;
      total.seconds += t.seconds;
      std::printf("%-8d %-8d %7d %6d %9.1f %12.0f\n", level, players, t.games, t.wins,
                  double(t.placements) / t.games, double(t.placements) / t.seconds);
    }
  // Speed: uniform random play, level 3, 2 players (the engine's reference workload).
  const Rules rules = opt.rules(3, 2);
  const Tally t = run(rules, f.games, BENCH_SEED);
  signature = bench_mix(signature, t.signature);
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
  if (f.expert_games > 0) {
    std::printf("\nexpert, 2 players, 1 thread:\n");
    for (int level = 1; level <= 6; ++level) {
      const Rules lr = opt.rules(level, 2);
      int wins = 0;
      long long score = 0;
      const auto e0 = std::chrono::steady_clock::now();
      for (int g = 0; g < f.expert_games; ++g) {
        ExpertAgent agent(lr, stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
        const GameSummary r = play_game(lr, seeded_deal(lr, BENCH_SEED + uint64_t(level), uint64_t(g)), agent);
        signature = bench_mix(signature, summary_hash(r));
        wins += r.outcome == Outcome::Won;
        score += r.score;
      }
      const double es = std::chrono::duration<double>(std::chrono::steady_clock::now() - e0).count();
      std::printf("  level %d: %d games, %d won, mean final score %.1f, %.0f games/s\n", level, f.expert_games, wins,
                  double(score) / f.expert_games, f.expert_games / es);
    }
  }
  // The learned value's speed (solver/value.h) beside the heuristic's, over the turn starts of
  // level-4 expert games; not part of the signature (the weights are data, read from configs/).
  if (f.expert_games > 0) value_speed(opt.rules(4, 2), f.expert_games);
  // Search: fixed seeds, fixed playouts, 1 thread; its outcomes feed the signature.
  if (f.search_games > 0) {
    MctsConfig cfg;
    cfg.playouts = 200;
    long long playouts = 0, decisions = 0;
    int wins = 0;
    const auto s0 = std::chrono::steady_clock::now();
    for (int g = 0; g < f.search_games; ++g) {
      const Deal deal = seeded_deal(rules, BENCH_SEED, uint64_t(g));
      MctsAgent agent(rules, cfg, stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
      const GameSummary r = play_game(rules, deal, agent);
      signature = bench_mix(signature, summary_hash(r));
      playouts += agent.stats().playouts;
      decisions += r.decisions;
      wins += r.outcome == Outcome::Won;
    }
    const double ss = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
    std::printf("\nsearch: mcts (200 playouts a decision), level 3, 2 players, 1 thread:\n");
    std::printf("  games          %d (%d won), %lld searched decisions\n", f.search_games, wins, decisions);
    std::printf("  playouts/s     %.0f\n", double(playouts) / ss);
    std::printf("  decisions/s    %.1f\n", double(decisions) / ss);
  }
  if (f.parallel) {
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
  if (f.scaling) bench_scaling(rules, f.scaling_games);
  std::printf("Bench: %016llx\n", static_cast<unsigned long long>(signature));
}

}  // namespace mists::cli
