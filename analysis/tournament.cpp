#include "analysis/tournament.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>

#include "analysis/agents.h"
#include "analysis/chunks.h"
#include "analysis/error.h"
#include "analysis/files.h"
#include "analysis/interrupt.h"
#include "analysis/json_fields.h"
#include "analysis/lock.h"
#include "analysis/outputs.h"
#include "analysis/provenance.h"
#include "analysis/stats.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "engine/versus/record.h"
#include "solver/rng.h"

namespace mists::analysis {

using nlohmann::json;
namespace fs = std::filesystem;

// ---- Configuration -----------------------------------------------------------------------------

json TournamentConfig::to_json() const {
  json sw = json::object();
  for (const auto& [k, v] : switches) sw[k] = v;
  json j = {{"game", game},   {"players", players},           {"agents", agents},           {"games", games},
            {"chunk", chunk}, {"seed", std::to_string(seed)}, {"base_catalog", base_catalog}, {"gcc_catalog", gcc_catalog},
            {"switches", sw}};
  if (!expansions.empty()) {  // absent without modules: a tournament of before keeps its hash
    const uint8_t m = vs::parse_modules(expansions);
    j["expansions"] = expansions;
    if (m & vs::VS_ABBEY_MAYOR) j["abbey_catalog"] = abbey_catalog;
    if (m & vs::VS_TOLLKEEPERS) j["toll_catalog"] = toll_catalog;
    if (m & vs::VS_MAP_CHIPS) j["map"] = map;
  }
  return j;
}

bool TournamentConfig::module_stats() const {
  for (const auto& [k, v] : switches)
    if (k == "abbot" && v == "on") return true;
  return !expansions.empty();
}

std::vector<std::pair<std::string, std::string>> TournamentConfig::data_files() const {
  std::vector<std::pair<std::string, std::string>> out = {{"base_catalog_checksum", base_catalog}};
  if (game == "gcc") out.emplace_back("gcc_catalog_checksum", gcc_catalog);
  const uint8_t m = expansions.empty() ? 0 : vs::parse_modules(expansions);
  if (m & vs::VS_ABBEY_MAYOR) out.emplace_back("abbey_catalog_checksum", abbey_catalog);
  if (m & vs::VS_TOLLKEEPERS) out.emplace_back("toll_catalog_checksum", toll_catalog);
  if (m & vs::VS_MAP_CHIPS) out.emplace_back("map_checksum", map);
  return out;
}

TournamentConfig TournamentConfig::from_json(const json& j, const std::string& where) {
  const Fields f(j, where, "config");
  TournamentConfig c;
  c.game = f.text("game");
  if (c.game != "base" && c.game != "gcc") f.fail("game", "'" + c.game + "' is not base or gcc");
  c.players = int(f.integer("players", 2, vs::VS_MAX_PLAYERS));
  const json& agents = f.array("agents");
  for (size_t i = 0; i < agents.size(); ++i) {
    if (!agents[i].is_string()) f.fail("agents", "element " + std::to_string(i) + " is not a text");
    c.agents.push_back(agents[i].get<std::string>());
    parse_vs_agent(c.agents.back());
  }
  if (c.agents.size() < 2) f.fail("agents", "a tournament needs at least 2 agents");
  c.games = int(f.integer("games", 2, 100000000));
  c.chunk = int(f.integer("chunk", 2, 1000000));
  if (c.games % 2 || c.chunk % 2) f.fail(c.games % 2 ? "games" : "chunk", "must be even (each deal is played from both seatings)");
  try {
    c.seed = parse_u64(f.text("seed"));
  } catch (const NumberError& e) {
    f.fail("seed", e.what());
  }
  c.base_catalog = f.text("base_catalog");
  c.gcc_catalog = f.text("gcc_catalog");
  if (j.contains("expansions")) {
    c.expansions = f.text("expansions");
    uint8_t m = 0;
    try {
      m = vs::parse_modules(c.expansions);
    } catch (const ConfigError& e) {
      f.fail("expansions", e.what());
    }
    if (m & vs::VS_ABBEY_MAYOR) c.abbey_catalog = f.text("abbey_catalog");
    if (m & vs::VS_TOLLKEEPERS) c.toll_catalog = f.text("toll_catalog");
    if (m & vs::VS_MAP_CHIPS) c.map = f.text("map");
  }
  const Fields sw = f.sub("switches");
  for (const auto& [k, v] : sw.json().items()) c.switches.emplace_back(k, sw.text(k));
  return c;
}

std::string TournamentConfig::hash() const {
  json j = to_json();
  return fnv1a64_hex(j.dump());
}

std::pair<int, int> TournamentConfig::pair(int k) const {
  const int n = int(agents.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (k-- == 0) return {i, j};
  return {0, 1};
}

vs::VsRules TournamentConfig::rules() const {
  vs::VsSwitches sw;
  for (const auto& [k, v] : switches) vs::set_switch(sw, k, v);
  vs::VsExpansions ex;
  ex.modules = expansions.empty() ? 0 : vs::parse_modules(expansions);
  if (ex.modules & vs::VS_ABBEY_MAYOR) ex.abbey = load_catalog(resolve_input(abbey_catalog));
  if (ex.modules & vs::VS_TOLLKEEPERS) ex.toll = load_catalog(resolve_input(toll_catalog));
  if (ex.modules & vs::VS_MAP_CHIPS) ex.map = load_map(resolve_input(map));
  return vs::build_game(game == "gcc" ? vs::VsGame::Gcc : vs::VsGame::Base, load_catalog(resolve_input(base_catalog)),
                        game == "gcc" ? load_catalog(resolve_input(gcc_catalog)) : Catalog{}, std::move(ex), players, sw);
}

// ---- Chunks --------------------------------------------------------------------------------------

namespace {

constexpr const char* HEADER =
    "game,agents,score,share60,turns,discarded,decisions,forced,ghosts_taken,scared_off,ghost_points,guards_gained,"
    "castle_points,floor_points";
constexpr int FIELDS = 14;
// With a module or the abbot (TournamentConfig::module_stats) each row goes on with these.
constexpr const char* MODULE_HEADER = ",abbeys,mayors,wagon_moves,barn_points,abbot_points,toll_points,chip_points,upgrades";
constexpr int MODULE_FIELDS = 8;
uint16_t vs::VsSeatStats::*const MODULE_STAT[MODULE_FIELDS] = {
    &vs::VsSeatStats::abbeys,       &vs::VsSeatStats::mayors,      &vs::VsSeatStats::wagon_moves,
    &vs::VsSeatStats::barn_points,  &vs::VsSeatStats::abbot_points, &vs::VsSeatStats::toll_points,
    &vs::VsSeatStats::chip_points,  &vs::VsSeatStats::upgrades};

std::string header(const TournamentConfig& cfg) { return std::string(HEADER) + (cfg.module_stats() ? MODULE_HEADER : ""); }

template <class F>
std::string per_seat(int players, F&& f) {
  std::string s;
  for (int p = 0; p < players; ++p) s += (p ? "/" : "") + std::to_string(f(p));
  return s;
}

std::string chunk_name(const TournamentConfig& cfg, int pair, int k) {
  const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
  return "chunks/pair" + std::to_string(pair) + "-a" + std::to_string(i) + "-a" + std::to_string(j) + "-" + std::to_string(k) + ".csv";
}

std::string seal(const std::string& hash, int pair, int k, int first, int count, const std::string& body) {
  return seal_line({"tournament chunk", "tournament " + hash + " pair " + std::to_string(pair), k, first, count}, body);
}

std::string chunk_text(const TournamentConfig& cfg, int pair, int k, const std::vector<TournamentGame>& games) {
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

std::vector<TournamentGame> read_chunk(const TournamentConfig& cfg, const std::string& path, int pair, int k, int first,
                                       int count) {
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

// Plays game g of a pair: the deal is shared by every pair and both seatings. With `record`, also
// writes the game's record there.
}  // namespace

uint64_t vs_seat_seed(uint64_t seed, uint64_t deal, int seat, int seating, int pair) {
  return stream_seed(seed, deal, AGENT_STREAM + 1 + uint64_t(seat) + 8 * uint64_t(seating) + 64 * uint64_t(pair));
}

vs::VsDeal make_vs_deal(const vs::VsRules& R, uint64_t seed, uint64_t deal) {
  vs::VsDeal d;
  d.order = vs::pile_in_play(R);
  Rng rng(stream_seed(seed, deal, DEAL_STREAM));
  rng.shuffle(d.order);
  if (!R.on_map) return d;
  d.setup.rot = {uint8_t(rng.below(4)), uint8_t(rng.below(4))};  // M1.2
  d.setup.second = d.order[0];
  std::vector<vs::VsCell> squares = R.chip_squares;  // M2.3: the stream orders them
  rng.shuffle(squares);
  d.setup.chips = vs::lay_chips(R, squares);
  d.chip_values.assign(vs::VS_CHIP_ONES, 1);
  d.chip_values.insert(d.chip_values.end(), vs::VS_CHIP_TWOS, 2);
  rng.shuffle(d.chip_values);
  return d;
}

namespace {

// Plays `deal` with `seat[p]` deciding for seat p; with `record` non-empty also writes the game's
// record there.
vs::VsSummary play_seats(const vs::VsRules& R, const vs::VsDeal& dealt, std::vector<VsChooser>& seat,
                         const std::vector<std::string>& names, uint64_t seed, uint64_t deal, std::string* record_text) {
  auto choose = [&](const vs::VsState& s, const vs::VsAction* o, int n) { return seat[s.player](s, o, n); };
  if (!record_text) return vs::play_game(R, dealt, choose);
  std::vector<std::string> steps;
  const vs::VsSummary out = vs::play_logged(R, dealt, choose, steps);
  vs::VsRecord rec = vs::make_vs_record(R, dealt, seed, deal, names, revision());
  for (const auto& st : steps) rec.steps.push_back({st, 0});
  for (int p = 0; p < R.players; ++p) rec.result.push_back(out.score[size_t(p)]);
  *record_text = vs::write_vs_record(rec);
  return out;
}

TournamentGame play(const TournamentConfig& cfg, const vs::VsRules& R, const std::vector<VsAgentSpec>& specs, int pair, int g,
                    const std::string& record = "") {
  const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
  const int deal = g / 2;
  const vs::VsDeal order = make_vs_deal(R, cfg.seed, uint64_t(deal));
  std::vector<VsChooser> seat(size_t(cfg.players));
  std::vector<std::string> names;
  for (int p = 0; p < cfg.players; ++p) {
    const int a = TournamentConfig::first_sits(p, g) ? i : j;
    seat[size_t(p)] = make_vs_agent(R, specs[size_t(a)], vs_seat_seed(cfg.seed, uint64_t(deal), p, g % 2, pair));
    names.push_back(cfg.agents[size_t(a)]);
  }
  TournamentGame out;
  out.pair = pair;
  out.game = g;
  std::string text;
  out.s = play_seats(R, order, seat, names, cfg.seed, uint64_t(deal), record.empty() ? nullptr : &text);
  if (!record.empty()) write_atomic(record, text);
  return out;
}

}  // namespace

// ---- Running -------------------------------------------------------------------------------------

vs::VsSummary play_vs_game(const vs::VsRules& R, const std::vector<std::string>& agents, uint64_t seed, uint64_t deal,
                           std::string& record_text) {
  if (int(agents.size()) != R.players)
    throw AnalysisError(std::to_string(agents.size()) + " agents for " + std::to_string(R.players) + " seats");
  std::vector<VsChooser> seat;
  for (int p = 0; p < R.players; ++p)
    seat.push_back(make_vs_agent(R, parse_vs_agent(agents[size_t(p)]), vs_seat_seed(seed, deal, p)));
  return play_seats(R, make_vs_deal(R, seed, deal), seat, agents, seed, deal, &record_text);
}

std::string run_tournament(TournamentConfig cfg, const std::string& dir, bool resume, int threads, const std::string& command,
                           bool quiet, int records, const OptionWords& words, std::vector<TournamentGame>* games_out) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));  // 0 = all cores, as in studies
  const std::string path = dir + "/tournament.json";
  const FolderLock lock(dir, command);  // one run at a time (analysis/lock.h), before tournament.json is read
  json doc;
  if (resume) {
    if (!fs::exists(path)) throw AnalysisError(words.resume(dir) + ": no tournament.json in " + dir + ": nothing to resume");
    doc = read_json_file(path);
    const Fields top(doc, path);
    cfg = TournamentConfig::from_json(top.object("config"), path);
    // Every field of the provenance this run reads or extends, of the type it was written with.
    const Fields prov = top.sub("provenance");
    prov.text("revision");
    if (prov.has("rules")) prov.text("rules");
    const json& runs = prov.array("runs");
    for (size_t i = 0; i < runs.size(); ++i) {
      const Fields r = prov.element("runs", i);
      r.text("revision");
      for (const char* key : {"started", "ended", "command", "stopped"})
        if (r.has(key)) r.text(key);
      if (r.has("threads")) r.integer("threads", 0, 4096);
      if (r.has("games_played")) r.integer("games_played", 0, 1000000000000LL);
    }
    for (const auto& [key, file] : cfg.data_files()) {
      const std::string now = key == "map_checksum" ? load_map(resolve_input(file)).checksum : load_catalog(resolve_input(file)).checksum;
      if (prov.text(key) != now)
        throw AnalysisError(path + ": provenance: " + file + " changed since the tournament began; start a new one");
    }
  } else {
    if (fs::exists(path))
      throw AnalysisError(dir + " already holds a tournament: resume it with " + words.resume(dir) + " or choose another " + words.option("out"));
    for (const auto& a : cfg.agents) parse_vs_agent(a);
    doc["config"] = cfg.to_json();
    json prov;
    prov["revision"] = revision();
    prov["base_catalog_checksum"] = load_catalog(resolve_input(cfg.base_catalog)).checksum;
    prov["gcc_catalog_checksum"] = cfg.game == "gcc" ? load_catalog(resolve_input(cfg.gcc_catalog)).checksum : "";
    for (const auto& [key, file] : cfg.data_files())
      if (key != "base_catalog_checksum" && key != "gcc_catalog_checksum")
        prov[key] = key == "map_checksum" ? load_map(resolve_input(file)).checksum : load_catalog(resolve_input(file)).checksum;
    prov["runs"] = json::array();
    doc["provenance"] = prov;
  }
  const vs::VsRules R = cfg.rules();
  doc["provenance"]["rules"] = R.describe();
  std::vector<VsAgentSpec> specs;
  for (const auto& a : cfg.agents) specs.push_back(parse_vs_agent(a));
  json run = {{"revision", revision()}, {"started", utc_stamp()}, {"threads", threads}, {"command", command}};
  doc["provenance"]["runs"].push_back(run);
  fs::create_directories(dir + "/chunks");
  if (records > 0) fs::create_directories(dir + "/records");
  write_atomic(path, doc.dump(2) + "\n");

  std::vector<TournamentGame> all;
  const int chunks = (cfg.games + cfg.chunk - 1) / cfg.chunk;
  const long long total = (long long)cfg.pairs() * cfg.games;
  long long done = 0, played = 0;
  auto t0 = std::chrono::steady_clock::now(), last = t0;
  tbb::task_arena arena(threads);
  const InterruptGuard guard;
  long long chunks_kept = 0;
  for (int pair = 0; pair < cfg.pairs(); ++pair)
    for (int k = 0; k < chunks; ++k) {
      const int first = k * cfg.chunk, count = std::min(cfg.chunk, cfg.games - first);
      const std::string file = dir + "/" + chunk_name(cfg, pair, k);
      std::vector<TournamentGame> games;
      if (fs::exists(file)) {
        if (!resume) throw AnalysisError(file + ": a chunk of an earlier run; resume with " + words.resume(dir));
        games = read_chunk(cfg, file, pair, k, first, count);
      } else {
        games.resize(size_t(count));
        arena.execute([&] {
          tbb::parallel_for(0, count, [&](int x) {
            if (interrupt_signal() != 0) return;  // a signal came: this chunk will not be kept
            const int g = first + x;
            const std::string rec = g < records ? dir + "/records/pair" + std::to_string(pair) + "-g" + std::to_string(g) + ".txt" : "";
            games[size_t(x)] = play(cfg, R, specs, pair, g, rec);
          }, tbb::simple_partitioner());
        });
        if (const int sig = interrupt_signal(); sig != 0) {
          end_run(doc["provenance"]["runs"].back(), "games_played", played, sig);
          write_atomic(path, doc.dump(2) + "\n");
          throw interrupted(sig, chunks_kept, dir, words.resume_call("versus", dir));
        }
        write_atomic(file, chunk_text(cfg, pair, k, games));
        played += count;
      }
      ++chunks_kept;
      done += count;
      all.insert(all.end(), games.begin(), games.end());
      const auto now = std::chrono::steady_clock::now();
      if (!quiet && (std::chrono::duration<double>(now - last).count() > 10 || done == total)) {
        last = now;
        const double sec = std::chrono::duration<double>(now - t0).count();
        const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
        std::fprintf(stderr, "%lld/%lld games  %s vs %s  %.0f s%s\n", done, total, cfg.agents[size_t(i)].c_str(),
                     cfg.agents[size_t(j)].c_str(), sec,
                     played && done < total ? (", about " + std::to_string(int(sec / double(played) * double(total - done))) + " s left").c_str() : "");
      }
    }
  end_run(doc["provenance"]["runs"].back(), "games_played", played, 0);
  write_atomic(path, doc.dump(2) + "\n");
  std::string report = tournament_report(cfg, all, doc["provenance"]);
  if (games_out) *games_out = all;
  // The histogram of final scores by agent (scripts/plots.py, from the chunks).
  if (draw_plots(dir) && fs::exists(dir + "/final_scores.png"))
    report += "\nThe final scores by agent as a histogram: [final_scores.png](final_scores.png).\n";
  write_atomic(dir + "/report.md", report);
  return report;
}

// ---- Report ----------------------------------------------------------------------------------------

std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins, const std::vector<std::vector<double>>& n) {
  const size_t m = wins.size();
  std::vector<double> p(m, 1.0);
  for (int it = 0; it < 10000; ++it) {
    std::vector<double> q(m);
    double delta = 0;
    for (size_t i = 0; i < m; ++i) {
      double w = 0, d = 0;
      for (size_t j = 0; j < m; ++j) {
        if (i == j || n[i][j] == 0) continue;
        w += wins[i][j];
        d += n[i][j] / (p[i] + p[j]);
      }
      // A clean sweep has no finite strength: a small floor keeps the others defined.
      q[i] = std::max(w, 1e-3) / std::max(d, 1e-12);
    }
    double g = 0;
    for (double x : q) g += std::log(x);
    g = std::exp(g / double(m));
    for (size_t i = 0; i < m; ++i) {
      q[i] /= g;
      delta = std::max(delta, std::fabs(q[i] - p[i]));
    }
    p = q;
    if (delta < 1e-12) break;
  }
  std::vector<double> elo(m);
  for (size_t i = 0; i < m; ++i) elo[i] = 400 * std::log10(p[i] / p[0]);
  return elo;
}

