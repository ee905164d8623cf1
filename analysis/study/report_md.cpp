// report.md: what a study found, section by section.
#include <algorithm>
#include <map>
#include <cmath>
#include <set>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/files.h"
#include "analysis/study/outputs.h"
#include "analysis/study/provenance.h"
#include "analysis/study/strength.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;

namespace {

std::string rate_cell(const CellStats& s) {
  if (!s.games) return "—";
  return pct(s.rate()) + "% [" + pct(s.ci.lo) + ", " + pct(s.ci.hi) + "]";
}

std::string players_text(int p) { return std::to_string(p) + (p == 1 ? " player" : " players"); }

// What an agent stands for, after its name in a heading: the strongest fair agent measured, the
// casual player, or an agent that sees the deal (never a fair player).
std::string role_of(const std::string& label) {
  if (label == BEST_FAIR_AGENT) return " (the strongest fair agent measured, results/strength-v3)";
  if (label == CASUAL_AGENT) return " (the casual player: one turn of look-ahead)";
  try {
    const AgentSpec a = parse_agent(label);
    if (sees_the_deal(a) && !a.is(SOLVER)) return " (sees the deal: not a fair player)";
  } catch (const AnalysisError&) {  // a label with a lever setting: no role
  }
  return "";
}


// The cells of a study indexed by what the tables look them up by, in the order the study gives
// them (levels, player counts and agents keep their first-seen order).
// A table's columns are its cells' labels: the agent, with the lever setting when a lever is on.
struct Index {
  const std::vector<CellResult>& cells;
  const std::vector<CellStats>& stats;
  std::vector<std::string> agents;  // agent texts
  std::vector<std::string> labels;  // agent texts with their lever settings (CellSpec::label)
  std::vector<int> levels, players, deltas;

