// mists balance that advises (issue 34, part 2): the search over synthetic win-rate curves (no games
// played: `search_balance` takes the games of each value from a function), and the command's own
// checks of a parameter's whole range.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/design/balance.h"
#include "analysis_helpers.h"

using namespace mists;
using analysis::BalancePoint;
using analysis::BalanceSearch;
namespace ah = mists::test::ah;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// The games of one value when the win rate is `rate`; the losses all of one cause.
BalancePoint games_at(double rate, long long games, const std::string& cause) {
  BalancePoint p;
  p.games = games;
  p.wins = std::llround(rate * double(games));
  if (p.games > p.wins) p.losses[cause] = p.games - p.wins;
  return p;
}

}  // namespace

TEST_CASE("balance: a win rate that levels off is a plateau, said with the loss cause that decides") {
  // Level 4's ghosts as the issue found them: the rate climbs to 21% and stays, the losses are pile 2's target.
  BalanceSearch s;
  s.param = "ghosts";
  s.target = 0.25;
  s.lo = 3, s.hi = 60, s.full_lo = 1, s.full_hi = 250, s.current = 13;
  s.hound1 = 20, s.hound2 = 60, s.goal = 120;
  int played = 0;
  const auto r = analysis::search_balance(s, {}, [&](int v) {
    ++played;
    return games_at(std::min(0.21, 0.015 * v), 2000, "pile2_target");
  });
  CHECK_FALSE(r.reached);
  CHECK(r.plateau);
  CHECK(played == 3);  // both ends and the middle
  CHECK_MESSAGE(has(r.verdict, "is not reached between ghosts = 3"), r.verdict);
  CHECK_MESSAGE(has(r.verdict, "the win rate levels off (ghosts = 31: 21.0% ["), r.verdict);
  CHECK_MESSAGE(has(r.verdict, "The losses at ghosts = 60: pile2_target 79.0%"), r.verdict);
  CHECK_MESSAGE(has(r.verdict, "pile 2 runs out before hound 2 is reached: move hound2 instead (--param hound2)"), r.verdict);
  CHECK_MESSAGE(!has(r.verdict, "widen"), r.verdict);
  CHECK_MESSAGE(!has(r.verdict, "--hi"), r.verdict);
}

TEST_CASE("balance: never asks to widen past the parameter's whole range") {
  BalanceSearch s;
  s.param = "hound1";
  s.target = 0.10;
  s.hound1 = 20, s.hound2 = 60, s.goal = 120, s.current = 20;
  s.full_lo = 1, s.full_hi = 59;
  // The win rate falls as hound 1 rises, but not to 10% before hound 2.
  auto curve = [](int v) { return games_at(0.40 - 0.1 * (v - 1) / 58.0, 4000, "pile1_target"); };
  s.lo = 1, s.hi = 59;
  const auto whole = analysis::search_balance(s, {}, curve);
  CHECK_FALSE(whole.reached);
  CHECK_FALSE(whole.plateau);
  CHECK_MESSAGE(has(whole.verdict, "hound1 can go no higher than 59 here (its whole range is 1..59): no value of hound1 reaches the target"),
                whole.verdict);
  CHECK_MESSAGE(!has(whole.verdict, "raise --hi"), whole.verdict);
  // Flat as well: the end of the whole range is said first (a fact of the rules, not a reading of rates).
  const auto flat = analysis::search_balance(s, {}, [](int) { return games_at(0.3, 4000, "pile1_target"); });
  CHECK_FALSE(flat.plateau);
  CHECK_MESSAGE(has(flat.verdict, "no value of hound1 reaches the target, and the win rate hardly moves toward it."), flat.verdict);
  // A range short of the whole: widen, up to its end and no further.
  s.hi = 40;
  const auto part = analysis::search_balance(s, {}, curve);
  CHECK_FALSE(part.reached);
  CHECK_MESSAGE(has(part.verdict, "raise --hi (up to 59, the end of hound1's range here)"), part.verdict);
  // The other way: a rate that must rise, the range at its low end.
  s.lo = 1, s.hi = 59, s.target = 0.6;
  const auto low = analysis::search_balance(s, {}, curve);
  CHECK_MESSAGE(has(low.verdict, "hound1 can go no lower than 1 here"), low.verdict);
}

