// The learned value (solver/value.h) and its training (analysis/train/train.h, mists train): the weights
// file is checked on load, the shipped weights give pinned values, training is reproducible byte
// for byte, the planner that reads it stays fair, and a study records the weights it played with.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/provenance.h"
#include "analysis/study/study_config.h"
#include "analysis/train/train.h"
#include "analysis/agents/value_model.h"
#include "analysis_helpers.h"
#include "solver/agents.h"
#include "solver/planner.h"
#include "solver/value.h"
#include "planner_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

// A model of one head, every number set, as a file's text.
ValueModel small_model() {
  ValueModel m;
  ValueHead h;
  h.level = 4;
  h.stage = 0;
  h.games = 10;
  h.positions = 300;
  h.reached = 0.25;
  h.after = 0.5;
  h.bias = -1.25;
  for (int i = 0; i < VALUE_INPUTS; ++i) {
    h.mean[size_t(i)] = 0.1 * i;
    h.scale[size_t(i)] = 1.0 + i;
    h.weight[size_t(i)] = (i % 3 - 1) * 0.3;
  }
  m.heads.push_back(h);
  m.notes.push_back("made_by a test");
  return m;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The positions at the first `turns` turn starts of an expert game of deal (7, game).
std::vector<State> expert_positions(const Rules& R, uint64_t game, int turns) {
  std::vector<State> out;
  ExpertAgent agent(R, 99, Weights{});
  TurnObserver see = [&](const State& s) {
    if (!is_over(s) && int(out.size()) < turns) out.push_back(s);
  };
  play_game(R, seeded_deal(R, 7, game), agent, nullptr, &see);
  return out;
}

}  // namespace

TEST_CASE("value: a weights file reads back to the same text; a changed, truncated or foreign file is refused by name") {
  const std::string text = small_model().text();
  const ValueModel back = ValueModel::parse(text, "w.txt");
  CHECK(back.text() == text);
  CHECK(back.checksum().size() == 16);
  REQUIRE(back.heads.size() == 1);
  CHECK(back.heads[0].bias == -1.25);
  // One digit changed: the checksum line no longer matches.
  std::string changed = text;
  changed[changed.find("-1.25")] = '+';
  CHECK_THROWS_WITH_AS(ValueModel::parse(changed, "w.txt"), doctest::Contains("w.txt:"), ValueError);
  CHECK_THROWS_WITH_AS(ValueModel::parse(changed, "w.txt"), doctest::Contains("changed"), ValueError);
  // Cut short: no checksum line.
  CHECK_THROWS_WITH_AS(ValueModel::parse(text.substr(0, text.size() / 2), "w.txt"), doctest::Contains("truncated"), ValueError);
  CHECK_THROWS_WITH_AS(ValueModel::parse("", "w.txt"), doctest::Contains("w.txt:1: checksum"), ValueError);
  // Made for other inputs: named, with the line.
  std::string body = text.substr(0, text.rfind("checksum "));
  const size_t at = body.find(" heuristic ");
  std::string renamed = body;
  renamed.replace(at, 11, " heuristik ");
  CHECK_THROWS_WITH_AS(ValueModel::parse(seal_text(renamed), "w.txt"), doctest::Contains("w.txt:3: inputs"), ValueError);
  // A bad number names its field.
  std::string bad = body;
  bad.replace(bad.find("-1.25"), 5, "nan");
  CHECK_THROWS_WITH_AS(ValueModel::parse(seal_text(bad), "w.txt"), doctest::Contains("head bias"), ValueError);
  // A head given twice.
  const std::string head = body.substr(body.find("head "));
  CHECK_THROWS_WITH_AS(ValueModel::parse(seal_text(body + head), "w.txt"), doctest::Contains("given twice"), ValueError);
  // From a file: a missing one is named.
  CHECK_THROWS_WITH_AS(ValueModel::load("/nonexistent/value.txt"), doctest::Contains("/nonexistent/value.txt"), ValueError);
  // Hidden units: read back to the same text, and they move the value; out of place or short, refused.
  ValueModel deep = small_model();
  ValueUnit u;
  u.out = 2.0, u.bias = 0.5;
  u.w[0] = 1.0;
  deep.heads[0].units = {u, u};
  const std::string deep_text = deep.text();
  CHECK(ValueModel::parse(deep_text, "w.txt").text() == deep_text);
  ValueInputs x{};
  x[0] = 3.0;
  const double linear = small_model().heads[0].chance(x), with_units = deep.heads[0].chance(x);
  CHECK(with_units != doctest::Approx(linear));
  std::string unit_line = deep_text.substr(deep_text.find("unit "));
  unit_line = unit_line.substr(0, unit_line.find('\n') + 1);
  CHECK_THROWS_WITH_AS(ValueModel::parse(seal_text(body.substr(0, body.find("head ")) + unit_line + head), "w.txt"),
                       doctest::Contains("unit: out of place"), ValueError);
  CHECK_THROWS_WITH_AS(ValueModel::parse(seal_text(body + "unit 1 2 3\n"), "w.txt"), doctest::Contains("unit: 3 numbers"), ValueError);
}

