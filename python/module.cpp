// The `mists` Python module (docs/python.md): games, states with OpenSpiel's method set, the C++
// agents by name, and studies. Built by the normal build into build/python;
// `PYTHONPATH=build/python python3 -c "import mists"`.
//
// Actions: at a decision, a dense index in [0, num_distinct_actions()) (python/coop_encoding.h;
// the engine's 32-bit action stays reachable: action_bits, bits_to_action); at a chance node, the
// outcome (the tile type of a draw, the value of a chip). Errors raise Python exceptions named in
// Python's words (ValueError naming the argument, FileNotFoundError, KeyboardInterrupt for a study
// stopped by a signal); nothing aborts the interpreter.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/json_fields.h"
#include "analysis/study/study.h"
#include "analysis/study/study_config.h"
#include "analysis/pages/viewer.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "engine/coop/contract.h"
#include "engine/coop/record.h"
#include "engine/coop/text.h"
#include "python/bindings.h"
#include "python/coop_encoding.h"
#include "python/state.h"
#include "solver/agents.h"
#include "solver/eval.h"

namespace py = pybind11;
using namespace mists;
using mists::pybind::CHANCE_PLAYER;
using mists::pybind::PY_WORDS;
using mists::pybind::sort_by_dense_index;
using mists::pybind::TERMINAL_PLAYER;

namespace {

// ---- Games -------------------------------------------------------------------------------------

// A level, a player count, overrides, switches and levers: the rules every state of the game
// shares, and the dense action index and observation layouts made from them.
struct PyGame {
  analysis::GameOptions opts;
  std::shared_ptr<const Rules> rules;
  std::shared_ptr<const pyenc::CoopActions> actions;
  std::shared_ptr<const pyenc::CoopObservation> observation, info_state;
};
using GamePtr = std::shared_ptr<PyGame>;

GamePtr finish_game(analysis::GameOptions opts, std::shared_ptr<const Rules> rules) {
  auto g = std::make_shared<PyGame>();
  g->opts = std::move(opts);
  g->rules = std::move(rules);
  g->actions = std::make_shared<pyenc::CoopActions>(*g->rules);
  g->observation = std::make_shared<pyenc::CoopObservation>(*g->rules);
  g->info_state = std::make_shared<pyenc::CoopObservation>(pyenc::information_state<pyenc::CoopObservation>(*g->rules));
  return g;
}

GamePtr make_game(int level, int players, std::optional<int> ghosts, std::optional<int> goal, std::optional<int> hound1,
                  std::optional<int> hound2, std::optional<int> piles, std::optional<std::string> catalog,
                  std::optional<std::string> levels_dir, std::optional<std::string> joint_scoring,
                  std::optional<std::string> unplaceable, std::optional<std::string> haunted_adjacency,
                  std::optional<std::string> finish_ghosts, std::optional<std::string> levers,
                  std::optional<std::string> abbey_catalog, std::optional<std::string> toll_catalog) {
  if (level < 1 || level > 6) throw py::value_error("level = " + std::to_string(level) + ": the levels are 1 to 6");
  if (players < 1 || players > MAX_PLAYERS) throw py::value_error("players = " + std::to_string(players) + ": 1 to 5 players");
  analysis::GameOptions o;
  o.level = level, o.players = players;
  o.ghosts = ghosts, o.goal = goal, o.hound1 = hound1, o.hound2 = hound2, o.piles = piles;
  if (catalog) o.catalog = *catalog;
  if (levels_dir) o.levels_dir = *levels_dir;
  if (abbey_catalog) o.abbey_catalog = *abbey_catalog;
  if (toll_catalog) o.toll_catalog = *toll_catalog;
  const std::pair<const char*, const std::optional<std::string>*> switches[] = {
      {"joint_scoring", &joint_scoring}, {"unplaceable", &unplaceable}, {"haunted_adjacency", &haunted_adjacency},
      {"finish_ghosts", &finish_ghosts}};
  for (const auto& [key, value] : switches)
    if (*value) set_switch(o.switches, key, **value, "mists.Game");
  if (levers) o.levers = parse_levers(*levers, "mists.Game: levers");
  auto rules = std::make_shared<const Rules>(o.rules());
  return finish_game(std::move(o), std::move(rules));
}

// The keyword arguments that make the game again (pickling, repr).
py::dict game_kwargs(const PyGame& g) {
  const auto& o = g.opts;
  py::dict d;
  d["level"] = o.level;
  d["players"] = o.players;
  const std::pair<const char*, const std::optional<int>*> overrides[] = {
      {"ghosts", &o.ghosts}, {"goal", &o.goal}, {"hound1", &o.hound1}, {"hound2", &o.hound2}, {"piles", &o.piles}};
  for (const auto& [key, v] : overrides)
    if (*v) d[key] = **v;
  const analysis::GameOptions plain;
  if (o.catalog != plain.catalog) d["catalog"] = o.catalog;
  if (o.levels_dir != plain.levels_dir) d["levels_dir"] = o.levels_dir;
  if (o.abbey_catalog != plain.abbey_catalog) d["abbey_catalog"] = o.abbey_catalog;
  if (o.toll_catalog != plain.toll_catalog) d["toll_catalog"] = o.toll_catalog;
  for (const char* key : SWITCH_NAMES)
    if (switch_value(o.switches, key) != switch_value(plain.switches, key)) d[key] = std::string(switch_value(o.switches, key));
  if (o.levers.any()) d["levers"] = levers_text(o.levers);
  return d;
}

GamePtr game_from_kwargs(const py::dict& d) {
  auto get_int = [&](const char* k) { return d.contains(k) ? std::optional<int>(d[k].cast<int>()) : std::nullopt; };
  auto get_text = [&](const char* k) { return d.contains(k) ? std::optional<std::string>(d[k].cast<std::string>()) : std::nullopt; };
  return make_game(d["level"].cast<int>(), d["players"].cast<int>(), get_int("ghosts"), get_int("goal"), get_int("hound1"),
                   get_int("hound2"), get_int("piles"), get_text("catalog"), get_text("levels_dir"), get_text("joint_scoring"),
                   get_text("unplaceable"), get_text("haunted_adjacency"), get_text("finish_ghosts"), get_text("levers"),
                   get_text("abbey_catalog"), get_text("toll_catalog"));
}

std::string game_repr(const PyGame& g) { return mists::pybind::kwargs_repr("Game", game_kwargs(g)); }

// ---- States ------------------------------------------------------------------------------------

// One game in progress. A dealt state (made with a seed, or from a record) draws from its deal and
// can write its record; a free state leaves every draw to the caller (any unseen tile, as
// OpenSpiel's chance node). What both games' states share is python/state.h; this is the co-op's own.
struct PyState : mists::pybind::OpenSpielState<PyState, Coop> {
  GamePtr game;
  std::shared_ptr<const Deal> deal;  // null: a free state
  uint64_t run_seed = 0, game_index = 0;
  std::string record_agent = "python";  // the agent a record names by default (a loaded record's own)
  double reward = 0;                    // each player's reward for the last action applied

