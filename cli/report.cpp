// The outputs of a study: games.csv, cells.csv, cells.json, report.md and the plots.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <spdlog/spdlog.h>

#include "cli/study.h"
#include "engine/config/load.h"

namespace mists::cli {

namespace {

using nlohmann::json;

struct CellStats {
  long long games = 0, wins = 0;
  Interval ci;
  std::map<LossCause, long long> losses;
  double score_mean = 0, q1 = 0, median = 0, q3 = 0;
  double turns_mean = 0, ghosts_on_board_mean = 0, hounds_mean = 0;
  double hound1_rate = 0, hound2_rate = 0;
};

const LossCause CAUSES[] = {LossCause::GhostSupply, LossCause::Pile1Target, LossCause::Pile2Target, LossCause::TilesOut,
                            LossCause::Unplaceable};

CellStats stats_of(const CellResult& c) {
  CellStats st;
  st.games = (long long)c.rows.size();
  std::vector<int> scores;
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

std::string pct(double x, int digits = 1) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << 100 * x;
  return os.str();
}

std::string num(double x, int digits = 2) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}

// A CSV field, quoted when it holds a comma or a quote (agent texts carry parameter lists).
std::string csv_field(const std::string& v) {
  if (v.find_first_of(",\"") == std::string::npos) return v;
  std::string q = "\"";
  for (char c : v) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string rate_cell(const CellStats& s) {
  if (!s.games) return "—";
  return pct(double(s.wins) / double(s.games)) + "% [" + pct(s.ci.lo) + ", " + pct(s.ci.hi) + "]";
}

}  // namespace

std::vector<std::string> played_by(const json& provenance) {
  std::vector<std::string> out;
  auto add = [&](const std::string& r) {
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  };
  // A run that ended having played nothing only rewrote the tables; a run with no end was
  // killed and may have played chunks.
  for (const auto& r : provenance.at("runs"))
    if (!r.contains("chunks_played") || r.at("chunks_played").get<long long>() > 0) add(r.at("revision").get<std::string>());
  return out;
}

void write_outputs(const StudyConfig& cfg, const json& provenance, const std::vector<CellResult>& cells,
                   const std::string& dir) {
  const std::vector<std::string> played = played_by(provenance);
  // games.csv
  std::ostringstream games;
  games << "cell,level,players,ghosts,agent,deal_seed,game,outcome,cause,score,turns,decisions,ghosts_on_board,"
           "ghost_supply,hounds,face_down,discarded\n";
  for (const auto& c : cells)
    for (const auto& r : c.rows)
      games << c.spec.id() << ',' << c.spec.level << ',' << c.spec.players << ',' << c.spec.ghosts << ',' << csv_field(c.spec.agent)
            << ',' << cell_seed(cfg.seed, c.spec.level, c.spec.players) << ',' << r.game << ','
            << (r.s.outcome == Outcome::Won ? "won" : "lost") << ',' << loss_cause_name(r.s.cause) << ',' << r.s.score
            << ',' << r.s.turns << ',' << r.s.decisions << ',' << r.s.ghosts_on_board << ',' << r.s.ghost_supply << ','
            << r.s.hounds_reached << ',' << r.s.face_down << ',' << r.s.discarded << '\n';
  write_atomic(dir + "/games.csv", games.str());

  // cells.csv and cells.json
  std::ostringstream csv;
  csv << "cell,level,players,ghosts,ghost_delta,agent,games,wins,win_rate,ci_lo,ci_hi";
  for (LossCause lc : CAUSES) csv << ",loss_" << loss_cause_name(lc);
  csv << ",score_mean,score_q1,score_median,score_q3,turns_mean,ghosts_on_board_mean,hounds_mean,hound1_rate,hound2_rate\n";
  json jcells = json::array();
  std::vector<CellStats> all;
  for (const auto& c : cells) {
    const CellStats s = stats_of(c);
    all.push_back(s);
    const double rate = s.games ? double(s.wins) / double(s.games) : 0;
    csv << c.spec.id() << ',' << c.spec.level << ',' << c.spec.players << ',' << c.spec.ghosts << ',' << c.spec.ghost_delta
        << ',' << csv_field(c.spec.agent) << ',' << s.games << ',' << s.wins << ',' << num(rate, 6) << ',' << num(s.ci.lo, 6) << ','
        << num(s.ci.hi, 6);
    json losses = json::object();
    for (LossCause lc : CAUSES) {
      const long long n = s.losses.count(lc) ? s.losses.at(lc) : 0;
      csv << ',' << n;
      losses[std::string(loss_cause_name(lc))] = n;
    }
    csv << ',' << num(s.score_mean, 4) << ',' << num(s.q1, 2) << ',' << num(s.median, 2) << ',' << num(s.q3, 2) << ','
        << num(s.turns_mean, 4) << ',' << num(s.ghosts_on_board_mean, 4) << ',' << num(s.hounds_mean, 4) << ','
        << num(s.hound1_rate, 6) << ',' << num(s.hound2_rate, 6) << '\n';
    jcells.push_back({{"cell", c.spec.id()},
                      {"level", c.spec.level},
                      {"players", c.spec.players},
                      {"ghosts", c.spec.ghosts},
                      {"ghost_delta", c.spec.ghost_delta},
                      {"agent", c.spec.agent},
                      {"games", s.games},
                      {"wins", s.wins},
                      {"win_rate", rate},
                      {"ci95", {s.ci.lo, s.ci.hi}},
                      {"losses", losses},
                      {"score", {{"mean", s.score_mean}, {"q1", s.q1}, {"median", s.median}, {"q3", s.q3}}},
                      {"turns_mean", s.turns_mean},
                      {"ghosts_on_board_mean", s.ghosts_on_board_mean},
                      {"hounds_mean", s.hounds_mean},
                      {"hound1_rate", s.hound1_rate},
                      {"hound2_rate", s.hound2_rate}});
  }
  write_atomic(dir + "/cells.csv", csv.str());
  json out;
  out["config"] = cfg.to_json();
  out["revision"] = revision();
  out["played_by"] = played;
  out["cells"] = jcells;
  write_atomic(dir + "/cells.json", out.dump(2) + "\n");

  // report.md
  const Catalog cat = load_catalog(resolve(cfg.game.catalog));
  const Switches sw = cfg.game.switches();
  std::ostringstream md;
  md << "# " << cfg.title << "\n\n";
  md << "Games played by `mists` ";
  for (size_t i = 0; i < played.size(); ++i) md << (i ? ", " : "") << played[i];
  if (played.size() > 1) md << " (one study resumed across revisions; see `study.json`)";
  md << "; tables written by `mists` " << revision() << ". Tile catalog `" << cfg.game.catalog << "` (set " << cat.set
     << ", status **" << cat.status << "**, checksum `" << cat.checksum << "`). Run seed " << cfg.seed
     << "; rule switches " << describe_switches(sw) << ".";
  if (cfg.game.goal || cfg.game.hound1 || cfg.game.hound2 || cfg.game.piles) {
    md << " Level overrides:";
    if (cfg.game.goal) md << " goal=" << *cfg.game.goal;
    if (cfg.game.hound1) md << " hound1=" << *cfg.game.hound1;
    if (cfg.game.hound2) md << " hound2=" << *cfg.game.hound2;
    if (cfg.game.piles) md << " piles=" << *cfg.game.piles;
    md << '.';
  }
  md << " MCTS: " << cfg.mcts.playouts << " playouts a decision, c=" << cfg.mcts.c << ", leaf judged by '"
     << rollout_name(cfg.mcts.rollout) << "'.";
  if (cfg.shards > 1) md << " **Shard " << cfg.shard << " of " << cfg.shards << " only** — merge the shards for the full study.";
  if (cat.status != "transcribed")
    md << "\n\n> The tile layouts in this catalog are a reconstruction, not a transcription of the real tiles: "
          "absolute win rates depend on them. Compare levels, player counts and budgets with each other.";
  md << "\n\nWin rates with 95% Wilson intervals. A deal depends only on the run seed, the level, the player count "
        "and the game index, so every agent and every ghost budget of a level and player count plays the same deals.\n";

  std::set<std::string> agents;
  std::set<int> levels, players, deltas;
  for (const auto& c : cells) agents.insert(c.spec.agent), levels.insert(c.spec.level), players.insert(c.spec.players),
      deltas.insert(c.spec.ghost_delta);
  auto find = [&](const std::string& a, int l, int p, int d) -> const CellStats* {
    for (size_t i = 0; i < cells.size(); ++i)
      if (cells[i].spec.agent == a && cells[i].spec.level == l && cells[i].spec.players == p && cells[i].spec.ghost_delta == d)
        return &all[i];
    return nullptr;
  };
  // Level x players at the official budgets, one table per agent played at two or more player
  // counts (a single column is in the side-by-side table below).
  for (const auto& a : agents) {
    std::set<int> cols;
    for (int l : levels)
      for (int p : players)
        if (find(a, l, p, 0)) cols.insert(p);
    if (cols.size() < 2) continue;
    md << "\n## Win rate by level and player count — " << a << ", official ghost budgets\n\n| level |";
    for (int p : cols) md << ' ' << p << (p == 1 ? " player" : " players") << " |";
    md << "\n|---|";
    for (size_t i = 0; i < cols.size(); ++i) md << "---|";
    md << '\n';
    for (int l : levels) {
      md << "| " << l << " |";
      for (int p : cols) {
        const CellStats* s = find(a, l, p, 0);
        md << ' ' << (s ? rate_cell(*s) : "—") << " |";
      }
      md << '\n';
    }
  }
  // Ghost-budget sweeps.
  for (const auto& a : agents)
    for (int p : players) {
      int n = 0;
      for (int l : levels)
        for (int d : deltas) n += d != 0 && find(a, l, p, d) != nullptr;
      if (!n) continue;
      md << "\n## Win rate against the ghost budget — " << a << ", " << p << (p == 1 ? " player" : " players")
         << "\n\nColumns: ghost total relative to the level's official one. Fit: logistic regression of the win rate "
            "on the ghost total over the columns; odds ×e^b per extra ghost, and the ghost total where the fitted win "
            "rate is 50%.\n\n| level |";
      for (int d : deltas) md << ' ' << (d > 0 ? "+" : "") << d << " |";
      md << " odds per ghost | ghosts for 50% |\n|---|";
      for (size_t i = 0; i < deltas.size() + 2; ++i) md << "---|";
      md << '\n';
      for (int l : levels) {
        md << "| " << l << " |";
        std::vector<double> xs;
        std::vector<long long> ws, ns;
        for (int d : deltas) {
          const CellStats* s = find(a, l, p, d);
          md << ' ' << (s ? rate_cell(*s) : "—") << " |";
          for (size_t i = 0; s && i < cells.size(); ++i)
            if (&all[i] == s) xs.push_back(cells[i].spec.ghosts), ws.push_back(s->wins), ns.push_back(s->games);
        }
        const LogisticFit fit = fit_logistic(xs, ws, ns);
        if (fit.ok) {
          const double x50 = fit.x_at(0.5);
          const bool outside = x50 < *std::min_element(xs.begin(), xs.end()) || x50 > *std::max_element(xs.begin(), xs.end());
          md << " ×" << num(std::exp(fit.b), 2) << " | " << (std::fabs(x50) > 999 ? std::string("—") : num(x50, 1))
             << (outside ? " (extrapolated)" : "") << " |\n";
        }
        else md << " — | — |\n";
      }
    }
  // Agents side by side.
  if (agents.size() > 1) {
    md << "\n## Agents side by side (official budgets)\n\n| level | players |";
    for (const auto& a : agents) md << ' ' << a << " |";
    md << "\n|---|---|";
    for (size_t i = 0; i < agents.size(); ++i) md << "---|";
    md << '\n';
    for (int l : levels)
      for (int p : players) {
        int n = 0;
        for (const auto& a : agents) n += find(a, l, p, 0) != nullptr;
        if (n < 2) continue;
        md << "| " << l << " | " << p << " |";
        for (const auto& a : agents) {
          const CellStats* s = find(a, l, p, 0);
          md << ' ' << (s ? rate_cell(*s) : "—") << " |";
        }
        md << '\n';
      }
  }
  // Every cell in detail.
  md << "\n## Every cell\n\nLosses by cause: ghost supply short (R3.5), pile 1 / pile 2 ran out before its hound "
        "(R6.4), the last pile ran out (R6.4), a tile fitted nowhere under `unplaceable = lose` (R2.2).\n\n"
        "| cell | games | win rate | ghost supply | pile 1 | pile 2 | tiles out | unplaceable | score mean | score q1/median/q3 "
        "| turns | ghosts on board | hounds reached |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < cells.size(); ++i) {
    const CellStats& s = all[i];
    md << "| " << cells[i].spec.id() << " | " << s.games << " | " << rate_cell(s);
    for (LossCause lc : CAUSES) md << " | " << (s.losses.count(lc) ? s.losses.at(lc) : 0);
    md << " | " << num(s.score_mean, 1) << " | " << num(s.q1, 0) << "/" << num(s.median, 0) << "/" << num(s.q3, 0) << " | "
       << num(s.turns_mean, 1) << " | " << num(s.ghosts_on_board_mean, 1) << " | " << num(s.hounds_mean, 2) << " |\n";
  }
  md << "\n## Files\n\n`cells.csv` / `cells.json` (a row per cell), `games.csv` (a row per game), `study.json` "
        "(configuration and provenance), `chunks/` (the games as they finished; `mists analyze --resume` reads them), "
        "plots `win_rate_heatmap.png`, `ghost_budget.png`, `loss_causes.png` where the study has the cells for them.\n";
  write_atomic(dir + "/report.md", md.str());

  // Plots (python3 + matplotlib, installed by scripts/setup.sh).
  const std::string script = resolve("scripts/plots.py");
  // Debian's interpreter, where python3-matplotlib lives (another python3 may come first on PATH).
  const std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string cmd = python + " '" + script + "' '" + dir + "' > '" + dir + "/plots.log' 2>&1";
  if (std::system(cmd.c_str()) != 0) spdlog::warn("plots were not drawn (see {}/plots.log)", dir);
}

}  // namespace mists::cli
