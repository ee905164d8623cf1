#include "analysis/pages/versus_svg.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "engine/kit/xml.h"
#include "engine/kit/svg.h"
#include "engine/versus/record.h"

namespace mists::analysis {

using svg::CELL;
using svg::num;
using svg::LegendRow;
using svg::Pt;
using svg::sample_use;
using svg::SWATCH;
// The layout every board picture shares (engine/kit/svg.h).
using svg::AXIS_BAND;
using svg::LEGEND_GAP;
using svg::MARGIN;
using svg::MIN_WIDTH;
using svg::STATUS_GAP;
using svg::STATUS_LINE;
using svg::STATUS_SIZE;
using svg::TITLE_BAND;
using svg::TITLE_SIZE;
using namespace vs;

namespace {

// Placement beside a piece, in tile units.
constexpr double GHOSTS_BESIDE = 0.22;  // a meeple's ghost count, across from it
constexpr double LETTER_DROP = 3.5;     // baseline of a piece's letter below the meeple's centre (pixels)

// The symbols the competitive board adds to the co-op ones (svg::defs()), each centred on (0, 0).
constexpr const char* VS_DEFS =
    "<g id=\"garden\"><circle r=\"9\" fill=\"#7cb342\" stroke=\"#33691e\"/>"
    "<path d=\"M0,6 V-1 M-4,-1 A4,4 0 1 1 4,-1 Z\" fill=\"#2e7d32\" stroke=\"#1b5e20\"/></g>"
    "<path id=\"barn\" d=\"M-8,7 V-2 L0,-8 L8,-2 V7 Z\" stroke=\"#1b1b1b\" stroke-width=\"1.2\"/>"
    "<circle id=\"guard-ring\" r=\"12.5\" fill=\"#ffd54f\" fill-opacity=\"0.55\" stroke=\"#ff8f00\" stroke-width=\"2.5\"/>"
    "<circle id=\"chip-ring\" r=\"14\" fill=\"none\" stroke=\"#7b1fa2\" stroke-width=\"2.5\"/>"
    "<g id=\"chip\"><circle r=\"11\" fill=\"#f2c94c\" stroke=\"#8a6d1a\" stroke-width=\"1.5\"/>"
    "<text y=\"4\" style=\"font-size:11px;font-weight:bold;text-anchor:middle;fill:#5d4300\">?</text></g>";

constexpr const char* EXTRA_STYLE =
    ".offmap{fill:#e3e3e3;stroke:#cfcfcf;stroke-width:0.8}.town{fill:none;stroke:#9e9e9e;stroke-dasharray:3 3}"
    ".letter{font-size:9px;font-weight:bold;text-anchor:middle;fill:#fff;stroke:#1b1b1b;stroke-width:0.6;paint-order:stroke}"
    ".seat{font-weight:bold}";

// "city0", "road1", "monastery": a region's kind and its index among that kind on the tile, as
// the records name it; the abbey's parts are the abbey.
std::string region_name(const VsType& T, int region) {
  if (T.abbey) return "abbey";
  const RegionKind k = T.regions[size_t(region)].kind;
  if (k == RegionKind::Monastery || k == RegionKind::Castle || k == RegionKind::Cemetery) return std::string(kind_name(k));
  int index = 0;
  for (int i = 0; i < region; ++i) index += T.regions[size_t(i)].kind == k && !T.regions[size_t(i)].hidden;
  return std::string(kind_name(k)) + std::to_string(index);
}

const char* piece_word(VsPiece p) {
  switch (p) {
    case VsPiece::Normal: return "meeple";
    case VsPiece::Guard: return "guard";
    case VsPiece::Mayor: return "mayor";
    case VsPiece::Wagon: return "wagon";
    case VsPiece::Abbot: return "abbot";
  }
  return "meeple";
}

// The design a placed tile shows (the abbey and the map's city squares have one too).
const TileSpec& spec_of(const VsRules& R, const VsTile& t) { return *R.types[t.type].spec; }

std::string cell_xy(VsCell c) {
  return std::to_string(int(c % VS_W) - VS_START) + " " + std::to_string(int(c / VS_W) - VS_START);
}

struct Frame {
  int x0, x1, y0, y1;  // grid cells drawn
  Pt board;            // pixels of the top-left cell's corner
  Pt cell(VsCell c) const { return {board.x + (int(c % VS_W) - x0) * CELL, board.y + (int(c / VS_W) - y0) * CELL}; }
  bool inside(VsCell c) const {
    const int x = int(c % VS_W), y = int(c / VS_W);
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  }
};

void use_px(std::ostream& os, const char* symbol, double x, double y, const std::string& extra = "") {
  os << "<use xlink:href=\"#" << symbol << "\" x=\"" << num(x) << "\" y=\"" << num(y) << '"' << extra << "/>";
}

// The pieces standing on placed tile `i`: meeples of every kind, with their guards' rings, their
// ghosts, the chip under an upgraded one.
void draw_pieces(std::ostream& os, const VsRules& R, const VsState& s, int i, const VsPicture& pic) {
  const VsTile& t = s.tiles[size_t(i)];
  const VsType& T = R.types[t.type];
  for (int p = 0; p < R.players; ++p)
    for (int k = 0; k < VS_ALL_SLOTS; ++k) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(k)];
      if (m.node == VS_NO_NODE || s.nodes[m.node].tile != i) continue;
      const int region = s.nodes[m.node].region;
      const Pt spot = T.abbey || region >= int(T.spec->regions.size()) ? Pt{0.5, 0.5} : svg::piece_spot(*T.spec, t.rot, region);
      const double x = spot.x * CELL, y = spot.y * CELL;
      os << "<g><title>" << xml_escape(seat_label(pic, p)) << ": " << piece_word(m.kind) << " on " << region_name(T, region);
      if (m.ghosts) os << ", " << int(m.ghosts) << (m.ghosts == 1 ? " ghost" : " ghosts");
      if (m.chip) os << ", upgraded on a chip of " << int(m.chip);
      os << "</title>";
      if (m.chip) use_px(os, "chip-ring", x, y);
      if (m.guard()) use_px(os, "guard-ring", x, y);
      use_px(os, "meeple", x, y, " class=\"meeple\" fill=\"" + std::string(svg::meeple_fill(p)) + "\"");
      if (m.kind >= VsPiece::Mayor)
        os << "<text class=\"letter\" x=\"" << num(x) << "\" y=\"" << num(y + LETTER_DROP) << "\">"
           << (m.kind == VsPiece::Mayor ? 'M' : m.kind == VsPiece::Wagon ? 'W' : 'A') << "</text>";
      if (m.ghosts) {
        const Pt side = svg::across(spot);
        svg::draw_ghost_count(os, {spot.x + GHOSTS_BESIDE * side.x, spot.y + GHOSTS_BESIDE * side.y}, m.ghosts);
      }
      os << "</g>";
    }
}

