#include "analysis/design/regret.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/run_log.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis/study/study.h"
#include "analysis/agents/value_model.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "solver/expectimax.h"
#include "solver/value.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace mists::analysis {

json RegretConfig::to_json() const {
  json j{{"levels", levels}, {"players", players}, {"positions", positions}, {"tiles", tiles}, {"nodes", nodes},
         {"source", source}, {"agents", agents},   {"seed", seed},           {"chunk", chunk}, {"catalog", game.catalog},
         {"levels_dir", game.levels_dir}};
  j["switches"] = json::object();
  for (const char* key : SWITCH_NAMES) j["switches"][key] = std::string(switch_value(game.switches, key));
  return j;
}

RegretConfig RegretConfig::from_json(const json& j, const std::string& where) {
  const Fields f(j, where, "config");
  RegretConfig c;
  c.levels.clear();
  const json& levels = f.array("levels");
  for (size_t i = 0; i < levels.size(); ++i) {
    if (!levels[i].is_number_integer() || levels[i].get<int>() < 1 || levels[i].get<int>() > 6)
      f.fail("levels[" + std::to_string(i) + "]", "not a level 1-6");
    c.levels.push_back(levels[i].get<int>());
  }
  c.players = int(f.integer("players", 1, 5));
  c.positions = int(f.integer("positions", 1, 1000000));
  c.tiles = int(f.integer("tiles", 1, 12));
  c.nodes = f.integer("nodes", 1, 1'000'000'000'000LL);
  c.source = f.text("source");
  const json& agents = f.array("agents");
  for (size_t i = 0; i < agents.size(); ++i) {
    if (!agents[i].is_string()) f.fail("agents[" + std::to_string(i) + "]", "not an agent text");
    c.agents.push_back(agents[i].get<std::string>());
  }
  c.seed = f.u64("seed");
  c.chunk = int(f.integer("chunk", 1, 1000000));
  c.game.catalog = f.text("catalog");
  c.game.levels_dir = f.text("levels_dir");
  const Fields sw = f.sub("switches");
  for (const char* key : SWITCH_NAMES) {
    try {
      set_switch(c.game.switches, key, sw.text(key), where + ": config.switches");
    } catch (const ConfigError& e) {
      throw AnalysisError(e.what());
    }
  }
  return c;
}

int RegretConfig::positions_for(int i) const {
  const int n = int(levels.size());
  return positions / n + (i < positions % n ? 1 : 0);
}

