#include "analysis/run/stats.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>

namespace mists::analysis {

Interval wilson(long long k, long long n, double z) { return wilson_share(double(k), n, z); }

Interval wilson_share(double successes, long long n, double z) {
  if (n <= 0) return {0, 1};
  const double p = std::clamp(successes / double(n), 0.0, 1.0);
  const double z2 = z * z;
  const double denom = 1 + z2 / double(n);
  const double centre = (p + z2 / (2 * double(n))) / denom;
  const double margin = z * std::sqrt(p * (1 - p) / double(n) + z2 / (4 * double(n) * double(n))) / denom;
  return {std::max(0.0, centre - margin), std::min(1.0, centre + margin)};
}

double binomial_two_sided(long long k, long long n) {
  if (n == 0) return 1.0;
  // P(X <= min(k, n-k)) * 2 under Binomial(n, 1/2), summed in log space.
  const long long m = std::min(k, n - k);
  double total = 0;
  for (long long i = 0; i <= m; ++i)
    total += std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) - std::lgamma(double(n - i) + 1) -
                      double(n) * std::log(2.0));
  return std::min(1.0, 2 * total);
}

std::string format_p(double p) {
  constexpr double THOUSANDTHS = 1000;      // three decimals
  constexpr double REPRESENTATION = 1e-9;  // keeps 0.29 from cutting to 0.289 (0.29 * 1000 is 289.99999...)
  char text[32];
  if (p >= PLAIN_P_FLOOR)
    std::snprintf(text, sizeof text, "%.3f", std::floor(std::min(p, 1.0) * THOUSANDTHS + REPRESENTATION) / THOUSANDTHS);
  else std::snprintf(text, sizeof text, "%.1e", p);
  return text;
}

Paired paired(const std::vector<bool>& a, const std::vector<bool>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("paired: different game counts");
  Paired p;
  p.n = (long long)a.size();
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] && b[i]) ++p.both;
    else if (a[i]) ++p.only_a;
    else if (b[i]) ++p.only_b;
    else ++p.neither;
  }
  if (p.n == 0) return p;
  const double n = double(p.n);
  p.diff = double(p.only_a - p.only_b) / n;
  // Variance of the mean paired difference d_i in {-1, 0, 1}.
  const double e2 = double(p.only_a + p.only_b) / n;
  const double var = std::max(0.0, (e2 - p.diff * p.diff) / n);
  const double z = 1.959963984540054;
  p.diff_ci = {p.diff - z * std::sqrt(var), p.diff + z * std::sqrt(var)};
  p.mcnemar_p = binomial_two_sided(p.only_a, p.only_a + p.only_b);
  return p;
}

PairedMean paired_mean(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("paired_mean: different game counts");
  PairedMean p;
  p.n = (long long)a.size();
  if (p.n == 0) return p;
  double sum_a = 0, sum_b = 0, sum_d = 0, sum_d2 = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    const double d = a[i] - b[i];
    sum_a += a[i], sum_b += b[i], sum_d += d, sum_d2 += d * d;
    if (d > 0) ++p.a_higher;
    else if (d < 0) ++p.b_higher;
  }
  const double n = double(p.n);
  p.mean_a = sum_a / n, p.mean_b = sum_b / n, p.diff = sum_d / n;
  const double var = p.n > 1 ? std::max(0.0, (sum_d2 - n * p.diff * p.diff) / (n - 1)) / n : 0.0;
  const double z = 1.959963984540054;
  p.diff_ci = {p.diff - z * std::sqrt(var), p.diff + z * std::sqrt(var)};
  p.sign_p = binomial_two_sided(p.a_higher, p.a_higher + p.b_higher);
  return p;
}

double LogisticFit::x_at(double p) const { return (std::log(p / (1 - p)) - a) / b; }