TEST_CASE("balance: stops as soon as a tried value's interval holds the target") {
  BalanceSearch s;
  s.param = "ghosts";
  s.target = 0.25;
  s.lo = 3, s.hi = 27, s.full_lo = 1, s.full_hi = 250, s.current = 15;
  s.hound1 = 15, s.hound2 = 50, s.goal = 100;
  // The lower end is at the target already: no more values after the two ends.
  int played = 0;
  auto curve = [&](int v) {
    ++played;
    return games_at(0.25 + 0.02 * (v - 3), 1000, "ghost_supply");
  };
  const auto r = analysis::search_balance(s, {}, curve);
  CHECK(r.reached);
  CHECK(r.best == 3);
  CHECK(played == 2);
  CHECK_MESSAGE(has(r.verdict, "ghosts = 3 gives 25.0% ["), r.verdict);
  CHECK_MESSAGE(has(r.verdict, "an interval that holds the target 25.0% (level value 15"), r.verdict);
  // Inside the range: the bisection ends at the first value that holds it.
  s.target = 0.50;
  played = 0;
  const auto mid = analysis::search_balance(s, {}, curve);
  CHECK(mid.reached);
  CHECK(std::fabs(mid.points.at(mid.best).rate() - 0.5) < 0.04);
  CHECK(played <= 5);
  // A resumed search reuses the values it has and plays the same way.
  played = 0;
  const auto again = analysis::search_balance(s, mid.points, curve);
  CHECK(played == 0);
  CHECK(again.best == mid.best);
  CHECK(again.verdict == mid.verdict);
  // A target of 100% is held only by a value that won every game.
  s.target = 1.0;
  const auto all = analysis::search_balance(s, {}, [](int v) { return games_at(v >= 20 ? 1.0 : 0.9, 100, "ghost_supply"); });
  CHECK(all.reached);
  CHECK(all.best == 27);
}

TEST_CASE("balance: a value that makes another number meaningless is warned about") {
  CHECK(analysis::meaningless_warning("goal", 41, 15, 60, 100) ==
        "goal 41 is not above hound 2 (60): the game is won before hound 2 comes, so hound 2 and pile 2's target mean nothing");
  CHECK(has(analysis::meaningless_warning("goal", 10, 15, 60, 100), "not above hound 1 (15)"));
  CHECK(analysis::meaningless_warning("goal", 61, 15, 60, 100).empty());
  CHECK(has(analysis::meaningless_warning("hound2", 100, 15, 60, 100), "hound2 100 is not below the goal (100)"));
  CHECK(analysis::meaningless_warning("ghosts", 3, 15, 60, 100).empty());
  // In a search: the goal for 60% falls below hound 2.
  BalanceSearch s;
  s.param = "goal";
  s.target = 0.59;
  s.lo = 33, s.hi = 200, s.full_lo = 1, s.full_hi = 30000, s.current = 100;
  s.hound1 = 15, s.hound2 = 60, s.goal = 100;
  const auto r = analysis::search_balance(s, {}, [](int v) { return games_at(std::max(0.0, 1.0 - v / 100.0), 4000, "tiles_out"); });
  CHECK(r.reached);
  CHECK(r.best < 60);
  REQUIRE(r.warnings.size() == 1);
  CHECK(has(r.warnings[0], "is not above hound 2 (60)"));
  CHECK_MESSAGE(has(r.verdict, "Warning: goal " + std::to_string(r.best) + " is not above hound 2 (60)"), r.verdict);
}