TEST_CASE("value: the shipped weights cover levels 1-6 without levers; won is 1, lost 0, and every value lies in [0, 1]") {
  const ValueModel& m = analysis::shipped_value_model();
  for (int level = 1; level <= 6; ++level) {
    CAPTURE(level);
    for (int players : {1, 2, 4}) {
      const Rules R = mists_rules(level, players);
      CHECK(m.covers(R));
      for (const State& s : expert_positions(R, 3, 40)) {
        const double v = m.value(R, s);
        CHECK(v >= 0.0);
        CHECK(v <= 1.0);
      }
    }
  }
  Levers levers;
  levers.chips = true;
  CHECK_FALSE(m.covers(mists_rules_levers(4, 1, levers)));
  const Rules R = mists_rules(4, 1);
  State s = initial_state(R);
  s.outcome = Outcome::Won;
  CHECK(m.value(R, s) == 1.0);
  s.outcome = Outcome::Lost;
  CHECK(m.value(R, s) == 0.0);
  // planner:value=learned on rules the weights do not cover: refused by name.
  const analysis::AgentSpec a = analysis::parse_agent("planner:value=learned");
  CHECK(a.params.learned_value);
  CHECK_THROWS_WITH_AS(analysis::planner_config(mists_rules_levers(4, 1, levers), a), doctest::Contains("configs/value/value.txt"),
                       analysis::AnalysisError);
  CHECK(analysis::planner_config(R, a).value == &m);
  CHECK(analysis::planner_config(R, analysis::parse_agent("planner")).value == nullptr);
}

TEST_CASE("value: pinned values of the shipped weights at fixed positions") {
  // Positions of expert games on deals of seed 7; the values the shipped weights give them. A
  // change of the inputs or of configs/value/value.txt moves them: train again, then pin anew.
  const ValueModel& m = analysis::shipped_value_model();
  struct Pin {
    int level, players;
    uint64_t game;
    int turn;
    double value;
  };
  const Pin pins[] = {{1, 1, 0, 5, 0.93331755542072492},   {2, 4, 3, 15, 0.77392114339024343}, {3, 2, 0, 10, 0.43419517939462549},
                      {4, 1, 1, 12, 0.067574283500520901}, {5, 4, 2, 8, 0.055705442344259712}, {6, 1, 0, 5, 0.0013142349635023639}};
  for (const Pin& p : pins) {
    CAPTURE(p.level);
    CAPTURE(p.players);
    CAPTURE(p.turn);
    const Rules R = mists_rules(p.level, p.players);
    const std::vector<State> at = expert_positions(R, p.game, p.turn + 1);
    REQUIRE(int(at.size()) > p.turn);
    CHECK(m.value(R, at[size_t(p.turn)]) == doctest::Approx(p.value).epsilon(1e-9));
  }
}

