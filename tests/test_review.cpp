// mists review and the game page (analysis/pages/viewer.h): a mark per decision of the record with the
// verdict its interval gives, the same review on 1 and 2 threads, two options of equal worth left
// unmarked and a thrown-away win marked, a page frame per turn with the replay's numbers, and a
// corrupt record refused by review and --html with the same message as replay.
#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/pages/game_page.h"
#include "analysis/run/stats.h"
#include "analysis/pages/viewer.h"
#include "solver/agents.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::sh;

namespace {

const char* RECORD = "tests/records/level5-2p-seed7-game3-expert.txt";

std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream os;
  os << f.rdbuf();
  return os.str();
}

// The JSON block of a game page.
nlohmann::json page_data(const std::string& html) { return analysis::game_page_data(html); }

// Every verdict is what its interval says (viewer.h, ReviewVerdict).
void check_verdict(const analysis::ReviewMark& m, const analysis::ReviewSettings& how) {
  CAPTURE(m.step);
  CHECK(m.best_value >= 0);
  CHECK(m.best_value <= 1);
  CHECK(m.played_value >= 0);
  CHECK(m.played_value <= 1);
  CHECK(m.margin >= 0);
  switch (m.verdict) {
    case analysis::ReviewVerdict::Agrees:
      CHECK(m.best == m.played);
      CHECK(m.cost() == 0);
      CHECK(m.repeats == 0);
      break;
    case analysis::ReviewVerdict::Costly:
      CHECK(m.cost() - m.margin > how.negligible);
      break;
    case analysis::ReviewVerdict::AsGood:
      CHECK(m.cost() + m.margin <= how.negligible);
      break;
    case analysis::ReviewVerdict::Noise:
      CHECK(m.repeats == how.repeats);  // only the cap ends a review of a decision within noise
      CHECK(m.cost() - m.margin <= how.negligible);
      CHECK(m.cost() + m.margin > how.negligible);
      break;
  }
  if (m.verdict != analysis::ReviewVerdict::Agrees) {
    CHECK(m.best != m.played);
    CHECK(m.repeats >= std::min(analysis::ReviewSettings::FIRST_LOOK, how.repeats));
    CHECK(m.repeats <= how.repeats);
  }
}

// The position before step `step` (0-based) of the record.
State before_step(const analysis::LoadedRecord& g, int step) {
  State prev = initial_state(g.rules, record_deal(g.rules, g.rec, g.path)), before{};
  int at = -1;
  bool found = false;
  replay(g.rules, g.rec, g.path, [&](const State& s, const std::string& text) {
    const bool recorded = text.rfind("(", 0) != 0;  // forced steps are not in the record
    if (recorded && ++at == step) before = prev, found = true;
    prev = s;
  });
  REQUIRE(found);
  return before;
}

}  // namespace

TEST_CASE("review: one mark per decision, in record order, each verdict what its interval says, the same on 1 and 2 threads") {
  const analysis::LoadedRecord g = analysis::load_record(source_path(RECORD));
  const analysis::AgentSpec agent = analysis::parse_agent("mcts:playouts=30");
  analysis::ReviewSettings how;
  how.repeats = 8;
  std::vector<analysis::ReviewMark> one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = analysis::review_record(g, agent, how);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = analysis::review_record(g, agent, how);
  }
  std::vector<int> decisions;
  for (size_t i = 0; i < g.rec.steps.size(); ++i)
    if (g.rec.steps[i].text.rfind("draw ", 0) != 0) decisions.push_back(int(i));
  REQUIRE(one.size() == decisions.size());
  REQUIRE(two.size() == one.size());
  int count[4] = {};
  for (size_t i = 0; i < one.size(); ++i) {
    CAPTURE(i);
    CHECK(one[i].step == decisions[i]);
    CHECK(one[i].played == g.rec.steps[size_t(decisions[i])].text);
    CHECK(one[i].best == two[i].best);
    CHECK(one[i].best_value == two[i].best_value);
    CHECK(one[i].played_value == two[i].played_value);
    CHECK(one[i].margin == two[i].margin);
    CHECK(one[i].repeats == two[i].repeats);
    CHECK(one[i].verdict == two[i].verdict);
    check_verdict(one[i], how);
    ++count[int(one[i].verdict)];
  }
  CHECK(count[int(analysis::ReviewVerdict::Agrees)] > 0);
  CHECK(count[int(analysis::ReviewVerdict::Agrees)] < int(one.size()));
  const std::string text = analysis::review_text(g, one, 5, how);
  CHECK(text == analysis::review_text(g, two, 5, how));
  CHECK(text.find("costliest decisions") != std::string::npos);
  CHECK(text.find("verdicts: the search agrees " + std::to_string(count[0])) != std::string::npos);
  CHECK_THROWS_AS(analysis::review_record(g, analysis::parse_agent("expert")), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::review_record(g, analysis::parse_agent("clairvoyant")), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::review_record(g, analysis::parse_agent("planner")), analysis::AnalysisError);
  how.repeats = 1;
  CHECK_THROWS_AS(analysis::review_record(g, agent, how), analysis::AnalysisError);
}

