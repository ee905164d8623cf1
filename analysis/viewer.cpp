#include "analysis/viewer.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/error.h"
#include "analysis/files.h"
#include "analysis/stats.h"
#include "engine/config/load.h"
#include "engine/coop/text.h"
#include "solver/mcts.h"
#include "solver/rng.h"

namespace mists::analysis {

using nlohmann::json;

LoadedRecord load_record(const std::string& path, const std::string& catalog_override) {
  GameRecord rec = parse_record(read_file(path), path);
  const std::string cat_path = catalog_override.empty() ? rec.catalog_path : catalog_override;
  Catalog cat = load_catalog(resolve_input(cat_path));
  cat.path = cat_path;
  if (cat.checksum != rec.catalog_checksum)
    throw RecordError(path + ":" + std::to_string(rec.lines.count("catalog_checksum") ? rec.lines.at("catalog_checksum") : 0) +
                      ": catalog_checksum: the record was played with catalog " + rec.catalog_checksum + ", " + cat_path +
                      " is now " + cat.checksum);
  const auto issues = validate(cat);
  if (!issues.empty()) throw LoadError(format_issues(cat, issues));
  Level level = rec.level;
  // A record holds the level's numbers, not its name: the shipped level file of that number names it.
  try {
    level.name = load_level(resolve_input("configs/levels/level" + std::to_string(level.number) + ".toml")).name;
  } catch (const LoadError&) {
  }
  // The expansion catalogs the levers read, as the record names them, at the checksums it played.
  LeverCatalogs lever;
  auto expansion = [&](const std::string& p, const std::string& sum, const char* key) {
    Catalog c = load_catalog(resolve_input(p));
    c.path = p;
    if (c.checksum != sum)
      throw RecordError(path + ":" + std::to_string(rec.lines.count(std::string(key) + "_checksum") ? rec.lines.at(std::string(key) + "_checksum") : 0) +
                        ": " + key + "_checksum: the record was played with " + sum + ", " + p + " is now " + c.checksum);
    const auto bad = validate(c);
    if (!bad.empty()) throw LoadError(format_issues(c, bad));
    return c;
  };
  if (!rec.abbey_catalog_path.empty()) lever.abbeys = expansion(rec.abbey_catalog_path, rec.abbey_catalog_checksum, "abbey_catalog");
  if (!rec.toll_catalog_path.empty()) lever.tolls = expansion(rec.toll_catalog_path, rec.toll_catalog_checksum, "toll_catalog");
  Rules rules = build_rules(std::move(cat), level, rec.params, std::move(lever));
  return {std::move(rec), std::move(rules), path};
}

namespace {

// The positions before each decision of the record with two or more options (replay checks the
// record on the way), and the state after every step.
struct Walk {
  struct Decision {
    State before;
    int step;
    std::string played;
  };
  struct Step {
    std::string text;
    int record_step;  // its index among the record's steps, -1 for a forced step (not in the record)
  };
  std::vector<Decision> decisions;
  std::vector<std::pair<State, std::vector<Step>>> turns;  // state at each turn's start (and the end), steps that led there
};

Walk walk(const LoadedRecord& g) {
  Walk w;
  State prev = initial_state(g.rules, record_deal(g.rules, g.rec, g.path));
  int step = -1;  // index of the record step just applied
  std::vector<Walk::Step> steps;
  w.turns.push_back({prev, {}});
  replay(g.rules, g.rec, g.path, [&](const State& s, const std::string& text) {
    const bool recorded = text.rfind("(", 0) != 0;  // forced steps are not in the record
    const bool chance = text.rfind("draw ", 0) == 0 || text.rfind("chip ", 0) == 0;  // a draw, or a chip turned up (CM2)
    if (recorded) ++step;
    if (recorded && !chance) w.decisions.push_back({prev, step, text});
    steps.push_back({text, recorded ? step : -1});
    // A turn ends where the next one starts: at its draw, or at the choice of an abbey (CA2).
    const bool declined_abbey = text == "abbey none" || text == "(forced) abbey none";
    if ((turn_start(s) && !chance && !declined_abbey) || s.phase == Phase::Over) {
      w.turns.push_back({s, steps});
      steps.clear();
    }
    prev = s;
  });
  return w;
}

std::string fixed(double x, int digits) {
  if (std::abs(x) < 0.5 * std::pow(10.0, -digits)) x = 0;  // no "-0.000"
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}

}  // namespace

const char* verdict_name(ReviewVerdict v) {
  switch (v) {
    case ReviewVerdict::Agrees: return "agrees";
    case ReviewVerdict::AsGood: return "as good";
    case ReviewVerdict::Noise: return "within noise";
    case ReviewVerdict::Costly: return "costly";
  }
  return "?";
}

namespace {

// The streams of a decision's seed: the searches of the preferred option alone and of the played one.
enum ReviewStream : uint64_t { PREFERRED_STREAM = 1, PLAYED_STREAM = 2 };

// The search that judges `agent`'s way, checked: a fair mcts (value=leaf or learned included).
MctsConfig judge_config(const Rules& R, const AgentSpec& agent, const ReviewSettings& how) {
  if (agent.name == "clairvoyant") throw AnalysisError("review: the clairvoyant sees the deal; a review asks what a fair team would have done");
  if (!agent.search())
    throw AnalysisError("review: agent '" + agent.text + "' gives no value per option; the review judges with mcts (any parameters, value=leaf or value=learned included)");
  if (how.repeats < 2) throw AnalysisError("review: repeats must be 2 or more (an interval needs two searches of each option)");
  if (!(how.confidence > 0 && how.confidence < 1)) throw AnalysisError("review: confidence must lie between 0 and 1");
  MctsConfig cfg = search_config(R, agent);  // with value=leaf or learned: rollouts end in the learned value
  cfg.reuse = false;  // every position searched on its own
  return cfg;
}

// The value of `option` searched alone (every playout goes through it), with the agent's budget.
double value_alone(const Rules& R, const MctsConfig& cfg, const State& s, const Action& option, uint64_t seed) {
  MctsAgent alone(R, cfg, seed);
  alone(s, &option, 1);
  return std::max(0.0, alone.root_values()[0]);
}

ReviewMark judge(const Rules& R, const State& before, const std::string& played_text, int step, const MctsConfig& cfg,
                 uint64_t seed, const ReviewSettings& how) {
  std::vector<Action> opts(MAX_ACTIONS);
  const int n = legal_actions(R, before, opts.data());
  Action played{};
  if (!parse_action(R, before, played_text, played))
    throw AnalysisError("review: step " + std::to_string(step + 1) + ": '" + played_text + "' is not an option of the position");
  ReviewMark m;
  m.step = step;
  m.turn = before.turn;
  m.played = played_text;
  // 1. The search over every option names the one it prefers.
  MctsAgent all(R, cfg, seed);
  const int pick = all(before, opts.data(), n);
  m.best = action_text(R, before, opts[size_t(pick)]);
  if (opts[size_t(pick)] == played) {
    m.best_value = m.played_value = std::max(0.0, all.root_values()[size_t(pick)]);
    m.verdict = ReviewVerdict::Agrees;
    return m;
  }
  // 2. Both options alone, in rounds that double, until the cost's interval parts from `negligible`.
  std::vector<double> best_values, played_values;
  MeanDiff d;
  for (int look = std::min(ReviewSettings::FIRST_LOOK, how.repeats);; look = std::min(2 * look, how.repeats)) {
    for (int r = int(best_values.size()); r < look; ++r) {
      best_values.push_back(value_alone(R, cfg, before, opts[size_t(pick)], stream_seed(seed, uint64_t(r), PREFERRED_STREAM)));
      played_values.push_back(value_alone(R, cfg, before, played, stream_seed(seed, uint64_t(r), PLAYED_STREAM)));
    }
    d = welch(best_values, played_values, how.confidence);
    if (d.diff - d.margin > how.negligible || d.diff + d.margin <= how.negligible || look == how.repeats) break;
  }
  double sum_best = 0, sum_played = 0;
  for (size_t r = 0; r < best_values.size(); ++r) sum_best += best_values[r], sum_played += played_values[r];
  m.repeats = int(best_values.size());
  m.best_value = sum_best / double(m.repeats);
  m.played_value = sum_played / double(m.repeats);
  m.margin = d.margin;
  m.verdict = d.diff - d.margin > how.negligible   ? ReviewVerdict::Costly
              : d.diff + d.margin <= how.negligible ? ReviewVerdict::AsGood
                                                    : ReviewVerdict::Noise;
  return m;
}

}  // namespace

ReviewMark review_decision(const Rules& R, const State& before, const std::string& played, int step, const AgentSpec& agent,
                           uint64_t seed, const ReviewSettings& how) {
  return judge(R, before, played, step, judge_config(R, agent, how), seed, how);
}

uint64_t review_seed(const GameRecord& rec, int step) {
  constexpr uint64_t REVIEW_STREAM = 0x7e11;
  return stream_seed(rec.seed ^ splitmix64(rec.game), uint64_t(step), REVIEW_STREAM);
}

std::vector<ReviewMark> review_record(const LoadedRecord& g, const AgentSpec& agent, const ReviewSettings& how) {
  const MctsConfig cfg = judge_config(g.rules, agent, how);
  const Walk w = walk(g);
  std::vector<ReviewMark> marks(w.decisions.size());
  tbb::parallel_for(size_t(0), w.decisions.size(), [&](size_t i) {
    const Walk::Decision& d = w.decisions[i];
    marks[i] = judge(g.rules, d.before, d.played, d.step, cfg, review_seed(g.rec, d.step), how);
  }, tbb::simple_partitioner());
  return marks;
}

std::string review_text(const LoadedRecord& g, const std::vector<ReviewMark>& marks, int top, const ReviewSettings& how) {
  std::ostringstream os;
  os << "review of seed " << g.rec.seed << " game " << g.rec.game << " (" << g.rules.describe() << "), played by " << g.rec.agent
     << ": " << marks.size() << " decisions\n";
  os << "value: the search's mean reward (0-1; a win counts 1, a position cut off is judged by the heuristic)\n";
  std::string rounds;  // "4, 8, 16"
  for (int look = std::min(ReviewSettings::FIRST_LOOK, how.repeats);; look = std::min(2 * look, how.repeats)) {
    rounds += (rounds.empty() ? "" : ", ") + std::to_string(look);
    if (look == how.repeats) break;
  }
  const std::string negligible = fixed(how.negligible, 3);
  os << "cost: the preferred option's value minus the played one's, each the mean of n searches of that option alone (n\n"
     << "grows " << rounds << " until the interval parts from " << negligible << "), ± the half-width of its "
     << fixed(100 * how.confidence, 1) << "% interval (Welch's t):\n"
     << "costly when the whole interval lies above " << negligible << " (the only decisions marked), as good when it lies at or\n"
     << "below " << negligible << ", within noise when it still straddles " << negligible << " after " << how.repeats
     << "; n = 0: the search agrees with the option played\n\n";
  os << "step turn   n  played                      value   best                        value    cost ± width  verdict\n";
  for (const ReviewMark& m : marks) {
    os << std::setw(4) << m.step + 1 << std::setw(5) << m.turn << std::setw(4) << m.repeats << "  " << std::left << std::setw(28) << m.played << std::right
       << fixed(m.played_value, 3) << "   " << std::left << std::setw(28) << (m.verdict == ReviewVerdict::Agrees ? "=" : m.best)
       << std::right << fixed(m.best_value, 3) << std::setw(8) << fixed(m.cost(), 3) << ' '
       << std::left << std::setw(7) << (m.verdict == ReviewVerdict::Agrees ? "" : "± " + fixed(m.margin, 3)) << "  "
       << verdict_name(m.verdict) << std::right << '\n';
  }
  int count[4] = {};
  for (const ReviewMark& m : marks) ++count[int(m.verdict)];
  os << "\nverdicts: the search agrees " << count[int(ReviewVerdict::Agrees)] << ", as good " << count[int(ReviewVerdict::AsGood)]
     << ", within noise " << count[int(ReviewVerdict::Noise)] << ", costly " << count[int(ReviewVerdict::Costly)] << '\n';
  std::vector<ReviewMark> sorted;
  for (const ReviewMark& m : marks)
    if (m.marked()) sorted.push_back(m);
  std::stable_sort(sorted.begin(), sorted.end(), [](const ReviewMark& a, const ReviewMark& b) { return a.cost() > b.cost(); });
  os << "\ncostliest decisions (marked costly):\n";
  if (sorted.empty()) os << "  none\n";
  for (int i = 0; i < top && i < int(sorted.size()); ++i) {
    const ReviewMark& m = sorted[size_t(i)];
    os << "  step " << m.step + 1 << " (turn " << m.turn << "): played '" << m.played << "' (" << fixed(m.played_value, 3)
       << "), the search prefers '" << m.best << "' (" << fixed(m.best_value, 3) << "): cost " << fixed(m.cost(), 3) << " ± "
       << fixed(m.margin, 3) << '\n';
  }
  return os.str();
}

namespace {

json frame_json(const Rules& R, const State& s, int index) {
  json f;
  f["index"] = index;
  f["turn"] = s.turn;
  f["svg"] = render_svg(R, s);
  f["status"] = render_status(R, s);
  f["score"] = progress(R, s);
  if (R.level.per_colour_scores) {
    json c = json::object();
    for (int k = 0; k < R.n_colours; ++k) c[std::string(COLOUR_NAMES[size_t(k)])] = s.colour_score[size_t(k)];
    f["colour_scores"] = c;
  }
  f["supply"] = s.ghost_supply;
  f["board_ghosts"] = s.ghosts_on_board;
  json piles = json::array();
  for (int k = 0; k < R.level.piles; ++k) piles.push_back({{"left", s.pile_size[size_t(k)]}, {"active", k <= s.active_end}});
  f["piles"] = piles;
  static constexpr const char* HS[] = {"waiting", "reached", "placed", "scored", "lost"};
  json hounds = json::array();
  if (R.level.hound1)
    for (HoundState h : s.hound) hounds.push_back(HS[int(h)]);
  f["hounds"] = hounds;
  f["outcome"] = s.outcome == Outcome::Won ? "won" : s.outcome == Outcome::Lost ? "lost (" + std::string(loss_cause_name(s.cause)) + ")" : "";
  return f;
}

// The page's script and style: plain JavaScript, no network. Frames come from the JSON block.
constexpr const char* PAGE_STYLE = R"(
body{font-family:system-ui,sans-serif;margin:1em;color:#222}
#controls{display:flex;gap:.5em;align-items:center;margin:.5em 0}
#controls input[type=range]{flex:1}
#layout{display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap}
#board svg{max-width:min(90vw,900px);height:auto;border:1px solid #ccc}
table{border-collapse:collapse}td,th{padding:.15em .6em;border-bottom:1px solid #eee;text-align:left}
#steps li.cost{background:#fde2e2}#steps li.noise{color:#555}
.mark{font-size:.85em;color:#a00}.minor{font-size:.85em;color:#777}.ok{font-size:.85em;color:#070}
#turns{display:flex;flex-wrap:wrap;gap:.15em;align-items:center;font-size:.8em;margin:.25em 0 .5em}
#turns a{padding:0 .3em;border-radius:3px;text-decoration:none;color:#246}
#turns a.costly{background:#fde2e2;color:#a00}#turns a.at{outline:2px solid #246}
#costliest{font-size:.9em}
)";

constexpr const char* PAGE_SCRIPT = R"(
const data = JSON.parse(document.getElementById('game-data').textContent);
const frames = data.frames;
let at = 0;
const $ = id => document.getElementById(id);
function esc(t){return String(t).replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));}
function show(i){
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  document.querySelectorAll('#turns a.at').forEach(a => a.classList.remove('at'));
  const anchor = $('turn-' + at);
  if (anchor) anchor.classList.add('at');
  if (location.hash !== '#turn-' + at) {
    try { history.replaceState(null, '', '#turn-' + at); } catch (e) { /* an address that cannot change: keep it */ }
  }
  $('board').innerHTML = f.svg;
  $('slider').value = at;
  $('position').textContent = 'turn ' + f.turn + ' (' + (at + 1) + ' of ' + frames.length + ')';
  $('turn').textContent = f.turn;
  $('score').textContent = f.score + ' / ' + data.goal;
  $('colours').textContent = f.colour_scores ? Object.entries(f.colour_scores).map(([k, v]) => k + ' ' + v).join(', ') : '—';
  $('supply').textContent = f.supply;
  $('board-ghosts').textContent = f.board_ghosts;
  $('piles').textContent = f.piles.map((p, k) => 'pile ' + (k + 1) + ': ' + p.left + (p.active ? ' (active)' : '')).join(', ');
  $('hounds').textContent = f.hounds.length ? f.hounds.join(' / ') : '—';
  $('outcome').textContent = f.outcome || 'playing';
  const items = f.steps.map(s => {
    const m = data.marks[s.step];
    let cls = '', note = '';
    if (m) {
      const v = m.best_value.toFixed(3), p = m.played_value.toFixed(3);
      const interval = (Math.abs(m.cost) < 0.0005 ? 0 : m.cost).toFixed(3) + ' ± ' + m.margin.toFixed(3);
      if (m.verdict === 'agrees') { cls = 'agree'; note = ' <span class="ok">the search agrees (' + v + ')</span>'; }
      else if (m.verdict === 'costly') { cls = 'cost';
        note = ' <span class="mark">costly: the search prefers ' + esc(m.best) + ' (' + v + ' vs ' + p + ', cost ' + interval + ')</span>'; }
      else if (m.verdict === 'as good') { cls = 'agree';
        note = ' <span class="ok">as good as the search\'s ' + esc(m.best) + ' (' + p + ' vs ' + v + ', cost ' + interval + ')</span>'; }
      else { cls = 'noise';
        note = ' <span class="minor">within noise: the search leans to ' + esc(m.best) + ' (' + v + ' vs ' + p + ', cost ' + interval + ')</span>'; }
    }
    return '<li class="' + cls + '">' + esc(s.text) + note + '</li>';
  });
  $('steps').innerHTML = items.join('') || '<li>(set-up)</li>';
}
$('first').onclick = () => show(0);
$('prev').onclick = () => show(at - 1);
$('next').onclick = () => show(at + 1);
$('last').onclick = () => show(frames.length - 1);
$('slider').max = frames.length - 1;
$('slider').oninput = e => show(Number(e.target.value));
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowRight') show(at + 1);
  else if (e.key === 'ArrowLeft') show(at - 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(frames.length - 1);
});
// #turn-N (the turn strip's anchors, the costliest decisions' links) shows frame N.
function from_address(){
  const m = /^#turn-(\d+)$/.exec(location.hash);
  show(m ? Number(m[1]) : at);
}
window.addEventListener('hashchange', from_address);
from_address();
)";

}  // namespace

