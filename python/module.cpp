// The `mists` Python module (docs/python.md): games, states with the method names of OpenSpiel's
// Python State, the C++ agents by name, and studies. Built by the normal build into build/python;
// `PYTHONPATH=build/python python3 -c "import mists"`.
//
// Actions are integers: at a decision, the engine's action bits; at a chance node (a draw), the
// tile type index. Errors raise Python exceptions (ValueError for an illegal action or a bad
// argument, RuntimeError for a file that cannot be read); nothing aborts the interpreter.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/agents.h"
#include "analysis/error.h"
#include "analysis/files.h"
#include "analysis/study.h"
#include "analysis/study_config.h"
#include "engine/config/load.h"
#include "engine/record.h"
#include "engine/text.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/mcts.h"
#include "solver/planner.h"

namespace py = pybind11;
using namespace mists;

namespace {

// OpenSpiel's player ids for a chance node and a finished game.
constexpr int CHANCE_PLAYER = -1;
constexpr int TERMINAL_PLAYER = -4;

// A level, a player count, overrides and switches: the rules every state of the game shares.
struct PyGame {
  analysis::GameOptions opts;
  std::shared_ptr<const Rules> rules;
};

PyGame make_game(int level, int players, std::optional<int> ghosts, std::optional<int> goal, std::optional<int> hound1,
                 std::optional<int> hound2, std::optional<int> piles, std::optional<std::string> catalog,
                 std::optional<std::string> levels_dir, std::optional<std::string> joint_scoring,
                 std::optional<std::string> unplaceable, std::optional<std::string> haunted_adjacency,
                 std::optional<std::string> finish_ghosts) {
  if (level < 1 || level > 6) throw py::value_error("level = " + std::to_string(level) + ": the levels are 1 to 6");
  if (players < 1 || players > 5) throw py::value_error("players = " + std::to_string(players) + ": 1 to 5 players");
  PyGame g;
  g.opts.level = level, g.opts.players = players;
  g.opts.ghosts = ghosts, g.opts.goal = goal, g.opts.hound1 = hound1, g.opts.hound2 = hound2, g.opts.piles = piles;
  if (catalog) g.opts.catalog = *catalog;
  if (levels_dir) g.opts.levels_dir = *levels_dir;
  const std::pair<const char*, const std::optional<std::string>*> switches[] = {
      {"joint_scoring", &joint_scoring}, {"unplaceable", &unplaceable}, {"haunted_adjacency", &haunted_adjacency},
      {"finish_ghosts", &finish_ghosts}};
  try {
    for (const auto& [key, value] : switches)
      if (*value) set_switch(g.opts.switches, key, **value, "mists.Game");
    g.rules = std::make_shared<const Rules>(g.opts.rules());
  } catch (const std::exception& e) {
    throw py::value_error(e.what());
  }
  return g;
}

// One game in progress. A dealt state (made with a seed) draws from its deal and can write its
// record; a free state leaves every draw to the caller (any unseen tile, as OpenSpiel's chance node).
struct PyState {
  PyGame game_of;                      // the game it belongs to
  std::shared_ptr<const Rules> rules;
  State s{};
  std::optional<Dealer> dealer;
  uint64_t run_seed = 0, game = 0;
  std::vector<std::string> history;  // record steps: draws and decisions with two or more options
  int decisions = 0, forced = 0;