  // The hooks of OpenSpielState (python/state.h).
  const Rules& R() const { return *game->rules; }
  int players() const { return R().params.players; }
  void encode(const Action* a, int n, int* dense) const {
    for (int i = 0; i < n; ++i) dense[i] = game->actions->encode(s, a[i]);
  }
  std::optional<int> dealt() const { return deal ? std::optional<int>(deal_outcome(R(), *deal, s)) : std::nullopt; }
  void drew(int) {}
  bool records_forced() const { return false; }  // a co-op record writes decisions with two or more options
  void applied() { reward = is_over(s) && s.outcome == Outcome::Won ? 1.0 : 0.0; }
  int observer() const { return 0; }
  static constexpr const char* SEATS = "players";
  py::dict kwargs() const { return game_kwargs(*game); }
  py::object deal_tuple() const {
    if (!deal) return py::none();
    return py::make_tuple(deal->piles, deal->set_aside, deal->chips);
  }
  std::pair<uint64_t, uint64_t> deal_id() const { return {run_seed, game_index}; }
  static constexpr size_t EXTRAS = 1;  // the agent a record names
  py::tuple extras() const { return py::make_tuple(record_agent); }
  void set_extras(const py::tuple& t) { record_agent = t[0].cast<std::string>(); }
  static PyState start(const py::dict& kwargs, const py::object& deal, uint64_t seed, uint64_t index);
  std::string outcome_text(long long t) const {
    if (s.phase == Phase::ChipDraw) return "chip " + std::to_string(t);
    if (t < 0 || t >= (long long)R().types.size()) throw py::value_error("tile type " + std::to_string(t) + " does not exist");
    return "draw " + R().types[size_t(t)].id;
  }

