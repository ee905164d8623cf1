#include "analysis/train/td_train.h"

#include <atomic>
#include <csignal>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/lock.h"
#include "analysis/study/study.h"
#include "analysis/agents/value_model.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "solver/agents.h"
#include "solver/td_agent.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace mists::analysis {

json TdTrainConfig::level_json(int level) const {
  json j{{"method", "td"},
              {"level", level},
              {"players", players},
              {"seed", seed},
              {"alpha", alpha},
              {"alpha_h", alpha_h},
              {"lambda", lambda},
              {"explore", explore},
              {"layout", std::string(afterstate_layout())},
              {"catalog_checksum", load_catalog(resolve_input(game.catalog)).checksum},
              {"level_checksum", fnv1a64_hex(read_file(game.level_path(level)))},
              {"switches", describe_switches(game.switches)}};
  if (restarts > 0) j["restarts"] = restarts;  // none: the seal as before restarts existed
  return j;
}

json TdTrainConfig::to_json() const {
  json j = level_json(levels.front());
  j.erase("level");
  j.erase("level_checksum");
  j["levels"] = levels;
  j["games"] = games;
  return j;
}

namespace {

constexpr const char* GAMES_NOTE = "games_done ";
constexpr uint64_t RESTART_STREAM = 100;  // restart k of a game draws from stream 100 + k
constexpr const char* CONFIG_NOTE = "config ";

std::string checkpoint_path(const TdTrainConfig& cfg, int level) { return cfg.work + "/level-" + std::to_string(level) + ".txt"; }

// One level's training: its games, in order, from `from` on.
struct LevelRun {
  const TdTrainConfig* cfg;
  int level;
  AfterstateModel model;  // this level's three heads
  long long done = 0, read = 0;
  std::vector<long long> wins_per_block;  // wins of each `checkpoint` games since game 0
  std::string seal;                       // level_json, dumped

  void save(const std::string& path) const {
    AfterstateModel m = model;
    m.notes = {CONFIG_NOTE + seal, GAMES_NOTE + std::to_string(done)};
    std::string blocks;
    for (long long w : wins_per_block) blocks += (blocks.empty() ? "" : " ") + std::to_string(w);
    m.notes.push_back("wins_per_block " + blocks);
    write_atomic(path, m.text());
  }

  // Reads the checkpoint when there is one: the same configuration or an AnalysisError.
  void resume(const std::string& path) {
    if (!fs::exists(path)) return;
    AfterstateModel m;
    try {
      m = AfterstateModel::load(path);
    } catch (const ValueError& e) {
      throw AnalysisError(std::string(e.what()) + " (a checkpoint of mists train --method td; move it aside to start again)");
    }
    std::string config, games, blocks;
    for (const std::string& n : m.notes) {
      if (n.rfind(CONFIG_NOTE, 0) == 0) config = n.substr(std::string(CONFIG_NOTE).size());
      else if (n.rfind(GAMES_NOTE, 0) == 0) games = n.substr(std::string(GAMES_NOTE).size());
      else if (n.rfind("wins_per_block", 0) == 0) blocks = n.size() > 15 ? n.substr(15) : "";
    }
    if (config != seal)
      throw AnalysisError(path + ": config: the checkpoint was trained with " + config + ", this run asks " + seal +
                          " (another --work folder, or the same settings)");
    try {
      done = parse_integer(games, 0, 1LL << 50);
    } catch (const NumberError& e) {
      throw AnalysisError(path + ": games_done: " + e.what());
    }
    std::istringstream bs(blocks);
    try {
      for (std::string t; bs >> t;) wins_per_block.push_back(parse_integer(t, 0, 1LL << 50));
    } catch (const NumberError& e) {
      throw AnalysisError(path + ": wins_per_block: " + e.what());
    }
    if (done > cfg->games)
      throw AnalysisError(path + ": games_done: the checkpoint has played " + std::to_string(done) + " games, this run asks " +
                          std::to_string(cfg->games) + " (give --games at least that, or another --work)");
    for (int k = 0; k < 3; ++k)
      if (!m.head(level, k))
        throw AnalysisError(path + ": head: the checkpoint has no table for level " + std::to_string(level) + " stage " + std::to_string(k));
    if (m.heads.size() != 3) throw AnalysisError(path + ": head: the checkpoint holds tables of other levels");
    model.heads = std::move(m.heads);
    read = done;
  }

