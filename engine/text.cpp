#include "text.h"

#include <sstream>

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
  if (k == RegionKind::Castle || k == RegionKind::Cemetery) return std::string(kind_name(k));
  int index = 0;
  for (int i = 0; i < fi; ++i) index += tt.features[size_t(i)].kind == k;
  return std::string(kind_name(k)) + std::to_string(index);
}

}  // namespace

std::string action_text(const Rules& R, const State& s, Action a) {
  std::ostringstream os;
  switch (a.kind()) {
    case ActionKind::Place:
      os << "place " << rel_x(cell_x(Cell(a.a()))) << ' ' << rel_y(cell_y(Cell(a.a()))) << ' ' << a.b();
      break;
    case ActionKind::Meeple:
      if (a.a() == NO_REGION) os << "meeple none";
      else os << "meeple " << feature_name(R.types[s.tiles[s.last].type], int(a.a())) << ' ' << COLOUR_NAMES[a.b()];
      break;
    case ActionKind::Score:
      os << "score " << a.a();
      if (a.b() == NO_TILE) os << " points";
      else os << " ghosts " << tile_xy(s, int(a.b()));
      break;
    case ActionKind::Bury:
      os << "bury " << tile_xy(s, s.nodes[s.meeples[a.a()].node].tile);
      break;
    case ActionKind::CemeteryGhost:
      os << "cemetery " << tile_xy(s, int(a.a()));
      break;
    case ActionKind::Hound:
      os << "hound " << tile_xy(s, s.nodes[s.meeples[a.a()].node].tile);
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
  }
  return os.str();
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
  // E1 E2 E3 down the right, S3 S2 S1 left to right along the bottom, W3 W2 W1 down the left).
  char g[5][6];
  for (auto& row : g) {
    for (int c = 0; c < 5; ++c) row[c] = ' ';
    row[5] = 0;
  }
  g[0][0] = g[0][4] = g[4][0] = g[4][4] = '+';
  for (int k = 0; k < 3; ++k) {
    g[0][1 + k] = t.edges[slot_of(North, k)];
    g[1 + k][4] = t.edges[slot_of(East, k)];
    g[4][3 - k] = t.edges[slot_of(South, k)];
    g[3 - k][0] = t.edges[slot_of(West, k)];
  }
  char centre = '.';
  if (t.has(RegionKind::Castle)) centre = 'K';
  else if (t.has(RegionKind::Cemetery)) centre = '+';
  else if (t.has(RegionKind::Monastery)) centre = 'M';
  g[2][2] = centre;
  std::ostringstream os;
  os << "tile " << t.id << (t.start ? " (start cell)" : "") << "  x" << t.copies;
  if (t.ghost_symbols()) os << "  ghost symbols " << t.ghost_symbols();
  os << "  edges ";
  for (int i = 0; i < SLOT_NB; ++i) os << t.edges[i] << (i % 3 == 2 && i < 11 ? " " : "");
  os << '\n';
  for (auto& row : g) os << "    " << row << '\n';
  for (const auto& r : t.regions) {
    os << "    " << kind_name(r.kind);
    if (r.slots) {
      os << ':';
      for (int s = 0; s < SLOT_NB; ++s)
        if (r.slots >> s & 1) os << ' ' << slot_name(s);
    }
    if (r.kind == RegionKind::City && r.arms) os << "  arms " << r.arms;
    if (r.kind == RegionKind::Mist) os << "  ghosts " << r.ghosts;
    if (r.kind == RegionKind::Road && __builtin_popcount(r.slots) == 1) os << "  ends at " << road_end_name(r.end);
    os << '\n';
  }
  return os.str();
}

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
        if (i >= 0 && s.tiles[i].face_down()) {
          c[0] = c[1] = c[2] = '#';
        } else if (i >= 0) {
          const PlacedTile& t = s.tiles[i];
          const TileType& tt = R.types[t.type];
          if (r == 0) {
            c[0] = t.ghosts ? (t.ghosts > 9 ? '*' : char('0' + t.ghosts)) : ' ';
            c[1] = side_char(t, North);
          } else if (r == 1) {
            c[0] = side_char(t, West);
            c[2] = side_char(t, East);
            char centre = '.';
            if (tt.castle >= 0) centre = 'K';
            else if (tt.cemetery >= 0) centre = '+';
            else if (tt.spec->has(RegionKind::Monastery)) centre = 'M';
            for (int m = 0; m < R.n_meeples; ++m)
              if (s.meeples[m].at == MeepleAt::Board && s.nodes[s.meeples[m].node].tile == i)
                centre = COLOUR_NAMES[s.meeples[m].colour][0];
            c[1] = centre;
          } else {
            c[1] = side_char(t, South);
          }
        }
        line.append(c, 3);
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      os << line << '\n';
    }
  return os.str();
}