  // Every action so far as text ("draw 14a", "place 1 0 2", forced decisions too), by replaying them
  // from the first position: kept out of the hot path of apply_action.
  std::vector<std::string> move_texts() const {
    State t = deal ? initial_state(R(), *deal) : initial_state(R());
    std::vector<std::string> out;
    for (uint32_t v : raw) {
      if (is_chance(t)) {
        out.push_back(chance_text(R(), t, int(v)));
        apply_draw(R(), t, int(v));
      } else {
        out.push_back(action_text(R(), t, Action{v}));
        apply(R(), t, Action{v});
      }
    }
    return out;
  }
};

PyState dealt_state(GamePtr g, Deal deal, uint64_t seed, uint64_t game) {
  PyState st;
  st.game = std::move(g);
  st.run_seed = seed, st.game_index = game;
  st.s = initial_state(st.R(), deal);
  st.deal = std::make_shared<const Deal>(std::move(deal));
  return st;
}

// The state with the deal's hidden part drawn afresh (OpenSpiel's resample_from_infostate): the
// same position and history, the tiles still to come in each pile and the chips still face down
// shuffled among everything the team has not seen (sample_deal), the places already drawn and the
// chips already turned kept from the deal, so the history replays from it. The team sees alike, so
// every player's information state is the same. A free state has nothing fixed to resample.
PyState resampled(const PyState& st, int player, uint64_t rng_seed) {
  if (player < 0 || player >= st.R().params.players)
    throw py::value_error("player_id = " + std::to_string(player) + ": the players are 0 to " + std::to_string(st.R().params.players - 1));
  PyState out = st;
  if (!st.deal) return out;
  Rng rng(rng_seed);
  Deal d = sample_deal(st.R(), st.s, rng);
  const Rules& R = st.R();
  for (size_t k = 0; k < d.piles.size(); ++k)
    for (size_t i = 0; i < size_t(R.pile_sizes[k] - st.s.pile_size[k]); ++i) d.piles[k][i] = st.deal->piles[k][i];
  d.set_aside = st.deal->set_aside;
  for (size_t i = 0; i < d.chips.size() && i < st.deal->chips.size(); ++i)
    if (!((st.s.chips_left >> i & 1) || (st.s.phase == Phase::ChipDraw && st.s.chip_taken == i))) d.chips[i] = st.deal->chips[i];
  out.deal = std::make_shared<const Deal>(std::move(d));
  return out;
}

PyState new_state(GamePtr g, std::optional<uint64_t> seed, uint64_t game) {
  const Rules& R = *g->rules;
  if (seed) return dealt_state(g, seeded_deal(R, analysis::cell_seed(*seed, R.level.number, R.params.players), game), *seed, game);
  if (R.toll_replace > 0)
    throw py::value_error("new_initial_state(): with coop_toll_tiles=replace the set-up sets tiles aside from the deal; give a seed");
  PyState st;
  st.game = std::move(g);
  st.s = initial_state(st.R());
  return st;
}

py::dict summary_dict(const GameSummary& s) {
  py::dict d;
  d["outcome"] = s.outcome == Outcome::Won ? "won" : s.outcome == Outcome::Lost ? "lost" : "ongoing";
  d["cause"] = std::string(loss_cause_name(s.cause));
  d["score"] = s.score;
  d["turns"] = s.turns;
  d["decisions"] = s.decisions;
  d["forced"] = s.forced;
  d["ghosts_on_board"] = s.ghosts_on_board;
  d["ghost_supply"] = s.ghost_supply;
  d["hounds"] = s.hounds_reached;
  d["face_down"] = s.face_down;
  d["discarded"] = s.discarded;
  return d;
}

std::string record_of(const PyState& st, std::optional<std::string> agent) {
  if (!st.deal) throw py::value_error("record(): a free state has no deal; make the state with a seed");
  GameRecord rec = make_record(st.R(), *st.deal, st.run_seed, st.game_index, agent.value_or(st.record_agent), analysis::revision());
  finish_record(rec, st.steps, summarize(st.R(), st.s, st.decisions, st.forced));
  return write_record(rec);
}

// The state after the first `upto` steps of the record in `path` (all of them, and the forced
// decisions after the last, when not given). The whole record is checked first, as mists replay
// checks it (a RecordError naming its line becomes a ValueError).
PyState state_from_record(const std::string& path, std::optional<int> upto) {
  analysis::LoadedRecord loaded = analysis::load_record(path);
  replay(loaded.rules, loaded.rec, path);
  const GameRecord& rec = loaded.rec;
  const int n_steps = int(rec.steps.size());
  if (upto && (*upto < 0 || *upto > n_steps))
    throw py::value_error("steps = " + std::to_string(*upto) + ": the record has " + std::to_string(n_steps) + " steps");
  analysis::GameOptions o;
  o.catalog = rec.catalog_path;
  o.level = rec.level.number, o.players = rec.params.players;
  o.ghosts = rec.level.ghosts, o.goal = rec.level.goal, o.hound1 = rec.level.hound1, o.hound2 = rec.level.hound2;
  o.piles = rec.level.piles;
  o.switches = rec.params.switches;
  o.levers = rec.params.levers;
  if (!rec.abbey_catalog_path.empty()) o.abbey_catalog = rec.abbey_catalog_path;
  if (!rec.toll_catalog_path.empty()) o.toll_catalog = rec.toll_catalog_path;
  Deal deal = record_deal(loaded.rules, rec, path);
  GamePtr g = finish_game(std::move(o), std::make_shared<const Rules>(std::move(loaded.rules)));
  PyState st = dealt_state(g, std::move(deal), rec.seed, rec.game);
  st.record_agent = rec.agent;
  const int stop = upto.value_or(n_steps);
  auto forced_now = [&] {
    if (!st.decision()) return false;
    return st.options().size() == 1 ||
           (rec.format == 1 && (st.s.phase == Phase::Fewer || st.s.phase == Phase::GhostArea));  // format 1: the first area, unrecorded
  };
  for (int i = 0; i < stop; ++i) {
    while (forced_now()) st.apply_decision(st.options()[0].second, st.options()[0].first);
    if (is_chance(st.s)) {
      st.apply_chance(deal_outcome(st.R(), *st.deal, st.s));
    } else {
      Action a;
      parse_action(st.R(), st.s, rec.steps[size_t(i)].text, a);  // replay checked it
      st.apply_decision(a, g->actions->encode(st.s, a));
    }
  }
  if (!upto)
    while (forced_now()) st.apply_decision(st.options()[0].second, st.options()[0].first);
  return st;
}

// The text a player sees: the board, the status line, whose decision it is and the unseen tiles.
std::string observation_string(const PyState& st) {
  const Rules& R = st.R();
  std::string out = render_board(R, st.s) + render_status(R, st.s);
  if (!out.empty() && out.back() != '\n') out += '\n';
  if (st.decision()) {
    out += "to move: player " + std::to_string(st.s.player) + ", " + std::string(phase_name(st.s.phase));
    if (st.s.phase == Phase::Place) out += " tile " + R.types[st.s.drawn].id;
    out += "\n";
  } else if (is_chance(st.s)) {
    out += "chance: " + std::string(phase_name(st.s.phase)) + "\n";
  }
  return out + mists::pybind::unseen_line(R.types, st.s.unseen);
}

// The state before its first step, as unpickling starts it (python/state.h).
PyState PyState::start(const py::dict& kwargs, const py::object& deal, uint64_t seed, uint64_t index) {
  GamePtr g = game_from_kwargs(kwargs);
  if (deal.is_none()) return new_state(g, std::nullopt, 0);
  const auto d = deal.cast<py::tuple>();
  Deal cards;
  cards.piles = d[0].cast<std::vector<std::vector<uint8_t>>>();
  cards.set_aside = d[1].cast<std::vector<uint8_t>>();
  cards.chips = d[2].cast<std::vector<uint8_t>>();
  return dealt_state(g, std::move(cards), seed, index);
}

// ---- Agents ------------------------------------------------------------------------------------

// A C++ agent by name (analysis::make_agent, the factory of play_one and studies), seeded as a
// study seeds it for game `game_index` of a run seeded `seed`.
struct PyAgent {
  GamePtr game;
  analysis::AgentSpec spec;
  MctsConfig defaults;
  uint64_t seed = 1, game_index = 0;
  analysis::Chooser choose;
  long long step(const PyState& st) {
    if (st.game->rules != game->rules) throw py::value_error("agent: the state belongs to another game");
    return st.decide(choose);
  }
};

// Makes `a` afresh for game `game` of run `seed`: the agent seed a study gives that game (and the
// agents that read the deal, the clairvoyant and planner:deals=true, that deal).
void seat_agent(PyAgent& a, uint64_t seed, uint64_t game) {
  const Rules& R = *a.game->rules;
  const uint64_t deal_seed = analysis::cell_seed(seed, R.level.number, R.params.players);
  std::shared_ptr<const Deal> deal;
  if (analysis::sees_the_deal(a.spec)) deal = std::make_shared<const Deal>(seeded_deal(R, deal_seed, game));
  a.seed = seed, a.game_index = game;
  a.choose = analysis::make_agent(R, a.spec, analysis::agent_seed(deal_seed, game), deal);
}

PyAgent make_agent(GamePtr g, const std::string& text, uint64_t seed, uint64_t game, std::optional<int> playouts,
                   std::optional<double> c, std::optional<std::string> rollout) {
  PyAgent a;
  a.game = std::move(g);
  a.defaults = analysis::search_defaults(playouts, c, rollout.value_or(""), PY_WORDS);
  a.spec = analysis::parse_agent(text, a.defaults);
  seat_agent(a, seed, game);
  return a;
}

// ---- Studies -----------------------------------------------------------------------------------

py::dict row_dict(const analysis::CellSpec& c, uint64_t deal_seed, const analysis::GameRow& r) {
  py::dict d = summary_dict(r.s);
  d["cell"] = c.id();
  d["level"] = c.level;
  d["players"] = c.players;
  d["ghosts"] = c.ghosts;
  d["agent"] = c.agent;
  d["levers"] = levers_text(c.levers);
  d["deal_seed"] = deal_seed;
  d["game"] = r.game;
  if (analysis::is_solver(c.agent)) {
    d["verdict"] = std::string(verdict_name(r.solve.verdict));
    d["solve_nodes"] = r.solve.nodes;
    d["solve_ms"] = r.solve.ms;
  }
  return d;
}

// Levers as Python gives them: one setting ("coop_chips=on") or a list of them.
std::vector<Levers> lever_settings(const py::object& levers) {
  if (levers.is_none()) return {};
  std::string text;
  if (py::isinstance<py::str>(levers)) {
    text = levers.cast<std::string>();
  } else {
    for (const auto& item : levers) text += (text.empty() ? "" : ",") + item.cast<std::string>();
  }
  return analysis::lever_list(text, "levers");
}

struct StudyArgs {
  std::optional<std::vector<int>> levels, players, ghost_deltas, ghosts;
  std::optional<std::vector<std::string>> agents;
  py::object levers = py::none();
  int games = 100;
  uint64_t seed = 1;
  std::optional<int> goal, hound1, hound2, piles;
  std::optional<std::string> joint_scoring, unplaceable, haunted_adjacency, finish_ghosts, catalog, levels_dir, abbey_catalog,
      toll_catalog;
  std::optional<int> playouts;
  std::optional<double> c;
  std::optional<std::string> rollout;
  double precision = 0;
  int min_games = 200, chunk = 100, threads = 0;
  std::optional<std::string> shard, title, config;
  bool trace = false, records = false, default_study = false;
  int bound_games = 60;
};

analysis::StudyConfig study_config(const StudyArgs& a) {
  const bool cell_args = a.levels || a.players || a.agents || a.ghost_deltas || a.ghosts || !a.levers.is_none();
  analysis::StudyConfig cfg;
  if (a.config) {
    if (cell_args || a.default_study)
      throw py::value_error("config: the study file gives the cells; drop levels, players, agents, ghost_deltas, ghosts, levers and default");
    cfg = analysis::study_from_toml(*a.config);
  } else {
    if (cell_args && a.default_study) throw py::value_error("default=True plays the default study's cells; drop levels, players, agents, ghost_deltas, ghosts and levers");
    analysis::StudyRequest r;
    r.game.goal = a.goal, r.game.hound1 = a.hound1, r.game.hound2 = a.hound2, r.game.piles = a.piles;
    if (a.catalog) r.game.catalog = *a.catalog;
    if (a.levels_dir) r.game.levels_dir = *a.levels_dir;
    if (a.abbey_catalog) r.game.abbey_catalog = *a.abbey_catalog;
    if (a.toll_catalog) r.game.toll_catalog = *a.toll_catalog;
    const std::pair<const char*, const std::optional<std::string>*> sw[] = {{"joint_scoring", &a.joint_scoring},
                                                                            {"unplaceable", &a.unplaceable},
                                                                            {"haunted_adjacency", &a.haunted_adjacency},
                                                                            {"finish_ghosts", &a.finish_ghosts}};
    for (const auto& [key, value] : sw)
      if (*value) set_switch(r.game.switches, key, **value, "mists.study");
    r.default_study = a.default_study;
    r.bound_games = a.bound_games;
    r.levels = a.levels.value_or(std::vector<int>{});
    r.players = a.players.value_or(std::vector<int>{});
    if (a.agents) {
      if (a.agents->empty()) throw py::value_error("agents: an empty list names no agent");
      r.agents = *a.agents;
    }
    if (a.ghost_deltas && a.ghost_deltas->empty()) throw py::value_error("ghost_deltas: an empty list");
    if (a.ghosts && a.ghosts->empty()) throw py::value_error("ghosts: an empty list");
    r.ghost_deltas = a.ghost_deltas.value_or(std::vector<int>{});
    r.ghosts = a.ghosts.value_or(std::vector<int>{});
    r.levers = lever_settings(a.levers);
    r.games = a.games, r.seed = a.seed, r.precision = a.precision, r.min_games = a.min_games, r.chunk = a.chunk;
    r.playouts = a.playouts, r.c = a.c, r.rollout = a.rollout.value_or("");
    cfg = analysis::study_request_config(r, PY_WORDS);
    cfg.title = "study from Python";
  }
  if (a.title) cfg.title = *a.title;
  if (a.trace) cfg.trace = true;
  if (a.records) cfg.records = true;
  if (a.threads < 0 || a.threads > 1024) throw py::value_error("threads = " + std::to_string(a.threads) + ": 0 (all cores) to 1024");
  cfg.threads = a.threads;
  if (a.shard) {
    try {
      analysis::parse_shard(*a.shard, cfg);
    } catch (const NumberError& e) {
      throw py::value_error("shard: '" + *a.shard + "' is not 'K/N' with 1 <= K <= N (" + e.what() + ")");
    }
  }
  return cfg;
}

// Runs (or resumes) a study in `out` and returns a row per game, as games.csv has them.
py::list run_study(const std::string& out, const StudyArgs& a, bool resume) {
  if (resume && (a.levels || a.players || a.agents || a.ghost_deltas || a.ghosts || !a.levers.is_none() || a.config || a.default_study))
    throw py::value_error("resume=True takes the whole study from " + out + "/study.json; drop the other study arguments (threads may stay)");
  analysis::StudyConfig cfg;
  if (resume) cfg.threads = a.threads;
  else cfg = study_config(a);
  analysis::RunOptions run = analysis::quiet_run();
  run.words = PY_WORDS;
  run.command = "mists.study (Python)";
  std::vector<analysis::CellResult> res;
  {
    py::gil_scoped_release release;  // games run on C++ threads only
    res = analysis::run_study(cfg, out, resume, run);
  }
  // The run seed: a resumed study's own, from its study.json.
  const uint64_t seed = resume ? analysis::StudyConfig::from_json(analysis::read_json_file(out + "/study.json").at("config"), out).seed
                               : cfg.seed;
  py::list rows;
  for (const auto& c : res) {
    const uint64_t ds = analysis::cell_seed(seed, c.spec.level, c.spec.players);
    for (const auto& r : c.rows) rows.append(row_dict(c.spec, ds, r));
  }
  return rows;
}

// Exceptions of the C++ layers, in Python's words: bad input is a ValueError, a missing file a
// FileNotFoundError, a study stopped by SIGINT or SIGTERM a KeyboardInterrupt saying how to go on.
void translate_errors() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const analysis::Interrupted& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const LoadError& e) {
      const std::string m = e.what();
      const std::string missing = ": cannot open file";
      const bool absent = m.size() >= missing.size() && m.compare(m.size() - missing.size(), missing.size(), missing) == 0;
      PyErr_SetString(absent ? PyExc_FileNotFoundError : PyExc_ValueError, m.c_str());
    } catch (const analysis::AnalysisError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const ConfigError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const RecordError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const NumberError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
}

}  // namespace

