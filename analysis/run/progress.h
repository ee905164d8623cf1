// The progress line of a chunked run (a study, a tournament) on standard error: a bar on a terminal,
// a line every 10 s otherwise.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>


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
    double weight = 1;      // prior cost of a game, in uniform random games (game_weight, vs_game_weight)
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
