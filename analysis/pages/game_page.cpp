#include "analysis/pages/game_page.h"

#include <sstream>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "analysis/pages/versus_svg.h"
#include "engine/coop/text.h"
#include "engine/kit/types.h"

namespace mists::analysis {

namespace {

// The bar of controls stays at the top; the board takes the width left of a panel of fixed width
// and at most the window's height under the bar, so the board, the numbers and the current steps
// are all in view and keep their places from turn to turn.
constexpr const char* PAGE_STYLE = R"(
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#fff}
#top{padding:.5rem 1rem 0}
h1{font-size:1.15rem;margin:0 0 .2rem}
#summary{font-size:.85rem;color:#444;margin:0 0 .3rem}
#rules{font-size:.8rem;color:#555;margin:0 0 .3rem}#rules p{margin:.2rem 0}
#bar{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid #ddd;padding:.35rem 1rem;height:4.2rem}
#controls{display:flex;gap:.5rem;align-items:center}
#controls input[type=range]{flex:1;min-width:6rem}
#position{min-width:11rem;font-variant-numeric:tabular-nums}
#turns{display:flex;flex-wrap:nowrap;overflow-x:auto;gap:.15rem;align-items:center;font-size:.8rem;margin:.3rem 0 0;white-space:nowrap;scrollbar-width:thin}
#turns a{padding:0 .3rem;border-radius:3px;text-decoration:none;color:#246}
#turns a.costly{background:#fde2e2;color:#a00}#turns a.at{outline:2px solid #246}
#layout{display:grid;grid-template-columns:minmax(0,1fr) 25rem;gap:1rem;padding:.5rem 1rem;align-items:start}
#board{min-width:0;overflow:auto;max-height:var(--fit,calc(100vh - 10rem));border:1px solid #ccc;cursor:grab}
#board.dragging{cursor:grabbing}
#board svg{display:block;width:100%;height:auto;max-height:calc(var(--fit,calc(100vh - 10rem)) - 2px)}
#zoom{display:flex;gap:.2rem;align-items:center}#zoom button{min-width:2rem}
#legend{margin:.4rem 0;font-size:.85rem}#legend svg{display:block;max-width:100%;height:auto}
#panel{position:sticky;top:4.7rem;max-height:var(--fit,calc(100vh - 10rem));overflow-y:auto;font-size:.92rem}
table{border-collapse:collapse;width:100%}td,th{padding:.12rem .5rem;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
th{font-weight:600;white-space:nowrap;width:9rem}
td{font-variant-numeric:tabular-nums}
#drawn{display:flex;gap:.6rem;align-items:center;min-height:76px;margin:.4rem 0}
#drawn svg{flex:none}
h3{font-size:.95rem;margin:.6rem 0 .2rem}
#steps{margin:.2rem 0;padding-left:1.6rem}
#steps li{margin:.15rem 0}#steps code{font-size:.85em;background:#f3f3f3;padding:0 .2em;border-radius:2px}
#steps .words{display:block;color:#333}
#steps li.cost{background:#fde2e2}#steps li.noise{color:#555}
.mark{font-size:.85em;color:#a00}.minor{font-size:.85em;color:#777}.ok{font-size:.85em;color:#070}
#costliest{font-size:.9em}
@media (max-width:900px){#layout{grid-template-columns:1fr}#panel{position:static;max-height:none}}
)";

constexpr const char* PAGE_SCRIPT = R"(
const data = JSON.parse(document.getElementById('game-data').textContent);
const frames = data.frames;
let at = 0;
const $ = id => document.getElementById(id);
function esc(t){return String(t).replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));}
function note(m){
  if (!m) return ['', ''];
  const dg = data.digits === undefined ? 3 : data.digits;  // the co-op values 0-1, the competitive ones points
  const pc = data.percent === true;  // chances to win: values in percent, costs in points of win chance
  const who = data.judge_word || 'search';
  const num = x => x === null ? '-' : pc ? (100 * x).toFixed(1) + '%' : x.toFixed(dg);
  const pts = x => pc ? (Math.abs(100 * x) < 0.05 ? 0 : 100 * x).toFixed(1) : (Math.abs(x) < 0.5 * Math.pow(10, -dg) ? 0 : x).toFixed(dg);
  const v = num(m.best_value), p = num(m.played_value);
  const interval = (m.cost === null ? '0' : pts(m.cost)) + ' ± ' + pts(m.margin) + (pc ? ' points' : '');
  if (m.verdict === 'agrees') return ['agree', ' <span class="ok">the ' + who + ' agrees' + (m.best_value === null ? '' : ' (' + v + ')') + '</span>'];
  if (m.verdict === 'costly')
    return ['cost', ' <span class="mark">costly: the ' + who + ' prefers ' + esc(m.best) + ' (' + v + ' vs ' + p + ', cost ' + interval + ')</span>'];
  if (m.verdict === 'as good')
    return ['agree', ' <span class="ok">as good as the ' + who + '\'s ' + esc(m.best) + ' (' + p + ' vs ' + v + ', cost ' + interval + ')</span>'];
  return ['noise', ' <span class="minor">within noise: the ' + who + ' leans to ' + esc(m.best) + ' (' + v + ' vs ' + p + ', cost ' + interval + ')</span>'];
}
function show(i){
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  document.querySelectorAll('#turns a.at').forEach(a => a.classList.remove('at'));
  const anchor = $('turn-' + at);
  if (anchor) {  // keep the current turn in view in the strip, without scrolling the page
    anchor.classList.add('at');
    const nav = $('turns');
    nav.scrollLeft = Math.max(0, anchor.offsetLeft - nav.offsetLeft - nav.clientWidth / 2);
  }
  if (location.hash !== '#turn-' + at) {
    try { history.replaceState(null, '', '#turn-' + at); } catch (e) { /* an address that cannot change: keep it */ }
  }
  $('board').innerHTML = f.svg_lines.map(k => data.svg_lines[k]).join('\n');
  apply_zoom();
  $('slider').value = at;
  $('position').textContent = f.position + ' (' + (at + 1) + ' of ' + frames.length + ')';
  $('info').innerHTML = f.info.map(r => '<tr><th>' + esc(r[1]) + '</th><td id="' + r[0] + '">' + esc(r[2]) + '</td></tr>').join('');
  $('drawn').innerHTML = f.drawn ? f.drawn.svg + '<span>' + esc(f.drawn.text) + '</span>'
                                 : '<span class="minor">no tile drawn yet</span>';
  const items = f.steps.map(s => {
    const [cls, n] = note(data.marks[s.step]);
    const words = s.words && s.words !== s.text ? '<span class="words">' + esc(s.words) + '</span>' : '';
    return '<li class="' + cls + '"><code>' + esc(s.text) + '</code>' + words + n + '</li>';
  });
  $('steps').innerHTML = items.join('') || '<li>(set-up)</li>';
}
// Zoom and pan: 'fit' shows the whole board; each step of + doubles its size, and the board then
// scrolls, by its bars or by dragging it.
let zoom = 1;
function apply_zoom(){
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  svg.style.width = zoom === 1 ? '100%' : (zoom * $('board').clientWidth) + 'px';
  svg.style.maxHeight = zoom === 1 ? '' : 'none';
  $('zoom-level').textContent = (100 * zoom) + '%';
}
function set_zoom(z){
  const b = $('board'), cx = (b.scrollLeft + b.clientWidth / 2) / Math.max(1, b.scrollWidth), cy = (b.scrollTop + b.clientHeight / 2) / Math.max(1, b.scrollHeight);
  zoom = Math.max(1, Math.min(8, z));
  apply_zoom();
  b.scrollLeft = cx * b.scrollWidth - b.clientWidth / 2;
  b.scrollTop = cy * b.scrollHeight - b.clientHeight / 2;
}
$('zoom-in').onclick = () => set_zoom(zoom * 2);
$('zoom-out').onclick = () => set_zoom(zoom / 2);
$('zoom-fit').onclick = () => set_zoom(1);
(() => {
  const b = $('board');
  let from = null;
  b.addEventListener('mousedown', e => { if (zoom > 1) { from = {x: e.clientX, y: e.clientY, l: b.scrollLeft, t: b.scrollTop}; b.classList.add('dragging'); e.preventDefault(); } });
  window.addEventListener('mousemove', e => { if (from) { b.scrollLeft = from.l - (e.clientX - from.x); b.scrollTop = from.t - (e.clientY - from.y); } });
  window.addEventListener('mouseup', () => { from = null; b.classList.remove('dragging'); });
})();
$('first').onclick = () => show(0);
$('prev').onclick = () => show(at - 1);
$('next').onclick = () => show(at + 1);
$('last').onclick = () => show(frames.length - 1);
$('slider').max = frames.length - 1;
$('slider').oninput = e => show(Number(e.target.value));
document.addEventListener('keydown', e => {
  if (e.target && e.target.id === 'slider') return;  // the slider moves itself and says so by 'input'
  if (e.key === 'ArrowRight') show(at + 1);
  else if (e.key === 'ArrowLeft') show(at - 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(frames.length - 1);
  else if (e.key === '+' || e.key === '=') set_zoom(zoom * 2);
  else if (e.key === '-') set_zoom(zoom / 2);
  else if (e.key === '0') set_zoom(1);
});
// #turn-N (the turn strip's anchors, the costliest decisions' links) shows frame N.
function from_address(){
  const m = /^#turn-(\d+)$/.exec(location.hash);
  show(m ? Number(m[1]) : at);
}
window.addEventListener('hashchange', from_address);
// The board and the panel as tall as the window leaves under the heading and the bar, so that both
// are whole in the first window; the same on every turn (the heading and the bar do not change).
function fit(){
  const top = $('layout').getBoundingClientRect().top + window.scrollY;
  document.documentElement.style.setProperty('--fit', Math.max(240, window.innerHeight - top - 16) + 'px');
}
window.addEventListener('resize', fit);
fit();
from_address();
)";

}  // namespace

namespace {

constexpr std::string_view DATA_OPEN = "<script id=\"game-data\" type=\"application/json\">";

// Moves each frame's "svg" into "svg_lines" over the shared list data["svg_lines"].
void share_board_lines(nlohmann::json& data) {
  nlohmann::json lines = nlohmann::json::array();
  std::unordered_map<std::string, size_t> index;
  for (nlohmann::json& f : data.at("frames")) {
    const std::string svg = f.at("svg").get<std::string>();
    nlohmann::json refs = nlohmann::json::array();
    for (size_t at = 0;;) {
      const size_t end = svg.find('\n', at);
      std::string line = svg.substr(at, end == std::string::npos ? std::string::npos : end - at);
      const auto [it, added] = index.emplace(line, lines.size());
      if (added) lines.push_back(std::move(line));
      refs.push_back(it->second);
      if (end == std::string::npos) break;
      at = end + 1;
    }
    f.erase("svg");
    f["svg_lines"] = std::move(refs);
  }
  data["svg_lines"] = std::move(lines);
}

}  // namespace

nlohmann::json game_page_data(const std::string& html) {
  const size_t open = html.find(DATA_OPEN);
  const size_t a = open == std::string::npos ? open : open + DATA_OPEN.size();
  const size_t b = a == std::string::npos ? a : html.find("</script>", a);
  if (b == std::string::npos) throw std::runtime_error("not a game page: no game-data block");
  nlohmann::json data = nlohmann::json::parse(html.substr(a, b - a));
  const nlohmann::json& lines = data.at("svg_lines");
  for (nlohmann::json& f : data.at("frames")) {
    const nlohmann::json& refs = f.at("svg_lines");
    std::string svg;
    for (size_t i = 0; i < refs.size(); ++i) {
      if (i) svg += '\n';
      svg += lines.at(refs[i].get<size_t>()).get<std::string>();
    }
    f.erase("svg_lines");
    f["svg"] = std::move(svg);
  }
  data.erase("svg_lines");
  return data;
}

std::string game_page_html(const GamePage& page, nlohmann::json data) {
  share_board_lines(data);
  // The JSON sits in a <script> block: "</" must not end it early.
  // One pass: replacing in place would move the rest of a page of megabytes at each closing tag.
  const std::string json_text = data.dump();
  std::string payload;
  payload.reserve(json_text.size() + json_text.size() / 8);
  for (size_t i = 0; i < json_text.size(); ++i) {
    payload += json_text[i];
    if (json_text[i] == '<' && i + 1 < json_text.size() && json_text[i + 1] == '/') payload += '\\';
  }
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << xml_escape(page.title) << "</title>\n<style>"
       << PAGE_STYLE << "</style></head><body>\n<div id=\"top\"><h1>" << xml_escape(page.title) << "</h1>\n<p id=\"summary\">"
       << page.summary_html << "</p>";
  if (!page.rules_html.empty()) html << "<details id=\"rules\"><summary>the rules in full</summary><p>" << page.rules_html << "</p></details>";
  html << "</div>\n<div id=\"bar\"><div id=\"controls\"><button id=\"first\">« first</button>"
       << "<button id=\"prev\">◀ previous</button><input id=\"slider\" type=\"range\" min=\"0\" value=\"0\" aria-label=\"turn\">"
       << "<button id=\"next\">next ▶</button><button id=\"last\">last »</button><span id=\"position\"></span>"
       << "<span id=\"zoom\" aria-label=\"zoom\"><button id=\"zoom-out\" title=\"zoom out (-)\">−</button><span id=\"zoom-level\">100%</span>"
       << "<button id=\"zoom-in\" title=\"zoom in (+)\">+</button><button id=\"zoom-fit\" title=\"the whole board (0)\">fit</button></span></div>\n"
       << "<nav id=\"turns\" aria-label=\"turns\">turn:";
  // An anchor per board (#turn-N: the N-th board, the set-up first), red where a costly decision was made.
  for (size_t t = 0; t < page.turn_labels.size(); ++t)
    html << " <a id=\"turn-" << t << "\" href=\"#turn-" << t << "\""
         << (t < page.turn_marked.size() && page.turn_marked[t] ? " class=\"costly\"" : "") << ">" << page.turn_labels[t] << "</a>";
  html << "</nav></div>\n<div id=\"layout\"><div id=\"board\"></div>\n<div id=\"panel\"><table><tbody id=\"info\"></tbody></table>"
       << "<h3>tile drawn this turn</h3><div id=\"drawn\"></div>"
       << "<h3>steps since the previous board</h3><ol id=\"steps\"></ol><p class=\"minor\">Keys: ← → (Home, End); + − 0 zoom (drag the board to move it). Record text"
       << " in grey boxes, then in words; forced steps (one option) in brackets.</p>"
       << page.extra_panel_html;
  if (!page.legend_svg.empty()) html << "<details id=\"legend\" open><summary>legend</summary>" << page.legend_svg << "</details>";
  html << "</div></div>\n"
       << DATA_OPEN << payload << "</script>\n<script>" << PAGE_SCRIPT
       << "</script>\n</body></html>\n";
  return html.str();
}

nlohmann::json drawn_tile_json(const TileSpec& spec, const std::string& id, const std::string& place) {
  std::string text = "tile " + id + " (as drawn)";
  std::istringstream in(place);
  int x = 0, y = 0, r = 0;
  if (in >> x >> y >> r) text += ", placed at (" + std::to_string(x) + ", " + std::to_string(y) + ") " + turn_words(r);
  return {{"svg", tile_design_svg(spec, 0, 72)}, {"text", text}};
}

}  // namespace mists::analysis
