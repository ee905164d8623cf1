#include "engine/kit/map.h"

#include <map>
#include <set>
#include <sstream>

namespace mists {

namespace {

constexpr char SIDE_LETTER[] = "NESW";

bool takes_tile(char c) { return c == 'n' || c == 's' || c == 't'; }
bool is_city(char c) { return c >= 'A' && c <= 'Z'; }

std::string xy(int x, int y) { return "[" + std::to_string(x) + ", " + std::to_string(y) + "]"; }

}  // namespace

char MapBoard::at(int x, int y) const {
  if (y < 0 || y >= int(rows.size()) || x < 0 || x >= int(rows[size_t(y)].size())) return '.';
  return rows[size_t(y)][size_t(x)];
}

int MapBoard::tile_squares() const {
  int n = 0;
  for (const auto& r : rows)
    for (char c : r) n += takes_tile(c);
  return n;
}

std::vector<CatalogIssue> validate_map(const MapBoard& m) {
  std::vector<CatalogIssue> out;
  auto issue = [&](int line, const std::string& field, const std::string& msg) { out.push_back({line, "", field, msg}); };
  // 1. The grid: `height` rows of `width` characters from the legend.
  if (int(m.rows.size()) != m.height)
    issue(m.rows_line, "rows", std::to_string(m.rows.size()) + " rows, height says " + std::to_string(m.height));
  for (size_t y = 0; y < m.rows.size(); ++y) {
    const int line = y < m.row_lines.size() ? m.row_lines[y] : m.rows_line;
    if (int(m.rows[y].size()) != m.width)
      issue(line, "rows", "row " + std::to_string(y) + " has " + std::to_string(m.rows[y].size()) + " characters, width says " +
                              std::to_string(m.width));
    for (size_t x = 0; x < m.rows[y].size(); ++x) {
      const char c = m.rows[y][x];
      if (c != '.' && !takes_tile(c) && !is_city(c))
        issue(line, "rows", "row " + std::to_string(y) + " column " + std::to_string(x) + ": '" + std::string(1, c) +
                                "' is not one of . n s t A-Z");
    }
  }
  // 2. Start squares and towns, both ways.
  auto places = [&](const std::vector<MapPlace>& list, char want, const char* what) {
    std::set<std::pair<int, int>> listed;
    std::set<std::string> names;
    for (const auto& p : list) {
      if (p.name.empty()) issue(p.line, std::string(what) + ".name", "missing");
      else if (!names.insert(p.name).second) issue(p.line, std::string(what) + ".name", "'" + p.name + "' is used twice");
      if (m.at(p.x, p.y) != want)
        issue(p.line, std::string(what) + ".at", xy(p.x, p.y) + " is '" + std::string(1, m.at(p.x, p.y)) + "' on the grid, not '" +
                                                     std::string(1, want) + "'");
      if (!listed.insert({p.x, p.y}).second) issue(p.line, std::string(what) + ".at", xy(p.x, p.y) + " is listed twice");
    }
    for (int y = 0; y < int(m.rows.size()); ++y)
      for (int x = 0; x < int(m.rows[size_t(y)].size()); ++x)
        if (m.at(x, y) == want && !listed.count({x, y}))
          issue(y < int(m.row_lines.size()) ? m.row_lines[size_t(y)] : m.rows_line, "rows",
                "'" + std::string(1, want) + "' at " + xy(x, y) + " has no [[" + what + "]] entry");
  };
  places(m.starts, 's', "start");
  places(m.towns, 't', "town");
  // 3. Large cities: every letter has its entry and the reverse; open sides of its own squares that
  // face a square taking tiles; its squares in one block.
  std::map<char, const MapCity*> by_key;
  for (const auto& c : m.cities) {
    const std::string f = std::string("city.") + c.key;
    if (!is_city(c.key)) {
      issue(c.line, "city.key", "'" + std::string(1, c.key) + "' is not a letter A-Z");
      continue;
    }
    if (!by_key.emplace(c.key, &c).second) issue(c.line, "city.key", "'" + std::string(1, c.key) + "' has two [[city]] entries");
    if (c.name.empty()) issue(c.line, f + ".name", "missing");
    if (c.arms < 0) issue(c.line, f + ".arms", "must not be negative");
    std::vector<std::pair<int, int>> squares;
    for (int y = 0; y < int(m.rows.size()); ++y)
      for (int x = 0; x < int(m.rows[size_t(y)].size()); ++x)
        if (m.at(x, y) == c.key) squares.emplace_back(x, y);
    if (squares.empty()) {
      issue(c.line, f, "no square of the grid shows '" + std::string(1, c.key) + "'");
      continue;
    }
    std::set<std::pair<int, int>> seen{squares.front()};
    std::vector<std::pair<int, int>> stack{squares.front()};
    while (!stack.empty()) {
      const auto [x, y] = stack.back();
      stack.pop_back();
      for (int d = 0; d < SIDE_NB; ++d)
        if (m.at(x + DX[size_t(d)], y + DY[size_t(d)]) == c.key && seen.insert({x + DX[size_t(d)], y + DY[size_t(d)]}).second)
          stack.push_back({x + DX[size_t(d)], y + DY[size_t(d)]});
    }
    if (seen.size() != squares.size()) issue(c.line, f, "its squares are not one block");
    std::set<std::pair<std::pair<int, int>, int>> sides;
    for (const auto& o : c.open) {
      if (m.at(o.x, o.y) != c.key) {
        issue(o.line, f + ".open", xy(o.x, o.y) + " is not a square of " + c.name + " ('" + std::string(1, m.at(o.x, o.y)) + "')");
        continue;
      }
      if (!sides.insert({{o.x, o.y}, o.side}).second)
        issue(o.line, f + ".open", xy(o.x, o.y) + " side " + SIDE_LETTER[o.side] + " is listed twice");
      const char beyond = m.at(o.x + DX[size_t(o.side)], o.y + DY[size_t(o.side)]);
      if (!takes_tile(beyond))
        issue(o.line, f + ".open", xy(o.x, o.y) + " side " + SIDE_LETTER[o.side] + " faces '" + std::string(1, beyond) +
                                       "': an open side faces a square that takes tiles (n, s or t)");
    }
  }
  for (int y = 0; y < int(m.rows.size()); ++y)
    for (int x = 0; x < int(m.rows[size_t(y)].size()); ++x) {
      const char c = m.at(x, y);
      if (is_city(c) && !by_key.count(c)) {
        by_key.emplace(c, nullptr);  // once per letter
        issue(y < int(m.row_lines.size()) ? m.row_lines[size_t(y)] : m.rows_line, "rows",
              "letter '" + std::string(1, c) + "' at " + xy(x, y) + " has no [[city]] entry");
      }
    }
  // 4. Border features: on a square that takes tiles, on a side at the edge of the map.
  std::set<std::pair<std::pair<int, int>, int>> border_sides;
  for (const auto& b : m.borders) {
    if (!takes_tile(m.at(b.at.x, b.at.y)))
      issue(b.at.line, "border.at", xy(b.at.x, b.at.y) + " is '" + std::string(1, m.at(b.at.x, b.at.y)) +
                                        "': a border feature lies beside a square that takes tiles (n, s or t)");
    else if (m.at(b.at.x + DX[size_t(b.at.side)], b.at.y + DY[size_t(b.at.side)]) != '.')
      issue(b.at.line, "border.side", xy(b.at.x, b.at.y) + " side " + SIDE_LETTER[b.at.side] +
                                          " faces another square, not the edge of the map");
    if (b.edge != "FRF" && b.edge != "CCC")
      issue(b.at.line, "border.edge", "'" + b.edge + "' is not FRF (a road) or CCC (a city)");
    if (!border_sides.insert({{b.at.x, b.at.y}, b.at.side}).second)
      issue(b.at.line, "border", xy(b.at.x, b.at.y) + " side " + SIDE_LETTER[b.at.side] + " has two border features");
  }
  // 5. Every square (tile squares and city squares) reachable from every other.
  std::vector<std::pair<int, int>> squares;
  for (int y = 0; y < int(m.rows.size()); ++y)
    for (int x = 0; x < int(m.rows[size_t(y)].size()); ++x)
      if (m.at(x, y) != '.') squares.emplace_back(x, y);
  if (squares.empty()) {
    issue(m.rows_line, "rows", "the map has no square");
  } else {
    std::set<std::pair<int, int>> seen{squares.front()};
    std::vector<std::pair<int, int>> stack{squares.front()};
    while (!stack.empty()) {
      const auto [x, y] = stack.back();
      stack.pop_back();
      for (int d = 0; d < SIDE_NB; ++d) {
        const std::pair<int, int> n{x + DX[size_t(d)], y + DY[size_t(d)]};
        if (m.at(n.first, n.second) != '.' && seen.insert(n).second) stack.push_back(n);
      }
    }
    for (const auto& [x, y] : squares)
      if (!seen.count({x, y})) {
        issue(y < int(m.row_lines.size()) ? m.row_lines[size_t(y)] : m.rows_line, "rows",
              "square " + xy(x, y) + " is cut off from " + xy(squares.front().first, squares.front().second) +
                  ": all squares are connected side to side");
        break;
      }
  }
  return out;
}

std::string render_map(const MapBoard& m) {
  // Each square is 3 characters: its letter in the middle, '=' on a side where a large city
  // opens toward the square beside it (east side: right of the letter, west: left), '^' 'v' '<'
  // '>' for a border feature beyond the edge (an 'r' road or 'c' city after the arrow in the list).
  std::ostringstream os;
  os << "map " << m.name << " (" << m.status << "), " << m.width << " x " << m.height << " squares, " << m.tile_squares()
     << " take tiles\n";
  std::map<std::pair<int, int>, std::string> marks;  // (x, y) -> 3 characters
  for (int y = 0; y < int(m.rows.size()); ++y)
    for (int x = 0; x < int(m.rows[size_t(y)].size()); ++x)
      marks[{x, y}] = std::string(" ") + (m.at(x, y) == '.' ? ' ' : m.at(x, y)) + " ";
  for (const auto& c : m.cities)
    for (const auto& o : c.open) {
      auto it = marks.find({o.x, o.y});
      if (it == marks.end()) continue;
      if (o.side == East) it->second[2] = '=';
      else if (o.side == West) it->second[0] = '=';
      else it->second[o.side == North ? 0 : 2] = o.side == North ? '"' : '_';
    }
  for (const auto& b : m.borders) {
    auto it = marks.find({b.at.x, b.at.y});
    if (it == marks.end()) continue;
    static constexpr char ARROW[] = "^><v";
    it->second[b.at.side == West ? 0 : 2] = ARROW[b.at.side];
  }
  os << "    ";
  for (int x = 0; x < m.width; ++x) os << (x < 10 ? " " : "") << x << ' ';
  os << '\n';
  for (int y = 0; y < int(m.rows.size()); ++y) {
    os << (y < 10 ? "  " : " ") << y << ' ';
    for (int x = 0; x < int(m.rows[size_t(y)].size()); ++x) os << marks[{x, y}];
    os << '\n';
  }
  os << "legend: n normal square, s start square, t town, A-Z a large city (no tile goes there), blank: no square;\n"
        "        = \" _ a side where the city opens (east/west, north, south); ^ > v < a feature printed beyond the edge\n";
  for (const auto& p : m.starts) os << "start " << p.name << " at " << xy(p.x, p.y) << '\n';
  for (const auto& p : m.towns) os << "town " << p.name << " at " << xy(p.x, p.y) << '\n';
  for (const auto& c : m.cities) {
    int squares = 0;
    for (const auto& r : m.rows)
      for (char ch : r) squares += ch == c.key;
    os << "city " << c.key << " " << c.name << ": " << squares << " square(s), " << c.arms << " coat(s) of arms, open";
    if (c.open.empty()) os << " nowhere";
    for (const auto& o : c.open) os << ' ' << xy(o.x, o.y) << ' ' << SIDE_LETTER[o.side];
    os << '\n';
  }
  for (const auto& b : m.borders)
    os << "border " << (b.edge == "CCC" ? "city" : b.edge == "FRF" ? "road" : b.edge) << " beyond " << xy(b.at.x, b.at.y)
       << ' ' << SIDE_LETTER[b.at.side] << '\n';
  return os.str();
}

}  // namespace mists