LogisticFit fit_logistic(const std::vector<double>& x, const std::vector<long long>& wins, const std::vector<long long>& games) {
  LogisticFit f;
  long long w = 0, n = 0;
  for (size_t i = 0; i < x.size(); ++i) w += wins[i], n += games[i];
  if (x.size() < 2 || w == 0 || w == n) return f;
  Eigen::Vector2d beta(std::log((double(w) + 0.5) / (double(n - w) + 0.5)), 0.0);
  for (int iter = 0; iter < 50; ++iter) {
    Eigen::Matrix2d H = Eigen::Matrix2d::Zero();
    Eigen::Vector2d g = Eigen::Vector2d::Zero();
    for (size_t i = 0; i < x.size(); ++i) {
      const Eigen::Vector2d xi(1.0, x[i]);
      const double p = 1.0 / (1.0 + std::exp(-beta.dot(xi)));
      g += (double(wins[i]) - double(games[i]) * p) * xi;
      H += double(games[i]) * p * (1 - p) * xi * xi.transpose();
    }
    if (std::fabs(H.determinant()) < 1e-12) return f;
    const Eigen::Vector2d step = H.ldlt().solve(g);
    beta += step;
    if (step.norm() < 1e-10) break;
  }
  f.a = beta[0];
  f.b = beta[1];
  Eigen::Matrix2d H = Eigen::Matrix2d::Zero();
  for (size_t i = 0; i < x.size(); ++i) {
    const Eigen::Vector2d xi(1.0, x[i]);
    const double p = 1.0 / (1.0 + std::exp(-beta.dot(xi)));
    H += double(games[i]) * p * (1 - p) * xi * xi.transpose();
  }
  const Eigen::Matrix2d cov = H.inverse();
  f.var_a = cov(0, 0), f.var_b = cov(1, 1), f.cov_ab = cov(0, 1);
  f.ok = std::isfinite(f.a) && std::isfinite(f.b) && f.b != 0 && std::isfinite(f.var_a) && std::isfinite(f.var_b);
  return f;
}

Interval LogisticFit::x_at_interval(double p) const {
  // x(p) = (logit p - a) / b; gradient with respect to (a, b): (-1 / b, -(logit p - a) / b^2).
  const double l = std::log(p / (1 - p));
  const double ga = -1 / b, gb = -(l - a) / (b * b);
  const double var = ga * ga * var_a + 2 * ga * gb * cov_ab + gb * gb * var_b;
  const double x = x_at(p), half = 1.959963984540054 * std::sqrt(std::max(0.0, var));
  return {x - half, x + half};
}

namespace {

// P(|T| < t) for Student's t with a whole number of degrees of freedom (Abramowitz & Stegun 26.7.3
// for odd df, 26.7.4 for even): with theta = atan(t / sqrt(df)), c = cos(theta),
// odd: 2/pi * (theta + sin(theta) * (c + 2/3 c^3 + (2*4)/(3*5) c^5 + ... up to c^(df-2)));
// even: sin(theta) * (1 + 1/2 c^2 + (1*3)/(2*4) c^4 + ... up to c^(df-2)).
double student_t_central(double t, long long df) {
  const double theta = std::atan(std::fabs(t) / std::sqrt(double(df)));
  const double c = std::cos(theta), c2 = c * c;
  if (df % 2 == 1) {
    double sum = 0, term = c;
    if (df > 1) {
      sum = term;
      for (long long k = 3; k <= df - 2; k += 2) term *= c2 * double(k - 1) / double(k), sum += term;
    }
    return 2 / std::numbers::pi * (theta + std::sin(theta) * sum);
  }
  double sum = 1, term = 1;
  for (long long k = 2; k <= df - 2; k += 2) term *= c2 * double(k - 1) / double(k), sum += term;
  return std::sin(theta) * sum;
}

}  // namespace