TEST_CASE("review: two options of equal worth are not marked (one player's two meeple colours on level 5)") {
  // On levels 1-5 the team scores as one, and a player places any colour of their own that has a
  // meeple in supply: placing red or green on the same feature, with as many red as green left,
  // leads to positions that differ only by the names of the player's two colours, of equal worth.
  // Step 149 of this record is the case of issue 33: one search of each marked it with cost 0.318.
  const analysis::LoadedRecord g = analysis::load_record(source_path(RECORD));
  REQUIRE_FALSE(g.rules.level.per_colour_scores);
  const analysis::AgentSpec judge = analysis::parse_agent("mcts");  // the default review's judge
  struct Case {
    int step;               // 1-based, as the review prints it
    const char *played, *other;
    int red, green;         // the colours' indices
  };
  for (const Case& c : {Case{149, "meeple city0 red", "meeple city0 green", 0, 1}, Case{3, "meeple city1 green", "meeple city1 red", 0, 1}}) {
    CAPTURE(c.step);
    const State before = before_step(g, c.step - 1);
    REQUIRE(g.rec.steps[size_t(c.step - 1)].text == c.played);
    const std::vector<std::string> opts = options(g.rules, before);
    REQUIRE(std::find(opts.begin(), opts.end(), c.other) != opts.end());
    REQUIRE(before.supply[size_t(c.red)] == before.supply[size_t(c.green)]);
    State a = before, b = before;
    act(g.rules, a, c.played);
    act(g.rules, b, c.other);
    CHECK(a.supply[size_t(c.red)] == b.supply[size_t(c.green)]);  // the same after the colours' swap
    CHECK(a.supply[size_t(c.green)] == b.supply[size_t(c.red)]);
    CHECK(a.score == b.score);
    const analysis::ReviewSettings how;
    const analysis::ReviewMark m =
        analysis::review_decision(g.rules, before, c.played, c.step - 1, judge, analysis::review_seed(g.rec, c.step - 1), how);
    check_verdict(m, how);
    CHECK_FALSE(m.marked());
    if (c.step == 149) {
      CHECK(m.best == c.other);                               // the search still leans to green, as in the issue
      CHECK(m.verdict == analysis::ReviewVerdict::Noise);     // but cannot tell the two apart
      CHECK(m.repeats == how.repeats);
    }
  }
}

TEST_CASE("review: a decision that throws away the win is marked, by mcts and by mcts with the learned value") {
  // Level 1, the expert's game 0 of seed 1: the first position where scoring the points wins the
  // game and another option (ghosts instead of points) does not.
  const Rules R = mists_rules(1, 2);
  ExpertAgent expert(R, 0);
  State at{};
  std::string win, other;
  auto choose = [&](const State& s, const Action* o, int n) {
    std::string w, x;
    for (int i = 0; i < n; ++i) {
      State t = s;
      apply(R, t, o[i]);
      (t.outcome == Outcome::Won ? w : x) = action_text(R, s, o[i]);
    }
    if (win.empty() && !w.empty() && !x.empty()) at = s, win = w, other = x;
    return expert(s, o, n);
  };
  play_game(R, seeded_deal(R, 1, 0), choose);
  REQUIRE_FALSE(win.empty());
  CAPTURE(win);
  CAPTURE(other);
  const analysis::ReviewSettings how;
  for (const char* judge : {"mcts", "mcts:value=learned,playouts=300"}) {
    CAPTURE(judge);
    const analysis::ReviewMark m = analysis::review_decision(R, at, other, 0, analysis::parse_agent(judge), 99, how);
    check_verdict(m, how);
    CHECK(m.verdict == analysis::ReviewVerdict::Costly);
    CHECK(m.best_value == 1);  // every playout of the winning option is a win
    CHECK(m.cost() > 0.05);
    // Played the other way round, the search agrees.
    CHECK(analysis::review_decision(R, at, win, 0, analysis::parse_agent(judge), 99, how).verdict == analysis::ReviewVerdict::Agrees);
  }
}