void draw_tile(std::ostream& os, const VsRules& R, const VsState& s, int i, const Frame& f, const VsPicture& pic) {
  const VsTile& t = s.tiles[size_t(i)];
  const VsType& T = R.types[t.type];
  const Pt at = f.cell(t.cell);
  os << "<g class=\"tile\" transform=\"translate(" << num(at.x) << ',' << num(at.y) << ")\"><title>"
     << (T.abbey ? "abbey" : "tile " + xml_escape(T.id)) << " at " << cell_xy(t.cell) << ", " << turn_words(int(t.rot)) << "</title>";
  svg::draw_design(os, spec_of(R, t), t.rot);
  if (T.garden >= 0) svg::use(os, "garden", {0.5, 0.5});
  os << "<rect class=\"border\" width=\"" << num(CELL) << "\" height=\"" << num(CELL) << "\"/>";
  draw_pieces(os, R, s, i, pic);
  os << "</g>\n";
}

// A map's squares in the frame that hold no tile: off the map grey, towns dashed; the chips still
// face down on theirs (M2.2).
void draw_map(std::ostream& os, const VsRules& R, const VsState& s, const Frame& f) {
  if (!R.on_map) return;
  for (int y = f.y0; y <= f.y1; ++y)
    for (int x = f.x0; x <= f.x1; ++x) {
      const VsCell c = vs_cell(x, y);
      if (s.grid[c]) continue;
      const Pt at = f.cell(c);
      if (R.square[c] == VS_SQ_OFF)
        os << "<rect class=\"offmap\" x=\"" << num(at.x) << "\" y=\"" << num(at.y) << "\" width=\"" << num(CELL) << "\" height=\""
           << num(CELL) << "\"><title>off the map</title></rect>";
      else if (R.square[c] == VS_SQ_TOWN)
        os << "<rect class=\"town\" x=\"" << num(at.x + 3) << "\" y=\"" << num(at.y + 3) << "\" width=\"" << num(CELL - 6)
           << "\" height=\"" << num(CELL - 6) << "\"><title>a town square</title></rect>";
    }
  for (int k = 0; k < s.n_chips; ++k) {
    if (!(s.chips_down >> k & 1) || !f.inside(s.chip_cell[size_t(k)])) continue;
    const Pt at = f.cell(s.chip_cell[size_t(k)]);
    os << "<g><title>a chip, face down, at " << cell_xy(s.chip_cell[size_t(k)]) << "</title>";
    use_px(os, "chip", at.x + CELL / 2, at.y + CELL / 2);
    os << "</g>";
  }
  os << '\n';
}

