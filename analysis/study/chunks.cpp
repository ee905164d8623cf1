#include "analysis/study/chunks.h"

#include <sstream>

#include "analysis/run/error.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"

namespace mists::analysis {

namespace {

constexpr const char* HEADER = "game,outcome,cause,score,turns,decisions,forced,ghosts_on_board,ghost_supply,hounds,face_down,discarded";
constexpr int FIELDS = 12;
constexpr int SOLVE_FIELDS = 5;

std::string header(bool solver) { return std::string(HEADER) + (solver ? std::string(",") + SOLVE_COLUMNS : ""); }

std::string row_csv(const GameRow& r, bool solver) {
  std::ostringstream os;
  const GameSummary& s = r.s;
  os << r.game << ',' << (s.outcome == Outcome::Won ? "won" : "lost") << ',' << loss_cause_name(s.cause) << ','
     << s.score << ',' << s.turns << ',' << s.decisions << ',' << s.forced << ',' << s.ghosts_on_board << ','
     << s.ghost_supply << ',' << s.hounds_reached << ',' << s.face_down << ',' << s.discarded;
  if (solver)
    os << ',' << verdict_name(r.solve.verdict) << ',' << r.solve.nodes << ',' << r.solve.ms << ',' << r.solve.best_progress << ','
       << r.solve.best_targets;
  return os.str();
}

std::string seal(const ChunkKey& k, const std::string& body) {
  return seal_line({"chunk", "study " + k.study_hash + " cell " + k.cell, k.index, k.first, k.count}, body);
}

}  // namespace

LossCause cause_from(const std::string& name, const std::string& where) {
  for (LossCause c : {LossCause::None, LossCause::GhostSupply, LossCause::Pile1Target, LossCause::Pile2Target,
                      LossCause::TilesOut, LossCause::Unplaceable})
    if (loss_cause_name(c) == name) return c;
  throw AnalysisError(where + ": cause: unknown loss cause '" + name + "'");
}

Verdict verdict_from(const std::string& name, const std::string& where) {
  for (Verdict v : {Verdict::Won, Verdict::Lost, Verdict::Open})
    if (verdict_name(v) == name) return v;
  throw AnalysisError(where + ": verdict: '" + name + "' is not won, lost or open");
}

std::string chunk_text(const ChunkKey& key, const std::vector<GameRow>& rows) {
  std::string body = header(key.solver) + "\n";
  for (const auto& r : rows) body += row_csv(r, key.solver) + "\n";
  return seal(key, body) + "\n" + body;
}

std::vector<GameRow> read_chunk(const std::string& path, const ChunkKey& key) {
  const auto [first, body] = split_sealed(read_file(path));
  if (first.rfind("# mists chunk:", 0) != 0)
    throw AnalysisError(path + ":1: seal: not a sealed chunk (written by an older mists, or not a chunk): start the study again");
  std::istringstream in(body);
  std::string line;
  int ln = 1;
  std::vector<GameRow> rows;
  while (std::getline(in, line)) {
    ++ln;
    const std::string where = path + ":" + std::to_string(ln);
    if (ln == 2) {
      if (line != header(key.solver))
        throw AnalysisError(where + ": header: not a chunk file of this version" + (key.solver ? " for a solver cell" : ""));
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string x;
    while (std::getline(ss, x, ',')) f.push_back(x);
    const size_t fields = FIELDS + (key.solver ? SOLVE_FIELDS : 0);
    if (f.size() != fields) throw AnalysisError(where + ": expected " + std::to_string(fields) + " fields, found " + std::to_string(f.size()));
    static const char* NAMES[FIELDS + SOLVE_FIELDS] = {
        "game",      "outcome",   "cause",   "score",       "turns",         "decisions",    "forced",      "ghosts_on_board",
        "ghost_supply", "hounds", "face_down", "discarded", "verdict", "solve_nodes", "solve_ms", "best_progress", "best_targets"};
    auto num = [&](int i, long long lo, long long hi) {
      try {
        return parse_integer(f[size_t(i)], lo, hi);
      } catch (const NumberError& e) {
        throw AnalysisError(where + ": " + NAMES[i] + ": " + e.what());
      }
    };
    GameRow r;
    r.game = int(num(0, 0, 100000000));
    if (f[1] != "won" && f[1] != "lost") throw AnalysisError(where + ": outcome: '" + f[1] + "' is neither won nor lost");
    r.s.outcome = f[1] == "won" ? Outcome::Won : Outcome::Lost;
    r.s.cause = cause_from(f[2], where);
    // The solver's rows have no loss cause: a lost or open deal is not one game (chunks.h).
    if ((r.s.outcome == Outcome::Won || key.solver) != (r.s.cause == LossCause::None))
      throw AnalysisError(where + ": cause: '" + f[2] + "' does not fit outcome '" + f[1] + "'");
    r.s.score = int(num(3, 0, 100000));
    r.s.turns = int(num(4, 0, 1000));
    r.s.decisions = int(num(5, 0, 100000));
    r.s.forced = int(num(6, 0, 100000));
    r.s.ghosts_on_board = int(num(7, 0, 255));
    r.s.ghost_supply = int(num(8, 0, 255));
    r.s.hounds_reached = int(num(9, 0, 2));
    r.s.face_down = int(num(10, 0, 255));
    r.s.discarded = int(num(11, 0, 255));
    if (key.solver) {
      r.solve.verdict = verdict_from(f[12], where);
      if ((r.solve.verdict == Verdict::Won) != (r.s.outcome == Outcome::Won))
        throw AnalysisError(where + ": verdict: '" + f[12] + "' does not fit outcome '" + f[1] + "'");
      r.solve.nodes = num(13, 0, 1000000000000000LL);
      r.solve.ms = num(14, 0, 1000000000000LL);
      r.solve.best_progress = int(num(15, 0, 100000));
      r.solve.best_targets = int(num(16, 0, 3));
    }
    if (r.game != key.first + int(rows.size()))
      throw AnalysisError(where + ": game: expected game " + std::to_string(key.first + int(rows.size())) + ", found " + f[0]);
    rows.push_back(r);
  }
  if (int(rows.size()) != key.count)
    throw AnalysisError(path + ": holds " + std::to_string(rows.size()) + " games, expected " + std::to_string(key.count));
  // Well-formed rows that were edited, or a chunk of another study or cell: the seal tells.
  if (first != seal(key, body)) {
    std::string what = "the chunk's rows were changed after it was written";
    if (first.find("study " + key.study_hash + " ") == std::string::npos) what = "it belongs to another study (another seed, cells, rules or agents)";
    else if (first.find(" cell " + key.cell + " ") == std::string::npos) what = "it belongs to another cell";
    else if (first.find(" chunk " + std::to_string(key.index) + " games " + std::to_string(key.first) + "+" + std::to_string(key.count) + " ") == std::string::npos)
      what = "it holds other games of the cell";
    throw AnalysisError(path + ":1: seal: " + what + "; expected " + seal(key, body).substr(2));
  }
  return rows;
}

}  // namespace mists::analysis