TEST_CASE("viewer: a frame per turn with the numbers of the replay, and the review's marks") {
  const analysis::LoadedRecord g = analysis::load_record(source_path(RECORD));
  const std::vector<analysis::ReviewMark> marks = analysis::review_record(g, analysis::parse_agent("mcts:playouts=10"));
  const std::string html = analysis::viewer_html(g, &marks, "test </script> page");
  CHECK(html.find("test &lt;/script&gt; page") != std::string::npos);
  const nlohmann::json data = page_data(html);
  const auto& frames = data.at("frames");
  REQUIRE(frames.size() == size_t(g.rec.turns) + 1);  // the set-up, then every turn
  // Each frame's numbers are the replay's at that point.
  std::vector<State> at_turn;
  at_turn.push_back(initial_state(g.rules));
  replay(g.rules, g.rec, "record", [&](const State& s, const std::string& step) {
    if ((s.phase == Phase::Draw && step.rfind("draw ", 0) != 0) || s.phase == Phase::Over) at_turn.push_back(s);
  });
  REQUIRE(at_turn.size() == frames.size());
  for (size_t i = 0; i < frames.size(); ++i) {
    CAPTURE(i);
    CHECK(frames[i].at("turn") == at_turn[i].turn);
    CHECK(frames[i].at("score") == progress(g.rules, at_turn[i]));
    CHECK(frames[i].at("supply") == at_turn[i].ghost_supply);
    CHECK(frames[i].at("svg").get<std::string>().rfind("<svg", 0) == 0);
  }
  CHECK(frames.back().at("outcome").get<std::string>().rfind(g.rec.outcome, 0) == 0);
  CHECK(data.at("marks").size() == marks.size());
  for (const analysis::ReviewMark& m : marks) {
    const nlohmann::json& j = data.at("marks").at(std::to_string(m.step));
    CHECK(j.at("verdict") == analysis::verdict_name(m.verdict));
    CHECK(j.at("margin") == m.margin);
    CHECK(j.at("cost") == m.cost());
    CHECK(j.at("seat") == m.seat);
  }
  // An anchor per board, and the costly decisions, costliest first, each linked to the board that
  // lists its step.
  for (size_t i = 0; i < frames.size(); ++i) CHECK(html.find("<a id=\"turn-" + std::to_string(i) + "\" href=\"#turn-" + std::to_string(i) + "\"") != std::string::npos);
  std::vector<analysis::ReviewMark> costly;
  for (const analysis::ReviewMark& m : marks)
    if (m.marked()) costly.push_back(m);
  std::stable_sort(costly.begin(), costly.end(), [](const auto& a, const auto& b) { return a.cost() > b.cost(); });
  REQUIRE_FALSE(costly.empty());  // mcts:playouts=10 finds some on this game
  const size_t list = html.find("<ol id=\"costliest\">");
  REQUIRE(list != std::string::npos);
  const std::string items = html.substr(list, html.find("</ol>", list) - list);
  size_t from = 0, n_items = 0;
  for (const analysis::ReviewMark& m : costly) {
    size_t frame = frames.size();
    for (size_t i = 0; i < frames.size(); ++i)
      for (const auto& st : frames[i].at("steps"))
        if (st.at("step") == m.step) frame = i;
    REQUIRE(frame < frames.size());
    const std::string player = analysis::review_by_player(g, marks).at(size_t(m.seat)).label;  // "player 1 (red, green)"
    const std::string item = "<li><a href=\"#turn-" + std::to_string(frame) + "\">step " + std::to_string(m.step + 1) + " (turn " +
                             std::to_string(m.turn) + ", " + player + ")</a>";
    const size_t at = items.find(item, from);
    CHECK_MESSAGE(at != std::string::npos, item);
    if (at != std::string::npos) from = at + item.size();
    CHECK(html.find("<a id=\"turn-" + std::to_string(frame) + "\" href=\"#turn-" + std::to_string(frame) + "\" class=\"costly\">") != std::string::npos);
  }
  for (size_t k = items.find("<li>"); k != std::string::npos; k = items.find("<li>", k + 1)) ++n_items;
  CHECK(n_items == costly.size());
  // Without a review: no marks, no list, the anchors all the same.
  const std::string plain = analysis::viewer_html(g, nullptr, "x");
  CHECK(page_data(plain).at("marks").empty());
  CHECK(plain.find("id=\"costliest\"") == std::string::npos);
  CHECK(plain.find("class=\"costly\"") == std::string::npos);
  CHECK(plain.find("<a id=\"turn-" + std::to_string(frames.size() - 1) + "\"") != std::string::npos);
}

