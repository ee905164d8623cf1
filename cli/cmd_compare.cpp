// mists compare: agents or parameter sets on the same deals, with paired statistics.
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

void add_compare(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Play agents (or parameter sets of one agent) on the same deals and compare them pairwise: win rates with\n"
      "95% intervals, the paired difference with its interval, and McNemar's exact test.");
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
    // Pairs within each (level, players, ghosts).
    std::ostringstream md, csv;
    csv << "level,players,ghosts,agent_a,agent_b,games,wins_a,wins_b,rate_a,rate_b,diff,diff_lo,diff_hi,only_a,only_b,mcnemar_p\n";
    const uint64_t seed = nlohmann::json::parse(read_file(out + "/study.json")).at("config").at("seed");
    md << "# Paired comparison\n\nSame deals for every agent (run seed " << seed
       << "). Difference = win rate of A minus B, 95% interval from the paired differences; McNemar's exact test on "
          "the games only one of the two won.\n";
    std::map<std::tuple<int, int, int>, std::vector<const CellResult*>> groups;
    for (const auto& r : results) groups[{r.spec.level, r.spec.players, r.spec.ghosts}].push_back(&r);
    auto p100 = [](double x) {
      std::ostringstream os;
      os << std::fixed << std::setprecision(1) << 100 * x;
      return os.str();
    };
    for (const auto& [key, cells] : groups) {
      const auto [l, p, g] = key;
      md << "\n## Level " << l << ", " << p << (p == 1 ? " player" : " players") << ", " << g << " ghosts\n\n| agent | games | win rate |\n|---|---|---|\n";
      for (const auto* c : cells) {
        const Interval ci = c->ci();
        md << "| " << c->spec.agent << " | " << c->rows.size() << " | " << p100(double(c->wins()) / double(c->rows.size()))
           << "% [" << p100(ci.lo) << ", " << p100(ci.hi) << "] |\n";
      }
      md << "\n| A | B | A − B | 95% interval | only A won | only B won | McNemar p |\n|---|---|---|---|---|---|---|\n";
      for (size_t i = 0; i < cells.size(); ++i)
        for (size_t j = i + 1; j < cells.size(); ++j) {
          std::vector<bool> wa, wb;
          for (const auto& r : cells[i]->rows) wa.push_back(r.s.outcome == Outcome::Won);
          for (const auto& r : cells[j]->rows) wb.push_back(r.s.outcome == Outcome::Won);
          const Paired pr = paired(wa, wb);
          md << "| " << cells[i]->spec.agent << " | " << cells[j]->spec.agent << " | " << p100(pr.diff) << " pp | ["
             << p100(pr.diff_ci.lo) << ", " << p100(pr.diff_ci.hi) << "] | " << pr.only_a << " | " << pr.only_b << " | "
             << std::setprecision(3) << std::scientific << pr.mcnemar_p << std::defaultfloat << " |\n";
          csv << l << ',' << p << ',' << g << ",\"" << cells[i]->spec.agent << "\",\"" << cells[j]->spec.agent << "\","
              << pr.n << ',' << cells[i]->wins() << ',' << cells[j]->wins() << ',' << double(cells[i]->wins()) / double(pr.n)
              << ',' << double(cells[j]->wins()) / double(pr.n) << ',' << pr.diff << ',' << pr.diff_ci.lo << ','
              << pr.diff_ci.hi << ',' << pr.only_a << ',' << pr.only_b << ',' << pr.mcnemar_p << '\n';
        }
    }
    write_atomic(out + "/compare.md", md.str());
    write_atomic(out + "/compare.csv", csv.str());
    std::cout << md.str() << "\nwritten: " << out << "/compare.md\n";
  });
}

}  // namespace mists::cli