PYBIND11_MODULE(_mists, m) {
  m.doc() = "Mists over Carcassonne: games, states, agents and studies of the mists engine (docs/python.md)";
  translate_errors();
  m.attr("CHANCE_PLAYER") = CHANCE_PLAYER;
  m.attr("TERMINAL_PLAYER") = TERMINAL_PLAYER;
  m.attr("BEST_FAIR_AGENT") = std::string(analysis::BEST_FAIR_AGENT);
  m.def("revision", [] { return std::string(analysis::revision()); }, "The git revision the module was built from.");

  py::class_<PyGame, std::shared_ptr<PyGame>> game_class(m, "Game", "A co-operative level with its player count, overrides, rule switches and levers.");
  mists::pybind::bind_openspiel_game(game_class, "Game", &game_kwargs, &game_from_kwargs);
  game_class
      .def(py::init([](int level, int players, std::optional<int> ghosts, std::optional<int> goal, std::optional<int> hound1,
                       std::optional<int> hound2, std::optional<int> piles, std::optional<std::string> catalog,
                       std::optional<std::string> levels_dir, std::optional<std::string> joint_scoring,
                       std::optional<std::string> unplaceable, std::optional<std::string> haunted_adjacency,
                       std::optional<std::string> finish_ghosts, std::optional<std::string> levers,
                       std::optional<std::string> abbey_catalog, std::optional<std::string> toll_catalog) {
             return (make_game(level, players, ghosts, goal, hound1, hound2, piles, catalog, levels_dir,
                                                              joint_scoring, unplaceable, haunted_adjacency, finish_ghosts, levers,
                                                              abbey_catalog, toll_catalog));
           }),
           py::arg("level") = 3, py::arg("players") = 2, py::kw_only(), py::arg("ghosts") = py::none(), py::arg("goal") = py::none(),
           py::arg("hound1") = py::none(), py::arg("hound2") = py::none(), py::arg("piles") = py::none(),
           py::arg("catalog") = py::none(), py::arg("levels_dir") = py::none(), py::arg("joint_scoring") = py::none(),
           py::arg("unplaceable") = py::none(), py::arg("haunted_adjacency") = py::none(), py::arg("finish_ghosts") = py::none(),
           py::arg("levers") = py::none(), py::arg("abbey_catalog") = py::none(), py::arg("toll_catalog") = py::none())
      .def_property_readonly("level", [](const PyGame& g) { return g.rules->level.number; })
      .def("num_players", [](const PyGame& g) { return g.rules->params.players; })
      .def_property_readonly("ghosts", [](const PyGame& g) { return g.rules->level.ghosts; })
      .def_property_readonly("goal", [](const PyGame& g) { return g.rules->level.goal; })
      .def_property_readonly_static("board_size", [](py::object) { return BOARD_W - 2; }, "Board planes are board_size x board_size.")
      .def("new_initial_state", &new_state, py::arg("seed") = py::none(), py::arg("game") = 0,
           "A new game. With a seed: the deal of game `game` of a study seeded `seed` (the same deal as mists analyze "
           "and mists play); draws must follow it. Without: every draw is the caller's (any unseen tile).")
;

  mists::pybind::bind_openspiel_state<PyState>(m, "State", "A game in progress, with OpenSpiel's State method set.")
      .def("chance_outcomes", &PyState::outcomes,
           "(outcome, probability) of the draws that can be applied here: a dealt state's next draw alone (probability 1.0), so "
           "a generic loop that samples this list follows the deal; a free state's every possible draw, each unseen copy "
           "equally likely. possible_outcomes() gives the second list for a dealt state too.")
      .def("possible_outcomes", &PyState::possible_outcomes,
           "(outcome, probability) of every draw that can come, as a player who does not know the deal sees it.")
      .def("resample_from_infostate", [](const PyState& st, int player_id, const py::object& probability_sampler) {
        const uint64_t seed = mists::pybind::sampler_seed(probability_sampler);
        return resampled(st, player_id, seed);
      }, py::arg("player_id"), py::arg("probability_sampler") = py::none(),
         "A state with the same history whose hidden part (the order of the tiles to come, the chips face down, the face-down "
         "tiles) is drawn afresh from what the team has seen; probability_sampler() -> [0, 1) seeds the draw (OpenSpiel's "
         "argument; default: Python's random). A free state returns its copy (every draw is still chance).")
      .def("dealt_outcome", [](const PyState& st) {
        if (!st.deal) throw py::value_error("dealt_outcome(): a free state has no deal");
        if (!is_chance(st.s)) throw py::value_error("dealt_outcome(): not a chance node");
        return deal_outcome(st.R(), *st.deal, st.s);
      }, "The outcome the deal gives at this chance node (dealt states).")
      .def("rewards", [](const PyState& st) { return std::vector<double>(size_t(st.R().params.players), st.reward); },
           "Each player's reward for the last action: 1.0 for the action that wins the game, else 0.0.")
      .def("returns", [](const PyState& st) {
        const double r = is_over(st.s) && st.s.outcome == Outcome::Won ? 1.0 : 0.0;
        return std::vector<double>(size_t(st.R().params.players), r);
      }, "Each player's total: 1.0 for every player once the team has won, else 0.0 (a co-operative game).")
      .def("player_reward", [](const PyState& st, int) { return st.reward; }, py::arg("player"))
      .def("player_return", [](const PyState& st, int) { return is_over(st.s) && st.s.outcome == Outcome::Won ? 1.0 : 0.0; },
           py::arg("player"))
      .def("observation_string", [](const PyState& st, std::optional<int>) { return observation_string(st); }, py::arg("player") = py::none(),
           "The board, the status line, the decision to make and the unseen tiles: the same for every player.")
      .def("information_state_string", [](const PyState& st, std::optional<int>) {
        std::string out = st.R().describe() + "\n";
        for (const std::string& t : st.move_texts()) out += t + "\n";
        return out;
      }, py::arg("player") = py::none(),
         "The rules and every action so far as text, one a line (forced decisions too): all a player has seen; the team sees alike.")
      .def("string_to_action", [](const PyState& st, const std::string& text) -> long long {
        if (is_chance(st.s)) {
          for (const auto& [o, p] : st.outcomes())
            if (chance_text(st.R(), st.s, o) == text) return o;
          throw py::value_error("'" + text + "' is no outcome that can come now");
        }
        Action a;
        if (!st.decision() || !parse_action(st.R(), st.s, text, a)) throw py::value_error("'" + text + "' is not a legal action here");
        return st.game->actions->encode(st.s, a);
      }, py::arg("text"))
      .def("record", &record_of, py::arg("agent") = py::none(), "The game record of a dealt game, finished or not (an unfinished game's result line says 'unfinished'); mists replay checks it.")
      .def_static("from_record", &state_from_record, py::arg("path"), py::arg("steps") = py::none(),
                  "The state a game record leads to (all its steps, or the first `steps`); the record is checked as mists replay checks it.")
      .def("summary", [](const PyState& st) { return summary_dict(summarize(st.R(), st.s, st.decisions, st.forced)); })
      .def_property_readonly("score", [](const PyState& st) { return progress(st.R(), st.s); })
      .def_property_readonly("turn", [](const PyState& st) { return int(st.s.turn); })
      .def_property_readonly("phase", [](const PyState& st) { return std::string(phase_name(st.s.phase)); })
      .def_property_readonly("ghost_supply", [](const PyState& st) { return int(st.s.ghost_supply); })
      .def_property_readonly("tiles_left", [](const PyState& st) { return tiles_left(st.s); })
      .def_property_readonly("drawn_tile", [](const PyState& st) { return st.R().types[st.s.drawn].id; })
      .def_property_readonly("seed", [](const PyState& st) { return st.deal ? py::cast(st.run_seed) : py::none(); })
      .def_property_readonly("game_index", [](const PyState& st) { return st.game_index; })
      .def("evaluate", [](const PyState& st) { return evaluate(st.R(), st.s, Weights{}); },
           "The heuristic value of the position with the default weights (solver/eval.h): what greedy and expert maximize.")
      .def("svg", [](const PyState& st) { return render_svg(st.R(), st.s); })
      .def("__str__", [](const PyState& st) { return render_board(st.R(), st.s) + render_status(st.R(), st.s); })
      .def_property_readonly("legend", [](const PyState& st) { return board_legend(st.R()); }, "What the characters of str(state) mean");

  py::class_<PyAgent>(m, "Agent", "A C++ agent by name (mists agents), seeded as a study seeds game `game_index` of run `seed`.")
      .def(py::init(&make_agent), py::arg("game"), py::arg("text"), py::arg("seed") = 1, py::arg("game_index") = 0, py::kw_only(),
           py::arg("playouts") = py::none(), py::arg("c") = py::none(), py::arg("rollout") = py::none())
      .def("step", &PyAgent::step, py::arg("state"), "The action (dense index) the agent chooses at a decision.")
      .def("__call__", &PyAgent::step, py::arg("state"))
      .def("for_game", [](const PyAgent& a, uint64_t seed, uint64_t game) {
        PyAgent b = a;
        seat_agent(b, seed, game);
        return b;
      }, py::arg("seed"), py::arg("game_index"), "The same agent made afresh for game `game_index` of run `seed`, as a study makes it.")
      .def_property_readonly("text", [](const PyAgent& a) { return a.spec.text; })
      .def_property_readonly("seed", [](const PyAgent& a) { return a.seed; })
      .def_property_readonly("game_index", [](const PyAgent& a) { return a.game_index; })
      .def("__repr__", [](const PyAgent& a) {
        return "mists.Agent(" + game_repr(*a.game) + ", " + py::repr(py::str(a.spec.text)).cast<std::string>() + ", seed=" +
               std::to_string(a.seed) + ", game_index=" + std::to_string(a.game_index) + ")";
      });
  m.def("_check_agent", [](const std::string& text, std::optional<int> playouts, std::optional<double> c, std::optional<std::string> rollout) {
    const analysis::AgentSpec spec = analysis::parse_agent(text, analysis::search_defaults(playouts, c, rollout.value_or(""), PY_WORDS));
    if (spec.is(analysis::SOLVER)) throw py::value_error("agent '" + text + "': the solver is not a player (use it in mists.study)");
    return spec.text;
  }, py::arg("text"), py::arg("playouts") = py::none(), py::arg("c") = py::none(), py::arg("rollout") = py::none(),
     "Checks a co-op agent text as the Agent constructor reads it (ValueError naming what is wrong); returns it.");

  m.def("play", [](GamePtr g, const std::string& agent, uint64_t seed, uint64_t game) {
    const analysis::AgentSpec spec = analysis::parse_agent(agent);
    if (spec.is(analysis::SOLVER)) throw py::value_error("agent: the solver is not a player (use it in mists.study)");
    const Rules& R = *g->rules;
    const uint64_t deal_seed = analysis::cell_seed(seed, R.level.number, R.params.players);
    std::vector<std::string> steps;
    GameSummary s;
    {
      py::gil_scoped_release release;
      s = analysis::play_one(R, spec, deal_seed, game, &steps);
    }
    GameRecord rec = make_record(R, seeded_deal(R, deal_seed, game), seed, game, spec.text, analysis::revision());
    finish_record(rec, steps, s);
    py::dict d = summary_dict(s);
    d["record"] = write_record(rec);
    return d;
  }, py::arg("game"), py::arg("agent"), py::arg("seed") = 1, py::arg("game_index") = 0,
     "Plays game `game_index` of a run seeded `seed` with a C++ agent, as mists play does; returns its summary and record.");

  py::class_<StudyArgs>(m, "_StudyArgs")
      .def(py::init<>())
      .def_readwrite("levels", &StudyArgs::levels)
      .def_readwrite("players", &StudyArgs::players)
      .def_readwrite("agents", &StudyArgs::agents)
      .def_readwrite("ghost_deltas", &StudyArgs::ghost_deltas)
      .def_readwrite("ghosts", &StudyArgs::ghosts)
      .def_readwrite("levers", &StudyArgs::levers)
      .def_readwrite("games", &StudyArgs::games)
      .def_readwrite("seed", &StudyArgs::seed)
      .def_readwrite("goal", &StudyArgs::goal)
      .def_readwrite("hound1", &StudyArgs::hound1)
      .def_readwrite("hound2", &StudyArgs::hound2)
      .def_readwrite("piles", &StudyArgs::piles)
      .def_readwrite("joint_scoring", &StudyArgs::joint_scoring)
      .def_readwrite("unplaceable", &StudyArgs::unplaceable)
      .def_readwrite("haunted_adjacency", &StudyArgs::haunted_adjacency)
      .def_readwrite("finish_ghosts", &StudyArgs::finish_ghosts)
      .def_readwrite("catalog", &StudyArgs::catalog)
      .def_readwrite("levels_dir", &StudyArgs::levels_dir)
      .def_readwrite("abbey_catalog", &StudyArgs::abbey_catalog)
      .def_readwrite("toll_catalog", &StudyArgs::toll_catalog)
      .def_readwrite("playouts", &StudyArgs::playouts)
      .def_readwrite("c", &StudyArgs::c)
      .def_readwrite("rollout", &StudyArgs::rollout)
      .def_readwrite("precision", &StudyArgs::precision)
      .def_readwrite("min_games", &StudyArgs::min_games)
      .def_readwrite("chunk", &StudyArgs::chunk)
      .def_readwrite("threads", &StudyArgs::threads)
      .def_readwrite("shard", &StudyArgs::shard)
      .def_readwrite("title", &StudyArgs::title)
      .def_readwrite("config", &StudyArgs::config)
      .def_readwrite("trace", &StudyArgs::trace)
      .def_readwrite("records", &StudyArgs::records)
      .def_readwrite("default_study", &StudyArgs::default_study)
      .def_readwrite("bound_games", &StudyArgs::bound_games);
  m.def("_run_study", &run_study, py::arg("out"), py::arg("args"), py::arg("resume"));

  mists::pybind::bind_versus(m);

}
