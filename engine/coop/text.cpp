#include "engine/coop/text.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "engine/kit/svg.h"

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
// Drawn with the kit (engine/kit/svg.h): a tile's design, the symbols and classes, the legend. This
// file adds what only the co-op board has: its meeples and hounds, ghosts on mist and cemeteries,
// face-down tiles, tollhouses and chips, the level's title and the status lines.

namespace {

using namespace svg;  // CELL, MARGIN, num, use, across, draw_legend, ...

constexpr double HOUND_SHIFT = 0.25;  // a hound: beside its meeple, on the side away from the coats of arms
constexpr double HOUND_STEP = 0.15;   // the second hound beside the same meeple
constexpr const char* STATUS_SEP = " \xC2\xB7 ";  // " · " between the parts of the status


void draw_meeples(std::ostream& os, const Rules& R, const State& s, int tile, const TileSpec& spec, int rot) {
  const TileType& type = R.types[s.tiles[size_t(tile)].type];
  for (int m = 0; m < R.n_meeples; ++m) {
    const Meeple& mp = s.meeples[size_t(m)];
    if (mp.at != MeepleAt::Board || s.nodes[mp.node].tile != tile) continue;
    const int fi = s.nodes[mp.node].feature;
    const Pt spot = region_spot(spec, rot, type.features[size_t(fi)].spec_region);
    os << "<use class=\"meeple\" xlink:href=\"#meeple\" x=\"" << num(spot.x * CELL) << "\" y=\"" << num(spot.y * CELL)
       << "\" fill=\"" << meeple_fill(mp.colour) << "\"><title>" << COLOUR_NAMES[mp.colour] << " meeple on "
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
void draw_ghosts(std::ostream& os, const State& s, const PlacedTile& p, const TileType& type) {
  for (size_t fi = 0; fi < type.features.size(); ++fi) {
    const Feature& f = type.features[fi];
    const int n = s.nodes[p.node + fi].ghosts;
    if (!n) continue;
    if (f.kind == RegionKind::Mist) draw_ghost_count(os, ghost_spot(*type.spec, p.rot, f.spec_region), n);
    else draw_ghost_count(os, cemetery_ghost_spot(*type.spec, p.rot), n);
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
  const TileSpec& spec = *R.types[p.type].spec;
  os << "tile " << xml_escape(R.types[p.type].id) << " at " << tile_xy(s, i) << ", " << turn_words(int(p.rot)) << "</title>";
  draw_design(os, spec, p.rot);
  os << "<rect class=\"border\" width=\"" << num(CELL) << "\" height=\"" << num(CELL) << "\"/>";
  draw_meeples(os, R, s, i, spec, p.rot);
  draw_ghosts(os, s, p, R.types[p.type]);
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
    rows.push_back({sample_use("meeple", " class=\"meeple\" fill=\"" + std::string(meeple_fill(c)) + "\""),
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
       << "\" y=\"" << num(y - 9) << "\" width=\"18\" height=\"18\" fill=\"" << meeple_fill(th.colour)
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
  const double bottom = draw_legend(legend, rows, LEGEND_NOTES, {MARGIN, MARGIN});
  const double width = std::ceil(legend_width(rows, LEGEND_NOTES) + 2 * MARGIN), height = std::ceil(bottom + MARGIN);
  std::ostringstream os;
  open_picture(os, width, height);
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
  double width = std::max({how.legend ? legend_at.x + legend_width(rows, LEGEND_NOTES) + MARGIN : board.x + board_w + MARGIN, MIN_WIDTH,
                           text_width(title, TITLE_SIZE) + 2 * MARGIN});
  for (const std::string& p : parts) width = std::max(width, text_width(p, STATUS_SIZE) + 2 * MARGIN);
  width = std::ceil(width);
  const std::vector<std::string> lines = wrap(parts, width - 2 * MARGIN);

  std::ostringstream legend;
  const double legend_bottom = how.legend ? draw_legend(legend, rows, LEGEND_NOTES, {legend_at.x, legend_at.y}) : 0.0;
  const double status_y = std::max(board.y + board_h, legend_bottom) + STATUS_GAP;
  const double height = std::ceil(status_y + double(lines.size() - 1) * STATUS_LINE + MARGIN);

  std::ostringstream os;
  open_picture(os, width, height);
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


}  // namespace mists
