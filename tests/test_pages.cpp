// The game pages (analysis/pages/game_page.h): the competitive page of every committed competitive record
// (base, GCC, each module) against its replay; the co-op page's piles, tile drawn, placed tile and
// steps in words; the words themselves; the commands that write the pages. A few seconds in all.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/pages/game_page.h"
#include "analysis/pages/move_words.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "analysis/pages/viewer.h"
#include "engine/coop/text.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using mists::test::source_path;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

nlohmann::json page_data(const std::string& html) { return analysis::game_page_data(html); }

// The value of the panel row `id` in a frame.
std::string info(const nlohmann::json& frame, const std::string& id) {
  for (const auto& row : frame.at("info"))
    if (row.at(0) == id) return row.at(2).get<std::string>();
  FAIL("no row " << id);
  return "";
}

// Nothing from the network: no scripts, styles, images or fonts fetched from elsewhere.
void self_contained(const std::string& html) {
  for (const char* bad : {"<link", "src=\"http", "href=\"http", "@import", "url(", "<img", "fetch("})
    CHECK_MESSAGE(html.find(bad) == std::string::npos, bad);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("competitive page: a frame per board of the replay, seats by agent, each frame's scores, pieces of the modules") {
  struct Case {
    const char* file;
    std::vector<const char*> marks;  // what some board of the game must draw
  };
  const std::vector<Case> cases = {
      {"tests/records/base-3p-seed5-deal0.txt", {"class=\"city\"", "class=\"road\"", "#monastery"}},
      {"tests/records/gcc-2p-seed5-deal0.txt", {"class=\"mist\"", "#castle\" x=\"40\"", "#cemetery\" x=\"40\"", ": guard on", ", 1 ghost"}},
      {"tests/records/gcc-4p-seed5-deal0.txt", {"class=\"mist\"", ", 1 ghost"}},
      {"tests/records/base-am-abbot-2p-seed5-deal0.txt", {": mayor on", ": barn<", ": abbot on", "#garden\" x=\"40\""}},
      {"tests/records/base-tk-3p-seed5-deal0.txt", {": tollhouse on junction"}},
      {"tests/records/base-map-3p-seed5-deal0.txt", {"a chip, face down", "class=\"offmap\""}},
      {"tests/records/gcc-am-tk-4p-seed5-deal0.txt", {": wagon on", ": tollhouse on junction", "class=\"mist\""}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.file);
    const std::string path = source_path(c.file);
    const analysis::LoadedVsRecord g = analysis::load_vs_record(path, slurp(path));
    const std::string html = analysis::versus_viewer_html(g, "test </script> page");
    CHECK(html.find("test &lt;/script&gt; page") != std::string::npos);
    self_contained(html);
    const nlohmann::json data = page_data(html);
    const auto& frames = data.at("frames");
    // The boards of the replay: the set-up, then one where each turn ends.
    std::vector<vs::VsState> boards;
    {
      size_t next = 0;
      boards.push_back(vs::deal_state(g.rules, vs::vs_record_deal(g.rules, g.rec, path), &next));
    }
    int placed_boards = 0;
    vs::vs_replay(g.rules, g.rec, path, [&](const vs::VsState& s, const std::string& step) {
      if (analysis::versus_turn_ends(s, step)) placed_boards += s.n_tiles > boards.back().n_tiles, boards.push_back(s);
    });
    REQUIRE(frames.size() == boards.size());
    REQUIRE(frames.size() > 10);
    {  // the page's legend, once, in the panel, with the seats by agent
      const size_t legend = html.find("<details id=\"legend\" open>");
      REQUIRE(legend != std::string::npos);
      CHECK(html.find(">Legend</text>", legend) != std::string::npos);
      CHECK(html.find("<button id=\"zoom-in\"") != std::string::npos);
    }
    std::string all_svg;
    size_t highlighted = 0;
    for (size_t i = 0; i < frames.size(); ++i) {
      CAPTURE(i);
      const std::string svg = frames[i].at("svg").get<std::string>();
      CHECK(svg.rfind("<svg", 0) == 0);
      CHECK(svg.find(">Legend</text>") == std::string::npos);  // the legend is the panel's, beside the board
      highlighted += svg.find("class=\"placed\"") != std::string::npos;
      CHECK(frames[i].at("turn") == boards[i].turn);
      CHECK(info(frames[i], "turn") == std::to_string(boards[i].turn));
      for (int p = 0; p < g.rules.players; ++p) {
        CHECK(info(frames[i], "score-" + std::to_string(p)) == std::to_string(boards[i].score[size_t(p)]));
        // Each seat by its agent, with its score, in the picture too.
        CHECK(svg.find("seat " + std::to_string(p) + " (" + g.rec.agents[size_t(p)] + "): " + std::to_string(boards[i].score[size_t(p)]) +
                       " points") != std::string::npos);
      }
      if (g.rules.game == vs::VsGame::Gcc) CHECK(info(frames[i], "supply") == std::to_string(int(boards[i].ghosts)));
      if (i > 0) CHECK_FALSE(frames[i].at("steps").empty());
      all_svg += svg;
    }
    CHECK(int(highlighted) == placed_boards);  // every board after a placement frames that tile
    CHECK(highlighted > frames.size() / 2);
    for (const char* m : c.marks) CHECK_MESSAGE(all_svg.find(m) != std::string::npos, m);
    // Meeples as the co-op page draws them, never the old discs; cities as shapes.
    CHECK(all_svg.find("xlink:href=\"#meeple\"") != std::string::npos);
    CHECK(all_svg.find("<polygon") == std::string::npos);
    // The final board: the record's scores, and the game over.
    for (int p = 0; p < g.rules.players; ++p) CHECK(info(frames.back(), "score-" + std::to_string(p)) == std::to_string(g.rec.result[size_t(p)]));
    CHECK(info(frames.back(), "outcome").rfind("over: won by seat ", 0) == 0);
    // The tile drawn, and the steps in words beside the record text.
    bool drawn = false, worded = false;
    for (const auto& f : frames) {
      drawn |= !f.at("drawn").is_null() && f.at("drawn").at("svg").get<std::string>().rfind("<svg", 0) == 0;
      for (const auto& st : f.at("steps")) worded |= st.at("words").get<std::string>().find(" places the tile at (") != std::string::npos;
    }
    CHECK(drawn);
    CHECK(worded);
  }
}

TEST_CASE("co-op page: piles stacked as R6.2 says, the tile drawn and the tile placed, steps in words") {
  const analysis::LoadedRecord g = analysis::load_record(source_path("tests/records/level5-2p-seed7-game3-expert.txt"));
  const std::string html = analysis::viewer_html(g, nullptr, "level 5");
  self_contained(html);
  const nlohmann::json data = page_data(html);
  const auto& frames = data.at("frames");
  REQUIRE(frames.size() == size_t(g.rec.turns) + 1);
  // The piles: never the segment notation ("0*"); pile 1 drawn first, later pile 2 with what was
  // left of pile 1 stacked on it once hound 1 was reached (this game reaches it).
  CHECK(info(frames[0], "piles").rfind("drawing from pile 1: 20 left; pile 2: 20 waiting; pile 3: 20 waiting", 0) == 0);
  bool second = false;
  for (const auto& f : frames) {
    const std::string p = info(f, "piles");
    CHECK(p.find('*') == std::string::npos);
    second |= p.rfind("drawing from pile 2", 0) == 0;
  }
  CHECK(second);
  size_t drawn = 0, placed = 0, worded = 0;
  for (size_t i = 1; i < frames.size(); ++i) {
    if (!frames[i].at("drawn").is_null()) {
      ++drawn;
      CHECK(frames[i].at("drawn").at("text").get<std::string>().find(", placed at (") != std::string::npos);
    }
    placed += frames[i].at("svg").get<std::string>().find("class=\"placed\"") != std::string::npos;
    for (const auto& st : frames[i].at("steps")) worded += st.at("words") != st.at("text");
  }
  CHECK(drawn == frames.size() - 1);
  CHECK(placed == frames.size() - 1);
  CHECK(worded > frames.size());
  CHECK(frames[0].at("svg").get<std::string>().find("class=\"placed\"") == std::string::npos);  // the set-up places nothing
  // The layout: the board column and the panel of fixed width side by side, the controls in a bar
  // that stays at the top.
  CHECK(html.find("grid-template-columns:minmax(0,1fr) 25rem") != std::string::npos);
  CHECK(html.find("#bar{position:sticky;top:0") != std::string::npos);
}

TEST_CASE("steps in words") {
  using analysis::coop_step_words;
  using analysis::versus_step_words;
  CHECK(coop_step_words("score 0 ghosts 2 0") ==
        "takes no points for scoring 0 (0: the first pending) and clears the ghosts of the tile at (2, 0)");
  CHECK(coop_step_words("score 1 points") == "takes the points of scoring 1 (0: the first pending)");
  CHECK(coop_step_words("place 0 -1 3") == "places the tile at (0, -1), turned 3 quarter turns clockwise");
  CHECK(coop_step_words("meeple city1 green") == "puts a green meeple on the second city of the tile");
  CHECK(coop_step_words("meeple none") == "places no meeple");
  CHECK(coop_step_words("(forced) abbey none") == "plays no abbey this turn (the only option)");
  CHECK(coop_step_words("hound 1 2 1 2 0 2") == "puts the hound beside the meeple at (1, 2) and clears the tile at (1, 2) and the tile at (0, 2)");
  CHECK(coop_step_words("fewer mist1") == "the second mist area of the tile gets one ghost fewer");
  CHECK(coop_step_words("chip 2") == "a chip turns up: worth 2");
  CHECK(coop_step_words("chip points") == "spends a chip on points");
  CHECK(coop_step_words("toll 1 0 j0 red") == "puts the red tollhouse on junction 0 of the tile at (1, 0)");
  CHECK(coop_step_words("nonsense 1 2") == "nonsense 1 2");  // unknown: as it is
  CHECK(versus_step_words("meeple road1 guard", "seat 1 (expert)") == "seat 1 (expert) puts a guard on the second road of the tile");
  CHECK(versus_step_words("meeple garden0 abbot", "seat 0") == "seat 0 puts an abbot on the first garden of the tile");
  CHECK(versus_step_words("ghost 2 4", "seat 0") == "a ghost goes onto seat 2's meeple no. 4 (chosen by seat 0)");
  CHECK(versus_step_words("upgrade 3 2+2", "seat 0") == "seat 0 upgrades meeple no. 3, paying chips 2 + 2");
  CHECK(versus_step_words("wagon back", "seat 2") == "seat 2 takes the wagon back");
  CHECK(versus_step_words("toll 2 0 0", "seat 1") == "seat 1 puts the tollhouse on junction 0 of the tile at (2, 0)");
}

TEST_CASE("replay --html and --show on a competitive record, play --html, and review refusing one") {
  namespace sh = mists::test::sh;
  sh::TempDir dir;
  const std::string rec = source_path("tests/records/gcc-2p-seed5-deal0.txt");
  const auto ok = sh::mists_cmd("replay " + rec + " --show --html " + dir.file("g.html") + " --svg " + dir.file("g.svg"));
  REQUIRE(ok.status == 0);
  CHECK(ok.output.find("game page: ") != std::string::npos);
  const std::string html = slurp(dir.file("g.html"));
  const nlohmann::json data = page_data(html);
  // --show prints a board per frame after the set-up, numbered as the page counts them.
  CHECK(count(ok.output, " (turn ") == data.at("frames").size() - 1);
  CHECK(ok.output.find("board " + std::to_string(data.at("frames").size() - 1) + " (turn ") != std::string::npos);
  CHECK(slurp(dir.file("g.svg")).find(">Legend</text>") != std::string::npos);
  const auto played = sh::mists_cmd("play --game base --players 2 --agents greedy,random --seed 2 --out " + dir.file("p.txt") +
                                    " --html " + dir.file("p.html"));
  REQUIRE(played.status == 0);
  CHECK(slurp(dir.file("p.html")).find("seat 1 (random)") != std::string::npos);
  // The competitive review (tests/test_versus_review.cpp has the rest).
  const auto review = sh::mists_cmd("review " + rec + " --seat 0 --agent expert --repeats 4");
  CHECK(review.status == 0);
  CHECK(review.output.find("verdicts: the judge agrees ") != std::string::npos);
}

TEST_CASE("pages: each board's drawing is written once as lines shared by every frame, and read back whole") {
  const std::string path = source_path("tests/records/base-3p-seed5-deal0.txt");
  const std::string html = analysis::versus_viewer_html(analysis::load_vs_record(path, slurp(path)), "shared lines");
  const std::string open = "<script id=\"game-data\" type=\"application/json\">";
  const size_t a = html.find(open) + open.size();
  const nlohmann::json raw = nlohmann::json::parse(html.substr(a, html.find("</script>", a) - a));
  const nlohmann::json data = analysis::game_page_data(html);
  REQUIRE(raw.at("frames").size() == data.at("frames").size());
  size_t whole = 0, shared = 0;
  for (const auto& line : raw.at("svg_lines")) shared += line.get<std::string>().size();
  for (size_t i = 0; i < data.at("frames").size(); ++i) {
    CHECK_FALSE(raw.at("frames")[i].contains("svg"));
    const std::string svg = data.at("frames")[i].at("svg").get<std::string>();
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(svg.rfind("</svg>") != std::string::npos);
    CHECK(svg.rfind("</svg>") + 7 >= svg.size());  // the drawing ends the text (and its last line)
    whole += svg.size();
  }
  INFO(whole << " bytes of boards held in " << shared);
  CHECK(shared * 3 < whole);
  CHECK_THROWS_AS(analysis::game_page_data("<html>no page</html>"), std::runtime_error);
}