namespace {

// Doubles in files: 17 significant digits, read back to the same bits.
std::string format_double(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}
std::string format_fixed(double x, int digits) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", digits, x);
  return b;
}
double parse_double(const std::string& text, const std::string& where) {
  try {
    return parse_real(text, 0.0, 1.0);
  } catch (const NumberError& e) {
    throw AnalysisError(where + ": " + e.what());
  }
}
long long parse_count(const std::string& text, const std::string& where) {
  try {
    return parse_integer(text, 0, 1'000'000'000'000'000LL);
  } catch (const NumberError& e) {
    throw AnalysisError(where + ": " + e.what());
  }
}

constexpr const char* CHUNK_HEADER = "level,game,turn,tiles,nodes,optimum";

std::string chunk_path(const RegretConfig& c, int level, long long chunk) {
  char name[64];
  std::snprintf(name, sizeof name, "/chunks/level%d-%05lld.csv", level, chunk);
  return c.out + name;
}

// A game's candidate positions: its turn starts with at most `tiles` tiles to come, most tiles first.
std::vector<State> late_positions(const Rules& R, const RegretConfig& c, const AgentSpec& source, uint64_t seed, long long game) {
  const Deal deal = seeded_deal(R, seed, uint64_t(game));
  const Chooser choose = make_agent(R, source, agent_seed(seed, uint64_t(game)), std::make_shared<Deal>(deal));
  std::vector<State> out;
  const TurnObserver observe = [&](const State& s) {
    if (!is_over(s) && s.phase == Phase::Draw && tiles_to_come(R, s) <= c.tiles) out.push_back(s);
  };
  play_game(R, deal, [&](const State& s, const Action* o, int n) { return choose(s, o, n); }, nullptr, &observe);
  return out;
}

struct ChunkResult {
  std::vector<RegretRow> rows;
  long long too_big = 0;
};

std::string chunk_text(const RegretConfig& c, const ChunkResult& r) {
  std::ostringstream os;
  os << CHUNK_HEADER;
  for (const auto& a : c.agents) os << "," << a;
  os << "\n";
  os << "too_big," << r.too_big << "\n";
  for (const RegretRow& row : r.rows) {
    os << row.level << "," << row.game << "," << row.turn << "," << row.tiles << "," << row.nodes << "," << format_double(row.optimum);
    for (size_t i = 0; i < row.agent.size(); ++i) os << "," << format_double(row.agent[i]) << ":" << row.decisions[i];
    os << "\n";
  }
  return os.str();
}

ChunkResult parse_chunk(const RegretConfig& c, const std::string& path) {
  const std::string body = unseal_text(read_file(path), path);
  std::istringstream in(body);
  std::string line;
  int n = 0;
  auto fail = [&](const std::string& what) -> void { throw AnalysisError(path + ":" + std::to_string(n) + ": " + what); };
  ChunkResult r;
  std::getline(in, line), ++n;
  std::string header = CHUNK_HEADER;
  for (const auto& a : c.agents) header += "," + a;
  if (line != header) fail("the columns are not those of this run (" + header + ")");
  std::getline(in, line), ++n;
  if (line.rfind("too_big,", 0) != 0) fail("too_big: missing");
  r.too_big = parse_count(line.substr(8), path + ":2: too_big");
  while (std::getline(in, line)) {
    ++n;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    if (f.size() != 6 + c.agents.size()) fail("expected " + std::to_string(6 + c.agents.size()) + " fields");
    const std::string at = path + ":" + std::to_string(n);
    RegretRow row;
    row.level = int(parse_count(f[0], at + ": level"));
    row.game = parse_count(f[1], at + ": game");
    row.turn = int(parse_count(f[2], at + ": turn"));
    row.tiles = int(parse_count(f[3], at + ": tiles"));
    row.nodes = parse_count(f[4], at + ": nodes");
    row.optimum = parse_double(f[5], at + ": optimum");
    for (size_t i = 0; i < c.agents.size(); ++i) {
      const std::string& v = f[6 + i];
      const size_t colon = v.find(':');
      if (colon == std::string::npos) fail(c.agents[i] + ": expected value:decisions");
      row.agent.push_back(parse_double(v.substr(0, colon), at + ": " + c.agents[i]));
      row.decisions.push_back(parse_count(v.substr(colon + 1), at + ": " + c.agents[i] + " decisions"));
    }
    r.rows.push_back(std::move(row));
  }
  return r;
}

// Plays chunk `k` of a level's source games and values every position found.
ChunkResult play_chunk(const RegretConfig& c, int level, long long k, const std::vector<AgentSpec>& agents, const AgentSpec& source) {
  const Rules R = c.game.rules(level, c.players);
  const uint64_t seed = cell_seed(c.seed, level, c.players);
  struct Game {
    long long game;
    std::vector<State> candidates;
  };
  std::vector<Game> games;
  for (long long g = k * c.chunk; g < (k + 1) * c.chunk; ++g) {
    Game one{g, late_positions(R, c, source, seed, g)};
    if (!one.candidates.empty()) games.push_back(std::move(one));
  }
  std::vector<std::optional<RegretRow>> rows(games.size());
  tbb::parallel_for(tbb::blocked_range<size_t>(0, games.size(), 1), [&](const tbb::blocked_range<size_t>& range) {
    for (size_t i = range.begin(); i < range.end(); ++i) {
      const Game& g = games[i];
      for (const State& s : g.candidates) {  // most tiles first: the first that the budget allows
        const ExactResult e = exact_value(R, s, c.nodes);
        if (!e.exact) continue;
        RegretRow row;
        row.level = level;
        row.game = g.game;
        row.turn = s.turn;
        row.tiles = tiles_to_come(R, s);
        row.nodes = e.nodes;
        row.optimum = e.value;
        const auto began = std::chrono::steady_clock::now();
        for (const AgentSpec& a : agents) {
          const Chooser agent = make_agent(R, a, agent_seed(seed, uint64_t(g.game)), nullptr);
          long long decisions = 0;
          row.agent.push_back(policy_value(R, s, agent, &decisions));
          row.decisions.push_back(decisions);
        }
        row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        rows[i] = std::move(row);
        break;
      }
    }
  }, tbb::simple_partitioner());
  ChunkResult out;
  for (auto& r : rows)
    if (r) out.rows.push_back(std::move(*r));
    else ++out.too_big;
  return out;
}

json provenance_of(const RegretConfig& c, const std::vector<AgentSpec>& all) {
  json p;
  p["revision"] = revision();
  const Catalog cat = load_catalog(resolve_input(c.game.catalog));
  p["catalog_checksum"] = cat.checksum;
  json levels = json::object();
  for (int l : c.levels) levels[std::to_string(l)] = fnv1a64_hex(read_file(c.game.level_path(l)));
  p["level_checksums"] = levels;
  for (const AgentSpec& a : all) {
    for (int l : c.levels) {
      const Rules R = c.game.rules(l, c.players);
      if (a.reads_afterstate()) afterstate_for(R, a);  // throws when the model does not cover the level
      if (a.reads_value()) value_for(R, a);
    }
    if (a.reads_afterstate()) {
      p["afterstate_file"] = AFTERSTATE_FILE;
      p["afterstate_checksum"] = shipped_afterstate_model().checksum();
    }
    if (a.reads_value()) {
      p["value_file"] = VALUE_FILE;
      p["value_checksum"] = shipped_value_model().checksum();
    }
  }
  return p;
}

}  // namespace

