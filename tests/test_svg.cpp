// The SVG board (render_svg, docs/records.md "The SVG board"): the status fits the picture, the
// legend is there, meeples stand on their feature, roads are lines, ghosts are counted per area,
// and the same board gives the same bytes; `mists replay` names the level without empty "()".
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "solver/agents.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
namespace fs = std::filesystem;

namespace {

// ---- Reading the SVG text -----------------------------------------------------------------------

// Every element that starts with `head` (e.g. "<text class=\"status\""), up to the end of its
// content when it has one ("</text>"), else up to its closing ">".
std::vector<std::string> elements(const std::string& svg, const std::string& head) {
  std::vector<std::string> out;
  for (size_t at = svg.find(head); at != std::string::npos; at = svg.find(head, at + 1)) {
    const size_t tag_end = svg.find('>', at);
    const size_t close = svg.find("</", tag_end);
    const bool empty = svg[tag_end - 1] == '/';
    out.push_back(svg.substr(at, (empty ? tag_end + 1 : svg.find('>', close) + 1) - at));
  }
  return out;
}

// The value of attribute `name` in the element's opening tag.
std::string attr(const std::string& element, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const size_t tag_end = element.find('>');
  const size_t at = element.find(key);
  REQUIRE_MESSAGE((at != std::string::npos && at < tag_end), "no " << name << " in " << element);
  const size_t from = at + key.size();
  return element.substr(from, element.find('"', from) - from);
}

double num_attr(const std::string& element, const std::string& name) { return std::stod(attr(element, name)); }

// The text content of an element, entities decoded.
std::string content(const std::string& element) {
  const size_t from = element.find('>') + 1;
  std::string raw = element.substr(from, element.rfind("</") - from), out;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '&') {
      out += raw[i];
      continue;
    }
    const size_t semi = raw.find(';', i);
    const std::string ent = raw.substr(i, semi - i + 1);
    out += ent == "&amp;" ? "&" : ent == "&lt;" ? "<" : ent == "&gt;" ? ">" : "\"";
    i = semi;
  }
  return out;
}

// Characters (UTF-8 code points) of a text.
int chars(const std::string& text) {
  int n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

// The group of the tile at (x, y) relative to the start: from its <g> to its </g>.
std::string tile_group(const std::string& svg, int x, int y) {
  const std::string key = " at " + std::to_string(x) + " " + std::to_string(y) + ", ";  // then "unturned" or "turned N ..."
  const size_t at = svg.find(key);
  REQUIRE_MESSAGE(at != std::string::npos, "no tile at " << x << " " << y);
  const size_t from = svg.rfind("<g class=\"tile\"", at);
  return svg.substr(from, svg.find("</g>", at) + 4 - from);
}

// The first and the last point of a path's "d" ("M40,0 C40,22 40,58 40,80").
std::pair<double, double> point_at(const std::string& d, size_t at) {
  const size_t comma = d.find(',', at);
  return {std::stod(d.substr(at, comma - at)), std::stod(d.substr(comma + 1))};
}
std::pair<double, double> first_point(const std::string& d) { return point_at(d, 1); }
std::pair<double, double> last_point(const std::string& d) { return point_at(d, d.find_last_of(" MLCQ") + 1); }

// ---- Boards -------------------------------------------------------------------------------------

// The final state of a game of the expert agent, as `mists play --agent expert` plays it.
State expert_game(const Rules& R, uint64_t seed) {
  State last = initial_state(R);
  const TurnObserver keep = [&](const State& s) { last = s; };
  play_game(R, seeded_deal(R, seed, 0), ExpertAgent(R, stream_seed(seed, 0, AGENT_STREAM)), nullptr, &keep);
  return last;
}

// A board made by hand (level 3): tile 38 (city north and west) south of the start tile with a red
// meeple on its city, tile 09 (a straight road) east of it, turned north-south, with a blue
// meeple on its road.
State meeples_board(const Rules& R) {
  State s = initial_state(R);
  put(R, s, "38", 1, 2, 0);
  act(R, s, "meeple city0 red");
  finish_turn(R, s);
  put(R, s, "09", 2, 0, 1);
  act(R, s, "meeple road0 blue");
  finish_turn(R, s);
  return s;
}

// Checks that every status and title line fits the picture (a glyph is taken as 0.6 x the font
// size wide) and that the status lines hold all of render_status.
void check_text_fits(const Rules& R, const State& s) {
  const std::string svg = render_svg(R, s);
  const std::vector<std::string> root = elements(svg, "<svg ");
  REQUIRE(root.size() == 1);
  const double width = num_attr(root[0], "width");
  const std::vector<std::string> lines = elements(svg, "<text class=\"status\"");
  REQUIRE(!lines.empty());
  std::string joined;
  for (const std::string& line : lines) {
    const double right = num_attr(line, "x") + 0.6 * num_attr(line, "font-size") * chars(content(line));
    CHECK_MESSAGE(right <= width, "status line '" << content(line) << "' ends at " << right << " in a picture " << width << " wide");
    joined += " " + content(line);
  }
  for (const std::string& title : elements(svg, "<text class=\"title\""))
    CHECK(num_attr(title, "x") + 0.6 * 15 * chars(content(title)) <= width);
  // Every word of the status is shown.
  std::istringstream words(render_status(R, s));
  for (std::string w; words >> w;) CHECK_MESSAGE(joined.find(w) != std::string::npos, "status word '" << w << "' missing");
}

// ---- Running the program ------------------------------------------------------------------------

using namespace mists::test::sh;

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream os;
  os << f.rdbuf();
  return os.str();
}

}  // namespace