  // Plays and learns from games [done, until).
  void run(long long until, std::atomic<long long>& progress) {
    const TdTrainConfig& c = *cfg;
    std::vector<Rules> rules;
    for (int p : c.players) rules.push_back(c.game.rules(level, p));
    std::vector<AfterstateInputs> trail;
    std::vector<double> values;
    // The wins of the block under way: a checkpoint written inside a block (a stop) keeps them as
    // its last entry.
    long long block_wins = 0;
    if (!wins_per_block.empty() && done % c.checkpoint != 0) block_wins = wins_per_block.back(), wins_per_block.pop_back();
    for (long long g = done; g < until; ++g) {
      if (interrupt_signal()) break;
      const size_t pi = size_t(g % (long long)c.players.size());
      const Rules& R = rules[pi];
      const uint64_t cs = cell_seed(c.seed, level, c.players[pi]);
      const Deal deal = seeded_deal(R, cs, uint64_t(g));
      TdConfig tc;
      tc.explore = c.explore;
      TdAgent agent(R, model, tc, agent_seed(cs, uint64_t(g)));
      // The first afterstate of each later stage (a hound passed), where restarts begin.
      std::array<State, 2> later;
      std::array<bool, 2> has_later{false, false};
      // Every afterstate of a game (restarts included: the same rules and weights) into the trail.
      const AfterstateEval& eval = agent.eval();
      const TurnObserver record = [&](const State& s) {
        trail.emplace_back();
        eval.inputs(s, trail.back());
        values.push_back(eval.value(trail.back()));
      };
      const TurnObserver observe = [&](const State& s) {
        record(s);
        const int st = trail.back().stage;
        if (c.restarts > 0 && !is_over(s) && st >= 1 && !has_later[size_t(st - 1)]) later[size_t(st - 1)] = s, has_later[size_t(st - 1)] = true;
      };
      // Learns from one game's trail by TD(λ), forward view, backwards over the game.
      auto learn = [&](bool won) {
        double G = won ? 1.0 : 0.0;
        for (size_t t = trail.size(); t-- > 0;) {
          if (t + 1 < trail.size()) G = (1.0 - c.lambda) * values[t + 1] + c.lambda * G;
          if (trail[t].terminal) continue;
          AfterstateHead* h = model.head(level, trail[t].stage);
          afterstate_update(*h, trail[t], values[t], G, c.alpha, c.alpha_h);
        }
        trail.clear();
        values.clear();
      };
      trail.clear();
      values.clear();
      const GameSummary sum = play_game(R, deal, agent, nullptr, &observe);
      const bool won = sum.outcome == Outcome::Won;
      block_wins += won;
      learn(won);
      // Restarts: the game played on again from the first afterstate of each later stage it reached
      // (the deepest first), each time on a deal sampled from what the team saw there, so the
      // positions nearer a win are learnt from more often. Part of game g: its own streams.
      for (int k = 0; k < c.restarts; ++k) {
        const int st = has_later[1] ? (k % 2 == 0 ? 1 : has_later[0] ? 0 : 1) : 0;
        if (!has_later[size_t(st)]) break;
        Rng rng(stream_seed(cs, uint64_t(g), RESTART_STREAM + uint64_t(k)));
        const Deal again = sample_deal(R, later[size_t(st)], rng);
        TdAgent on(R, model, tc, rng.next());
        learn(play_from(R, again, later[size_t(st)], on, nullptr, &record).outcome == Outcome::Won);
      }
      done = g + 1;
      ++progress;
      if (done % c.checkpoint == 0) {
        wins_per_block.push_back(block_wins);
        block_wins = 0;
        save(checkpoint_path(c, level));
      }
    }
    if (done % c.checkpoint != 0) wins_per_block.push_back(block_wins);
    save(checkpoint_path(c, level));
  }
};

// Plays `cfg.holdout` games of `level` on deals no training game had (the cell seeds of seed ^ HOLDOUT)
// and scores V at their afterstates against each game's outcome.
constexpr uint64_t HOLDOUT = 0x686f6c646f7574ull;  // "holdout"

TdCalibration calibrate(const TdTrainConfig& c, int level, const AfterstateModel& model) {
  TdCalibration k;
  k.level = level;
  std::vector<double> v, heads;
  std::vector<int> game_of;
  std::vector<bool> won;
  const ValueModel* fitted = nullptr;
  try {
    fitted = &shipped_value_model();
  } catch (const AnalysisError&) {
  }
  for (long long g = 0; g < c.holdout; ++g) {
    const int players = c.players[size_t(g % (long long)c.players.size())];
    const Rules R = c.game.rules(level, players);
    const bool covered = fitted && fitted->covers(R);
    if (!covered) fitted = nullptr;
    const uint64_t cs = cell_seed(c.seed ^ HOLDOUT, level, players);
    TdAgent agent(R, model, TdConfig{}, agent_seed(cs, uint64_t(g)));
    const TurnObserver observe = [&](const State& s) {
      if (is_over(s)) return;
      v.push_back(agent.eval().value(s));
      heads.push_back(fitted ? fitted->value(R, s) : 0.0);
      game_of.push_back(int(g));
    };
    const GameSummary sum = play_game(R, seeded_deal(R, cs, uint64_t(g)), agent, nullptr, &observe);
    won.push_back(sum.outcome == Outcome::Won);
    k.wins += won.back();
  }
  k.games = c.holdout;
  k.positions = (long long)v.size();
  const double base = double(k.wins) / double(std::max<long long>(1, k.games));
  double b = 0, bc = 0, bh = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const double y = won[size_t(game_of[i])] ? 1.0 : 0.0;
    b += (v[i] - y) * (v[i] - y);
    bc += (base - y) * (base - y);
    bh += (heads[i] - y) * (heads[i] - y);
    const size_t d = size_t(std::min(9, int(v[i] * 10)));
    ++k.n[d];
    k.predicted[d] += v[i];
    k.observed[d] += y;
  }
  const double n = double(std::max<size_t>(1, v.size()));
  k.brier = b / n, k.brier_constant = bc / n;
  if (fitted) k.brier_heads = bh / n;
  for (size_t d = 0; d < 10; ++d)
    if (k.n[d]) k.predicted[d] /= double(k.n[d]), k.observed[d] /= double(k.n[d]);
  return k;
}

}  // namespace

