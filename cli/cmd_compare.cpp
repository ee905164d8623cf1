// mists compare: agents or parameter sets on the same deals, with paired statistics.
#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/study.h"
#include "engine/config/load.h"

namespace mists::cli {

namespace {

std::string pct(double x) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(1) << 100 * x;
  return os.str();
}

// One decimal with its sign; a value that rounds to zero prints as 0.0, never -0.0.
std::string fixed1(double x) {
  const double r = std::round(x * 10) / 10;
  std::ostringstream os;
  os << std::fixed << std::setprecision(1) << (r > 0 ? "+" : "") << (r == 0 ? 0.0 : r);
  return os.str();
}

std::string sci(double p) {
  std::ostringstream os;
  os << std::setprecision(2) << std::scientific << p;
  return os.str();
}

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

// "better +12.3 pp (p 3.1e-10)": the verdict of the later agent against the earlier one at the 5% level.
std::string verdict(double diff, double p, const std::string& text) {
  const char* word = p >= 0.05 ? "tied" : diff > 0 ? "better" : "worse";
  return std::string(word) + " " + text + " (p " + sci(p) + ")";
}

// compare.md and compare.csv: every pair of agents within each (level, players, ghosts), and a
// summary of each agent against the one before it in --agents order.
std::pair<std::string, std::string> comparison_tables(const std::vector<CellResult>& results, uint64_t seed) {
  std::map<std::tuple<int, int, int>, std::vector<const CellResult*>> groups;
  for (const auto& r : results) groups[{r.spec.level, r.spec.players, r.spec.ghosts}].push_back(&r);
  std::ostringstream md, csv, summary_win, summary_score, detail;
  csv << "level,players,ghosts,agent_a,agent_b,games,wins_a,wins_b,rate_a,rate_b,diff,diff_lo,diff_hi,only_a,only_b,"
         "mcnemar_p,score_a,score_b,score_diff,score_lo,score_hi,a_higher,b_higher,sign_p\n";
  const std::vector<const CellResult*>& first = groups.begin()->second;
  std::string header = "| level | players | ghosts |", rule = "|---|---|---|";
  for (size_t i = 1; i < first.size(); ++i) {
    header += " " + first[i]->spec.agent + " vs " + first[i - 1]->spec.agent + " |";
    rule += "---|";
  }
  summary_win << header << "\n" << rule << "\n";
  summary_score << header << "\n" << rule << "\n";
  for (const auto& [key, cells] : groups) {
    const auto [l, p, g] = key;
    const std::string row = "| " + std::to_string(l) + " | " + std::to_string(p) + " | " + std::to_string(g) + " |";
    summary_win << row;
    summary_score << row;
    for (size_t i = 1; i < cells.size(); ++i) {
      const PairResult pr = compare_pair(*cells[i], *cells[i - 1]);
      summary_win << " " << verdict(pr.wins.diff, pr.wins.mcnemar_p, fixed1(100 * pr.wins.diff) + " pp") << " |";
      summary_score << " " << verdict(pr.score.diff, pr.score.sign_p, fixed1(pr.score.diff)) << " |";
    }
    summary_win << "\n";
    summary_score << "\n";

    detail << "\n## Level " << l << ", " << p << (p == 1 ? " player" : " players") << ", " << g
           << " ghosts\n\n| agent | games | win rate | mean final score |\n|---|---|---|---|\n";
    for (const auto* c : cells) {
      const Interval ci = c->ci();
      double score = 0;
      for (const auto& r : c->rows) score += r.s.score;
      detail << "| " << c->spec.agent << " | " << c->rows.size() << " | " << pct(double(c->wins()) / double(c->rows.size()))
             << "% [" << pct(ci.lo) << ", " << pct(ci.hi) << "] | " << std::fixed << std::setprecision(1)
             << score / double(c->rows.size()) << std::defaultfloat << " |\n";
    }
    detail << "\n| A | B | A − B wins | 95% interval | only A won | only B won | McNemar p | A − B score | 95% interval | sign p |\n"
              "|---|---|---|---|---|---|---|---|---|---|\n";
    for (size_t i = 0; i < cells.size(); ++i)
      for (size_t j = i + 1; j < cells.size(); ++j) {
        const PairResult pr = compare_pair(*cells[i], *cells[j]);
        const Paired& w = pr.wins;
        const PairedMean& s = pr.score;
        detail << "| " << cells[i]->spec.agent << " | " << cells[j]->spec.agent << " | " << pct(w.diff) << " pp | ["
               << pct(w.diff_ci.lo) << ", " << pct(w.diff_ci.hi) << "] | " << w.only_a << " | " << w.only_b << " | "
               << sci(w.mcnemar_p) << " | " << fixed1(s.diff) << " | [" << fixed1(s.diff_ci.lo) << ", "
               << fixed1(s.diff_ci.hi) << "] | " << sci(s.sign_p) << " |\n";
        csv << l << ',' << p << ',' << g << ",\"" << cells[i]->spec.agent << "\",\"" << cells[j]->spec.agent << "\","
            << w.n << ',' << cells[i]->wins() << ',' << cells[j]->wins() << ',' << double(cells[i]->wins()) / double(w.n)
            << ',' << double(cells[j]->wins()) / double(w.n) << ',' << w.diff << ',' << w.diff_ci.lo << ','
            << w.diff_ci.hi << ',' << w.only_a << ',' << w.only_b << ',' << w.mcnemar_p << ',' << s.mean_a << ','
            << s.mean_b << ',' << s.diff << ',' << s.diff_ci.lo << ',' << s.diff_ci.hi << ',' << s.a_higher << ','
            << s.b_higher << ',' << s.sign_p << '\n';
      }
  }
  md << "# Paired comparison\n\nSame deals for every agent (run seed " << seed
     << "). Win differences are win rate of A minus B with a 95% interval from the paired differences, and McNemar's "
        "exact test on the games only one of the two won. Score differences are the mean paired difference of the "
        "final score (the team score, or the lowest colour score where R7.6 applies) with a 95% normal interval, and "
        "the exact sign test on the games where the two scores differ. The score separates agents whose win rates "
        "sit together at 0% or 100%.\n\n"
        "## Summary: each agent against the one before it\n\n"
        "Win rate (better / worse: McNemar p < 0.05, each test on its own):\n\n"
     << summary_win.str() << "\nMean final score (better / worse: sign test p < 0.05):\n\n"
     << summary_score.str() << detail.str();
  return {md.str(), csv.str()};
}

}  // namespace