TEST_CASE("svg: the status and the title fit inside the picture") {
  SUBCASE("a played game, level 5") {
    const Rules R = mists_rules(5, 2);
    check_text_fits(R, expert_game(R, 7));
  }
  SUBCASE("level 6, 5 players, at the start: a small board and a long status") {
    const Rules R = mists_rules(6, 5);
    check_text_fits(R, initial_state(R));
  }
}

TEST_CASE("svg: the legend shows every terrain, mark, meeple colour and the ghosts") {
  const Rules R = mists_rules(6, 5);
  const std::string svg = render_svg(R, initial_state(R));
  const std::vector<std::string> legend = elements(svg, "<g class=\"legend\"");
  REQUIRE(legend.size() == 1);
  std::vector<std::string> labels;
  for (const std::string& t : elements(svg, "<text class=\"label\"")) labels.push_back(content(t));
  auto has = [&](const std::string& label) {
    for (const std::string& l : labels)
      if (l.rfind(label, 0) == 0) return true;
    return false;
  };
  for (const char* want : {"field", "city", "coat of arms", "road", "road under mist", "mist", "village", "ruin", "castle",
                           "cemetery", "face-down tile", "ghosts", "hound"})
    CHECK_MESSAGE(has(want), "no legend row for " << want);
  for (int c = 0; c < R.n_colours; ++c) CHECK(has(std::string(COLOUR_NAMES[size_t(c)]) + " meeple"));
}

TEST_CASE("svg: a meeple stands on the feature it occupies") {
  const Rules R = mists_rules(3, 2);
  const State s = meeples_board(R);
  const std::string svg = render_svg(R, s);
  auto meeple_in = [&](int x, int y, const std::string& title) {
    const std::vector<std::string> m = elements(tile_group(svg, x, y), "<use class=\"meeple\"");
    REQUIRE(m.size() == 1);
    CHECK(content(m[0]).find(title) != std::string::npos);
    return std::pair<double, double>{num_attr(m[0], "x"), num_attr(m[0], "y")};
  };
  const double cell = num_attr(elements(tile_group(svg, 1, 2), "<rect class=\"border\"")[0], "width");
  const double mid = cell / 2;
  // The city of tile 38 covers its north and west sides: the meeple stands toward that corner.
  const auto [cx, cy] = meeple_in(1, 2, "red meeple on city0");
  CHECK(cx < mid - cell * 0.1);
  CHECK(cy < mid - cell * 0.1);
  // The road of tile 09, turned a quarter, runs north-south through the centre: the meeple is on it.
  const auto [rx, ry] = meeple_in(2, 0, "blue meeple on road0");
  CHECK(std::fabs(rx - mid) < 1);
  CHECK(std::fabs(ry - mid) < 1);
  // So the two stand at different spots of their tiles.
  CHECK(std::hypot(cx - rx, cy - ry) > cell * 0.2);
}

TEST_CASE("svg: roads are lines from the tile's edge, not wedges") {
  const Rules R = mists_rules(3, 2);
  const State s = meeples_board(R);
  const std::string svg = render_svg(R, s);
  int roads = 0;  // road regions on face-up tiles
  for (int i = 0; i < s.n_tiles; ++i)
    if (!s.tiles[size_t(i)].face_down())
      for (const Feature& f : R.types[s.tiles[size_t(i)].type].features) roads += f.kind == RegionKind::Road;
  REQUIRE(roads >= 5);  // the start tile's four and tile 09's
  std::vector<std::string> paths;
  for (const std::string& p : elements(svg, "<path class=\"road"))
    if (p.find("<g class=\"legend\"") == std::string::npos) paths.push_back(p);
  // The legend draws two road samples (a road and a road under mist): the board draws the rest.
  CHECK(int(paths.size()) == roads + 2);
  CHECK(svg.find("<polygon") == std::string::npos);
  const double cell = num_attr(elements(tile_group(svg, 2, 0), "<rect class=\"border\"")[0], "width");
  const std::string road09 = elements(tile_group(svg, 2, 0), "<path class=\"road")[0];
  // Tile 09 turned a quarter: a line from the middle of the north edge to the middle of the south edge.
  const std::string d = attr(road09, "d");
  CHECK(d.find('Z') == std::string::npos);
  const auto [x0, y0] = first_point(d);
  const auto [x1, y1] = last_point(d);
  CHECK(x0 == cell / 2);
  CHECK(x1 == cell / 2);
  CHECK(std::min(y0, y1) == 0);
  CHECK(std::max(y0, y1) == cell);
}