// Barns at the corner point they stand on (the north-west corner of the tile of their field node,
// A5.1), tollhouses on the tile of their junction with their face (T1.1).
void draw_seat_pieces(std::ostream& os, const VsRules& R, const VsState& s, const Frame& f, const VsPicture& pic) {
  for (int p = 0; p < R.players; ++p) {
    const VsSeatPieces& q = s.piece[size_t(p)];
    if (q.barn != VS_NO_NODE) {
      const Pt at = f.cell(s.tiles[s.nodes[q.barn].tile].cell);
      os << "<g><title>" << xml_escape(seat_label(pic, p)) << ": barn</title>";
      use_px(os, "barn", at.x, at.y, " fill=\"" + std::string(svg::meeple_fill(p)) + "\"");
      os << "</g>";
    }
    if (q.toll_tile != NO_TILE) {
      const Pt at = f.cell(s.tiles[q.toll_tile].cell);
      const double x = at.x + CELL / 2, y = at.y + CELL / 2;
      os << "<g><title>" << xml_escape(seat_label(pic, p)) << ": tollhouse on junction " << int(q.toll_junction) << ", face "
         << int(q.toll_face) << "</title><rect x=\"" << num(x - 9) << "\" y=\"" << num(y - 9)
         << "\" width=\"18\" height=\"18\" fill=\"" << svg::meeple_fill(p) << "\" stroke=\"#212121\"/><text class=\"letter\" x=\""
         << num(x) << "\" y=\"" << num(y + 4) << "\" style=\"font-size:11px\">" << int(q.toll_face) << "</text></g>";
    }
  }
  os << '\n';
}

void draw_axes(std::ostream& os, const Frame& f) {
  for (int x = f.x0; x <= f.x1; ++x)
    os << "<text class=\"axis\" text-anchor=\"middle\" x=\"" << num(f.board.x + (x - f.x0 + 0.5) * CELL) << "\" y=\""
       << num(f.board.y - 6) << "\">" << x - VS_START << "</text>";
  for (int y = f.y0; y <= f.y1; ++y)
    os << "<text class=\"axis\" text-anchor=\"end\" x=\"" << num(f.board.x - 5) << "\" y=\""
       << num(f.board.y + (y - f.y0 + 0.5) * CELL + 3.3) << "\">" << y - VS_START << "</text>";
  os << '\n';
}