TEST_CASE("value: training on a tiny budget gives the same weights byte for byte, on 1 and 2 threads and after a resume") {
  ah::TempDir dir("train");
  analysis::TrainConfig cfg;
  cfg.levels = {3, 4};
  cfg.players = {1, 2};
  cfg.games = 6;
  cfg.chunk = 3;
  cfg.agent = "expert";
  cfg.seed = 11;
  cfg.threads = 1;
  cfg.work = dir.sub("a");
  cfg.out = dir.sub("a.txt");
  const analysis::TrainResult a = analysis::train_value(cfg, "test", -1);
  CHECK(a.games_played == 24);
  CHECK(a.model.heads.size() == 6);  // levels 3 and 4: three stages each
  cfg.threads = 2;
  cfg.work = dir.sub("b");
  cfg.out = dir.sub("b.txt");
  const analysis::TrainResult b = analysis::train_value(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("a.txt")) == ah::slurp(dir.sub("b.txt")));
  // A chunk lost: played again, the same bytes.
  std::filesystem::remove(dir.sub("b/games/L4-P2-1.txt"));
  cfg.out = dir.sub("c.txt");
  const analysis::TrainResult c = analysis::train_value(cfg, "test", -1);
  CHECK(c.games_played == 3);
  CHECK(c.games_read == 21);
  CHECK(ah::slurp(dir.sub("a.txt")) == ah::slurp(dir.sub("c.txt")));
  CHECK(ah::slurp(dir.sub("a/games/L4-P2-1.txt")) == ah::slurp(dir.sub("b/games/L4-P2-1.txt")));
  // Other games' settings in the same folder: refused, naming train.json and the field.
  cfg.seed = 12;
  CHECK_THROWS_WITH_AS(analysis::train_value(cfg, "test", -1), doctest::Contains("train.json: config.seed"), analysis::AnalysisError);
  cfg.seed = 11;
  // A chunk edited by hand: refused by name.
  const std::string chunk = dir.sub("b/games/L3-P1-0.txt");
  std::string text = ah::slurp(chunk);
  text[text.find('\n') + 1] = text[text.find('\n') + 1] == '0' ? '1' : '0';  // the first game's index
  write(chunk, text);
  CHECK_THROWS_WITH_AS(analysis::train_value(cfg, "test", -1), doctest::Contains("L3-P1-0.txt"), analysis::AnalysisError);
  // The file it wrote loads, and its held-out calibration is there.
  CHECK_NOTHROW(ValueModel::load(dir.sub("a.txt")));
  CHECK(std::filesystem::exists(dir.sub("a/calibration.md")));
  CHECK(a.levels.size() == 2);
}

