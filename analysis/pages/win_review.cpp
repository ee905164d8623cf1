// The co-op review in chances to win (analysis/pages/viewer.h, CoopJudge): a fair agent names the option it
// prefers, games played on from both options on piles drawn from the unseen tiles value them.
#include <cmath>

#include "analysis/run/error.h"
#include "analysis/pages/viewer.h"
#include "engine/coop/contract.h"
#include "engine/coop/text.h"
#include "solver/agents.h"
#include "solver/rng.h"

namespace mists::analysis {

namespace {

// The streams of a win-chance value's seed: the piles drawn from the unseen tiles, the agent's numbers.
enum WinStream : uint64_t { PILES_STREAM = 1, AGENT_STREAM = 2 };
// The streams of a decision's seed: the judge's choice, the r-th pair of games.
enum WinReviewStream : uint64_t { JUDGE_STREAM = 1, GAME_STREAM = 2 };

// The spec of a shipped agent text.
AgentSpec agent_of(const char* text) { return parse_agent(text); }

// True when `a` can play `R` (its learned values cover the rules).
bool plays(const Rules& R, const AgentSpec& a) {
  try {
    if (a.is(TD)) afterstate_for(R, a);
    value_for(R, a);
    return true;
  } catch (const AnalysisError&) {
    return false;
  }
}

}  // namespace

ReviewSettings win_chance_settings() {
  ReviewSettings how;
  how.first_look = 16;
  how.repeats = 256;
  how.negligible = 0.02;
  return how;
}

std::string CoopJudge::describe() const {
  if (!win_chance()) return judge.describe();
  return judge.text + " (the judge), " + rollout.text + " (plays on)";
}

CoopJudge coop_judge(const Rules& R, const AgentSpec& judge, const AgentSpec* rollout) {
  if (sees_the_deal(judge))
    throw AnalysisError("review: " + judge.text + " sees the deal; a review asks what a fair team would have done");
  if (!judge.plays) throw AnalysisError("review: the solver is not a player; the judge names the option it would play");
  CoopJudge c;
  c.judge = judge;
  const AgentSpec td = agent_of("td");
  c.rollout = rollout ? *rollout : plays(R, td) ? td : agent_of("expert");
  if (sees_the_deal(c.rollout))
    throw AnalysisError("review: the agent that plays on, " + c.rollout.text + ", sees the deal; the games played on are a fair team's");
  if (c.rollout.search() || c.rollout.is(PLANNER) || !c.rollout.plays)
    throw AnalysisError("review: the agent that plays on, " + c.rollout.text +
                        ", is a search; it plays hundreds of games a decision (random, greedy, expert or td)");
  // Both must be able to play the rules: made once here, so a bad one is named before any game.
  make_agent(R, c.judge, 1, nullptr);
  make_agent(R, c.rollout, 1, nullptr);
  return c;
}

CoopJudge default_coop_judge(const Rules& R) {
  const AgentSpec best = agent_of(BEST_FAIR_AGENT);
  return coop_judge(R, plays(R, best) ? best : agent_of("planner"));
}

double win_option_value(const Rules& R, const State& before, const Action& option, const AgentSpec& rollout, uint64_t seed) {
  Rng piles(stream_seed(seed, 0, PILES_STREAM));
  const Deal d = sample_deal(R, before, piles);
  State s = before;
  apply(R, s, option);
  if (is_over(s)) return s.outcome == Outcome::Won ? 1.0 : 0.0;
  Chooser agent = make_agent(R, rollout, stream_seed(seed, 0, AGENT_STREAM), nullptr);
  return play_from(R, d, s, agent).outcome == Outcome::Won ? 1.0 : 0.0;
}

ReviewMark review_win_decision(const Rules& R, const State& before, const std::string& played_text, int step,
                               const CoopJudge& judge, uint64_t seed, const ReviewSettings& how) {
  ReviewMark m;
  m.step = step;
  m.turn = before.turn;
  m.seat = before.player;
  m.played = played_text;
  // The judge names the option it prefers; both options are played on, the r-th game of both on
  // the same piles and numbers, until the paired interval parts from `negligible`.
  judge_by_play_on<Coop>(
      R, before, m, how, CostInterval::PairedBinary,
      [&](const Action* opts, int n) { return make_agent(R, judge.judge, stream_seed(seed, 0, JUDGE_STREAM), nullptr)(before, opts, n); },
      [&](const Action& option, int r) {
        return win_option_value(R, before, option, judge.rollout, stream_seed(seed, uint64_t(r), GAME_STREAM));
      });
  return m;
}

std::vector<ReviewMark> review_record(const LoadedRecord& g, const CoopJudge& judge, const ReviewSettings& how,
                                      ReviewProgress* progress) {
  if (!judge.win_chance()) {
    return judge_each(record_decisions(g), progress, [&](const RecordDecision& d) {
      return review_decision(g.rules, d.before, d.played, d.step, judge.judge, review_seed(g.rec, d.step), how);
    });
  }
  return judge_each(record_decisions(g), progress, [&](const RecordDecision& d) {
    return review_win_decision(g.rules, d.before, d.played, d.step, judge, review_seed(g.rec, d.step), how);
  });
}

BetterLine better_line(const LoadedRecord& g, const ReviewMark& mark, const CoopJudge& judge) {
  const Rules& R = g.rules;
  State s{};
  bool found = false;
  for (const RecordDecision& d : record_decisions(g))
    if (d.step == mark.step) s = d.before, found = true;
  if (!found) throw AnalysisError("review: step " + std::to_string(mark.step + 1) + " is no decision of the record");
  // An entered game knows only the tiles its record drew: as many as it drew after the decision.
  int known = -1;
  if (g.rec.agent == ENTERED_AGENT) {
    known = 0;
    for (size_t k = size_t(mark.step) + 1; k < g.rec.steps.size(); ++k) known += g.rec.steps[k].text.rfind("draw ", 0) == 0;
  }
  Dealer dealer(R, record_deal(R, g.rec, g.path));
  Chooser agent = make_agent(R, judge.judge, stream_seed(review_seed(g.rec, mark.step), 1, JUDGE_STREAM), nullptr);
  std::vector<Action> opts(MAX_ACTIONS);
  BetterLine line;
  Action first{};
  if (!parse_action(R, s, mark.best, first))
    throw AnalysisError("review: step " + std::to_string(mark.step + 1) + ": '" + mark.best + "' is not an option of the position");
  line.steps.push_back(mark.best);
  apply(R, s, first);
  while (!is_over(s)) {
    if (is_chance(s)) {
      const bool face_up = s.phase == Phase::Draw;
      if (face_up && known == 0) break;
      if (face_up && known > 0) --known;
      const int t = dealer.next(s);
      if (t < 0) break;
      line.steps.push_back(chance_text(R, s, t));
      dealer.draw(s);
      continue;
    }
    const int n = legal_actions(R, s, opts.data());
    const int pick = n > 1 ? agent(s, opts.data(), n) : 0;
    line.steps.push_back((n > 1 ? "" : "(forced) ") + action_text(R, s, opts[size_t(pick)]));
    apply(R, s, opts[size_t(pick)]);
  }
  line.turns = s.turn;
  line.score = progress(R, s);
  line.outcome = s.outcome == Outcome::Won    ? "won"
                 : s.outcome == Outcome::Lost ? "lost (" + std::string(loss_cause_name(s.cause)) + ")"
                                              : "unknown";
  return line;
}

}  // namespace mists::analysis
