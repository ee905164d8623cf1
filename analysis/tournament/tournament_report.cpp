// A tournament's report.md (analysis/tournament/tournament.h): win shares and margins by pair, Bradley-Terry
// ratings, seat advantage, and the games' statistics by agent.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>

#include "analysis/run/stats.h"
#include "analysis/tournament/tournament.h"
#include "analysis/tournament/tournament_chunks.h"

namespace mists::analysis {

using nlohmann::json;

std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins, const std::vector<std::vector<double>>& n) {
  const size_t m = wins.size();
  std::vector<double> p(m, 1.0);
  for (int it = 0; it < 10000; ++it) {
    std::vector<double> q(m);
    double delta = 0;
    for (size_t i = 0; i < m; ++i) {
      double w = 0, d = 0;
      for (size_t j = 0; j < m; ++j) {
        if (i == j || n[i][j] == 0) continue;
        w += wins[i][j];
        d += n[i][j] / (p[i] + p[j]);
      }
      // A clean sweep has no finite strength: a small floor keeps the others defined.
      q[i] = std::max(w, 1e-3) / std::max(d, 1e-12);
    }
    double g = 0;
    for (double x : q) g += std::log(x);
    g = std::exp(g / double(m));
    for (size_t i = 0; i < m; ++i) {
      q[i] /= g;
      delta = std::max(delta, std::fabs(q[i] - p[i]));
    }
    p = q;
    if (delta < 1e-12) break;
  }
  std::vector<double> elo(m);
  for (size_t i = 0; i < m; ++i) elo[i] = 400 * std::log10(p[i] / p[0]);
  return elo;
}

bool rating_unbounded(const std::vector<std::vector<double>>& wins, const std::vector<std::vector<double>>& n, size_t a) {
  double won = 0, played = 0;
  for (size_t b = 0; b < wins.size(); ++b) won += wins[a][b], played += n[a][b];
  return played > 0 && (won <= 0 || won >= played);
}

namespace {

struct MeanCi {
  double mean = 0, lo = 0, hi = 0;
};
MeanCi mean_ci(const std::vector<double>& v) {
  MeanCi r;
  if (v.empty()) return r;
  double s = 0, ss = 0;
  for (double x : v) s += x;
  r.mean = s / double(v.size());
  for (double x : v) ss += (x - r.mean) * (x - r.mean);
  const double se = v.size() > 1 ? std::sqrt(ss / double(v.size() - 1) / double(v.size())) : 0;
  r.lo = r.mean - 1.959964 * se;
  r.hi = r.mean + 1.959964 * se;
  return r;
}

std::string fmt(double x, int digits = 3) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}
std::string fmt_ci(const MeanCi& m, int digits = 3) {
  return fmt(m.mean, digits) + " [" + fmt(m.lo, digits) + ", " + fmt(m.hi, digits) + "]";
}
// A share with its interval: "0.620 [0.576, 0.661]".
std::string fmt_share(double share, const Interval& w) { return fmt(share) + " [" + fmt(w.lo) + ", " + fmt(w.hi) + "]"; }
// A share (values in [0, 1], one a trial) with its Wilson 95% interval, which stays inside [0, 1].
std::string fmt_share(const std::vector<double>& v) {
  double total = 0;
  for (double x : v) total += x;
  return fmt_share(v.empty() ? 0.0 : total / double(v.size()), wilson_share(total, (long long)v.size()));
}

}  // namespace

PairShare pair_share(const TournamentConfig& cfg, const std::vector<TournamentGame>& games, int pair) {
  std::map<int, std::array<double, 2>> by_deal;  // first's share, seatings
  for (const TournamentGame& g : games) {
    if (g.pair != pair) continue;
    double share = 0;  // the game's, then the deal's: the sums in the order report.md always took them
    for (int p = 0; p < cfg.players; ++p)
      if (TournamentConfig::first_sits(p, g.game)) share += g.s.share[size_t(p)];
    auto& d = by_deal[g.game / 2];
    d[0] += share;
    d[1] += 1;
  }
  PairShare out;
  double total = 0;
  for (const auto& [deal, d] : by_deal) total += d[0] / d[1];
  out.deals = (long long)by_deal.size();
  out.share = out.deals ? total / double(out.deals) : 0.0;
  out.ci = wilson_share(total, out.deals);
  return out;
}