std::string render_svg(const Rules& R, const State& s) {
  constexpr int T = 60;  // pixels per cell
  const auto [x0, x1, y0, y1] = extent(s);
  const int W = (x1 - x0 + 1) * T, H = (y1 - y0 + 1) * T;
  static constexpr const char* MEEPLE_FILL[COLOUR_NB] = {"#d32f2f", "#388e3c", "#1976d2", "#fbc02d", "#212121", "#ec407a"};
  std::ostringstream os;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << std::max(W + 20, 900) << "\" height=\"" << H + 50
     << "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fafafa\"/>\n";
  // Corner points of the 12 slot wedges, clockwise from the north-west corner (slot N1 first).
  auto edge_point = [&](int k, double& px, double& py) {  // k = 0..12 along the rim, 3 per side
    const int side = (k / 3) % 4, part = k % 3;
    const double f = part / 3.0;
    switch (side) {
      case North: px = f, py = 0; break;
      case East: px = 1, py = f; break;
      case South: px = 1 - f, py = 1; break;
      default: px = 0, py = 1 - f; break;
    }
  };
  for (int i = 0; i < s.n_tiles; ++i) {
    const PlacedTile& t = s.tiles[i];
    const double ox = 10 + (t.x - x0) * T, oy = 10 + (t.y - y0) * T;
    if (t.face_down()) {
      os << "<rect x=\"" << ox << "\" y=\"" << oy << "\" width=\"" << T << "\" height=\"" << T
         << "\" fill=\"#37474f\" stroke=\"#263238\"/><text x=\"" << ox + T / 2 << "\" y=\"" << oy + T / 2 + 5
         << "\" fill=\"#cfd8dc\" font-size=\"14\" text-anchor=\"middle\">?</text>\n";
      continue;
    }
    const TileType& tt = R.types[t.type];
    const Orientation& o = tt.rot[t.rot];
    // The drawn edges: the catalog's letters turned by the rotation.
    for (int k = 0; k < SLOT_NB; ++k) {
      const char c = tt.spec->edges[rotate_slot(k, 4 - t.rot)];
      const char* fill = c == 'C' ? "#c98a4b" : (c == 'R' || c == 'r') ? "#eeeeee" : "#8bc34a";
      double ax, ay, bx, by;
      edge_point(k, ax, ay);
      edge_point(k + 1, bx, by);
      os << "<polygon points=\"" << ox + T / 2.0 << ',' << oy + T / 2.0 << ' ' << ox + ax * T << ',' << oy + ay * T << ' '
         << ox + bx * T << ',' << oy + by * T << "\" fill=\"" << fill << "\"/>";
      if (o.misty >> k & 1)
        os << "<polygon points=\"" << ox + T / 2.0 << ',' << oy + T / 2.0 << ' ' << ox + ax * T << ',' << oy + ay * T << ' '
           << ox + bx * T << ',' << oy + by * T << "\" fill=\"#90a4ae\" fill-opacity=\"0.75\"/>";
    }
    os << "<rect x=\"" << ox << "\" y=\"" << oy << "\" width=\"" << T << "\" height=\"" << T
       << "\" fill=\"none\" stroke=\"#555\" stroke-width=\"0.6\"/>\n";
    if (tt.castle >= 0)
      os << "<rect x=\"" << ox + T / 2 - 9 << "\" y=\"" << oy + T / 2 - 9 << "\" width=\"18\" height=\"18\" fill=\"#8d6e63\" stroke=\"#3e2723\"/>\n";
    if (tt.cemetery >= 0)
      os << "<path d=\"M" << ox + T / 2 << ' ' << oy + T / 2 - 10 << " v20 M" << ox + T / 2 - 7 << ' ' << oy + T / 2 - 4
         << " h14\" stroke=\"#212121\" stroke-width=\"3\"/>\n";
    for (int m = 0; m < R.n_meeples; ++m)
      if (s.meeples[m].at == MeepleAt::Board && s.nodes[s.meeples[m].node].tile == i)
        os << "<circle cx=\"" << ox + T / 2 + 12 << "\" cy=\"" << oy + T / 2 + 12 << "\" r=\"7\" fill=\""
           << MEEPLE_FILL[s.meeples[m].colour] << "\" stroke=\"white\"/>\n";
    if (t.ghosts)
      os << "<circle cx=\"" << ox + 12 << "\" cy=\"" << oy + 12 << "\" r=\"8\" fill=\"white\" stroke=\"#455a64\"/><text x=\""
         << ox + 12 << "\" y=\"" << oy + 16 << "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#263238\">"
         << int(t.ghosts) << "</text>\n";
  }
  std::string status = render_status(R, s);
  os << "<text x=\"10\" y=\"" << H + 35 << "\" font-size=\"12\" fill=\"#212121\">" << status << "</text>\n</svg>\n";
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
  os << "  piles";
  for (int k = 0; k < R.level.piles; ++k) os << ' ' << int(s.pile_size[k]) << (k <= s.active_end ? "*" : "");
  if (R.level.hound1) {
    static constexpr const char* HS[] = {"waiting", "reached", "placed", "scored", "lost"};
    os << "  hounds " << HS[int(s.hound[0])] << '/' << HS[int(s.hound[1])];
  }
  if (s.outcome == Outcome::Won) os << "  WON";
  if (s.outcome == Outcome::Lost) os << "  LOST (" << loss_cause_name(s.cause) << ")";
  return os.str();
}

}  // namespace mists
