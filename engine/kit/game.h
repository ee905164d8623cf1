// The contract both games keep (docs/engine.md, "The game contract"): a traits type per game names
// its rules, position, action, deal, summary and record, and the functions every floor above the
// engine needs of a game — is it over, is it a chance step, the chance outcomes with their weights
// and how to apply one, the legal actions and how to apply one, the text of a step and its parse,
// the scores, and the record's write, parse and replay. `GameTraits<G>` checks a traits type at
// compile time; what is written over it (below, and in the floors above) is bound at compile time
// too: a traits function is a static call the compiler inlines, no virtual call on a hot path.
#pragma once

#include <concepts>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace mists {

// A chance step's outcome as the contract sees it: its value (a tile type at a draw, a chip's value
// where a chip turns up) and its weight (the copies, or chips, left of it).
struct GameOutcome {
  int value = 0, weight = 0;
};

template <class G>
concept GameTraits = requires(const typename G::Rules& R, typename G::State& s, const typename G::State& cs, typename G::Action a,
                              typename G::Action& a_out, typename G::Action* actions, GameOutcome* outcomes, const std::string& text,
                              int value, int& value_out, const typename G::Record& rec,
                              const std::function<void(const typename G::State&, const std::string&)>& on_step) {
  typename G::Rules;
  typename G::State;
  typename G::Action;
  typename G::Deal;
  typename G::Summary;
  typename G::Record;
  requires std::is_trivially_copyable_v<typename G::State>;
  { G::NAME } -> std::convertible_to<const char*>;
  { G::MAX_ACTIONS } -> std::convertible_to<int>;   // legal actions at one decision, at most
  { G::MAX_OUTCOMES } -> std::convertible_to<int>;  // outcomes of one chance step, at most
  // Where the game stands.
  { G::is_over(cs) } -> std::same_as<bool>;
  { G::is_chance(cs) } -> std::same_as<bool>;
  { G::to_move(cs) } -> std::same_as<int>;  // the player (seat, colour) who decides now
  { G::scores(R, cs) } -> std::same_as<std::vector<int>>;  // one a seat, or the team's one
  { G::summarize(R, cs, value, value) } -> std::same_as<typename G::Summary>;  // (decisions, forced)
  // Chance.
  { G::chance_outcomes(R, cs, outcomes) } -> std::same_as<int>;  // into outcomes[0..MAX_OUTCOMES)
  { G::apply_chance(R, s, value) } -> std::same_as<void>;
  { G::chance_text(R, cs, value) } -> std::same_as<std::string>;
  { G::parse_chance(R, cs, text, value_out) } -> std::same_as<bool>;  // one of chance_outcomes
  // Decisions.
  { G::legal_actions(R, cs, actions) } -> std::same_as<int>;  // into actions[0..MAX_ACTIONS)
  { G::apply(R, s, a) } -> std::same_as<void>;
  { G::action_text(R, cs, a) } -> std::same_as<std::string>;
  { G::parse_action(R, cs, text, a_out) } -> std::same_as<bool>;  // one of legal_actions
  // Records.
  { G::write_record(rec) } -> std::same_as<std::string>;
  { G::parse_record(text, text) } -> std::same_as<typename G::Record>;  // (text, name): RecordError naming the line
  { G::replay(R, rec, text, on_step) } -> std::same_as<typename G::State>;  // checked; the last position
};

// ---- Written once over the contract ----------------------------------------------------------------

// The legal actions at `s` (a decision), in the engine's order.
template <GameTraits G>
std::vector<typename G::Action> legal_options(const typename G::Rules& R, const typename G::State& s) {
  std::vector<typename G::Action> out(static_cast<size_t>(G::MAX_ACTIONS));
  out.resize(static_cast<size_t>(G::legal_actions(R, s, out.data())));
  return out;
}

// Applies one step as records write it (a chance outcome at a chance step, else a legal action);
// false, with `s` unchanged, when the text names none of them here.
template <GameTraits G>
bool apply_text(const typename G::Rules& R, typename G::State& s, const std::string& text) {
  if (G::is_over(s)) return false;
  if (G::is_chance(s)) {
    int v = 0;
    if (!G::parse_chance(R, s, text, v)) return false;
    G::apply_chance(R, s, v);
    return true;
  }
  typename G::Action a{};
  if (!G::parse_action(R, s, text, a)) return false;
  G::apply(R, s, a);
  return true;
}

// The outcome that a number `u` in [0, total weight) picks, the outcomes laid end to end in order:
// a draw by the odds of what is left. Precondition: a chance step.
template <GameTraits G>
int pick_outcome(const typename G::Rules& R, const typename G::State& s, uint32_t u) {
  GameOutcome out[G::MAX_OUTCOMES];
  const int n = G::chance_outcomes(R, s, out);
  for (int i = 0; i < n; ++i) {
    if (u < uint32_t(out[i].weight)) return out[i].value;
    u -= uint32_t(out[i].weight);
  }
  return out[n - 1].value;
}

// The total weight of a chance step's outcomes (the tiles, or chips, left to come).
template <GameTraits G>
int outcome_weight(const typename G::Rules& R, const typename G::State& s) {
  GameOutcome out[G::MAX_OUTCOMES];
  const int n = G::chance_outcomes(R, s, out);
  int w = 0;
  for (int i = 0; i < n; ++i) w += out[i].weight;
  return w;
}

// Plays `s` to its end: chance by the odds of what is left (`below(n)`: a number in [0, n)), every
// decision with two or more options by `choose(state, actions, n)`, forced ones applied. Each step's
// text goes to `log` when given. Returns the number of decisions and forced ones in `counts`.
template <GameTraits G, class Below, class Choose>
void play_to_end(const typename G::Rules& R, typename G::State& s, Below&& below, Choose&& choose, std::vector<std::string>* log = nullptr,
                 int* decisions = nullptr, int* forced = nullptr) {
  std::vector<typename G::Action> actions(static_cast<size_t>(G::MAX_ACTIONS));
  while (!G::is_over(s)) {
    if (G::is_chance(s)) {
      const int v = pick_outcome<G>(R, s, uint32_t(below(uint32_t(outcome_weight<G>(R, s)))));
      if (log) log->push_back(G::chance_text(R, s, v));
      G::apply_chance(R, s, v);
      continue;
    }
    const int n = G::legal_actions(R, s, actions.data());
    const int pick = n > 1 ? choose(static_cast<const typename G::State&>(s), static_cast<const typename G::Action*>(actions.data()), n) : 0;
    if (n > 1 && decisions) ++*decisions;
    if (n == 1 && forced) ++*forced;
    if (log) log->push_back(G::action_text(R, s, actions[size_t(pick)]));
    G::apply(R, s, actions[size_t(pick)]);
  }
}

}  // namespace mists
