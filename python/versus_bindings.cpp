// The competitive games in Python (docs/python.md, "The competitive games"): VsGame, VsState with
// OpenSpiel's method set, VsAgent, and the tournament behind mists.study(game="base" | "gcc").
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/run/files.h"
#include "analysis/run/json_fields.h"
#include "analysis/tournament/tournament.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "engine/config/load.h"
#include "engine/versus/contract.h"
#include "engine/versus/record.h"
#include "python/bindings.h"
#include "python/state.h"
#include "python/versus_encoding.h"
#include "solver/rng.h"

namespace py = pybind11;

namespace mists::pybind {

namespace {

using vs::VsAction;
using vs::VsRules;
using vs::VsState;

struct PyVsGame {
  analysis::TournamentConfig cfg;  // game, players, catalogs, modules and switches (no agents)
  std::shared_ptr<const VsRules> rules;
  std::shared_ptr<const pyenc::VsActions> actions;
  std::shared_ptr<const pyenc::VsObservation> observation, info_state;
};
using VsGamePtr = std::shared_ptr<PyVsGame>;

// Switches as Python gives them: a dict, or "name=value" texts.
std::vector<std::pair<std::string, std::string>> switch_list(const py::object& sw) {
  std::vector<std::pair<std::string, std::string>> out;
  if (sw.is_none()) return out;
  if (py::isinstance<py::dict>(sw)) {
    for (const auto& [k, v] : sw.cast<py::dict>()) out.emplace_back(py::str(k).cast<std::string>(), py::str(v).cast<std::string>());
    return out;
  }
  for (const auto& item : sw) {
    const std::string text = item.cast<std::string>();
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) throw py::value_error("switches: '" + text + "' is not name=value");
    for (const auto& [k, v] : out)
      if (k == text.substr(0, eq)) throw py::value_error("switches: " + k + " is given twice");
    out.emplace_back(text.substr(0, eq), text.substr(eq + 1));
  }
  return out;
}

// Modules as Python gives them: "abbey_mayor,tollkeepers" or a list of names.
std::string module_text(const py::object& ex) {
  if (ex.is_none()) return "";
  if (py::isinstance<py::str>(ex)) return ex.cast<std::string>();
  std::string text;
  for (const auto& item : ex) text += (text.empty() ? "" : ",") + item.cast<std::string>();
  return text;
}

analysis::TournamentConfig game_config(const std::string& game, int players, const py::object& expansions, const py::object& switches,
                                       const std::optional<std::string>& base_catalog, const std::optional<std::string>& gcc_catalog,
                                       const std::optional<std::string>& abbey_catalog,
                                       const std::optional<std::string>& toll_catalog, const std::optional<std::string>& map) {
  if (game != "base" && game != "gcc") throw py::value_error("game = '" + game + "': the competitive games are base and gcc");
  if (players < 2 || players > vs::VS_MAX_PLAYERS) throw py::value_error("players = " + std::to_string(players) + ": 2 to 6 players");
  analysis::TournamentConfig c;
  c.game = game, c.players = players;
  c.expansions = module_text(expansions);
  if (!c.expansions.empty()) c.expansions = vs::modules_text(vs::parse_modules(c.expansions));  // checked, in their order
  c.switches = switch_list(switches);
  if (base_catalog) c.base_catalog = *base_catalog;
  if (gcc_catalog) c.gcc_catalog = *gcc_catalog;
  if (abbey_catalog) c.abbey_catalog = *abbey_catalog;
  if (toll_catalog) c.toll_catalog = *toll_catalog;
  if (map) c.map = *map;
  return c;
}

// The game of `cfg` played by `rules` (built from it, or from a record naming the same files).
VsGamePtr make_vs_game(analysis::TournamentConfig cfg, VsRules rules) {
  auto g = std::make_shared<PyVsGame>();
  g->rules = std::make_shared<const VsRules>(std::move(rules));
  g->cfg = std::move(cfg);
  g->actions = std::make_shared<pyenc::VsActions>(*g->rules);
  g->observation = std::make_shared<pyenc::VsObservation>(*g->rules);
  g->info_state = std::make_shared<pyenc::VsObservation>(pyenc::information_state<pyenc::VsObservation>(*g->rules));
  return g;
}

VsGamePtr make_vs_game(analysis::TournamentConfig cfg) {
  VsRules rules = cfg.rules();
  return make_vs_game(std::move(cfg), std::move(rules));
}

py::dict vs_game_kwargs(const PyVsGame& g) {
  const analysis::TournamentConfig plain, &c = g.cfg;
  py::dict d;
  d["game"] = c.game;
  d["players"] = c.players;
  if (!c.expansions.empty()) d["expansions"] = c.expansions;
  if (!c.switches.empty()) {
    py::dict sw;
    for (const auto& [k, v] : c.switches) sw[py::str(k)] = v;
    d["switches"] = sw;
  }
  const std::pair<const char*, std::string analysis::TournamentConfig::*> files[] = {
      {"base_catalog", &analysis::TournamentConfig::base_catalog}, {"gcc_catalog", &analysis::TournamentConfig::gcc_catalog},
      {"abbey_catalog", &analysis::TournamentConfig::abbey_catalog}, {"toll_catalog", &analysis::TournamentConfig::toll_catalog},
      {"map", &analysis::TournamentConfig::map}};
  for (const auto& [key, field] : files)
    if (c.*field != plain.*field) d[key] = c.*field;
  return d;
}

VsGamePtr vs_game_from_kwargs(const py::dict& d) {
  auto text = [&](const char* k) { return d.contains(k) ? std::optional<std::string>(d[k].cast<std::string>()) : std::nullopt; };
  return make_vs_game(game_config(d["game"].cast<std::string>(), d["players"].cast<int>(),
                                  d.contains("expansions") ? py::object(d["expansions"]) : py::none(),
                                  d.contains("switches") ? py::object(d["switches"]) : py::none(), text("base_catalog"),
                                  text("gcc_catalog"), text("abbey_catalog"), text("toll_catalog"), text("map")));
}

// One competitive game in progress; dealt (a tournament's deal) or free. What both games' states
// share is python/state.h; this is the competitive game's own.
struct PyVsState : OpenSpielState<PyVsState, vs::Versus> {
  VsGamePtr game;
  std::shared_ptr<const vs::VsDeal> deal;
  size_t next = 0, chip = 0;  // the deal's next tile and next chip value
  uint64_t seed = 0, deal_index = 0;
  std::vector<double> reward;

