// mists review of a competitive record (analysis/pages/versus_review.h): a mark per decision of the seat
// reviewed with the verdict its paired interval gives, the same review on 1 and 2 threads, an option
// against itself costing exactly nothing, a random seat's worst decisions marked, the page's marks
// and list of the costliest, and the flags that do not apply refused.
#include <tbb/global_control.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/run/error.h"
#include "analysis/run/stats.h"
#include "analysis/pages/versus_review.h"
#include "engine/config/load.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::sh;

namespace {

// Three seats: greedy, random, greedy (tests/records/).
const char* BASE_RECORD = "tests/records/base-3p-seed5-deal0.txt";

analysis::LoadedVsRecord load(const std::string& path) {
  return analysis::load_vs_record(source_path(path), read_file(source_path(path)));
}

// A quick review: the expert judges, the expert plays on.
analysis::VsReview quick(int seat) { return {analysis::parse_vs_agent("expert"), analysis::parse_vs_agent("expert"), seat}; }

analysis::ReviewSettings settings(int repeats) {
  analysis::ReviewSettings how;
  how.repeats = repeats;
  how.negligible = analysis::VS_NEGLIGIBLE;
  return how;
}

// Every verdict is what its interval says (viewer.h, ReviewVerdict), in points.
void check_verdict(const analysis::ReviewMark& m, const analysis::ReviewSettings& how) {
  CAPTURE(m.step);
  switch (m.verdict) {
    case analysis::ReviewVerdict::Agrees:
      CHECK(m.best == m.played);
      CHECK(std::isnan(m.best_value));
      CHECK(m.repeats == 0);
      break;
    case analysis::ReviewVerdict::Costly: CHECK(m.cost() - m.margin > how.negligible); break;
    case analysis::ReviewVerdict::AsGood: CHECK(m.cost() + m.margin <= how.negligible); break;
    case analysis::ReviewVerdict::Noise:
      CHECK(m.repeats == how.repeats);
      CHECK(m.cost() - m.margin <= how.negligible);
      CHECK(m.cost() + m.margin > how.negligible);
      break;
  }
  if (m.verdict != analysis::ReviewVerdict::Agrees) {
    CHECK(m.best != m.played);
    CHECK(m.margin >= 0);
    CHECK(m.repeats >= analysis::ReviewSettings::FIRST_LOOK);
  }
}

}  // namespace

TEST_CASE("paired_diff: the mean of the differences with Student's interval at n - 1 degrees of freedom") {
  const analysis::MeanDiff d = analysis::paired_diff({3, 5, 7, 9}, {1, 2, 3, 4}, 0.95);
  CHECK(d.diff == doctest::Approx(3.5));                      // differences 2, 3, 4, 5
  CHECK(d.se == doctest::Approx(std::sqrt(5.0 / 3.0 / 4.0)));  // their variance 5/3, over n = 4
  CHECK(d.df == 3);
  CHECK(d.margin == doctest::Approx(3.182446 * d.se).epsilon(1e-4));  // t(0.975, 3)
  const analysis::MeanDiff same = analysis::paired_diff({1, 4, 2}, {0, 3, 1}, 0.99);  // differences all 1
  CHECK(same.diff == doctest::Approx(1));
  CHECK(same.margin == 0);
  CHECK_THROWS_AS(analysis::paired_diff({1, 2}, {1}, 0.9), std::invalid_argument);
  CHECK_THROWS_AS(analysis::paired_diff({1}, {1}, 0.9), std::invalid_argument);
}

