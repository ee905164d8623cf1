// games.csv, cells.csv and cells.json, and the statistics of a cell.
#include <cmath>
#include <iomanip>
#include <sstream>

#include "analysis/run/files.h"
#include "analysis/study/outputs.h"
#include "analysis/study/provenance.h"

namespace mists::analysis {

using nlohmann::json;

std::string pct(double x, int digits) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << 100 * x;
  return os.str();
}

std::string signed1(double x) {
  const double r = std::round(x * 10) / 10;
  std::ostringstream os;
  os << std::fixed << std::setprecision(1) << (r > 0 ? "+" : "") << (r == 0 ? 0.0 : r);
  return os.str();
}

std::string num(double x, int digits) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}

std::string csv_field(const std::string& v) {
  if (v.find_first_of(",\"") == std::string::npos) return v;
  std::string q = "\"";
  for (char c : v) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

CellStats stats_of(const CellResult& c) {
  CellStats st;
  st.games = (long long)c.rows.size();
  std::vector<double> scores;
  for (const auto& r : c.rows) {
    st.wins += r.s.outcome == Outcome::Won;
    if (r.s.outcome == Outcome::Lost) st.losses[r.s.cause]++;
    scores.push_back(r.s.score);
    st.score_mean += r.s.score;
    st.turns_mean += r.s.turns;
    st.ghosts_on_board_mean += r.s.ghosts_on_board;
    st.hounds_mean += r.s.hounds_reached;
    st.hound1_rate += r.s.hounds_reached >= 1;
    st.hound2_rate += r.s.hounds_reached >= 2;
  }
  st.ci = wilson(st.wins, st.games);
  st.solver = is_solver(c.spec.agent);
  if (st.solver) {
    std::vector<double> nodes, ms;
    for (const auto& r : c.rows) {
      st.proved_won += r.solve.verdict == Verdict::Won;
      st.proved_lost += r.solve.verdict == Verdict::Lost;
      st.open += r.solve.verdict == Verdict::Open;
      nodes.push_back(double(r.solve.nodes));
      ms.push_back(double(r.solve.ms));
    }
    st.won_ci = wilson(st.proved_won, st.games);
    st.not_lost_ci = wilson(st.games - st.proved_lost, st.games);
    if (st.games) {
      st.nodes_median = quantile(nodes, 0.5);
      st.ms_median = quantile(ms, 0.5);
      st.ms_p90 = quantile(ms, 0.9);
    }
  }
  if (st.games) {
    const double n = double(st.games);
    st.score_mean /= n;
    st.turns_mean /= n;
    st.ghosts_on_board_mean /= n;
    st.hounds_mean /= n;
    st.hound1_rate /= n;
    st.hound2_rate /= n;
    st.q1 = quantile(scores, 0.25);
    st.median = quantile(scores, 0.5);
    st.q3 = quantile(scores, 0.75);
  }
  return st;
}

bool has_solver(const std::vector<CellResult>& cells) {
  for (const auto& c : cells)
    if (is_solver(c.spec.agent)) return true;
  return false;
}

bool has_levers(const std::vector<CellResult>& cells) {
  for (const auto& c : cells)
    if (c.spec.levers.any()) return true;
  return false;
}

void write_games_csv(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& path) {
  const bool solver = has_solver(cells), levers = has_levers(cells);
  std::ostringstream games;
  games << "cell,level,players,ghosts,agent," << (levers ? "levers," : "")
        << "deal_seed,game,outcome,cause,score,turns,decisions,ghosts_on_board,ghost_supply,hounds,face_down,discarded"
        << (solver ? std::string(",") + SOLVE_COLUMNS : "") << '\n';
  for (const auto& c : cells)
    for (const auto& r : c.rows) {
      games << c.spec.id() << ',' << c.spec.level << ',' << c.spec.players << ',' << c.spec.ghosts << ',' << csv_field(c.spec.agent)
            << ',' << (levers ? csv_field(levers_text(c.spec.levers)) + "," : "")
            << cell_seed(cfg.seed, c.spec.level, c.spec.players) << ',' << r.game << ','
            << (r.s.outcome == Outcome::Won ? "won" : "lost") << ',' << loss_cause_name(r.s.cause) << ',' << r.s.score
            << ',' << r.s.turns << ',' << r.s.decisions << ',' << r.s.ghosts_on_board << ',' << r.s.ghost_supply << ','
            << r.s.hounds_reached << ',' << r.s.face_down << ',' << r.s.discarded;
      if (solver && is_solver(c.spec.agent))
        games << ',' << verdict_name(r.solve.verdict) << ',' << r.solve.nodes << ',' << r.solve.ms << ',' << r.solve.best_progress
              << ',' << r.solve.best_targets;
      else if (solver)
        games << ",,,,,";
      games << '\n';
    }
  write_atomic(path, games.str());
}

void write_cells_csv(const std::vector<CellResult>& cells, const std::vector<CellStats>& stats, const std::string& path) {
  std::ostringstream csv;
  const bool levers = has_levers(cells);
  csv << "cell,level,players,ghosts,ghost_delta,agent," << (levers ? "levers," : "") << "games,wins,win_rate,ci_lo,ci_hi";
  for (LossCause lc : LOSS_CAUSES) csv << ",loss_" << loss_cause_name(lc);
  csv << ",score_mean,score_q1,score_median,score_q3,turns_mean,ghosts_on_board_mean,hounds_mean,hound1_rate,hound2_rate";
  const bool solver = has_solver(cells);
  if (solver)
    csv << ",proved_won,proved_lost,open,winnable_lo,winnable_lo_ci_lo,winnable_lo_ci_hi,winnable_hi,winnable_hi_ci_lo,"
           "winnable_hi_ci_hi,solve_nodes_median,solve_ms_median,solve_ms_p90";
  csv << '\n';
  for (size_t i = 0; i < cells.size(); ++i) {
    const CellSpec& c = cells[i].spec;
    const CellStats& s = stats[i];
    csv << c.id() << ',' << c.level << ',' << c.players << ',' << c.ghosts << ',' << c.ghost_delta << ',' << csv_field(c.agent)
        << ',' << (levers ? csv_field(levers_text(c.levers)) + "," : "") << s.games << ',' << s.wins << ',' << num(s.rate(), 6) << ',' << num(s.ci.lo, 6) << ',' << num(s.ci.hi, 6);
    for (LossCause lc : LOSS_CAUSES) csv << ',' << (s.losses.count(lc) ? s.losses.at(lc) : 0);
    csv << ',' << num(s.score_mean, 4) << ',' << num(s.q1, 2) << ',' << num(s.median, 2) << ',' << num(s.q3, 2) << ','
        << num(s.turns_mean, 4) << ',' << num(s.ghosts_on_board_mean, 4) << ',' << num(s.hounds_mean, 4) << ','
        << num(s.hound1_rate, 6) << ',' << num(s.hound2_rate, 6);
    if (s.solver)
      csv << ',' << s.proved_won << ',' << s.proved_lost << ',' << s.open << ',' << num(s.winnable_lo(), 6) << ','
          << num(s.won_ci.lo, 6) << ',' << num(s.won_ci.hi, 6) << ',' << num(s.winnable_hi(), 6) << ',' << num(s.not_lost_ci.lo, 6)
          << ',' << num(s.not_lost_ci.hi, 6) << ',' << num(s.nodes_median, 1) << ',' << num(s.ms_median, 1) << ','
          << num(s.ms_p90, 1);
    else if (solver)
      csv << ",,,,,,,,,,,,";
    csv << '\n';
  }
  write_atomic(path, csv.str());
}

void write_cells_json(const StudyConfig& cfg, const json& provenance, const std::vector<CellResult>& cells,
                      const std::vector<CellStats>& stats, const std::string& path) {
  json jcells = json::array();
  const bool levers = has_levers(cells);
  for (size_t i = 0; i < cells.size(); ++i) {
    const CellSpec& c = cells[i].spec;
    const CellStats& s = stats[i];
    json losses = json::object();
    for (LossCause lc : LOSS_CAUSES) losses[std::string(loss_cause_name(lc))] = s.losses.count(lc) ? s.losses.at(lc) : 0;
    jcells.push_back({{"cell", c.id()},
                      {"level", c.level},
                      {"players", c.players},
                      {"ghosts", c.ghosts},
                      {"ghost_delta", c.ghost_delta},
                      {"agent", c.agent},
                      {"games", s.games},
                      {"wins", s.wins},
                      {"win_rate", s.rate()},
                      {"ci95", {s.ci.lo, s.ci.hi}},
                      {"losses", losses},
                      {"score", {{"mean", s.score_mean}, {"q1", s.q1}, {"median", s.median}, {"q3", s.q3}}},
                      {"turns_mean", s.turns_mean},
                      {"ghosts_on_board_mean", s.ghosts_on_board_mean},
                      {"hounds_mean", s.hounds_mean},
                      {"hound1_rate", s.hound1_rate},
                      {"hound2_rate", s.hound2_rate}});
    if (levers) jcells.back()["levers"] = levers_text(c.levers);
    if (s.solver)
      jcells.back()["solver"] = {{"proved_won", s.proved_won},
                                 {"proved_lost", s.proved_lost},
                                 {"open", s.open},
                                 {"winnable", {s.winnable_lo(), s.winnable_hi()}},
                                 {"winnable_lo_ci95", {s.won_ci.lo, s.won_ci.hi}},
                                 {"winnable_hi_ci95", {s.not_lost_ci.lo, s.not_lost_ci.hi}},
                                 {"solve_nodes_median", s.nodes_median},
                                 {"solve_ms_median", s.ms_median},
                                 {"solve_ms_p90", s.ms_p90}};
  }
  json out;
  out["config"] = cfg.to_json();
  out["revision"] = revision();
  out["played_by"] = played_by(provenance);
  out["cells"] = jcells;
  write_atomic(path, out.dump(2) + "\n");
}

}  // namespace mists::analysis
