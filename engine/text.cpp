#include "text.h"

#include <sstream>

namespace mists {

namespace {

std::string tile_xy(const State& s, int tile) {
  return std::to_string(rel_x(s.tiles[tile].x)) + " " + std::to_string(rel_y(s.tiles[tile].y));
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
  int x0 = BOARD_W, x1 = 0, y0 = BOARD_H, y1 = 0;
  for (int i = 0; i < s.n_tiles; ++i) {
    x0 = std::min<int>(x0, s.tiles[i].x);
    x1 = std::max<int>(x1, s.tiles[i].x);
    y0 = std::min<int>(y0, s.tiles[i].y);
    y1 = std::max<int>(y1, s.tiles[i].y);
  }
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
