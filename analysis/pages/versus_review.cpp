#include "analysis/pages/versus_review.h"

#include <algorithm>
#include <sstream>

#include "analysis/run/error.h"
#include "analysis/run/stats.h"
#include "analysis/pages/versus_svg.h"
#include "engine/versus/contract.h"
#include "solver/rng.h"

namespace mists::analysis {

using namespace vs;

namespace {

// The streams of a decision's seed: the games played on from an option (the r-th game of both
// options on the same numbers, so that the two differ by the option alone), and each seat's agent.
enum VsReviewStream : uint64_t { GAME_STREAM = 1, SEAT_STREAM = 3 };

}  // namespace

VsState vs_play_on(const VsRules& R, const VsState& before, VsAction option, const VsReview& review, uint64_t seed) {
  VsState s = before;
  apply(R, s, option);
  Rng rng(seed);
  std::vector<VsChooser> agents;
  for (int p = 0; p < R.players; ++p) agents.push_back(make_vs_agent(R, review.rollout, stream_seed(seed, uint64_t(p), SEAT_STREAM)));
  // A tile among those not yet seen, a chip by the odds of the values not yet turned up (M3.1).
  play_to_end<Versus>(R, s, [&](uint32_t n) { return rng.below(n); },
                      [&](const VsState& at, const VsAction* options, int n) { return agents[size_t(at.player)](at, options, n); });
  return s;
}

int vs_margin(const VsRules& R, const VsState& end, int seat) {
  int best_other = -1 << 30;
  for (int p = 0; p < R.players; ++p)
    if (p != seat) best_other = std::max(best_other, int(end.score[size_t(p)]));
  return int(end.score[size_t(seat)]) - best_other;
}

double vs_option_value(const VsRules& R, const VsState& before, VsAction option, int seat, const VsReview& review, uint64_t seed) {
  return double(vs_margin(R, vs_play_on(R, before, option, review, seed), seat));
}

ReviewMark review_vs_decision(const VsRules& R, const VsState& before, const std::string& played_text, int step,
                              const VsReview& review, uint64_t seed, const ReviewSettings& how) {
  ReviewMark m;
  m.step = step;
  m.seat = before.player;
  m.played = played_text;
  VsState after = before;  // the turn of the board the step leads to, as the game page numbers it (a placement counts its own tile)
  m.turn = apply_text<Versus>(R, after, played_text) ? int(after.turn) : int(before.turn);
  // The judge names the option it prefers; both are valued by play to the end, the r-th game of
  // both on the same seed, until the paired interval parts from `negligible`.
  judge_by_play_on<Versus>(
      R, before, m, how, CostInterval::Paired, [&](const VsAction* opts, int n) { return make_vs_agent(R, review.judge, seed)(before, opts, n); },
      [&](VsAction option, int r) { return vs_option_value(R, before, option, m.seat, review, stream_seed(seed, uint64_t(r), GAME_STREAM)); });
  return m;
}

uint64_t vs_review_seed(const VsRecord& rec, int step) {
  constexpr uint64_t VS_REVIEW_STREAM = 0x7e12;
  return stream_seed(rec.seed ^ splitmix64(rec.deal), uint64_t(step), VS_REVIEW_STREAM);
}

std::vector<ReviewMark> review_vs_record(const LoadedVsRecord& g, const VsReview& review, const ReviewSettings& how, ReviewProgress* progress) {
  check_review_settings(how);
  const VsRules& R = g.rules;
  if (review.seat >= R.players)
    throw AnalysisError("review: seat " + std::to_string(review.seat) + ": the game has seats 0 to " + std::to_string(R.players - 1));
  size_t next = 0;
  const auto decisions = decisions_of<Versus>(R, deal_state(R, vs_record_deal(R, g.rec, g.path), &next), g.rec, g.path,
                                              [&](const VsState& before) { return review.seat < 0 || before.player == review.seat; });
  return judge_all(int(decisions.size()), progress, [&](int i) {
    const auto& d = decisions[size_t(i)];
    return review_vs_decision(R, d.before, d.played, d.step, review, vs_review_seed(g.rec, d.step), how);
  });
}

VsBetterLine vs_better_line(const LoadedVsRecord& g, const ReviewMark& mark, const VsReview& review, int turns) {
  const VsRules& R = g.rules;
  const VsDeal deal = vs_record_deal(R, g.rec, g.path);
  if (mark.step < 0 || size_t(mark.step) >= g.rec.steps.size())
    throw AnalysisError("review: step " + std::to_string(mark.step + 1) + " is no step of the record");
  // The position before the decision, and where the deal stands there.
  size_t next = 0, chip = 0;
  VsState s = deal_state(R, deal, &next);
  for (int k = 0; k < mark.step; ++k) {
    const std::string& text = g.rec.steps[size_t(k)].text;
    if (is_chance(s)) ++(s.phase == VsPhase::ChipValue ? chip : next);
    if (!apply_text<Versus>(R, s, text)) throw AnalysisError("review: step " + std::to_string(k + 1) + ": '" + text + "' is not a step of the position");
  }
  VsAction first;
  if (is_chance(s) || !parse_action(R, s, mark.best, first))
    throw AnalysisError("review: step " + std::to_string(mark.step + 1) + ": '" + mark.best + "' is not an option of the position");
  // An entered game knows the draws its record made after the decision, no more.
  const bool entered = std::find(g.rec.agents.begin(), g.rec.agents.end(), VS_ENTERED_SEAT) != g.rec.agents.end();
  size_t known = deal.order.size();
  if (entered) {
    known = next;
    for (size_t k = size_t(mark.step); k < g.rec.steps.size(); ++k) known += g.rec.steps[k].text.rfind("draw ", 0) == 0;
  }
  VsBetterLine line;
  line.steps.push_back(mark.best);
  line.seats.push_back(s.player);
  apply(R, s, first);
  const int stop = s.turn + turns;
  std::vector<VsChooser> seat;
  for (int p = 0; p < R.players; ++p) seat.push_back(make_vs_agent(R, review.judge, stream_seed(vs_review_seed(g.rec, mark.step), uint64_t(p), SEAT_STREAM)));
  std::vector<VsAction> opts(VS_MAX_ACTIONS);
  while (!is_over(s)) {
    if (s.phase == VsPhase::ChipValue) {
      if (chip >= deal.chip_values.size()) break;  // the record turned up no more chips
      line.steps.push_back(chance_text(R, s, deal.chip_values[chip]));
      line.seats.push_back(s.turn_seat);
      apply_chance(R, s, deal.chip_values[chip++]);
      continue;
    }
    if (is_chance(s)) {
      if (s.turn >= stop || next >= known || next >= deal.order.size()) break;
      line.steps.push_back(chance_text(R, s, deal.order[next]));
      line.seats.push_back(s.turn_seat);
      apply_chance(R, s, deal.order[next++]);
      continue;
    }
    const int n = legal_actions(R, s, opts.data());
    const int pick = n > 1 ? seat[size_t(s.player)](s, opts.data(), n) : 0;
    line.steps.push_back((n > 1 ? "" : "(forced) ") + action_text(R, s, opts[size_t(pick)]));
    line.seats.push_back(s.player);
    apply(R, s, opts[size_t(pick)]);
  }
  for (int p = 0; p < R.players; ++p) line.scores.push_back(s.score[size_t(p)]);
  line.turns = s.turn;
  line.over = is_over(s);
  return line;
}

std::string review_vs_text(const LoadedVsRecord& g, const std::vector<ReviewMark>& marks, const VsReview& review, int top,
                           const ReviewSettings& how) {
  const ReviewWords words = vs_review_words(g);
  std::ostringstream os;
  os << "review of " << versus_short_title(g.rules) << ", seed " << g.rec.seed << " deal " << g.rec.deal << ", seats:";
  for (size_t p = 0; p < words.labels.size(); ++p) os << (p ? "," : "") << ' ' << words.labels[p];
  os << "\nreviewed: " << (review.seat < 0 ? "every seat's" : words.labels.at(size_t(review.seat)) + "'s") << " decisions with two or more options, "
     << marks.size() << " of them; judged by " << review.judge.text << ", valued by " << review.rollout.text << '\n';
  const std::string rounds = review_rounds(how);  // "4, 8, 16"
  const std::string negligible = review_number(how.negligible, 2);
  os << "value: the deciding seat's final margin in points (its score less the best other seat's) after the option, the\n"
     << "rest of the game played by " << review.rollout.text << " at every seat on a pile drawn from the tiles not yet seen\n"
     << "cost: the judge's option's value minus the played one's, each the mean of n games (n grows " << rounds << " until\n"
     << "the interval parts from " << negligible << "), ± the half-width of its " << review_number(100 * how.confidence, 1)
     << "% interval (Student's t on the n paired games, the\n"
     << "k-th game of both options played on the same pile and the same agents' numbers): costly when the whole interval lies above\n"
     << negligible << " (the only decisions marked), as good when it lies at or below, within noise when it still straddles "
     << negligible << " after " << how.repeats << ";\n"
     << "n = 0: the judge plays the option played\n\n";
  write_review_body(os, marks, words, top);
  return os.str();
}

}  // namespace mists::analysis
