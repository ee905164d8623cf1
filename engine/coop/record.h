// Game records: everything needed to re-run one game and check it step by step (docs/records.md).
#pragma once

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/coop/layer.h"
#include "engine/coop/game.h"
#include "engine/kit/record_text.h"

namespace mists {

struct GameRecord {
  int format = 2;               // 1: written before finish_ghosts and the area decisions existed
  std::string catalog_path;
  std::string catalog_checksum;
  Level level;
  GameParams params;
  uint64_t seed = 0;
  uint64_t game = 0;            // game index within the run
  std::string agent;
  std::string revision;         // git revision of the program that played it
  // "open" for the best line `mists solve --out` found on a deal it left open (its budget ran out
  // before a win or a proof of loss): the steps are a lost game, and the deal may still be winnable.
  // Empty for every other record.
  std::string verdict;
  std::vector<std::vector<std::string>> piles;  // tile ids, top first
  // The levers (docs/rules.md C), written only when one is on: the expansion catalogs they read,
  // the tiles set aside at set-up (CT1 replace) and the chips dealt on the chip cells (CM1).
  std::string abbey_catalog_path, abbey_catalog_checksum;
  std::string toll_catalog_path, toll_catalog_checksum;
  std::vector<std::string> set_aside;  // tile ids
  std::vector<int> chips;              // values, in chip-cell order
  std::vector<RecordStep> steps;
  // Result as played.
  std::string outcome;          // "won", "lost", or "unfinished" (a game stopped before its end: replay stops where its steps end)
  std::string cause;            // loss cause name, "none" for a win
  int score = 0;
  int turns = 0;
  int result_line = 0;
  std::map<std::string, int> lines;  // header key -> its line in the file ("pile 2" for piles)
};

// Fills the header of a record for a game of `rules` with `deal`.
GameRecord make_record(const Rules& rules, const Deal& deal, uint64_t seed, uint64_t game, const std::string& agent,
                       const std::string& revision);
// Sets the steps and the result after play.
void finish_record(GameRecord& rec, const std::vector<std::string>& steps, const GameSummary& result);

std::string write_record(const GameRecord& rec);
// Parses a record; a malformed line throws RecordError "name:line: field: message".
GameRecord parse_record(const std::string& text, const std::string& name);

// The deal a record names, as type indices of `rules`; throws RecordError for an unknown tile or
// piles that do not hold the tiles in play, naming the pile's line.
Deal record_deal(const Rules& rules, const GameRecord& rec, const std::string& name);

struct ReplayResult {
  State final_state;
  GameSummary summary;
  std::vector<std::string> turn_log;  // one entry per step, with the status after it
};

// Re-runs a record against `rules`, checking the levers the record names against the rules', each
// draw (and chip) against the deal, each decision against the legal options and the state's
// consistency after each step, and the result at the end. The first divergence throws
// RecordError naming the record line and step. `on_step`, if given, is
// called after every applied step with the step text (forced steps as "(forced) ...").
ReplayResult replay(const Rules& rules, const GameRecord& rec, const std::string& name,
                    const std::function<void(const State&, const std::string&)>& on_step = {});

}  // namespace mists