std::vector<LegendRow> legend_rows(const VsRules& R, const VsPicture& pic) {
  const std::string box = "width=\"" + num(SWATCH) + "\" height=\"" + num(SWATCH) + "\"/>";
  const std::string field = "<rect class=\"field\" " + box, mist = "<rect class=\"mist\" " + box;
  const std::string line = " d=\"M0," + num(SWATCH / 2) + " H" + num(SWATCH) + "\"/>";
  const bool gcc = R.game == VsGame::Gcc;
  std::vector<LegendRow> rows = {
      {field, "field"},
      {"<rect class=\"city\" " + box, "city (one shape per city area)"},
      {"<rect class=\"city\" " + box + sample_use("arms"), "coat of arms"},
      {field + "<path class=\"road\"" + line + "<path class=\"core\"" + line, "road"},
  };
  if (gcc) {
    rows.push_back({mist, "mist"});
    rows.push_back({mist + "<path class=\"road misty\"" + line + "<path class=\"core misty\"" + line, "road under mist"});
  }
  rows.push_back({field + sample_use("village"), "village (a road ends)"});
  rows.push_back({field + sample_use("monastery"), R.abbey_type >= 0 ? "monastery; on an abbey tile, the abbey" : "monastery"});
  if (gcc) {
    rows.push_back({field + sample_use("castle"), "castle"});
    rows.push_back({field + sample_use("cemetery"), "cemetery"});
  }
  if (R.switches.abbot) rows.push_back({field + sample_use("garden"), "garden (the abbot's)"});
  for (int p = 0; p < R.players; ++p)
    rows.push_back({sample_use("meeple", " class=\"meeple\" fill=\"" + std::string(svg::meeple_fill(p)) + "\""), seat_label(pic, p)});
  if (gcc) {
    rows.push_back({sample_use("guard-ring") + sample_use("meeple", " class=\"meeple\" fill=\"#9e9e9e\""), "guard (gold ring)"});
    rows.push_back({sample_use("ghost") + "<text class=\"count\" x=\"" + num(SWATCH / 2) + "\" y=\"" + num(SWATCH / 2 + 4.5) + "\">2</text>",
                    "ghosts on the meeple beside them"});
  }
  auto lettered = [&](char c) {
    return sample_use("meeple", " class=\"meeple\" fill=\"#9e9e9e\"") + "<text class=\"letter\" x=\"" + num(SWATCH / 2) + "\" y=\"" +
           num(SWATCH / 2 + LETTER_DROP) + "\">" + c + "</text>";
  };
  if (R.abbey_type >= 0) {
    rows.push_back({lettered('M'), "mayor"});
    rows.push_back({lettered('W'), "wagon"});
    rows.push_back({sample_use("barn", " fill=\"#9e9e9e\""), "barn (on the corner it stands on)"});
  }
  if (R.switches.abbot) rows.push_back({lettered('A'), "abbot"});
  if (R.has(VS_TOLLKEEPERS))
    rows.push_back({"<rect x=\"1\" y=\"1\" width=\"18\" height=\"18\" fill=\"#9e9e9e\" stroke=\"#212121\"/><text class=\"letter\" x=\"10\" y=\"14\" "
                    "style=\"font-size:11px\">1</text>",
                    "tollhouse and its face (1 small, 2 large toll)"});
  if (R.on_map) {
    rows.push_back({sample_use("chip"), "chip, face down"});
    rows.push_back({sample_use("chip-ring") + sample_use("meeple", " class=\"meeple\" fill=\"#9e9e9e\""), "upgraded meeple (on a chip)"});
    rows.push_back({"<rect class=\"offmap\" " + box, "off the map"});
    rows.push_back({"<rect class=\"town\" x=\"1\" y=\"1\" width=\"18\" height=\"18\"/>", "town square"});
  }
  rows.push_back({"<rect x=\"1.5\" y=\"1.5\" width=\"17\" height=\"17\" fill=\"none\" stroke=\"#ff6f00\" stroke-width=\"3\"/>",
                  "the tile just placed"});
  return rows;
}