  // The hooks of OpenSpielState (python/state.h).
  const VsRules& R() const { return *game->rules; }
  int players() const { return R().players; }
  void encode(const VsAction* a, int n, int* dense) const {
    const pyenc::VsWindow::Frame frame = game->actions->window().frame(R(), s);
    for (int i = 0; i < n; ++i) dense[i] = game->actions->encode(s, a[i], frame);
  }
  std::optional<int> dealt() const {
    if (!deal) return std::nullopt;
    return s.phase == vs::VsPhase::ChipValue ? int(deal->chip_values.at(chip)) : int(deal->order.at(next));
  }
  void drew(int) { ++(s.phase == vs::VsPhase::ChipValue ? chip : next); }
  bool records_forced() const { return true; }  // a competitive record writes every decision
  void applied() {
    reward.assign(size_t(R().players), 0.0);
    if (vs::is_over(s)) {
      const auto shares = vs::win_shares(R(), s);
      reward.assign(shares.begin(), shares.begin() + R().players);
    }
  }
  int observer() const { return s.turn_seat; }  // a chance step: the seat whose turn it is
  static constexpr const char* SEATS = "seats";
  py::dict kwargs() const;
  py::object deal_tuple() const {
    if (!deal) return py::none();
    return py::make_tuple(deal->order, std::vector<int>{deal->setup.rot[0], deal->setup.rot[1]}, deal->setup.second,
                          deal->setup.chips, deal->chip_values);
  }
  std::pair<uint64_t, uint64_t> deal_id() const { return {seed, deal_index}; }
  static constexpr size_t EXTRAS = 0;
  py::tuple extras() const { return py::tuple(); }
  void set_extras(const py::tuple&) {}
  static PyVsState start(const py::dict& kwargs, const py::object& deal, uint64_t seed, uint64_t index);
  std::string outcome_text(long long o) const {
    if (s.phase == vs::VsPhase::ChipValue) return "chip " + std::to_string(o);
    if (o < 0 || o >= (long long)R().types.size()) throw py::value_error("tile type " + std::to_string(o) + " does not exist");
    return "draw " + R().types[size_t(o)].id;
  }

