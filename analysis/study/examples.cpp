// examples/: a won and a lost game of each level, as records and game pages, linked from report.md.
#include <tbb/parallel_for.h>

#include <algorithm>
#include <filesystem>

#include "analysis/run/files.h"
#include "analysis/study/outputs.h"
#include "analysis/pages/viewer.h"
#include "engine/coop/record.h"
#include "solver/agents.h"

namespace mists::analysis {

std::vector<ExampleGame> write_examples(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& dir) {
  // Per level: the first won and the first lost game of the first cell (in the study's order, at
  // the official ghost budget when the level has such a cell) that has one. A page holds every
  // turn's board (about 0.5-1 MB), so a study shows a few games, not every cell's.
  std::vector<ExampleGame> out;
  std::vector<int> levels;
  for (const auto& c : cells)
    if (std::find(levels.begin(), levels.end(), c.spec.level) == levels.end()) levels.push_back(c.spec.level);
  for (int level : levels)
    for (bool want_won : {true, false}) {
      const ExampleGame* pick = nullptr;
      ExampleGame found;
      for (int pass = 0; pass < 2 && !pick; ++pass)  // official budget first, then any
        for (const auto& c : cells) {
          if (pick || c.spec.level != level || is_solver(c.spec.agent) || (pass == 0 && c.spec.ghost_delta != 0)) continue;
          for (const auto& r : c.rows)
            if ((r.s.outcome == Outcome::Won) == want_won) {
              found = {c.spec, r.game, want_won, "", ""};
              pick = &found;
              break;
            }
        }
      if (pick) out.push_back(*pick);
    }
  if (out.empty()) return out;
  std::filesystem::create_directories(dir + "/examples");
  tbb::parallel_for(size_t(0), out.size(), [&](size_t i) {
    ExampleGame& e = out[i];
    GameOptions g = cfg.game;
    g.ghosts = e.cell.ghosts;
    LoadedRecord loaded{GameRecord{}, g.rules(e.cell.level, e.cell.players, e.cell.levers), ""};
    const Rules& R = loaded.rules;
    const AgentSpec agent = parse_agent(e.cell.agent, cfg.mcts);
    const uint64_t seed = cell_seed(cfg.seed, e.cell.level, e.cell.players);
    std::vector<std::string> log;
    const GameSummary s = play_one(R, agent, seed, uint64_t(e.game), &log);  // the same game as the study's row
    loaded.rec = make_record(R, seeded_deal(R, seed, uint64_t(e.game)), cfg.seed, uint64_t(e.game), e.cell.agent, revision());
    finish_record(loaded.rec, log, s);
    const std::string base = "examples/" + e.cell.id() + "-g" + std::to_string(e.game);
    e.record = base + ".txt";
    e.page = base + ".html";
    loaded.path = e.record;
    write_atomic(dir + "/" + e.record, write_record(loaded.rec));
    write_atomic(dir + "/" + e.page, viewer_html(loaded, nullptr, e.cell.id() + ", game " + std::to_string(e.game)));
  }, tbb::simple_partitioner());
  return out;
}

}  // namespace mists::analysis
