// The OpenSpiel state, written once for both games over the game contract (engine/kit/game.h):
// what a state in progress holds and does alike in either game — its legal decisions by dense index,
// the chance outcomes (a dealt state's next one, or all that can come with their odds), applying a
// step and keeping the history and the record's steps — and the Python methods of OpenSpiel's State
// that read only that (bind_openspiel_state). Each game's binding file adds what is its own: the
// co-op State (python/module.cpp) and the competitive VsState (python/versus_bindings.cpp) derive
// from OpenSpielState and give the few hooks below, then bind their extras (tensors, records,
// resampling, pictures, pickling) on the class bind_openspiel_state returns.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/kit/game.h"
#include "python/bindings.h"

namespace mists::pybind {

// The bound of a game's chance outcomes (max_chance_outcomes): every outcome, a tile type at a draw
// or a chip's value where a chip turns up, is below it.
template <class Rules>
int chance_space_of(const Rules& rules) {
  return std::max<int>(int(rules.types.size()), 3);
}

// A game's state in progress, for game traits G. Derived (the game's own state, CRTP) gives:
//   const typename G::Rules& R() const;          its rules
//   int players() const;                         seats (or colours) that act
//   void encode(const Action* a, int n, int* d) const;  the dense index of each of n legal decisions (< 0: none)
//   std::optional<int> dealt() const;            at a chance step of a dealt state, the deal's outcome
//   void drew(int value);                        a chance outcome is being applied (the deal moves on)
//   bool records_forced() const;                 does the record write a decision with one option
//   void applied();                              after every step (the rewards)
//   std::string outcome_text(long long v) const; a chance outcome in words, ValueError if none such
//   int observer() const;                        whose view a tensor takes away from a decision
//   static constexpr const char* SEATS;          what the players are called in messages ("players", "seats")
// and holds `game`, whose `actions` (the dense index), `observation` and `info_state` (the tensors'
// layouts, each with size() and write(rules, state, observer, out)) every game's Game struct has;
// and, for pickling (pickle / unpickle below):
//   pybind11::dict kwargs() const;               its game's keyword arguments
//   pybind11::object deal_tuple() const;         its deal as a tuple, None for a free state
//   std::pair<uint64_t, uint64_t> deal_id() const;  the seed and the index its deal was made from
//   pybind11::tuple extras() const;  void set_extras(const pybind11::tuple&);  static constexpr size_t EXTRAS
//   static Derived start(const pybind11::dict& kwargs, const pybind11::object& deal, uint64_t seed, uint64_t index);
//                                                the state before its first step (a free one when `deal` is None)
template <class Derived, GameTraits G>
struct OpenSpielState {
  using Action = typename G::Action;
  typename G::State s{};
  std::vector<std::string> steps;  // as the game's records write them
  std::vector<long long> moves;    // OpenSpiel's history: chance outcomes and dense indices
  std::vector<uint32_t> raw;       // the same as the engine has them (outcomes, action bits), for pickling
  int decisions = 0, forced = 0;

  const Derived& self() const { return static_cast<const Derived&>(*this); }
  Derived& self() { return static_cast<Derived&>(*this); }

  bool over() const { return G::is_over(s); }
  bool chance() const { return G::is_chance(s); }
  bool decision() const { return !over() && !chance(); }
  int to_move() const { return over() ? TERMINAL_PLAYER : chance() ? CHANCE_PLAYER : G::to_move(s); }