TEST_CASE("versus review: one mark per decision of the seat, each verdict what its interval says, the same on 1 and 2 threads") {
  const analysis::LoadedVsRecord g = load(BASE_RECORD);
  const analysis::ReviewSettings how = settings(8);
  std::vector<analysis::ReviewMark> one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = analysis::review_vs_record(g, quick(1), how);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = analysis::review_vs_record(g, quick(1), how);
  }
  REQUIRE(!one.empty());
  REQUIRE(one.size() == two.size());
  int count[4] = {};
  for (size_t i = 0; i < one.size(); ++i) {
    CAPTURE(i);
    CHECK(one[i].seat == 1);
    CHECK(g.rec.steps[size_t(one[i].step)].text == one[i].played);
    if (i > 0) CHECK(one[i].step > one[i - 1].step);
    check_verdict(one[i], how);
    ++count[int(one[i].verdict)];
  }
  // The random seat against the expert's judgement: agreements, and decisions the interval can stand behind.
  CHECK(count[int(analysis::ReviewVerdict::Agrees)] > 0);
  CHECK(count[int(analysis::ReviewVerdict::Costly)] > 0);
  const std::string text = analysis::review_vs_text(g, one, quick(1), 5, how);
  CHECK(text == analysis::review_vs_text(g, two, quick(1), 5, how));
  CHECK(text.find("verdicts: the judge agrees " + std::to_string(count[0]) + ",") != std::string::npos);
  CHECK(text.find("costliest decisions (marked costly):\n  step ") != std::string::npos);
  // The lines by seat: seat 1 alone (the others decided nothing reviewed), with every decision counted.
  const size_t by = text.find("\nby seat:\n  seat 1 (");
  REQUIRE(by != std::string::npos);
  CHECK(text.find(": " + std::to_string(one.size()) + " decisions, agrees " + std::to_string(count[0]) + ",", by) != std::string::npos);
  CHECK(text.find("  seat 0 (") == std::string::npos);
  // Every seat: more decisions, seat 1's among them with the same marks (a decision's seed is its step's).
  const std::vector<analysis::ReviewMark> all = analysis::review_vs_record(g, quick(-1), how);
  CHECK(all.size() > one.size());
  size_t k = 0;
  for (const analysis::ReviewMark& m : all) {
    if (m.seat != 1 || k >= one.size()) continue;
    const analysis::ReviewMark& o = one[k++];
    CHECK(m.step == o.step);
    CHECK(m.best == o.best);
    CHECK(m.verdict == o.verdict);
    CHECK(m.repeats == o.repeats);
    if (m.verdict != analysis::ReviewVerdict::Agrees) CHECK(m.cost() == o.cost());
  }
  CHECK(k == one.size());
  CHECK_THROWS_AS(analysis::review_vs_record(g, quick(3), how), analysis::AnalysisError);  // three seats: 0-2
  CHECK_THROWS_AS(analysis::review_vs_record(g, quick(1), settings(1)), analysis::AnalysisError);
}

TEST_CASE("versus review: the better line starts with the judge's option and plays a few turns on the record's pile") {
  const analysis::LoadedVsRecord g = load(BASE_RECORD);
  const std::vector<analysis::ReviewMark> marks = analysis::review_vs_record(g, quick(1), settings(8));
  const analysis::ReviewMark* costly = nullptr;
  for (const analysis::ReviewMark& m : marks)
    if (m.marked() && !costly) costly = &m;
  REQUIRE(costly);
  const analysis::VsBetterLine line = analysis::vs_better_line(g, *costly, quick(1), 3);
  REQUIRE(line.steps.size() == line.seats.size());
  CHECK(line.steps.front() == costly->best);
  CHECK(line.seats.front() == 1);
  CHECK(line.scores.size() == 3);
  // Three more tiles placed, unless the game ended; each draw the record's pile's next tile.
  CHECK((line.over || line.turns == costly->turn + 3));
  std::vector<std::string> draws, line_draws;
  for (const RecordStep& st : g.rec.steps)
    if (st.text.rfind("draw ", 0) == 0) draws.push_back(st.text);
  for (const std::string& st : line.steps)
    if (st.rfind("draw ", 0) == 0) line_draws.push_back(st);
  REQUIRE(!line_draws.empty());
  const size_t at = size_t(costly->turn);  // the tiles drawn before the line's first draw (no tile of this record was discarded)
  for (size_t k = 0; k < line_draws.size() && at + k < draws.size(); ++k) CHECK(line_draws[k] == draws[at + k]);
  // The same line on the same mark; an option that is not the position's is refused.
  CHECK(analysis::vs_better_line(g, *costly, quick(1), 3).steps == line.steps);
  analysis::ReviewMark bad = *costly;
  bad.best = "place 99 99 0";
  CHECK_THROWS_AS(analysis::vs_better_line(g, bad, quick(1), 3), analysis::AnalysisError);
}