TEST_CASE("value: hindsight labels are the same on 1 and 2 threads and after a resume; other labels are kept apart, a changed one refused") {
  ah::TempDir dir("train-hindsight");
  analysis::TrainConfig cfg;
  cfg.levels = {4};
  cfg.players = {1};
  cfg.games = 5;
  cfg.chunk = 2;
  cfg.agent = "expert";
  cfg.seed = 11;
  cfg.labels = "hindsight";
  cfg.hindsight_agent = "expert";  // cheap; the default plans on the sampled deal
  cfg.hindsight_samples = 3;
  cfg.hindsight_every = 3;
  cfg.threads = 1;
  cfg.work = dir.sub("a");
  cfg.out = dir.sub("a.txt");
  const analysis::TrainResult a = analysis::train_value(cfg, "test", -1);
  CHECK(a.games_played == 5);
  CHECK(a.positions_labelled > 4);  // the 4 fitted games, every third turn start
  // Two chunks of labels for the 4 fitted games (games 0-1, 2-3), in a folder named by their settings.
  std::string labels_dir;
  for (const auto& e : std::filesystem::directory_iterator(dir.sub("a")))
    if (e.path().filename().string().rfind("labels-", 0) == 0) labels_dir = e.path().filename().string();
  REQUIRE(!labels_dir.empty());
  CHECK(std::filesystem::exists(dir.sub("a/" + labels_dir + "/L4-P1-1.txt")));
  CHECK_FALSE(std::filesystem::exists(dir.sub("a/" + labels_dir + "/L4-P1-2.txt")));
  cfg.threads = 2;
  cfg.work = dir.sub("b");
  cfg.out = dir.sub("b.txt");
  analysis::train_value(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("a.txt")) == ah::slurp(dir.sub("b.txt")));
  CHECK(ah::slurp(dir.sub("a/" + labels_dir + "/L4-P1-0.txt")) == ah::slurp(dir.sub("b/" + labels_dir + "/L4-P1-0.txt")));
  // A labels chunk lost: labelled again, the same bytes; the games are read, not played.
  std::filesystem::remove(dir.sub("b/" + labels_dir + "/L4-P1-1.txt"));
  cfg.out = dir.sub("c.txt");
  const analysis::TrainResult c = analysis::train_value(cfg, "test", -1);
  CHECK(c.games_played == 0);
  CHECK(c.labels_read > 0);
  CHECK(c.positions_labelled + c.labels_read == a.positions_labelled);
  CHECK(ah::slurp(dir.sub("a.txt")) == ah::slurp(dir.sub("c.txt")));
  // The labels are not the outcomes: the same games fitted to their outcomes give other weights.
  cfg.labels = "outcome";
  cfg.out = dir.sub("outcome.txt");
  analysis::train_value(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("outcome.txt")) != ah::slurp(dir.sub("a.txt")));
  // Other label settings go to a folder of their own beside the same games.
  cfg.labels = "hindsight";
  cfg.hindsight_samples = 1;
  cfg.out = dir.sub("d.txt");
  const analysis::TrainResult d = analysis::train_value(cfg, "test", -1);
  CHECK(d.labels_read == 0);
  CHECK(d.positions_labelled == a.positions_labelled);
  cfg.hindsight_samples = 3;
  // A label edited by hand: refused by name.
  const std::string chunk = dir.sub("b/" + labels_dir + "/L4-P1-0.txt");
  std::string text = ah::slurp(chunk);
  const size_t digit = text.find('\n') + 1;
  text[digit] = text[digit] == '0' ? '1' : '0';
  write(chunk, text);
  CHECK_THROWS_WITH_AS(analysis::train_value(cfg, "test", -1), doctest::Contains("L4-P1-0.txt"), analysis::AnalysisError);
  // Hidden units: the same bytes on 1 and 2 threads, units in the file, other weights than the linear head's.
  cfg.hidden = 3;
  cfg.epochs = 40;
  cfg.work = dir.sub("a");  // (b's labels were edited above)
  cfg.threads = 1;
  cfg.out = dir.sub("h1.txt");
  analysis::train_value(cfg, "test", -1);
  cfg.threads = 2;
  cfg.out = dir.sub("h2.txt");
  const analysis::TrainResult h = analysis::train_value(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("h1.txt")) == ah::slurp(dir.sub("h2.txt")));
  CHECK(h.model.heads.front().units.size() == 3);
  CHECK(ah::slurp(dir.sub("h1.txt")).find("\nunit ") != std::string::npos);
  CHECK(ah::slurp(dir.sub("h1.txt")) != ah::slurp(dir.sub("c.txt")));
  cfg.hidden = 0;
  // The deal solver plays no game on from a position.
  cfg.hindsight_agent = "solver";
  CHECK_THROWS_WITH_AS(analysis::train_value(cfg, "test", -1), doctest::Contains("--hindsight-agent solver"), analysis::AnalysisError);
}

