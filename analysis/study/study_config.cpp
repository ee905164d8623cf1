#include "analysis/study/study_config.h"

#include "analysis/run/shards.h"

#include <algorithm>
#include <charconv>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/json_fields.h"
#include "analysis/agents/params.h"
#include "engine/kit/catalog.h"
#include "engine/kit/number.h"

namespace mists::analysis {

using nlohmann::json;

std::string CellSpec::id() const {
  const std::string base = "L" + std::to_string(level) + "-P" + std::to_string(players) + "-G" + std::to_string(ghosts) + "-" + agent_slug(agent);
  return levers.any() ? base + "-" + levers_slug(levers) : base;
}

std::string CellSpec::label() const { return levers.any() ? agent + " with " + levers_text(levers) : agent; }

bool has_levers(const std::vector<CellSpec>& cells) {
  for (const auto& c : cells)
    if (c.levers.any()) return true;
  return false;
}

namespace {

constexpr int MAX_GAMES = 100000000;  // per cell
constexpr int MAX_CHUNK = 100000;

AgentParams search_params(const MctsConfig& m) {
  AgentParams p;
  p.mcts = m;
  return p;
}

// The planner's default samples, width, horizon and shortlist, as study.json's "planner" block.
json planner_defaults() {
  const PlannerConfig d;
  return {{"samples", d.samples}, {"width", d.width}, {"horizon", d.horizon}, {"candidates", d.candidates}};
}

}  // namespace

json StudyConfig::to_json() const {
  json j;
  j["title"] = title;
  j["trace"] = trace;
  if (records) j["records"] = true;
  j["seed"] = seed;
  j["precision"] = precision;
  if (target != 0.5) j["target"] = target;  // written only when asked for: older studies read as 0.5
  j["min_games"] = min_games;
  j["chunk"] = chunk;
  j["shard"] = std::to_string(shard) + "/" + std::to_string(shards);
  j["catalog"] = game.catalog;
  j["levels_dir"] = game.levels_dir;
  json ov = json::object();
  if (game.goal) ov["goal"] = *game.goal;
  if (game.hound1) ov["hound1"] = *game.hound1;
  if (game.hound2) ov["hound2"] = *game.hound2;
  if (game.piles) ov["piles"] = *game.piles;
  j["overrides"] = ov;
  j["switches"] = json::object();
  for (const char* key : SWITCH_NAMES) j["switches"][key] = std::string(switch_value(game.switches, key));
  const AgentParams p = search_params(mcts);
  j["mcts"] = params_to_json(p, ParamGroup::Search);
  j["heuristic"] = params_to_json(p, ParamGroup::Heuristic);  // the heuristic every agent starts from
  json cs = json::array();
  for (const auto& c : cells)
    cs.push_back({{"level", c.level}, {"players", c.players}, {"ghosts", c.ghosts}, {"ghost_delta", c.ghost_delta},
                  {"agent", c.agent}, {"games", c.games}});
  j["cells"] = cs;
  // The levers' cells only (a study without levers keeps its former file and hash): each cell's
  // setting, and the expansion catalogs those settings read.
  bool abbeys = false, tolls = false;
  for (size_t i = 0; i < cells.size(); ++i) {
    const Levers& l = cells[i].levers;
    if (l.any()) j["cells"][i]["levers"] = levers_text(l);
    abbeys = abbeys || l.abbeys != PiecePool::Off;
    tolls = tolls || l.tiles_of_tolls();
  }
  if (abbeys) j["abbey_catalog"] = game.abbey_catalog;
  if (tolls) j["toll_catalog"] = game.toll_catalog;
  // The solver's default budget, when a cell plays it: a study keeps the budget its chunks were
  // played with, even if a later mists changes the default.
  for (const auto& c : cells)
    if (is_solver(c.agent)) {
      const SolveBudget b = AgentParams{}.solve;
      j["solver"] = {{"nodes", b.nodes}, {"seconds", b.seconds}};
    }
  // The same for the planner's defaults (samples, width, horizon).
  for (const auto& c : cells)
    if (is_planner(c.agent)) j["planner"] = planner_defaults();
  return j;
}

StudyConfig StudyConfig::from_json(const json& j, const std::string& where) {
  const Fields f(j, where, "config");
  StudyConfig c;
  c.title = f.text("title");
  c.trace = f.has("trace") && f.boolean("trace");
  c.records = f.has("records") && f.boolean("records");
  c.seed = f.u64("seed");
  c.precision = f.real("precision", 0, 0.5);
  if (f.has("target")) c.target = f.real("target", 0.001, 0.999);
  c.min_games = int(f.integer("min_games", 1, MAX_GAMES));
  c.chunk = int(f.integer("chunk", 1, MAX_CHUNK));
  const std::string shard = f.text("shard");
  try {
    parse_shard(shard, c);
  } catch (const NumberError& e) {
    f.fail("shard", "'" + shard + "' is not K/N with 1 <= K <= N: " + e.what());
  }
  c.game.catalog = f.text("catalog");
  c.game.levels_dir = f.text("levels_dir");
  const Fields ov = f.sub("overrides");
  for (const auto& [key, value] : ov.json().items()) {
    const OverrideRange* r = nullptr;
    for (const OverrideRange& o : OVERRIDE_RANGES)
      if (key == o.name && key != "ghosts") r = &o;
    if (!r) ov.fail(key, "unknown override (goal, hound1, hound2, piles)");
    const int v = int(ov.integer(key, r->lo, r->hi));
    (key == "goal" ? c.game.goal : key == "hound1" ? c.game.hound1 : key == "hound2" ? c.game.hound2 : c.game.piles) = v;
  }
  const Fields sw = f.sub("switches");
  for (const char* key : SWITCH_NAMES) {
    try {
      set_switch(c.game.switches, key, sw.text(key), where + ": config.switches");
    } catch (const ConfigError& e) {
      throw AnalysisError(e.what());
    }
  }
  for (const auto& [key, value] : sw.json().items())
    if (switch_value(c.game.switches, key).empty()) sw.fail(key, "unknown rule switch");
  AgentParams p = search_params(c.mcts);
  params_from_json(p, ParamGroup::Search, f.object("mcts"), where + ": config.mcts");
  params_from_json(p, ParamGroup::Heuristic, f.object("heuristic"), where + ": config.heuristic");
  c.mcts = p.mcts;
  const json& cells = f.array("cells");
  for (size_t i = 0; i < cells.size(); ++i) {
    const Fields x = f.element("cells", i);
    CellSpec s;
    s.level = int(x.integer("level", 1, 6));
    s.players = int(x.integer("players", 1, 5));
    s.ghosts = int(x.integer("ghosts", 3, 250));
    s.ghost_delta = int(x.integer("ghost_delta", -250, 250));
    s.agent = x.text("agent");
    try {
      parse_agent(s.agent, c.mcts);
    } catch (const AnalysisError& e) {
      x.fail("agent", e.what());
    }
    s.games = int(x.integer("games", 1, MAX_GAMES));
    if (x.has("levers")) {
      try {
        s.levers = parse_levers(x.text("levers"), where + ": " + x.field("levers"));
      } catch (const ConfigError& e) {
        throw AnalysisError(e.what());
      }
    }
    for (const auto& o : c.cells)
      if (o.id() == s.id()) x.fail("levers", "cell " + s.id() + " is given twice");
    c.cells.push_back(s);
  }
  // The expansion catalogs: named exactly when a cell's levers read them.
  auto catalog = [&](const char* key, bool needed, std::string& into, const char* why) {
    if (needed) into = f.text(key);
    else if (f.has(key)) f.fail(key, std::string("present, but no cell ") + why);
  };
  catalog("abbey_catalog", std::any_of(c.cells.begin(), c.cells.end(), [](const CellSpec& s) { return s.levers.abbeys != PiecePool::Off; }),
          c.game.abbey_catalog, "plays coop_abbeys");
  catalog("toll_catalog", std::any_of(c.cells.begin(), c.cells.end(), [](const CellSpec& s) { return s.levers.tiles_of_tolls(); }),
          c.game.toll_catalog, "plays coop_tolls with the Tollkeepers tiles");
  const bool solver = std::any_of(c.cells.begin(), c.cells.end(), [](const CellSpec& s) { return is_solver(s.agent); });
  if (solver) {
    const SolveBudget b = AgentParams{}.solve;
    const Fields sb = f.sub("solver");
    if (sb.integer("nodes", 0, 1000000000000LL) != b.nodes || sb.real("seconds", 0, 86400) != b.seconds)
      f.fail("solver", "the solver cells were played with a default budget of " + sb.json().dump() + "; this mists's default is " +
                           json({{"nodes", b.nodes}, {"seconds", b.seconds}}).dump() +
                           ": resume with the mists that started the study, or start again with the budget in the agent text");
  } else if (f.has("solver")) {
    f.fail("solver", "present, but no cell plays the solver");
  }
  const bool planner = std::any_of(c.cells.begin(), c.cells.end(), [](const CellSpec& s) { return is_planner(s.agent); });
  if (planner) {
    json have = f.object("planner");
    if (have.is_object() && !have.contains("candidates")) have["candidates"] = 0;  // before the shortlist: every option voted
    if (have != planner_defaults())
      f.fail("planner", "the planner cells were played with the defaults " + have.dump() + "; this mists's defaults are " +
                            planner_defaults().dump() +
                            ": resume with the mists that started the study, or start again with the values in the agent text");
  } else if (f.has("planner")) {
    f.fail("planner", "present, but no cell plays the planner");
  }
  return c;
}

void parse_shard(const std::string& text, StudyConfig& cfg) {
  const Shard s = parse_shard_text(text);
  cfg.shard = s.k, cfg.shards = s.n;
}

bool is_solver(const std::string& agent) { return agent_kind(agent) == SOLVER; }
bool is_planner(const std::string& agent) { return agent_kind(agent) == PLANNER; }

std::string StudyConfig::games_hash() const {
  json j = to_json();
  j.erase("title");
  j.erase("shard");
  j.erase("trace");
  j.erase("records");
  return fnv1a64_hex(j.dump());
}

namespace {

// The parts of a comma-separated list, empty ones included ("a,,b": a, "", b).
std::vector<std::string> comma_parts(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (true) {
    const size_t comma = std::min(text.find(',', at), text.size());
    out.push_back(text.substr(at, comma - at));
    if (comma == text.size()) return out;
    at = comma + 1;
  }
}

}  // namespace

std::vector<int> int_list(const std::string& text, const std::string& what) {
  std::vector<int> out;
  for (const std::string& part : comma_parts(text)) {
    try {
      const auto dots = part.find("..");
      // "a-b" is a range only for a >= 0 ("-3" is a number, "-3..3" a range).
      const auto dash = part.find('-', 1);
      if (dots != std::string::npos || (dash != std::string::npos && part[0] != '-')) {
        const size_t cut = dots != std::string::npos ? dots : dash;
        const long long a = parse_integer(part.substr(0, cut), -1000000, 1000000);
        const long long b = parse_integer(part.substr(cut + (dots != std::string::npos ? 2 : 1)), -1000000, 1000000);
        if (b < a) throw NumberError("range '" + part + "' runs backwards");
        if (b - a > 100000) throw NumberError("range '" + part + "' is too long");
        for (long long x = a; x <= b; ++x) out.push_back(int(x));
      } else {
        out.push_back(int(parse_integer(part, -1000000, 1000000)));
      }
    } catch (const NumberError& e) {
      throw AnalysisError(what + ": '" + part + "' is not a number or a range (1-6, -3..3): " + e.what());
    }
  }
  if (out.empty()) throw AnalysisError(what + ": empty list");
  return out;
}

std::vector<Levers> lever_list(const std::string& text, const std::string& what) {
  std::vector<Levers> out;
  for (const std::string& part : comma_parts(text)) {
    try {
      const Levers l = parse_levers(part, what);
      if (std::find(out.begin(), out.end(), l) != out.end())
        throw AnalysisError(what + ": the lever setting " + levers_text(l) + " is given twice");
      out.push_back(l);
    } catch (const ConfigError& e) {
      throw AnalysisError(e.what());
    }
  }
  return out;
}

void add_cells(StudyConfig& cfg, const std::vector<std::string>& agents, const std::vector<int>& levels,
               const std::vector<int>& players, const std::vector<int>& ghosts, bool absolute, int games,
               const std::string& what, const std::vector<Levers>& levers, const std::string& levers_what) {
  if (games < 1 || games > MAX_GAMES) throw AnalysisError(what + ": games " + std::to_string(games) + " is out of range 1.." + std::to_string(MAX_GAMES));
  if (levers.empty()) throw AnalysisError(what + ": no lever setting (none plays the plain game)");
  for (const auto& ag : agents) {
    parse_agent(ag, cfg.mcts);  // throws for an unknown agent or parameter
    for (const Levers& lv : levers)
      for (int l : levels) {
        if (l < 1 || l > 6) throw AnalysisError(what + ": level " + std::to_string(l) + " is not 1-6");
        const int official = cfg.game.level_config(l).ghosts;
        for (int p : players) {
          if (p < 1 || p > 5) throw AnalysisError(what + ": players " + std::to_string(p) + " is not 1-5");
          for (int g : ghosts) {
            CellSpec c;
            c.level = l;
            c.players = p;
            c.agent = ag;
            c.levers = lv;
            c.ghosts = absolute ? g : official + g;
            c.ghost_delta = c.ghosts - official;
            c.games = games;
            if (c.ghosts < 3 || c.ghosts > 250)
              throw AnalysisError(what + ": ghost total " + std::to_string(c.ghosts) + " for level " + std::to_string(l) +
                                  " is impossible: the start tile alone takes 3, at most 250");
            for (const auto& o : cfg.cells)
              if (o.id() == c.id())
                throw AnalysisError(what + ": cell " + c.id() +
                                    " is given twice (a level, player count, ghost total, agent or lever setting repeats)");
            cfg.cells.push_back(c);
          }
          // A lever the level cannot play (coop_toll_tiles = replace without 10 plain tiles to set
          // aside, an expansion catalog missing or without the pieces) is refused now, not mid-study.
          if (lv.any()) {
            try {
              (void)cfg.game.rules(l, p, lv);
            } catch (const ConfigError& e) {
              throw AnalysisError((levers_what.empty() ? what : levers_what) + ": " + levers_text(lv) + " on level " + std::to_string(l) +
                                  " with " + std::to_string(p) + " player(s): " + e.what());
            }
          }
        }
      }
  }
}

void add_default_cells(StudyConfig& cfg, int games, int bound_games) {
  const std::vector<int> levels{1, 2, 3, 4, 5, 6};
  add_cells(cfg, {BEST_FAIR_AGENT}, levels, {1, 2, 3, 4, 5}, {0}, false, bound_games, "default study");
  add_cells(cfg, {BEST_FAIR_AGENT}, levels, {2}, {-3, -2, -1, 1, 2, 3}, false, bound_games, "default study");
  add_cells(cfg, {CASUAL_AGENT}, levels, {1, 2, 3, 4, 5}, {0}, false, games, "default study");
  add_cells(cfg, {FORESIGHT_AGENTS.begin(), FORESIGHT_AGENTS.end()}, levels, {2}, {0}, false, bound_games, "default study");
}

std::string format_number(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

MctsConfig search_defaults(const std::optional<int>& playouts, const std::optional<double>& c, const std::string& rollout,
                           const OptionWords& words) {
  AgentParams p;
  for (const auto& d : param_table()) {
    const std::string name(d.name);
    if (name == "playouts" && playouts) set_param(p, true, d, std::to_string(*playouts), words.option(name));
    if (name == "c" && c) set_param(p, true, d, format_number(*c), words.option(name));
    if (name == "rollout" && !rollout.empty()) set_param(p, true, d, rollout, words.option(name));
  }
  MctsConfig m;  // only these three: a study's other search defaults stay MctsConfig's own
  m.playouts = p.mcts.playouts, m.c = p.mcts.c, m.rollout = p.mcts.rollout;
  return m;
}

StudyConfig study_request_config(const StudyRequest& r, const OptionWords& words) {
  StudyConfig cfg;
  cfg.game = r.game;
  cfg.seed = r.seed;
  cfg.precision = r.precision;
  cfg.target = r.target;
  cfg.min_games = r.min_games;
  cfg.chunk = r.chunk;
  cfg.mcts = search_defaults(r.playouts, r.c, r.rollout, words);
  auto check = [&](const char* key, double v, double lo, double hi) {
    if (!(v >= lo && v <= hi))
      throw AnalysisError(words.option(key) + " " + format_number(v) + " is out of range " + format_number(lo) + ".." + format_number(hi));
  };
  check("games", r.games, 1, MAX_GAMES);
  check("precision", r.precision, 0, 0.5);
  check("target", r.target, 0.001, 0.999);
  check("min_games", r.min_games, 1, MAX_GAMES);
  check("chunk", r.chunk, 1, MAX_CHUNK);
  if (r.default_study) {
    add_default_cells(cfg, r.games, r.bound_games);
    cfg.title = "Mists over Carcassonne — difficulty of every level (default study)";
    return cfg;
  }
  if (!r.ghost_deltas.empty() && !r.ghosts.empty())
    throw AnalysisError(words.option("ghost_deltas") + " and " + words.option("ghosts") + " exclude each other");
  const auto L = r.levels.empty() ? std::vector<int>{1, 2, 3, 4, 5, 6} : r.levels;
  const auto P = r.players.empty() ? std::vector<int>{2} : r.players;
  const auto A = r.agents.empty() ? std::vector<std::string>{"expert"} : r.agents;
  const bool absolute = !r.ghosts.empty();
  const std::string gflag = words.option(absolute ? "ghosts" : "ghost_deltas");
  const auto G = absolute ? r.ghosts : r.ghost_deltas.empty() ? std::vector<int>{0} : r.ghost_deltas;
  for (int l : L)
    if (l < 1 || l > 6) throw AnalysisError(words.option("levels") + ": level " + std::to_string(l) + " is not 1-6");
  for (int p : P)
    if (p < 1 || p > 5) throw AnalysisError(words.option("players") + ": " + std::to_string(p) + " is not 1-5");
  for (int l : L)
    for (int x : G) {
      const int total = absolute ? x : r.game.level_config(l).ghosts + x;
      if (total < 3 || total > 250)
        throw AnalysisError(gflag + " " + std::to_string(x) + ": ghost total " + std::to_string(total) + " for level " +
                            std::to_string(l) + " is impossible: the start tile alone takes 3, at most 250");
    }
  const auto V = r.levers.empty() ? std::vector<Levers>{Levers{}} : r.levers;
  add_cells(cfg, A, L, P, G, absolute, r.games, words.option("agents"), V, words.option("levers"));
  cfg.title = "Mists over Carcassonne — custom study";
  return cfg;
}

}  // namespace mists::analysis