  std::vector<Action> options() const {
    std::vector<Action> out(MAX_ACTIONS);
    out.resize(size_t(legal_actions(*rules, s, out.data())));
    return out;
  }
  std::vector<std::pair<int, double>> outcomes() const {
    if (!is_chance(s)) return {};
    std::vector<ChanceOutcome> out(MAX_TYPES);
    const int n = chance_outcomes(*rules, s, out.data());
    int total = 0;
    for (int i = 0; i < n; ++i) total += out[size_t(i)].weight;
    std::vector<std::pair<int, double>> res;
    for (int i = 0; i < n; ++i) res.emplace_back(out[size_t(i)].type, double(out[size_t(i)].weight) / double(total));
    return res;
  }
  std::vector<long long> legal() const {
    std::vector<long long> out;
    if (is_chance(s))
      for (const auto& [t, p] : outcomes()) out.push_back(t);
    else if (!is_over(s))
      for (Action a : options()) out.push_back(a.bits);
    return out;
  }
  std::string tile_id(long long type) const {
    if (type < 0 || type >= (long long)rules->types.size()) throw py::value_error("tile type " + std::to_string(type) + " does not exist");
    return rules->types[size_t(type)].id;
  }
  void apply_chance(long long type) {
    bool possible = false;
    for (const auto& [t, p] : outcomes()) possible = possible || t == type;
    if (!possible) throw py::value_error("draw " + std::to_string(type) + ": no unseen copy of that tile can be drawn now");
    if (dealer) {
      const int next = dealer->next(s);
      if (next != type) throw py::value_error("draw " + tile_id(type) + ": the deal gives " + rules->types[size_t(next)].id + " next");
      dealer->draw(s);
    } else {
      apply_draw(*rules, s, int(type));
    }
    history.push_back("draw " + rules->types[size_t(type)].id);
  }
  void apply_decision(long long bits) {
    const std::vector<Action> opts = options();
    const Action a{uint32_t(bits)};
    if (bits < 0 || bits > 0xFFFFFFFFll || std::find(opts.begin(), opts.end(), a) == opts.end()) {
      std::string legal_texts;
      for (size_t i = 0; i < opts.size() && i < 5; ++i) legal_texts += (i ? ", " : "") + action_text(*rules, s, opts[i]);
      throw py::value_error("action " + std::to_string(bits) + " is not legal here (" + std::to_string(opts.size()) +
                            " legal: " + legal_texts + (opts.size() > 5 ? ", ..." : "") + ")");
    }
    if (opts.size() > 1) history.push_back(action_text(*rules, s, a)), ++decisions;
    else ++forced;
    if (a.kind() == ActionKind::Haunt && dealer) dealer->take_face_down(s);
    apply(*rules, s, a);
  }
  void apply_action(long long a) {
    if (is_over(s)) throw py::value_error("action " + std::to_string(a) + ": the game is over");
    if (is_chance(s)) apply_chance(a);
    else apply_decision(a);
  }
};

PyState new_state(const PyGame& g, std::optional<uint64_t> seed, uint64_t game) {
  PyState st;
  st.game_of = g;
  st.rules = g.rules;
  st.s = initial_state(*g.rules);
  if (seed) {
    st.run_seed = *seed, st.game = game;
    const uint64_t deal_seed = analysis::cell_seed(*seed, g.rules->level.number, g.rules->params.players);
    st.dealer.emplace(*g.rules, seeded_deal(*g.rules, deal_seed, game));
  }
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

std::string record_of(const PyState& st, const std::string& agent) {
  if (!st.dealer) throw py::value_error("record(): a free state has no deal; make the state with a seed");
  if (!is_over(st.s)) throw py::value_error("record(): the game is not over (history() gives its steps so far)");
  GameRecord rec = make_record(*st.rules, st.dealer->deal(), st.run_seed, st.game, agent, analysis::revision());
  finish_record(rec, st.history, summarize(*st.rules, st.s, st.decisions, st.forced));
  return write_record(rec);
}

// A C++ agent by name, seeded as a study seeds it for game `game` of a run seeded `seed`.
struct PyAgent {
  std::shared_ptr<const Rules> rules;
  analysis::AgentSpec spec;
  std::shared_ptr<Deal> deal;  // the clairvoyant's
  std::function<int(const State&, const Action*, int)> choose;
  long long step(const PyState& st) {
    if (st.rules != rules) throw py::value_error("agent.step: the state belongs to another game");
    if (is_over(st.s) || is_chance(st.s)) throw py::value_error("agent.step: not a decision (a draw, or the game is over)");
    const std::vector<Action> opts = st.options();
    const int pick = opts.size() > 1 ? choose(st.s, opts.data(), int(opts.size())) : 0;
    return opts[size_t(pick)].bits;
  }
};

PyAgent make_agent(const PyGame& g, const std::string& text, uint64_t seed, uint64_t game) {
  PyAgent a;
  a.rules = g.rules;
  try {
    a.spec = analysis::parse_agent(text);
  } catch (const analysis::AnalysisError& e) {
    throw py::value_error(e.what());
  }
  const Rules& R = *g.rules;
  const uint64_t deal_seed = analysis::cell_seed(seed, R.level.number, R.params.players);
  const uint64_t agent_seed = stream_seed(deal_seed, game, AGENT_STREAM);
  const auto& p = a.spec.params;
  if (a.spec.name == "random") a.choose = [ag = std::make_shared<RandomAgent>(agent_seed)](const State& s, const Action* o, int n) { return (*ag)(s, o, n); };
  else if (a.spec.name == "greedy") a.choose = [ag = std::make_shared<GreedyAgent>(R, agent_seed, p.weights)](const State& s, const Action* o, int n) { return (*ag)(s, o, n); };
  else if (a.spec.name == "expert") a.choose = [ag = std::make_shared<ExpertAgent>(R, agent_seed, p.weights)](const State& s, const Action* o, int n) { return (*ag)(s, o, n); };
  else if (a.spec.name == "mcts" || a.spec.name == "clairvoyant") {
    if (a.spec.name == "clairvoyant") a.deal = std::make_shared<Deal>(seeded_deal(R, deal_seed, game));
    MctsConfig cfg;
    try {
      cfg = analysis::search_config(R, a.spec);  // with value=learned: the shipped weights
    } catch (const analysis::AnalysisError& e) {
      throw py::value_error(e.what());
    }
    auto ag = std::make_shared<MctsAgent>(R, cfg, agent_seed, a.deal.get());
    a.choose = [ag, keep = a.deal](const State& s, const Action* o, int n) { return (*ag)(s, o, n); };
  } else if (a.spec.name == "planner") {
    PlannerConfig cfg;
    try {
      cfg = analysis::planner_config(R, a.spec);  // with value=learned: the shipped weights
    } catch (const analysis::AnalysisError& e) {
      throw py::value_error(e.what());
    }
    auto ag = std::make_shared<PlannerAgent>(R, cfg, agent_seed);
    a.choose = [ag](const State& s, const Action* o, int n) { return (*ag)(s, o, n); };
  } else {
    throw py::value_error("agent '" + text + "': the solver is not a player (use mists.study with agent 'solver')");
  }
  if (p.first_area) {
    auto inner = a.choose;
    a.choose = [inner](const State& s, const Action* o, int n) {
      return s.phase == Phase::Fewer || s.phase == Phase::GhostArea ? 0 : inner(s, o, n);
    };
  }
  return a;
}

py::dict row_dict(const analysis::CellSpec& c, uint64_t deal_seed, const analysis::GameRow& r) {
  py::dict d = summary_dict(r.s);
  d["cell"] = c.id();
  d["level"] = c.level;
  d["players"] = c.players;
  d["ghosts"] = c.ghosts;
  d["agent"] = c.agent;
  d["deal_seed"] = deal_seed;
  d["game"] = r.game;
  if (analysis::is_solver(c.agent)) {
    d["verdict"] = std::string(verdict_name(r.solve.verdict));
    d["solve_nodes"] = r.solve.nodes;
    d["solve_ms"] = r.solve.ms;
  }
  return d;
}

// Runs (or resumes) a study in `out` and returns a row per game, as games.csv has them.
py::list run_study(const std::string& out, std::vector<int> levels, std::vector<int> players, std::vector<std::string> agents,
                   int games, uint64_t seed, std::vector<int> ghost_deltas, int threads, int chunk, bool resume) {
  analysis::StudyConfig cfg;
  std::vector<analysis::CellResult> res;
  {
    py::gil_scoped_release release;  // games run on C++ threads only
    try {
      cfg.seed = seed, cfg.threads = threads, cfg.chunk = chunk, cfg.title = "study from Python";
      if (!resume) analysis::add_cells(cfg, agents, levels, players, ghost_deltas, false, games, "mists.study");
      res = analysis::run_study(cfg, out, resume, analysis::quiet_run());
    } catch (const analysis::AnalysisError& e) {
      throw py::value_error(e.what());
    }
  }
  py::list rows;
  for (const auto& c : res) {
    const uint64_t ds = analysis::cell_seed(seed, c.spec.level, c.spec.players);
    for (const auto& r : c.rows) rows.append(row_dict(c.spec, ds, r));
  }
  return rows;
}

}  // namespace

PYBIND11_MODULE(_mists, m) {
  m.doc() = "Mists over Carcassonne: games, states, agents and studies of the mists engine (docs/python.md)";
  m.attr("CHANCE_PLAYER") = CHANCE_PLAYER;
  m.attr("TERMINAL_PLAYER") = TERMINAL_PLAYER;
  m.def("revision", [] { return std::string(analysis::revision()); }, "The git revision the module was built from.");

  py::class_<PyGame>(m, "Game", "A co-operative level with its player count, overrides and rule switches.")
      .def(py::init(&make_game), py::arg("level") = 3, py::arg("players") = 2, py::kw_only(), py::arg("ghosts") = py::none(),
           py::arg("goal") = py::none(), py::arg("hound1") = py::none(), py::arg("hound2") = py::none(),
           py::arg("piles") = py::none(), py::arg("catalog") = py::none(), py::arg("levels_dir") = py::none(),
           py::arg("joint_scoring") = py::none(), py::arg("unplaceable") = py::none(),
           py::arg("haunted_adjacency") = py::none(), py::arg("finish_ghosts") = py::none())
      .def_property_readonly("level", [](const PyGame& g) { return g.rules->level.number; })
      .def("num_players", [](const PyGame& g) { return g.rules->params.players; })
      .def_property_readonly("ghosts", [](const PyGame& g) { return g.rules->level.ghosts; })
      .def_property_readonly("goal", [](const PyGame& g) { return g.rules->level.goal; })
      .def_property_readonly("tile_ids", [](const PyGame& g) {
        std::vector<std::string> ids;
        for (const auto& t : g.rules->types) ids.push_back(t.id);
        return ids;
      })
      .def("new_initial_state", &new_state, py::arg("seed") = py::none(), py::arg("game") = 0,
           "A new game. With a seed: the deal of game `game` of a study seeded `seed` (the same deal as mists analyze "
           "and mists play); draws must follow it. Without: every draw is the caller's (any unseen tile).")
      .def("__repr__", [](const PyGame& g) {
        return "mists.Game(level=" + std::to_string(g.rules->level.number) + ", players=" + std::to_string(g.rules->params.players) +
               ", " + analysis::describe_switches(g.opts.switches) + ")";
      });

  py::class_<PyState>(m, "State", "A game in progress (OpenSpiel's State method names).")
      .def("legal_actions", &PyState::legal, "Decision: action integers. Draw: the tile types that can come. Over: [].")
      .def("apply_action", &PyState::apply_action, py::arg("action"), "Applies a decision or a draw; ValueError when illegal.")
      .def("is_chance_node", [](const PyState& st) { return is_chance(st.s); })
      .def("chance_outcomes", &PyState::outcomes, "(tile type, probability) of every possible draw: each unseen copy is equally likely.")
      .def("dealt_outcome", [](const PyState& st) {
        if (!st.dealer) throw py::value_error("dealt_outcome(): a free state has no deal");
        if (!is_chance(st.s)) throw py::value_error("dealt_outcome(): not a draw");
        return st.dealer->next(st.s);
      }, "The tile the deal gives at this draw (dealt states).")
      .def("is_terminal", [](const PyState& st) { return is_over(st.s); })
      .def("current_player", [](const PyState& st) {
        return is_over(st.s) ? TERMINAL_PLAYER : is_chance(st.s) ? CHANCE_PLAYER : int(st.s.player);
      })
      .def("returns", [](const PyState& st) {
        const double r = is_over(st.s) && st.s.outcome == Outcome::Won ? 1.0 : 0.0;
        return std::vector<double>(size_t(st.rules->params.players), r);
      }, "1 for every player when the team won, else 0 (a co-operative game).")
      .def("clone", [](const PyState& st) { return st; })
      .def_property_readonly("game", [](const PyState& st) { return st.game_of; }, "The mists.Game of this state.")
      .def("action_to_string", [](const PyState& st, long long a) {
        if (is_chance(st.s)) return "draw " + st.tile_id(a);
        for (Action o : st.options())
          if (o.bits == a) return action_text(*st.rules, st.s, o);
        throw py::value_error("action " + std::to_string(a) + " is not legal here");
      }, py::arg("action"))
      .def("string_to_action", [](const PyState& st, const std::string& text) -> long long {
        if (is_chance(st.s) && text.rfind("draw ", 0) == 0) {
          for (size_t t = 0; t < st.rules->types.size(); ++t)
            if ("draw " + st.rules->types[t].id == text) return (long long)t;
          throw py::value_error("'" + text + "': no such tile");
        }
        Action a;
        if (is_over(st.s) || is_chance(st.s) || !parse_action(*st.rules, st.s, text, a))
          throw py::value_error("'" + text + "' is not a legal action here");
        return a.bits;
      }, py::arg("text"))
      .def("history", [](const PyState& st) { return st.history; }, "The record steps so far (draws and decisions with two or more options).")
      .def("record", &record_of, py::arg("agent") = "python", "The game record of a finished dealt game (mists replay checks it).")
      .def("summary", [](const PyState& st) { return summary_dict(summarize(*st.rules, st.s, st.decisions, st.forced)); })
      .def_property_readonly("score", [](const PyState& st) { return progress(*st.rules, st.s); })
      .def_property_readonly("turn", [](const PyState& st) { return int(st.s.turn); })
      .def_property_readonly("ghost_supply", [](const PyState& st) { return int(st.s.ghost_supply); })
      .def_property_readonly("tiles_left", [](const PyState& st) { return tiles_left(st.s); })
      .def_property_readonly("drawn_tile", [](const PyState& st) { return st.rules->types[st.s.drawn].id; })
      .def("evaluate", [](const PyState& st) { return evaluate(*st.rules, st.s, Weights{}); },
           "The heuristic value of the position with the default weights (solver/eval.h): what greedy and expert maximize.")
      .def("svg", [](const PyState& st) { return render_svg(*st.rules, st.s); })
      .def("__str__", [](const PyState& st) { return render_board(*st.rules, st.s) + render_status(*st.rules, st.s); })
      .def_property_readonly("legend", [](const PyState& st) { return board_legend(*st.rules); },
                             "What the characters of str(state) mean");

  py::class_<PyAgent>(m, "Agent", "A C++ agent by name (mists agents), seeded as a study seeds game `game` of run `seed`.")
      .def(py::init(&make_agent), py::arg("game"), py::arg("text"), py::arg("seed") = 1, py::arg("game_index") = 0)
      .def("step", &PyAgent::step, py::arg("state"), "The action the agent chooses at a decision.")
      .def("__call__", &PyAgent::step, py::arg("state"))
      .def_property_readonly("text", [](const PyAgent& a) { return a.spec.text; });

  m.def("play", [](const PyGame& g, const std::string& agent, uint64_t seed, uint64_t game) {
    analysis::AgentSpec spec;
    try {
      spec = analysis::parse_agent(agent);
    } catch (const analysis::AnalysisError& e) {
      throw py::value_error(e.what());
    }
    if (spec.name == "solver") throw py::value_error("play: the solver is not a player");
    const Rules& R = *g.rules;
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

  m.def("_run_study", &run_study, py::arg("out"), py::arg("levels"), py::arg("players"), py::arg("agents"), py::arg("games"),
        py::arg("seed"), py::arg("ghost_deltas"), py::arg("threads"), py::arg("chunk"), py::arg("resume"));
}