std::string td_calibration_markdown(const TdTrainResult& r) {
  std::ostringstream os;
  os << "# The afterstate value on held-out games\n\n"
        "Every afterstate (turn start) of the held-out games, played by the depth-1 td agent on the final weights, "
        "V against the game's outcome. Brier score: the mean squared error (lower is better); `constant`: the held-out "
        "win share for every position; `value.txt`: the shipped learned value of `planner:value=...` on the same positions.\n\n"
        "| level | games | won | positions | Brier V | Brier constant | Brier value.txt |\n|---|---|---|---|---|---|---|\n";
  char buf[256];
  for (const TdCalibration& k : r.calibration) {
    std::snprintf(buf, sizeof buf, "| %d | %lld | %lld | %lld | %.4f | %.4f | %s |\n", k.level, k.games, k.wins, k.positions, k.brier, k.brier_constant,
                  k.brier_heads < 0 ? "—" : (std::to_string(k.brier_heads).substr(0, 6)).c_str());
    os << buf;
  }
  os << "\nReliability: the positions whose V fell in each decile, their mean V and the share of them whose game was won.\n\n"
        "| level | decile | positions | mean V | won |\n|---|---|---|---|---|\n";
  for (const TdCalibration& k : r.calibration)
    for (size_t d = 0; d < 10; ++d) {
      if (!k.n[d]) continue;
      std::snprintf(buf, sizeof buf, "| %d | %zu | %lld | %.3f | %.3f |\n", k.level, d + 1, k.n[d], k.predicted[d], k.observed[d]);
      os << buf;
    }
  return os.str();
}

