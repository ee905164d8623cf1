// Chunk files: the games of one slice of one cell, saved as they finish (study/chunks/ID-K.csv).
// A chunk is sealed: its first line names the study it belongs to (StudyConfig::games_hash), the
// cell and chunk index, and a checksum of the rows, so --resume and merge never use a chunk of
// another study, of another cell, or one edited by hand.
#pragma once

#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/seal.h"
#include "engine/coop/game.h"

namespace mists::analysis {

// One finished game of a cell (`solve`: only in the cells of the solver agent).
struct GameRow {
  int game = 0;
  GameSummary s;
  SolveFacts solve;
};

// What a chunk must be: the study, the cell and the games it holds.
struct ChunkKey {
  std::string study_hash;  // StudyConfig::games_hash()
  std::string cell;        // CellSpec::id()
  int index = 0;           // chunk k of the cell
  int first = 0;           // its first game
  int count = 0;           // its games
  bool solver = false;     // a cell of the solver agent: its rows carry the verdict columns too
};

// The chunk's file text: the seal line, the CSV header, a row per game.
std::string chunk_text(const ChunkKey& key, const std::vector<GameRow>& rows);
// Reads a chunk file and checks its seal, every field of every row and the games it holds;
// anything that does not match `key` is an AnalysisError naming the file, the line and the field.
std::vector<GameRow> read_chunk(const std::string& path, const ChunkKey& key);

// The verdict columns of a solver cell's rows, after the columns every row has.
inline constexpr const char* SOLVE_COLUMNS = "verdict,solve_nodes,solve_ms,best_progress,best_targets";

// The name of a loss cause in files, and back (AnalysisError naming `where` for an unknown one).
LossCause cause_from(const std::string& name, const std::string& where);
// The same for a verdict ("won", "lost", "open").
Verdict verdict_from(const std::string& name, const std::string& where);

}  // namespace mists::analysis