RegretConfig read_regret_config(const std::string& dir) {
  const std::string path = dir + "/regret.json";
  if (!fs::exists(path)) throw AnalysisError(path + ": no regret run here to resume (regret.json is missing)");
  const json j = read_json_file(path);
  if (!j.is_object() || !j.contains("config")) throw AnalysisError(path + ": config: missing");
  RegretConfig c = RegretConfig::from_json(j.at("config"), path);
  c.out = dir;
  return c;
}

RegretResult run_regret(const RegretConfig& cfg, bool resume, const std::string& command, int progress) {
  if (cfg.levels.empty()) throw AnalysisError("regret: no level");
  if (cfg.agents.empty()) throw AnalysisError("regret: no agent to value");
  if (cfg.positions < int(cfg.levels.size()))
    throw AnalysisError("regret: " + std::to_string(cfg.positions) + " positions cannot be shared by " + std::to_string(cfg.levels.size()) + " levels");
  const AgentSpec source = parse_agent(cfg.source);
  std::vector<AgentSpec> agents;
  for (const auto& text : cfg.agents) agents.push_back(parse_agent(text));
  std::vector<AgentSpec> all = agents;
  all.push_back(source);
  for (const AgentSpec& a : all) {
    if (sees_the_deal(a)) throw AnalysisError("regret: agent '" + a.text + "' sees the deal: regret is measured for fair agents only");
    if (a.is(SOLVER)) throw AnalysisError("regret: the solver is not a player");
  }
  RunLog log(cfg.out, "regret.json", command);  // the folder held and the signals watched (analysis/run/run_log.h)
  fs::create_directories(cfg.out + "/chunks");
  const std::string meta = log.path();
  const json now = provenance_of(cfg, all);
  json doc;
  if (fs::exists(meta)) {
    if (!resume) throw AnalysisError(cfg.out + ": a regret run is already here (regret.json); continue it with --resume or choose another --out");
    doc = read_json_file(meta);
    const json saved = doc.value("config", json());
    const json given = cfg.to_json();
    for (const auto& [k, v] : given.items())
      if (!saved.contains(k) || saved.at(k) != v)
        throw AnalysisError(meta + ": config." + k + ": this run was made with " + saved.value(k, json()).dump() + ", not " + v.dump());
    for (const char* key : {"catalog_checksum", "level_checksums", "afterstate_checksum", "value_checksum"}) {
      const json& prov = doc.at("provenance");
      if (prov.value(key, json()) != now.value(key, json()))
        throw AnalysisError(meta + ": provenance." + std::string(key) + ": changed since this run started (" + prov.value(key, json()).dump() +
                            " -> " + now.value(key, json()).dump() + ")");
    }
  } else {
    if (resume) throw AnalysisError(meta + ": no regret run here to resume");
    doc["config"] = cfg.to_json();
    doc["provenance"] = now;
  }
  log.open(doc, cfg.threads);

  std::optional<tbb::task_arena> arena;
  arena.emplace(cfg.threads > 0 ? cfg.threads : tbb::this_task_arena::max_concurrency());
  RegretResult res;
  res.cfg = cfg;
  const auto began = std::chrono::steady_clock::now();
  for (size_t li = 0; li < cfg.levels.size(); ++li) {
    const int level = cfg.levels[li];
    const size_t want = size_t(cfg.positions_for(int(li)));
    std::vector<RegretRow> rows;
    long long too_big = 0, k = 0;
    for (; rows.size() < want; ++k) {
      const std::string path = chunk_path(cfg, level, k);
      ChunkResult chunk;
      if (fs::exists(path)) {
        chunk = parse_chunk(cfg, path);
        ++res.chunks_read;
      } else {
        if (const int sig = log.signal())
          log.stop(sig, "chunks_played", res.chunks_played, res.chunks_played + res.chunks_read, "mists regret --resume " + shell_word(cfg.out));
        const auto t0 = std::chrono::steady_clock::now();
        arena->execute([&] { chunk = play_chunk(cfg, level, k, agents, source); });
        write_atomic(path, seal_text(chunk_text(cfg, chunk)));
        ++res.chunks_played;
        if (progress >= 0) {
          const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          std::cerr << "mists regret: level " << level << ", chunk " << k << " (games " << k * cfg.chunk << "-" << (k + 1) * cfg.chunk - 1
                    << "): " << chunk.rows.size() << " positions in " << format_fixed(sec, 1) << " s; "
                    << std::min(want, rows.size() + chunk.rows.size()) << "/" << want << " of the level, "
                    << format_fixed(std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() / 60.0, 1)
                    << " min in all" << std::endl;
        }
      }
      too_big += chunk.too_big;
      for (RegretRow& r : chunk.rows) {
        if (rows.size() >= want) break;
        rows.push_back(std::move(r));
      }
    }
    res.games.push_back(rows.empty() ? 0 : rows.back().game + 1);
    res.too_big.push_back(too_big);
    for (RegretRow& r : rows) res.rows.push_back(std::move(r));
  }
  log.close("chunks_played", res.chunks_played);
  // The table of every position kept, and the summary.
  std::ostringstream csv;
  csv << "level,game,turn,tiles,nodes,optimum";
  for (const auto& a : cfg.agents) csv << "," << a << "," << a << " regret";
  csv << "\n";
  for (const RegretRow& r : res.rows) {
    csv << r.level << "," << r.game << "," << r.turn << "," << r.tiles << "," << r.nodes << "," << format_double(r.optimum);
    for (double v : r.agent) csv << "," << format_double(v) << "," << format_double(r.optimum - v);
    csv << "\n";
  }
  write_atomic(cfg.out + "/regret.csv", csv.str());
  write_atomic(cfg.out + "/regret.md", regret_markdown(res));
  return res;
}