namespace {

struct MeanCi {
  double mean = 0, lo = 0, hi = 0;
};
MeanCi mean_ci(const std::vector<double>& v) {
  MeanCi r;
  if (v.empty()) return r;
  double s = 0, ss = 0;
  for (double x : v) s += x;
  r.mean = s / double(v.size());
  for (double x : v) ss += (x - r.mean) * (x - r.mean);
  const double se = v.size() > 1 ? std::sqrt(ss / double(v.size() - 1) / double(v.size())) : 0;
  r.lo = r.mean - 1.959964 * se;
  r.hi = r.mean + 1.959964 * se;
  return r;
}

std::string fmt(double x, int digits = 3) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}
std::string fmt_ci(const MeanCi& m, int digits = 3) {
  return fmt(m.mean, digits) + " [" + fmt(m.lo, digits) + ", " + fmt(m.hi, digits) + "]";
}
// A share (values in [0, 1], one a trial) with its Wilson 95% interval, which stays inside [0, 1].
std::string fmt_share(const std::vector<double>& v) {
  double total = 0;
  for (double x : v) total += x;
  const double mean = v.empty() ? 0.0 : total / double(v.size());
  const Interval w = wilson_share(total, (long long)v.size());
  return fmt(mean) + " [" + fmt(w.lo) + ", " + fmt(w.hi) + "]";
}

}  // namespace