  // The legal decisions with their dense indices, sorted by index (cached until the next step).
  const std::vector<std::pair<int, Action>>& options() const {
    if (!cache_valid_) {
      thread_local std::vector<Action> buf(static_cast<size_t>(G::MAX_ACTIONS));
      thread_local std::vector<int> index(static_cast<size_t>(G::MAX_ACTIONS));
      const int n = G::legal_actions(self().R(), s, buf.data());
      self().encode(buf.data(), n, index.data());
      cache_.clear();
      for (int i = 0; i < n; ++i) {
        const int d = index[size_t(i)];
        if (d < 0) throw std::logic_error("action " + G::action_text(self().R(), s, buf[size_t(i)]) + " has no dense index");
        cache_.emplace_back(d, buf[size_t(i)]);
      }
      sort_by_dense_index(cache_);
      cache_valid_ = true;
    }
    return cache_;
  }
  // The chance outcomes a generic loop may apply: a dealt state's next outcome alone (probability
  // 1), a free state's every possible one (possible_outcomes).
  std::vector<std::pair<int, double>> outcomes() const {
    if (chance())
      if (const std::optional<int> next = self().dealt()) return {{*next, 1.0}};
    return possible_outcomes();
  }
  // Every outcome that can come, as a player who does not know the deal sees it: each unseen copy
  // (or chip) equally likely.
  std::vector<std::pair<int, double>> possible_outcomes() const {
    if (!chance()) return {};
    GameOutcome out[G::MAX_OUTCOMES];
    const int n = G::chance_outcomes(self().R(), s, out);
    int total = 0;
    for (int i = 0; i < n; ++i) total += out[i].weight;
    std::vector<std::pair<int, double>> res;
    for (int i = 0; i < n; ++i) res.emplace_back(out[i].value, double(out[i].weight) / double(total));
    return res;
  }
  std::vector<long long> legal() const {
    std::vector<long long> out;
    if (chance())
      for (const auto& [o, p] : outcomes()) out.push_back(o);
    else if (!over())
      for (const auto& [d, a] : options()) out.push_back(d);
    return out;
  }
  // The legal decision of dense index `d`; ValueError naming it and a few legal ones.
  Action decode(long long d) const {
    const auto& opts = options();
    const auto it = std::lower_bound(opts.begin(), opts.end(), d, [](const auto& o, long long v) { return o.first < v; });
    if (it != opts.end() && it->first == d) return it->second;
    std::string texts;
    for (size_t i = 0; i < opts.size() && i < 5; ++i)
      texts += (i ? ", " : "") + std::to_string(opts[i].first) + " (" + G::action_text(self().R(), s, opts[i].second) + ")";
    throw pybind11::value_error("action " + std::to_string(d) + " is not legal here (" + std::to_string(opts.size()) +
                                " legal: " + texts + (opts.size() > 5 ? ", ..." : "") + ")");
  }
  int action_space() const { return self().game->actions->size(); }       // num_distinct_actions
  int chance_space() const { return chance_space_of(self().R()); }
  // The tensor of `layout` (the game's observation or information-state layout) as `player` sees it,
  // by default the one to move (Derived::observer() away from a decision); ValueError for no such player.
  template <class Layout>
  pybind11::array_t<float> tensor(const Layout& layout, std::optional<int> player) const {
    const int observer = player.value_or(decision() ? G::to_move(s) : self().observer());
    if (observer < 0 || observer >= self().players())
      throw pybind11::value_error("player = " + std::to_string(observer) + ": the " + Derived::SEATS + " are 0 to " +
                                  std::to_string(self().players() - 1));
    pybind11::array_t<float> out(pybind11::ssize_t(layout.size()));
    layout.write(self().R(), s, observer, out.mutable_data());
    return out;
  }
  std::string action_string(long long a) const {
    return chance() ? self().outcome_text(a) : G::action_text(self().R(), s, decode(a));
  }
  void apply_chance(long long o) {
    bool possible = false;
    for (const auto& [x, p] : possible_outcomes()) possible = possible || x == o;
    if (!possible) throw pybind11::value_error(self().outcome_text(o) + ": no unseen piece of that kind can come now");
    if (const std::optional<int> next = self().dealt(); next && *next != o)
      throw pybind11::value_error(self().outcome_text(o) + ": the deal gives " + G::chance_text(self().R(), s, *next) + " next");
    steps.push_back(G::chance_text(self().R(), s, int(o)));
    self().drew(int(o));  // before the step: the deal moves on by what this step was
    G::apply_chance(self().R(), s, int(o));
    after(o, uint32_t(o));
  }
  void apply_decision(Action a, long long dense) {
    const bool choice = options().size() > 1;
    (choice ? decisions : forced) += 1;
    if (choice || self().records_forced()) steps.push_back(G::action_text(self().R(), s, a));
    G::apply(self().R(), s, a);
    after(dense, a.bits);
  }
  void apply_action(long long a) {
    if (over()) throw pybind11::value_error("action " + std::to_string(a) + ": the game is over");
    if (chance()) apply_chance(a);
    else apply_decision(decode(a), a);
  }
  // An action as the engine has it (a chance outcome, or the bits of a legal decision), as pickling replays it.
  void apply_raw(uint32_t v) {
    if (chance()) return apply_chance(v);
    for (const auto& [d, a] : options())
      if (a.bits == v) return apply_decision(a, d);
    throw pybind11::value_error("action bits " + std::to_string(v) + " are not legal here");
  }
  // A state as pickle keeps it: (1, the game's keyword arguments, the deal or None, the deal's seed
  // and index, the game's extras, the actions as the engine has them), and back, replaying them.
  pybind11::tuple pickle() const {
    const auto [seed, index] = self().deal_id();
    pybind11::list t;
    for (pybind11::object x : {pybind11::cast(1), pybind11::object(self().kwargs()), self().deal_tuple(), pybind11::cast(seed), pybind11::cast(index)})
      t.append(x);
    for (pybind11::handle x : self().extras()) t.append(x);
    t.append(raw);
    return pybind11::tuple(t);
  }
  static Derived unpickle(const pybind11::tuple& t, const std::string& name) {
    const size_t n = 6 + Derived::EXTRAS;
    if (t.size() != n || t[0].cast<int>() != 1) throw pybind11::value_error("not a pickled mists." + name + " of this version");
    Derived st = Derived::start(t[1].cast<pybind11::dict>(), t[2], t[3].cast<uint64_t>(), t[4].cast<uint64_t>());
    pybind11::tuple extras(Derived::EXTRAS);
    for (size_t i = 0; i < Derived::EXTRAS; ++i) extras[i] = t[5 + i];
    st.set_extras(extras);
    for (uint32_t v : t[n - 1].template cast<std::vector<uint32_t>>()) st.apply_raw(v);
    return st;
  }