std::string regret_markdown(const RegretResult& r) {
  const RegretConfig& c = r.cfg;
  std::ostringstream os;
  os << "# Regret: each fair agent against the fair optimum\n\n"
     << "Positions from the games of `" << c.source << "` (seed " << c.seed << ", " << c.players << " player" << (c.players == 1 ? "" : "s")
     << ", the deals of a study cell): from each game still open with at most " << c.tiles
     << " tiles to come, the turn start with the most tiles left whose exact expectimax took at most " << c.nodes
     << " engine steps. Optimum: the best chance to win a team can have without seeing the order of the unseen tiles "
        "(solver/expectimax.h). Each agent: its own chance to win from the same position over every draw order. "
        "Regret = optimum − agent, in points of win chance; \"share\" = the agent's chance summed over the positions "
        "divided by the optimum's.\n\n";
  auto pct = [](double x) { return format_fixed(100.0 * x, 1); };
  for (int pass = 0; pass <= int(c.levels.size()); ++pass) {
    const bool all = pass == int(c.levels.size());
    if (all && c.levels.size() == 1) break;
    std::vector<const RegretRow*> rows;
    for (const RegretRow& row : r.rows)
      if (all || row.level == c.levels[size_t(pass)]) rows.push_back(&row);
    if (rows.empty()) continue;
    double opt = 0;
    std::map<int, int> by_tiles;
    int open = 0;
    for (const RegretRow* row : rows) {
      opt += row->optimum;
      ++by_tiles[row->tiles];
      if (row->optimum > 0 && row->optimum < 1) ++open;
    }
    os << "## " << (all ? "All levels" : "Level " + std::to_string(c.levels[size_t(pass)])) << "\n\n"
       << rows.size() << " positions";
    if (!all) os << " from the first " << r.games[size_t(pass)] << " games (" << r.too_big[size_t(pass)] << " more reached the end open but no position fitted the budget)";
    os << "; tiles to come:";
    for (const auto& [t, n] : by_tiles) os << " " << t << " (" << n << ")";
    os << "; optimum strictly between 0 and 1 at " << open << ". Mean optimum " << pct(opt / double(rows.size())) << "%.\n\n"
       << "| agent | mean chance | mean regret | regret > 1 point | regret > 10 points | worst regret | share of the optimum |\n"
       << "|---|---|---|---|---|---|---|\n";
    for (size_t a = 0; a < c.agents.size(); ++a) {
      double sum = 0, regret = 0, worst = 0;
      int over1 = 0, over10 = 0;
      for (const RegretRow* row : rows) {
        const double g = row->optimum - row->agent[a];
        sum += row->agent[a];
        regret += g;
        worst = std::max(worst, g);
        over1 += g > 0.01;
        over10 += g > 0.10;
      }
      const double n = double(rows.size());
      os << "| `" << c.agents[a] << "` | " << pct(sum / n) << "% | " << pct(regret / n) << " | " << over1 << " (" << pct(over1 / n) << "%) | "
         << over10 << " (" << pct(over10 / n) << "%) | " << pct(worst) << " | " << (opt > 0 ? format_fixed(sum / opt, 3) : "—") << " |\n";
    }
    os << "\n";
  }
  return os.str();
}

}  // namespace mists::analysis