double student_t_critical(double confidence, double df) {
  if (!(confidence > 0 && confidence < 1) || !(df >= 1))
    throw std::invalid_argument("student_t_critical: confidence in (0, 1) and df >= 1");
  constexpr double NORMAL_DF = 1e6;  // beyond this t is the normal quantile to 6 digits; keeps the series short
  const long long whole = (long long)std::floor(std::min(df, NORMAL_DF));
  double lo = 0, hi = 1;
  while (student_t_central(hi, whole) < confidence) hi *= 2;
  constexpr int HALVINGS = 100;  // far below a double's resolution of t
  for (int i = 0; i < HALVINGS; ++i) {
    const double mid = (lo + hi) / 2;
    (student_t_central(mid, whole) < confidence ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

MeanDiff welch(const std::vector<double>& a, const std::vector<double>& b, double confidence) {
  if (a.size() < 2 || b.size() < 2) throw std::invalid_argument("welch: each sample needs two values or more");
  auto mean_var = [](const std::vector<double>& v) {
    double m = 0;
    for (double x : v) m += x;
    m /= double(v.size());
    double ss = 0;
    for (double x : v) ss += (x - m) * (x - m);
    return std::pair{m, ss / double(v.size() - 1)};
  };
  const auto [ma, va] = mean_var(a);
  const auto [mb, vb] = mean_var(b);
  MeanDiff d;
  d.diff = ma - mb;
  const double wa = va / double(a.size()), wb = vb / double(b.size());  // each mean's squared standard error
  d.se = std::sqrt(wa + wb);
  if (d.se == 0) return d;
  d.df = (wa + wb) * (wa + wb) / (wa * wa / double(a.size() - 1) + wb * wb / double(b.size() - 1));
  d.df = std::max(d.df, double(std::min(a.size(), b.size()) - 1));  // its floor, against rounding
  d.margin = student_t_critical(confidence, d.df) * d.se;
  return d;
}

MeanDiff paired_diff(const std::vector<double>& a, const std::vector<double>& b, double confidence) {
  if (a.size() != b.size() || a.size() < 2) throw std::invalid_argument("paired_diff: two samples of one length, two values or more");
  const size_t n = a.size();
  MeanDiff d;
  for (size_t i = 0; i < n; ++i) d.diff += a[i] - b[i];
  d.diff /= double(n);
  double ss = 0;
  for (size_t i = 0; i < n; ++i) ss += (a[i] - b[i] - d.diff) * (a[i] - b[i] - d.diff);
  d.se = std::sqrt(ss / double(n - 1) / double(n));
  if (d.se == 0) return d;
  d.df = double(n - 1);
  d.margin = student_t_critical(confidence, d.df) * d.se;
  return d;
}

MeanDiff paired_binary_diff(const std::vector<double>& a, const std::vector<double>& b, double confidence) {
  if (a.size() != b.size() || a.size() < 2) throw std::invalid_argument("paired_binary_diff: two samples of one length, two values or more");
  double only_a = 0, only_b = 0;  // the discordant pairs
  for (size_t i = 0; i < a.size(); ++i) {
    if ((a[i] != 0 && a[i] != 1) || (b[i] != 0 && b[i] != 1)) throw std::invalid_argument("paired_binary_diff: values 0 or 1");
    only_a += a[i] > b[i], only_b += b[i] > a[i];
  }
  const double n = double(a.size());
  MeanDiff d;
  d.diff = (only_a - only_b) / n;
  const double m = n + 2, pa = (only_a + 0.5) / m, pb = (only_b + 0.5) / m;  // half a pair in each cell
  d.se = std::sqrt((pa + pb - (pa - pb) * (pa - pb)) / m);
  d.df = n - 1;
  d.margin = student_t_critical(confidence, d.df) * d.se;
  return d;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * double(v.size() - 1);
  const size_t i = size_t(pos);
  const double frac = pos - double(i);
  if (i + 1 >= v.size()) return v.back();
  return v[i] + frac * (v[i + 1] - v[i]);
}

}  // namespace mists::analysis
