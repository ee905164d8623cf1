// The outputs of a study, one writer per file: games.csv, cells.csv, cells.json, report.md,
// report.html and the plots. Each file is written atomically.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/run/plots.h"
#include "analysis/study/study.h"

namespace mists::analysis {

// What the tables say about one cell.
struct CellStats {
  long long games = 0, wins = 0;
  Interval ci;
  std::map<LossCause, long long> losses;
  double score_mean = 0, q1 = 0, median = 0, q3 = 0;
  double turns_mean = 0, ghosts_on_board_mean = 0, hounds_mean = 0;
  double hound1_rate = 0, hound2_rate = 0;
  double rate() const { return games ? double(wins) / double(games) : 0; }
  // A cell of the solver agent: its verdicts, and the winnable share as the interval
  // [won / N, (N - lost) / N], each end with its Wilson 95% interval.
  bool solver = false;
  long long proved_won = 0, proved_lost = 0, open = 0;
  Interval won_ci, not_lost_ci;
  double winnable_lo() const { return games ? double(proved_won) / double(games) : 0; }
  double winnable_hi() const { return games ? double(games - proved_lost) / double(games) : 0; }
  double nodes_median = 0, ms_median = 0, ms_p90 = 0;  // engine steps and milliseconds a deal
};
CellStats stats_of(const CellResult& c);

// True when a cell of the study plays the solver: the tables then have the solver's columns.
bool has_solver(const std::vector<CellResult>& cells);
// True when a cell of the study has a co-op lever on: the tables then have a levers column (the
// lever setting of each cell, "none" for the plain game) after the agent's.
bool has_levers(const std::vector<CellResult>& cells);

// The loss causes in the order the tables list them.
inline constexpr LossCause LOSS_CAUSES[] = {LossCause::GhostSupply, LossCause::Pile1Target, LossCause::Pile2Target,
                                            LossCause::TilesOut, LossCause::Unplaceable};

void write_games_csv(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& path);
void write_cells_csv(const std::vector<CellResult>& cells, const std::vector<CellStats>& stats, const std::string& path);
void write_cells_json(const StudyConfig& cfg, const nlohmann::json& provenance, const std::vector<CellResult>& cells,
                      const std::vector<CellStats>& stats, const std::string& path);
// A game of a study written out for a person: its record and its game page (analysis/pages/viewer.h).
struct ExampleGame {
  CellSpec cell;
  int game = 0;
  bool won = false;
  std::string record, page;  // paths relative to the study folder
};
// For each level: the first won and the first lost game of the first cell that has one (not the
// solver's; the official ghost budget first), played again from their seeds (the study's own games),
// into dir/examples/.
std::vector<ExampleGame> write_examples(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& dir);

// report.md as text (report.html shows the same sections); `examples`, when given, are linked.
std::string report_markdown(const StudyConfig& cfg, const nlohmann::json& provenance, const std::vector<CellResult>& cells,
                            const std::vector<CellStats>& stats, const std::vector<ExampleGame>* examples = nullptr);
// report.html: one self-contained page (plots embedded, sortable tables, no network) from
// report.md's text and the PNG plots in `dir`.
void write_report_html(const std::string& markdown, const std::string& dir);
// `markdown` one heading level down ("# T" becomes "## T"), to stand as a section of a report.
std::string nested_markdown(const std::string& markdown);
// traces.csv (a row per turn of every game) and traces.json (each cell's pile targets), from
// the chunk traces of a study run with --trace.
void write_traces(const StudyConfig& cfg, const std::vector<CellResult>& cells, const std::string& dir);

// All of the above into `dir`. Returns false when the plots could not be drawn.
bool write_outputs(const StudyConfig& cfg, const nlohmann::json& provenance, const std::vector<CellResult>& cells,
                   const std::string& dir);

// Text helpers the writers share: 12.3 (a percentage), fixed digits, a CSV field quoted when needed.
std::string pct(double x, int digits = 1);
std::string num(double x, int digits = 2);
// One decimal with its sign (+1.5, -0.3); a value that rounds to zero prints as 0.0, never -0.0.
std::string signed1(double x);
std::string csv_field(const std::string& v);

}  // namespace mists::analysis