  std::vector<double> returns() const {
    std::vector<double> out(size_t(R().players), 0.0);
    if (vs::is_over(s)) {
      const auto shares = vs::win_shares(R(), s);
      out.assign(shares.begin(), shares.begin() + R().players);
    }
    return out;
  }
};

PyVsState vs_dealt(VsGamePtr g, vs::VsDeal deal, uint64_t seed, uint64_t index) {
  PyVsState st;
  st.game = std::move(g);
  st.seed = seed, st.deal_index = index;
  st.s = vs::deal_state(st.R(), deal, &st.next);
  st.deal = std::make_shared<const vs::VsDeal>(std::move(deal));
  st.reward.assign(size_t(st.R().players), 0.0);
  return st;
}

PyVsState vs_new_state(VsGamePtr g, std::optional<uint64_t> seed, uint64_t deal) {
  if (seed) {
    vs::VsDeal d = analysis::make_vs_deal(*g->rules, *seed, deal);
    return vs_dealt(std::move(g), std::move(d), *seed, deal);
  }
  if (g->rules->on_map) throw py::value_error("new_initial_state(): a game on a map starts from a deal's set-up (M1.2); give a seed");
  PyVsState st;
  st.game = std::move(g);
  st.s = vs::initial_state(st.R());
  st.reward.assign(size_t(st.R().players), 0.0);
  return st;
}

std::string vs_observation_string(const PyVsState& st) {
  std::string out = vs::render_vs_board(st.R(), st.s);
  if (!out.empty() && out.back() != '\n') out += '\n';
  if (st.decision()) {
    out += "to move: seat " + std::to_string(st.s.player);
    if (st.s.phase == vs::VsPhase::Place) out += ", place tile " + st.R().types[st.s.drawn].id;
    out += "\n";
  }
  return out + unseen_line(st.R().types, st.s.unseen);
}

py::dict vs_summary(const PyVsState& st) {
  const vs::VsSummary g = vs::summarize(st.R(), st.s, st.decisions, st.forced);
  py::dict d;
  d["score"] = std::vector<int>(g.score.begin(), g.score.begin() + st.R().players);
  d["share"] = std::vector<double>(g.share.begin(), g.share.begin() + st.R().players);
  d["turns"] = g.turns, d["decisions"] = g.decisions, d["forced"] = g.forced, d["discarded"] = g.discarded;
  d["width"] = g.width, d["height"] = g.height;
  return d;
}

py::dict PyVsState::kwargs() const { return vs_game_kwargs(*game); }

// The state before its first step, as unpickling starts it (python/state.h).
PyVsState PyVsState::start(const py::dict& kwargs, const py::object& deal, uint64_t seed, uint64_t index) {
  VsGamePtr g = vs_game_from_kwargs(kwargs);
  if (deal.is_none()) return vs_new_state(g, std::nullopt, 0);
  const auto d = deal.cast<py::tuple>();
  vs::VsDeal cards;
  cards.order = d[0].cast<std::vector<uint8_t>>();
  const auto rot = d[1].cast<std::vector<int>>();
  cards.setup.rot = {uint8_t(rot.at(0)), uint8_t(rot.at(1))};
  cards.setup.second = d[2].cast<int>();
  cards.setup.chips = d[3].cast<std::vector<vs::VsCell>>();
  cards.chip_values = d[4].cast<std::vector<uint8_t>>();
  return vs_dealt(g, std::move(cards), seed, index);
}

// The state after the first `upto` steps of the competitive record in `path` (all of them when not
// given). The game is the one the record names, its catalogs checked against the record's checksums,
// and the whole record is replayed and checked first as mists replay checks it (a RecordError naming
// its line becomes a ValueError).
PyVsState vs_state_from_record(const std::string& path, std::optional<int> upto) {
  const std::string text = read_file(path);
  if (!vs::is_vs_record(text)) throw py::value_error(path + ": not a competitive record (mists.State.from_record reads co-op records)");
  analysis::LoadedVsRecord loaded = analysis::load_vs_record(path, text);  // the record and its game's rules
  const vs::VsRecord& rec = loaded.rec;
  const int n_steps = int(rec.steps.size());
  if (upto && (*upto < 0 || *upto > n_steps))
    throw py::value_error("steps = " + std::to_string(*upto) + ": the record has " + std::to_string(n_steps) + " steps");
  vs::vs_replay(loaded.rules, rec, path);
  // The Game as the record names it (its files as the record writes them, so that pickling the
  // game and the states made from it names the same files).
  analysis::TournamentConfig cfg;
  cfg.game = rec.game, cfg.players = rec.players;
  cfg.expansions = rec.expansions, cfg.switches = rec.switches;
  cfg.base_catalog = rec.base_catalog;
  if (rec.game == "gcc") cfg.gcc_catalog = rec.gcc_catalog;
  if (!rec.abbey_catalog.empty()) cfg.abbey_catalog = rec.abbey_catalog;
  if (!rec.toll_catalog.empty()) cfg.toll_catalog = rec.toll_catalog;
  if (!rec.map.empty()) cfg.map = rec.map;
  VsGamePtr g = make_vs_game(std::move(cfg), std::move(loaded.rules));
  PyVsState st = vs_dealt(g, vs::vs_record_deal(*g->rules, rec, path), rec.seed, rec.deal);
  const int stop = upto.value_or(n_steps);
  for (int i = 0; i < stop; ++i) {
    const std::string& step = rec.steps[size_t(i)].text;
    if (vs::is_chance(st.s)) {
      st.apply_chance(st.s.phase == vs::VsPhase::ChipValue ? st.deal->chip_values.at(st.chip) : st.deal->order.at(st.next));
      continue;
    }
    long long dense = -1;
    for (const auto& [d, a] : st.options())
      if (vs::action_text(st.R(), st.s, a) == step) dense = d;
    st.apply_action(dense);  // replay found every step legal, so the text names an option
  }
  return st;
}

// A competitive agent by its text (analysis::make_vs_agent), seeded as `mists play --game` seeds
// seat `seat` of deal `deal` in a run seeded `seed`.
struct PyVsAgent {
  VsGamePtr game;
  analysis::VsAgentSpec spec;
  uint64_t seed = 1, deal = 0;
  int seat = 0;
  analysis::VsChooser choose;
  long long step(const PyVsState& st) {
    if (st.game->rules != game->rules) throw py::value_error("agent: the state belongs to another game");
    return st.decide(choose);
  }
};

// Seeds `a` for seat `seat` of deal `deal` in a run seeded `seed`: as mists play --game seeds it
// (seating 0, pair 0), or as mists versus seeds it in seating 0 or 1 of its pair number `pair`.
void seat_vs_agent(PyVsAgent& a, uint64_t seed, uint64_t deal, int seat, int seating = 0, int pair = 0) {
  if (seat < 0 || seat >= a.game->rules->players)
    throw py::value_error("seat = " + std::to_string(seat) + ": the seats are 0 to " + std::to_string(a.game->rules->players - 1));
  if (seating != 0 && seating != 1) throw py::value_error("seating = " + std::to_string(seating) + ": 0 or 1");
  if (pair < 0) throw py::value_error("pair = " + std::to_string(pair) + ": 0 or more");
  a.seed = seed, a.deal = deal, a.seat = seat;
  a.choose = analysis::make_vs_agent(*a.game->rules, a.spec, analysis::vs_seat_seed(seed, deal, seat, seating, pair));
}

// A tournament (mists versus) in `out`, or the rest of one; a row per game.
py::list run_tournament(const std::string& out, const std::string& game, int players, const std::vector<std::string>& agents, int games,
                        int chunk, uint64_t seed, const py::object& expansions, const py::object& switches,
                        const std::optional<std::string>& base_catalog, const std::optional<std::string>& gcc_catalog,
                        const std::optional<std::string>& abbey_catalog, const std::optional<std::string>& toll_catalog,
                        const std::optional<std::string>& map, int threads, bool records, bool resume) {
  if (threads < 0 || threads > 1024) throw py::value_error("threads = " + std::to_string(threads) + ": 0 (all cores) to 1024");
  analysis::TournamentConfig c;
  if (!resume) {
    c = game_config(game, players, expansions, switches, base_catalog, gcc_catalog, abbey_catalog, toll_catalog, map);
    c.agents = agents;
    c.games = games, c.chunk = chunk, c.seed = seed;
    c = analysis::TournamentConfig::from_json(c.to_json(), "mists.study");  // every field checked as a resumed tournament's
    c.rules();
  }
  std::vector<analysis::TournamentGame> played;
  {
    py::gil_scoped_release release;
    analysis::run_tournament(c, out, resume, threads, "mists.study (Python)", true, records, PY_WORDS, &played);
  }
  if (resume) c = analysis::TournamentConfig::from_json(analysis::read_json_file(out + "/tournament.json").at("config"), out);
  py::list rows;
  for (const auto& t : played) {
    const auto [i, j] = c.pair(t.pair);
    std::vector<std::string> seats;
    for (int p = 0; p < c.players; ++p) seats.push_back(c.agents[size_t(analysis::TournamentConfig::first_sits(p, t.game) ? i : j)]);
    py::dict d;
    d["pair"] = t.pair, d["game"] = t.game, d["deal"] = t.game / 2, d["seating"] = t.game % 2;
    d["agents"] = seats;
    d["score"] = std::vector<int>(t.s.score.begin(), t.s.score.begin() + c.players);
    d["share"] = std::vector<double>(t.s.share.begin(), t.s.share.begin() + c.players);
    d["turns"] = t.s.turns, d["decisions"] = t.s.decisions, d["forced"] = t.s.forced, d["discarded"] = t.s.discarded;
    rows.append(d);
  }
  return rows;
}

}  // namespace

