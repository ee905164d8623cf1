// traces.csv and traces.json: a row per turn of every game of a study run with --trace, and the
// pile targets of each cell, for the trajectory plot (scripts/plot_traces.py).
#include <filesystem>
#include <sstream>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/study/outputs.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;

void write_traces(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& dir) {
  std::ostringstream csv;
  const bool levers = has_levers(cells);  // then a levers column after the agent's
  csv << "cell,level,players,ghosts,agent," << (levers ? "levers," : "")
      << "game,turn,score,ghost_supply,ghosts_on_board,pile,tiles_left,hounds,face_down,end\n";
  json meta = json::object();
  for (const auto& c : cells) {
    const CellSpec& s = c.spec;
    const std::string head = s.id() + "," + std::to_string(s.level) + "," + std::to_string(s.players) + "," +
                             std::to_string(s.ghosts) + "," + csv_field(s.agent) + "," +
                             (levers ? csv_field(levers_text(s.levers)) + "," : "");
    for (int k = 0; k * cfg.chunk < int(c.rows.size()); ++k) {
      const std::string path = dir + "/chunks/" + s.id() + "-" + std::to_string(k) + ".trace.csv";
      if (!std::filesystem::exists(path)) throw AnalysisError(path + ": missing: resume the study to write it");
      std::istringstream in(read_file(path));
      std::string line;
      std::getline(in, line);  // header
      while (std::getline(in, line)) csv << head << line << '\n';
    }
    GameOptions g = cfg.game;
    g.ghosts = s.ghosts;
    const Rules R = g.rules(s.level, s.players, s.levers);
    meta[s.id()] = {{"level", s.level}, {"players", s.players}, {"ghosts", s.ghosts}, {"agent", s.agent},
                    {"hound1", R.level.hound1}, {"hound2", R.level.hound2}, {"goal", R.level.goal},
                    {"pile_sizes", R.pile_sizes}, {"per_colour", R.level.per_colour_scores}};
    if (levers) meta[s.id()]["levers"] = levers_text(s.levers);
  }
  write_atomic(dir + "/traces.csv", csv.str());
  write_atomic(dir + "/traces.json", meta.dump(2) + "\n");
}

}  // namespace mists::analysis
