#include "engine/config/load.h"

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

TileSpec parse_tile(const toml::table& t, const std::string& file, bool start) {
  TileSpec spec;
  spec.line = line_of(t);
  spec.start = start;
  const std::string where = start ? "start." : "tile.";
  reject_unknown(t, {"id", "copies", "edges", "at", "city", "road", "field", "mist", "castle", "cemetery", "monastery"},
                 file, where);
  spec.id = get_string(t, "id", file, where, true);
  const std::string tw = where + spec.id + ".";
  spec.copies = get_int(t, "copies", file, tw, false, 1, 1, MAX_TILES);
  const std::string edges = get_string(t, "edges", file, tw, true);
  std::string compact;
  for (char c : edges)
    if (c != ' ') compact += c;
  const int eline = line_of(*t.get("edges"));
  spec.edges_line = eline;
  if (compact.size() != SLOT_NB)
    fail(file, eline, tw + "edges", "needs 12 slot letters in four groups (N E S W), got \"" + edges + "\"");
  for (int i = 0; i < SLOT_NB; ++i) spec.edges[i] = compact[i];
  if (start) {
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
      {"monastery", RegionKind::Monastery}};
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
      if (kind == RegionKind::Road) known.insert({"end", "into"});
      if (kind == RegionKind::Field) known.insert("cities");
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
      if (const toml::node* c = r->get("cities")) {
        const toml::array* ca = c->as_array();
        if (!ca) fail(file, reg.line, rw + "cities", "must be an array of city indices");
        for (const auto& x : *ca) reg.cities.push_back(array_int(x, file, reg.line, rw + "cities", 0, 255));
      }
      spec.regions.push_back(std::move(reg));
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
  reject_unknown(root, {"set", "status", "tile", "start", "abbey", "piece"}, name, "");
  cat.set = get_string(root, "set", name, "", true);
  cat.status = get_string(root, "status", name, "", false, "transcribed");
  for (const char* key : {"tile", "start"}) {
    const toml::node* n = root.get(key);
    if (!n) continue;
    const toml::array* arr = n->as_array();
    if (!arr) fail(name, line_of(*n), key, "must be written [[" + std::string(key) + "]]");
    for (const auto& e : *arr) {
      const toml::table* t = e.as_table();
      if (!t) fail(name, line_of(e), key, "must be written [[" + std::string(key) + "]]");
      (std::string(key) == "tile" ? cat.tiles : cat.start).push_back(parse_tile(*t, name, std::string(key) == "start"));
    }
  }
  return cat;
}

Catalog load_catalog(const std::string& path) { return parse_catalog(read_file(path), path); }

Level parse_level(const std::string& text, const std::string& name) {
  const toml::table root = parse_toml(text, name);
  reject_unknown(root,
                 {"level", "name", "remove_kinds", "remove_ids", "piles", "ghosts", "hound1", "hound2", "goal",
                  "goal_verified", "castles", "cemetery_close", "cemetery_ghosts", "haunted", "per_colour_scores"},
                 name, "");
  Level lv;
  lv.path = name;
  lv.number = get_int(root, "level", name, "", true, 0, 1, 6);
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