void bind_versus(py::module_& m) {
  py::class_<PyVsGame, std::shared_ptr<PyVsGame>> game_class(m, "VsGame", "A competitive game: base or gcc, 2-6 seats, expansion modules and switches.");
  bind_openspiel_game(game_class, "VsGame", &vs_game_kwargs, &vs_game_from_kwargs);
  game_class
      .def(py::init([](const std::string& game, int players, const py::object& expansions, const py::object& switches,
                       std::optional<std::string> base_catalog, std::optional<std::string> gcc_catalog,
                       std::optional<std::string> abbey_catalog, std::optional<std::string> toll_catalog, std::optional<std::string> map) {
             return make_vs_game(game_config(game, players, expansions, switches, base_catalog, gcc_catalog, abbey_catalog, toll_catalog, map));
           }),
           py::arg("game") = "gcc", py::arg("players") = 2, py::kw_only(), py::arg("expansions") = py::none(),
           py::arg("switches") = py::none(), py::arg("base_catalog") = py::none(), py::arg("gcc_catalog") = py::none(),
           py::arg("abbey_catalog") = py::none(), py::arg("toll_catalog") = py::none(), py::arg("map") = py::none())
      .def_property_readonly("kind", [](const PyVsGame& g) { return g.cfg.game; })
      .def("num_players", [](const PyVsGame& g) { return g.rules->players; })
      .def("utility_sum", [](const PyVsGame&) { return 1.0; }, "The win shares of a finished game add up to 1 (G1.10).")
      .def_property_readonly("window", [](const PyVsGame& g) { return g.actions->window().side; }, "The side of the board window")
      .def("new_initial_state", &vs_new_state, py::arg("seed") = py::none(), py::arg("deal") = 0,
           "A new game. With a seed: deal `deal` of a tournament seeded `seed` (as mists versus and mists play --game deal it).")
;

  bind_openspiel_state<PyVsState>(m, "VsState", "A competitive game in progress, with OpenSpiel's State method set.")
      .def("chance_outcomes", &PyVsState::outcomes,
           "(outcome, probability) of the draws that can be applied here: a dealt state's next draw or chip alone (probability "
           "1.0); a free state's every possible one. possible_outcomes() gives the second list for a dealt state too.")
      .def("possible_outcomes", &PyVsState::possible_outcomes,
           "(outcome, probability) of every draw or chip value that can come, as a player who does not know the deal sees it.")
      .def("resample_from_infostate", [](const PyVsState& st, int player_id, const py::object& probability_sampler) {
        if (player_id < 0 || player_id >= st.R().players)
          throw py::value_error("player_id = " + std::to_string(player_id) + ": the seats are 0 to " + std::to_string(st.R().players - 1));
        PyVsState out = st;
        if (!st.deal) return out;
        const uint64_t seed = mists::pybind::sampler_seed(probability_sampler);
        // The tiles still to come and the chip values not yet turned, shuffled among themselves (every
        // seat has seen the same: the tiles drawn and the chips turned); the rest of the deal kept.
        Rng rng(seed);
        vs::VsDeal d = *st.deal;
        std::vector<uint8_t> tiles(d.order.begin() + long(st.next), d.order.end());
        std::vector<uint8_t> chips(d.chip_values.begin() + long(std::min(st.chip, d.chip_values.size())), d.chip_values.end());
        rng.shuffle(tiles);
        rng.shuffle(chips);
        std::copy(tiles.begin(), tiles.end(), d.order.begin() + long(st.next));
        std::copy(chips.begin(), chips.end(), d.chip_values.begin() + long(std::min(st.chip, d.chip_values.size())));
        out.deal = std::make_shared<const vs::VsDeal>(std::move(d));
        return out;
      }, py::arg("player_id"), py::arg("probability_sampler") = py::none(),
         "A state with the same history whose tiles to come (and chips not yet turned) are shuffled afresh; "
         "probability_sampler() -> [0, 1) seeds the shuffle (default: Python's random). A free state returns its copy.")
      .def("dealt_outcome", [](const PyVsState& st) {
        if (!st.deal) throw py::value_error("dealt_outcome(): a free state has no deal");
        if (!vs::is_chance(st.s)) throw py::value_error("dealt_outcome(): not a chance node");
        return st.s.phase == vs::VsPhase::ChipValue ? int(st.deal->chip_values.at(st.chip)) : int(st.deal->order.at(st.next));
      })
      .def("rewards", [](const PyVsState& st) { return st.reward; }, "Each seat's win share (G1.10) for the action that ended the game, else 0.")
      .def("returns", &PyVsState::returns, "Each seat's win share once the game is over: 1/k to each of the k best scores.")
      .def("player_reward", [](const PyVsState& st, int p) { return st.reward.at(size_t(p)); }, py::arg("player"))
      .def("player_return", [](const PyVsState& st, int p) { return st.returns().at(size_t(p)); }, py::arg("player"))
      .def("scores", [](const PyVsState& st) { return std::vector<int>(st.s.score.begin(), st.s.score.begin() + st.R().players); })
      .def("observation_string", [](const PyVsState& st, std::optional<int>) { return vs_observation_string(st); }, py::arg("player") = py::none())
      .def("information_state_string", [](const PyVsState& st, std::optional<int>) {
        std::string out = st.R().describe() + "\n";
        for (const std::string& step : st.steps) out += step + "\n";
        return out;
      }, py::arg("player") = py::none(), "The rules and every step so far (every seat sees the same).")
      .def("string_to_action", [](const PyVsState& st, const std::string& text) -> long long {
        if (vs::is_chance(st.s)) {
          for (const auto& [o, p] : st.outcomes())
            if (st.outcome_text(o) == text) return o;
          throw py::value_error("'" + text + "' is no outcome that can come now");
        }
        if (st.decision())
          for (const auto& [d, a] : st.options())
            if (vs::action_text(st.R(), st.s, a) == text) return d;
        throw py::value_error("'" + text + "' is not a legal action here");
      }, py::arg("text"))
      .def("record", [](const PyVsState& st, const std::vector<std::string>& agents) {
        if (!st.deal) throw py::value_error("record(): a free state has no deal; make the state with a seed");
        if (int(agents.size()) != st.R().players) throw py::value_error("record(): give an agent name a seat");
        vs::VsRecord rec = vs::make_vs_record(st.R(), *st.deal, st.seed, st.deal_index, agents, analysis::revision());
        for (const auto& step : st.steps) rec.steps.push_back({step, 0});
        for (int p = 0; p < st.R().players; ++p) rec.result.push_back(st.s.score[size_t(p)]);
        rec.unfinished = !vs::is_over(st.s);
        return vs::write_vs_record(rec);
      }, py::arg("agents"), "The record of a dealt game, finished or not (an unfinished game's result line says 'unfinished' and its scores so far); mists replay checks it.")
      .def("summary", &vs_summary)
      .def_property_readonly("turn", [](const PyVsState& st) { return int(st.s.turn); })
      .def_property_readonly("seed", [](const PyVsState& st) { return st.deal ? py::cast(st.seed) : py::none(); })
      .def_property_readonly("deal_index", [](const PyVsState& st) { return st.deal_index; })
      .def("svg", [](const PyVsState& st) {  // the board as the game pages draw it (analysis/pages/versus_svg.h)
        analysis::VsPicture pic;
        pic.title = analysis::versus_short_title(st.R());
        return analysis::render_versus_svg(st.R(), st.s, pic);
      })
      .def("__str__", [](const PyVsState& st) { return vs::render_vs_board(st.R(), st.s); })
      .def_static("from_record", &vs_state_from_record, py::arg("path"), py::arg("steps") = py::none(),
                  "The state after the first `steps` steps of a competitive record (all when not given), the record checked first.");

  py::class_<PyVsAgent>(m, "VsAgent", "A competitive agent by its text, seeded as mists play --game seeds seat `seat` of deal `deal`.")
      .def(py::init([](VsGamePtr g, const std::string& text, uint64_t seed, uint64_t deal, int seat, int seating, int pair) {
             PyVsAgent a;
             a.game = std::move(g);
             a.spec = analysis::parse_vs_agent(text);
             seat_vs_agent(a, seed, deal, seat, seating, pair);
             return a;
           }),
           py::arg("game"), py::arg("text"), py::arg("seed") = 1, py::arg("deal") = 0, py::arg("seat") = 0, py::arg("seating") = 0,
           py::arg("pair") = 0)
      .def("step", &PyVsAgent::step, py::arg("state"))
      .def("__call__", &PyVsAgent::step, py::arg("state"))
      .def("for_game", [](const PyVsAgent& a, uint64_t seed, uint64_t deal, int seat, int seating, int pair) {
        PyVsAgent b = a;
        seat_vs_agent(b, seed, deal, seat, seating, pair);
        return b;
      }, py::arg("seed"), py::arg("deal"), py::arg("seat"), py::arg("seating") = 0, py::arg("pair") = 0,
      "The same agent seeded for seat `seat` of deal `deal` in run `seed` (mists versus: of seating 0 or 1 of pair `pair`).")
      .def_property_readonly("text", [](const PyVsAgent& a) { return a.spec.text; })
      .def("__repr__", [](const PyVsAgent& a) { return "mists.VsAgent(" + py::repr(py::str(a.spec.text)).cast<std::string>() + ")"; });

  m.def("_run_tournament", &run_tournament, py::arg("out"), py::arg("game"), py::arg("players"), py::arg("agents"), py::arg("games"),
        py::arg("chunk"), py::arg("seed"), py::arg("expansions"), py::arg("switches"), py::arg("base_catalog"), py::arg("gcc_catalog"),
        py::arg("abbey_catalog"), py::arg("toll_catalog"), py::arg("map"), py::arg("threads"), py::arg("records"), py::arg("resume"));
}

}  // namespace mists::pybind