std::string tournament_report(const TournamentConfig& cfg, const std::vector<TournamentGame>& games, const json& provenance) {
  const int P = cfg.players;
  const size_t A = cfg.agents.size();
  std::ostringstream os;
  os << "# Tournament: " << (cfg.game == "gcc" ? "Ghosts, Castles & Cemeteries" : "base game")
     << (cfg.expansions.empty() ? "" : " with " + cfg.expansions) << ", " << P << " players\n\n";
  os << "Round robin with seat rotation: each pair of agents plays " << (cfg.precision > 0 ? "at most " : "") << cfg.games
     << " games, " << cfg.games / 2
     << " seeded tile orders (seed " << cfg.seed << ") each from both seatings (the seats of the first agent of a pair are "
     << "seats 0, 2, ... in the first seating and 1, 3, ... in the second). The same tile orders serve every pair.";
  if (cfg.precision > 0)
    os << " A pair stops after the chunk (of " << cfg.chunk << " games) that brings the 95% interval of its win share within "
       << cfg.precision << " each side, once it has played " << cfg.min_games << " games or more.";
  os << "\n\n";
  os << "- rules: " << provenance.value("rules", std::string()) << "\n";
  os << "- revision: " << provenance.value("revision", std::string()) << "\n";
  if (provenance.contains("runs") && !provenance["runs"].empty())
    os << "- command: `" << provenance["runs"].front().value("command", std::string()) << "`\n";
  os << "\n## Pairs\n\n";
  os << "Win share: the first agent's share of the wins (ties shared), averaged over the two seatings of a deal, with a "
        "Wilson 95% interval over deals (each deal a trial; it stays inside [0, 1]); 0.5 is even. Score: mean final score of a seat. Margin: the first agent's mean seat "
        "score minus the second's. Sign test: deals the first agent won on balance against deals it lost, exact; p with three decimals (cut, so never on the wrong side of 0.05) down to 0.001, scientific below.\n\n";
  os << "| first | second | games | win share of first | score first | score second | margin | sign test p |\n";
  os << "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
  std::vector<std::vector<double>> wins(A, std::vector<double>(A, 0)), n(A, std::vector<double>(A, 0));
  for (int pair = 0; pair < cfg.pairs(); ++pair) {
    const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
    std::map<int, std::array<double, 4>> by_deal;  // share, first score, second score, seatings
    for (const TournamentGame& g : games) {
      if (g.pair != pair) continue;
      double share = 0, sf = 0, ss = 0;
      int nf = 0, ns = 0;
      for (int p = 0; p < P; ++p) {
        if (TournamentConfig::first_sits(p, g.game)) share += g.s.share[size_t(p)], sf += g.s.score[size_t(p)], ++nf;
        else ss += g.s.score[size_t(p)], ++ns;
      }
      auto& d = by_deal[g.game / 2];
      d[0] += share;
      d[1] += sf / nf;
      d[2] += ss / ns;
      d[3] += 1;
      wins[size_t(i)][size_t(j)] += share;
      wins[size_t(j)][size_t(i)] += 1 - share;
      n[size_t(i)][size_t(j)] += 1;
      n[size_t(j)][size_t(i)] += 1;
    }
    std::vector<double> sf, ss, margin;
    long long up = 0, down = 0;
    for (const auto& [deal, d] : by_deal) {
      sf.push_back(d[1] / d[3]);
      ss.push_back(d[2] / d[3]);
      margin.push_back((d[1] - d[2]) / d[3]);
      up += d[0] / d[3] > 0.5;
      down += d[0] / d[3] < 0.5;
    }
    const PairShare first = pair_share(cfg, games, pair);  // the one the precision stop reads
    os << "| " << cfg.agents[size_t(i)] << " | " << cfg.agents[size_t(j)] << " | " << 2 * by_deal.size() << " | "
       << fmt_share(first.share, first.ci) << " | " << fmt(mean_ci(sf).mean, 1) << " | " << fmt(mean_ci(ss).mean, 1) << " | "
       << fmt_ci(mean_ci(margin), 1) << " | " << (up + down ? format_p(binomial_two_sided(up, up + down)) : "-") << " |\n";
  }
  // Ratings, with a bootstrap over deals for their intervals.
  const std::vector<double> elo = bradley_terry_elo(wins, n);
  std::vector<std::vector<double>> boot(A);
  {
    std::map<int, std::vector<const TournamentGame*>> deals;
    for (const TournamentGame& g : games) deals[g.game / 2].push_back(&g);
    std::vector<int> keys;
    for (const auto& [d, v] : deals) keys.push_back(d);
    Rng rng(stream_seed(cfg.seed, 0, 99));
    for (int b = 0; b < 200 && !keys.empty(); ++b) {
      std::vector<std::vector<double>> w(A, std::vector<double>(A, 0)), m(A, std::vector<double>(A, 0));
      for (size_t k = 0; k < keys.size(); ++k)
        for (const TournamentGame* g : deals[keys[rng.below(uint32_t(keys.size()))]]) {
          const std::pair<int, int> ij = cfg.pair(g->pair);
  const int i = ij.first, j = ij.second;
          double share = 0;
          for (int p = 0; p < P; ++p)
            if (TournamentConfig::first_sits(p, g->game)) share += g->s.share[size_t(p)];
          w[size_t(i)][size_t(j)] += share;
          w[size_t(j)][size_t(i)] += 1 - share;
          m[size_t(i)][size_t(j)] += 1;
          m[size_t(j)][size_t(i)] += 1;
        }
      const auto e = bradley_terry_elo(w, m);
      for (size_t a = 0; a < A; ++a) boot[a].push_back(e[a]);
    }
  }
  os << "\n## Ratings\n\nBradley-Terry strengths from every pair's win shares (Hunter's MM algorithm), on the Elo scale "
        "(400 log10), the first agent at 0; 95% intervals from 200 bootstrap resamples of the deals.\n\n";
  os << "| agent | Elo | 95% interval |\n| --- | --- | --- |\n";
  for (size_t a = 0; a < A; ++a) {
    // An agent that won none (or all) of its games has no finite strength: the likelihood grows
    // without end as it moves away, so no number is printed for it, only where it stands.
    double won = 0, played = 0;
    for (size_t b = 0; b < A; ++b) won += wins[a][b], played += n[a][b];
    if (rating_unbounded(wins, n, a)) {
      os << "| " << cfg.agents[a] << " | none: it won " << (won <= 0 ? "none" : "all") << " of its " << fmt(played, 0)
         << " games, so its strength is unbounded (" << (won <= 0 ? "below" : "above") << " every agent it played) | — |\n";
      continue;
    }
    os << "| " << cfg.agents[a] << " | " << fmt(elo[a], 0) << " | [" << fmt(quantile(boot[a], 0.025), 0) << ", "
       << fmt(quantile(boot[a], 0.975), 0) << "] |\n";
  }
  // Final scores by agent.
  {
    std::vector<std::vector<double>> by_agent(A);
    for (const TournamentGame& g : games) {
      const std::pair<int, int> ij = cfg.pair(g.pair);
      for (int p = 0; p < P; ++p)
        by_agent[size_t(TournamentConfig::first_sits(p, g.game) ? ij.first : ij.second)].push_back(g.s.score[size_t(p)]);
    }
    double top = 0;
    for (const auto& v : by_agent)
      for (double x : v) top = std::max(top, x);
    const int width = 20, bins = int(top) / width + 1;
    os << "\n## Final scores\n\nEach agent's final score over every seat it held in every pair (so against every "
          "other agent): mean, quantiles, and the share of its seats in each band of "
       << width << " points.\n\n";
    os << "| agent | seats | mean | min | 10% | 25% | median | 75% | 90% | max |\n";
    os << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    for (size_t a = 0; a < A; ++a) {
      const std::vector<double>& v = by_agent[a];
      os << "| " << cfg.agents[a] << " | " << v.size();
      if (v.empty()) {
        os << " | | | | | | | | |\n";
        continue;
      }
      os << " | " << fmt(mean_ci(v).mean, 1);
      for (double q : {0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0}) os << " | " << fmt(quantile(v, q), 1);
      os << " |\n";
    }
    os << "\n| agent |";
    for (int b = 0; b < bins; ++b) os << " " << b * width << "-" << (b + 1) * width - 1 << " |";
    os << "\n| ---";
    for (int b = 0; b < bins; ++b) os << " | ---";
    os << " |\n";
    for (size_t a = 0; a < A; ++a) {
      std::vector<double> count(size_t(bins), 0.0);
      for (double x : by_agent[a]) count[size_t(int(x) / width)] += 1;
      os << "| " << cfg.agents[a] << " |";
      for (double c : count) os << " " << fmt(by_agent[a].empty() ? 0.0 : c / double(by_agent[a].size()), 3) << " |";
      os << "\n";
    }
  }
  // Seats.
  os << "\n## Seats\n\nEvery agent sits in every seat equally often, so a seat's win share above 1/" << P
     << " is the seat's own advantage. Win share of each seat over all games, Wilson 95% interval (each game a trial).\n\n";
  os << "| seat | win share | mean score |\n| --- | --- | --- |\n";
  for (int p = 0; p < P; ++p) {
    std::vector<double> sh, sc;
    for (const TournamentGame& g : games) sh.push_back(g.s.share[size_t(p)]), sc.push_back(g.s.score[size_t(p)]);
    os << "| " << p << " | " << fmt_share(sh) << " | " << fmt(mean_ci(sc).mean, 1) << " |\n";
  }
  // Means a seat a game of some of the seats' figures, one row an agent.
  auto by_agent = [&](const std::vector<uint16_t vs::VsSeatStats::*>& fields) {
    for (size_t a = 0; a < A; ++a) {
      double k = 0;
      std::vector<double> t(fields.size(), 0.0);
      for (const TournamentGame& g : games) {
        const std::pair<int, int> ij = cfg.pair(g.pair);
        for (int p = 0; p < P; ++p) {
          if ((TournamentConfig::first_sits(p, g.game) ? ij.first : ij.second) != int(a)) continue;
          k += 1;
          for (size_t f = 0; f < fields.size(); ++f) t[f] += g.s.stats[size_t(p)].*fields[f];
        }
      }
      os << "| " << cfg.agents[a] << " | " << k;
      for (double x : t) os << " | " << fmt(k > 0 ? x / k : 0.0, 2);
      os << " |\n";
    }
  };
  if (cfg.game == "gcc") {
    os << "\n## Ghosts, guards and castles, by agent\n\nMeans a seat a game: ghosts attached to the seat's meeples, "
          "meeples scared off, points the seat's ghosts cost (2 each in play, 1 each at the end), guards gained from "
          "cemeteries, points castles paid, points the floor at 0 gave back.\n\n";
    os << "| agent | seats | ghosts | scared off | points to ghosts | guards gained | castle points | floor |\n";
    os << "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
    by_agent({&vs::VsSeatStats::ghosts_taken, &vs::VsSeatStats::scared_off, &vs::VsSeatStats::ghost_points,
              &vs::VsSeatStats::guards_gained, &vs::VsSeatStats::castle_points, &vs::VsSeatStats::floor_points});
  }
  if (cfg.module_stats()) {
    os << "\n## The modules' pieces, by agent\n\nMeans a seat a game: abbeys placed, mayors placed, wagons moved on "
          "after a scoring, points barns paid at the end, points the abbot paid (finished or taken back), tolls "
          "collected (in play and at the end), points of the chips taken, meeples upgraded.\n\n";
    os << "| agent | seats | abbeys | mayors | wagon moves | barn points | abbot points | toll points | chip points | upgrades |\n";
    os << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    by_agent(std::vector<uint16_t vs::VsSeatStats::*>(std::begin(tournament_chunk::MODULE_STAT), std::end(tournament_chunk::MODULE_STAT)));
  }
  return os.str();
}

}  // namespace mists::analysis
