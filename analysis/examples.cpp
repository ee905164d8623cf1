// examples/: a won and a lost game of every cell, as records and game pages, linked from report.md.
#include <tbb/parallel_for.h>

#include <filesystem>

#include "analysis/files.h"
#include "analysis/outputs.h"
#include "analysis/viewer.h"
#include "engine/record.h"
#include "solver/agents.h"

namespace mists::analysis {

std::vector<ExampleGame> write_examples(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& dir) {
  std::vector<ExampleGame> out;
  for (const auto& c : cells) {
    if (is_solver(c.spec.agent)) continue;  // the solver proves verdicts; --records keeps its winning lines
    int won = -1, lost = -1;
    for (const auto& r : c.rows) {
      if (r.s.outcome == Outcome::Won && won < 0) won = r.game;
      if (r.s.outcome == Outcome::Lost && lost < 0) lost = r.game;
    }
    for (int g : {won, lost})
      if (g >= 0) out.push_back({c.spec, g, g == won, "", ""});
  }
  if (out.empty()) return out;
  std::filesystem::create_directories(dir + "/examples");
  tbb::parallel_for(size_t(0), out.size(), [&](size_t i) {
    ExampleGame& e = out[i];
    GameOptions g = cfg.game;
    g.ghosts = e.cell.ghosts;
    LoadedRecord loaded{GameRecord{}, g.rules(e.cell.level, e.cell.players), ""};
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
