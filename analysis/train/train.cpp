#include "analysis/train/train.h"

#include <tbb/global_control.h>

#include <Eigen/Dense>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/batch.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis/run/run_log.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/rng.h"

namespace mists::analysis {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// One played game as a chunk keeps it.
struct GameTrack {
  int game = 0;
  bool won = false;
  int passed = 0;  // stages passed at the end: the hounds reached, all of the level's stages when won
  int score = 0;
  std::vector<int> choices;
};

// One position of a replayed game.
struct Sample {
  int stage = 0;
  bool next = false;  // the game reached the next stage
  bool won = false;
  double target = 0;  // what the stage's head is fitted to: `next`, or the hindsight share
  int label_next = 0, label_won = 0;  // a hindsight label's games that reached the next stage, and won
  ValueInputs x{};
};

// The hindsight label of one position of a game: of `samples` games played on from it, how many
// reached the next stage and how many were won.
struct Label {
  int position = 0;  // index of the turn start in its game (turn starts of an ended game not counted)
  int next = 0, won = 0;
};
struct GameLabels {
  int game = 0;
  std::vector<Label> labels;
};

int stages_of(const Level& L) { return std::min(VALUE_STAGES, 1 + (L.hound1 > 0) + (L.hound2 > 0)); }

std::string cell_name(int level, int players) { return "L" + std::to_string(level) + "-P" + std::to_string(players); }

// The seal of one cell's chunks: the games' configuration and the level file.
std::string games_hash(const TrainConfig& cfg, int level) {
  return fnv1a64_hex(cfg.games_json().dump() + fnv1a64_hex(read_file(cfg.game.level_path(level))));
}

// The first line of a chunk of `kind` (games or labels): what it belongs to, checked on reading.
std::string chunk_head(const char* kind, const std::string& hash, const std::string& cell, int index, int first, size_t count) {
  std::ostringstream os;
  os << "# mists train " << kind << ' ' << hash << ' ' << cell << ' ' << index << ' ' << first << ' ' << count;
  return os.str();
}

// One row of a chunk as words, with where it stands for messages.
struct ChunkRow {
  std::string where;  // "path:line"
  std::vector<std::string> w;
  // Word `i` as a whole number in [lo, hi]; an AnalysisError naming the line and `field` otherwise.
  long long num(size_t i, const char* field, long long lo, long long hi) const {
    if (i >= w.size()) throw AnalysisError(where + ": " + field + ": missing");
    try {
      return parse_integer(w[i], lo, hi);
    } catch (const NumberError& e) {
      throw AnalysisError(where + ": " + field + ": " + e.what());
    }
  }
};

// The rows of a sealed chunk whose first line must be `head` (`other`: what a different first line
// means, for the message).
std::vector<ChunkRow> chunk_rows(const std::string& path, const std::string& head, const std::string& other) {
  std::string body;
  try {
    body = unseal_text(read_file(path), path);
  } catch (const ValueError& e) {
    throw AnalysisError(e.what());
  }
  std::istringstream in(body);
  std::string line;
  std::getline(in, line);
  if (line != head) throw AnalysisError(path + ":1: seal: '" + line + "' is not '" + head + "' (" + other + ")");
  std::vector<ChunkRow> rows;
  for (int no = 2; std::getline(in, line); ++no) {
    ChunkRow r{path + ":" + std::to_string(no), {}};
    std::istringstream ls(line);
    for (std::string t; ls >> t;) r.w.push_back(t);
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string chunk_text(const std::string& hash, const std::string& cell, int index, int first, const std::vector<GameTrack>& games) {
  std::ostringstream os;
  os << chunk_head("games", hash, cell, index, first, games.size()) << '\n';
  for (const GameTrack& g : games) {
    os << g.game << ' ' << (g.won ? "won" : "lost") << ' ' << g.passed << ' ' << g.score << ' ' << g.choices.size();
    for (int c : g.choices) os << ' ' << c;
    os << '\n';
  }
  return seal_text(os.str());
}

std::vector<GameTrack> read_chunk(const std::string& path, const std::string& hash, const std::string& cell, int index, int first,
                                  int count) {
  std::vector<GameTrack> out;
  for (const ChunkRow& r : chunk_rows(path, chunk_head("games", hash, cell, index, first, size_t(count)),
                                      "a chunk of other settings, or of another revision of the level file; move the folder aside or give "
                                      "another --work")) {
    const std::vector<std::string>& w = r.w;
    GameTrack g;
    g.game = int(r.num(0, "game", first + int(out.size()), first + int(out.size())));
    if (w.size() < 2 || (w[1] != "won" && w[1] != "lost")) throw AnalysisError(r.where + ": outcome: want won or lost");
    g.won = w[1] == "won";
    g.passed = int(r.num(2, "passed", 0, VALUE_STAGES));
    g.score = int(r.num(3, "score", 0, 100000));
    const long long n = r.num(4, "choices", 0, 100000);
    if (w.size() != size_t(5 + n))
      throw AnalysisError(r.where + ": choices: " + std::to_string(n) + " announced, " + std::to_string(w.size() - 5) + " given");
    for (long long i = 0; i < n; ++i) g.choices.push_back(int(r.num(size_t(5 + i), "choice", 0, MAX_ACTIONS - 1)));
    out.push_back(std::move(g));
  }
  if (int(out.size()) != count) throw AnalysisError(path + ": games: " + std::to_string(out.size()) + " of " + std::to_string(count));
  return out;
}

// Logistic regression by Newton's method (IRLS): rows of X (already standardised) against labels y,
// ridge penalty on the weights (not the bias). Returns the weights with the bias last. One thread,
// a fixed order of sums: the same data give the same bits.
Eigen::VectorXd fit_logistic(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double ridge) {
  const Eigen::Index n = X.rows(), d = X.cols();
  Eigen::MatrixXd A(n, d + 1);
  A << X, Eigen::VectorXd::Ones(n);
  Eigen::VectorXd w = Eigen::VectorXd::Zero(d + 1);
  constexpr int MAX_STEPS = 50;         // Newton converges in well under this on these data
  constexpr double TOLERANCE = 1e-10;   // largest weight change that ends the iteration
  for (int step = 0; step < MAX_STEPS; ++step) {
    const Eigen::VectorXd z = A * w;
    Eigen::VectorXd p(n), r(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      p[i] = 1.0 / (1.0 + std::exp(-z[i]));
      r[i] = std::max(p[i] * (1.0 - p[i]), 1e-12);
    }
    Eigen::VectorXd g = A.transpose() * (p - y);
    Eigen::MatrixXd H = A.transpose() * r.asDiagonal() * A;
    for (Eigen::Index j = 0; j < d; ++j) {
      g[j] += ridge * w[j];
      H(j, j) += ridge;
    }
    H(d, d) += 1e-9;  // keeps the bias's row regular when every label is the same
    const Eigen::VectorXd delta = H.ldlt().solve(g);
    w -= delta;
    if (delta.cwiseAbs().maxCoeff() < TOLERANCE) break;
  }
  return w;
}

// Adds `hidden` tanh units to a fitted linear head and trains the whole head — the linear weights,
// the units and their output weights — on standardised inputs Z against labels y: cross-entropy plus
// the ridge penalty on every weight (not the biases), full-batch Adam (Kingma & Ba 2015) for `epochs`
// steps. The units start small from a stream seeded by (seed, level, stage) with output weights 0,
// so training starts at the linear head. One thread, fixed order: the same data give the same bits.
void fit_hidden(ValueHead& h, const Eigen::MatrixXd& Z, const Eigen::VectorXd& y, double ridge, int hidden, int epochs, uint64_t seed) {
  constexpr double RATE = 0.01, BETA1 = 0.9, BETA2 = 0.999, EPSILON = 1e-8, INIT = 0.3;
  const Eigen::Index n = Z.rows(), d = Z.cols(), H = hidden;
  Rng rng(splitmix64(seed ^ splitmix64(uint64_t(h.level) * 8 + uint64_t(h.stage))));
  // Parameters: w (d), b, U (H x d), c (H), v (H).
  Eigen::VectorXd w(d), c = Eigen::VectorXd::Zero(H), v = Eigen::VectorXd::Zero(H);
  for (Eigen::Index j = 0; j < d; ++j) w[j] = h.weight[size_t(j)];
  double b = h.bias;
  Eigen::MatrixXd U(H, d);
  for (Eigen::Index k = 0; k < H; ++k)
    for (Eigen::Index j = 0; j < d; ++j) U(k, j) = INIT * (2.0 * rng.uniform() - 1.0);
  // Adam's moments, one pair a parameter block.
  Eigen::VectorXd mw = Eigen::VectorXd::Zero(d), sw = mw, mc = Eigen::VectorXd::Zero(H), sc = mc, mv = mc, sv = mc;
  Eigen::MatrixXd mU = Eigen::MatrixXd::Zero(H, d), sU = mU;
  double mb = 0, sb = 0;
  const double scale = n ? 1.0 / double(n) : 1.0;  // gradients of the mean loss: the rate does not depend on n
  for (int t = 1; t <= epochs; ++t) {
    const Eigen::MatrixXd A = (Z * U.transpose()).rowwise() + c.transpose();  // n x H
    const Eigen::MatrixXd T = A.array().tanh();
    const Eigen::VectorXd logit = (Z * w + T * v).array() + b;
    Eigen::VectorXd g(n);
    for (Eigen::Index i = 0; i < n; ++i) g[i] = 1.0 / (1.0 + std::exp(-logit[i])) - y[i];
    const Eigen::VectorXd gw = (Z.transpose() * g + ridge * w) * scale;
    const double gb = g.sum() * scale;
    const Eigen::VectorXd gv = (T.transpose() * g + ridge * v) * scale;
    const Eigen::MatrixXd G = ((g * v.transpose()).array() * (1.0 - T.array().square())).matrix();  // n x H
    const Eigen::MatrixXd gU = (G.transpose() * Z + ridge * U) * scale;
    const Eigen::VectorXd gc = G.colwise().sum().transpose() * scale;
    const double c1 = 1.0 - std::pow(BETA1, t), c2 = 1.0 - std::pow(BETA2, t);
    auto step = [&](auto& p, auto& m, auto& s, const auto& grad) {
      m = BETA1 * m + (1 - BETA1) * grad;
      s = BETA2 * s + (1 - BETA2) * grad.cwiseProduct(grad);
      p -= (RATE * (m / c1).array() / ((s / c2).array().sqrt() + EPSILON)).matrix();
    };
    step(w, mw, sw, gw);
    step(U, mU, sU, gU);
    step(c, mc, sc, gc);
    step(v, mv, sv, gv);
    mb = BETA1 * mb + (1 - BETA1) * gb;
    sb = BETA2 * sb + (1 - BETA2) * gb * gb;
    b -= RATE * (mb / c1) / (std::sqrt(sb / c2) + EPSILON);
  }
  for (Eigen::Index j = 0; j < d; ++j) h.weight[size_t(j)] = w[j];
  h.bias = b;
  h.units.assign(size_t(H), ValueUnit{});
  for (Eigen::Index k = 0; k < H; ++k) {
    ValueUnit& u = h.units[size_t(k)];
    u.out = v[k];
    u.bias = c[k];
    for (Eigen::Index j = 0; j < d; ++j) u.w[size_t(j)] = U(k, j);
  }
}

ValueHead fit_head(int level, int stage, const std::vector<const Sample*>& rows, long long games, const TrainConfig& cfg) {
  const double ridge = cfg.ridge;
  ValueHead h;
  h.level = level;
  h.stage = stage;
  h.games = games;
  h.positions = (long long)rows.size();
  const Eigen::Index n = Eigen::Index(rows.size());
  Eigen::MatrixXd X(n, VALUE_INPUTS);
  Eigen::VectorXd y(n);
  double reached = 0;  // the mean label: the share of positions whose game reached the next stage (or the mean hindsight share)
  for (Eigen::Index i = 0; i < n; ++i) {
    for (int j = 0; j < VALUE_INPUTS; ++j) X(i, j) = rows[size_t(i)]->x[size_t(j)];
    y[i] = rows[size_t(i)]->target;
    reached += y[i];
  }
  h.reached = n ? reached / double(n) : 0.0;
  for (int j = 0; j < VALUE_INPUTS; ++j) {
    const double mean = n ? X.col(j).mean() : 0.0;
    const double var = n ? (X.col(j).array() - mean).square().mean() : 0.0;
    h.mean[size_t(j)] = mean;
    h.scale[size_t(j)] = var > 1e-18 ? std::sqrt(var) : 1.0;  // a constant input: weight ends at 0 under the ridge
    X.col(j) = (X.col(j).array() - mean) / h.scale[size_t(j)];
  }
  const Eigen::VectorXd w = fit_logistic(X, y, ridge);
  for (int j = 0; j < VALUE_INPUTS; ++j) h.weight[size_t(j)] = w[j];
  h.bias = w[VALUE_INPUTS];
  if (cfg.hidden > 0 && n > 0) fit_hidden(h, X, y, ridge, cfg.hidden, cfg.epochs, cfg.seed);
  return h;
}

std::string real(double v, const char* fmt = "%.4f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// Where a training run stops when a signal asks it to: before a chunk of games or labels is played,
// and after one that the signal cut short (not kept). The run's entry is closed with the games
// played so far (analysis/run/run_log.h); the same command goes on from the sealed chunks.
struct TrainStop {
  RunLog& log;
  const TrainResult& res;
  std::string command;
  long long kept = 0;  // chunks of games and labels in WORK that this run read or sealed
  void check() const {
    if (const int sig = log.signal()) log.stop(sig, "games_played", res.games_played, kept, command);
  }
};

// The played games of one cell: chunks read from WORK or played now (in parallel, stored by game
// index, so they do not depend on the thread count).
std::vector<GameTrack> cell_games(const TrainConfig& cfg, int level, int players, const std::string& dir, long long& played,
                                  long long& read, long long& done, long long total, int verbosity, TrainStop& stop) {
  const Rules R = cfg.game.rules(level, players);
  const AgentSpec agent = parse_agent(cfg.agent);
  const std::string hash = games_hash(cfg, level), cell = cell_name(level, players);
  std::vector<GameTrack> all;
  const int chunks = (cfg.games + cfg.chunk - 1) / cfg.chunk;
  for (int k = 0; k < chunks; ++k) {
    const int first = k * cfg.chunk, count = std::min(cfg.chunk, cfg.games - first);
    const std::string path = dir + "/" + cell + "-" + std::to_string(k) + ".txt";
    std::vector<GameTrack> games;
    if (fs::exists(path)) {
      games = read_chunk(path, hash, cell, k, first, count);
      read += count;
    } else {
      stop.check();
      const auto began = std::chrono::steady_clock::now();
      games.resize(size_t(count));
      for_each_game(count, [&](int i) {
        if (stop.log.signal()) return;  // this chunk will not be kept
        GameTrack& g = games[size_t(i)];
        g.game = first + i;
        const GameSummary s = play_one(R, agent, cfg.seed, uint64_t(g.game), nullptr, nullptr, nullptr, &g.choices);
        g.won = s.outcome == Outcome::Won;
        g.passed = g.won ? stages_of(R.level) : std::min(s.hounds_reached, stages_of(R.level) - 1);
        g.score = s.score;
      });
      stop.check();
      write_atomic(path, chunk_text(hash, cell, k, first, games));
      played += count;
      if (verbosity >= 0) {
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        std::cerr << "train: " << cell << " chunk " << k + 1 << "/" << chunks << ": " << count << " games in " << real(secs, "%.1f")
                  << " s (" << done + count << "/" << total << " games)\n";
      }
    }
    done += count;
    ++stop.kept;
    for (auto& g : games) all.push_back(std::move(g));
  }
  return all;
}

// ---- hindsight labels ----------------------------------------------------------------------------

// The seal of one cell's label chunks: its games' seal, the labels' settings, the games fitted.
std::string labels_hash(const TrainConfig& cfg, int level) {
  return fnv1a64_hex(games_hash(cfg, level) + cfg.labels_json().dump());
}

std::string labels_chunk_text(const std::string& hash, const std::string& cell, int index, int first, const std::vector<GameLabels>& games) {
  std::ostringstream os;
  os << chunk_head("labels", hash, cell, index, first, games.size()) << '\n';
  for (const GameLabels& g : games) {
    os << g.game << ' ' << g.labels.size();
    for (const Label& l : g.labels) os << ' ' << l.position << ' ' << l.next << ' ' << l.won;
    os << '\n';
  }
  return seal_text(os.str());
}

std::vector<GameLabels> read_labels_chunk(const std::string& path, const std::string& hash, const std::string& cell, int index, int first,
                                          int count, int samples) {
  std::vector<GameLabels> out;
  for (const ChunkRow& r : chunk_rows(path, chunk_head("labels", hash, cell, index, first, size_t(count)),
                                      "labels of other settings; move the folder aside")) {
    GameLabels g;
    g.game = int(r.num(0, "game", first + int(out.size()), first + int(out.size())));
    const int n = int(r.num(1, "positions", 0, 100000));
    if (r.w.size() != size_t(2 + 3 * n))
      throw AnalysisError(r.where + ": positions: " + std::to_string(n) + " announced, " + std::to_string((r.w.size() - 2) / 3) + " given");
    for (int i = 0; i < n; ++i) {
      Label l;
      l.position = int(r.num(size_t(2 + 3 * i), "position", 0, 100000));
      l.next = int(r.num(size_t(3 + 3 * i), "next", 0, samples));
      l.won = int(r.num(size_t(4 + 3 * i), "won", 0, l.next));
      g.labels.push_back(l);
    }
    out.push_back(std::move(g));
  }
  if (int(out.size()) != count) throw AnalysisError(path + ": games: " + std::to_string(out.size()) + " of " + std::to_string(count));
  return out;
}

// The seed of sample `sample` of position `position` of game `game` in a cell: its sampled deal and
// its agent's stream. A function of these alone, so the labels do not depend on the thread count.
uint64_t label_seed(const TrainConfig& cfg, int level, int players, int game, int position, int sample) {
  const uint64_t cell = splitmix64(splitmix64(cfg.seed) ^ splitmix64(uint64_t(level) * 16 + uint64_t(players)));
  return stream_seed(cell, uint64_t(game), 16 + uint64_t(position) * 256 + uint64_t(sample));
}

// Labels the positions of `games` (the fitted games of one chunk): each game replayed to collect its
// turn starts, every hindsight_every-th played on hindsight_samples times, the positions in parallel.
std::vector<GameLabels> label_games(const TrainConfig& cfg, const Rules& R, int level, int players, const std::vector<const GameTrack*>& games,
                                    const std::string& where) {
  const AgentSpec labeller = parse_agent(cfg.hindsight_agent);
  const int stages = stages_of(R.level);
  struct Job {
    size_t game = 0;
    int position = 0, stage = 0;
    State s;
  };
  std::vector<Job> jobs;
  for (size_t i = 0; i < games.size(); ++i) {
    int position = 0;
    TurnObserver see = [&](const State& s) {
      if (is_over(s)) return;
      if (position % cfg.hindsight_every == 0) jobs.push_back(Job{i, position, value_stage(R, s), s});
      ++position;
    };
    replay_choices(R, cfg.seed, uint64_t(games[i]->game), games[i]->choices, see, where + ": game " + std::to_string(games[i]->game));
  }
  std::vector<Label> labels(jobs.size());
  for_each_game(int(jobs.size()), [&](int j) {
    const Job& job = jobs[size_t(j)];
    Label& l = labels[size_t(j)];
    l.position = job.position;
    for (int k = 0; k < cfg.hindsight_samples; ++k) {
      const uint64_t seed = label_seed(cfg, level, players, games[job.game]->game, job.position, k);
      Rng rng(seed);
      auto deal = std::make_shared<const Deal>(sample_deal(R, job.s, rng));
      const Chooser agent = make_agent(R, labeller, splitmix64(seed), deal);
      const GameSummary end = play_from(R, *deal, job.s, agent);
      const bool won = end.outcome == Outcome::Won;
      const int passed = won ? stages : std::min(end.hounds_reached, stages - 1);
      l.next += passed > job.stage;
      l.won += won;
    }
  });
  std::vector<GameLabels> out(games.size());
  for (size_t i = 0; i < games.size(); ++i) out[i].game = games[i]->game;
  for (size_t j = 0; j < jobs.size(); ++j) out[jobs[j].game].labels.push_back(labels[j]);
  return out;
}

// The hindsight labels of a cell's fitted games: chunks read from WORK/labels-HASH/ (HASH: the
// first 8 digits of the labels' seal) or labelled now.
std::vector<GameLabels> cell_labels(const TrainConfig& cfg, int level, int players, const std::vector<GameTrack>& games, TrainResult& res,
                                    int verbosity, TrainStop& stop) {
  const Rules R = cfg.game.rules(level, players);
  const std::string hash = labels_hash(cfg, level), cell = cell_name(level, players);
  const std::string dir = cfg.work + "/labels-" + hash.substr(0, 8);
  fs::create_directories(dir);
  const int fit = cfg.fit_games();
  std::vector<GameLabels> all;
  const int chunks = (fit + cfg.chunk - 1) / cfg.chunk;
  for (int k = 0; k < chunks; ++k) {
    const int first = k * cfg.chunk, count = std::min(cfg.chunk, fit - first);
    const std::string path = dir + "/" + cell + "-" + std::to_string(k) + ".txt";
    std::vector<GameLabels> labels;
    if (fs::exists(path)) {
      labels = read_labels_chunk(path, hash, cell, k, first, count, cfg.hindsight_samples);
      for (const auto& g : labels) res.labels_read += (long long)g.labels.size();
    } else {
      stop.check();
      const auto began = std::chrono::steady_clock::now();
      std::vector<const GameTrack*> chunk;
      for (int i = first; i < first + count; ++i) chunk.push_back(&games[size_t(i)]);
      labels = label_games(cfg, R, level, players, chunk, cfg.work + "/games/" + cell + "-" + std::to_string(k) + ".txt");
      stop.check();  // a signal while the chunk was labelled: it is not kept
      write_atomic(path, labels_chunk_text(hash, cell, k, first, labels));
      long long n = 0;
      for (const auto& g : labels) n += (long long)g.labels.size();
      res.positions_labelled += n;
      if (verbosity >= 0) {
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        std::cerr << "train: " << cell << " labels " << k + 1 << "/" << chunks << ": " << n << " positions x " << cfg.hindsight_samples
                  << " games in " << real(secs, "%.1f") << " s\n";
      }
    }
    ++stop.kept;
    for (auto& g : labels) all.push_back(std::move(g));
  }
  return all;
}

// The positions of a cell's games, replayed from their choices, into `fitted` (games below
// `fit_games`) or `held`; a game that replays to another end than its chunk says is an error (the
// engine changed under the chunk). With hindsight `labels` (one per fitted game), a fitted game
// keeps only its labelled positions, each fitted to its label.
void replay_cell(const TrainConfig& cfg, int level, int players, const std::vector<GameTrack>& games, const std::string& dir, int fit_games,
                 const std::vector<GameLabels>* labels, std::vector<Sample>& fitted, std::vector<Sample>& held) {
  const Rules R = cfg.game.rules(level, players);
  for (const GameTrack& g : games) {
    const std::string where = dir + "/" + cell_name(level, players) + "-" + std::to_string(g.game / cfg.chunk) + ".txt: game " +
                              std::to_string(g.game);
    std::vector<Sample>& out = g.game < fit_games ? fitted : held;
    const size_t from = out.size();
    TurnObserver see = [&](const State& s) {
      if (is_over(s)) return;
      Sample p;
      p.stage = value_stage(R, s);
      p.x = value_inputs(R, s);
      out.push_back(p);
    };
    const GameSummary s = replay_choices(R, cfg.seed, uint64_t(g.game), g.choices, see, where);
    if ((s.outcome == Outcome::Won) != g.won || s.score != g.score)
      throw AnalysisError(where + ": replays to " + (s.outcome == Outcome::Won ? "a win" : "a loss") + " with " + std::to_string(s.score) +
                          " points, the chunk says " + (g.won ? "won" : "lost") + " with " + std::to_string(g.score) +
                          " (the engine changed since the chunk was played: play it again in a new --work)");
    for (size_t i = from; i < out.size(); ++i) {
      out[i].won = g.won;
      out[i].next = g.passed > out[i].stage;
      out[i].target = out[i].next ? 1.0 : 0.0;
    }
    if (labels && g.game < fit_games) {  // keep the labelled positions, in order, with their labels
      const GameLabels& gl = (*labels)[size_t(g.game)];
      size_t kept = from;
      for (const Label& l : gl.labels) {
        if (from + size_t(l.position) >= out.size())
          throw AnalysisError(where + ": a hindsight label for position " + std::to_string(l.position) + " of a game with " +
                              std::to_string(out.size() - from) + " (labels of other games: move the labels folder aside)");
        Sample p = out[from + size_t(l.position)];
        p.target = double(l.next) / double(cfg.hindsight_samples);
        p.label_next = l.next, p.label_won = l.won;
        p.next = 2 * l.next >= cfg.hindsight_samples;
        out[kept++] = p;
      }
      out.resize(kept);
    }
  }
}

}  // namespace

json TrainConfig::games_json() const {
  return json{{"seed", seed},
              {"agent", agent},
              {"chunk", chunk},
              {"catalog_checksum", load_catalog(resolve_input(game.catalog)).checksum},
              {"switches", describe_switches(game.switches)}};
}

int TrainConfig::fit_games() const { return int(std::floor(fit_share * games + 1e-9)); }

json TrainConfig::labels_json() const {
  return json{{"labels", labels}, {"hindsight_agent", hindsight_agent}, {"hindsight_samples", hindsight_samples}, {"hindsight_every", hindsight_every}};
}

json TrainConfig::to_json() const {
  json j = games_json();
  j["levels"] = levels;
  j["players"] = players;
  j["games"] = games;
  j["ridge"] = ridge;
  j["fit_share"] = fit_share;
  if (labels != "outcome") j.update(labels_json());  // outcome labels: the record as before they had a choice
  if (hidden > 0) j["hidden"] = hidden, j["epochs"] = epochs;  // a linear head: the record as before hidden units
  return j;
}

TrainResult train_value(const TrainConfig& cfg, const std::string& command, int verbosity) {
  if (cfg.work.empty()) throw AnalysisError("train: --work: a folder for the played games is needed");
  const AgentSpec fair = parse_agent(cfg.agent);
  if (sees_the_deal(fair))
    throw AnalysisError("train: --agent " + cfg.agent + ": the value is learnt from a fair player's games; " + fair.text + " sees the deal");
  const bool hindsight = cfg.labels == "hindsight";
  if (!hindsight && cfg.labels != "outcome") throw AnalysisError("train: --labels '" + cfg.labels + "': want outcome or hindsight");
  if (hindsight) {
    const AgentSpec labeller = parse_agent(cfg.hindsight_agent);
    if (labeller.is(SOLVER))
      throw AnalysisError("train: --hindsight-agent " + cfg.hindsight_agent + ": the deal solver plays no game on from a position; give a player (mists agents)");
    if (cfg.hindsight_samples < 1 || cfg.hindsight_every < 1)
      throw AnalysisError("train: --hindsight-samples and --hindsight-every: at least 1");
  }
  // One run at a time plays into WORK, and a signal stops it between chunks (analysis/run/run_log.h).
  RunLog log(cfg.work, "train.json", command, nullptr, "/runs");
  const std::string games_dir = cfg.work + "/games";
  fs::create_directories(games_dir);
  // WORK/train.json: the games' settings must be those of the chunks already there.
  const std::string meta_path = log.path();
  json meta;
  if (fs::exists(meta_path)) {
    meta = read_json_file(meta_path);
    // A training record: the games' settings and every run, each field of the type it was written with.
    const Fields top(meta, meta_path);
    top.object("config");
    top.array("runs");
    for (size_t i = 0; i < meta["runs"].size(); ++i) {
      const Fields r = top.element("runs", i);
      for (const char* key : {"revision", "command", "started"}) r.text(key);
      for (const char* key : {"weights", "weights_checksum", "ended"})
        if (r.has(key)) r.text(key);
      for (const char* key : {"games_played", "games_read", "positions_labelled", "labels_read"})
        if (r.has(key)) r.integer(key, 0, 1000000000000LL);
    }
    if (top.has("level_checksums")) {
      const Fields levels = top.sub("level_checksums");
      for (const auto& [key, value] : levels.json().items()) levels.text(key);
    }
    const json now = cfg.games_json();
    for (const auto& [key, value] : now.items())
      if (!meta["config"].contains(key) || meta["config"][key] != value)
        throw AnalysisError(meta_path + ": config." + key + ": the games in " + cfg.work + " were played with " +
                            (meta["config"].contains(key) ? meta["config"][key].dump() : std::string("none")) + ", this run asks for " +
                            value.dump() + "; give another --work");
  }
  meta["config"] = cfg.to_json();
  json levels = json::object();
  for (int l : cfg.levels) levels[std::to_string(l)] = fnv1a64_hex(read_file(cfg.game.level_path(l)));
  meta["level_checksums"] = levels;
  // The run is recorded before it plays, so a killed run stays in the record (without `ended`).
  log.open(meta, cfg.threads);
  TrainResult res;
  TrainStop stop{log, res, command};

  std::optional<tbb::global_control> limit;
  if (cfg.threads > 0) limit.emplace(tbb::global_control::max_allowed_parallelism, size_t(cfg.threads));
  const long long total = (long long)cfg.levels.size() * (long long)cfg.players.size() * cfg.games;
  long long done = 0;
  const int fit_games = cfg.fit_games();
  std::vector<std::string> level_notes;
  for (int level : cfg.levels) {
    // 1-2. The games of every player count, and their positions.
    std::vector<Sample> fitted, held;
    std::vector<std::pair<bool, int>> fitted_games;  // (won, passed) of each fitted game
    long long held_games = 0, held_wins = 0;
    for (int players : cfg.players) {
      const std::vector<GameTrack> games = cell_games(cfg, level, players, games_dir, res.games_played, res.games_read, done, total, verbosity, stop);
      std::vector<GameLabels> labels;
      if (hindsight) labels = cell_labels(cfg, level, players, games, res, verbosity, stop);
      replay_cell(cfg, level, players, games, games_dir, fit_games, hindsight ? &labels : nullptr, fitted, held);
      for (const GameTrack& g : games) {
        if (g.game < fit_games) fitted_games.emplace_back(g.won, g.passed);
        else held_games += 1, held_wins += g.won;
      }
    }
    // 3. One head per stage.
    const Level L = cfg.game.level_config(level);
    const int stages = stages_of(L);
    for (int k = 0; k < stages; ++k) {
      std::vector<const Sample*> rows;
      for (const Sample& p : fitted)
        if (p.stage == k) rows.push_back(&p);
      ValueHead h = fit_head(level, k, rows, (long long)fitted_games.size(), cfg);
      if (k + 1 < stages) {  // P(won | stage k+1 entered), with one win and one loss added (Laplace)
        long long entered = 0, won = 0;
        if (hindsight) {  // counted in the labels' games from stage-k positions
          for (const Sample* p : rows) entered += p->label_next, won += p->label_won;
        } else {
          for (const auto& [w, passed] : fitted_games)
            if (passed > k) ++entered, won += w;
        }
        h.after = (double(won) + 1.0) / (double(entered) + 2.0);
      }
      res.model.heads.push_back(h);
    }
    // 4. Calibration on the held-out games.
    LevelCalibration cal;
    cal.level = level;
    cal.games = held_games;
    cal.wins = held_wins;
    cal.positions = (long long)held.size();
    // The heuristic mapped to a probability: a logistic fit of the win on it, over the fitted positions.
    Eigen::MatrixXd Xh(Eigen::Index(fitted.size()), 1);
    Eigen::VectorXd yh(Eigen::Index(fitted.size()));
    long long fitted_wins = 0;
    for (size_t i = 0; i < fitted.size(); ++i) Xh(Eigen::Index(i), 0) = fitted[i].x[0], yh[Eigen::Index(i)] = fitted[i].won, fitted_wins += fitted[i].won;
    const Eigen::VectorXd hw = fit_logistic(Xh, yh, 1e-6);
    const double base = fitted.empty() ? 0.0 : double(fitted_wins) / double(fitted.size());
    std::array<long long, 10> n{};
    std::array<double, 10> pred{}, obs{};
    for (const Sample& p : held) {
      const ValueHead* head = nullptr;
      for (const ValueHead& h : res.model.heads)
        if (h.level == level && h.stage == p.stage) head = &h;
      const double v = head->chance(p.x) * head->after;
      const double ph = 1.0 / (1.0 + std::exp(-(hw[0] * p.x[0] + hw[1])));
      const double y = p.won ? 1.0 : 0.0;
      cal.brier_value += (v - y) * (v - y);
      cal.brier_heuristic += (ph - y) * (ph - y);
      cal.brier_constant += (base - y) * (base - y);
      const int d = std::min(9, int(v * 10));
      ++n[size_t(d)], pred[size_t(d)] += v, obs[size_t(d)] += y;
    }
    if (!held.empty()) {
      cal.brier_value /= double(held.size());
      cal.brier_heuristic /= double(held.size());
      cal.brier_constant /= double(held.size());
    }
    for (int d = 0; d < 10; ++d)
      if (n[size_t(d)])
        res.reliability.push_back(ReliabilityRow{level, d, n[size_t(d)], pred[size_t(d)] / double(n[size_t(d)]), obs[size_t(d)] / double(n[size_t(d)])});
    res.levels.push_back(cal);
    level_notes.push_back(std::to_string(level) + ":" + fnv1a64_hex(read_file(cfg.game.level_path(level))));
  }
  // The weights file: what made it (not the folder or the thread count: the same settings give the
  // same bytes wherever they run), then the heads.
  res.model.notes.push_back("made_by mists train (revision " + std::string(revision()) + ")");
  res.model.notes.push_back("config " + cfg.to_json().dump());
  std::string lv;
  for (const std::string& s : level_notes) lv += (lv.empty() ? "" : " ") + s;
  res.model.notes.push_back("level_checksums " + lv);
  const std::string text = res.model.text();
  res.model = ValueModel::parse(text, cfg.out);
  if (fs::path(cfg.out).has_parent_path()) fs::create_directories(fs::path(cfg.out).parent_path());
  write_atomic(cfg.out, text);
  // The calibration beside the games.
  std::ostringstream cal, rel;
  cal << "level,held_games,held_wins,positions,brier_value,brier_heuristic,brier_constant\n";
  for (const auto& c : res.levels)
    cal << c.level << ',' << c.games << ',' << c.wins << ',' << c.positions << ',' << real(c.brier_value, "%.6f") << ','
        << real(c.brier_heuristic, "%.6f") << ',' << real(c.brier_constant, "%.6f") << '\n';
  rel << "level,decile,positions,predicted,observed\n";
  for (const auto& r : res.reliability)
    rel << r.level << ',' << r.decile << ',' << r.positions << ',' << real(r.predicted, "%.6f") << ',' << real(r.observed, "%.6f") << '\n';
  write_atomic(cfg.work + "/calibration.csv", cal.str());
  write_atomic(cfg.work + "/reliability.csv", rel.str());
  write_atomic(cfg.work + "/calibration.md", calibration_markdown(res));
  json& run = log.entry();
  run["games_read"] = res.games_read;
  if (hindsight) run["positions_labelled"] = res.positions_labelled, run["labels_read"] = res.labels_read;
  run["weights"] = cfg.out;
  run["weights_checksum"] = res.model.checksum();
  log.close("games_played", res.games_played);
  return res;
}

std::string calibration_markdown(const TrainResult& r) {
  std::ostringstream os;
  os << "| level | held-out games | won | positions | Brier, learned value | Brier, heuristic (logistic) | Brier, constant |\n";
  os << "| --- | --- | --- | --- | --- | --- | --- |\n";
  for (const auto& c : r.levels)
    os << "| " << c.level << " | " << c.games << " | " << c.wins << " | " << c.positions << " | " << real(c.brier_value) << " | "
       << real(c.brier_heuristic) << " | " << real(c.brier_constant) << " |\n";
  os << "\n| level | V in | positions | mean V | won share |\n| --- | --- | --- | --- | --- |\n";
  for (const auto& x : r.reliability)
    os << "| " << x.level << " | " << real(x.decile / 10.0, "%.1f") << "-" << real((x.decile + 1) / 10.0, "%.1f") << " | " << x.positions << " | "
       << real(x.predicted, "%.3f") << " | " << real(x.observed, "%.3f") << " |\n";
  return os.str();
}

}  // namespace mists::analysis
