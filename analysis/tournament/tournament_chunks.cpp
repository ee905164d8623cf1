// The tournament's chunk files (chunks/pairK-aI-aJ-C.csv): one row a game (seat values joined by
// '/'), sealed as every chunk is (analysis/run/seal.h).
#include "analysis/tournament/tournament_chunks.h"

#include <sstream>

#include "analysis/run/error.h"
#include "analysis/run/seal.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"

namespace mists::analysis {

namespace tournament_chunk {

namespace {

constexpr const char* HEADER =
    "game,agents,score,share60,turns,discarded,decisions,forced,ghosts_taken,scared_off,ghost_points,guards_gained,"
    "castle_points,floor_points";
constexpr int FIELDS = 14;
// With a module or the abbot (TournamentConfig::module_stats) each row goes on with these.
constexpr const char* MODULE_HEADER = ",abbeys,mayors,wagon_moves,barn_points,abbot_points,toll_points,chip_points,upgrades";
std::string header(const TournamentConfig& cfg) { return std::string(HEADER) + (cfg.module_stats() ? MODULE_HEADER : ""); }

template <class F>
std::string per_seat(int players, F&& f) {
  std::string s;
  for (int p = 0; p < players; ++p) s += (p ? "/" : "") + std::to_string(f(p));
  return s;
}

}  // namespace

std::string name(const TournamentConfig& cfg, int pair, int k) {
  const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
  return "chunks/pair" + std::to_string(pair) + "-a" + std::to_string(i) + "-a" + std::to_string(j) + "-" + std::to_string(k) + ".csv";
}

namespace {

std::string seal(const std::string& hash, int pair, int k, int first, int count, const std::string& body) {
  return seal_line({"tournament chunk", "tournament " + hash + " pair " + std::to_string(pair), k, first, count}, body);
}

}  // namespace

std::string text(const TournamentConfig& cfg, int pair, int k, const std::vector<TournamentGame>& games) {
  const int P = cfg.players;
  const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
  std::ostringstream os;
  os << header(cfg) << '\n';
  const bool modules = cfg.module_stats();
  for (const TournamentGame& g : games) {
    const vs::VsSummary& s = g.s;
    os << g.game << ',' << per_seat(P, [&](int p) { return TournamentConfig::first_sits(p, g.game) ? i : j; }) << ','
       << per_seat(P, [&](int p) { return s.score[size_t(p)]; }) << ','
       << per_seat(P, [&](int p) { return int(std::lround(s.share[size_t(p)] * 60)); }) << ',' << s.turns << ','
       << s.discarded << ',' << s.decisions << ',' << s.forced << ','
       << per_seat(P, [&](int p) { return s.stats[size_t(p)].ghosts_taken; }) << ','
       << per_seat(P, [&](int p) { return s.stats[size_t(p)].scared_off; }) << ','
       << per_seat(P, [&](int p) { return s.stats[size_t(p)].ghost_points; }) << ','
       << per_seat(P, [&](int p) { return s.stats[size_t(p)].guards_gained; }) << ','
       << per_seat(P, [&](int p) { return s.stats[size_t(p)].castle_points; }) << ','
       << per_seat(P, [&](int p) { return s.stats[size_t(p)].floor_points; });
    if (modules)
      for (auto field : MODULE_STAT) os << ',' << per_seat(P, [&](int p) { return s.stats[size_t(p)].*field; });
    os << '\n';
  }
  const std::string body = os.str();
  const int first = games.empty() ? 0 : games.front().game;
  return seal(cfg.hash(), pair, k, first, int(games.size()), body) + "\n" + body;
}

namespace {

std::vector<long long> seat_values(const std::string& text, int players, long long hi, const std::string& where,
                                   const std::string& field) {
  std::vector<long long> v;
  std::stringstream ss(text);
  std::string x;
  while (std::getline(ss, x, '/')) {
    try {
      v.push_back(parse_integer(x, 0, hi));
    } catch (const NumberError& e) {
      throw AnalysisError(where + ": " + field + ": " + e.what());
    }
  }
  if (int(v.size()) != players)
    throw AnalysisError(where + ": " + field + ": " + std::to_string(v.size()) + " values, the tournament seats " +
                        std::to_string(players) + " players");
  return v;
}

}  // namespace

std::vector<TournamentGame> read(const TournamentConfig& cfg, const std::string& path, int pair, int k, int first, int count) {
  const auto [line1, body] = split_sealed(read_file(path));
  if (line1 != seal(cfg.hash(), pair, k, first, count, body))
    throw AnalysisError(path + ":1: seal: the chunk is not this tournament's chunk " + std::to_string(k) + " of pair " +
                        std::to_string(pair) + ", or its rows were changed");
  const int P = cfg.players;
  const std::pair<int, int> aiaj = cfg.pair(pair);
  const int ai = aiaj.first, aj = aiaj.second;
  std::vector<TournamentGame> out;
  std::istringstream in(body);
  std::string line;
  int ln = 1;
  while (std::getline(in, line)) {
    ++ln;
    const std::string where = path + ":" + std::to_string(ln);
    if (ln == 2) {
      if (line != header(cfg)) throw AnalysisError(where + ": header: not a tournament chunk of this version");
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string x;
    while (std::getline(ss, x, ',')) f.push_back(x);
    const int fields = FIELDS + (cfg.module_stats() ? MODULE_FIELDS : 0);
    if (int(f.size()) != fields)
      throw AnalysisError(where + ": " + std::to_string(f.size()) + " fields, a game row has " + std::to_string(fields));
    TournamentGame g;
    g.pair = pair;
    try {
      g.game = int(parse_integer(f[0], first, first + count - 1));
      g.s.turns = int(parse_integer(f[4], 0, 1000));
      g.s.discarded = int(parse_integer(f[5], 0, 1000));
      g.s.decisions = int(parse_integer(f[6], 0, 1000000));
      g.s.forced = int(parse_integer(f[7], 0, 1000000));
    } catch (const NumberError& e) {
      throw AnalysisError(where + ": " + e.what());
    }
    if (g.game != first + int(out.size())) throw AnalysisError(where + ": game: games out of order");
    const auto agents = seat_values(f[1], P, 64, where, "agents");
    for (int p = 0; p < P; ++p)
      if (agents[size_t(p)] != (TournamentConfig::first_sits(p, g.game) ? ai : aj))
        throw AnalysisError(where + ": agents: not the seating of game " + std::to_string(g.game));
    const auto score = seat_values(f[2], P, 100000, where, "score");
    const auto share = seat_values(f[3], P, 60, where, "share60");
    const std::vector<long long> st[6] = {seat_values(f[8], P, 65535, where, "ghosts_taken"),
                                          seat_values(f[9], P, 65535, where, "scared_off"),
                                          seat_values(f[10], P, 65535, where, "ghost_points"),
                                          seat_values(f[11], P, 65535, where, "guards_gained"),
                                          seat_values(f[12], P, 65535, where, "castle_points"),
                                          seat_values(f[13], P, 65535, where, "floor_points")};
    for (int p = 0; p < P; ++p) {
      g.s.score[size_t(p)] = int(score[size_t(p)]);
      g.s.share[size_t(p)] = double(share[size_t(p)]) / 60.0;
      vs::VsSeatStats& s = g.s.stats[size_t(p)];
      s.ghosts_taken = uint16_t(st[0][size_t(p)]);
      s.scared_off = uint16_t(st[1][size_t(p)]);
      s.ghost_points = uint16_t(st[2][size_t(p)]);
      s.guards_gained = uint16_t(st[3][size_t(p)]);
      s.castle_points = uint16_t(st[4][size_t(p)]);
      s.floor_points = uint16_t(st[5][size_t(p)]);
    }
    if (fields > FIELDS) {
      static const char* const NAMES[MODULE_FIELDS] = {"abbeys", "mayors", "wagon_moves", "barn_points",
                                                       "abbot_points", "toll_points", "chip_points", "upgrades"};
      for (int c = 0; c < MODULE_FIELDS; ++c) {
        const auto v = seat_values(f[size_t(FIELDS + c)], P, 65535, where, NAMES[c]);
        for (int p = 0; p < P; ++p) g.s.stats[size_t(p)].*MODULE_STAT[c] = uint16_t(v[size_t(p)]);
      }
    }
    out.push_back(g);
  }
  if (int(out.size()) != count)
    throw AnalysisError(path + ": rows: " + std::to_string(out.size()) + " games, the chunk holds " + std::to_string(count));
  return out;
}

}  // namespace tournament_chunk


}  // namespace mists::analysis