std::string tournament_report(const TournamentConfig& cfg, const std::vector<TournamentGame>& games, const json& provenance) {
  const int P = cfg.players;
  const size_t A = cfg.agents.size();
  std::ostringstream os;
  os << "# Tournament: " << (cfg.game == "gcc" ? "Ghosts, Castles & Cemeteries" : "base game")
     << (cfg.expansions.empty() ? "" : " with " + cfg.expansions) << ", " << P << " players\n\n";
  os << "Round robin with seat rotation: each pair of agents plays " << cfg.games << " games, " << cfg.games / 2
     << " seeded tile orders (seed " << cfg.seed << ") each from both seatings (the seats of the first agent of a pair are "
     << "seats 0, 2, ... in the first seating and 1, 3, ... in the second). The same tile orders serve every pair.\n\n";
  os << "- rules: " << provenance.value("rules", std::string()) << "\n";
  os << "- revision: " << provenance.value("revision", std::string()) << "\n";
  if (provenance.contains("runs") && !provenance["runs"].empty())
    os << "- command: `" << provenance["runs"].front().value("command", std::string()) << "`\n";
  os << "\n## Pairs\n\n";
  os << "Win share: the first agent's share of the wins (ties shared), averaged over the two seatings of a deal, with a "
        "Wilson 95% interval over deals (each deal a trial; it stays inside [0, 1]); 0.5 is even. Score: mean final score of a seat. Margin: the first agent's mean seat "
        "score minus the second's. Sign test: deals the first agent won on balance against deals it lost, exact; p with three decimals (cut, so never on the wrong side of 0.05) down to 0.001, scientific below.\n\n";
  os << "| first | second | games | win share of first | score first | score second | margin | sign test p |\n";
  os << "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
  std::vector<std::vector<double>> wins(A, std::vector<double>(A, 0)), n(A, std::vector<double>(A, 0));
  for (int pair = 0; pair < cfg.pairs(); ++pair) {
    const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
    std::map<int, std::array<double, 4>> by_deal;  // share, first score, second score, seatings
    for (const TournamentGame& g : games) {
      if (g.pair != pair) continue;
      double share = 0, sf = 0, ss = 0;
      int nf = 0, ns = 0;
      for (int p = 0; p < P; ++p) {
        if (TournamentConfig::first_sits(p, g.game)) share += g.s.share[size_t(p)], sf += g.s.score[size_t(p)], ++nf;
        else ss += g.s.score[size_t(p)], ++ns;
      }
      auto& d = by_deal[g.game / 2];
      d[0] += share;
      d[1] += sf / nf;
      d[2] += ss / ns;
      d[3] += 1;
      wins[size_t(i)][size_t(j)] += share;
      wins[size_t(j)][size_t(i)] += 1 - share;
      n[size_t(i)][size_t(j)] += 1;
      n[size_t(j)][size_t(i)] += 1;
    }
    std::vector<double> share, sf, ss, margin;
    long long up = 0, down = 0;
    for (const auto& [deal, d] : by_deal) {
      share.push_back(d[0] / d[3]);
      sf.push_back(d[1] / d[3]);
      ss.push_back(d[2] / d[3]);
      margin.push_back((d[1] - d[2]) / d[3]);
      up += d[0] / d[3] > 0.5;
      down += d[0] / d[3] < 0.5;
    }
    os << "| " << cfg.agents[size_t(i)] << " | " << cfg.agents[size_t(j)] << " | " << 2 * by_deal.size() << " | "
       << fmt_share(share) << " | " << fmt(mean_ci(sf).mean, 1) << " | " << fmt(mean_ci(ss).mean, 1) << " | "
       << fmt_ci(mean_ci(margin), 1) << " | " << (up + down ? format_p(binomial_two_sided(up, up + down)) : "-") << " |\n";
  }
  // Ratings, with a bootstrap over deals for their intervals.
  const std::vector<double> elo = bradley_terry_elo(wins, n);
  std::vector<std::vector<double>> boot(A);
  {
    std::map<int, std::vector<const TournamentGame*>> deals;
    for (const TournamentGame& g : games) deals[g.game / 2].push_back(&g);
    std::vector<int> keys;
    for (const auto& [d, v] : deals) keys.push_back(d);
    Rng rng(stream_seed(cfg.seed, 0, 99));
    for (int b = 0; b < 200 && !keys.empty(); ++b) {
      std::vector<std::vector<double>> w(A, std::vector<double>(A, 0)), m(A, std::vector<double>(A, 0));
      for (size_t k = 0; k < keys.size(); ++k)
        for (const TournamentGame* g : deals[keys[rng.below(uint32_t(keys.size()))]]) {
          const std::pair<int, int> ij = cfg.pair(g->pair);
  const int i = ij.first, j = ij.second;
          double share = 0;
          for (int p = 0; p < P; ++p)
            if (TournamentConfig::first_sits(p, g->game)) share += g->s.share[size_t(p)];
          w[size_t(i)][size_t(j)] += share;
          w[size_t(j)][size_t(i)] += 1 - share;
          m[size_t(i)][size_t(j)] += 1;
          m[size_t(j)][size_t(i)] += 1;
        }
      const auto e = bradley_terry_elo(w, m);
      for (size_t a = 0; a < A; ++a) boot[a].push_back(e[a]);
    }
  }
  os << "\n## Ratings\n\nBradley-Terry strengths from every pair's win shares (Hunter's MM algorithm), on the Elo scale "
        "(400 log10), the first agent at 0; 95% intervals from 200 bootstrap resamples of the deals.\n\n";
  os << "| agent | Elo | 95% interval |\n| --- | --- | --- |\n";
  for (size_t a = 0; a < A; ++a)
    os << "| " << cfg.agents[a] << " | " << fmt(elo[a], 0) << " | [" << fmt(quantile(boot[a], 0.025), 0) << ", "
       << fmt(quantile(boot[a], 0.975), 0) << "] |\n";
  // Final scores by agent.
  {
    std::vector<std::vector<double>> by_agent(A);
    for (const TournamentGame& g : games) {
      const std::pair<int, int> ij = cfg.pair(g.pair);
      for (int p = 0; p < P; ++p)
        by_agent[size_t(TournamentConfig::first_sits(p, g.game) ? ij.first : ij.second)].push_back(g.s.score[size_t(p)]);
    }
    double top = 0;
    for (const auto& v : by_agent)
      for (double x : v) top = std::max(top, x);
    const int width = 20, bins = int(top) / width + 1;
    os << "\n## Final scores\n\nEach agent's final score over every seat it held in every pair (so against every "
          "other agent): mean, quantiles, and the share of its seats in each band of "
       << width << " points.\n\n";
    os << "| agent | seats | mean | min | 10% | 25% | median | 75% | 90% | max |\n";
    os << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    for (size_t a = 0; a < A; ++a) {
      const std::vector<double>& v = by_agent[a];
      os << "| " << cfg.agents[a] << " | " << v.size();
      if (v.empty()) {
        os << " | | | | | | | | |\n";
        continue;
      }
      os << " | " << fmt(mean_ci(v).mean, 1);
      for (double q : {0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0}) os << " | " << fmt(quantile(v, q), 1);
      os << " |\n";
    }
    os << "\n| agent |";
    for (int b = 0; b < bins; ++b) os << " " << b * width << "-" << (b + 1) * width - 1 << " |";
    os << "\n| ---";
    for (int b = 0; b < bins; ++b) os << " | ---";
    os << " |\n";
    for (size_t a = 0; a < A; ++a) {
      std::vector<double> count(size_t(bins), 0.0);
      for (double x : by_agent[a]) count[size_t(int(x) / width)] += 1;
      os << "| " << cfg.agents[a] << " |";
      for (double c : count) os << " " << fmt(by_agent[a].empty() ? 0.0 : c / double(by_agent[a].size()), 3) << " |";
      os << "\n";
    }
  }
  // Seats.
  os << "\n## Seats\n\nEvery agent sits in every seat equally often, so a seat's win share above 1/" << P
     << " is the seat's own advantage. Win share of each seat over all games, Wilson 95% interval (each game a trial).\n\n";
  os << "| seat | win share | mean score |\n| --- | --- | --- |\n";
  for (int p = 0; p < P; ++p) {
    std::vector<double> sh, sc;
    for (const TournamentGame& g : games) sh.push_back(g.s.share[size_t(p)]), sc.push_back(g.s.score[size_t(p)]);
    os << "| " << p << " | " << fmt_share(sh) << " | " << fmt(mean_ci(sc).mean, 1) << " |\n";
  }
  // Means a seat a game of some of the seats' figures, one row an agent.
  auto by_agent = [&](const std::vector<uint16_t vs::VsSeatStats::*>& fields) {
    for (size_t a = 0; a < A; ++a) {
      double k = 0;
      std::vector<double> t(fields.size(), 0.0);
      for (const TournamentGame& g : games) {
        const std::pair<int, int> ij = cfg.pair(g.pair);
        for (int p = 0; p < P; ++p) {
          if ((TournamentConfig::first_sits(p, g.game) ? ij.first : ij.second) != int(a)) continue;
          k += 1;
          for (size_t f = 0; f < fields.size(); ++f) t[f] += g.s.stats[size_t(p)].*fields[f];
        }
      }
      os << "| " << cfg.agents[a] << " | " << k;
      for (double x : t) os << " | " << fmt(k > 0 ? x / k : 0.0, 2);
      os << " |\n";
    }
  };
  if (cfg.game == "gcc") {
    os << "\n## Ghosts, guards and castles, by agent\n\nMeans a seat a game: ghosts attached to the seat's meeples, "
          "meeples scared off, points the seat's ghosts cost (2 each in play, 1 each at the end), guards gained from "
          "cemeteries, points castles paid, points the floor at 0 gave back.\n\n";
    os << "| agent | seats | ghosts | scared off | points to ghosts | guards gained | castle points | floor |\n";
    os << "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
    by_agent({&vs::VsSeatStats::ghosts_taken, &vs::VsSeatStats::scared_off, &vs::VsSeatStats::ghost_points,
              &vs::VsSeatStats::guards_gained, &vs::VsSeatStats::castle_points, &vs::VsSeatStats::floor_points});
  }
  if (cfg.module_stats()) {
    os << "\n## The modules' pieces, by agent\n\nMeans a seat a game: abbeys placed, mayors placed, wagons moved on "
          "after a scoring, points barns paid at the end, points the abbot paid (finished or taken back), tolls "
          "collected (in play and at the end), points of the chips taken, meeples upgraded.\n\n";
    os << "| agent | seats | abbeys | mayors | wagon moves | barn points | abbot points | toll points | chip points | upgrades |\n";
    os << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    by_agent(std::vector<uint16_t vs::VsSeatStats::*>(std::begin(MODULE_STAT), std::end(MODULE_STAT)));
  }
  return os.str();
}

}  // namespace mists::analysis
