#include "engine/coop/text.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "engine/coop/tile_svg.h"

namespace mists {

namespace {

std::string tile_xy(const State& s, int tile) {
  return std::to_string(rel_x(s.tiles[tile].x)) + " " + std::to_string(rel_y(s.tiles[tile].y));
}

// The cells the placed tiles span: x0, x1, y0, y1.
std::array<int, 4> extent(const State& s) {
  std::array<int, 4> e = {BOARD_W, 0, BOARD_H, 0};
  for (int i = 0; i < s.n_tiles; ++i) {
    e[0] = std::min<int>(e[0], s.tiles[i].x), e[1] = std::max<int>(e[1], s.tiles[i].x);
    e[2] = std::min<int>(e[2], s.tiles[i].y), e[3] = std::max<int>(e[3], s.tiles[i].y);
  }
  return e;
}

// "city0", "road1", "castle": the feature's kind and its index among that kind on the tile.
std::string feature_name(const TileType& tt, int fi) {
  const RegionKind k = tt.features[size_t(fi)].kind;
  if (k == RegionKind::Castle || k == RegionKind::Cemetery || k == RegionKind::Monastery) return std::string(kind_name(k));
  int index = 0;
  for (int i = 0; i < fi; ++i) index += tt.features[size_t(i)].kind == k;
  return std::string(kind_name(k)) + std::to_string(index);
}

// Where meeple m stands, as records name it: its tile ("2 -1"), and the feature as well when another
// piece stands on the same tile (a wagon moved there, CA8): "2 -1 road0".
std::string meeple_place(const Rules& R, const State& s, int m) {
  const int tile = s.nodes[s.meeples[size_t(m)].node].tile;
  std::string out = tile_xy(s, tile);
  for (int k = 0; k < R.n_meeples; ++k)
    if (k != m && s.meeples[size_t(k)].at == MeepleAt::Board && s.nodes[s.meeples[size_t(k)].node].tile == tile) {
      const Node& n = s.nodes[s.meeples[size_t(m)].node];
      return out + " " + feature_name(R.types[s.tiles[n.tile].type], n.feature);
    }
  return out;
}

// A tollhouse's place: "2 -1 j0" (tile, junction).
std::string junction_place(const State& s, int tile, int junction) { return tile_xy(s, tile) + " j" + std::to_string(junction); }

constexpr const char* PAY_TEXT[] = {"1+1+1+1", "1+1+2", "2+2"};

}  // namespace

std::string action_text(const Rules& R, const State& s, Action a) {
  std::ostringstream os;
  switch (a.kind()) {
    case ActionKind::Place:
      os << "place " << rel_x(cell_x(Cell(a.a()))) << ' ' << rel_y(cell_y(Cell(a.a()))) << ' ' << a.b();
      break;
    case ActionKind::Meeple:
      if (a.a() == NO_REGION) os << "meeple none";
      else
        os << piece_name(PieceKind(a.c())) << ' ' << feature_name(R.types[s.tiles[s.last].type], int(a.a())) << ' '
           << COLOUR_NAMES[a.b()];
      break;
    case ActionKind::Score:
      os << "score " << a.a();
      if (a.b() == NO_TILE) os << " points";
      else os << " ghosts " << tile_xy(s, int(a.b()));
      break;
    case ActionKind::Bury:
      os << "bury " << meeple_place(R, s, int(a.a()));
      break;
    case ActionKind::CemeteryGhost:
      os << "cemetery " << tile_xy(s, int(a.a()));
      break;
    case ActionKind::Hound:
      os << "hound " << meeple_place(R, s, int(a.a()));
      if (a.b() != NO_TILE) os << ' ' << tile_xy(s, int(a.b()));
      if (a.c() != NO_TILE) os << ' ' << tile_xy(s, int(a.c()));
      break;
    case ActionKind::Haunt:
      os << "haunt " << rel_x(cell_x(Cell(a.a()))) << ' ' << rel_y(cell_y(Cell(a.a())));
      break;
    case ActionKind::Fewer:
      os << "fewer " << feature_name(R.types[s.tiles[s.last].type], int(a.a()));
      break;
    case ActionKind::GhostArea:
      os << "ghost-area " << tile_xy(s, int(a.a())) << ' ' << feature_name(R.types[s.tiles[a.a()].type], int(a.b()));
      break;
    case ActionKind::Abbey:
      if (a.a() == NO_REGION) os << "abbey none";
      else {
        os << "abbey " << rel_x(cell_x(Cell(a.a()))) << ' ' << rel_y(cell_y(Cell(a.a())));
        if (a.b() != 0xFF) os << ' ' << COLOUR_NAMES[a.b()];
      }
      break;
    case ActionKind::Toll: {
      os << "toll " << junction_place(s, int(a.a() >> 4), int(a.a() & 15));
      if (a.c()) {
        const Tollhouse& th = s.tolls[a.c() - 1];
        os << " from " << junction_place(s, th.tile, th.junction);
      } else {
        os << ' ' << COLOUR_NAMES[a.b()];
      }
      break;
    }
    case ActionKind::Chip:
      os << "chip " << (a.a() == NO_TILE ? std::string("points") : "ghosts " + tile_xy(s, int(a.a())));
      if (R.level.per_colour_scores) os << ' ' << COLOUR_NAMES[a.b()];
      break;
    case ActionKind::Upgrade:
      if (a.a() == NO_REGION) os << "upgrade none";
      else os << "upgrade " << meeple_place(R, s, int(a.a())) << ' ' << PAY_TEXT[a.b()];
      break;
    case ActionKind::Wagon:
      if (a.a() == NO_REGION) os << "wagon-home";
      else {
        const Node& n = s.nodes[a.a()];
        os << "wagon-to " << tile_xy(s, n.tile) << ' ' << feature_name(R.types[s.tiles[n.tile].type], n.feature);
      }
      break;
  }
  return os.str();
}

std::string chance_text(const Rules& R, const State& s, int outcome) {
  if (s.phase == Phase::ChipDraw) return "chip " + std::to_string(outcome);
  return "draw " + R.types[size_t(outcome)].id;
}

bool parse_action(const Rules& R, const State& s, const std::string& text, Action& out) {
  static thread_local Action buf[MAX_ACTIONS];
  const int n = legal_actions(R, s, buf);
  for (int i = 0; i < n; ++i)
    if (action_text(R, s, buf[i]) == text) {
      out = buf[i];
      return true;
    }
  return false;
}

std::string render_tile(const TileSpec& t) {
  // 5 x 5 box: corners '+', the 12 slots on the rim (N1 N2 N3 left to right along the top,
  // E1 E2 E3 down the right side, S3 S2 S1 left to right along the bottom, W3 W2 W1 down the left);
  // '*' on every slot of a tile whose sides match anything (edges = "any").
  char g[5][6];
  for (auto& row : g) {
    for (int c = 0; c < 5; ++c) row[c] = ' ';
    row[5] = 0;
  }
  g[0][0] = g[0][4] = g[4][0] = g[4][4] = '+';
  auto slot_char = [&](int s) { return t.any_edges ? '*' : t.edges[size_t(s)]; };
  for (int k = 0; k < 3; ++k) {
    g[0][1 + k] = slot_char(slot_of(North, k));
    g[1 + k][4] = slot_char(slot_of(East, k));
    g[4][3 - k] = slot_char(slot_of(South, k));
    g[3 - k][0] = slot_char(slot_of(West, k));
  }
  char centre = '.';
  if (t.has(RegionKind::Castle)) centre = 'K';
  else if (t.has(RegionKind::Cemetery)) centre = '+';
  else if (t.has(RegionKind::Monastery)) centre = 'M';
  else if (t.has(RegionKind::Garden)) centre = 'G';
  const auto junctions = tile_junctions(t);
  if (centre == '.' && !junctions.empty()) centre = 'J';
  g[2][2] = centre;
  std::ostringstream os;
  os << "tile " << t.id << (t.start ? " (start cell)" : "");
  if (t.special) os << " (special: " << t.kind << ", " << t.copies_per_colour << " per colour, never dealt)";
  else os << "  x" << t.copies;
  if (t.ghost_symbols()) os << "  ghost symbols " << t.ghost_symbols();
  os << "  edges ";
  if (t.any_edges) os << "any (every side matches and closes what faces it)";
  else
    for (int i = 0; i < SLOT_NB; ++i) os << t.edges[i] << (i % 3 == 2 && i < 11 ? " " : "");
  os << '\n';
  for (auto& row : g) os << "    " << row << '\n';
  std::array<int, int(RegionKind::KIND_NB)> index{};  // position of each region among its kind
  for (const auto& r : t.regions) {
    os << "    " << kind_name(r.kind);
    if (r.kind == RegionKind::City || r.kind == RegionKind::Road || r.kind == RegionKind::Field || r.kind == RegionKind::Mist)
      os << index[size_t(r.kind)];
    ++index[size_t(r.kind)];
    if (r.slots) {
      os << ':';
      for (int s = 0; s < SLOT_NB; ++s)
        if (r.slots >> s & 1) os << ' ' << slot_name(s);
    } else if (r.kind == RegionKind::Field) {
      os << ": enclosed (touches no side)";
    } else if (r.kind != RegionKind::Castle && r.kind != RegionKind::Cemetery && r.kind != RegionKind::Monastery &&
               r.kind != RegionKind::Garden) {
      os << ": no slots";
    }
    if (r.kind == RegionKind::City && r.arms) os << "  arms " << r.arms;
    if (r.kind == RegionKind::Mist) os << "  ghosts " << r.ghosts;
    if (r.kind == RegionKind::Road && __builtin_popcount(r.slots) == 1) {
      os << "  ends at " << road_end_name(r.end);
      if (r.end == RoadEnd::City && r.into >= 0) os << " (city" << r.into << ")";
    }
    if (!r.sights.empty()) {
      os << "  sights";
      for (Sight x : r.sights) os << ' ' << sight_name(x);
    }
    os << '\n';
  }
  for (const auto& j : junctions) {
    os << "    junction" << (t.junction_table ? "" : " (implicit: the roads that end here at a village)") << ": roads";
    for (int k : j) os << " road" << k;
    os << '\n';
  }
  return os.str();
}

// A meeple's colour on the text board: its initial, k for black (blue has b).
constexpr char COLOUR_LETTERS[COLOUR_NB + 1] = "rgbykp";

std::string render_board(const Rules& R, const State& s) {
  const auto [x0, x1, y0, y1] = extent(s);
  std::ostringstream os;
  os << "x " << rel_x(x0) << ".." << rel_x(x1) << ", y " << rel_y(y0) << ".." << rel_y(y1) << '\n';
  auto side_char = [&](const PlacedTile& t, int side) {
    const Orientation& o = R.types[t.type].rot[t.rot];
    const int terrain = (t.sides >> (2 * side)) & 3;
    const char c = "FRC"[terrain];
    return (o.misty >> slot_of(side, 1) & 1) ? char(c + ('a' - 'A')) : c;
  };
  for (int y = y0; y <= y1; ++y)
    for (int r = 0; r < 3; ++r) {
      std::string line;
      for (int x = x0; x <= x1; ++x) {
        const int i = s.cell[make_cell(x, y)] - 1;
        char c[3] = {' ', ' ', ' '};
        if (i < 0) {
          // A chip still face down on its cell (CM1).
          for (size_t k = 0; k < R.chip_cells.size(); ++k)
            if (r == 1 && R.chip_cells[k] == make_cell(x, y) && (s.chips_left >> k & 1)) c[1] = '$';
        } else if (s.tiles[i].face_down()) {
          c[0] = c[1] = c[2] = '#';
        } else {
          const PlacedTile& t = s.tiles[i];
          const TileType& tt = R.types[t.type];
          if (r == 0) {
            c[0] = t.ghosts ? (t.ghosts > 9 ? '*' : char('0' + t.ghosts)) : ' ';
            c[1] = tt.abbey ? '*' : side_char(t, North);
            for (int k = 0; k < R.tolls; ++k)  // a tollhouse on one of its junctions (CT2): its face
              if (s.tolls[k].tile == i) c[2] = char('0' + s.tolls[k].face);
          } else if (r == 1) {
            c[0] = tt.abbey ? '*' : side_char(t, West);
            c[2] = tt.abbey ? '*' : side_char(t, East);
            char centre = '.';
            if (tt.abbey) centre = 'A';
            else if (tt.castle >= 0) centre = 'K';
            else if (tt.cemetery >= 0) centre = '+';
            else if (tt.spec->has(RegionKind::Monastery)) centre = 'M';
            for (int m = 0; m < R.n_meeples; ++m)
              if (s.meeples[m].at == MeepleAt::Board && s.nodes[s.meeples[m].node].tile == i)
                centre = COLOUR_LETTERS[s.meeples[m].colour];
            c[1] = centre;
          } else {
            c[1] = tt.abbey ? '*' : side_char(t, South);
          }
        }
        line.append(c, 3);
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      os << line << '\n';
    }
  return os.str();
}

std::string board_legend(const Rules& R) {
  std::ostringstream os;
  os << "legend: each tile is 3 x 3 characters; x grows east, y grows south, 0 0 is the start tile\n"
     << "  middle of a side   C city, R road, F field; lower case (c r f) under mist\n"
     << "  top-left corner    ghosts on the tile (1-9, * for more)\n"
     << "  centre             . nothing; the initial of the colour of a meeple on the tile, over any mark below (";
  for (int c = 0; c < R.n_colours; ++c) os << (c ? ", " : "") << COLOUR_LETTERS[c] << ' ' << COLOUR_NAMES[c];
  os << ")\n";
  if (R.level.castles) os << "  centre K           a castle (R5.1)\n";
  if (R.level.cemetery_close) os << "  centre +           a cemetery (R5.2)\n";
  if (R.level.haunted) os << "  ###                a face-down tile (R7.3)\n";
  if (R.abbey_type >= 0) os << "  * sides, centre A  an abbey, which matches every side (CA2); centre M a monastery\n";
  if (R.tolls) os << "  top-right corner   the face (1 small, 2 large) of a tollhouse on the tile (CT2)\n";
  if (!R.chip_cells.empty()) os << "  $ on an empty cell a map chip still lying there (CM1)\n";
  return os.str();
}

// ---- SVG board ---------------------------------------------------------------------------------------
// Tile shapes are worked out in tile units (0..1 across a cell, x east, y south) and written in
// pixels inside a group moved to the tile's cell. Everything drawn twice (legend and board) is a
// symbol in <defs>; colours and line styles are CSS classes in <style>.

namespace {

// Layout, in pixels.
constexpr double CELL = svg::CELL;   // one board cell
constexpr double MARGIN = 16;        // round the picture
constexpr double TITLE_SIZE = 15;
constexpr double TITLE_BAND = 30;    // the title line and the space under it
constexpr double AXIS_BAND = 18;     // cell coordinates above and left of the board
constexpr double AXIS_SIZE = 10;
constexpr double LEGEND_GAP = 30;    // from the board to the legend
constexpr double LEGEND_TEXT = 8;    // from a legend sample to its label
constexpr double LEGEND_ROW = 26;
using svg::SWATCH;                   // a legend sample
constexpr double HEADING_SIZE = 13;
constexpr double LABEL_SIZE = 12;
constexpr double NOTE_SIZE = 11;
constexpr double NOTE_LINE = 15;
constexpr double COUNT_SIZE = 10;    // the number on a ghost
constexpr double COUNT_DROP = 4.5;   // its baseline below the ghost's centre
constexpr double MARK_SIZE = 16;     // the "?" on a face-down tile
constexpr double MARK_DROP = 6;
constexpr double STATUS_SIZE = 13;
constexpr double STATUS_LINE = 19;
constexpr double STATUS_GAP = 28;    // from the board or legend to the first status line
constexpr double MIN_WIDTH = 640;
constexpr double GLYPH_WIDTH = 0.6;   // estimated glyph width per unit of font size, to size text
constexpr const char* STATUS_SEP = " \xC2\xB7 ";  // " · " between the parts of the status

struct Pt {
  double x, y;
};
constexpr Pt CENTRE = {0.5, 0.5};

// Placement inside a tile, in tile units.
constexpr double AREA_PULL = 0.6;    // a city's meeple: from the centre toward its slots' centroid, this share of the way
constexpr double ROAD_PULL = 0.5;    // a meeple on a road of three or more slots (a crossing): likewise
constexpr double ROAD_REACH = 0.55;  // a road's curve: how far its handles reach toward the centre (a quarter circle)
constexpr double ROAD_AROUND = 0.3;  // the same for a road bending round a castle or cemetery
constexpr double GHOST_PULL = 0.7;   // a mist area's ghost count: nearer the edge than a meeple
constexpr double SHORT_END = 0.45;   // a dead end that cannot reach the centre stops this share of the way out
constexpr double ARMS_SHIFT = 0.2;   // a coat of arms: beside its city's meeple spot
constexpr double ARMS_STEP = 0.14;   // the next coat of arms of the same city
constexpr double ROAD_CLEARANCE = 0.17;  // a ghost count this far from a road's middle line stays clear of it
constexpr double GHOST_RIM = 0.72;   // other spots for a ghost count, when a road takes the usual one
constexpr double CEMETERY_GHOSTS = 0.2;   // ghost count on a cemetery: diagonally off the centre
constexpr double HOUND_SHIFT = 0.25;  // a hound: beside its meeple, on the side away from the coats of arms
constexpr double HOUND_STEP = 0.15;   // the second hound beside the same meeple

constexpr const char* MEEPLE_FILL[COLOUR_NB] = {"#d32f2f", "#388e3c", "#1976d2", "#fbc02d", "#212121", "#ec407a"};

std::string font(const char* cls, double size, const char* more = "") {
  return std::string(".") + cls + "{font-size:" + std::to_string(int(size)) + "px" + more + "}";
}

// Colours and line styles of the drawing's classes.
std::string style() {
  return std::string(
             "text{font-family:sans-serif;fill:#212121}"
             ".field{fill:#a9d16f}"
             ".city{fill:#d39255;stroke:#7b4a1e;stroke-width:1}"
             ".mist{fill:#b4c2cd;stroke:#8d9fad;stroke-width:0.8}"
             ".road{fill:none;stroke:#5d4e3a;stroke-width:8;stroke-linejoin:round}"
             ".core{fill:none;stroke:#fbf6e8;stroke-width:5;stroke-linejoin:round}"
             ".road.misty{stroke:#7c8e9b}.core.misty{stroke:#eef3f6;stroke-dasharray:4 3}"
             ".border{fill:none;stroke:#56624f;stroke-width:0.8}"
             ".facedown{fill:#37474f;stroke:#263238}.mark{fill:#cfd8dc;text-anchor:middle}"
             ".meeple{stroke:#1b1b1b;stroke-width:1.1}"
             ".count{font-weight:bold;text-anchor:middle}.axis{fill:#78909c}.note{fill:#546e7a}") +
         font("title", TITLE_SIZE, ";font-weight:bold") + font("heading", HEADING_SIZE, ";font-weight:bold") +
         font("label", LABEL_SIZE) + font("note", NOTE_SIZE) + font("status", STATUS_SIZE) + font("axis", AXIS_SIZE) +
         font("count", COUNT_SIZE) + font("mark", MARK_SIZE);
}

// The symbols, each centred on (0, 0).
constexpr const char* DEFS =
    "<path id=\"meeple\" d=\"M0,-9.4 a3,3 0 1 1 0,6 a3,3 0 1 1 0,-6 Z M-3.6,-3.2 H3.6 L9,-1.2 L8.2,1.4 L3.6,0.8"
    " L7.2,9 H1.8 L0,5.6 L-1.8,9 H-7.2 L-3.6,0.8 L-8.2,1.4 L-9,-1.2 Z\"/>"
    "<path id=\"ghost\" d=\"M-7,8 V-1 A7,7 0 0 1 7,-1 V8 L3.5,5.6 L0,8 L-3.5,5.6 Z\" fill=\"#fff\" stroke=\"#37474f\""
    " stroke-width=\"1.2\"/>"
    "<g id=\"castle\"><path d=\"M-10,8 V-8 H-6.5 V-5 H-2 V-8 H2 V-5 H6.5 V-8 H10 V8 Z\" fill=\"#a1a1a1\" stroke=\"#424242\"/>"
    "<rect x=\"-2.5\" y=\"2\" width=\"5\" height=\"6\" fill=\"#424242\"/></g>"
    "<g id=\"cemetery\"><circle r=\"10\" fill=\"#eceff1\" stroke=\"#607d8b\"/>"
    "<path d=\"M0,-7 V7 M-5,-2.5 H5\" stroke=\"#37474f\" stroke-width=\"2.6\"/></g>"
    "<g id=\"village\"><rect x=\"-5\" y=\"-1\" width=\"10\" height=\"7\" fill=\"#ffe0b2\" stroke=\"#5d4037\"/>"
    "<path d=\"M-7,0 L0,-7 L7,0 Z\" fill=\"#c62828\" stroke=\"#5d4037\"/></g>"
    "<path id=\"ruin\" d=\"M-7,6 V-3 L-4,-5.5 L-3,-1 L0,-2.5 L1.5,-6.5 L4,-3 L7,-1 V6 Z\" fill=\"#bdbdbd\""
    " stroke=\"#616161\"/>"
    "<g id=\"monastery\"><rect x=\"-6\" y=\"-2\" width=\"12\" height=\"9\" fill=\"#ffe0b2\" stroke=\"#5d4037\"/>"
    "<path d=\"M-8,-1 L0,-7 L8,-1 Z\" fill=\"#c62828\" stroke=\"#5d4037\"/>"
    "<path d=\"M0,-7 V-12 M-2,-10 H2\" stroke=\"#5d4037\" stroke-width=\"1.2\"/></g>"
    "<path id=\"arms\" d=\"M-5,-6 H5 V0 Q5,5 0,7 Q-5,5 -5,0 Z\" fill=\"#1e4fa3\" stroke=\"#fff\"/>"
    "<g id=\"hound\"><circle r=\"6.5\" fill=\"#6d4c41\" stroke=\"#fff\"/>"
    "<text y=\"3.5\" style=\"fill:#fff;font-size:9px;font-weight:bold;text-anchor:middle\">H</text></g>";

// One decimal at most: short and the same on every machine.
std::string num(double v) {
  const long r = std::lround(v * 10);
  const long a = std::labs(r);
  std::string out = r < 0 ? "-" : "";
  out += std::to_string(a / 10);
  if (a % 10) out += "." + std::to_string(a % 10);
  return out;
}

// A point of a tile, in pixels inside the tile's group.
std::string px(Pt p) { return num(p.x * CELL) + "," + num(p.y * CELL); }


// Estimated width of `text` (UTF-8) at font size `size`.
double text_width(const std::string& text, double size) {
  int chars = 0;
  for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
  return chars * GLYPH_WIDTH * size;
}

// The point `pos` slot widths clockwise along the rim from the north-west corner: 3 a side, so
// 0, 3, 6 and 9 are the corners and slot k runs from k to k + 1.
Pt rim_point(double pos) {
  pos = std::fmod(pos, double(SLOT_NB));
  const int side = std::min(3, int(pos / 3));
  const double f = pos / 3 - side;
  switch (side) {
    case North: return {f, 0};
    case East: return {1, f};
    case South: return {1 - f, 1};
    default: return {0, 1 - f};
  }
}

Pt slot_point(int slot) { return rim_point(slot + 0.5); }

// The point `share` of the way from the centre to p.
Pt from_centre(Pt p, double share) { return {CENTRE.x + share * (p.x - CENTRE.x), CENTRE.y + share * (p.y - CENTRE.y)}; }

// Mean of the slots' midpoints; the centre for no slots (a castle, cemetery or monastery).
Pt centroid(SlotMask m) {
  Pt sum = {0, 0};
  int n = 0;
  for (int k = 0; k < SLOT_NB; ++k)
    if (m >> k & 1) {
      const Pt p = slot_point(k);
      sum.x += p.x, sum.y += p.y, ++n;
    }
  return n ? Pt{sum.x / n, sum.y / n} : CENTRE;
}

double dist2(Pt a, Pt b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

// A face-up tile as drawn: its design turned by its rotation.
struct Drawn {
  const TileSpec& spec;
  int rot;
  const std::vector<RegionSpec>& regions() const { return spec.regions; }
  SlotMask slots(const RegionSpec& r) const { return rotate_mask(r.slots, rot); }
  bool has(RegionKind k) const { return spec.has(k); }
  bool misty(const RegionSpec& r) const {  // a road with a slot under mist
    for (int k = 0; k < SLOT_NB; ++k)
      if ((r.slots >> k & 1) && spec.edges[size_t(k)] == 'r') return true;
    return false;
  }
};

// How far the curve closing a region across a gap of `gap` slots bends toward the gap (as a share
// of the way from the centre to the gap's middle): one city side makes a cap, two adjacent sides
// a slightly hollow diagonal, three sides a band whose open side dips to a quarter of the tile.
double gap_bend(int gap) { return gap <= 3 ? 0.0 : gap <= 6 ? -0.1 : 0.2; }

// The outline of a city or mist region: its stretches of rim, joined across the gaps by curves.
std::string region_outline(SlotMask m) {
  if (m == 0xFFF) return "M" + px({0, 0}) + " H" + num(CELL) + " V" + num(CELL) + " H0 Z";
  int start = 0;  // a slot of the region whose anticlockwise neighbour is not
  while (!(m >> start & 1) || (m >> ((start + SLOT_NB - 1) % SLOT_NB) & 1)) ++start;
  std::string d = "M" + px(rim_point(start));
  for (int i = start; i < start + SLOT_NB;) {
    if (m >> (i % SLOT_NB) & 1) {
      ++i;
      if (i % 3 == 0 || !(m >> (i % SLOT_NB) & 1)) d += " L" + px(rim_point(i));  // corners and the run's end
      continue;
    }
    int gap = 0;
    while (!(m >> ((i + gap) % SLOT_NB) & 1)) ++gap;
    const Pt bend = from_centre(rim_point(i + gap / 2.0), gap_bend(gap));
    d += " Q" + px(bend) + " " + px(rim_point(i + gap));
    i += gap;
  }
  return d + " Z";
}

// Where a meeple on a city stands: from the centre toward the city's slots (the centre for a
// city all round or across the tile, or for a castle).
Pt area_spot(SlotMask m) { return m ? from_centre(centroid(m), AREA_PULL) : CENTRE; }

// The city whose meeple spot is nearest p; the centre when the tile has no city.
Pt nearest_city(const Drawn& t, Pt p) {
  Pt best = CENTRE;
  double best_d = 1e9;
  for (const RegionSpec& r : t.regions())
    if (r.kind == RegionKind::City) {
      const Pt c = area_spot(t.slots(r));
      if (dist2(c, p) < best_d) best = c, best_d = dist2(c, p);
    }
  return best;
}

bool centre_taken(const Drawn& t) {
  return t.has(RegionKind::Castle) || t.has(RegionKind::Cemetery) || t.has(RegionKind::Monastery);
}

// The symbol a dead-end road ends at, or nullptr when the end is a castle, a city or a cloister
// drawn anyway.
const char* end_symbol(const Drawn& t, RoadEnd e) {
  switch (e) {
    case RoadEnd::Village: return "village";
    case RoadEnd::Ruin: return "ruin";
    case RoadEnd::Monastery: return t.has(RegionKind::Monastery) ? nullptr : "monastery";
    default: return nullptr;
  }
}

// Dead ends meet in the centre at one village (or ruin...) unless a castle, cemetery or
// monastery takes the centre or the tile's dead ends end at different things.
bool dead_ends_meet(const Drawn& t) {
  if (centre_taken(t)) return false;
  const char* seen = nullptr;
  for (const RegionSpec& r : t.regions())
    if (r.kind == RegionKind::Road && __builtin_popcount(r.slots) == 1)
      if (const char* sym = end_symbol(t, r.end)) {
        if (seen && std::string(seen) != sym) return false;
        seen = sym;
      }
  return true;
}

// Where a dead-end road stops: in the centre (at a castle, a village, or where it turns into the
// city it ends at), or short of the centre.
Pt dead_end(const Drawn& t, const RegionSpec& road) {
  if (!end_symbol(t, road.end) || dead_ends_meet(t)) return CENTRE;
  return from_centre(centroid(t.slots(road)), SHORT_END);
}

Pt lerp(Pt a, Pt b, double u) { return {a.x + u * (b.x - a.x), a.y + u * (b.y - a.y)}; }

// A cubic Bezier curve.
struct Curve {
  Pt a, c1, c2, b;
  Pt at(double u) const {
    const Pt p = lerp(lerp(a, c1, u), lerp(c1, c2, u), u), q = lerp(lerp(c1, c2, u), lerp(c2, b, u), u);
    return lerp(p, q, u);
  }
};

// A road between slots a and b: it leaves each slot square to the edge and runs straight across
// or round the corner, in a wider curve round a castle or cemetery in the centre.
Curve road_curve(const Drawn& t, Pt a, Pt b) {
  const double reach = centre_taken(t) ? ROAD_AROUND : ROAD_REACH;
  return {a, lerp(a, CENTRE, reach), lerp(b, CENTRE, reach), b};
}

std::vector<Pt> slot_points(SlotMask m) {
  std::vector<Pt> out;
  for (int k = 0; k < SLOT_NB; ++k)
    if (m >> k & 1) out.push_back(slot_point(k));
  return out;
}

// A road: from its slot to its dead end, a curve between two slots, or spokes from each slot to
// the centre.
std::string road_path(const Drawn& t, const RegionSpec& road) {
  const SlotMask m = t.slots(road);
  const std::vector<Pt> ends = slot_points(m);
  if (ends.size() == 1) {
    std::string d = "M" + px(ends[0]) + " L" + px(dead_end(t, road));
    if (road.end == RoadEnd::City) d += " L" + px(nearest_city(t, ends[0]));  // on under the city
    return d;
  }
  if (ends.size() == 2) {
    const Curve c = road_curve(t, ends[0], ends[1]);
    return "M" + px(c.a) + " C" + px(c.c1) + " " + px(c.c2) + " " + px(c.b);
  }
  std::string d;
  for (const Pt& p : ends) d += (d.empty() ? "M" : " M") + px(p) + " L" + px(CENTRE);
  return d;
}

// Where a meeple on the region stands: the middle of a road as drawn, toward the slots of a city,
// the centre for a castle.
Pt meeple_spot(const Drawn& t, const RegionSpec& r) {
  if (r.kind != RegionKind::Road) return area_spot(t.slots(r));
  const SlotMask m = t.slots(r);
  const std::vector<Pt> ends = slot_points(m);
  if (ends.size() == 1) return lerp(ends[0], dead_end(t, r), 0.5);
  if (ends.size() == 2) return road_curve(t, ends[0], ends[1]).at(0.5);
  return from_centre(centroid(m), ROAD_PULL);
}

// The longest stretch of rim a region covers (all of it when the region is in one piece).
SlotMask longest_run(SlotMask m) {
  SlotMask best = 0;
  for (int start = 0; start < SLOT_NB; ++start) {
    if (!(m >> start & 1) || (m != 0xFFF && (m >> ((start + SLOT_NB - 1) % SLOT_NB) & 1))) continue;
    SlotMask run = 0;
    for (int k = start; (m >> (k % SLOT_NB) & 1) && !(run >> (k % SLOT_NB) & 1); ++k) run |= SlotMask(1u << (k % SLOT_NB));
    if (__builtin_popcount(run) > __builtin_popcount(best)) best = run;
  }
  return best;
}

// A unit vector across the line from the centre to p.
Pt across(Pt p) {
  const Pt v = {CENTRE.y - p.y, p.x - CENTRE.x};
  const double len = std::sqrt(v.x * v.x + v.y * v.y);
  return len > 1e-9 ? Pt{v.x / len, v.y / len} : Pt{1, 0};
}

// Points along every road of the tile as drawn, to keep ghost counts off the roads.
std::vector<Pt> road_samples(const Drawn& t) {
  constexpr int STEPS = 8;
  std::vector<Pt> out;
  for (const RegionSpec& r : t.regions()) {
    if (r.kind != RegionKind::Road) continue;
    const SlotMask m = t.slots(r);
    const std::vector<Pt> ends = slot_points(m);
    for (int i = 0; i <= STEPS; ++i) {
      const double u = double(i) / STEPS;
      if (ends.size() == 1) out.push_back(lerp(ends[0], dead_end(t, r), u));
      else if (ends.size() == 2) out.push_back(road_curve(t, ends[0], ends[1]).at(u));
      else
        for (const Pt& e : ends) out.push_back(lerp(e, CENTRE, u));
    }
  }
  return out;
}

double clearance(Pt p, const std::vector<Pt>& marks) {
  double d = 1e9;
  for (const Pt& q : marks) d = std::min(d, std::sqrt(dist2(p, q)));
  return d;
}

// Where the ghost count of a mist area goes: toward its longest stretch of rim, nearer the edge
// than a meeple; when a road runs there, the nearest spot along that stretch clear of roads.
Pt ghost_spot(const Drawn& t, const RegionSpec& mist) {
  const SlotMask run = longest_run(t.slots(mist));
  const Pt spot = from_centre(centroid(run), GHOST_PULL);
  const std::vector<Pt> roads = road_samples(t);
  if (clearance(spot, roads) >= ROAD_CLEARANCE) return spot;
  Pt best = spot;
  double best_score = -1e9;
  for (int k = 0; k < SLOT_NB; ++k) {
    if (!(run >> k & 1)) continue;
    for (double pos : {double(k), k + 0.5, k + 1.0}) {  // slot ends and middle
      const Pt p = from_centre(rim_point(pos), GHOST_RIM);
      const double c = clearance(p, roads);
      // Clear of roads first, then near the usual spot.
      const double score = std::min(c, ROAD_CLEARANCE) * 100 - std::sqrt(dist2(p, spot));
      if (score > best_score + 1e-9) best = p, best_score = score;
    }
  }
  return best;
}

// Where the ghost count of a cemetery goes: the corner beside the cross farthest from the
// tile's meeple spots and mist counts.
Pt cemetery_ghost_spot(const Drawn& t) {
  std::vector<Pt> taken = road_samples(t);
  for (const RegionSpec& r : t.regions()) {
    if (r.kind == RegionKind::City || r.kind == RegionKind::Road) taken.push_back(meeple_spot(t, r));
    if (r.kind == RegionKind::Mist) taken.push_back(ghost_spot(t, r));
  }
  Pt best = CENTRE;
  double best_d = -1;
  for (const Pt& dir : {Pt{1, -1}, Pt{1, 1}, Pt{-1, 1}, Pt{-1, -1}}) {
    const Pt p = {CENTRE.x + CEMETERY_GHOSTS * dir.x, CENTRE.y + CEMETERY_GHOSTS * dir.y};
    double d = 1e9;
    for (const Pt& q : taken) d = std::min(d, dist2(p, q));
    if (d > best_d) best = p, best_d = d;
  }
  return best;
}

void use(std::ostream& os, const char* symbol, Pt at, const std::string& extra = "") {
  os << "<use xlink:href=\"#" << symbol << "\" x=\"" << num(at.x * CELL) << "\" y=\"" << num(at.y * CELL) << '"' << extra
     << "/>";
}

void draw_ghost_count(std::ostream& os, Pt at, int n) {
  use(os, "ghost", at);
  os << "<text class=\"count\" x=\"" << num(at.x * CELL) << "\" y=\"" << num(at.y * CELL + COUNT_DROP) << "\">" << n
     << "</text>";
}

void draw_terrain(std::ostream& os, const Drawn& t) {
  os << "<rect class=\"field\" width=\"" << num(CELL) << "\" height=\"" << num(CELL) << "\"/>";
  for (const RegionSpec& r : t.regions())
    if (r.kind == RegionKind::Mist) os << "<path class=\"mist\" d=\"" << region_outline(t.slots(r)) << "\"/>";
  for (const RegionSpec& r : t.regions())
    if (r.kind == RegionKind::Road) {
      const std::string d = road_path(t, r);
      const char* misty = t.misty(r) ? " misty" : "";
      os << "<path class=\"road" << misty << "\" d=\"" << d << "\"/><path class=\"core" << misty << "\" d=\"" << d << "\"/>";
    }
  for (const RegionSpec& r : t.regions())
    if (r.kind == RegionKind::City) os << "<path class=\"city\" d=\"" << region_outline(t.slots(r)) << "\"/>";
}

// Coats of arms beside the city's meeple spot, across the line from the centre to it.
void draw_arms(std::ostream& os, const Drawn& t, const RegionSpec& city) {
  const Pt spot = area_spot(t.slots(city)), side = across(spot);
  for (int a = 0; a < city.arms; ++a) {
    const double shift = ARMS_SHIFT + ARMS_STEP * a;
    use(os, "arms", {spot.x + shift * side.x, spot.y + shift * side.y});
  }
}

// Castle, cemetery or cloister in the centre; villages and ruins where roads end; coats of arms.
void draw_marks(std::ostream& os, const Drawn& t) {
  if (t.has(RegionKind::Castle)) use(os, "castle", CENTRE);
  if (t.has(RegionKind::Cemetery)) use(os, "cemetery", CENTRE);
  if (t.has(RegionKind::Monastery)) use(os, "monastery", CENTRE);
  const bool meet = dead_ends_meet(t);
  bool centre_marked = false;
  for (const RegionSpec& r : t.regions()) {
    if (r.kind == RegionKind::Road && __builtin_popcount(r.slots) == 1)
      if (const char* sym = end_symbol(t, r.end)) {
        if (meet && centre_marked) continue;
        use(os, sym, dead_end(t, r));
        centre_marked = meet;
      }
    if (r.kind == RegionKind::City) draw_arms(os, t, r);
  }
}

void draw_meeples(std::ostream& os, const Rules& R, const State& s, int tile, const Drawn& t) {
  const TileType& type = R.types[s.tiles[size_t(tile)].type];
  for (int m = 0; m < R.n_meeples; ++m) {
    const Meeple& mp = s.meeples[size_t(m)];
    if (mp.at != MeepleAt::Board || s.nodes[mp.node].tile != tile) continue;
    const int fi = s.nodes[mp.node].feature;
    const Pt spot = meeple_spot(t, t.regions()[type.features[size_t(fi)].spec_region]);
    os << "<use class=\"meeple\" xlink:href=\"#meeple\" x=\"" << num(spot.x * CELL) << "\" y=\"" << num(spot.y * CELL)
       << "\" fill=\"" << MEEPLE_FILL[mp.colour] << "\"><title>" << COLOUR_NAMES[mp.colour] << " meeple on "
       << feature_name(type, fi) << "</title></use>";
    int hounds = 0;  // beside this meeple (R6.2)
    for (int h = 0; h < 2; ++h)
      if (s.hound[size_t(h)] == HoundState::WithMeeple && s.hound_meeple[size_t(h)] == m) {
        const double shift = -(HOUND_SHIFT + HOUND_STEP * hounds++);
        use(os, "hound", {spot.x + shift * across(spot).x, spot.y + shift * across(spot).y});
      }
  }
}

// The ghosts of each mist area on its area, those of a cemetery beside the cross.
void draw_ghosts(std::ostream& os, const State& s, const PlacedTile& p, const TileType& type, const Drawn& t) {
  for (size_t fi = 0; fi < type.features.size(); ++fi) {
    const Feature& f = type.features[fi];
    const int n = s.nodes[p.node + fi].ghosts;
    if (!n) continue;
    if (f.kind == RegionKind::Mist) draw_ghost_count(os, ghost_spot(t, t.regions()[f.spec_region]), n);
    else draw_ghost_count(os, cemetery_ghost_spot(t), n);
  }
}

void draw_tile(std::ostream& os, const Rules& R, const State& s, int i, Pt origin) {
  const PlacedTile& p = s.tiles[size_t(i)];
  os << "<g class=\"tile\" transform=\"translate(" << num(origin.x) << ',' << num(origin.y) << ")\"><title>";
  if (p.face_down()) {
    os << "face-down tile at " << tile_xy(s, i) << "</title><rect class=\"facedown\" width=\"" << num(CELL)
       << "\" height=\"" << num(CELL) << "\"/><text class=\"mark\" x=\"" << num(CELL / 2) << "\" y=\""
       << num(CELL / 2 + MARK_DROP) << "\">?</text></g>\n";
    return;
  }
  const Drawn t{*R.types[p.type].spec, p.rot};
  os << "tile " << xml_escape(R.types[p.type].id) << " at " << tile_xy(s, i) << ", " << turn_words(int(p.rot)) << "</title>";
  draw_terrain(os, t);
  draw_marks(os, t);
  os << "<rect class=\"border\" width=\"" << num(CELL) << "\" height=\"" << num(CELL) << "\"/>";
  draw_meeples(os, R, s, i, t);
  draw_ghosts(os, s, p, R.types[p.type], t);
  os << "</g>\n";
}

// Column and row numbers as records write them.
void draw_axes(std::ostream& os, const std::array<int, 4>& e, Pt board) {
  for (int x = e[0]; x <= e[1]; ++x)
    os << "<text class=\"axis\" text-anchor=\"middle\" x=\"" << num(board.x + (x - e[0] + 0.5) * CELL) << "\" y=\""
       << num(board.y - 6) << "\">" << rel_x(x) << "</text>";
  for (int y = e[2]; y <= e[3]; ++y)
    os << "<text class=\"axis\" text-anchor=\"end\" x=\"" << num(board.x - 5) << "\" y=\""
       << num(board.y + (y - e[2] + 0.5) * CELL + AXIS_SIZE / 3) << "\">" << rel_y(y) << "</text>";
  os << '\n';
}

using svg::LegendRow;
using svg::sample_use;

std::vector<LegendRow> legend_rows(const Rules& R) {
  const std::string box = "width=\"" + num(SWATCH) + "\" height=\"" + num(SWATCH) + "\"/>";
  const std::string field = "<rect class=\"field\" " + box, mist = "<rect class=\"mist\" " + box;
  const std::string line = " d=\"M0," + num(SWATCH / 2) + " H" + num(SWATCH) + "\"/>";
  std::vector<LegendRow> rows = {
      {field, "field"},
      {"<rect class=\"city\" " + box, "city (one shape per city area)"},
      {"<rect class=\"city\" " + box + sample_use("arms"), "coat of arms"},
      {field + "<path class=\"road\"" + line + "<path class=\"core\"" + line, "road"},
      {mist + "<path class=\"road misty\"" + line + "<path class=\"core misty\"" + line, "road under mist"},
      {mist, "mist"},
      {field + sample_use("village"), "village (a road ends)"},
      {field + sample_use("ruin"), "ruin (a road ends)"},
      {field + sample_use("castle"), "castle"},
      {field + sample_use("cemetery"), "cemetery"},
  };
  bool monastery = false;
  for (const TileType& t : R.types) monastery |= t.spec->has(RegionKind::Monastery);
  if (monastery) rows.push_back({field + sample_use("monastery"), "monastery"});
  rows.push_back({"<rect class=\"facedown\" " + box + "<text class=\"mark\" x=\"" + num(SWATCH / 2) + "\" y=\"" +
                      num(SWATCH / 2 + MARK_DROP) + "\">?</text>",
                  "face-down tile"});
  for (int c = 0; c < R.n_colours; ++c)
    rows.push_back({sample_use("meeple", " class=\"meeple\" fill=\"" + std::string(MEEPLE_FILL[c]) + "\""),
                    std::string(COLOUR_NAMES[size_t(c)]) + " meeple"});
  rows.push_back({sample_use("ghost") + "<text class=\"count\" x=\"" + num(SWATCH / 2) + "\" y=\"" +
                      num(SWATCH / 2 + COUNT_DROP) + "\">2</text>",
                  "ghosts on a mist area or cemetery"});
  if (R.level.hound1) rows.push_back({field + sample_use("hound"), "hound (beside its meeple)"});
  return rows;
}

const std::vector<std::string> LEGEND_NOTES = {"Numbers along the board: x and y as records write them.",
                                               "In a browser, point at a tile for its id."};

// The levers' pieces (docs/rules.md C): a tollhouse as a small house with its face on the tile of
// its junction, a chip still face down as a gold disc on its empty cell.
void draw_lever_pieces(std::ostream& os, const Rules& R, const State& s, const std::array<int, 4>& e, Pt board) {
  for (int k = 0; k < R.tolls; ++k) {
    const Tollhouse& th = s.tolls[size_t(k)];
    if (th.tile == NO_TILE) continue;
    const PlacedTile& t = s.tiles[th.tile];
    const double x = board.x + (t.x - e[0] + 0.5) * CELL, y = board.y + (t.y - e[2] + 0.5) * CELL;
    os << "<g><title>" << COLOUR_NAMES[th.colour] << " tollhouse, face " << int(th.face) << "</title><rect x=\"" << num(x - 9)
       << "\" y=\"" << num(y - 9) << "\" width=\"18\" height=\"18\" fill=\"" << MEEPLE_FILL[th.colour]
       << "\" stroke=\"#212121\"/><text class=\"count\" style=\"fill:#fff\" x=\"" << num(x) << "\" y=\"" << num(y + COUNT_DROP)
       << "\">" << int(th.face) << "</text></g>\n";
  }
  for (size_t k = 0; k < R.chip_cells.size(); ++k) {
    if (!(s.chips_left >> k & 1)) continue;
    const int cx = cell_x(R.chip_cells[k]), cy = cell_y(R.chip_cells[k]);
    if (cx < e[0] || cx > e[1] || cy < e[2] || cy > e[3]) continue;
    os << "<circle cx=\"" << num(board.x + (cx - e[0] + 0.5) * CELL) << "\" cy=\"" << num(board.y + (cy - e[2] + 0.5) * CELL)
       << "\" r=\"9\" fill=\"#f2c94c\" stroke=\"#8a6d1a\"><title>a chip, face down</title></circle>\n";
  }
}

std::string svg_title(const Rules& R) {
  std::string t = "Mists over Carcassonne: level " + std::to_string(R.level.number);
  if (!R.level.name.empty()) t += " (" + R.level.name + ")";
  return t + ", " + std::to_string(R.params.players) + (R.params.players == 1 ? " player" : " players");
}

// The status line's parts ("turn 30", "score 45/100", ...): render_status separates them by two spaces.
std::vector<std::string> status_parts(const std::string& status) {
  std::vector<std::string> parts;
  for (size_t at = 0; at < status.size();) {
    const size_t end = std::min(status.find("  ", at), status.size());
    if (end > at) parts.push_back(status.substr(at, end - at));
    at = end + 2;
  }
  return parts;
}

// The parts joined into lines no wider than `width` (a part wider than that gets a line of its own).
std::vector<std::string> wrap(const std::vector<std::string>& parts, double width) {
  std::vector<std::string> lines;
  for (const std::string& p : parts) {
    if (!lines.empty() && text_width(lines.back() + STATUS_SEP + p, STATUS_SIZE) <= width) lines.back() += STATUS_SEP + p;
    else lines.push_back(p);
  }
  return lines;
}

}  // namespace

std::string render_svg(const Rules& R, const State& s, int highlight) { return render_svg(R, s, SvgBoardOptions{highlight, 0, true}); }

// The cells drawn: those the tiles span, `pad` more each way (inside the wall).
static std::array<int, 4> padded_extent(const State& s, int pad) {
  std::array<int, 4> e = extent(s);
  e[0] = std::max(1, e[0] - pad), e[1] = std::min(BOARD_W - 2, e[1] + pad);
  e[2] = std::max(1, e[2] - pad), e[3] = std::min(BOARD_H - 2, e[3] + pad);
  return e;
}

std::string render_svg_legend(const Rules& R) {
  const std::vector<LegendRow> rows = legend_rows(R);
  std::ostringstream legend;
  const double bottom = svg::draw_legend(legend, rows, LEGEND_NOTES, {MARGIN, MARGIN});
  const double width = std::ceil(svg::legend_width(rows, LEGEND_NOTES) + 2 * MARGIN), height = std::ceil(bottom + MARGIN);
  std::ostringstream os;
  svg::open_picture(os, width, height);
  os << legend.str() << "</svg>\n";
  return os.str();
}

SvgBoardFrame svg_board_frame(const State& s, int pad) {
  const std::array<int, 4> e = padded_extent(s, pad);
  return {e[0], e[1], e[2], e[3], MARGIN + AXIS_BAND, MARGIN + TITLE_BAND + AXIS_BAND};
}

std::string render_svg(const Rules& R, const State& s, const SvgBoardOptions& how) {
  const int highlight = how.highlight;
  const std::array<int, 4> e = padded_extent(s, how.pad);
  const Pt board = {MARGIN + AXIS_BAND, MARGIN + TITLE_BAND + AXIS_BAND};
  const double board_w = (e[1] - e[0] + 1) * CELL, board_h = (e[3] - e[2] + 1) * CELL;
  const Pt legend_at = {board.x + board_w + LEGEND_GAP, MARGIN + TITLE_BAND};
  const std::string title = svg_title(R);
  const std::vector<std::string> parts = status_parts(render_status(R, s));

  // Wide enough for the board and the legend, the title and the widest part of the status.
  const std::vector<LegendRow> rows = how.legend ? legend_rows(R) : std::vector<LegendRow>{};
  double width = std::max({how.legend ? legend_at.x + svg::legend_width(rows, LEGEND_NOTES) + MARGIN : board.x + board_w + MARGIN, MIN_WIDTH,
                           text_width(title, TITLE_SIZE) + 2 * MARGIN});
  for (const std::string& p : parts) width = std::max(width, text_width(p, STATUS_SIZE) + 2 * MARGIN);
  width = std::ceil(width);
  const std::vector<std::string> lines = wrap(parts, width - 2 * MARGIN);

  std::ostringstream legend;
  const double legend_bottom = how.legend ? svg::draw_legend(legend, rows, LEGEND_NOTES, {legend_at.x, legend_at.y}) : 0.0;
  const double status_y = std::max(board.y + board_h, legend_bottom) + STATUS_GAP;
  const double height = std::ceil(status_y + double(lines.size() - 1) * STATUS_LINE + MARGIN);

  std::ostringstream os;
  svg::open_picture(os, width, height);
  os << "<rect width=\"100%\" height=\"100%\" fill=\"#fafafa\"/>\n";
  os << "<text class=\"title\" x=\"" << num(MARGIN) << "\" y=\"" << num(MARGIN + TITLE_SIZE) << "\">" << xml_escape(title)
     << "</text>\n";
  draw_axes(os, e, board);
  for (int i = 0; i < s.n_tiles; ++i)
    draw_tile(os, R, s, i, {board.x + (s.tiles[size_t(i)].x - e[0]) * CELL, board.y + (s.tiles[size_t(i)].y - e[2]) * CELL});
  if (highlight >= 0 && highlight < s.n_tiles)  // the tile just placed: an orange frame inside its cell
    os << "<rect class=\"placed\" x=\"" << num(board.x + (s.tiles[size_t(highlight)].x - e[0]) * CELL + 2) << "\" y=\""
       << num(board.y + (s.tiles[size_t(highlight)].y - e[2]) * CELL + 2) << "\" width=\"" << num(CELL - 4) << "\" height=\""
       << num(CELL - 4) << "\" fill=\"none\" stroke=\"#ff6f00\" stroke-width=\"4\"><title>the tile just placed</title></rect>\n";
  draw_lever_pieces(os, R, s, e, board);
  os << legend.str();
  for (size_t k = 0; k < lines.size(); ++k)
    os << "<text class=\"status\" x=\"" << num(MARGIN) << "\" y=\"" << num(status_y + double(k) * STATUS_LINE)
       << "\" font-size=\"" << num(STATUS_SIZE) << "\">" << xml_escape(lines[k]) << "</text>\n";
  os << "</svg>\n";
  return os.str();
}

std::string render_status(const Rules& R, const State& s) {
  std::ostringstream os;
  os << "turn " << s.turn << "  phase " << phase_name(s.phase) << "  ";
  if (R.level.per_colour_scores) {
    os << "scores";
    for (int c = 0; c < R.n_colours; ++c) os << ' ' << COLOUR_NAMES[c] << '=' << s.colour_score[c];
  } else {
    os << "score " << s.score;
  }
  os << "/" << R.level.goal << "  ghosts supply " << int(s.ghost_supply) << " board " << int(s.ghosts_on_board);
  os << "  meeples";
  for (int c = 0; c < R.n_colours; ++c) os << ' ' << COLOUR_NAMES[c] << '=' << int(s.supply[c]);
  // The piles as the rules stack them (R6.2): the active pile (with what is left of passed ones on
  // top), then each pile still waiting.
  int active = 0;
  for (int k = 0; k <= s.active_end && k < R.level.piles; ++k) active += s.pile_size[k];
  os << "  pile " << active;
  if (s.active_end + 1 < R.level.piles) {
    os << ", waiting";
    for (int k = s.active_end + 1; k < R.level.piles; ++k) os << ' ' << int(s.pile_size[k]);
  }
  if (R.level.hound1) {
    static constexpr const char* HS[] = {"waiting", "reached", "placed", "scored", "lost"};
    os << "  hounds " << HS[int(s.hound[0])] << '/' << HS[int(s.hound[1])];
  }
  const Levers& L = R.params.levers;
  if (L.abbeys != PiecePool::Off) {
    int held = s.team_abbeys;
    for (int c = 0; c < COLOUR_NB; ++c) held += s.abbeys[c];
    os << "  abbeys " << held << " in hand, " << int(s.abbeys_placed) << " placed";
    if (s.burned) os << ", " << int(s.burned) << " tiles burned";
  }
  if (R.tolls) {
    os << "  tollhouses";
    for (int k = 0; k < R.tolls; ++k) {
      const Tollhouse& th = s.tolls[k];
      os << ' ' << COLOUR_NAMES[th.colour] << '=';
      if (th.tile == NO_TILE) os << "hand";
      else os << rel_x(s.tiles[th.tile].x) << ',' << rel_y(s.tiles[th.tile].y) << 'j' << int(th.junction) << '/' << int(th.face);
    }
  }
  if (L.chips) {
    int ones = 0, twos = 0;
    for (int c = 0; c < COLOUR_NB; ++c) ones += s.chips_held[c][0], twos += s.chips_held[c][1];
    os << "  chips " << ones << "x1 " << twos << "x2 in hand, " << __builtin_popcount(s.chips_left) << " on the board";
  }
  if (s.outcome == Outcome::Won) os << "  WON";
  if (s.outcome == Outcome::Lost) os << "  LOST (" << loss_cause_name(s.cause) << ")";
  return os.str();
}

// ---- The tile drawing for other pictures (tile_svg.h) ------------------------------------------------

namespace svg {

std::string num(double v) { return mists::num(v); }
double text_width(const std::string& text, double size) { return mists::text_width(text, size); }
std::string style() { return mists::style(); }
const char* defs() { return DEFS; }

void open_picture(std::ostream& os, double width, double height, const char* extra_style, const char* extra_defs) {
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" << num(width) << "\" height=\""
     << num(height) << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height) << "\">\n<style>" << style() << extra_style
     << "</style>\n<defs>" << DEFS << extra_defs << "</defs>\n";
}
const char* meeple_fill(int c) { return MEEPLE_FILL[size_t(c) % COLOUR_NB]; }

void draw_design(std::ostream& os, const TileSpec& spec, int rot) {
  const Drawn t{spec, rot};
  draw_terrain(os, t);
  draw_marks(os, t);
}

// This file's points (mists::Pt) and the header's (svg::Pt) are the same pair of tile units.
Pt piece_spot(const TileSpec& spec, int rot, int region) {
  const Drawn t{spec, rot};
  if (region < 0 || region >= int(spec.regions.size())) return {CENTRE.x, CENTRE.y};
  const RegionSpec& r = spec.regions[size_t(region)];
  if (r.kind == RegionKind::Field && r.slots == 0) return {CENTRE.x, CENTRE.y};
  const mists::Pt p = meeple_spot(t, r);
  return {p.x, p.y};
}

Pt ghost_spot(const TileSpec& spec, int rot, int region) {
  const mists::Pt p = mists::ghost_spot(Drawn{spec, rot}, spec.regions[size_t(region)]);
  return {p.x, p.y};
}
Pt across(Pt p) {
  const mists::Pt a = mists::across(mists::Pt{p.x, p.y});
  return {a.x, a.y};
}
void draw_ghost_count(std::ostream& os, Pt at, int n) { mists::draw_ghost_count(os, mists::Pt{at.x, at.y}, n); }
void use(std::ostream& os, const char* symbol, Pt at, const std::string& extra) { mists::use(os, symbol, mists::Pt{at.x, at.y}, extra); }

std::string sample_use(const char* symbol, const std::string& extra) {
  return "<use xlink:href=\"#" + std::string(symbol) + "\" x=\"" + num(SWATCH / 2) + "\" y=\"" + num(SWATCH / 2) + "\"" +
         extra + "/>";
}

double legend_width(const std::vector<LegendRow>& rows, const std::vector<std::string>& notes) {
  double w = 0;
  for (const LegendRow& row : rows) w = std::max(w, SWATCH + LEGEND_TEXT + text_width(row.label, LABEL_SIZE));
  for (const std::string& note : notes) w = std::max(w, text_width(note, NOTE_SIZE));
  return w;
}

double draw_legend(std::ostream& os, const std::vector<LegendRow>& rows, const std::vector<std::string>& notes, Pt at) {
  os << "<g class=\"legend\"><text class=\"heading\" x=\"" << num(at.x) << "\" y=\"" << num(at.y + HEADING_SIZE) << "\">Legend</text>\n";
  double y = at.y + HEADING_SIZE + 10;
  for (const LegendRow& row : rows) {
    os << "<g transform=\"translate(" << num(at.x) << ',' << num(y) << ")\">" << row.sample << "<text class=\"label\" x=\""
       << num(SWATCH + LEGEND_TEXT) << "\" y=\"" << num(SWATCH / 2 + LABEL_SIZE / 3) << "\">" << xml_escape(row.label)
       << "</text></g>\n";
    y += LEGEND_ROW;
  }
  y += NOTE_LINE / 2;
  for (const std::string& note : notes) {
    os << "<text class=\"note\" x=\"" << num(at.x) << "\" y=\"" << num(y) << "\">" << xml_escape(note) << "</text>";
    y += NOTE_LINE;
  }
  os << "</g>\n";
  return y;
}

}  // namespace svg

}  // namespace mists