  Index(const std::vector<CellResult>& c, const std::vector<CellStats>& s) : cells(c), stats(s) {
    auto add = [](auto& v, const auto& x) {
      if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
    };
    for (const auto& x : cells)
      add(agents, x.spec.agent), add(labels, x.spec.label()), add(levels, x.spec.level), add(players, x.spec.players),
          add(deltas, x.spec.ghost_delta);
    std::sort(levels.begin(), levels.end());
    std::sort(players.begin(), players.end());
    std::sort(deltas.begin(), deltas.end());
  }
  const CellStats* find(const std::string& label, int l, int p, int d, int* ghosts = nullptr) const {
    for (size_t i = 0; i < cells.size(); ++i)
      if (cells[i].spec.label() == label && cells[i].spec.level == l && cells[i].spec.players == p && cells[i].spec.ghost_delta == d) {
        if (ghosts) *ghosts = cells[i].spec.ghosts;
        return &stats[i];
      }
    return nullptr;
  }
};

void header(std::ostringstream& md, const StudyConfig& cfg, const json& provenance, const Index& ix) {
  const Catalog cat = load_catalog(resolve_input(cfg.game.catalog));
  const std::vector<std::string> played = played_by(provenance);
  md << "# " << cfg.title << "\n\nGames played by `mists` ";
  for (size_t i = 0; i < played.size(); ++i) md << (i ? ", " : "") << played[i];
  if (played.size() > 1) md << " (one study resumed across revisions; see `study.json`)";
  md << "; tables written by `mists` " << revision() << ". Tile catalog `" << cfg.game.catalog << "` (set " << cat.set
     << ", status **" << cat.status << "**, checksum `" << cat.checksum << "`). Run seed " << cfg.seed
     << "; rule switches " << describe_switches(cfg.game.switches) << ".";
  if (cfg.game.goal || cfg.game.hound1 || cfg.game.hound2 || cfg.game.piles) {
    md << " Level overrides:";
    if (cfg.game.goal) md << " goal=" << *cfg.game.goal;
    if (cfg.game.hound1) md << " hound1=" << *cfg.game.hound1;
    if (cfg.game.hound2) md << " hound2=" << *cfg.game.hound2;
    if (cfg.game.piles) md << " piles=" << *cfg.game.piles;
    md << '.';
  }
  md << " Agents as played (parameters that differ from the defaults of docs/solver.md):";
  for (size_t i = 0; i < ix.agents.size(); ++i) md << (i ? ", " : " ") << "`" << parse_agent(ix.agents[i], cfg.mcts).describe() << "`";
  md << '.';
  if (has_levers(ix.cells)) {
    std::vector<std::string> settings;
    for (const auto& c : ix.cells)
      if (std::find(settings.begin(), settings.end(), levers_text(c.spec.levers)) == settings.end()) settings.push_back(levers_text(c.spec.levers));
    md << " Co-op levers (docs/rules.md, section C), named after the agent in every table (`expert with coop_abbeys=per_colour`):";
    for (size_t i = 0; i < settings.size(); ++i) md << (i ? ", " : " ") << "`" << settings[i] << "`";
    md << "; every setting plays the same deals (the tiles all settings share keep their places; the levers' own set-up, "
          "the Tollkeepers tiles and the chips, comes from streams of its own).";
    for (const auto& [key, path] : lever_catalog_paths(cfg))
      md << " Expansion catalog `" << path << "` (checksum `" << (provenance.contains(key) ? provenance.at(key).get<std::string>() : "?") << "`).";
  }
  if (cfg.shards > 1) md << " **Shard " << cfg.shard << " of " << cfg.shards << " only** — merge the shards for the full study.";
  if (cat.status != "transcribed")
    md << "\n\n> The tile layouts in this catalog are a reconstruction, not a transcription of the real tiles: "
          "absolute win rates depend on them. Compare levels, player counts and budgets with each other.";
  md << "\n\nWin rates with 95% Wilson intervals. A deal depends only on the run seed, the level, the player count "
        "and the game index, so every agent and every ghost budget of a level and player count plays the same deals.\n";
}

// Level x players at the official budgets, one table per agent played at two or more player counts.
void by_players(std::ostringstream& md, const Index& ix) {
  for (const auto& a : ix.labels) {
    std::vector<int> cols;
    for (int p : ix.players)
      for (int l : ix.levels)
        if (ix.find(a, l, p, 0) && std::find(cols.begin(), cols.end(), p) == cols.end()) cols.push_back(p);
    if (cols.size() < 2) continue;
    md << "\n## Win rate by level and player count — " << a << role_of(a) << ", official ghost budgets\n\n| level |";
    for (int p : cols) md << ' ' << players_text(p) << " |";
    md << "\n|---|";
    for (size_t i = 0; i < cols.size(); ++i) md << "---|";
    md << '\n';
    std::vector<std::string> weaker;
    for (int l : ix.levels) {
      md << "| " << l << " |";
      for (int p : cols) {
        const CellStats* s = ix.find(a, l, p, 0);
        md << ' ' << (s ? rate_cell(*s) : "—") << " |";
      }
      md << '\n';
      const StrengthNote n = strength_of(a, l, cols.front());
      if (a != BEST_FAIR_AGENT && n.known && n.best - n.agent >= 0.10)
        weaker.push_back("level " + std::to_string(l) + " " + pct(n.agent) + "% against " + pct(n.best) + "%");
    }
    if (!weaker.empty()) {
      md << "\nA much weaker player than the strongest fair agent (`" << BEST_FAIR_AGENT << "`), by the committed strength tables "
         << "(" << players_text(cols.front() <= 2 ? 1 : 4) << ", results/strength-v3/ and strength-v4/):";
      for (size_t i = 0; i < weaker.size(); ++i) md << (i ? "; " : " ") << weaker[i];
      md << ".\n";
    }
  }
}

// The logistic fit of one level's sweep: odds per ghost, and the ghost total for 50% with its
// interval, only where it lies among the budgets played (never extrapolated). A fit from fewer
// than FEW_WINS wins, or as few losses, says so: its slope rests on a handful of games.
std::string fit_columns(const std::vector<double>& xs, const std::vector<long long>& ws, const std::vector<long long>& ns, double target) {
  constexpr long long FEW_WINS = 10;
  const LogisticFit fit = fit_logistic(xs, ws, ns);
  if (!fit.ok) return " — | — |";
  long long wins = 0, games = 0;
  for (size_t i = 0; i < ws.size(); ++i) wins += ws[i], games += ns[i];
  std::string few;
  if (wins < FEW_WINS) few = " (from " + std::to_string(wins) + " win" + (wins == 1 ? "" : "s") + " only: a rough fit)";
  else if (games - wins < FEW_WINS) few = " (from " + std::to_string(games - wins) + " loss" + (games - wins == 1 ? "" : "es") + " only: a rough fit)";
  const double x50 = fit.x_at(target);
  const double lo = *std::min_element(xs.begin(), xs.end()), hi = *std::max_element(xs.begin(), xs.end());
  std::string where;
  if (x50 < lo) where = "below " + num(lo, 0) + " (outside the budgets played; `mists balance`)";
  else if (x50 > hi) where = "above " + num(hi, 0) + " (outside the budgets played; `mists balance`)";
  else {
    const Interval ci = fit.x_at_interval(target);
    where = num(x50, 1) + " [" + num(ci.lo, 1) + ", " + num(ci.hi, 1) + "]";
  }
  return " ×" + num(std::exp(fit.b), 2) + few + " | " + where + " |";
}

void budget_sweeps(std::ostringstream& md, const Index& ix, double target) {
  const std::string t = pct(target, target * 100 == std::floor(target * 100) ? 0 : 1) + "%";
  for (const auto& a : ix.labels)
    for (int p : ix.players) {
      int n = 0;
      for (int l : ix.levels)
        for (int d : ix.deltas) n += d != 0 && ix.find(a, l, p, d) != nullptr;
      if (!n) continue;
      md << "\n## Win rate against the ghost budget — " << a << role_of(a) << ", " << players_text(p)
         << "\n\nColumns: ghost total relative to the level's official one. Fit: logistic regression of the win rate "
            "on the ghost total over the columns; odds ×e^b per extra ghost, and the ghost total where the fitted win "
            "rate is " << t << " (`--target`) with its 95% interval, given only where it lies among the budgets played.\n\n| level |";
      for (int d : ix.deltas) md << ' ' << (d > 0 ? "+" : "") << d << " |";
      md << " odds per ghost | ghosts for " << t << " |\n|---|";
      for (size_t i = 0; i < ix.deltas.size() + 2; ++i) md << "---|";
      md << '\n';
      for (int l : ix.levels) {
        md << "| " << l << " |";
        std::vector<double> xs;
        std::vector<long long> ws, ns;
        for (int d : ix.deltas) {
          int ghosts = 0;
          const CellStats* s = ix.find(a, l, p, d, &ghosts);
          md << ' ' << (s ? rate_cell(*s) : "—") << " |";
          if (s) xs.push_back(ghosts), ws.push_back(s->wins), ns.push_back(s->games);
        }
        md << fit_columns(xs, ws, ns, target) << '\n';
      }
    }
}

void side_by_side(std::ostringstream& md, const Index& ix) {
  if (ix.labels.size() < 2) return;
  md << "\n## " << (has_levers(ix.cells) ? "Agents and lever settings" : "Agents") << " side by side (official budgets)\n\n| level | players |";
  for (const auto& a : ix.labels) md << ' ' << a << " |";
  md << "\n|---|---|";
  for (size_t i = 0; i < ix.labels.size(); ++i) md << "---|";
  md << '\n';
  for (int l : ix.levels)
    for (int p : ix.players) {
      int n = 0;
      for (const auto& a : ix.labels) n += ix.find(a, l, p, 0) != nullptr;
      if (n < 2) continue;
      md << "| " << l << " | " << p << " |";
      for (const auto& a : ix.labels) {
        const CellStats* s = ix.find(a, l, p, 0);
        md << ' ' << (s ? rate_cell(*s) : "—") << " |";
      }
      md << '\n';
    }
}

// The solver's cells beside the best fair agent and the clairvoyant search on the same deals, and a
// check of the solver's proofs: a deal some agent won can never be proved lost.
void winnable(std::ostringstream& md, const Index& ix) {
  if (!has_solver(ix.cells)) return;
  md << "\n## Winnable share (deal solver)\n\nThe solver searches each deal with every pile known (docs/solver.md): *won* "
        "deals have a winning line, *lost* ones are proved lost, *open* ones ran out of budget. The share of winnable deals "
        "lies in [won / N, (N − lost) / N]; each end is given with its Wilson 95% interval. The best fair agent is the one "
        "with the most wins among those that do not see the deal (not `clairvoyant`, not `solver`).\n\n"
        "| level | players | ghosts | best fair agent | best that sees the deal | solver | won / lost / open | winnable share | "
        "steps a deal (median) | seconds a deal (median / 90%) | agent wins proved lost |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < ix.cells.size(); ++i) {
    const CellResult& sc = ix.cells[i];
    if (!is_solver(sc.spec.agent)) continue;
    const CellStats& s = ix.stats[i];
    const CellStats* fair = nullptr;
    const CellStats* seer = nullptr;
    std::string fair_name, seer_name;
    long long contradictions = 0;
    for (size_t j = 0; j < ix.cells.size(); ++j) {
      const CellSpec& o = ix.cells[j].spec;
      if (j == i || o.level != sc.spec.level || o.players != sc.spec.players || o.ghost_delta != sc.spec.ghost_delta) continue;
      for (const GameRow& r : ix.cells[j].rows)
        if (r.s.outcome == Outcome::Won && r.game < int(sc.rows.size()) && sc.rows[size_t(r.game)].solve.verdict == Verdict::Lost)
          ++contradictions;
      const CellStats& st = ix.stats[j];
      const AgentSpec agent = parse_agent(o.agent);
      if (agent.is(SOLVER)) continue;
      const bool sees = sees_the_deal(agent);  // the clairvoyant and planner:deals=true are bounds, not fair agents
      const CellStats*& slot = sees ? seer : fair;
      if (!slot || st.rate() > slot->rate()) slot = &st, (sees ? seer_name : fair_name) = o.agent;
    }
    md << "| " << sc.spec.level << " | " << sc.spec.players << " | " << sc.spec.ghosts << " | "
       << (fair ? fair_name + " " + rate_cell(*fair) : "—") << " | " << (seer ? seer_name + " " + rate_cell(*seer) : "—") << " | " << sc.spec.agent << " | "
       << s.proved_won << " / " << s.proved_lost << " / " << s.open << " | [" << pct(s.winnable_lo()) << "%, " << pct(s.winnable_hi())
       << "%] (low end " << pct(s.won_ci.lo) << "–" << pct(s.won_ci.hi) << ", high end " << pct(s.not_lost_ci.lo) << "–"
       << pct(s.not_lost_ci.hi) << ") | " << num(s.nodes_median, 0) << " | " << num(s.ms_median / 1000, 2) << " / "
       << num(s.ms_p90 / 1000, 2) << " | " << (contradictions ? "**" + std::to_string(contradictions) + " (a solver bug)**" : "0")
       << " |\n";
  }
}