TEST_CASE("balance: --lo/--hi outside the parameter's whole range are refused by name; balance.json keeps the loss causes") {
  ah::TempDir dir("balance-range"), logs("balance-range-logs");
  const auto r = ah::run_cli({"balance", "--level", "4", "--param", "hound1", "--hi", "70", "--games", "2", "--out", dir.sub("b"), "-q"}, logs);
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, "--hi 70: hound1 takes 1..59 on level 4 (below hound 2 = 60)"), r.err);
  CHECK(!std::filesystem::exists(dir.sub("b")));
  const auto g = ah::run_cli({"balance", "--level", "4", "--param", "ghosts", "--lo", "0", "--games", "2", "--out", dir.sub("b"), "-q"}, logs);
  CHECK(g.status == 2);
  CHECK_MESSAGE(has(g.err, "--lo 0: ghosts takes "), g.err);
  // A small search: every value's losses by cause, adding up to its lost games, in balance.json and balance.md.
  const auto run = ah::run_cli({"balance", "--level", "1", "--players", "2", "--agent", "random", "--param", "ghosts", "--lo", "14", "--hi",
                                "15", "--games", "6", "--threads", "1", "--out", dir.sub("c"), "-q"},
                               logs);
  REQUIRE((run.status == 0 || run.status == 1));
  const auto j = nlohmann::json::parse(ah::slurp(dir.sub("c/balance.json")));
  for (const auto& p : j.at("points")) {
    long long lost = 0;
    for (const auto& [cause, n] : p.at("losses").items()) lost += n.get<long long>();
    CHECK(lost == p.at("games").get<long long>() - p.at("wins").get<long long>());
  }
  CHECK(has(ah::slurp(dir.sub("c/balance.md")), "| losses by cause |"));
  // A cause that is none, or causes that do not add up, are refused with the field.
  auto bad = j;
  bad["points"][0]["losses"] = {{"bad_luck", 1}};
  ah::spit(dir.sub("c/balance.json"), bad.dump(2));
  const auto refused = ah::run_cli({"balance", "--level", "1", "--players", "2", "--agent", "random", "--param", "ghosts", "--lo", "14",
                                    "--hi", "15", "--games", "6", "--threads", "1", "--out", dir.sub("c"), "-q"},
                                   logs);
  CHECK(refused.status == 2);
  CHECK_MESSAGE(has(refused.err, "balance.json: points[0].losses.bad_luck: not a loss cause"), refused.err);
}

TEST_CASE("balance: a value past which the number decides no game is a plateau, never an answer (issue 45)") {
  // Level 4's ghosts, 2 players, the expert: the win rate climbs to 22% and stays there from about
  // 60 ghosts on, where no game is lost to the ghost supply any more; 200 games a value.
  auto curve = [](int v) {
    BalancePoint p;
    p.games = 200;
    p.wins = std::llround(200 * std::min(0.22, 0.01 + 0.0045 * (v - 13)));
    const long long lost = p.games - p.wins;
    const long long supply = v < 60 ? std::llround(double(lost) * (60 - v) / 47.0) : 0;
    if (supply) p.losses["ghost_supply"] = supply;
    if (lost > supply) p.losses["pile2_target"] = lost - supply;
    return p;
  };
  BalanceSearch s;
  s.param = "ghosts";
  s.target = 0.25;
  s.full_lo = 3, s.full_hi = 250, s.current = 13;
  s.hound1 = 20, s.hound2 = 60, s.goal = 120;
  for (auto [lo, hi] : {std::pair{13, 250}, std::pair{3, 60}}) {
    CAPTURE(hi);
    s.lo = lo, s.hi = hi;
    const auto r = analysis::search_balance(s, {}, curve);
    CHECK_FALSE(r.reached);  // exit 1
    CHECK(r.plateau);
    CHECK(r.best == 60);     // the plateau's first value, not the end of the range
    CHECK_MESSAGE(has(r.verdict, "Not reachable with ghosts for this agent: from ghosts = 60 on, no game is lost to the ghost supply"), r.verdict);
    CHECK_MESSAGE(has(r.verdict, "The target lies inside that interval"), r.verdict);
    CHECK_MESSAGE(has(r.verdict, "move hound2 instead (--param hound2)"), r.verdict);
    CHECK_MESSAGE(!has(r.verdict, "ghosts = 250 gives"), r.verdict);
  }
  // A hound: lower thresholds lose fewer games to their pile; the plateau lies below.
  BalanceSearch h;
  h.param = "hound1";
  h.target = 0.5;
  h.lo = 1, h.hi = 40, h.full_lo = 1, h.full_hi = 59, h.current = 20;
  h.hound1 = 20, h.hound2 = 60, h.goal = 120;
  const auto r = analysis::search_balance(h, {}, [](int v) {
    BalancePoint p;
    p.games = 400;
    p.wins = std::llround(400 * (v <= 10 ? 0.5 : 0.5 - 0.01 * (v - 10)));
    const long long lost = p.games - p.wins;
    const long long pile = v <= 10 ? 0 : std::min(lost, (long long)(10 * (v - 10)));
    if (pile) p.losses["pile1_target"] = pile;
    if (lost > pile) p.losses["ghost_supply"] = lost - pile;
    return p;
  });
  CHECK_FALSE(r.reached);
  CHECK_MESSAGE(has(r.verdict, "from hound1 = 10 on, no game is lost to pile 1 running out"), r.verdict);
}
