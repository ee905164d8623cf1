#include "engine/kit/catalog.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace mists {

Terrain side_terrain(const TileSpec& t, int side) {
  const char mid = t.edges[size_t(slot_of(side, 1))];
  if (mid == 'C') return Terrain::City;
  if (mid == 'R' || mid == 'r') return Terrain::Road;
  return Terrain::Field;
}

bool TileSpec::has(RegionKind k) const { return count(k) > 0; }

int TileSpec::count(RegionKind k) const {
  return int(std::count_if(regions.begin(), regions.end(), [k](const RegionSpec& r) { return r.kind == k; }));
}

int TileSpec::ghost_symbols() const {
  int n = 0;
  for (const auto& r : regions) n += r.kind == RegionKind::Mist ? r.ghosts : 0;
  return n;
}

int TileSpec::region_of(RegionKind of, int k) const {
  for (size_t i = 0; i < regions.size(); ++i)
    if (regions[i].kind == of && k-- == 0) return int(i);
  return -1;
}

std::vector<std::vector<int>> tile_junctions(const TileSpec& t) {
  std::vector<std::vector<int>> out;
  if (t.junction_table) {
    for (const auto& j : t.junctions) out.push_back(j.roads);
    return out;
  }
  // E3.2: the roads that end here at a village meet at one village.
  std::vector<int> village;
  int pos = 0;
  for (const auto& r : t.regions) {
    if (r.kind != RegionKind::Road) continue;
    if (__builtin_popcount(r.slots) == 1 && r.end == RoadEnd::Village) village.push_back(pos);
    ++pos;
  }
  if (village.size() >= 2) out.push_back(village);
  return out;
}

const TileSpec* Catalog::find_special(const std::string& of) const {
  for (const auto& t : specials)
    if (t.kind == of) return &t;
  return nullptr;
}

const TileSpec* Catalog::find(const std::string& id) const {
  for (const auto& t : tiles)
    if (t.id == id) return &t;
  for (const auto& t : start)
    if (t.id == id) return &t;
  return nullptr;
}

int Catalog::tile_count() const {
  int n = 0;
  for (const auto& t : tiles) n += t.copies;
  return n;
}

