// Looking at one game: a record loaded with its rules, a review of every decision by a fair search,
// and a self-contained HTML page that steps through the game turn by turn (docs/records.md).
#pragma once

#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "engine/coop/record.h"
#include "engine/kit/game.h"

namespace mists::analysis {

// A record and the rules it was played with: the catalog it names (checked against its checksum,
// and validated), the level numbers and switches it holds. Every problem is a RecordError or
// LoadError naming the file, the line and the field, as `mists replay` reports it.
struct LoadedRecord {
  GameRecord rec;
  Rules rules;
  std::string path;  // the file, as errors name it
};
LoadedRecord load_record(const std::string& path, const std::string& catalog_override = "");
// The same for a record's text (`path` names it in messages): a record sent to mists serve.
LoadedRecord load_record_text(const std::string& text, const std::string& path, const std::string& catalog_override = "");

// The agent a record of a game entered at a table names (mists serve): its deal holds the tiles the
// table drew, and the rest of the unseen tiles in catalog order.
inline constexpr const char* ENTERED_AGENT = "table (entered)";

// A decision of a record: the position before it, its index among the record's steps, the step as
// written.
template <class GameState>
struct DecisionAt {
  GameState before;
  int step = 0;
  std::string played;
};

// Each decision of a record with two or more options that `keep(before)` keeps, written once over
// the game contract (engine/kit/game.h): replayed from `start` (the record's deal set up), G::replay
// checking the record on the way. A step the replay gives as "(forced) ..." is not in the record
// (the co-op record leaves forced decisions out) and has no index.
template <GameTraits G, class Keep>
std::vector<DecisionAt<typename G::State>> decisions_of(const typename G::Rules& R, const typename G::State& start,
                                                         const typename G::Record& rec, const std::string& name, Keep&& keep) {
  std::vector<DecisionAt<typename G::State>> out;
  typename G::State prev = start;
  std::vector<typename G::Action> opts(static_cast<size_t>(G::MAX_ACTIONS));
  int step = -1;  // the index of the record step just applied
  G::replay(R, rec, name, [&](const typename G::State& after, const std::string& text) {
    const bool recorded = text.rfind("(", 0) != 0;
    if (recorded) ++step;
    if (recorded && !G::is_chance(prev) && keep(prev) && G::legal_actions(R, prev, opts.data()) > 1) out.push_back({prev, step, text});
    prev = after;
  });
  return out;
}

// Every decision of a co-op record with two or more options.
using RecordDecision = DecisionAt<State>;
std::vector<RecordDecision> record_decisions(const LoadedRecord& game);

// How sure a review must be before it marks a decision (docs/records.md, "Reviewing a game").
struct ReviewSettings {
  int repeats = 16;           // most searches (or games played on) of each of the two options (2 or
                              //   more); the interval is first looked at after `first_look` of each,
                              //   then after twice as many, up to this cap
  double confidence = 0.99;   // two-sided level of the interval of a cost (0-1)
  double negligible = 0.01;   // a cost at most this is no cost: a mark needs the whole interval above it
  int first_look = FIRST_LOOK;
  static constexpr int FIRST_LOOK = 4;
};

// The settings of a review in chances to win (CoopJudge::win_chance): each value is a game won or
// lost, so the interval is first looked at after 16 paired games, at most 256, and a cost under two
// points of win chance is none.
ReviewSettings win_chance_settings();

// How the interval of a cost is made from the pairs of values measure_cost collects.
enum class CostInterval : uint8_t {
  Welch,         // two independent samples (the searches of each option on seeds of their own)
  Paired,        // Student's t on the paired differences (the k-th value of both on the same numbers)
  PairedBinary,  // paired wins (1) and losses (0): the Wald interval of the difference of two paired
                 //   proportions with half a game added to each of the four cells (Agresti & Min
                 //   2005), so that games that all agree still leave an interval
};

// What the review concludes of one decision.
enum class ReviewVerdict : uint8_t {
  Agrees,   // the search prefers the option played: no interval, cost 0
  AsGood,   // it prefers another, but the interval of the cost lies at or below `negligible`
  Noise,    // the interval reaches both sides of `negligible` at the cap: within the search's noise
  Costly,   // the interval lies above `negligible`: the decision is marked
};
const char* verdict_name(ReviewVerdict v);  // "agrees", "as good", "within noise", "costly"

// What a search thinks of one decision of a game.
struct ReviewMark {
  int step = 0;              // index in the record's steps (0-based)
  int turn = 0;              // face-up tiles placed before the decision (competitive: the turn of the board the step
                             //   leads to, as the game page numbers it: a placement counts its own tile)
  int seat = -1;             // competitive games: the seat that decided (co-op: -1, the team)
  std::string played, best;  // the record's choice and the search's
  double best_value = 0;     // the search's value of its own choice (0-1, a win counts 1): the mean
                             //   over `repeats` searches of that option alone
  double played_value = 0;   // the value of the record's choice, the mean of as many searches of it alone
  double margin = 0;         // half-width of the cost's interval (t times its standard error)
  int repeats = 0;           // searches of each option the values are means of (0 when the search agrees)
  ReviewVerdict verdict = ReviewVerdict::Agrees;
  double cost() const { return best_value - played_value; }
  bool marked() const { return verdict == ReviewVerdict::Costly; }
};

// Step 2 of a review, shared by both games: the values of the preferred option and of the played
// one, a pair for each round index r (`values(r)` returns {preferred, played}), in rounds of
// `how.first_look`, then twice as many, up to `how.repeats`, until the cost's interval at
// `how.confidence` (made as `interval` says) lies wholly above `how.negligible` (Costly) or at or
// below it (AsGood); else Noise at the cap. Fills m's values (the means), repeats, margin and verdict.
void measure_cost(ReviewMark& m, const ReviewSettings& how, CostInterval interval,
                  const std::function<std::pair<double, double>(int)>& values);

// A review's settings checked: an AnalysisError naming the one out of range (repeats under 2, a
// confidence outside (0, 1), a negative or non-finite negligible cost).
void check_review_settings(const ReviewSettings& how);

// One decision judged by games played on, written once over the game contract (engine/kit/game.h)
// for every game: `m` names the step, its turn and seat and the option played (m.played, as records
// write it) at `before`.
//  1. `pick(options, n)` is the judge's choice among the legal options; where it is the one played
//     the verdict is Agrees, with no values.
//  2. Else measure_cost values both, `value(option, r)` being the r-th value of an option (the r-th
//     of both on the same numbers), with the interval `interval`.
// An option played that is none of the position's is an AnalysisError naming the step.
template <GameTraits G, class Pick, class Value>
void judge_by_play_on(const typename G::Rules& R, const typename G::State& before, ReviewMark& m, const ReviewSettings& how,
                      CostInterval interval, Pick&& pick, Value&& value) {
  check_review_settings(how);
  std::vector<typename G::Action> opts(static_cast<size_t>(G::MAX_ACTIONS));
  const int n = G::legal_actions(R, before, opts.data());
  typename G::Action played{};
  if (!G::parse_action(R, before, m.played, played))
    throw AnalysisError("review: step " + std::to_string(m.step + 1) + ": '" + m.played + "' is not an option of the position");
  m.best_value = m.played_value = std::nan("");
  const typename G::Action best = opts[size_t(pick(static_cast<const typename G::Action*>(opts.data()), n))];
  m.best = G::action_text(R, before, best);
  if (best == played) {
    m.verdict = ReviewVerdict::Agrees;
    return;
  }
  measure_cost(m, how, interval, [&](int r) { return std::pair{value(best, r), value(played, r)}; });
}

// The rounds of measure_cost as a review's text names them: "4, 8, 16".
std::string review_rounds(const ReviewSettings& how);

// Who judges a co-op review (docs/records.md, "Reviewing a game").
//  - A search (mcts, any parameters): the values are its mean rewards (0-1; a loss earns a little for
//    progress), each option searched alone (review_decision).
//  - Any other fair agent: the review is in chances to win. `judge` names the option it prefers, and
//    each of the two options is valued by games played on from it by `rollout` at every decision, on
//    piles drawn at random from the tiles not yet seen (sample_deal, as a fair team knows them): the
//    share of those games won. The k-th game of both options is played on the same piles with the
//    same numbers (CostInterval::PairedBinary).
struct CoopJudge {
  AgentSpec judge;
  AgentSpec rollout;
  bool win_chance() const { return !judge.search(); }
  std::string describe() const;  // "planner:... (the judge), td (plays on)"
};
// The default judge for `rules`: the strongest fair agent (BEST_FAIR_AGENT) with td playing on; where
// the shipped values do not cover the rules (co-op levers), the planner on the heuristic and the expert.
CoopJudge default_coop_judge(const Rules& rules);
// `judge` with `rollout` (default: td, or the expert where td's value does not cover the rules),
// checked: both fair, the judge a player (not the solver), the rollout no search. An AnalysisError otherwise.
CoopJudge coop_judge(const Rules& rules, const AgentSpec& judge, const AgentSpec* rollout = nullptr);

// A win-chance value: the option applied at `before`, then the rest of the game played by `rollout`
// (seeded from `seed`) on piles sampled from the unseen tiles with `seed`: 1 for a win, else 0.
double win_option_value(const Rules& rules, const State& before, const Action& option, const AgentSpec& rollout, uint64_t seed);

// The decisions marked costly, costliest first (ties in record order).
std::vector<ReviewMark> costliest(const std::vector<ReviewMark>& marks);

// `x` with `digits` decimals, "0" for what rounds to zero (never "-0.000"), "-" for NaN (a value
// the review did not measure).
std::string review_number(double x, int digits);

// Judges one decision: `played` (as the record writes it) at `before`, by a search agent (mcts with
// any parameters, value=leaf or learned included; an AnalysisError for any other agent).
//  1. One search over every option (seeded `seed`) names the option it prefers. If that is the one
//     played, the verdict is Agrees and the value is that search's.
//  2. Else the preferred and the played option are each searched alone, with the agent's budget,
//     on seeds of their own derived from `seed`: FIRST_LOOK times each, then twice as many, up to
//     `how.repeats`. After each round the cost (mean value of the preferred minus mean value of the
//     played) gets Welch's interval at `how.confidence`; the rounds stop once the interval lies
//     above `how.negligible` (Costly) or at or below it (AsGood), else at the cap (Noise).
// `step` is copied into the mark. The same arguments give the same mark on any thread.
ReviewMark review_decision(const Rules& rules, const State& before, const std::string& played, int step,
                           const AgentSpec& agent, uint64_t seed, const ReviewSettings& how = {});

// Judges one decision in chances to win (CoopJudge::win_chance): `judge.judge` names the option it
// prefers (Agrees when it is the one played: then both values are NaN, nothing is played on); else
// both are valued by win_option_value, the r-th game of both on the same seed, in the rounds of
// measure_cost with CostInterval::PairedBinary. The same arguments give the same mark on any thread.
ReviewMark review_win_decision(const Rules& rules, const State& before, const std::string& played, int step,
                               const CoopJudge& judge, uint64_t seed, const ReviewSettings& how);

// The seed review_record judges step `step` (0-based) of `rec` with: from the record's seed, game and step.
uint64_t review_seed(const GameRecord& rec, int step);

// How far a long review has come, and a request to stop it (mists serve's jobs): `total` is set to
// the decisions to judge, `done` counts those judged; once `cancel` is set no new decision starts and
// the review ends in ReviewCancelled.
struct ReviewProgress {
  std::atomic<int> done{0}, total{0};
  std::atomic<bool> cancel{false};
};
struct ReviewCancelled : AnalysisError {
  ReviewCancelled() : AnalysisError("review: cancelled") {}
};

// Reviews every decision with two or more options (review_decision, or review_win_decision for a
// win-chance judge), each with its own seed (review_seed): the same review on any number of threads.
std::vector<ReviewMark> review_record(const LoadedRecord& game, const CoopJudge& judge, const ReviewSettings& how = {},
                                      ReviewProgress* progress = nullptr);
// Judges every decision with `one` on the TBB threads (each on its own: the marks in record order),
// counting and honouring `progress` when given.
std::vector<ReviewMark> judge_each(const std::vector<RecordDecision>& decisions, ReviewProgress* progress,
                                   const std::function<ReviewMark(const RecordDecision&)>& one);
// The same over decisions 0..n-1 of any game (the competitive review's): `one(i)` judges decision i.
std::vector<ReviewMark> judge_all(int n, ReviewProgress* progress, const std::function<ReviewMark(int)>& one);
// The same with a search judge (mcts): its mean rewards.
std::vector<ReviewMark> review_record(const LoadedRecord& game, const AgentSpec& agent, const ReviewSettings& how = {});

// The judge's line from a decision it disputes: its own option, then the rest of the game played by
// the judge on the record's deal (the tiles the game would have drawn) as far as the deal is known:
// to the end, or for a game entered at a table (ENTERED_AGENT) until as many more tiles have been
// drawn face up as the record drew after the decision.
struct BetterLine {
  std::vector<std::string> steps;  // record text of every step, the judge's option first (forced ones "(forced) ...")
  int turns = 0;                   // tiles placed when the line stops
  int score = 0;
  std::string outcome;             // "won", "lost (cause)", or "unknown" where the known tiles end
};
BetterLine better_line(const LoadedRecord& game, const ReviewMark& mark, const CoopJudge& judge);

// How the game was lost, in words, at its last position (empty for a game not lost): the rule and
// the numbers that ended it (the ghosts the supply could not give, the pile that ran out and the score
// it needed).
std::string loss_words(const Rules& rules, const State& end);

// Each player's decisions in a review (co-op: the player whose turn it was; ReviewMark::seat).
struct PlayerReview {
  std::string label;             // "player 1 (red, green)"
  int decisions = 0;
  int verdicts[4] = {};          // by ReviewVerdict
  double costly_sum = 0;         // the costs of its costly decisions, added
  const ReviewMark* worst = nullptr;  // its costliest costly decision (a pointer into the marks), or null
};
std::vector<PlayerReview> review_by_player(const LoadedRecord& game, const std::vector<ReviewMark>& marks);
// The same for any game: seat p (ReviewMark::seat) labelled labels[p] (a competitive record's seats).
std::vector<PlayerReview> review_by_seat(const std::vector<std::string>& labels, const std::vector<ReviewMark>& marks);

// What a review's text says in its game's own words: how a value and a cost are written, who
// judges, and each seat's name.
struct ReviewWords {
  std::function<std::string(double)> value, cost;  // a value, and a cost or a half-width
  std::string unit;                    // after a cost in the lists: " points", or "" for a search's reward
  std::string judge = "judge";         // who prefers another option: "judge" or "search"
  std::vector<std::string> labels;     // seat p's name (ReviewMark::seat)
  std::string seat_word = "player";    // what a seat is called: the lines per seat are "by player:"
  bool seat_column = false;            // the table shows the seat that decided (competitive)
  bool blank_agreed = true;            // the table leaves the cost out where the judge agrees
  int value_width = 5, cost_width = 8; // the table's value and cost columns
};
// A review's body, written once for both games: every decision with its verdict, the count of each
// verdict, a line per seat that decided (its decisions, verdicts, the costly ones' cost and the worst), then the
// `top` costliest marked decisions with their intervals, each followed by what `after(os, m)` adds
// (the co-op judge's line).
void write_review_body(std::ostream& os, const std::vector<ReviewMark>& marks, const ReviewWords& words, int top,
                       const std::function<void(std::ostream&, const ReviewMark&)>& after = {});
// The review's marks as the game page reads them, by record step: the options, their values (null
// where none was measured), the cost with its half-width, the games or searches, the verdict and
// the seat; the same for both games.
nlohmann::json marks_json(const std::vector<ReviewMark>& marks);
// The game page's list of the costly decisions `costly` (costliest first), in the words of the text
// (write_review_body), each a link to the board `frame_of` gives its step; `after(os, m)` adds to
// an item (the co-op judge's folded line).
std::string costliest_html(const std::vector<ReviewMark>& costly, const std::map<int, size_t>& frame_of, const ReviewWords& words,
                           const std::function<void(std::ostream&, const ReviewMark&)>& after = {});

// The review as text: what its values and costs are, then its body (write_review_body): every
// decision with its verdict, a count of each verdict, a summary per player (the player whose turn it
// was), then the `top` costliest of the marked (Costly) decisions, each with its interval and, for a
// win-chance judge, the judge's better line.
std::string review_text(const LoadedRecord& game, const std::vector<ReviewMark>& marks, int top,
                        const ReviewSettings& how = {}, const CoopJudge* judge = nullptr);

// One HTML page titled `title`, no network (analysis/pages/game_page.h): the board of every turn as SVG with
// the tile just placed framed, the score (per colour on level 6), ghost supply and ghosts on the
// board, the piles as R6.2 stacks them, hounds, the tile drawn, the steps of the turn in record text
// and in words, and the review's marks when `marks` is given (made with `how`, which the page
// states). Buttons, a slider and the arrow keys step through it.
std::string viewer_html(const LoadedRecord& game, const std::vector<ReviewMark>* marks, const std::string& title,
                        const ReviewSettings& how = {}, const CoopJudge* judge = nullptr);

}  // namespace mists::analysis