// Luck and skill, per level and player count at the official budget: a fair agent and the same agent
// told the next K tiles (preview=K) on the same deals — what foresight is worth — beside the deal
// solver's proved-won share where the study has it, and the spread between the weakest and the
// strongest fair agent played there — what skill is worth.
void luck_and_skill(std::ostringstream& md, const Index& ix) {
  // The agents told K tiles (td:preview=K) and the fair agent they are told as: the agent of the
  // study whose parameters are theirs but preview, as the parameter table reads both (describe).
  std::string fair;
  std::map<int, std::string> told;  // K -> the agent told the next K tiles
  for (const auto& a : ix.agents) {
    AgentSpec spec = parse_agent(a);
    if (!spec.is(TD) || spec.params.td.preview == 0) continue;
    const int k = spec.params.td.preview;
    spec.params.td.preview = 0;
    const std::string plain = spec.describe();
    for (const auto& b : ix.agents)
      if (b != a && (fair.empty() || b == fair) && parse_agent(b).describe() == plain) fair = b, told.emplace(k, a);  // one family: the first one's
  }
  if (fair.empty() || has_levers(ix.cells)) return;
  md << "\n## Luck and skill\n\nHow much of a level is the draw. *Foresight*: the fair agent `" << fair
     << "` and the same agent told the next K tiles (`preview=K`: it reads the deal, so it is no fair player), on the "
        "same deals; the deal solver's proved-won share (every tile known, the search exhaustive within its budget) where "
        "the study has it. *Skill*: the weakest and the strongest fair agent played on the same deals (never one that "
        "reads the deal). A level where foresight is worth far more than skill is mostly luck; one where skill moves "
        "more than foresight rewards play. Points are differences of win rates on the same deals.\n\n| level | players | `"
     << fair << "` |";
  for (const auto& [k, a] : told) md << " told " << k << " tile" << (k == 1 ? "" : "s") << " |";
  const bool solver = has_solver(ix.cells);
  if (solver) md << " deal solver (proved won) |";
  md << " foresight (points) | weakest fair | strongest fair | skill (points) | reading |\n|---|---|---|";
  for (size_t i = 0; i < told.size() + (solver ? 1 : 0) + 5; ++i) md << "---|";
  md << '\n';
  for (int l : ix.levels)
    for (int p : ix.players) {
      const CellStats* f = ix.find(fair, l, p, 0);
      if (!f) continue;
      md << "| " << l << " | " << p << " | " << rate_cell(*f) << " |";
      double most = f->rate();
      for (const auto& [k, a] : told) {
        const CellStats* t = ix.find(a, l, p, 0);
        md << ' ' << (t ? rate_cell(*t) : "—") << " |";
        if (t) most = std::max(most, t->rate());
      }
      if (solver) {
        const CellStats* best = nullptr;
        for (const auto& a : ix.agents)
          if (is_solver(a))
            if (const CellStats* s = ix.find(a, l, p, 0)) best = s;
        md << ' ' << (best ? pct(best->winnable_lo()) + "% [" + pct(best->won_ci.lo) + ", " + pct(best->won_ci.hi) + "]" : "—") << " |";
        if (best) most = std::max(most, best->winnable_lo());
      }
      const CellStats *weak = nullptr, *strong = nullptr;
      std::string weak_name, strong_name;
      for (const auto& a : ix.agents) {
        if (is_solver(a) || sees_the_deal(parse_agent(a))) continue;
        const CellStats* s = ix.find(a, l, p, 0);
        if (!s) continue;
        if (!weak || s->rate() < weak->rate()) weak = s, weak_name = a;
        if (!strong || s->rate() > strong->rate()) strong = s, strong_name = a;
      }
      const double foresight = most - f->rate(), skill = strong->rate() - weak->rate();
      std::string reading;
      if (foresight < 0.05 && skill < 0.05) reading = "too hard for every agent here to tell";
      else if (foresight >= 2 * skill) reading = "mostly luck";
      else if (skill >= 2 * foresight) reading = "mostly skill";
      else reading = "luck and skill alike";
      md << ' ' << num(100 * foresight, 1) << " | `" << weak_name << "` " << pct(weak->rate()) << "% | `" << strong_name << "` "
         << pct(strong->rate()) << "% | " << num(100 * skill, 1) << " | " << reading << " |\n";
    }
}