std::string fnv1a64_hex(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64-bit offset basis
  for (unsigned char ch : bytes) {
    h ^= ch;
    h *= 0x100000001b3ull;  // FNV-1a 64-bit prime
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

namespace {

// The published facts of the Mists set (Wikicarpedia FR tile list, seed 000): printed id ->
// the ghost symbols of each copy (0 for a copy without mist).
const std::map<std::string, std::vector<int>>& published_mists() {
  static const std::map<std::string, std::vector<int>> table = {
      {"01", {0, 0}}, {"03", {1}},    {"04", {2}},       {"05", {2}},    {"06", {2}},
      {"07", {0, 0}}, {"09", {0, 0}}, {"11", {1}},       {"12", {3}},    {"13", {3}},
      {"14", {3, 3, 2}}, {"21", {1}}, {"20", {0}},       {"22", {0}},    {"23", {3, 2}},
      {"25", {2}},    {"26", {2}},    {"27", {1}},       {"28", {2}},    {"29", {2}},
      {"30", {0}},    {"31", {1}},    {"32", {3}},       {"33", {1}},    {"34", {2}},
      {"17", {0}},    {"18", {2}},    {"35", {2}},       {"19", {2}},    {"36", {2}},
      {"37", {1}},    {"38", {0, 0}}, {"40", {0}},       {"41", {1}},    {"42", {1}},
      {"43", {1}},    {"44", {1}},    {"45", {1}},       {"46", {0}},    {"47", {3}},
      {"48", {0}},    {"50", {1}},    {"49", {0}},       {"51", {1}},    {"52", {2}},
      {"54", {2, 1}}, {"55", {0}},    {"56", {1}},       {"58", {2}},    {"57", {2}},
      {"59", {1}},    {"60", {2}},
  };
  return table;
}

void check_tile(const TileSpec& t, std::vector<CatalogIssue>& out) {
  auto issue = [&](int line, std::string field, std::string msg) {
    out.push_back({line ? line : t.line, t.id, std::move(field), std::move(msg)});
  };
  if (t.copies < 1 && !t.special) issue(t.line, "copies", "must be at least 1");
  if (t.special && t.copies_per_colour < 1) issue(t.line, "copies_per_colour", "must be at least 1");
  if (t.any_edges && !t.special)
    issue(t.edges_line, "edges", "edges = \"any\" is only for [[special]] entries (a tile held by the players)");
  const bool centre_only = t.any_edges;  // E5.2: such a tile has no slot regions
  // 1. Edge characters and side shapes.
  for (int s = 0; s < SLOT_NB && !t.any_edges; ++s) {
    const char c = t.edges[s];
    if (std::string_view("CRrFf").find(c) == std::string_view::npos) {
      issue(t.edges_line, "edges", "slot " + slot_name(s) + " has '" + std::string(1, c) + "', expected one of C R r F f");
      return;
    }
    if ((c == 'R' || c == 'r') && s % 3 != 1)
      issue(t.edges_line, "edges", "road at " + slot_name(s) + ": roads use only the middle slot of a side");
  }
  for (int side = 0; side < SIDE_NB && !t.any_edges; ++side) {
    int cities = 0;
    for (int k = 0; k < 3; ++k) cities += t.edges[slot_of(side, k)] == 'C';
    if (cities != 0 && cities != 3)
      issue(t.edges_line, "edges", "side " + slot_name(slot_of(side, 0)).substr(0, 1) + " is partly city: a city side is CCC");
  }
  // 2. Every slot in exactly the regions its terrain asks for.
  std::array<int, SLOT_NB> main_cover{}, mist_cover{};
  std::array<int, SLOT_NB> cover_line{};  // line of the last region that covers the slot
  int centre[4] = {0, 0, 0, 0};           // castle, cemetery, monastery, garden
  const int n_city = t.count(RegionKind::City);
  const int n_road = t.count(RegionKind::Road);
  for (const auto& r : t.regions) {
    const std::string where = std::string(kind_name(r.kind));
    switch (r.kind) {
      case RegionKind::Castle:
      case RegionKind::Cemetery:
      case RegionKind::Monastery:
      case RegionKind::Garden:
        if (r.slots) issue(r.line, where, "a centre feature touches no slot (slots = \"\")");
        ++centre[int(r.kind) - int(RegionKind::Castle)];  // Castle .. Garden are consecutive
        continue;
      case RegionKind::Mist:
        if (r.ghosts < 1) issue(r.line, "mist.ghosts", "a mist area shows at least 1 ghost symbol");
        break;
      case RegionKind::City:
        if (r.arms < 0) issue(r.line, "city.arms", "must not be negative");
        break;
      case RegionKind::Field:
        for (int c : r.cities)
          if (c < 0 || c >= n_city)
            issue(r.line, "field.cities", "city index " + std::to_string(c) + " out of range (tile has " +
                                              std::to_string(n_city) + " cities)");
        break;
      case RegionKind::Road:
        if (r.into >= 0 && r.end != RoadEnd::City)
          issue(r.line, "road.into", "only a road with end = \"city\" names the city it enters");
        else if (r.into >= n_city)
          issue(r.line, "road.into", "city index " + std::to_string(r.into) + " out of range (tile has " +
                                         std::to_string(n_city) + " cities)");
        break;
      default: break;
    }
    if (centre_only && r.slots)
      issue(r.line, where + ".slots", "a tile with edges = \"any\" has only regions with slots = \"\" (E5.2)");
    if (!r.slots && (r.kind == RegionKind::City || r.kind == RegionKind::Road || r.kind == RegionKind::Mist) && !centre_only)
      issue(r.line, where + ".slots", "empty: a " + where + " touches at least one side (slots = \"\" is for fields and centre features)");
    if (t.any_edges) continue;
    for (int s = 0; s < SLOT_NB; ++s) {
      if (!(r.slots >> s & 1)) continue;
      const char c = t.edges[s];
      const bool ok = (r.kind == RegionKind::City && c == 'C') ||
                      (r.kind == RegionKind::Road && (c == 'R' || c == 'r')) ||
                      (r.kind == RegionKind::Field && c == 'F') ||
                      (r.kind == RegionKind::Mist && (c == 'f' || c == 'r'));
      if (!ok)
        issue(r.line, where + ".slots",
              "slot " + slot_name(s) + " is '" + std::string(1, c) + "' in edges, not " + where + " terrain");
      (r.kind == RegionKind::Mist ? mist_cover : main_cover)[s]++;
      cover_line[s] = r.line;
    }
  }
  for (int i = 0; i < 4; ++i)
    if (centre[i] > 1)
      issue(t.line, std::string(kind_name(RegionKind(int(RegionKind::Castle) + i))), "at most one per tile");
  for (int s = 0; s < SLOT_NB && !t.any_edges; ++s) {
    const char c = t.edges[s];
    const int want_main = (c == 'f') ? 0 : 1;
    const int want_mist = (c == 'f' || c == 'r') ? 1 : 0;
    if (main_cover[s] != want_main || mist_cover[s] != want_mist) {
      std::ostringstream m;
      m << "slot " << slot_name(s) << " ('" << c << "') is covered by " << main_cover[s]
        << " city/road/field and " << mist_cover[s] << " mist regions; expected " << want_main << " and "
        << want_mist;
      // Covered twice: name the region that covers it again; not covered: the edges that call for it.
      issue(cover_line[s] && (main_cover[s] > want_main || mist_cover[s] > want_mist) ? cover_line[s] : t.edges_line,
            "slots", m.str());
    }
  }
  // 3. Road ends: a road region touching one slot ends on the tile; `end` says at what.
  for (const auto& r : t.regions) {
    if (r.kind == RegionKind::Road && r.end == RoadEnd::Castle && !t.has(RegionKind::Castle))
      issue(r.line, "road.end", "road ends at a castle but the tile has no castle");
    if (r.kind == RegionKind::Road && r.end == RoadEnd::Monastery && !t.has(RegionKind::Monastery))
      issue(r.line, "road.end", "road ends at a monastery but the tile has no monastery");
  }
  // 4. Junctions (E3): 2-4 roads, each ending here at a village, none in two junctions.
  std::vector<int> in_junction(size_t(n_road), 0);
  for (const auto& j : t.junctions) {
    if (j.roads.size() < 2 || j.roads.size() > 4)
      issue(j.line, "junction.roads", "a junction joins 2 to 4 roads, this one " + std::to_string(j.roads.size()));
    std::set<int> seen;
    for (int k : j.roads) {
      if (k < 0 || k >= n_road) {
        issue(j.line, "junction.roads", "road index " + std::to_string(k) + " out of range (tile has " + std::to_string(n_road) + " roads)");
        continue;
      }
      if (!seen.insert(k).second) issue(j.line, "junction.roads", "road " + std::to_string(k) + " listed twice");
      else if (++in_junction[size_t(k)] == 2) issue(j.line, "junction.roads", "road " + std::to_string(k) + " is in two junctions");
      const RegionSpec& r = t.regions[size_t(t.region_of(RegionKind::Road, k))];
      if (__builtin_popcount(r.slots) != 1)
        issue(j.line, "junction.roads", "road " + std::to_string(k) + " does not end on this tile (it touches " +
                                            std::to_string(__builtin_popcount(r.slots)) + " slots): only roads that end here meet at a junction");
      else if (r.end != RoadEnd::Village)
        issue(j.line, "junction.roads", "road " + std::to_string(k) + " ends at a " + std::string(road_end_name(r.end)) +
                                            ": only a village is a junction (E3.3)");
    }
  }
  // 5. Special tiles (E5).
  if (t.special && t.kind == "abbey") {
    if (!t.any_edges) issue(t.edges_line, "edges", "an abbey matches every side: edges = \"any\" (E5.3)");
    if (!t.has(RegionKind::Monastery)) issue(t.line, "monastery", "an abbey shows a monastery: monastery = [ { slots = \"\" } ]");
  }
}

}  // namespace

std::vector<CatalogIssue> validate(const Catalog& cat) {
  std::vector<CatalogIssue> out;
  // A catalog without [[start]] cells is an expansion (E5): its tiles join a base catalog's game.
  if (cat.tiles.empty() && cat.specials.empty())
    out.push_back({0, "", "tile", "the catalog has no [[tile]] or [[special]] entries"});
  // What the engine can hold (engine/kit/types.h), so that a catalog that validates can be played: the
  // same limits build_rules enforces, with every copy in play (a level may leave some out).
  if (cat.tiles.size() + cat.start.size() > size_t(MAX_TYPES))
    out.push_back({0, "", "tile", std::to_string(cat.tiles.size() + cat.start.size()) + " designs, the engine holds " +
                                      std::to_string(MAX_TYPES)});
  int copies = 0;
  for (const auto& t : cat.tiles) copies += t.copies;
  if (copies + int(cat.start.size()) > MAX_TILES)
    out.push_back({0, "", "copies", std::to_string(copies) + " tiles in play, the engine holds " +
                                        std::to_string(MAX_TILES - int(cat.start.size())) + " besides the start cells"});
  for (const auto* list : {&cat.start, &cat.tiles})
    for (const auto& t : *list) {
      int features = 0;  // the regions that become feature nodes (rules.cpp compile_type)
      for (const auto& r : t.regions)
        features += r.kind == RegionKind::City || r.kind == RegionKind::Road || r.kind == RegionKind::Mist ||
                    r.kind == RegionKind::Castle || r.kind == RegionKind::Cemetery;
      if (t.regions.size() > MAX_REGIONS)
        out.push_back({t.line, t.id, "regions", std::to_string(t.regions.size()) + " regions, at most " + std::to_string(MAX_REGIONS) + " a tile"});
      if (features > 8) out.push_back({t.line, t.id, "regions", std::to_string(features) + " features (cities, roads, mist, castle, cemetery), the engine holds 8 a tile"});
    }
  for (const auto* list : {&cat.start, &cat.tiles, &cat.specials}) {
    std::set<std::string> ids;  // a start cell may share its id with a land tile design (base game D)
    for (const auto& t : *list) {
      if (t.id.empty()) out.push_back({t.line, "", "id", "missing"});
      if (!ids.insert(t.id).second) out.push_back({t.line, t.id, "id", "used twice"});
      check_tile(t, out);
    }
  }
  // Start cells: distinct positions, touching sides agree.
  std::map<std::pair<int, int>, const TileSpec*> at;
  for (const auto& t : cat.start) {
    if (t.copies != 1) out.push_back({t.line, t.id, "copies", "a start cell has copies = 1"});
    if (t.at_x < 0 || t.at_y < 0 || t.at_x > 3 || t.at_y > 3)
      out.push_back({t.line, t.id, "at", "offset must be within 0..3"});
    if (!at.emplace(std::make_pair(t.at_x, t.at_y), &t).second)
      out.push_back({t.line, t.id, "at", "two start cells at the same offset"});
  }
  for (const auto& [pos, t] : at)
    for (int side : {East, South}) {
      auto it = at.find({pos.first + DX[side], pos.second + DY[side]});
      if (it == at.end()) continue;
      for (int k = 0; k < 3; ++k) {
        const int s = slot_of(side, k);
        const char a = char(std::toupper(t->edges[s]));
        const char b = char(std::toupper(it->second->edges[facing_slot(s)]));
        if (a != b)
          out.push_back({t->line, t->id, "edges",
                         "slot " + slot_name(s) + " ('" + std::string(1, a) + "') does not match start cell " +
                             it->second->id + " ('" + std::string(1, b) + "')"});
      }
    }
  if (at.size() > 1) {  // connected
    std::set<std::pair<int, int>> seen{at.begin()->first};
    std::vector<std::pair<int, int>> stack{at.begin()->first};
    while (!stack.empty()) {
      auto [x, y] = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        std::pair<int, int> n{x + DX[d], y + DY[d]};
        if (at.count(n) && seen.insert(n).second) stack.push_back(n);
      }
    }
    if (seen.size() != at.size()) out.push_back({cat.start.front().line, "", "at", "start cells are not connected"});
  }

  if (cat.set != "mists-over-carcassonne") return out;

  // The published facts of the Mists set.
  std::map<std::string, std::vector<int>> found;  // printed id -> ghost symbols per copy
  std::map<std::string, int> first_line, mist_line;
  for (const auto& t : cat.tiles) {
    std::string printed = t.id;
    while (!printed.empty() && std::isalpha(static_cast<unsigned char>(printed.back()))) printed.pop_back();
    first_line.emplace(printed, t.line);
    for (const auto& r : t.regions)
      if (r.kind == RegionKind::Mist) mist_line.emplace(printed, r.line);
    for (int c = 0; c < t.copies; ++c) found[printed].push_back(t.ghost_symbols());
    for (const auto& r : t.regions)
      if (r.kind == RegionKind::Monastery) out.push_back({r.line, t.id, "monastery", "the Mists set has no monasteries"});
  }
  for (const auto& [id, symbols] : published_mists()) {
    auto it = found.find(id);
    if (it == found.end()) {
      out.push_back({0, id, "id", "published tile " + id + " is missing"});
      continue;
    }
    auto want = symbols, got = it->second;
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    if (want.size() != got.size())
      out.push_back({first_line[id], id, "copies",
                     "published " + std::to_string(want.size()) + " copies, catalog has " + std::to_string(got.size())});
    else if (want != got) {
      auto join = [](const std::vector<int>& v) {
        std::string s;
        for (int x : v) {
          if (!s.empty()) s += ';';
          s += std::to_string(x);
        }
        return s;
      };
      out.push_back({mist_line.count(id) ? mist_line[id] : first_line[id], id, "mist.ghosts",
                     "published ghost symbols per copy (" + join(want) + "), catalog has (" + join(got) + ")"});
    }
  }
  for (const auto& [id, symbols] : found)
    if (!published_mists().count(id))
      out.push_back({first_line[id], id, "id", "not a published tile id of the Mists set"});
  int castles = 0, cemeteries = 0;
  for (const auto& t : cat.tiles) {
    castles += t.copies * t.count(RegionKind::Castle);
    cemeteries += t.copies * t.count(RegionKind::Cemetery);
  }
  if (castles != 5) out.push_back({0, "", "castle", "the Mists set has 5 castle tiles, catalog has " + std::to_string(castles)});
  if (cemeteries != 5)
    out.push_back({0, "", "cemetery", "the Mists set has 5 cemetery tiles, catalog has " + std::to_string(cemeteries)});
  int start_ghosts = 0, start_clear = 0;
  std::vector<int> areas;
  for (const auto& t : cat.start) {
    start_ghosts += t.ghost_symbols();
    start_clear += !t.misty();
    for (const auto& r : t.regions)
      if (r.kind == RegionKind::Mist) areas.push_back(r.ghosts);
  }
  std::sort(areas.begin(), areas.end());
  if (cat.start.size() != 4) out.push_back({0, "", "start", "the Mists start tile has 4 cells (2x2)"});
  if (start_ghosts != 3 || areas != std::vector<int>{1, 2})
    out.push_back({cat.start.empty() ? 0 : cat.start.front().line, "", "start",
                   "the Mists start tile shows 3 ghost symbols in two mist areas (2 + 1)"});
  if (start_clear < 1)
    out.push_back({cat.start.empty() ? 0 : cat.start.front().line, "", "start", "at least one start cell has no mist"});
  return out;
}

std::string format_issues(const Catalog& cat, const std::vector<CatalogIssue>& issues) { return format_issues(cat.path, issues); }

std::string format_issues(const std::string& path, const std::vector<CatalogIssue>& issues) {
  std::ostringstream os;
  for (const auto& i : issues) {
    os << path << ':' << i.line << ": ";
    if (!i.tile.empty()) os << "tile " << i.tile << ": ";
    os << i.field << ": " << i.message << '\n';
  }
  return os.str();
}

}  // namespace mists