TEST_CASE("versus review: an option valued against itself costs nothing; a value is the same on the same seed") {
  const analysis::LoadedVsRecord g = load(BASE_RECORD);
  const vs::VsRules& R = g.rules;
  size_t next = 0;
  vs::VsState s = vs::deal_state(R, vs::vs_record_deal(R, g.rec, g.path), &next);
  // The first decision with two or more options.
  std::vector<vs::VsAction> opts(vs::VS_MAX_ACTIONS);
  vs::VsState before{};
  int n = 0;
  vs::vs_replay(R, g.rec, g.path, [&](const vs::VsState& after, const std::string&) {
    if (n < 2 && !vs::is_chance(s)) {
      n = vs::legal_actions(R, s, opts.data());
      if (n >= 2) before = s;
    }
    s = after;
  });
  REQUIRE(n >= 2);
  const analysis::VsReview review = quick(-1);
  const double a = analysis::vs_option_value(R, before, opts[0], before.player, review, 42);
  CHECK(a == analysis::vs_option_value(R, before, opts[0], before.player, review, 42));
  // The judge's own choice played: it agrees, with no games played.
  const std::string mine = vs::action_text(R, before, opts[size_t(analysis::make_vs_agent(R, review.judge, 7)(before, opts.data(), n))]);
  const analysis::ReviewMark agree = analysis::review_vs_decision(R, before, mine, 0, review, 7, settings(8));
  CHECK(agree.verdict == analysis::ReviewVerdict::Agrees);
  CHECK(agree.repeats == 0);
  // An option against itself on paired games: each pair equal, the cost exactly 0 with no width.
  const analysis::MeanDiff d = analysis::paired_diff({a, a + 3}, {a, a + 3}, 0.99);
  CHECK(d.diff == 0);
  CHECK(d.margin == 0);
  CHECK_THROWS_AS(analysis::review_vs_decision(R, before, "place 99 99 0", 0, review, 7, settings(8)), analysis::AnalysisError);
}

TEST_CASE("mists review on a competitive record: text, page with the marks and the costliest, flags that do not apply refused") {
  const TempDir dir;
  const Run r = mists_cmd(std::string("review ") + BASE_RECORD + " --seat 1 --agent expert --repeats 8 --out " + dir.file("r.txt") +
                          " --html " + dir.file("r.html"));
  REQUIRE(r.status == 0);
  const std::string text = read_file(dir.file("r.txt"));
  CHECK(text.find("reviewed: seat 1 (random)'s decisions") != std::string::npos);
  CHECK(text.find("judged by expert, valued by expert") != std::string::npos);
  const std::string html = read_file(dir.file("r.html"));
  CHECK(html.find("<ol id=\"costliest\">") != std::string::npos);
  CHECK(html.find("\"verdict\":\"costly\"") != std::string::npos);
  CHECK(html.find("\"digits\":2") != std::string::npos);
  // Flags of the other kind of record, and seats the game does not have.
  const Run seat = mists_cmd(std::string("review ") + BASE_RECORD + " --seat 3 --agent expert");
  CHECK(seat.status != 0);
  CHECK(seat.output.find("seat 3: the game has seats 0 to 2") != std::string::npos);
  const Run catalog = mists_cmd(std::string("review ") + BASE_RECORD + " --catalog configs/tiles/base-c3.toml");
  CHECK(catalog.status != 0);
  CHECK(catalog.output.find("--catalog is for co-op records") != std::string::npos);
  const Run coop = mists_cmd("review tests/records/level5-2p-seed7-game3-expert.txt --seat 1");
  CHECK(coop.status != 0);
  CHECK(coop.output.find("--seat is for competitive records") != std::string::npos);
  const Run search = mists_cmd("review tests/records/level5-2p-seed7-game3-expert.txt --agent mcts --rollout greedy");
  CHECK(search.status != 0);
  CHECK(search.output.find("--rollout: an mcts judge values options by its own searches") != std::string::npos);
  const Run slow = mists_cmd("review tests/records/level5-2p-seed7-game3-expert.txt --rollout mcts");
  CHECK(slow.status != 0);
  CHECK(slow.output.find("is a search; it plays hundreds of games a decision") != std::string::npos);
  const Run agent = mists_cmd(std::string("review ") + BASE_RECORD + " --agent planner");
  CHECK(agent.status != 0);
  CHECK(agent.output.find("not a competitive agent") != std::string::npos);
}
