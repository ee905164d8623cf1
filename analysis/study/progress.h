// Progress of a study on standard error: a bar on a terminal, a line every 10 s otherwise.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>

#include "analysis/agents/agents.h"

namespace mists::analysis {

// A rate of play as the progress line shows it: whole games a second from 1 a second up ("12
// games/s"), else games a minute with one decimal ("2.5 games/min"), below 1 a minute games an hour.
std::string rate_text(double games_per_second);

// Time left is
// the games still to play times each agent's own seconds per game, measured on the chunks this
// run has played; an agent not yet measured is costed from a prior weight (below) scaled by what
// the measured agents took. Chunks read back from disk by --resume count as done but cost nothing.
struct Progress {
  struct Agent {
    double weight = 1;      // prior cost of a game, in uniform random games
    long long left = 0;     // games planned and not yet played or read
    long long played = 0;   // games played by this run
    double seconds = 0;     // wall time of the chunks this run played
  };
  std::map<std::string, Agent> agents;
  long long total = 0, done = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last = start;
  bool tty = false;  // standard error is a terminal (set by the constructor)
  bool quiet = false;
  Progress();

  // Rough costs of one game relative to a uniform random one, measured once on level 3 with
  // 2 players (`mists analyze --threads 1` of each agent): greedy 8, expert 64, search about 30
  // per playout a decision. They only order the agents until each has played a chunk.
  static double weight(const AgentSpec& a) {
    if (a.search()) return 30.0 * std::max(1, a.params.mcts.playouts);
    // The solver: its whole budget, a uniform random game being some tens of engine steps (it is
    // lost within about 15 turns, results/strength); deals that end early make this a ceiling.
    if (a.is(SOLVER)) return a.params.solve.nodes > 0 ? double(a.params.solve.nodes) / 60.0 : 5e4 * a.params.solve.seconds;
    // The planner: in the default shortlist mode about 60 per sample, candidate, beam position and
    // turn of horizon (docs/performance.md: 7 samples of 6 candidates at width 1, horizon 4 took
    // 0.74-0.97 of mcts's CPU time at 600 playouts on levels 2 and 3); in the vote mode about 100
    // per sample, beam position and turn (4 x 8 x 4 took 0.73 of mcts's time).
    if (a.is(PLANNER)) {
      const double turns = a.params.plan.horizon > 0 ? a.params.plan.horizon : 15;
      const double per = double(std::max(1, a.params.plan.samples)) * std::max(1, a.params.plan.width) * turns;
      return a.params.plan.candidates > 0 ? 60.0 * per * a.params.plan.candidates : 100.0 * per;
    }
    if (a.is(EXPERT)) return 64;
    if (a.is(GREEDY)) return 8;
    return 1;
  }
  void plan(const std::string& agent, long long games, double w) {
    agents[agent].weight = w;
    agents[agent].left += games;
    total += games;
  }
  // A chunk read back from disk.
  void read(const std::string& agent, long long k) {
    agents[agent].left -= k;
    done += k;
  }
  // Games the rest of a cell will not play (a precision target was met).
  void skip(const std::string& agent, long long k) {
    agents[agent].left -= k;
    total -= k;
  }
  // The share of the bar: games done over games planned. Both only move towards each other (a
  // cell that stops early takes its games off the plan), so the bar never shrinks; the time left
  // is an estimate that may move as agents are measured.
  double fraction() const { return total > 0 ? double(done) / double(total) : 1; }
  double seconds_left() const {
    double seconds = 0, weighted = 0;
    for (const auto& [name, a] : agents) seconds += a.seconds, weighted += double(a.played) * a.weight;
    const double per_weight = weighted > 0 ? seconds / weighted : 0;
    double left = 0;
    for (const auto& [name, a] : agents)
      left += double(a.left) * (a.played > 0 ? a.seconds / double(a.played) : a.weight * per_weight);
    return left;
  }
  // A chunk this run played, taking `seconds` of wall time.
  void played(const std::string& agent, long long k, double seconds, const std::string& what) {
    Agent& a = agents[agent];
    a.left -= k, a.played += k, a.seconds += seconds;
    done += k;
    if (quiet) return;
    const auto now = std::chrono::steady_clock::now();
    const double el = std::chrono::duration<double>(now - start).count();
    if (!tty && std::chrono::duration<double>(now - last).count() < 10 && done < total) return;
    last = now;
    double played_games = 0;
    for (const auto& [name, x] : agents) played_games += double(x.played);
    const double rate = el > 0 ? played_games / el : 0;
    const double left = seconds_left();
    const double fraction = this->fraction();
    const int width = 30;
    const int fill = std::clamp(int(double(width) * fraction), 0, width);
    const long long mins = (long long)left / 60;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s[%.*s%*s] %lld/%lld games  %s  %lldh%02lldm%02ds left  %s",
                  tty ? "\r" : "", fill, "##############################", width - fill, "", done, total, rate_text(rate).c_str(),
                  mins / 60, mins % 60, int(left) % 60, what.c_str());
    std::cerr << buf << (tty ? "\033[K" : "\n") << std::flush;
  }
  void finish() const {
    if (tty && !quiet) std::cerr << '\n';
  }
};

}  // namespace mists::analysis