TEST_CASE("svg: ghost counts on mist areas and cemeteries add up to the ghosts on the board") {
  const Rules R = mists_rules(5, 2);
  const State s = expert_game(R, 7);
  const std::string svg = render_svg(R, s);
  const std::string board = svg.substr(0, svg.find("<g class=\"legend\""));
  int shown = 0;
  for (const std::string& t : elements(board, "<text class=\"count\"")) shown += std::stoi(content(t));
  CHECK(shown == int(s.ghosts_on_board));
  CHECK(s.ghosts_on_board > 0);
}

TEST_CASE("svg: the same board gives the same bytes") {
  const Rules R = mists_rules(5, 2);
  const State s = expert_game(R, 7);
  CHECK(render_svg(R, s) == render_svg(R, s));
  const Rules R2 = mists_rules(5, 2);
  CHECK(render_svg(R2, expert_game(R2, 7)) == render_svg(R, s));
}

TEST_CASE("svg: replay draws a record the same way twice and names the level without empty parentheses") {
  TempDir dir;
  const std::string rec = dir.file("game.rec"), a = dir.file("a.svg"), b = dir.file("b.svg");
  const Run played = mists_cmd("play --level 5 --players 2 --agent expert --seed 7 --out " + quote(rec));
  REQUIRE_MESSAGE(played.status == 0, played.output);
  const Run first = mists_cmd("replay " + quote(rec) + " --svg " + quote(a));
  REQUIRE_MESSAGE(first.status == 0, first.output);
  const Run second = mists_cmd("replay " + quote(rec) + " --svg " + quote(b));
  REQUIRE_MESSAGE(second.status == 0, second.output);
  CHECK(first.output.find("()") == std::string::npos);
  CHECK(first.output.find("level 5 (Haunted cemeteries)") != std::string::npos);
  const std::string svg = slurp(a);
  CHECK(svg.rfind("<svg ", 0) == 0);
  CHECK(svg == slurp(b));
}

TEST_CASE("svg: a level without a name is described without empty parentheses") {
  const Rules R = mists_rules(3, 2, {}, [](Level& lv) { lv.name.clear(); });
  CHECK(R.describe().rfind("level 3, ", 0) == 0);
  CHECK(R.describe().find("()") == std::string::npos);
}

TEST_CASE("text board: the legend explains the marks these rules can show, and replay --show and play --show print it") {
  const Rules l6 = mists_rules(6, 4), l1 = mists_rules(1, 2);
  const std::string six = board_legend(l6), one = board_legend(l1);
  for (const char* want : {"C city", "R road", "F field", "under mist", "ghosts on the tile", "K ", "cemetery", "face-down tile"})
    CHECK_MESSAGE(six.find(want) != std::string::npos, "level 6 legend lacks " << want);
  for (int c = 0; c < l6.n_colours; ++c) CHECK(six.find(std::string(COLOUR_NAMES[size_t(c)])) != std::string::npos);
  CHECK(one.find("face-down") == std::string::npos);  // level 1 has no face-down tiles
  CHECK(one.find("castle") == std::string::npos);
  // Printed by the commands that print the board.
  TempDir dir;
  const std::string rec = dir.file("g.txt");
  const Run play = mists_cmd("play --level 6 --players 2 --agent greedy --seed 7 --deal 3 --out " + quote(rec) + " --show");
  REQUIRE(play.status == 0);
  CHECK(play.output.find("legend: ") != std::string::npos);
  CHECK(play.output.find("face-down tile") != std::string::npos);
  const Run replay = mists_cmd("replay --show " + quote(rec));
  REQUIRE(replay.status == 0);
  CHECK(replay.output.find("legend: ") < replay.output.find("turn 1 "));  // before the first board
  const Run versus = mists_cmd("play --game base --players 2 --agents greedy,random --out " + quote(dir.file("v.txt")) + " --show");
  REQUIRE(versus.status == 0);
  CHECK(versus.output.find("a meeple of that seat (0 to 1)") != std::string::npos);
}
