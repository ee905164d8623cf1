// The competitive games (base, GCC, any modules) as the contract of engine/kit/game.h sees them:
// `vs::Versus`, their traits type. Each function forwards to the engine's own (engine/versus/state.h,
// game.h, record.h); the scores are the seats'.
#pragma once

#include "engine/versus/layer.h"
#include "engine/kit/game.h"
#include "engine/versus/game.h"
#include "engine/versus/record.h"
#include "engine/versus/state.h"

namespace mists::vs {

struct Versus {
  using Rules = VsRules;
  using State = VsState;
  using Action = VsAction;
  using Deal = VsDeal;
  using Summary = VsSummary;
  using Record = VsRecord;
  static constexpr const char* NAME = "versus";
  static constexpr int MAX_ACTIONS = VS_MAX_ACTIONS;
  static constexpr int MAX_OUTCOMES = VS_MAX_TYPES;

  static bool is_over(const State& s) { return vs::is_over(s); }
  static bool is_chance(const State& s) { return vs::is_chance(s); }
  static int to_move(const State& s) { return int(s.player); }
  static std::vector<int> scores(const Rules& R, const State& s) { return std::vector<int>(s.score.begin(), s.score.begin() + R.players); }
  static Summary summarize(const Rules& R, const State& s, int decisions, int forced) { return vs::summarize(R, s, decisions, forced); }

  static int chance_outcomes(const Rules& R, const State& s, GameOutcome* out) { return vs::chance_outcomes(R, s, out); }
  static void apply_chance(const Rules& R, State& s, int value) { vs::apply_chance(R, s, value); }
  static std::string chance_text(const Rules& R, const State& s, int value) { return vs::chance_text(R, s, value); }
  static bool parse_chance(const Rules& R, const State& s, const std::string& text, int& value) { return vs::parse_chance(R, s, text, value); }

  static int legal_actions(const Rules& R, const State& s, Action* out) { return vs::legal_actions(R, s, out); }
  static void apply(const Rules& R, State& s, Action a) { vs::apply(R, s, a); }
  static std::string action_text(const Rules& R, const State& s, Action a) { return vs::action_text(R, s, a); }
  static bool parse_action(const Rules& R, const State& s, const std::string& text, Action& out) { return vs::parse_action(R, s, text, out); }

  static std::string write_record(const Record& rec) { return write_vs_record(rec); }
  static Record parse_record(const std::string& text, const std::string& name) { return parse_vs_record(text, name); }
  static State replay(const Rules& R, const Record& rec, const std::string& name,
                      const std::function<void(const State&, const std::string&)>& on_step = {}) {
    return vs_replay(R, rec, name, on_step).final_state;
  }
};
static_assert(GameTraits<Versus>);

}  // namespace mists::vs
