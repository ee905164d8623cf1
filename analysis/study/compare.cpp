// mists compare's tables: every pair of agents on the same deals, with paired statistics.
#include "analysis/study/compare.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

#include "analysis/run/error.h"
#include "analysis/study/outputs.h"
#include "analysis/run/stats.h"

namespace mists::analysis {

namespace {

constexpr double SIGNIFICANCE = 0.05;  // the level of every verdict

struct PairResult {
  const CellResult *a, *b;
  Paired wins;
  PairedMean score;
};

PairResult compare_pair(const CellResult& a, const CellResult& b) {
  std::vector<bool> wa, wb;
  std::vector<double> sa, sb;
  for (const auto& r : a.rows) wa.push_back(r.s.outcome == Outcome::Won), sa.push_back(r.s.score);
  for (const auto& r : b.rows) wb.push_back(r.s.outcome == Outcome::Won), sb.push_back(r.s.score);
  return {&a, &b, paired(wa, wb), paired_mean(sa, sb)};
}

// "better +12.3 pp (p 0.004)": the verdict of A against B (the difference is A − B) at the 5% level.
std::string verdict(double diff, double p, const std::string& text) {
  const char* word = p >= SIGNIFICANCE ? "tied" : diff > 0 ? "better" : "worse";
  return std::string(word) + " " + text + " (p " + format_p(p) + ")";
}


using Groups = std::map<std::tuple<int, int, int>, std::vector<const CellResult*>>;

// The summary tables: each agent A against the one after it B, on wins and on the final score, the
// difference A − B as in the pair tables; with one agent and several lever settings, each other
// setting as A against the first (the baseline, usually none) as B, so that `better` says the lever
// helped.
std::string summary(const Groups& groups, bool against_first) {
  const std::vector<const CellResult*>& first = groups.begin()->second;
  std::string header = "| level | players | ghosts |", rule = "|---|---|---|";
  for (size_t i = 1; i < first.size(); ++i) {
    header += " " + (against_first ? first[i]->spec.label() + " vs " + first[0]->spec.label()
                                   : first[i - 1]->spec.label() + " vs " + first[i]->spec.label()) + " |";
    rule += "---|";
  }
  std::ostringstream win, score;
  win << header << "\n" << rule << "\n";
  score << header << "\n" << rule << "\n";
  for (const auto& [key, cells] : groups) {
    const auto [l, p, g] = key;
    const std::string row = "| " + std::to_string(l) + " | " + std::to_string(p) + " | " + std::to_string(g) + " |";
    win << row;
    score << row;
    for (size_t i = 1; i < cells.size(); ++i) {
      const PairResult pr = against_first ? compare_pair(*cells[i], *cells[0]) : compare_pair(*cells[i - 1], *cells[i]);
      win << " " << verdict(pr.wins.diff, pr.wins.mcnemar_p, signed1(100 * pr.wins.diff) + " pp") << " |";
      score << " " << verdict(pr.score.diff, pr.score.sign_p, signed1(pr.score.diff)) << " |";
    }
    win << "\n";
    score << "\n";
  }
  return "Win rate, A vs B: A − B in percentage points (better / worse: McNemar p < 0.05, each test on its own):\n\n" +
         win.str() + "\nMean final score, A vs B: A − B (better / worse: sign test p < 0.05):\n\n" + score.str();
}

// One group's detail: each agent's rate and score, then every pair (Markdown and CSV rows; with
// `levers`, each side's lever setting after its agent).
void detail(std::ostringstream& md, std::ostringstream& csv, int l, int p, int g, const std::vector<const CellResult*>& cells, bool levers) {
  md << "\n## Level " << l << ", " << p << (p == 1 ? " player" : " players") << ", " << g
     << " ghosts\n\n| agent | games | win rate | mean final score |\n|---|---|---|---|\n";
  for (const auto* c : cells) {
    const Interval ci = c->ci();
    double score = 0;
    for (const auto& r : c->rows) score += r.s.score;
    md << "| " << c->spec.label() << " | " << c->rows.size() << " | " << pct(double(c->wins()) / double(c->rows.size()))
       << "% [" << pct(ci.lo) << ", " << pct(ci.hi) << "] | " << std::fixed << std::setprecision(1)
       << score / double(c->rows.size()) << std::defaultfloat << " |\n";
  }
  md << "\n| A | B | A − B wins | 95% interval | only A won | only B won | McNemar p | A − B score | 95% interval | sign p |\n"
        "|---|---|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < cells.size(); ++i)
    for (size_t j = i + 1; j < cells.size(); ++j) {
      const PairResult pr = compare_pair(*cells[i], *cells[j]);
      const Paired& w = pr.wins;
      const PairedMean& s = pr.score;
      md << "| " << cells[i]->spec.label() << " | " << cells[j]->spec.label() << " | " << signed1(100 * w.diff) << " pp | ["
         << signed1(100 * w.diff_ci.lo) << ", " << signed1(100 * w.diff_ci.hi) << "] | " << w.only_a << " | " << w.only_b << " | "
         << format_p(w.mcnemar_p) << " | " << signed1(s.diff) << " | [" << signed1(s.diff_ci.lo) << ", " << signed1(s.diff_ci.hi)
         << "] | " << format_p(s.sign_p) << " |\n";
      csv << l << ',' << p << ',' << g << ',' << csv_field(cells[i]->spec.agent) << ',' << csv_field(cells[j]->spec.agent) << ',';
      if (levers) csv << csv_field(levers_text(cells[i]->spec.levers)) << ',' << csv_field(levers_text(cells[j]->spec.levers)) << ',';
      csv << w.n << ',' << cells[i]->wins() << ',' << cells[j]->wins() << ',' << double(cells[i]->wins()) / double(w.n) << ','
          << double(cells[j]->wins()) / double(w.n) << ',' << w.diff << ',' << w.diff_ci.lo << ',' << w.diff_ci.hi << ','
          << w.only_a << ',' << w.only_b << ',' << w.mcnemar_p << ',' << s.mean_a << ',' << s.mean_b << ',' << s.diff << ','
          << s.diff_ci.lo << ',' << s.diff_ci.hi << ',' << s.a_higher << ',' << s.b_higher << ',' << s.sign_p << '\n';
    }
}

}  // namespace

std::pair<std::string, std::string> comparison_tables(const std::vector<CellResult>& results, uint64_t seed) {
  if (results.empty()) throw AnalysisError("compare: the study has no cells to compare");
  Groups groups;
  for (const auto& r : results) groups[{r.spec.level, r.spec.players, r.spec.ghosts}].push_back(&r);
  std::ostringstream md, csv, details;
  const bool levers = has_levers(results);
  std::vector<std::string> agents, settings;
  for (const auto& r : results) {
    if (std::find(agents.begin(), agents.end(), r.spec.agent) == agents.end()) agents.push_back(r.spec.agent);
    if (std::find(settings.begin(), settings.end(), levers_text(r.spec.levers)) == settings.end()) settings.push_back(levers_text(r.spec.levers));
  }
  const bool against_first = agents.size() == 1 && settings.size() >= 2;  // a lever study: each setting against the first
  csv << "level,players,ghosts,agent_a,agent_b," << (levers ? "levers_a,levers_b," : "")
      << "games,wins_a,wins_b,rate_a,rate_b,diff,diff_lo,diff_hi,only_a,only_b,"
         "mcnemar_p,score_a,score_b,score_diff,score_lo,score_hi,a_higher,b_higher,sign_p\n";
  for (const auto& [key, cells] : groups) {
    const auto [l, p, g] = key;
    detail(details, csv, l, p, g, cells, levers);
  }
  md << "# Paired comparison\n\nSame deals for every agent" << (levers ? " and lever setting" : "") << " (run seed " << seed
     << "). Win differences are win rate of A minus B with a 95% interval from the paired differences, and McNemar's "
        "exact test on the games only one of the two won. Score differences are the mean paired difference of the "
        "final score (the team score, or the lowest colour score where R7.6 applies) with a 95% normal interval, and "
        "the exact sign test on the games where the two scores differ. The score separates agents whose win rates "
        "sit together at 0% or 100%. One convention throughout: a pair is A vs B, A listed first (in the summary, "
        "A is the agent listed before B, or a lever setting against the first, B), every difference is A − B and `better` means "
        "A did better than B. p-values have three decimals (cut, so never on the wrong side of 0.05) down to 0.001, "
        "and scientific notation below."
     << (levers ? " A lever setting (docs/rules.md, section C) follows its agent's name; the tiles every setting shares keep "
                  "their places in the deal, and the levers' own set-up (the Tollkeepers tiles, the chips) comes from streams of "
                  "its own."
                : "")
     << "\n\n## Summary: " << (against_first ? "each lever setting (A) against the first (B)" : "each agent (A) against the one after it (B)") << "\n\n"
     << summary(groups, against_first) << details.str();
  return {md.str(), csv.str()};
}

}  // namespace mists::analysis
