// The co-op game as the contract of engine/kit/game.h sees it: `Coop`, its traits type. Each
// function forwards to the engine's own (engine/coop/state.h, text.h, record.h); the team's score
// is the game's one score.
#pragma once

#include "engine/coop/layer.h"
#include "engine/coop/game.h"
#include "engine/coop/record.h"
#include "engine/coop/state.h"
#include "engine/coop/text.h"
#include "engine/kit/game.h"

namespace mists {

struct Coop {
  using Rules = mists::Rules;
  using State = mists::State;
  using Action = mists::Action;
  using Deal = mists::Deal;
  using Summary = GameSummary;
  using Record = GameRecord;
  static constexpr const char* NAME = "coop";
  static constexpr int MAX_ACTIONS = mists::MAX_ACTIONS;
  static constexpr int MAX_OUTCOMES = MAX_TYPES;

  static bool is_over(const State& s) { return mists::is_over(s); }
  static bool is_chance(const State& s) { return mists::is_chance(s); }
  static int to_move(const State& s) { return int(s.player); }
  static std::vector<int> scores(const Rules& R, const State& s) { return {progress(R, s)}; }
  static Summary summarize(const Rules& R, const State& s, int decisions, int forced) { return mists::summarize(R, s, decisions, forced); }

  static int chance_outcomes(const Rules& R, const State& s, GameOutcome* out) {
    ChanceOutcome buf[MAX_TYPES];
    const int n = mists::chance_outcomes(R, s, buf);
    for (int i = 0; i < n; ++i) out[i] = {int(buf[i].type), int(buf[i].weight)};
    return n;
  }
  static void apply_chance(const Rules& R, State& s, int value) { apply_draw(R, s, value); }
  static std::string chance_text(const Rules& R, const State& s, int value) { return mists::chance_text(R, s, value); }
  static bool parse_chance(const Rules& R, const State& s, const std::string& text, int& value) {
    GameOutcome out[MAX_OUTCOMES];
    const int n = chance_outcomes(R, s, out);
    for (int i = 0; i < n; ++i)
      if (chance_text(R, s, out[i].value) == text) return value = out[i].value, true;
    return false;
  }

  static int legal_actions(const Rules& R, const State& s, Action* out) { return mists::legal_actions(R, s, out); }
  static void apply(const Rules& R, State& s, Action a) { mists::apply(R, s, a); }
  static std::string action_text(const Rules& R, const State& s, Action a) { return mists::action_text(R, s, a); }
  static bool parse_action(const Rules& R, const State& s, const std::string& text, Action& out) { return mists::parse_action(R, s, text, out); }

  static std::string write_record(const Record& rec) { return mists::write_record(rec); }
  static Record parse_record(const std::string& text, const std::string& name) { return mists::parse_record(text, name); }
  static State replay(const Rules& R, const Record& rec, const std::string& name,
                      const std::function<void(const State&, const std::string&)>& on_step = {}) {
    return mists::replay(R, rec, name, on_step).final_state;
  }
};
static_assert(GameTraits<Coop>);

}  // namespace mists