const std::vector<std::string> LEGEND_NOTES = {"Numbers along the board: x and y as records write them.",
                                               "In a browser, point at a tile or piece for its name."};

}  // namespace

std::string seat_label(const VsPicture& pic, int p) {
  std::string s = "seat " + std::to_string(p);
  if (size_t(p) < pic.seats.size() && !pic.seats[size_t(p)].empty()) s += " (" + pic.seats[size_t(p)] + ")";
  return s;
}

namespace {
Frame board_frame(const VsRules& R, const VsState& s, const VsPicture& pic) {
  const VsBox b = bounding_box(s);
  Frame f{b.x0, b.x1, b.y0, b.y1, {MARGIN + AXIS_BAND, MARGIN + TITLE_BAND + AXIS_BAND}};
  const int pad = R.on_map ? std::max(1, pic.pad) : pic.pad;  // on a map the squares round the tiles: chips, the map's edge
  f.x0 -= pad, f.x1 += pad, f.y0 -= pad, f.y1 += pad;
  return f;
}
}  // namespace

VsBoardFrame versus_board_frame(const VsRules& R, const VsState& s, const VsPicture& pic) {
  const Frame f = board_frame(R, s, pic);
  return {f.x0, f.x1, f.y0, f.y1, double(f.board.x), double(f.board.y), double(CELL)};
}

std::string render_versus_svg(const VsRules& R, const VsState& s, const VsPicture& pic) {
  const Frame f = board_frame(R, s, pic);
  const double board_w = (f.x1 - f.x0 + 1) * CELL, board_h = (f.y1 - f.y0 + 1) * CELL;
  const Pt legend_at = {f.board.x + board_w + LEGEND_GAP, MARGIN + TITLE_BAND};
  const std::vector<LegendRow> rows = legend_rows(R, pic);

  // Under the board: each seat's score (in its colour), the ghost supply, the modules' pieces.
  std::vector<std::pair<std::string, int>> lines;  // text, seat colour (-1 none)
  for (int p = 0; p < R.players; ++p) lines.push_back({seat_label(pic, p) + ": " + std::to_string(s.score[size_t(p)]) + " points", p});
  std::string more = "turn " + std::to_string(s.turn) + ", " + std::to_string(s.left) + (s.left == 1 ? " tile" : " tiles") + " in the pile";
  if (R.game == VsGame::Gcc) more += ", " + std::to_string(int(s.ghosts)) + " ghosts in the supply";
  if (is_over(s)) more += ", game over";
  lines.push_back({more, -1});
  if (R.modules || R.switches.abbot) {
    std::istringstream pieces(render_vs_pieces(R, s));
    for (std::string l; std::getline(pieces, l);) lines.push_back({l, -1});
  }

  const double legend_right = pic.legend ? legend_at.x + svg::legend_width(rows, LEGEND_NOTES) + MARGIN : f.board.x + board_w + MARGIN;
  double width = std::max({legend_right, pic.legend ? MIN_WIDTH : 0.0, svg::text_width(pic.title, TITLE_SIZE) + 2 * MARGIN});
  for (const auto& l : lines) width = std::max(width, svg::text_width(l.first, STATUS_SIZE) + 2 * MARGIN);
  width = std::ceil(width);
  std::ostringstream legend;
  const double legend_bottom = pic.legend ? svg::draw_legend(legend, rows, LEGEND_NOTES, legend_at) : 0.0;
  const double status_y = std::max(f.board.y + board_h, legend_bottom) + STATUS_GAP;
  const double height = std::ceil(status_y + double(lines.size() - 1) * STATUS_LINE + MARGIN);

  std::ostringstream os;
  svg::open_picture(os, width, height, EXTRA_STYLE, VS_DEFS);
  os << "<rect width=\"100%\" height=\"100%\" fill=\"#fafafa\"/>\n";
  os << "<text class=\"title\" x=\"" << num(MARGIN) << "\" y=\"" << num(MARGIN + TITLE_SIZE) << "\">" << xml_escape(pic.title) << "</text>\n";
  draw_axes(os, f);
  draw_map(os, R, s, f);
  for (int i = 0; i < s.n_tiles; ++i) draw_tile(os, R, s, i, f, pic);
  draw_seat_pieces(os, R, s, f, pic);
  if (pic.highlight >= 0 && pic.highlight < s.n_tiles) {
    const Pt at = f.cell(s.tiles[size_t(pic.highlight)].cell);
    os << "<rect class=\"placed\" x=\"" << num(at.x + 2) << "\" y=\"" << num(at.y + 2) << "\" width=\"" << num(CELL - 4) << "\" height=\""
       << num(CELL - 4) << "\" fill=\"none\" stroke=\"#ff6f00\" stroke-width=\"4\"><title>the tile just placed</title></rect>\n";
  }
  os << legend.str();
  for (size_t k = 0; k < lines.size(); ++k) {
    os << "<text class=\"status" << (lines[k].second >= 0 ? " seat" : "") << "\" x=\"" << num(MARGIN) << "\" y=\""
       << num(status_y + double(k) * STATUS_LINE) << "\"";
    if (lines[k].second >= 0)  // the seat's colour; yellow darker, to read on the light ground
      os << " style=\"fill:" << (lines[k].second == 3 ? "#a67c00" : svg::meeple_fill(lines[k].second)) << "\"";
    os << ">" << xml_escape(lines[k].first) << "</text>\n";
  }
  os << "</svg>\n";
  return os.str();
}