TEST_CASE("value: the planner that reads the learned value is fair — deals that agree on what was seen get the same moves") {
  // As the planner's own fairness test (tests/planner_helpers.h).
  const ValueModel& m = analysis::shipped_value_model();
  for (int level : {4, 5}) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 1);
    PlannerConfig cfg;
    cfg.samples = 2;
    cfg.horizon = 2;
    cfg.candidates = 3;
    cfg.value = &m;
    int told_apart = 0;
    for (uint64_t game = 0; game < 6; ++game) {
      CAPTURE(game);
      // Every mode: the leaves only (value=leaf), every judgement (value=learned), the leaves by
      // both (value=blend).
      cfg.value_all = game % 3 == 1;
      cfg.value_blend = game % 3 == 2 ? 30.0 : 0.0;
      told_apart += same_until_the_deals_differ(R, cfg, game);
    }
    CHECK(told_apart > 0);
  }
}

TEST_CASE("value: value=blend judges the beams' last positions by the heuristic plus the learned log-odds") {
  const analysis::AgentSpec a = analysis::parse_agent("planner:value=blend,blend=12.5");
  CHECK(a.params.learned_value == 3);
  CHECK(a.params.blend == 12.5);
  CHECK(analysis::parse_agent("planner:value=blend").params.blend == 30.0);
  CHECK_THROWS_WITH_AS(analysis::parse_agent("mcts:value=blend"), doctest::Contains("value=blend is the planner's"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("planner:value=blend,blend=0"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("mcts:blend=3"), analysis::AnalysisError);
  const Rules R = mists_rules(4, 1);
  CHECK(analysis::planner_config(R, a).value_blend == 12.5);
  CHECK(analysis::planner_config(R, analysis::parse_agent("planner:value=leaf,blend=12.5")).value_blend == 0.0);
  // A vanishing blend leaves the heuristic in charge: the same games as the plain planner; a
  // blend of 30 points changes some.
  int differ = 0;
  for (uint64_t game = 0; game < 3; ++game) {
    CAPTURE(game);
    const auto plain = agent_moves(R, "planner:samples=2,horizon=2", game);
    CHECK(agent_moves(R, "planner:samples=2,horizon=2,value=blend,blend=0.001", game) == plain);
    differ += agent_moves(R, "planner:samples=2,horizon=2,value=blend", game) != plain;
  }
  CHECK(differ >= 1);
}

TEST_CASE("value: a study of planner:value=learned records the weights' checksum and refuses other weights on resume") {
  analysis::StudyConfig cfg;
  analysis::CellSpec c;
  c.level = 4;
  c.players = 1;
  c.agent = "planner:value=learned";
  cfg.cells.push_back(c);
  nlohmann::json p = analysis::provenance_note(cfg);
  REQUIRE(p.contains("value_checksum"));
  CHECK(p.at("value_checksum") == analysis::shipped_value_model().checksum());
  CHECK(p.at("value_file") == analysis::VALUE_FILE);
  CHECK_NOTHROW(analysis::check_checksums(p, cfg, "study.json"));
  p["value_checksum"] = "0000000000000000";
  CHECK_THROWS_WITH_AS(analysis::check_checksums(p, cfg, "study.json"), doctest::Contains("study.json: provenance.value_checksum"),
                       analysis::AnalysisError);
  p.erase("value_checksum");
  CHECK_THROWS_AS(analysis::check_checksums(p, cfg, "study.json"), analysis::AnalysisError);
  // A study without it records nothing of it.
  cfg.cells[0].agent = "planner";
  CHECK_FALSE(analysis::provenance_note(cfg).contains("value_checksum"));
  // A cell the weights do not cover is refused before any game is played.
  cfg.cells[0].agent = "planner:value=learned";
  cfg.cells[0].levers.chips = true;
  CHECK_THROWS_AS(analysis::provenance_note(cfg), analysis::AnalysisError);
}
