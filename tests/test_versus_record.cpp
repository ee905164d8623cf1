// Competitive game records (docs/versus.md): written while playing, replayed step by step, and
// every kind of damage named by line and field.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "engine/config/load.h"
#include "engine/versus/record.h"
#include "solver/rng.h"
#include "solver/versus_agents.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::vs;

namespace {

Catalog base_catalog() { return load_catalog(test::source_path("configs/tiles/base-c3.toml")); }
Catalog mists_catalog() { return load_catalog(test::source_path("configs/tiles/mists-reconstructed.toml")); }

// A greedy-against-random GCC game (3 players) as record text.
std::string recorded_game(VsRules& R, VsSummary& result) {
  VsSwitches sw;
  set_switch(sw, "score_floor", "each_scoring");
  R = build_gcc_rules(base_catalog(), mists_catalog(), 3, sw);
  std::vector<uint8_t> order = pile_in_play(R);
  Rng deal(stream_seed(3, 0, DEAL_STREAM));
  deal.shuffle(order);
  VsGreedyAgent greedy(R, 1);
  VsRandomAgent random(2);
  std::vector<std::string> steps;
  result = play_logged(R, order, [&](const VsState& s, const VsAction* o, int n) {
    return s.player == 1 ? greedy(s, o, n) : random(s, o, n);
  }, steps);
  VsRecord rec = make_vs_record(R, order, 3, 0, {"random", "greedy", "random"}, "test");
  for (const auto& st : steps) rec.steps.push_back({st, 0});
  for (int p = 0; p < 3; ++p) rec.result.push_back(result.score[size_t(p)]);
  return write_vs_record(rec);
}

std::string replace_line(const std::string& text, const std::string& starts, const std::string& with) {
  const size_t at = text.find("\n" + starts) + 1;
  const size_t end = text.find('\n', at);
  return text.substr(0, at) + with + text.substr(end);
}

}  // namespace

TEST_CASE("a competitive record replays to the same scores; damage is named by line and field") {
  VsRules R;
  VsSummary played;
  const std::string text = recorded_game(R, played);
  REQUIRE(is_vs_record(text));
  const VsRecord rec = parse_vs_record(text, "g.txt");
  CHECK(rec.steps.size() > 300);
  const VsRules R2 = vs_record_rules(rec, base_catalog(), mists_catalog(), "g.txt");
  const VsReplay r = vs_replay(R2, rec, "g.txt");
  for (int p = 0; p < 3; ++p) CHECK(r.final_state.score[size_t(p)] == played.score[size_t(p)]);
  CHECK(write_vs_record(rec) == text);  // parse and write are inverse
  // A decision that is not legal where it stands.
  {
    const size_t at = text.find("\nplace ", text.find("\nsteps")) + 1;
    const std::string bad = text.substr(0, at) + "place 99 99 0" + text.substr(text.find('\n', at));
    const int line = int(std::count(text.begin(), text.begin() + long(at), '\n')) + 1;
    const std::string want = "g.txt:" + std::to_string(line) + ": steps: 'place 99 99 0' is not a legal decision";
    CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(bad, "g.txt"), "g.txt"), doctest::Contains(want.c_str()), RecordError);
  }
  // A changed result, a bad number, a missing key, a catalog that changed.
  CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(replace_line(text, "result", "result 1 2 3"), "g.txt"), "g.txt"),
                       doctest::Contains(": result: seat 0 scored"), RecordError);
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line(text, "players", "players 3x"), "g.txt"),
                       doctest::Contains("g.txt:5: players: '3x' is not a whole number"), RecordError);
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line(text, "seed", "# no seed"), "g.txt"),
                       doctest::Contains("seed: missing before steps"), RecordError);
  CHECK_THROWS_WITH_AS(parse_vs_record(text.substr(0, text.find("\nresult") + 1), "g.txt"),
                       doctest::Contains("result: the record ends without its result line"), RecordError);
  Catalog other = mists_catalog();
  other.checksum = "0000000000000000";
  CHECK_THROWS_WITH_AS(vs_record_rules(rec, base_catalog(), other, "g.txt"),
                       doctest::Contains("g.txt:9: gcc_catalog_checksum: the record was played with"), RecordError);
  // A pile that lost a tile.
  const std::string short_pile = replace_line(text, "order", "order " + rec.order[1]);
  CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(short_pile, "g.txt"), "g.txt"), doctest::Contains(": order: tile '"),
                       RecordError);
}