std::string render_versus_legend(const VsRules& R, const VsPicture& pic) {
  const std::vector<LegendRow> rows = legend_rows(R, pic);
  std::ostringstream legend;
  const double bottom = svg::draw_legend(legend, rows, LEGEND_NOTES, {MARGIN, MARGIN});
  std::ostringstream os;
  svg::open_picture(os, std::ceil(svg::legend_width(rows, LEGEND_NOTES) + 2 * MARGIN), std::ceil(bottom + MARGIN), EXTRA_STYLE, VS_DEFS);
  os << legend.str() << "</svg>\n";
  return os.str();
}

std::string versus_short_title(const VsRules& R) {
  std::string t = R.game == VsGame::Gcc ? "Ghosts, Castles & Cemeteries" : "Carcassonne (base game)";
  t += ", " + std::to_string(R.players) + " players";
  std::string with = modules_text(R.modules);
  if (R.switches.abbot) with += std::string(with.empty() ? "" : ", ") + "the abbot";
  for (char& c : with)
    if (c == ',') c = ';';
  if (!with.empty()) {
    std::string spaced;
    for (char c : with) spaced += c == ';' ? std::string(", ") : std::string(1, c);
    t += ", with " + spaced;
  }
  return t;
}

std::string tile_design_svg(const TileSpec& spec, int rot, int size) {
  std::ostringstream os;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" << size << "\" height=\""
     << size << "\" viewBox=\"-1 -1 " << num(CELL + 2) << ' ' << num(CELL + 2) << "\"><style>" << svg::style() << "</style><defs>"
     << svg::defs() << VS_DEFS << "</defs><title>tile " << xml_escape(spec.id) << "</title>";
  svg::draw_design(os, spec, rot);
  if (spec.has(RegionKind::Garden)) svg::use(os, "garden", {0.5, 0.5});
  os << "<rect class=\"border\" width=\"" << num(CELL) << "\" height=\"" << num(CELL) << "\"/></svg>";
  return os.str();
}

}  // namespace mists::analysis