TEST_CASE("review and --html refuse a corrupt record with replay's message") {
  TempDir dir;
  std::string text = read(source_path(RECORD));
  const size_t at = text.find("\nplace ");
  REQUIRE(at != std::string::npos);
  text.replace(at, 7, "\nplace 99 ");
  {
    std::ofstream f(dir.file("bad.txt"));
    f << text;
  }
  const Run replayed = mists_cmd("replay " + quote(dir.file("bad.txt")));
  const Run reviewed = mists_cmd("review " + quote(dir.file("bad.txt")));
  const Run paged = mists_cmd("replay " + quote(dir.file("bad.txt")) + " --html " + quote(dir.file("bad.html")));
  CHECK(replayed.status != 0);
  CHECK(reviewed.status == replayed.status);
  // "bad.txt:LINE: step N: ..." (no std::regex: GCC 12 warns inside it under ASan at -O2)
  const size_t file_at = replayed.output.find("bad.txt:", replayed.output.find("mists: error"));
  REQUIRE(file_at != std::string::npos);
  size_t k = file_at + 8;
  while (k < replayed.output.size() && std::isdigit(static_cast<unsigned char>(replayed.output[k]))) ++k;
  CHECK(k > file_at + 8);
  CHECK(replayed.output.compare(k, 7, ": step ") == 0);
  const std::string first = replayed.output.substr(replayed.output.find("mists: error"));
  CHECK(reviewed.output.find(first.substr(0, first.find('\n'))) != std::string::npos);
  CHECK(paged.status == replayed.status);
  CHECK_FALSE(std::filesystem::exists(dir.file("bad.html")));
}

TEST_CASE("study: the report links a won and a lost example game of each level, each the study's own game") {
  TempDir dir;
  const Run run = mists_cmd("analyze --levels 1,2 --players 2 --agents greedy,expert --games 12 --seed 4 --out " + quote(dir.file("s")) + " -q");
  REQUIRE(run.status == 0);
  const std::string md = read(dir.file("s/report.md"));
  REQUIRE(md.find("## Example games") != std::string::npos);
  const std::string html = read(dir.file("s/report.html"));
  int pages = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.file("s/examples"))) {
    if (e.path().extension() != ".txt") continue;
    const std::string name = e.path().filename().string();
    CHECK(md.find("(examples/" + name + ")") != std::string::npos);
    CHECK(html.find("<a href=\"examples/" + name + "\">") != std::string::npos);
    // The example replays, and its result is the study's row of that game.
    const analysis::LoadedRecord g = analysis::load_record(e.path().string());
    const ReplayResult r = replay(g.rules, g.rec, name);
    const std::string games = read(dir.file("s/games.csv"));
    const std::string cell = name.substr(0, name.rfind("-g"));
    const std::string row_head = cell + "," + std::to_string(g.rec.level.number) + ",2,";
    bool found = false;
    std::istringstream lines(games);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind(row_head, 0) == 0 && line.find("," + std::to_string(g.rec.game) + "," + g.rec.outcome + ",") != std::string::npos)
        found = true;
    CHECK_MESSAGE(found, name << ": no row of game " << g.rec.game << " with outcome " << g.rec.outcome);
    CHECK(r.summary.score == g.rec.score);
    CHECK(std::filesystem::exists(dir.file("s/examples/" + name.substr(0, name.size() - 4) + ".html")));
    ++pages;
  }
  CHECK(pages == 4);  // levels 1 and 2: each has a won and a lost game among 12 expert games
}