void every_cell(std::ostringstream& md, const Index& ix) {
  const bool levers = has_levers(ix.cells);
  md << "\n## Every cell\n\nLosses by cause: ghost supply short (R3.5), pile 1 / pile 2 ran out before its hound "
        "(R6.4), the last pile ran out (R6.4), a tile fitted nowhere under `unplaceable = lose` (R2.2).\n\n"
        "| level | players | ghosts | agent | " << (levers ? "levers | " : "") << "games | win rate | ghost supply | pile 1 | pile 2 | tiles out | unplaceable "
        "| score mean | score q1/median/q3 | turns | ghosts on board | hounds reached |\n"
        "|---|---|---|---|" << (levers ? "---|" : "") << "---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < ix.cells.size(); ++i) {
    const CellSpec& c = ix.cells[i].spec;
    const CellStats& s = ix.stats[i];
    md << "| " << c.level << " | " << c.players << " | " << c.ghosts << " | " << c.agent << " | "
       << (levers ? levers_text(c.levers) + " | " : "") << s.games << " | " << rate_cell(s);
    for (LossCause lc : LOSS_CAUSES) md << " | " << (s.losses.count(lc) ? s.losses.at(lc) : 0);
    md << " | " << num(s.score_mean, 1) << " | " << num(s.q1, 0) << "/" << num(s.median, 0) << "/" << num(s.q3, 0) << " | "
       << num(s.turns_mean, 1) << " | " << num(s.ghosts_on_board_mean, 1) << " | " << num(s.hounds_mean, 2) << " |\n";
  }
  md << "\n## Files\n\n`cells.csv` / `cells.json` (a row per cell; `cell` is the file-safe id of level, players, ghost "
        "total and agent" << (levers ? ", and of the lever setting, also in the column `levers`" : "") << "), `games.csv` (a row per game), `study.json` (configuration and provenance, with the command "
        "of every run), `chunks/` (the games as they finished; `mists analyze --resume` reads them), `report.html` (this "
        "report as one page with the plots), `examples/` (a won and a lost game of each level: record and game page), "
        "plots `win_rate_heatmap.png`, `ghost_budget.png`, `loss_causes.png`, `luck.png` where the study has the cells for them.\n";
}