TEST_CASE("an unfinished competitive record replays to where its steps end, with its scores so far") {
  VsRules R;
  VsSummary played;
  const std::string text = recorded_game(R, played);
  VsRecord rec = parse_vs_record(text, "g.txt");
  const VsRules R2 = vs_record_rules(rec, base_catalog(), mists_catalog(), "g.txt");
  // The game stopped after 100 steps: its scores there are the result line's.
  rec.steps.resize(100);
  VsState at;
  vs_replay(R2, parse_vs_record(text, "g.txt"), "g.txt", [&, k = 0](const VsState& s, const std::string&) mutable {
    if (++k == 100) at = s;
  });
  rec.result.clear();
  for (int p = 0; p < 3; ++p) rec.result.push_back(at.score[size_t(p)]);
  rec.unfinished = true;
  const std::string part = write_vs_record(rec);
  CHECK(part.find("\nresult unfinished ") != std::string::npos);
  const VsRecord back = parse_vs_record(part, "u.txt");
  CHECK(back.unfinished);
  CHECK(write_vs_record(back) == part);
  const VsReplay r = vs_replay(R2, back, "u.txt");
  CHECK(!is_over(r.final_state));
  CHECK(r.final_state.turn == at.turn);
  // Without the word, the steps end too soon; with it on a finished game, the game is not unfinished;
  // scores that differ from the position's are refused as for a finished game.
  VsRecord plain = back;
  plain.unfinished = false;
  CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(write_vs_record(plain), "u.txt"), "u.txt"),
                       doctest::Contains("steps: the steps end before the game does"), RecordError);
  CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(replace_line(text, "result", "result unfinished " + std::to_string(played.score[0]) + " " +
                                                                                   std::to_string(played.score[1]) + " " + std::to_string(played.score[2])),
                                                     "g.txt"), "g.txt"),
                       doctest::Contains("result: 'unfinished', but the steps end the game"), RecordError);
  VsRecord wrong = back;
  wrong.result[0] += 1;
  CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(write_vs_record(wrong), "u.txt"), "u.txt"), doctest::Contains("result: seat 0 scored"),
                       RecordError);
}

TEST_CASE("mists replay reads a competitive record: text board, SVG, and errors with the record's line") {
  namespace sh = mists::test::sh;
  namespace fs = std::filesystem;
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-vs-replay");
  fs::remove_all(dir);
  const auto made = sh::mists_cmd("versus --game gcc --agents greedy,random --games 2 --records --quiet --out " + dir.string());
  REQUIRE(made.status == 0);
  const std::string rec = (dir / "records" / "pair0-g1.txt").string();
  const auto ok = sh::mists_cmd("replay " + rec + " --svg " + (dir / "b.svg").string());
  CHECK(ok.status == 0);
  CHECK(ok.output.find("confirmed") != std::string::npos);
  CHECK(ok.output.find("scores  seat 0: ") != std::string::npos);
  std::ifstream svg(dir / "b.svg");
  const std::string pic((std::istreambuf_iterator<char>(svg)), {});
  CHECK(pic.find("<svg") == 0);
  CHECK(pic.find("seat 1 (") != std::string::npos);  // seats named by their agents (tests/test_pages.cpp checks the page)
  // Damage: the fourth step changed.
  std::ifstream in(rec);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const size_t at = text.find("\nmeeple", text.find("\nsteps")) + 1;
  text = text.substr(0, at) + "meeple castle7" + text.substr(text.find('\n', at));
  std::ofstream((dir / "bad.txt").string()) << text;
  const auto bad = sh::mists_cmd("replay " + (dir / "bad.txt").string());
  CHECK(bad.status != 0);
  CHECK(bad.output.find("bad.txt:") != std::string::npos);
  CHECK(bad.output.find(": steps: 'meeple castle7' is not a legal decision here") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("golden competitive games: records kept in the repository replay to their results") {
  // GCC with 2 and 4 players (mcts:playouts=50 against the expert) and the base game with 3
  // (greedy against random): any change to the rules, the options' text or their order breaks them.
  for (const char* name : {"gcc-2p-seed5-deal0.txt", "gcc-4p-seed5-deal0.txt", "base-3p-seed5-deal0.txt"}) {
    INFO(name);
    const std::string path = test::source_path(std::string("tests/records/") + name);
    const VsRecord rec = parse_vs_record(read_file(path), path);
    const Catalog gcc = rec.game == "gcc" ? mists_catalog() : Catalog{};
    const VsRules R = vs_record_rules(rec, base_catalog(), gcc, path);
    const VsReplay r = vs_replay(R, rec, path);
    CHECK(is_over(r.final_state));
    CHECK(r.summary.turns + r.summary.discarded == R.tiles_in_play);
  }
}