TEST_CASE("paired_binary_diff: games that all agree still leave an interval; discordant pairs move the difference") {
  const std::vector<double> lost(16, 0.0);
  const analysis::MeanDiff same = analysis::paired_binary_diff(lost, lost, 0.99);
  CHECK(same.diff == 0);
  CHECK(same.margin > 0.05);  // 16 pairs that agree prove no cost under 2 points
  std::vector<double> a(100, 0.0), b(100, 0.0);
  for (int i = 0; i < 30; ++i) a[size_t(i)] = 1;  // 30 games only the first option wins, 10 only the second
  for (int i = 30; i < 40; ++i) b[size_t(i)] = 1;
  const analysis::MeanDiff d = analysis::paired_binary_diff(a, b, 0.95);
  CHECK(d.diff == doctest::Approx(0.2));
  CHECK(d.margin > 0.05);
  CHECK(d.margin < 0.15);
  CHECK(analysis::paired_binary_diff(a, b, 0.99).margin > d.margin);
  CHECK_THROWS_AS(analysis::paired_binary_diff({0.5, 1}, {0, 1}, 0.95), std::invalid_argument);
}

TEST_CASE("win-chance review: a thrown-away win costs its points of win chance; the judge and the games are checked") {
  // Level 3, the expert's games of seed 1: the first position where one option wins the game at once
  // and another leaves td winning at most half of 16 games played on.
  const Rules R = mists_rules(3, 2);
  const analysis::AgentSpec td = analysis::parse_agent("td");
  State at{};
  std::string win, other;
  for (uint64_t game = 0; game < 40 && win.empty(); ++game) {
    ExpertAgent expert(R, game);
    auto choose = [&](const State& s, const Action* o, int n) {
      if (!win.empty()) return expert(s, o, n);
      int w = -1;
      for (int i = 0; i < n && w < 0; ++i) {
        State t = s;
        apply(R, t, o[i]);
        if (t.outcome == Outcome::Won) w = i;
      }
      for (int i = 0; w >= 0 && i < n && win.empty(); ++i) {
        if (i == w) continue;
        double won = 0;
        for (uint64_t k = 0; k < 16; ++k) won += analysis::win_option_value(R, s, o[i], td, k);
        if (won <= 8) at = s, win = action_text(R, s, o[w]), other = action_text(R, s, o[i]);
      }
      return expert(s, o, n);
    };
    play_game(R, seeded_deal(R, 1, game), choose);
  }
  REQUIRE_FALSE(win.empty());
  CAPTURE(win);
  CAPTURE(other);
  const analysis::ReviewSettings how = analysis::win_chance_settings();
  for (const char* judge : {"expert", "td", "planner:value=blend,blend=10,samples=12"}) {
    CAPTURE(judge);
    const analysis::CoopJudge j = analysis::coop_judge(R, analysis::parse_agent(judge));
    CHECK(j.win_chance());
    CHECK(j.rollout.text == "td");
    const analysis::ReviewMark m = analysis::review_win_decision(R, at, other, 0, j, 99, how);
    CHECK(m.verdict == analysis::ReviewVerdict::Costly);
    CHECK(m.best_value == 1);  // the winning option wins every game
    CHECK(m.played_value < 1);
    CHECK(m.cost() - m.margin > how.negligible);
    CHECK(m.repeats >= how.first_look);
    // the same mark on the same seed; the option played the judge's way: no games, no values
    const analysis::ReviewMark again = analysis::review_win_decision(R, at, other, 0, j, 99, how);
    CHECK(again.played_value == m.played_value);
    CHECK(again.margin == m.margin);
    const analysis::ReviewMark agrees = analysis::review_win_decision(R, at, win, 0, j, 99, how);
    CHECK(agrees.verdict == analysis::ReviewVerdict::Agrees);
    CHECK(agrees.repeats == 0);
    CHECK(std::isnan(agrees.played_value));
  }
  // One game's value is a win or a loss; the winning option always wins.
  Action w{};
  REQUIRE(parse_action(R, at, win, w));
  CHECK(analysis::win_option_value(R, at, w, analysis::parse_agent("td"), 5) == 1);
  // Judges and agents that play on that a review cannot use.
  CHECK_THROWS_AS(analysis::coop_judge(R, analysis::parse_agent("clairvoyant")), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::coop_judge(R, analysis::parse_agent("td:preview=2")), analysis::AnalysisError);
  const analysis::AgentSpec mcts = analysis::parse_agent("mcts");
  CHECK_THROWS_AS(analysis::coop_judge(R, analysis::parse_agent("expert"), &mcts), analysis::AnalysisError);
  const analysis::AgentSpec seeing = analysis::parse_agent("td:preview=1");
  CHECK_THROWS_AS(analysis::coop_judge(R, analysis::parse_agent("expert"), &seeing), analysis::AnalysisError);
}

