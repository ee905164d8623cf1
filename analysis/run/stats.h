// Statistics for win rates and paired comparisons.
#pragma once

#include <string>
#include <vector>

namespace mists::analysis {

struct Interval {
  double lo = 0, hi = 0;
  double half_width() const { return (hi - lo) / 2; }
};

// Wilson score interval for k successes in n trials at normal quantile z (1.959964 for 95%).
// Wilson (1927), "Probable inference, the law of succession, and statistical inference".
Interval wilson(long long k, long long n, double z = 1.959963984540054);

// Wilson score interval of a share: `successes` in [0, n] may be fractional (a tie counted as a
// share of a win), each of the n trials holding a value in [0, 1]; always inside [0, 1].
Interval wilson_share(double successes, long long n, double z = 1.959963984540054);

// Paired comparison of two agents on the same games (common random numbers).
struct Paired {
  long long n = 0;
  long long both = 0, only_a = 0, only_b = 0, neither = 0;
  double diff = 0;          // win rate of A minus win rate of B
  Interval diff_ci;         // 95% interval of the difference (Wald on paired differences, with
                            // the discordant-pair variance; Newcombe's method 10 is close for large n)
  double mcnemar_p = 1;     // exact two-sided McNemar test (binomial on the discordant pairs)
};
Paired paired(const std::vector<bool>& a, const std::vector<bool>& b);

// Paired comparison of a number per game (a final score) between two agents on the same games:
// the mean difference with a 95% normal interval, and the exact two-sided sign test on the games
// where the two differ. It separates agents whose win rates are both at a floor or a ceiling.
struct PairedMean {
  long long n = 0;
  double mean_a = 0, mean_b = 0;
  double diff = 0;          // mean of a_i - b_i
  Interval diff_ci;
  long long a_higher = 0, b_higher = 0;
  double sign_p = 1;
};
PairedMean paired_mean(const std::vector<double>& a, const std::vector<double>& b);

// Logistic regression of win rate on one number x (a ghost budget): logit p = a + b x, fitted by
// iteratively reweighted least squares (Newton's method) on binomial counts. `ok` is false when the
// data cannot fix both parameters (fewer than two x values, or all games won or all lost).
struct LogisticFit {
  double a = 0, b = 0;
  double var_a = 0, var_b = 0, cov_ab = 0;  // covariance of (a, b): the inverse Fisher information
  bool ok = false;
  double x_at(double p) const;  // the x where the fitted win rate is p
  // A 95% interval of x_at(p) by the delta method (normal approximation of the fit).
  Interval x_at_interval(double p) const;
};
LogisticFit fit_logistic(const std::vector<double>& x, const std::vector<long long>& wins, const std::vector<long long>& games);

// The two-sided critical value of Student's t with `df` degrees of freedom (df >= 1; a fractional
// df is rounded down, which widens the interval): P(|T| < t) = confidence, for confidence in (0, 1).
// The distribution function is Abramowitz & Stegun 26.7.3-4 (exact for whole df), inverted by bisection.
double student_t_critical(double confidence, double df);

// The difference of two means with Welch's interval (Welch 1947): mean(a) - mean(b) and its
// two-sided `confidence` interval, mean ± t * sqrt(s_a^2/n_a + s_b^2/n_b), t of Student's t at the
// Welch-Satterthwaite degrees of freedom. Each sample needs two values or more
// (std::invalid_argument otherwise); two samples without spread give the point interval.
struct MeanDiff {
  double diff = 0;       // mean(a) - mean(b)
  double margin = 0;     // half-width of the interval: t times the standard error
  double se = 0;         // standard error of diff
  double df = 0;         // Welch-Satterthwaite degrees of freedom (0 when se is 0)
  Interval ci() const { return {diff - margin, diff + margin}; }
};
MeanDiff welch(const std::vector<double>& a, const std::vector<double>& b, double confidence);
// The same for paired samples (a[i] and b[i] measured under the same conditions, such as the same
// random numbers): the mean of the differences with Student's interval at n - 1 degrees of freedom.
// The samples need one length, two values or more (std::invalid_argument otherwise).
MeanDiff paired_diff(const std::vector<double>& a, const std::vector<double>& b, double confidence);
// The same for paired wins and losses (every value 0 or 1): the difference of the two shares, and
// the Wald interval of a difference of paired proportions with half a pair added to each of the four
// cells (Agresti & Min 2005, "Simple improved confidence intervals for comparing matched
// proportions"), at Student's t with n - 1 degrees of freedom, so that n pairs that all agree still
// leave an interval of about t / (n + 2). Values other than 0 and 1: std::invalid_argument.
MeanDiff paired_binary_diff(const std::vector<double>& a, const std::vector<double>& b, double confidence);

// Quantile q in [0, 1] of `v` (sorted copy, linear interpolation between order statistics).
double quantile(std::vector<double> v, double q);

// Two-sided exact binomial test of k successes in n trials with p = 1/2.
double binomial_two_sided(long long k, long long n);

// The smallest p-value printed in plain notation; smaller ones are printed in scientific notation.
inline constexpr double PLAIN_P_FLOOR = 0.001;

// A p-value as every report prints it: three decimals, cut (not rounded) so that the text lies on the
// same side of 0.05 as the value ("0.049", "0.050", "1.000"), for p >= PLAIN_P_FLOOR; below it,
// scientific with two significant digits ("3.1e-10").
std::string format_p(double p);

}  // namespace mists::analysis
