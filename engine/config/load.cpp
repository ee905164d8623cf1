#include "engine/config/load.h"

#include <utility>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <toml++/toml.h>

namespace mists {

namespace {

[[noreturn]] void fail(const std::string& file, int line, const std::string& field, const std::string& msg) {
  throw LoadError(file + ":" + std::to_string(line) + ": " + field + ": " + msg);
}

int line_of(const toml::node& n) { return int(n.source().begin.line); }

void reject_unknown(const toml::table& t, const std::set<std::string>& known, const std::string& file,
                    const std::string& where) {
  for (const auto& [k, v] : t)
    if (!known.count(std::string(k.str())))
      fail(file, line_of(v), where + std::string(k.str()), "unknown key");
}

std::string get_string(const toml::table& t, const std::string& key, const std::string& file, const std::string& where,
                       bool required, const std::string& def = "") {
  const toml::node* n = t.get(key);
  if (!n) {
    if (required) fail(file, line_of(t), where + key, "missing");
    return def;
  }
  if (!n->is_string()) fail(file, line_of(*n), where + key, "must be a string");
  return std::string(*n->value<std::string>());
}

// An integer field in [lo, hi]: never cut to fit the engine's narrower types.
int get_int(const toml::table& t, const std::string& key, const std::string& file, const std::string& where,
            bool required, int def, int lo, int hi) {
  const toml::node* n = t.get(key);
  if (!n) {
    if (required) fail(file, line_of(t), where + key, "missing");
    return def;
  }
  if (!n->is_integer()) fail(file, line_of(*n), where + key, "must be an integer");
  const int64_t v = *n->value<int64_t>();
  if (v < lo || v > hi)
    fail(file, line_of(*n), where + key, std::to_string(v) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return int(v);
}

// An integer element of an array field in [lo, hi].
int array_int(const toml::node& x, const std::string& file, int line, const std::string& field, int lo, int hi) {
  if (!x.is_integer()) fail(file, line, field, "must be an integer");
  const int64_t v = *x.value<int64_t>();
  if (v < lo || v > hi) fail(file, line, field, std::to_string(v) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return int(v);
}

bool get_bool(const toml::table& t, const std::string& key, const std::string& file, bool def) {
  const toml::node* n = t.get(key);
  if (!n) return def;
  if (!n->is_boolean()) fail(file, line_of(*n), key, "must be true or false");
  return *n->value<bool>();
}

std::vector<std::string> get_strings(const toml::table& t, const std::string& key, const std::string& file) {
  std::vector<std::string> out;
  const toml::node* n = t.get(key);
  if (!n) return out;
  const toml::array* a = n->as_array();
  if (!a) fail(file, line_of(*n), key, "must be an array of strings");
  for (const auto& e : *a) {
    if (!e.is_string()) fail(file, line_of(e), key, "must be an array of strings");
    out.push_back(std::string(*e.value<std::string>()));
  }
  return out;
}

SlotMask parse_slots(const std::string& text, const std::string& file, int line, const std::string& field) {
  SlotMask m = 0;
  std::istringstream is(text);
  std::string w;
  static const std::string SIDES = "NESW";
  while (is >> w) {
    const auto side = SIDES.find(w[0]);
    if (side == std::string::npos || w.size() > 2 || (w.size() == 2 && (w[1] < '1' || w[1] > '3')))
      fail(file, line, field, "'" + w + "' is not a slot (N, N1..N3, E, ..., W3)");
    const SlotMask add = w.size() == 1 ? side_mask(int(side)) : SlotMask(1u << slot_of(int(side), w[1] - '1'));
    if (m & add) fail(file, line, field, "slot '" + w + "' listed twice");
    m |= add;
  }
  return m;
}

// What kind of entry a tile table is.
enum class Entry { Tile, Start, Special };

TileSpec parse_tile(const toml::table& t, const std::string& file, Entry entry) {
  TileSpec spec;
  spec.line = line_of(t);
  spec.start = entry == Entry::Start;
  spec.special = entry == Entry::Special;
  const std::string where = entry == Entry::Start ? "start." : entry == Entry::Special ? "special." : "tile.";
  std::set<std::string> keys = {"id", "edges", "city", "road", "field", "mist", "castle", "cemetery", "monastery",
                                "garden", "junction"};
  if (entry == Entry::Special) keys.insert({"kind", "copies_per_colour"});
  else keys.insert({"copies", "at"});
  reject_unknown(t, keys, file, where);
  spec.id = get_string(t, "id", file, where, true);
  const std::string tw = where + spec.id + ".";
  if (entry == Entry::Special) {
    spec.kind = get_string(t, "kind", file, tw, true);
    if (spec.kind != "abbey")
      fail(file, line_of(*t.get("kind")), tw + "kind", "'" + spec.kind + "' is not a special tile kind (abbey)");
    spec.copies_per_colour = get_int(t, "copies_per_colour", file, tw, true, 1, 1, MAX_TILES);
    spec.copies = 0;  // never dealt
  } else {
    spec.copies = get_int(t, "copies", file, tw, false, 1, 1, MAX_TILES);
  }
  const std::string edges = get_string(t, "edges", file, tw, true);
  const int eline = line_of(*t.get("edges"));
  spec.edges_line = eline;
  if (edges == "any") {  // E5.2: matches every side
    spec.any_edges = true;
    spec.edges.fill('A');
  } else {
    std::string compact;
    for (char c : edges)
      if (c != ' ') compact += c;
    if (compact.size() != SLOT_NB)
      fail(file, eline, tw + "edges", "needs 12 slot letters in four groups (N E S W) or \"any\", got \"" + edges + "\"");
    for (int i = 0; i < SLOT_NB; ++i) spec.edges[i] = compact[i];
  }
  if (entry == Entry::Start) {
    const toml::node* at = t.get("at");
    const toml::array* a = at ? at->as_array() : nullptr;
    if (!a || a->size() != 2 || !(*a)[0].is_integer() || !(*a)[1].is_integer())
      fail(file, at ? line_of(*at) : spec.line, tw + "at", "must be [x, y]");
    spec.at_x = array_int((*a)[0], file, line_of(*at), tw + "at", -8, 8);
    spec.at_y = array_int((*a)[1], file, line_of(*at), tw + "at", -8, 8);
  } else if (t.get("at")) {
    fail(file, line_of(*t.get("at")), tw + "at", "only start cells have an offset");
  }
  const std::pair<const char*, RegionKind> kinds[] = {
      {"city", RegionKind::City},         {"road", RegionKind::Road},         {"field", RegionKind::Field},
      {"mist", RegionKind::Mist},         {"castle", RegionKind::Castle},     {"cemetery", RegionKind::Cemetery},
      {"monastery", RegionKind::Monastery}, {"garden", RegionKind::Garden}};
  for (const auto& [key, kind] : kinds) {
    const toml::node* n = t.get(key);
    if (!n) continue;
    const toml::array* arr = n->as_array();
    if (!arr) fail(file, line_of(*n), tw + key, "must be an array of inline tables");
    for (const auto& e : *arr) {
      const toml::table* r = e.as_table();
      if (!r) fail(file, line_of(e), tw + key, "each region is an inline table { slots = \"...\" }");
      const std::string rw = tw + key + ".";
      RegionSpec reg;
      reg.kind = kind;
      reg.line = line_of(e);
      std::set<std::string> known = {"slots"};
      if (kind == RegionKind::City) known.insert("arms");
      if (kind == RegionKind::Road) known.insert({"end", "into", "sights"});
      if (kind == RegionKind::Field) known.insert({"cities", "sights"});
      if (kind == RegionKind::Mist) known.insert("ghosts");
      reject_unknown(*r, known, file, rw);
      reg.slots = parse_slots(get_string(*r, "slots", file, rw, true), file, reg.line, rw + "slots");
      reg.arms = get_int(*r, "arms", file, rw, false, 0, 0, 255);
      reg.ghosts = get_int(*r, "ghosts", file, rw, kind == RegionKind::Mist, 0, 0, 255);
      const std::string end = get_string(*r, "end", file, rw, false, "village");
      if (end == "village") reg.end = RoadEnd::Village;
      else if (end == "castle") reg.end = RoadEnd::Castle;
      else if (end == "ruin") reg.end = RoadEnd::Ruin;
      else if (end == "city") reg.end = RoadEnd::City;
      else if (end == "monastery") reg.end = RoadEnd::Monastery;
      else fail(file, reg.line, rw + "end", "'" + end + "' is not one of village, castle, ruin, city, monastery");
      reg.into = get_int(*r, "into", file, rw, false, -1, 0, 255);
      if (const toml::node* c = r->get("cities")) {
        const toml::array* ca = c->as_array();
        if (!ca) fail(file, reg.line, rw + "cities", "must be an array of city indices");
        for (const auto& x : *ca) reg.cities.push_back(array_int(x, file, reg.line, rw + "cities", 0, 255));
      }
      if (const toml::node* sg = r->get("sights")) {  // E4
        const toml::array* sa = sg->as_array();
        if (!sa) fail(file, reg.line, rw + "sights", "must be an array of strings (farmhouse, stable, garden, brigands, travellers)");
        for (const auto& x : *sa) {
          if (!x.is_string()) fail(file, reg.line, rw + "sights", "must be an array of strings (farmhouse, stable, garden, brigands, travellers)");
          const std::string name(*x.value<std::string>());
          int found = -1;
          for (int k = 0; k < int(Sight::SIGHT_NB); ++k)
            if (sight_name(Sight(k)) == name) found = k;
          if (found < 0)
            fail(file, reg.line, rw + "sights", "'" + name + "' is not one of farmhouse, stable, garden, brigands, travellers");
          reg.sights.push_back(Sight(found));
        }
      }
      spec.regions.push_back(std::move(reg));
    }
  }
  if (const toml::node* n = t.get("junction")) {  // E3
    spec.junction_table = true;
    const toml::array* arr = n->as_array();
    if (!arr) fail(file, line_of(*n), tw + "junction", "must be an array of inline tables { roads = [...] }");
    for (const auto& e : *arr) {
      const toml::table* j = e.as_table();
      if (!j) fail(file, line_of(e), tw + "junction", "each junction is an inline table { roads = [0, 1, 2] }");
      const std::string jw = tw + "junction.";
      reject_unknown(*j, {"roads"}, file, jw);
      JunctionSpec js;
      js.line = line_of(e);
      const toml::node* rn = j->get("roads");
      if (!rn) fail(file, js.line, jw + "roads", "missing");
      const toml::array* ra = rn->as_array();
      if (!ra) fail(file, js.line, jw + "roads", "must be an array of road indices");
      for (const auto& x : *ra) js.roads.push_back(array_int(x, file, js.line, jw + "roads", 0, 255));
      spec.junctions.push_back(std::move(js));
    }
  }
  return spec;
}

toml::table parse_toml(const std::string& text, const std::string& name) {
  try {
    return toml::parse(text, name);
  } catch (const toml::parse_error& e) {
    fail(name, int(e.source().begin.line), "syntax", std::string(e.description()));
  }
}

}  // namespace

std::string read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw LoadError(path + ": is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(path + ": cannot open file");
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

Catalog parse_catalog(const std::string& text, const std::string& name) {
  const toml::table root = parse_toml(text, name);
  Catalog cat;
  cat.path = name;
  cat.checksum = fnv1a64_hex(text);
  if (root.get("map"))
    fail(name, line_of(*root.get("map")), "map", "this is a map file (docs/tiles.md, \"Map boards\"), not a tile catalog");
  reject_unknown(root, {"set", "status", "tile", "start", "special"}, name, "");
  cat.set = get_string(root, "set", name, "", true);
  cat.status = get_string(root, "status", name, "", false, "transcribed");
  for (const auto& [key, entry] : {std::pair{"tile", Entry::Tile}, std::pair{"start", Entry::Start}, std::pair{"special", Entry::Special}}) {
    const toml::node* n = root.get(key);
    if (!n) continue;
    const toml::array* arr = n->as_array();
    if (!arr) fail(name, line_of(*n), key, "must be written [[" + std::string(key) + "]]");
    for (const auto& e : *arr) {
      const toml::table* t = e.as_table();
      if (!t) fail(name, line_of(e), key, "must be written [[" + std::string(key) + "]]");
      (entry == Entry::Tile ? cat.tiles : entry == Entry::Start ? cat.start : cat.specials).push_back(parse_tile(*t, name, entry));
    }
  }
  return cat;
}

Catalog load_catalog(const std::string& path) { return parse_catalog(read_file(path), path); }

namespace {

// [x, y] inside a width x height grid (a little beyond is reported by validate_map, not here).
std::pair<int, int> get_at(const toml::table& t, const std::string& file, const std::string& field) {
  const toml::node* at = t.get("at");
  const toml::array* a = at ? at->as_array() : nullptr;
  if (!a || a->size() != 2) fail(file, at ? line_of(*at) : line_of(t), field, "must be [x, y]");
  return {array_int((*a)[0], file, line_of(*at), field, -1000, 1000), array_int((*a)[1], file, line_of(*at), field, -1000, 1000)};
}

// The `side` key ("N" .. "W") of a table whose keys are named `where` + key in messages.
int get_side(const toml::table& t, const std::string& file, const std::string& where) {
  const std::string side = get_string(t, "side", file, where, true);
  static const std::string SIDES = "NESW";
  if (side.size() != 1 || SIDES.find(side[0]) == std::string::npos)
    fail(file, line_of(*t.get("side")), where + "side", "'" + side + "' is not one of N, E, S, W");
  return int(SIDES.find(side[0]));
}

// The tables of array `key` ([[key]] or an array of inline tables).
std::vector<const toml::table*> tables(const toml::table& t, const std::string& key, const std::string& file, const std::string& field) {
  std::vector<const toml::table*> out;
  const toml::node* n = t.get(key);
  if (!n) return out;
  const toml::array* arr = n->as_array();
  if (!arr) fail(file, line_of(*n), field, "must be an array of tables");
  for (const auto& e : *arr) {
    const toml::table* x = e.as_table();
    if (!x) fail(file, line_of(e), field, "must be an array of tables");
    out.push_back(x);
  }
  return out;
}

}  // namespace

MapBoard parse_map(const std::string& text, const std::string& name) {
  const toml::table root = parse_toml(text, name);
  MapBoard m;
  m.path = name;
  m.checksum = fnv1a64_hex(text);
  if (root.get("set") && !root.get("map"))
    fail(name, line_of(*root.get("set")), "set", "this is a tile catalog, not a map file (a map has a `map` key)");
  reject_unknown(root, {"map", "status", "width", "height", "rows", "start", "town", "city", "border"}, name, "");
  m.name = get_string(root, "map", name, "", true);
  m.status = get_string(root, "status", name, "", false, "transcribed");
  m.width = get_int(root, "width", name, "", true, 0, 1, 200);
  m.height = get_int(root, "height", name, "", true, 0, 1, 200);
  m.width_line = line_of(*root.get("width"));
  m.height_line = line_of(*root.get("height"));
  const toml::node* rows = root.get("rows");
  if (!rows) fail(name, line_of(root), "rows", "missing");
  m.rows_line = line_of(*rows);
  const toml::array* ra = rows->as_array();
  if (!ra) fail(name, m.rows_line, "rows", "must be an array of strings, one per row");
  for (const auto& r : *ra) {
    if (!r.is_string()) fail(name, line_of(r), "rows", "must be an array of strings, one per row");
    m.rows.push_back(std::string(*r.value<std::string>()));
    m.row_lines.push_back(line_of(r));
  }
  for (const auto& [key, list] : {std::pair{"start", &m.starts}, std::pair{"town", &m.towns}})
    for (const toml::table* t : tables(root, key, name, key)) {
      reject_unknown(*t, {"name", "at"}, name, std::string(key) + ".");
      MapPlace p;
      p.line = line_of(*t);
      p.name = get_string(*t, "name", name, std::string(key) + ".", true);
      const auto [x, y] = get_at(*t, name, std::string(key) + "." + p.name + ".at");
      p.x = x;
      p.y = y;
      list->push_back(p);
    }
  for (const toml::table* t : tables(root, "city", name, "city")) {
    reject_unknown(*t, {"key", "name", "arms", "open"}, name, "city.");
    MapCity c;
    c.line = line_of(*t);
    const std::string key = get_string(*t, "key", name, "city.", true);
    if (key.size() != 1 || key[0] < 'A' || key[0] > 'Z')
      fail(name, line_of(*t->get("key")), "city.key", "'" + key + "' is not one letter A-Z");
    c.key = key[0];
    const std::string f = "city." + key + ".";
    c.name = get_string(*t, "name", name, f, true);
    c.arms = get_int(*t, "arms", name, f, false, 0, 0, 255);
    for (const toml::table* o : tables(*t, "open", name, f + "open")) {
      reject_unknown(*o, {"at", "side"}, name, f + "open.");
      MapSide side;
      side.line = line_of(*o);
      const auto [x, y] = get_at(*o, name, f + "open.at");
      side.x = x;
      side.y = y;
      side.side = get_side(*o, name, f + "open.");
      c.open.push_back(side);
    }
    m.cities.push_back(std::move(c));
  }
  for (const toml::table* t : tables(root, "border", name, "border")) {
    reject_unknown(*t, {"at", "side", "edge"}, name, "border.");
    MapBorder b;
    b.at.line = line_of(*t);
    const auto [x, y] = get_at(*t, name, "border.at");
    b.at.x = x;
    b.at.y = y;
    b.at.side = get_side(*t, name, "border.");
    b.edge = get_string(*t, "edge", name, "border.", true);
    m.borders.push_back(std::move(b));
  }
  return m;
}

MapBoard load_map(const std::string& path) { return parse_map(read_file(path), path); }

bool is_map_text(const std::string& text) {
  try {
    const toml::table root = toml::parse(text);
    return root.get("map") != nullptr;
  } catch (const toml::parse_error&) {
    return false;
  }
}

Level parse_level(const std::string& text, const std::string& name) {
  const toml::table root = parse_toml(text, name);
  reject_unknown(root,
                 {"level", "name", "remove_kinds", "remove_ids", "piles", "ghosts", "hound1", "hound2", "goal",
                  "goal_verified", "castles", "cemetery_close", "cemetery_ghosts", "haunted", "per_colour_scores"},
                 name, "");
  Level lv;
  lv.path = name;
  lv.number = get_int(root, "level", name, "", true, 0, 1, 6);
  // A file named levelN.toml is level N: every command finds level N as LEVELS_DIR/levelN.toml.
  const std::string file = std::filesystem::path(name).filename().string();
  if (file.size() == 11 && file.rfind("level", 0) == 0 && file.substr(6) == ".toml" && file[5] >= '1' && file[5] <= '6' &&
      lv.number != file[5] - '0')
    fail(name, line_of(*root.get("level")), "level",
         std::to_string(lv.number) + " in a file named " + file + ": the file of level " + file.substr(5, 1) + " must say level = " +
             file.substr(5, 1));
  lv.name = get_string(root, "name", name, "", false, "level " + std::to_string(lv.number));
  lv.remove_kinds = get_strings(root, "remove_kinds", name);
  lv.remove_ids = get_strings(root, "remove_ids", name);
  lv.piles = get_int(root, "piles", name, "", true, 0, 1, MAX_PILES);
  lv.ghosts = get_int(root, "ghosts", name, "", true, 0, 0, 250);
  lv.hound1 = get_int(root, "hound1", name, "", false, 0, 0, 30000);
  lv.hound2 = get_int(root, "hound2", name, "", false, 0, 0, 30000);
  lv.goal = get_int(root, "goal", name, "", true, 0, 1, 30000);
  lv.goal_verified = get_bool(root, "goal_verified", name, true);
  lv.castles = get_bool(root, "castles", name, false);
  lv.cemetery_close = get_int(root, "cemetery_close", name, "", false, 0, 0, 8);
  lv.cemetery_ghosts = get_bool(root, "cemetery_ghosts", name, false);
  lv.haunted = get_bool(root, "haunted", name, false);
  lv.per_colour_scores = get_bool(root, "per_colour_scores", name, false);
  for (const auto& k : lv.remove_kinds)
    if (k != "castle" && k != "cemetery" && k != "monastery")
      fail(name, line_of(*root.get("remove_kinds")), "remove_kinds", "unknown kind '" + k + "' (castle, cemetery, monastery)");
  if (lv.cemetery_close != 0 && lv.cemetery_close != 4 && lv.cemetery_close != 8)
    fail(name, line_of(*root.get("cemetery_close")), "cemetery_close", "must be 0, 4 or 8");
  return lv;
}

Level load_level(const std::string& path) { return parse_level(read_file(path), path); }

}  // namespace mists