std::string viewer_html(const LoadedRecord& g, const std::vector<ReviewMark>* marks, const std::string& title,
                        const ReviewSettings& how) {
  const Walk w = walk(g);
  std::map<int, size_t> frame_of;  // record step -> the frame whose steps list it
  for (size_t t = 0; t < w.turns.size(); ++t)
    for (const Walk::Step& s : w.turns[t].second)
      if (s.record_step >= 0) frame_of[s.record_step] = t;
  std::vector<ReviewMark> costly;  // the marked decisions, costliest first
  if (marks)
    for (const ReviewMark& m : *marks)
      if (m.marked()) costly.push_back(m);
  std::stable_sort(costly.begin(), costly.end(), [](const ReviewMark& a, const ReviewMark& b) { return a.cost() > b.cost(); });
  std::vector<bool> frame_costly(w.turns.size(), false);
  for (const ReviewMark& m : costly) frame_costly[frame_of.at(m.step)] = true;
  json data;
  data["goal"] = g.rules.level.goal;
  json frames = json::array();
  for (size_t t = 0; t < w.turns.size(); ++t) {
    json f = frame_json(g.rules, w.turns[t].first, int(t));
    json steps = json::array();
    for (const Walk::Step& s : w.turns[t].second) steps.push_back({{"text", s.text}, {"step", s.record_step}});
    f["steps"] = steps;
    frames.push_back(f);
  }
  data["frames"] = frames;
  json jm = json::object();
  if (marks)
    for (const ReviewMark& m : *marks)
      jm[std::to_string(m.step)] = {{"played", m.played}, {"best", m.best}, {"best_value", m.best_value},
                                    {"played_value", m.played_value}, {"cost", m.cost()}, {"margin", m.margin},
                                    {"repeats", m.repeats}, {"verdict", verdict_name(m.verdict)}};
  data["marks"] = jm;
  // The JSON sits in a <script> block: "</" must not end it early.
  std::string payload = data.dump();
  for (size_t p = payload.find("</"); p != std::string::npos; p = payload.find("</", p + 2)) payload.replace(p, 2, "<\\/");

  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << xml_escape(title) << "</title>\n<style>"
       << PAGE_STYLE << "</style></head><body>\n<h1>" << xml_escape(title) << "</h1>\n<p>" << xml_escape(g.rules.describe())
       << " · seed " << g.rec.seed << " game " << g.rec.game << " · played by " << xml_escape(g.rec.agent) << " · result "
       << xml_escape(g.rec.outcome) << " (" << xml_escape(g.rec.cause) << "), score " << g.rec.score << ", " << g.rec.turns
       << " turns"
       << (g.rec.verdict == "open" ? " · verdict open: the solver's best line on a deal it neither won nor proved lost" : "");
  if (marks)
    html << " · reviewed: a red step is a costly decision, one whose cost (the search's value of the option it prefers minus its"
         << " value of the one played, each a mean over searches of that option alone) has a " << fixed(100 * how.confidence, 1)
         << "% interval wholly above " << fixed(how.negligible, 3) << "; grey: within the search's noise; green: the search agrees,"
         << " or finds the option played as good";
  html << "</p>\n<div id=\"controls\"><button id=\"first\">« first</button><button id=\"prev\">◀ previous</button>"
       << "<input id=\"slider\" type=\"range\" min=\"0\" value=\"0\" aria-label=\"turn\"><button id=\"next\">next ▶</button>"
       << "<button id=\"last\">last »</button><span id=\"position\"></span></div>\n<nav id=\"turns\" aria-label=\"turns\">turn:";
  // An anchor per board (#turn-N: the N-th board, the set-up first), red where a costly decision was made.
  for (size_t t = 0; t < w.turns.size(); ++t)
    html << " <a id=\"turn-" << t << "\" href=\"#turn-" << t << "\"" << (frame_costly[t] ? " class=\"costly\"" : "") << ">"
         << w.turns[t].first.turn << "</a>";
  html << "</nav>\n<div id=\"layout\"><div id=\"board\"></div>"
       << "<div><table><tbody><tr><th>turn</th><td id=\"turn\"></td></tr><tr><th>score</th><td id=\"score\"></td></tr>"
       << "<tr><th>colour scores</th><td id=\"colours\"></td></tr><tr><th>ghost supply</th><td id=\"supply\"></td></tr>"
       << "<tr><th>ghosts on the board</th><td id=\"board-ghosts\"></td></tr><tr><th>piles</th><td id=\"piles\"></td></tr>"
       << "<tr><th>hounds</th><td id=\"hounds\"></td></tr><tr><th>game</th><td id=\"outcome\"></td></tr></tbody></table>"
       << "<h3>steps since the previous board</h3><ol id=\"steps\"></ol><p>Keys: ← → (Home, End).</p>";
  if (marks) {
    html << "<h3>costliest decisions</h3>";
    if (costly.empty()) html << "<p id=\"costliest\">None: no cost stands out from the search's noise.</p>";
    else {
      html << "<ol id=\"costliest\">";
      for (const ReviewMark& m : costly) {  // as the text names them; each links to the board its turn led to
        const size_t t = frame_of.at(m.step);
        html << "<li><a href=\"#turn-" << t << "\">step " << m.step + 1 << " (turn " << m.turn << ")</a>: played "
             << xml_escape(m.played) << " (" << fixed(m.played_value, 3) << "), the search prefers " << xml_escape(m.best) << " ("
             << fixed(m.best_value, 3) << "): cost " << fixed(m.cost(), 3) << " ± " << fixed(m.margin, 3) << "</li>";
      }
      html << "</ol>";
    }
  }
  html << "</div></div>\n"
       << "<script id=\"game-data\" type=\"application/json\">" << payload << "</script>\n<script>" << PAGE_SCRIPT
       << "</script>\n</body></html>\n";
  return html.str();
}

}  // namespace mists::analysis