void add_compare(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Play agents (or parameter sets of one agent) on the same deals and compare them pairwise: win rates with\n"
      "95% intervals, the paired difference with its interval and McNemar's exact test, and the paired final-score\n"
      "difference with the sign test. compare.md opens with each agent against the one before it in --agents.");
  struct Args {
    GameOptions game;
    std::string agents, levels = "3", players = "2", out, resume;
    std::optional<int> ghosts;
    int games = 1000, threads = 0;
    uint64_t seed = 1;
    bool quiet = false;
  };
  auto a = std::make_shared<Args>();
  a->game.add_to(*cmd, false, false);
  cmd->add_option("--agents", a->agents, "Two or more agents, e.g. expert,greedy or \"expert;expert:supply=1.2\"");
  cmd->add_option("--resume", a->resume, "Finish a killed comparison in this folder (its study.json decides everything)");
  cmd->add_option("--levels", a->levels, "Levels, e.g. 3 or 1-6")->capture_default_str();
  cmd->add_option("--players", a->players, "Player counts, e.g. 2 or 1,4")->capture_default_str();
  cmd->add_option("--ghosts", a->ghosts, "Ghost total (default: each level's official one)");
  cmd->add_option("--games", a->games, "Games per agent and cell")->capture_default_str()->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", a->threads, "Worker threads (0 = all cores)")->capture_default_str();
  cmd->add_option("--seed", a->seed, "Run seed")->capture_default_str();
  cmd->add_option("--out", a->out, "Output folder (default results/compare-<UTC time>)");
  cmd->add_flag("--quiet,-q", a->quiet, "No progress output");
  cmd->callback([a] {
    StudyConfig cfg;
    cfg.game = a->game;
    cfg.seed = a->seed;
    cfg.threads = a->threads;
    cfg.title = "Mists over Carcassonne — paired comparison";
    auto build_cells = [&] {
      const auto agents = agent_list(a->agents);
      if (agents.size() < 2) throw UsageError("--agents: give at least two agents to compare");
      for (const auto& ag : agents) parse_agent(ag, cfg.mcts);
      for (int l : int_list(a->levels, "--levels")) {
        if (l < 1 || l > 6) throw UsageError("--levels: level " + std::to_string(l) + " is not 1-6");
        const int official = cfg.game.level_config(l).ghosts;
        for (int p : int_list(a->players, "--players")) {
          if (p < 1 || p > 5) throw UsageError("--players: " + std::to_string(p) + " is not 1-5");
          for (const auto& ag : agents) {
            CellSpec c;
            c.level = l, c.players = p, c.agent = ag, c.games = a->games;
            c.ghosts = a->ghosts ? *a->ghosts : official;
            c.ghost_delta = c.ghosts - official;
            if (c.ghosts < 3 || c.ghosts > 250)
              throw UsageError("--ghosts " + std::to_string(c.ghosts) + ": impossible ghost total (the start tile takes 3; at most 250)");
            cfg.cells.push_back(c);
          }
        }
      }
    };
    const bool resume = !a->resume.empty();
    if (!resume) build_cells();
    const std::string out = resume ? a->resume : a->out.empty() ? resolve("results") + "/compare-" + utc_stamp() : a->out;
    const std::vector<CellResult> results = run_study(cfg, out, resume, a->quiet ? -1 : 0);
    // On --resume the run seed is the study's, not this command line's.
    const uint64_t seed = read_study_json(out + "/study.json").at("config").at("seed").get<uint64_t>();
    const auto [md, csv] = comparison_tables(results, seed);
    write_atomic(out + "/compare.md", md);
    write_atomic(out + "/compare.csv", csv);
    std::cout << md << "\nwritten: " << out << "/compare.md\n";
  });
}

}  // namespace mists::cli