  // The dense index of the decision an agent takes here: `choose` (state, options, count) -> the
  // index of its option, as studies call agents, the options in the engine's order; it decides
  // without the GIL on its own copy of the position, so Python threads can run agents side by side.
  template <class Choose>
  long long decide(Choose& choose) const {
    if (!decision()) throw pybind11::value_error("agent: not a decision (a chance node, or the game is over)");
    const auto& opts = options();
    if (opts.size() == 1) return opts[0].first;
    const typename G::State at = s;
    std::vector<Action> buf(static_cast<size_t>(G::MAX_ACTIONS));
    int pick = 0;
    {
      pybind11::gil_scoped_release release;
      const int n = G::legal_actions(self().R(), at, buf.data());
      pick = choose(at, buf.data(), n);
    }
    return bits_to_action(buf[size_t(pick)].bits);
  }

  // The dense index of a legal decision given as the engine's bits.
  long long bits_to_action(uint32_t bits) const {
    for (const auto& [d, a] : options())
      if (a.bits == bits) return d;
    throw pybind11::value_error("action bits " + std::to_string(bits) + " are not legal here");
  }

 private:
  void after(long long move, uint32_t bits) {
    moves.push_back(move);
    raw.push_back(bits);
    cache_valid_ = false;
    self().applied();
  }
  mutable std::vector<std::pair<int, Action>> cache_;
  mutable bool cache_valid_ = false;
};

// "mists.NAME(k=v, ...)": a game as Python would make it again from its keyword arguments.
inline std::string kwargs_repr(const std::string& name, const pybind11::dict& kwargs) {
  std::string out = "mists." + name + "(";
  bool first = true;
  for (const auto& [k, v] : kwargs) {
    out += (first ? "" : ", ") + k.cast<std::string>() + "=" + pybind11::repr(v).cast<std::string>();
    first = false;
  }
  return out + ")";
}

// Adds the methods of OpenSpiel's Game that read only what both games' Game structs hold (rules
// with tile types, the dense actions, the observation and information-state layouts) to the class
// `c` named `name`, with its keyword arguments `kwargs(game)` and `from_kwargs(dict)` for the
// repr and pickling; returns it for the game's own methods.
template <class Game, class Kwargs, class FromKwargs>
pybind11::class_<Game, std::shared_ptr<Game>>& bind_openspiel_game(pybind11::class_<Game, std::shared_ptr<Game>>& c, const char* name,
                                                                   Kwargs kwargs, FromKwargs from_kwargs) {
  namespace py = pybind11;
  c.def_property_readonly("tile_ids", [](const Game& g) {
     std::vector<std::string> ids;
     for (const auto& t : g.rules->types) ids.push_back(t.id);
     return ids;
   })
      .def("num_distinct_actions", [](const Game& g) { return g.actions->size(); },
           "The size of the dense action index (docs/python.md, Actions).")
      .def("max_chance_outcomes", [](const Game& g) { return chance_space_of(*g.rules); },
           "Chance outcomes are tile types (a draw) or chip values: all below this.")
      .def("min_utility", [](const Game&) { return 0.0; })
      .def("max_utility", [](const Game&) { return 1.0; })
      .def("observation_tensor_shape", [](const Game& g) { return std::vector<int>{int(g.observation->size())}; })
      .def("observation_tensor_size", [](const Game& g) { return int(g.observation->size()); })
      .def("information_state_tensor_shape", [](const Game& g) { return std::vector<int>{int(g.info_state->size())}; })
      .def("information_state_tensor_size", [](const Game& g) { return int(g.info_state->size()); })
      .def_property_readonly("observation_planes", [](const Game& g) { return g.observation->planes; },
                             "The board planes of observation_tensor, in order (docs/python.md).")
      .def_property_readonly("information_state_planes", [](const Game& g) { return g.info_state->planes; })
      .def_property_readonly("observation_globals", [](const Game& g) { return g.observation->globals; },
                             "The names of the global features after the planes, in order.")
      .def("action_blocks", [](const Game& g) {
        py::list out;
        for (const auto& b : g.actions->blocks()) {
          py::dict d;
          d["name"] = b.name, d["offset"] = b.offset, d["size"] = b.size, d["fields"] = b.fields;
          out.append(d);
        }
        return out;
      }, "The dense action index's blocks: name, offset, size and how an index is made.")
      .def("kwargs", kwargs, "The keyword arguments that make this game again.")
      .def("__repr__", [kwargs, title = std::string(name)](const Game& g) { return kwargs_repr(title, kwargs(g)); })
      .def(py::pickle([kwargs](const Game& g) { return kwargs(g); }, [from_kwargs](const py::dict& d) { return from_kwargs(d); }));
  return c;
}

// The observation's last line: "unseen: 14a 17x3 ..." (each type still unseen, with its count
// past one), over a game's tile types (each with its `id`) and its state's unseen counts.
template <class Types, class Counts>
std::string unseen_line(const Types& types, const Counts& unseen) {
  std::string out = "unseen:";
  for (size_t t = 0; t < types.size(); ++t)
    if (unseen[t]) out += " " + types[t].id + (unseen[t] > 1 ? "x" + std::to_string(unseen[t]) : "");
  return out + "\n";
}

// Binds the methods of OpenSpiel's State that read only what OpenSpielState holds, the same for
// every game, on a new class `name` of module `m`; returns it for the game's own methods.
template <class S>
pybind11::class_<S> bind_openspiel_state(pybind11::module_& m, const char* name, const char* doc) {
  namespace py = pybind11;
  py::class_<S> c(m, name, doc);
  c.def("current_player", &S::to_move, "The player to move; -1 at a chance node, -4 once the game is over.")
      .def("is_terminal", &S::over)
      .def("is_chance_node", &S::chance)
      .def("is_player_node", &S::decision)
      .def("is_simultaneous_node", [](const S&) { return false; })
      .def("move_number", [](const S& st) { return int(st.moves.size()); }, "Actions applied so far, chance outcomes included.")
      .def("num_players", &S::players)
      .def("get_game", [](const S& st) { return st.game; })
      .def_property_readonly("game", [](const S& st) { return st.game; }, "The game of this state.")
      .def("legal_actions", [](const S& st, std::optional<int> player) {
        if (player && *player != st.to_move()) return std::vector<long long>{};
        return st.legal();
      }, py::arg("player") = py::none(),
         "Decision: the dense action indices, ascending. Chance node: the outcomes that can come. Over (or another player): [].")
      .def("legal_actions_mask", [](const S& st, std::optional<int> player) {
        const int n = st.chance() ? st.chance_space() : st.action_space();
        py::array_t<bool> mask(n);
        std::fill(mask.mutable_data(), mask.mutable_data() + n, false);
        if (!player || *player == st.to_move())
          for (long long a : st.legal()) mask.mutable_data()[a] = true;
        return mask;
      }, py::arg("player") = py::none(),
         "True at each legal action (a numpy bool array, num_distinct_actions long; max_chance_outcomes at a chance node).")
      .def("apply_action", &S::apply_action, py::arg("action"), "Applies a decision (dense index) or a chance outcome; ValueError when illegal.")
      .def("child", [](const S& st, long long a) {
        S next = st;
        next.apply_action(a);
        return next;
      }, py::arg("action"), "A new state: this one after `action`.")
      .def("observation_tensor", [](const S& st, std::optional<int> p) { return st.tensor(*st.game->observation, p); },
           py::arg("player") = py::none(), "The observation of `player` (default: the player to move) as float32 (docs/python.md).")
      .def("information_state_tensor", [](const S& st, std::optional<int> p) { return st.tensor(*st.game->info_state, p); },
           py::arg("player") = py::none(), "The observation and the order in which the tiles were placed (docs/python.md).")
      .def("history", [](const S& st) { return st.moves; }, "Every action applied so far (OpenSpiel's history): outcomes and dense indices.")
      .def("history_str", [](const S& st) {
        std::string out;
        for (size_t i = 0; i < st.moves.size(); ++i) out += (i ? ", " : "") + std::to_string(st.moves[i]);
        return out;
      })
      .def("record_steps", [](const S& st) { return st.steps; }, "The record's steps so far, as the game's records write them.")
      .def("action_to_string", [](const S& st, long long a) { return st.action_string(a); }, py::arg("action"))
      .def("action_to_string", [](const S& st, int, long long a) { return st.action_string(a); }, py::arg("player"), py::arg("action"))
      .def("action_bits", [](const S& st, long long a) { return st.decode(a).bits; }, py::arg("action"),
           "The engine's 32-bit action of a legal dense action.")
      .def("bits_to_action", &S::bits_to_action, py::arg("bits"), "The dense index of a legal action given as the engine's bits.")
      .def("legal_action_bits", [](const S& st) {
        std::vector<uint32_t> out;
        if (st.decision())
          for (const auto& [d, a] : st.options()) out.push_back(a.bits);
        return out;
      }, "The legal decisions as the engine's bits, in the order of legal_actions().")
      .def(py::pickle([](const S& st) { return st.pickle(); }, [title = std::string(name)](const py::tuple& t) { return S::unpickle(t, title); }))
      .def("clone", [](const S& st) { return st; })
      .def("__copy__", [](const S& st) { return st; })
      .def("__deepcopy__", [](const S& st, py::dict) { return st; }, py::arg("memo"));
  return c;
}

}  // namespace mists::pybind
