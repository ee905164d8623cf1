// The logistic fit of win rate on the ghost budget (analysis/run/stats.h) used by the reports.
#include <cmath>

#include "analysis/run/stats.h"
#include "support.h"

using namespace mists::analysis;

TEST_CASE("analysis: logistic fit recovers known parameters from binomial counts") {
  const double a = -6.0, b = 0.4;  // 50% at 15 ghosts, odds x1.49 per ghost
  std::vector<double> x;
  std::vector<long long> wins, games;
  for (int g = 10; g <= 20; ++g) {
    const double p = 1 / (1 + std::exp(-(a + b * g)));
    x.push_back(g);
    games.push_back(1000000);
    wins.push_back(std::llround(1000000 * p));
  }
  const LogisticFit f = fit_logistic(x, wins, games);
  REQUIRE(f.ok);
  CHECK(f.a == doctest::Approx(a).epsilon(1e-3));
  CHECK(f.b == doctest::Approx(b).epsilon(1e-3));
  CHECK(f.x_at(0.5) == doctest::Approx(15.0).epsilon(1e-3));
}

TEST_CASE("analysis: logistic fit refuses data that cannot fix two parameters") {
  CHECK_FALSE(fit_logistic({15}, {40}, {100}).ok);                 // one budget only
  CHECK_FALSE(fit_logistic({14, 15, 16}, {0, 0, 0}, {50, 50, 50}).ok);  // never won
  CHECK_FALSE(fit_logistic({14, 15, 16}, {50, 50, 50}, {50, 50, 50}).ok);  // always won
  const LogisticFit f = fit_logistic({14, 15, 16}, {10, 20, 30}, {100, 100, 100});
  REQUIRE(f.ok);
  CHECK(f.b > 0);  // more ghosts, more wins
}
