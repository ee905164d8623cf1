// Chunk files: the games of one slice of one cell, saved as they finish (study/chunks/ID-K.csv).
// A chunk is sealed: its first line names the study it belongs to (StudyConfig::games_hash), the
// cell and chunk index, and a checksum of the rows, so --resume and merge never use a chunk of
// another study, of another cell, or one edited by hand.
#pragma once

#include <string>
#include <vector>

#include "engine/game.h"

namespace mists::analysis {

// One finished game of a cell.
struct GameRow {
  int game = 0;
  GameSummary s;
};

// What a chunk must be: the study, the cell and the games it holds.
struct ChunkKey {
  std::string study_hash;  // StudyConfig::games_hash()
  std::string cell;        // CellSpec::id()
  int index = 0;           // chunk k of the cell
  int first = 0;           // its first game
  int count = 0;           // its games
};

// The chunk's file text: the seal line, the CSV header, a row per game.
std::string chunk_text(const ChunkKey& key, const std::vector<GameRow>& rows);
// Reads a chunk file and checks its seal, every field of every row and the games it holds;
// anything that does not match `key` is an AnalysisError naming the file, the line and the field.
std::vector<GameRow> read_chunk(const std::string& path, const ChunkKey& key);

// The name of a loss cause in files, and back (AnalysisError naming `where` for an unknown one).
LossCause cause_from(const std::string& name, const std::string& where);

}  // namespace mists::analysis
