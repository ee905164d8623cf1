// Reviewing a competitive game (base, GCC, any modules): each decision of a seat judged by a
// competitive agent, the cost of the option played measured in points and stated with its interval,
// as the co-op review states its own (analysis/pages/viewer.h; docs/records.md, "Reviewing a game").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/pages/versus_viewer.h"
#include "analysis/pages/viewer.h"
#include "analysis/agents/vs_agents.h"

namespace mists::analysis {

// A competitive cost at most this many points of the seat's final margin is no cost (the default
// of ReviewSettings::negligible for these games; the co-op review's 0.01 is on its 0-1 scale).
inline constexpr double VS_NEGLIGIBLE = 1.0;
// Most games of each of the two options of a disputed competitive decision, by default: a whole game
// played on varies by tens of points, so the co-op review's 16 searches leave most costs in the noise.
inline constexpr int VS_REPEATS = 64;

struct VsReview {
  VsAgentSpec judge;    // names the option a seat should have played (mcts by default)
  VsAgentSpec rollout;  // plays every seat after an option to the end, to value it (expert by default)
  int seat = -1;        // the seat whose decisions are reviewed; -1 every seat
};

// The value of `option` at `before` for `seat`: its final margin (its score less the best other
// seat's) after `option`, the rest of the game played by `review.rollout` at every seat, the pile
// drawn from the tiles not yet seen (never the record's order) and the chips by the values not yet
// turned up, seeded by `seed`.
double vs_option_value(const vs::VsRules& R, const vs::VsState& before, vs::VsAction option, int seat, const VsReview& review,
                       uint64_t seed);
// The same game's last position: what the game played on from `option` ended with (the table's
// advice reads both the margin and the win shares from it).
vs::VsState vs_play_on(const vs::VsRules& R, const vs::VsState& before, vs::VsAction option, const VsReview& review, uint64_t seed);
// `seat`'s final margin in `end`: its score less the best other seat's.
int vs_margin(const vs::VsRules& R, const vs::VsState& end, int seat);

// Judges one decision: `played` (as the record writes it) at `before`, decided by seat before.player.
//  1. The judge, seeded `seed`, names the option it prefers; if that is the one played the verdict
//     is Agrees (no values).
//  2. Else the preferred and the played option are each valued by vs_option_value, FIRST_LOOK
//     games each, then twice as many, up to `how.repeats`, the k-th game of both on the same seed
//     (the same pile drawn, the same agents' numbers: common random numbers), until the cost (mean
//     value of the preferred less mean value of the played) has a paired Student interval at
//     `how.confidence` wholly above `how.negligible` (Costly) or at or below it (AsGood), else Noise.
// The same arguments give the same mark on any thread.
ReviewMark review_vs_decision(const vs::VsRules& R, const vs::VsState& before, const std::string& played, int step,
                              const VsReview& review, uint64_t seed, const ReviewSettings& how);

// The seed of step `step` (0-based) of `rec`: from the record's seed, deal and step.
uint64_t vs_review_seed(const vs::VsRecord& rec, int step);

// Every decision with two or more options of review.seat (or of every seat), in record order, each
// with its own seed: the same review on any number of threads. The record is replayed and checked
// first (a RecordError names the line at fault). `progress`, when given, counts the decisions judged
// and stops the review once cancelled (ReviewCancelled).
std::vector<ReviewMark> review_vs_record(const LoadedVsRecord& game, const VsReview& review, const ReviewSettings& how,
                                         ReviewProgress* progress = nullptr);

// The judge's line from a decision it disputes: its own option, then every seat played by the judge
// on the record's deal (the pile's order, the chips as the record turned them up) for the rest of
// that turn and `turns` more tiles placed (a short line to read, not a game: the competitive judge
// searches at every seat), or less where the game ends or the tiles known run out (an entered game
// knows as many draws after the decision as its record drew).
struct VsBetterLine {
  std::vector<std::string> steps;  // record text of every step, the judge's option first (forced ones "(forced) ...")
  std::vector<int> seats;          // the seat of each step (a draw or a chip: the seat whose turn it is)
  std::vector<int> scores;         // each seat's score where the line stops
  int turns = 0;                   // tiles placed then
  bool over = false;               // the line reached the game's end
};
inline constexpr int VS_LINE_TURNS = 4;
VsBetterLine vs_better_line(const LoadedVsRecord& game, const ReviewMark& mark, const VsReview& review, int turns = VS_LINE_TURNS);

// The review as text: every reviewed decision with its seat and verdict, a count of each verdict, a
// line per seat, then the `top` costliest marked decisions with their intervals (write_review_body).
std::string review_vs_text(const LoadedVsRecord& game, const std::vector<ReviewMark>& marks, const VsReview& review, int top,
                           const ReviewSettings& how);

}  // namespace mists::analysis
