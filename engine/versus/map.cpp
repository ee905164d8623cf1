// Map-Chips Germany (EXPANSIONS M1-M5 of docs/versus.md) in the competitive engine: the map's
// squares on the grid, what a square asks of a tile (border features, large cities' sides), large
// cities laid on the board once connected, where chips may lie and how they are laid, upgrades.
#include <algorithm>

#include "engine/versus/versus.h"
#include "engine/versus/detail.h"

namespace mists::vs {

namespace {

constexpr char SIDE_LETTER[] = "NESW";

std::string map_where(const MapBoard& m, int line, const std::string& field) {
  return (m.path.empty() ? std::string("map") : m.path) + ":" + std::to_string(line) + ": " + field + ": ";
}

bool is_city(char c) { return c >= 'A' && c <= 'Z'; }

// Whether the large city `city` continues from square (x, y) across `side` (an open edge, or
// another square of the same city).
bool city_side(const MapBoard& m, const MapCity& city, int x, int y, int side) {
  if (m.at(x + DX[size_t(side)], y + DY[size_t(side)]) == city.key) return true;
  for (const MapSide& o : city.open)
    if (o.x == x && o.y == y && o.side == side) return true;
  return false;
}

}  // namespace

namespace detail {

void build_map(VsRules& R) {
  const MapBoard& m = R.map;
  // M1.2: the start squares the switch names, the first for the start tile.
  const std::string& pair = R.switches.map_starts;
  const size_t plus = pair.find('+');
  const MapPlace* used[2] = {nullptr, nullptr};
  std::string names;
  for (const MapPlace& p : m.starts) {
    names += (names.empty() ? "" : ", ") + p.name;
    if (p.name == pair.substr(0, plus)) used[0] = &p;
    if (p.name == pair.substr(plus + 1)) used[1] = &p;
  }
  if (!used[0] || !used[1])
    throw ConfigError("map_starts: '" + pair + "' does not name two start squares of " + m.path + " (" + names + ")");
  R.map_dx = VS_START - used[0]->x;
  R.map_dy = VS_START - used[0]->y;
  R.second_start = map_cell(R, used[1]->x, used[1]->y);
  for (int y = -1; y <= m.height; ++y)
    for (int x = -1; x <= m.width; ++x)
      if (x + R.map_dx < 1 || x + R.map_dx > VS_W - 2 || y + R.map_dy < 1 || y + R.map_dy > VS_W - 2)
        throw ConfigError(map_where(m, m.width_line, "width") + "the map does not fit the competitive board");
  // The squares.
  R.square.assign(VS_CELLS, VS_SQ_OFF);
  for (int y = 0; y < m.height; ++y)
    for (int x = 0; x < m.width; ++x) {
      const char c = m.at(x, y);
      uint8_t sq = VS_SQ_OFF;
      if (c == 'n') sq = VS_SQ_NORMAL;
      else if (c == 't') sq = VS_SQ_TOWN;
      else if (c == 's') sq = VS_SQ_START;  // the start square left unused is a square like any other, without a chip
      else if (is_city(c))
        for (size_t k = 0; k < m.cities.size(); ++k)
          if (m.cities[k].key == c) sq = uint8_t(VS_SQ_CITY + k);
      R.square[map_cell(R, x, y)] = sq;
    }
  if (int(m.cities.size()) > 26) throw ConfigError(map_where(m, m.rows_line, "city") + "more than 26 large cities");
  // M1.4, M1.6: each square of a large city is a design with one city region on the sides where
  // the city goes on (its open edges and its other squares); its other sides close what faces
  // them. The first square carries the whole city's coats of arms.
  size_t squares = 0;
  for (int y = 0; y < m.height; ++y)
    for (int x = 0; x < m.width; ++x) squares += is_city(m.at(x, y));
  R.city_specs.reserve(squares);  // the designs point into it
  R.city_types.assign(m.cities.size(), {});
  R.first_city_type = int(R.types.size());
  for (size_t k = 0; k < m.cities.size(); ++k) {
    const MapCity& city = m.cities[k];
    bool first = true;
    for (int y = 0; y < m.height; ++y)
      for (int x = 0; x < m.width; ++x) {
        if (m.at(x, y) != city.key) continue;
        TileSpec spec;
        spec.id = "map:" + city.name + ":" + std::to_string(x) + "." + std::to_string(y);
        spec.special = true;
        spec.copies = 0;
        spec.line = city.line;
        RegionSpec region;
        region.kind = RegionKind::City;
        region.arms = first ? city.arms : 0;
        region.line = city.line;
        VsType tt;
        tt.id = spec.id;
        tt.n_regions = 1;
        tt.regions[0].kind = RegionKind::City;
        tt.regions[0].arms = uint8_t(region.arms);
        VsOrientation& o = tt.rot[0];
        o.region.fill(0xFF);
        for (int side = 0; side < SIDE_NB; ++side) {
          const bool c = city_side(m, city, x, y, side);
          for (int k2 = 0; k2 < 3; ++k2) spec.edges[size_t(slot_of(side, k2))] = c ? 'C' : 'A';
          if (!c) {
            o.closes = uint8_t(o.closes | 1u << side);
            continue;
          }
          region.slots = SlotMask(region.slots | side_mask(side));
          for (int k2 = 0; k2 < 3; ++k2) o.region[size_t(slot_of(side, k2))] = 0;
          o.sides = uint8_t(o.sides | uint8_t(Terrain::City) << (2 * side));
          ++tt.regions[0].open;
        }
        spec.regions.push_back(region);
        R.city_specs.push_back(spec);
        tt.spec = &R.city_specs.back();
        tt.rot_ok[0] = true;
        R.city_types[k].push_back(int(R.types.size()));
        R.types.push_back(tt);
        first = false;
      }
  }
  // M1.3, M1.4: what each square asks of a tile's sides: a feature printed beyond the border, a
  // large city's open edge (city), its closed side under city_closed_side = field (field).
  R.fixed_mask.assign(VS_CELLS, 0);
  R.fixed_value.assign(VS_CELLS, 0);
  auto ask = [&](VsCell c, int side, Terrain t) {
    R.fixed_mask[c] = uint8_t(R.fixed_mask[c] | 3u << (2 * side));
    R.fixed_value[c] = uint8_t((R.fixed_value[c] & ~(3u << (2 * side))) | uint8_t(t) << (2 * side));
  };
  for (const MapBorder& b : m.borders) {
    const char mid = b.edge.size() == 3 ? b.edge[1] : 'F';
    ask(map_cell(R, b.at.x, b.at.y), b.at.side, mid == 'C' ? Terrain::City : mid == 'R' ? Terrain::Road : Terrain::Field);
  }
  for (int y = 0; y < m.height; ++y)
    for (int x = 0; x < m.width; ++x) {
      const char c = m.at(x, y);
      if (!is_city(c)) continue;
      const MapCity* city = nullptr;
      for (const MapCity& k : m.cities)
        if (k.key == c) city = &k;
      for (int side = 0; side < SIDE_NB; ++side) {
        const int nx = x + DX[size_t(side)], ny = y + DY[size_t(side)];
        const char n = m.at(nx, ny);
        if (n != 'n' && n != 's' && n != 't') continue;
        if (city_side(m, *city, x, y, side)) ask(map_cell(R, nx, ny), opposite(side), Terrain::City);
        else if (R.switches.city_closed_side == CityClosedSide::Field) ask(map_cell(R, nx, ny), opposite(side), Terrain::Field);
      }
    }
  // M2.2: chips only on normal squares, none next to a used start square or beyond an open edge.
  std::vector<char> barred(size_t(m.width * m.height), 0);
  auto bar = [&](int x, int y) {
    if (x >= 0 && y >= 0 && x < m.width && y < m.height) barred[size_t(y * m.width + x)] = 1;
  };
  for (const MapPlace* p : used)
    for (int side = 0; side < SIDE_NB; ++side) bar(p->x + DX[size_t(side)], p->y + DY[size_t(side)]);
  for (const MapCity& city : m.cities)
    for (const MapSide& o : city.open) bar(o.x + DX[size_t(o.side)], o.y + DY[size_t(o.side)]);
  R.chip_squares.clear();
  for (int y = 0; y < m.height; ++y)
    for (int x = 0; x < m.width; ++x)
      if (m.at(x, y) == 'n' && !barred[size_t(y * m.width + x)]) R.chip_squares.push_back(map_cell(R, x, y));
  if (R.switches.chip_layout == ChipLayout::Fixed) {
    if (R.switches.chip_squares.size() > size_t(VS_CHIPS))
      throw ConfigError("chip_layout: " + std::to_string(R.switches.chip_squares.size()) + " squares; there are " +
                        std::to_string(VS_CHIPS) + " chips (M2.1)");
    std::vector<VsCell> laid;
    for (const auto& [x, y] : R.switches.chip_squares) {
      const VsCell c = map_cell(R, x, y);
      if (x < 0 || y < 0 || x >= m.width || y >= m.height ||
          std::find(R.chip_squares.begin(), R.chip_squares.end(), c) == R.chip_squares.end())
        throw ConfigError("chip_layout: " + std::to_string(x) + "." + std::to_string(y) +
                          " is no square a chip may lie on (M2.2: a normal square, not next to a start square in use or "
                          "beyond a large city's open edge)");
      for (VsCell d : laid)
        if (d == c || d + 1 == c || d == c + 1 || d + VS_W == c || d == c + VS_W)
          throw ConfigError("chip_layout: " + std::to_string(x) + "." + std::to_string(y) +
                            " is next to another chip or listed twice (M2.2)");
      laid.push_back(c);
    }
  }
  (void)SIDE_LETTER;
}

void connect_cities(const VsRules& R, VsState& s, VsCell cell) {
  for (int side = 0; side < SIDE_NB; ++side) {
    const uint8_t sq = R.square[size_t(cell + VS_STEP[size_t(side)])];
    if (sq < VS_SQ_CITY || (s.cities_on >> (sq - VS_SQ_CITY) & 1)) continue;
    const int k = sq - VS_SQ_CITY;
    s.cities_on |= 1u << k;  // M1.4: from now on its squares are placed tiles
    const MapCity& city = R.map.cities[size_t(k)];
    size_t i = 0;
    uint8_t due = 0;
    for (int y = 0; y < R.map.height; ++y)
      for (int x = 0; x < R.map.width; ++x)
        if (R.map.at(x, y) == city.key) put_tile(R, s, R.city_types[size_t(k)][i++], map_cell(R, x, y), 0, due);
  }
}

namespace {

// The payments seat p can make (M4.1): chips worth exactly 4.
int payments(const VsSeatPieces& q, VsPay* out) {
  int n = 0;
  if (q.chips[0] >= 4) out[n++] = VsPay::Ones4;
  if (q.chips[1] >= 2) out[n++] = VsPay::Twos2;
  if (q.chips[0] >= 2 && q.chips[1] >= 1) out[n++] = VsPay::Ones2Two1;
  return n;
}

}  // namespace

bool can_upgrade(const VsRules& R, const VsState& s) {
  const int p = s.player;
  const VsSeatPieces& q = s.piece[size_t(p)];
  VsPay pay[3];
  if (!payments(q, pay) || (!R.switches.upgrades_any && q.upgrades)) return false;  // M4.2
  for (int i = 0; i < VS_ALL_SLOTS; ++i) {
    const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
    if (m.node != VS_NO_NODE && !m.chip) return true;
  }
  return false;
}

int upgrade_options(const VsRules& R, const VsState& s, VsAction* out) {
  if (!can_upgrade(R, s)) return 0;
  const int p = s.player;
  VsPay pay[3];
  const int n_pay = payments(s.piece[size_t(p)], pay);
  // One option per meeple without an upgrade, except that meeples of one kind in one feature are
  // the same choice: the first stands for them.
  uint16_t seen_root[VS_ALL_SLOTS];
  VsPiece seen_kind[VS_ALL_SLOTS];
  int n_seen = 0, n = 0;
  for (int i = 0; i < VS_ALL_SLOTS; ++i) {
    const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
    if (m.node == VS_NO_NODE || m.chip) continue;
    const uint16_t root = find_root(s, m.node);
    bool dup = false;
    for (int k = 0; k < n_seen && !dup; ++k) dup = seen_root[k] == root && seen_kind[k] == m.kind;
    if (dup) continue;
    seen_root[n_seen] = root;
    seen_kind[n_seen++] = m.kind;
    for (int k = 0; k < n_pay; ++k) out[n++] = VsAction::upgrade(i, pay[k]);
  }
  return n;
}

void upgrade(const VsRules&, VsState& s, VsAction a) {
  const int p = s.player;
  VsSeatPieces& q = s.piece[size_t(p)];
  // Paid: four 1s, two 2s, or two 1s and a 2; one paid chip goes under the meeple (the first
  // named), the others leave the game.
  int ones = 0, twos = 0, under = 1;
  switch (a.pay()) {
    case VsPay::Ones4: ones = 4; break;
    case VsPay::Twos2: twos = 2, under = 2; break;
    case VsPay::Ones2Two1: ones = 2, twos = 1; break;
  }
  q.chips[0] = uint8_t(q.chips[0] - ones);
  q.chips[1] = uint8_t(q.chips[1] - twos);
  s.chips_out[0] = uint8_t(s.chips_out[0] + ones - (under == 1));
  s.chips_out[1] = uint8_t(s.chips_out[1] + twos - (under == 2));
  s.meeples[size_t(p)][size_t(a.slot())].chip = uint8_t(under);
  ++q.upgrades;
  ++s.stats[size_t(p)].upgrades;
}

}  // namespace detail

std::vector<VsCell> lay_chips(const VsRules& R, const std::vector<VsCell>& order) {
  std::vector<VsCell> laid;
  if (!R.on_map) return laid;
  if (R.switches.chip_layout == ChipLayout::Fixed) {
    for (const auto& [x, y] : R.switches.chip_squares) laid.push_back(map_cell(R, x, y));
    return laid;
  }
  for (VsCell c : order) {
    if (int(laid.size()) == VS_CHIPS) break;
    if (std::find(R.chip_squares.begin(), R.chip_squares.end(), c) == R.chip_squares.end()) continue;
    bool next_to = false;
    for (VsCell d : laid) next_to = next_to || d == c || d + 1 == c || d == c + 1 || d + VS_W == c || d == c + VS_W;
    if (!next_to) laid.push_back(c);
  }
  return laid;
}

}  // namespace mists::vs