void example_games(std::ostringstream& md, const std::vector<ExampleGame>& examples) {
  if (examples.empty()) return;
  md << "\n## Example games\n\nA won and a lost game of each level, to look at: the page steps through the game "
        "turn by turn (`mists review RECORD --html PAGE` adds a search's judgement of every decision).\n\n"
        "| level | outcome | cell | game |\n|---|---|---|---|\n";
  for (const ExampleGame& e : examples)
    md << "| " << e.cell.level << " | " << (e.won ? "won" : "lost") << " | " << e.cell.id() << " | game " << e.game << ": [page]("
       << e.page << "), [record](" << e.record << ") |\n";
}

}  // namespace

std::string report_markdown(const StudyConfig& cfg, const json& provenance, const std::vector<CellResult>& cells,
                            const std::vector<CellStats>& stats, const std::vector<ExampleGame>* examples) {
  const Index ix(cells, stats);
  std::ostringstream md;
  header(md, cfg, provenance, ix);
  by_players(md, ix);
  budget_sweeps(md, ix, cfg.target);
  side_by_side(md, ix);
  luck_and_skill(md, ix);
  winnable(md, ix);
  every_cell(md, ix);
  if (examples) example_games(md, *examples);
  return md.str();
}

bool write_outputs(const StudyConfig& cfg, const json& provenance, const std::vector<CellResult>& cells, const std::string& dir) {
  std::vector<CellStats> stats;
  for (const auto& c : cells) stats.push_back(stats_of(c));
  write_games_csv(cfg, cells, dir + "/games.csv");
  write_cells_csv(cells, stats, dir + "/cells.csv");
  write_cells_json(cfg, provenance, cells, stats, dir + "/cells.json");
  const std::vector<ExampleGame> examples = write_examples(cfg, cells, dir);
  const std::string md = report_markdown(cfg, provenance, cells, stats, &examples);
  write_atomic(dir + "/report.md", md);
  if (cfg.trace) write_traces(cfg, cells, dir);
  const bool plots = draw_plots(dir);
  write_report_html(md, dir);
  return plots;
}

}  // namespace mists::analysis