TdTrainResult train_td(const TdTrainConfig& cfg, const std::string& command, int verbosity) {
  if (cfg.work.empty()) throw AnalysisError("train: --work: a folder for the checkpoints is needed");
  if (cfg.game.levers.any()) throw AnalysisError("train: the afterstate value is trained without co-op levers");
  const FolderLock lock(cfg.work, command);
  const InterruptGuard guard;
  std::vector<LevelRun> runs;
  for (int l : cfg.levels) {
    LevelRun r;
    r.cfg = &cfg;
    r.level = l;
    r.model = AfterstateModel::fresh({l});
    r.seal = cfg.level_json(l).dump();
    r.resume(checkpoint_path(cfg, l));
    runs.push_back(std::move(r));
  }
  std::atomic<long long> progress{0};
  long long total = 0, already = 0;
  for (const LevelRun& r : runs) total += cfg.games, already += r.done;
  // A level a task, on at most `threads` threads (as studies limit theirs); TBB passes the first
  // exception of a task on to the caller.
  std::optional<tbb::global_control> limit;
  if (cfg.threads > 0) limit.emplace(tbb::global_control::max_allowed_parallelism, size_t(cfg.threads));
  auto each_level = [&](auto&& body) {
    tbb::parallel_for(tbb::blocked_range<size_t>(0, runs.size(), 1), [&](const tbb::blocked_range<size_t>& r) {
      for (size_t i = r.begin(); i != r.end(); ++i) body(i);
    }, tbb::simple_partitioner());
  };
  std::atomic<bool> finished{false};
  const auto start = std::chrono::steady_clock::now();
  std::thread reporter([&] {
    if (verbosity < 0) return;
    auto last = start;
    while (!finished) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(10)) continue;
      last = now;
      const double secs = std::chrono::duration<double>(now - start).count();
      const long long p = progress;
      const double rate = double(p) / std::max(secs, 1e-9);
      const long long left = total - already - p;
      std::ostringstream os;
      os << "train td: " << already + p << "/" << total << " games, " << std::lround(rate) << " games/s";
      if (rate > 0) os << ", about " << std::lround(double(left) / rate / 60.0) << " min left";
      std::cerr << os.str() << std::endl;
    }
  });
  try {
    each_level([&](size_t i) { runs[i].run(cfg.games, progress); });
  } catch (...) {
    finished = true;
    reporter.join();
    throw;
  }
  finished = true;
  reporter.join();
  if (const int sig = interrupt_signal())
    throw Interrupted("mists: stopped by " + std::string(sig == SIGINT ? "SIGINT" : "SIGTERM") + ": the checkpoints in " + cfg.work +
                          " are saved; the same command resumes them",
                      SIGNAL_EXIT_BASE + sig);
  TdTrainResult res;
  std::string levels;
  for (LevelRun& r : runs) {
    TdLevelResult lr;
    lr.level = r.level;
    lr.played = r.done - r.read;
    lr.read = r.read;
    if (!r.wins_per_block.empty()) {
      lr.wins_last = r.wins_per_block.back();
      lr.games_last = r.done % cfg.checkpoint ? r.done % cfg.checkpoint : std::min(cfg.checkpoint, r.done);
    }
    res.levels.push_back(lr);
    for (AfterstateHead& h : r.model.heads) res.model.heads.push_back(std::move(h));
    levels += (levels.empty() ? "" : " ") + std::to_string(r.level) + ":" + fnv1a64_hex(read_file(cfg.game.level_path(r.level)));
  }
  res.model.notes.push_back("made_by mists train --method td (revision " + std::string(revision()) + ")");
  res.model.notes.push_back("config " + cfg.to_json().dump());
  res.model.notes.push_back("level_checksums " + levels);
  // The learning curve: each level's win share over each block of `checkpoint` games.
  std::ostringstream curve;
  curve << "level,block,games_from,games,wins,win_share\n";
  for (const LevelRun& r : runs)
    for (size_t b = 0; b < r.wins_per_block.size(); ++b) {
      const long long from = (long long)b * cfg.checkpoint;
      const long long n = std::min(cfg.checkpoint, r.done - from);
      curve << r.level << ',' << b << ',' << from << ',' << n << ',' << r.wins_per_block[b] << ',' << double(r.wins_per_block[b]) / double(n) << '\n';
    }
  write_atomic(cfg.work + "/curve.csv", curve.str());
  // The calibration on held-out games, a level a thread.
  if (cfg.holdout > 0) {
    res.calibration.resize(runs.size());
    each_level([&](size_t i) { res.calibration[i] = calibrate(cfg, runs[i].level, res.model); });
    write_atomic(cfg.work + "/calibration.md", td_calibration_markdown(res));
  }
  if (!cfg.out.empty()) {
    if (fs::path(cfg.out).has_parent_path()) fs::create_directories(fs::path(cfg.out).parent_path());
    write_atomic(cfg.out, res.model.text());
    res.model = AfterstateModel::parse(res.model.text(), cfg.out);
  }
  return res;
}

}  // namespace mists::analysis