TEST_CASE("win-chance review of a record: the same on 1 and 2 threads, a summary per player, better lines, how it was lost") {
  const analysis::LoadedRecord g = analysis::load_record(source_path(RECORD));
  analysis::ReviewSettings how = analysis::win_chance_settings();
  how.repeats = 32;  // short: the verdicts' rules, not their strength
  const analysis::CoopJudge judge = analysis::coop_judge(g.rules, analysis::parse_agent("td"));
  std::vector<analysis::ReviewMark> one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = analysis::review_record(g, judge, how);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = analysis::review_record(g, judge, how);
  }
  REQUIRE(one.size() == two.size());
  REQUIRE_FALSE(one.empty());
  int disputed = 0;
  for (size_t i = 0; i < one.size(); ++i) {
    const analysis::ReviewMark& m = one[i];
    CAPTURE(m.step);
    CHECK(m.seat >= 0);
    CHECK(m.seat < 2);
    CHECK(m.verdict == two[i].verdict);
    if (m.verdict == analysis::ReviewVerdict::Agrees) continue;
    ++disputed;
    CHECK(m.played_value == two[i].played_value);
    CHECK(m.best_value >= 0);
    CHECK(m.best_value <= 1);
    if (m.verdict == analysis::ReviewVerdict::Costly) CHECK(m.cost() - m.margin > how.negligible);
    if (m.verdict == analysis::ReviewVerdict::AsGood) CHECK(m.cost() + m.margin <= how.negligible);
    if (m.verdict == analysis::ReviewVerdict::Noise) CHECK(m.repeats == how.repeats);
  }
  CHECK(disputed > 0);
  const std::vector<analysis::PlayerReview> players = analysis::review_by_player(g, one);
  REQUIRE(players.size() == 2);
  CHECK(players[0].decisions + players[1].decisions == int(one.size()));
  CHECK(players[0].label.rfind("player 1 (", 0) == 0);
  const std::string text = analysis::review_text(g, one, 5, how, &judge);
  CHECK(text == analysis::review_text(g, two, 5, how, &judge));
  CHECK(text.find("value: the chance to win after the option") != std::string::npos);
  CHECK(text.find("by player:\n  player 1 (") != std::string::npos);
  CHECK(text.find("how the game was lost: R") != std::string::npos);  // the record is a loss
  // The better line of any disputed decision starts with the judge's option and replays.
  for (const analysis::ReviewMark& m : one) {
    if (m.verdict == analysis::ReviewVerdict::Agrees) continue;
    const analysis::BetterLine line = analysis::better_line(g, m, judge);
    REQUIRE_FALSE(line.steps.empty());
    CHECK(line.steps[0] == m.best);
    CHECK((line.outcome == "won" || line.outcome.rfind("lost (", 0) == 0));  // a dealt game's line runs to the end
    CHECK(line.turns >= m.turn);
    break;
  }
  // The page states the units and shows how the game was lost on its last board.
  const nlohmann::json data = page_data(analysis::viewer_html(g, &one, "x", how, &judge));
  CHECK(data["percent"] == true);
  bool loss = false;
  for (const auto& row : data["frames"].back()["info"]) loss = loss || row[0] == "loss";
  CHECK(loss);
}
