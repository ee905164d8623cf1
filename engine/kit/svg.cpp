#include "engine/kit/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/kit/xml.h"

namespace mists::svg {

// Tile shapes are worked out in tile units (0..1 across a cell, x east, y south) and written in
// pixels inside a group moved to the tile's cell. Everything drawn twice (legend and board) is a
// symbol in <defs>; colours and line styles are CSS classes in <style>.

namespace {

// Sizes in pixels the header does not name.
constexpr double LEGEND_TEXT = 8;    // from a legend sample to its label
constexpr double LEGEND_ROW = 26;
constexpr double HEADING_SIZE = 13;
constexpr double LABEL_SIZE = 12;
constexpr double NOTE_SIZE = 11;
constexpr double NOTE_LINE = 15;
constexpr double COUNT_SIZE = 10;    // the number on a ghost
constexpr double MARK_SIZE = 16;     // the "?" on a face-down tile
constexpr double GLYPH_WIDTH = 0.6;  // estimated glyph width per unit of font size, to size text

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

constexpr const char* MEEPLE_FILL[6] = {"#d32f2f", "#388e3c", "#1976d2", "#fbc02d", "#212121", "#ec407a"};

std::string font(const char* cls, double size, const char* more = "") {
  return std::string(".") + cls + "{font-size:" + std::to_string(int(size)) + "px" + more + "}";
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


// A point of a tile, in pixels inside the tile's group.
std::string px(Pt p) { return num(p.x * CELL) + "," + num(p.y * CELL); }



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
Pt mist_spot(const Drawn& t, const RegionSpec& mist) {
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
Pt cemetery_spot(const Drawn& t) {
  std::vector<Pt> taken = road_samples(t);
  for (const RegionSpec& r : t.regions()) {
    if (r.kind == RegionKind::City || r.kind == RegionKind::Road) taken.push_back(meeple_spot(t, r));
    if (r.kind == RegionKind::Mist) taken.push_back(mist_spot(t, r));
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

}  // namespace

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

// One decimal at most: short and the same on every machine.
std::string num(double v) {
  const long r = std::lround(v * 10);
  const long a = std::labs(r);
  std::string out = r < 0 ? "-" : "";
  out += std::to_string(a / 10);
  if (a % 10) out += "." + std::to_string(a % 10);
  return out;
}

// Estimated width of `text` (UTF-8) at font size `size`.
double text_width(const std::string& text, double size) {
  int chars = 0;
  for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
  return chars * GLYPH_WIDTH * size;
}

// A unit vector across the line from the centre to p.
Pt across(Pt p) {
  const Pt v = {CENTRE.y - p.y, p.x - CENTRE.x};
  const double len = std::sqrt(v.x * v.x + v.y * v.y);
  return len > 1e-9 ? Pt{v.x / len, v.y / len} : Pt{1, 0};
}

void use(std::ostream& os, const char* symbol, Pt at, const std::string& extra) {
  os << "<use xlink:href=\"#" << symbol << "\" x=\"" << num(at.x * CELL) << "\" y=\"" << num(at.y * CELL) << '"' << extra
     << "/>";
}

void draw_ghost_count(std::ostream& os, Pt at, int n) {
  use(os, "ghost", at);
  os << "<text class=\"count\" x=\"" << num(at.x * CELL) << "\" y=\"" << num(at.y * CELL + COUNT_DROP) << "\">" << n
     << "</text>";
}


const char* defs() { return DEFS; }

void open_picture(std::ostream& os, double width, double height, const char* extra_style, const char* extra_defs) {
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" << num(width) << "\" height=\""
     << num(height) << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height) << "\">\n<style>" << style() << extra_style
     << "</style>\n<defs>" << DEFS << extra_defs << "</defs>\n";
}
const char* meeple_fill(int c) { return MEEPLE_FILL[size_t(c) % 6]; }

void draw_design(std::ostream& os, const TileSpec& spec, int rot) {
  const Drawn t{spec, rot};
  draw_terrain(os, t);
  draw_marks(os, t);
}

Pt region_spot(const TileSpec& spec, int rot, int region) { return meeple_spot(Drawn{spec, rot}, spec.regions[size_t(region)]); }

Pt piece_spot(const TileSpec& spec, int rot, int region) {
  if (region < 0 || region >= int(spec.regions.size())) return CENTRE;
  const RegionSpec& r = spec.regions[size_t(region)];
  if (r.kind == RegionKind::Field && r.slots == 0) return CENTRE;
  return meeple_spot(Drawn{spec, rot}, r);
}

Pt ghost_spot(const TileSpec& spec, int rot, int region) { return mist_spot(Drawn{spec, rot}, spec.regions[size_t(region)]); }
Pt cemetery_ghost_spot(const TileSpec& spec, int rot) { return cemetery_spot(Drawn{spec, rot}); }

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

}  // namespace mists::svg
