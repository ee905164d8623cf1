#include "analysis/pages/viewer.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/run/error.h"
#include "engine/coop/contract.h"
#include "analysis/run/files.h"
#include "analysis/pages/game_page.h"
#include "analysis/pages/move_words.h"
#include "analysis/run/stats.h"
#include "engine/config/load.h"
#include "engine/coop/text.h"
#include "solver/mcts.h"
#include "solver/rng.h"

namespace mists::analysis {

using nlohmann::json;

LoadedRecord load_record(const std::string& path, const std::string& catalog_override) {
  return load_record_text(read_file(path), path, catalog_override);
}

LoadedRecord load_record_text(const std::string& text, const std::string& path, const std::string& catalog_override) {
  GameRecord rec = parse_record(text, path);
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
  struct Step {
    std::string text;
    int record_step;  // its index among the record's steps, -1 for a forced step (not in the record)
  };
  std::vector<std::pair<State, std::vector<Step>>> turns;  // state at each turn's start (and the end), steps that led there
};

Walk walk(const LoadedRecord& g) {
  Walk w;
  int step = -1;  // index of the record step just applied
  std::vector<Walk::Step> steps;
  w.turns.push_back({initial_state(g.rules, record_deal(g.rules, g.rec, g.path)), {}});
  replay(g.rules, g.rec, g.path, [&](const State& s, const std::string& text) {
    const bool recorded = text.rfind("(", 0) != 0;  // forced steps are not in the record
    const bool chance = text.rfind("draw ", 0) == 0 || text.rfind("chip ", 0) == 0;  // a draw, or a chip turned up (CM2)
    if (recorded) ++step;
    steps.push_back({text, recorded ? step : -1});
    // A turn ends where the next one starts: at its draw, or at the choice of an abbey (CA2).
    const bool declined_abbey = text == "abbey none" || text == "(forced) abbey none";
    if ((turn_start(s) && !chance && !declined_abbey) || s.phase == Phase::Over) {
      w.turns.push_back({s, steps});
      steps.clear();
    }
  });
  return w;
}

}  // namespace

std::vector<RecordDecision> record_decisions(const LoadedRecord& g) {
  return decisions_of<Coop>(g.rules, initial_state(g.rules, record_deal(g.rules, g.rec, g.path)), g.rec, g.path, [](const State&) { return true; });
}

std::string loss_words(const Rules& R, const State& s) {
  if (s.outcome != Outcome::Lost) return "";
  const PlacedTile& t = s.tiles[s.last];
  const std::string tile = s.n_tiles == 0 ? "" : t.face_down() ? "the face-down tile at (" + std::to_string(rel_x(t.x)) + ", " + std::to_string(rel_y(t.y)) + ")"
                                                              : "tile " + R.types[t.type].id + " at (" + std::to_string(rel_x(t.x)) + ", " +
                                                                    std::to_string(rel_y(t.y)) + ")";
  const std::string supply = std::to_string(int(s.ghost_supply)) + (s.ghost_supply == 1 ? " ghost" : " ghosts");
  const std::string score = "the score stood at " + std::to_string(progress(R, s));
  switch (s.cause) {
    case LossCause::GhostSupply: {
      std::string what;
      switch (s.step) {
        case Step::Ghosts: what = "the mist areas of " + tile + " needed their ghosts"; break;
        case Step::NeighbourGhosts: what = "the new cemetery on " + tile + " needed a ghost on each misty tile around it"; break;
        case Step::CemGhost: what = "an open cemetery needed its ghost"; break;
        default: what = "the turn needed more ghosts (after " + tile + ")"; break;
      }
      return "R3.5: " + what + " and the supply held only " + supply + ", with " + std::to_string(int(s.ghosts_on_board)) +
             " on the board";
    }
    case LossCause::Pile1Target:
      return "R6.4: pile 1 ran out before hound 1 was reached (" + std::to_string(R.level.hound1) + " points); " + score;
    case LossCause::Pile2Target:
      return "R6.4: pile 2 ran out before hound 2 was reached (" + std::to_string(R.level.hound2) + " points); " + score;
    case LossCause::TilesOut:
      return "R6.4: the last tile was placed before the goal of " + std::to_string(R.level.goal) + " points" +
             (R.level.per_colour_scores ? " for every colour" : "") + "; " + score;
    case LossCause::Unplaceable: return "R2.2 (unplaceable = lose): the tile drawn fitted nowhere; " + score;
    case LossCause::None: break;
  }
  return "";
}

std::string review_number(double x, int digits) {
  if (std::isnan(x)) return "-";
  if (std::abs(x) < 0.5 * std::pow(10.0, -digits)) x = 0;  // no "-0.000"
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << x;
  return os.str();
}

void measure_cost(ReviewMark& m, const ReviewSettings& how, CostInterval interval,
                  const std::function<std::pair<double, double>(int)>& values) {
  std::vector<double> best_values, played_values;
  MeanDiff d;
  for (int look = std::min(how.first_look, how.repeats);; look = std::min(2 * look, how.repeats)) {
    for (int r = int(best_values.size()); r < look; ++r) {
      const auto [best, played] = values(r);
      best_values.push_back(best);
      played_values.push_back(played);
    }
    d = interval == CostInterval::Welch    ? welch(best_values, played_values, how.confidence)
        : interval == CostInterval::Paired ? paired_diff(best_values, played_values, how.confidence)
                                           : paired_binary_diff(best_values, played_values, how.confidence);
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
}

void check_review_settings(const ReviewSettings& how) {
  if (how.repeats < 2) throw AnalysisError("review: repeats must be 2 or more (an interval needs two values of each option)");
  if (!(how.confidence > 0 && how.confidence < 1)) throw AnalysisError("review: confidence must lie between 0 and 1");
  if (!(how.negligible >= 0) || !std::isfinite(how.negligible)) throw AnalysisError("review: negligible must be a number 0 or more");
}

std::string review_rounds(const ReviewSettings& how) {
  std::string rounds;
  for (int look = std::min(how.first_look, how.repeats);; look = std::min(2 * look, how.repeats)) {
    rounds += (rounds.empty() ? "" : ", ") + std::to_string(look);
    if (look == how.repeats) break;
  }
  return rounds;
}

std::vector<ReviewMark> costliest(const std::vector<ReviewMark>& marks) {
  std::vector<ReviewMark> out;
  for (const ReviewMark& m : marks)
    if (m.marked()) out.push_back(m);
  std::stable_sort(out.begin(), out.end(), [](const ReviewMark& a, const ReviewMark& b) { return a.cost() > b.cost(); });
  return out;
}

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
  if (sees_the_deal(agent))
    throw AnalysisError("review: " + agent.text + " sees the deal; a review asks what a fair team would have done");
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

// The start of the search judge's judgement: the options at `before` (into `opts`, their count
// returned), `played_text` parsed into `played` (an AnalysisError naming the step when it is no
// option), and a mark with the step, turn, player and played text filled.
int open_mark(const Rules& R, const State& before, const std::string& played_text, int step, std::vector<Action>& opts,
              Action& played, ReviewMark& m) {
  opts.resize(MAX_ACTIONS);
  const int n = legal_actions(R, before, opts.data());
  if (!parse_action(R, before, played_text, played))
    throw AnalysisError("review: step " + std::to_string(step + 1) + ": '" + played_text + "' is not an option of the position");
  m.step = step;
  m.turn = before.turn;
  m.seat = before.player;
  m.played = played_text;
  return n;
}

ReviewMark judge(const Rules& R, const State& before, const std::string& played_text, int step, const MctsConfig& cfg,
                 uint64_t seed, const ReviewSettings& how) {
  std::vector<Action> opts;
  Action played{};
  ReviewMark m;
  const int n = open_mark(R, before, played_text, step, opts, played, m);
  // 1. The search over every option names the one it prefers.
  MctsAgent all(R, cfg, seed);
  const int pick = all(before, opts.data(), n);
  m.best = action_text(R, before, opts[size_t(pick)]);
  if (opts[size_t(pick)] == played) {
    m.best_value = m.played_value = std::max(0.0, all.root_values()[size_t(pick)]);
    m.verdict = ReviewVerdict::Agrees;
    return m;
  }
  // 2. Both options alone, each search on a seed of its own, in rounds that double, until the
  //    cost's Welch interval parts from `negligible`.
  measure_cost(m, how, CostInterval::Welch, [&](int r) {
    return std::pair{value_alone(R, cfg, before, opts[size_t(pick)], stream_seed(seed, uint64_t(r), PREFERRED_STREAM)),
                     value_alone(R, cfg, before, played, stream_seed(seed, uint64_t(r), PLAYED_STREAM))};
  });
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

std::vector<ReviewMark> judge_all(int n, ReviewProgress* progress, const std::function<ReviewMark(int)>& one) {
  if (progress) progress->total = n;
  std::vector<ReviewMark> marks(size_t(std::max(n, 0)));
  tbb::parallel_for(0, n, [&](int i) {
    if (progress && progress->cancel) return;
    marks[size_t(i)] = one(i);
    if (progress) ++progress->done;
  }, tbb::simple_partitioner());
  if (progress && progress->cancel) throw ReviewCancelled();
  return marks;
}

std::vector<ReviewMark> judge_each(const std::vector<RecordDecision>& decisions, ReviewProgress* progress,
                                   const std::function<ReviewMark(const RecordDecision&)>& one) {
  return judge_all(int(decisions.size()), progress, [&](int i) { return one(decisions[size_t(i)]); });
}

std::vector<ReviewMark> review_record(const LoadedRecord& g, const AgentSpec& agent, const ReviewSettings& how) {
  const MctsConfig cfg = judge_config(g.rules, agent, how);
  const std::vector<RecordDecision> decisions = record_decisions(g);
  return judge_each(decisions, nullptr, [&](const RecordDecision& d) {
    return judge(g.rules, d.before, d.played, d.step, cfg, review_seed(g.rec, d.step), how);
  });
}

namespace {

// A player as the review names them: "player 1 (red, blue)".
std::string player_label(const Rules& R, int p) {
  std::string out = "player " + std::to_string(p + 1);
  if (p < 0 || p >= R.params.players) return out;
  std::string colours;
  for (int8_t c : R.player_colours[size_t(p)]) {
    if (c < 0) break;
    colours += (colours.empty() ? "" : ", ") + std::string(COLOUR_NAMES[size_t(c)]);
  }
  return colours.empty() ? out : out + " (" + colours + ")";
}

// How the review writes a value and a cost: chances to win in percent and points, or a search's 0-1 reward.
struct ReviewUnits {
  bool win = false;
  std::string value(double x) const { return std::isnan(x) ? "-" : win ? review_number(100 * x, 1) + "%" : review_number(x, 3); }
  std::string cost(double x) const { return win ? review_number(100 * x, 1) : review_number(x, 3); }
  std::string points() const { return win ? " points" : ""; }
};

// The review's words for a co-op game (write_review_body, costliest_html).
ReviewWords coop_review_words(const LoadedRecord& g, ReviewUnits u) {
  ReviewWords words;
  words.value = [u](double x) { return u.value(x); };
  words.cost = [u](double x) { return u.cost(x); };
  words.unit = u.points();
  words.judge = u.win ? "judge" : "search";
  words.blank_agreed = u.win;
  for (int p = 0; p < g.rules.params.players; ++p) words.labels.push_back(player_label(g.rules, p));
  return words;
}

}  // namespace

std::vector<PlayerReview> review_by_player(const LoadedRecord& g, const std::vector<ReviewMark>& marks) {
  std::vector<std::string> labels;
  for (int p = 0; p < g.rules.params.players; ++p) labels.push_back(player_label(g.rules, p));
  return review_by_seat(labels, marks);
}

std::vector<PlayerReview> review_by_seat(const std::vector<std::string>& labels, const std::vector<ReviewMark>& marks) {
  std::vector<PlayerReview> out(labels.size());
  for (size_t p = 0; p < out.size(); ++p) out[p].label = labels[p];
  for (const ReviewMark& m : marks) {
    if (m.seat < 0 || m.seat >= int(out.size())) continue;
    PlayerReview& p = out[size_t(m.seat)];
    ++p.decisions, ++p.verdicts[int(m.verdict)];
    if (!m.marked()) continue;
    p.costly_sum += m.cost();
    if (!p.worst || m.cost() > p.worst->cost()) p.worst = &m;
  }
  return out;
}

void write_review_body(std::ostream& os, const std::vector<ReviewMark>& marks, const ReviewWords& words, int top,
                       const std::function<void(std::ostream&, const ReviewMark&)>& after) {
  auto label = [&](int seat) {
    return seat >= 0 && seat < int(words.labels.size()) ? words.labels[size_t(seat)] : words.seat_word + " " + std::to_string(seat + 1);
  };
  os << "step turn" << (words.seat_column ? " seat" : "") << "   n  played                      value   best                        value"
     << std::string(size_t(words.cost_width - 4), ' ') << "cost ± width  verdict\n";
  for (const ReviewMark& m : marks) {
    const bool agrees = m.verdict == ReviewVerdict::Agrees;
    os << std::setw(4) << m.step + 1 << std::setw(5) << m.turn;
    if (words.seat_column) os << std::setw(5) << m.seat;
    os << std::setw(4) << m.repeats << "  " << std::left << std::setw(28) << m.played << std::right << std::setw(words.value_width)
       << words.value(m.played_value) << "   " << std::left << std::setw(28) << (agrees ? "=" : m.best) << std::right
       << std::setw(words.value_width) << words.value(m.best_value) << std::setw(words.cost_width)
       << (agrees && words.blank_agreed ? "" : words.cost(m.cost())) << ' ' << std::left << std::setw(7)
       << (agrees ? "" : "± " + words.cost(m.margin)) << "  " << verdict_name(m.verdict) << std::right << '\n';
  }
  int count[4] = {};
  for (const ReviewMark& m : marks) ++count[int(m.verdict)];
  os << "\nverdicts: the " << words.judge << " agrees " << count[int(ReviewVerdict::Agrees)] << ", as good "
     << count[int(ReviewVerdict::AsGood)] << ", within noise " << count[int(ReviewVerdict::Noise)] << ", costly "
     << count[int(ReviewVerdict::Costly)] << '\n';
  // Each seat's decisions (co-op: the player whose turn it was); a seat none of whose decisions was
  // reviewed (competitive: --seat) is left out.
  os << "\nby " << words.seat_word << ":\n";
  for (const PlayerReview& p : review_by_seat(words.labels, marks)) {
    if (p.decisions == 0) continue;
    const int* c = p.verdicts;
    os << "  " << p.label << ": " << p.decisions << " decisions, agrees " << c[int(ReviewVerdict::Agrees)] << ", as good "
       << c[int(ReviewVerdict::AsGood)] << ", within noise " << c[int(ReviewVerdict::Noise)] << ", costly " << c[int(ReviewVerdict::Costly)];
    if (p.worst)
      os << "; the costly ones " << words.cost(p.costly_sum) << words.unit << " in all, the worst step " << p.worst->step + 1 << " (turn "
         << p.worst->turn << ", " << words.cost(p.worst->cost()) << words.unit << ")";
    os << '\n';
  }
  const std::vector<ReviewMark> sorted = costliest(marks);
  os << "\ncostliest decisions (marked costly):\n";
  if (sorted.empty()) os << "  none\n";
  for (int i = 0; i < top && i < int(sorted.size()); ++i) {
    const ReviewMark& m = sorted[size_t(i)];
    os << "  step " << m.step + 1 << " (turn " << m.turn << ", " << label(m.seat) << "): played '" << m.played << "' ("
       << words.value(m.played_value) << "), the " << words.judge << " prefers '" << m.best << "' (" << words.value(m.best_value)
       << "): cost " << words.cost(m.cost()) << " ± " << words.cost(m.margin) << words.unit << '\n';
    if (after) after(os, m);
  }
}

json marks_json(const std::vector<ReviewMark>& marks) {
  auto number = [](double x) { return std::isnan(x) ? json() : json(x); };
  json out = json::object();
  for (const ReviewMark& m : marks)
    out[std::to_string(m.step)] = {{"played", m.played}, {"best", m.best}, {"best_value", number(m.best_value)},
                                   {"played_value", number(m.played_value)}, {"cost", number(m.cost())}, {"margin", m.margin},
                                   {"repeats", m.repeats}, {"verdict", verdict_name(m.verdict)}, {"seat", m.seat}};
  return out;
}

std::string costliest_html(const std::vector<ReviewMark>& costly, const std::map<int, size_t>& frame_of, const ReviewWords& words,
                           const std::function<void(std::ostream&, const ReviewMark&)>& after) {
  std::ostringstream os;
  os << "<h3>costliest decisions</h3>";
  if (costly.empty()) return os.str() + "<p id=\"costliest\">None: no cost stands out from the noise.</p>";
  os << "<ol id=\"costliest\">";
  for (const ReviewMark& m : costly) {
    const std::string seat = m.seat >= 0 && m.seat < int(words.labels.size()) ? ", " + xml_escape(words.labels[size_t(m.seat)]) : "";
    os << "<li><a href=\"#turn-" << frame_of.at(m.step) << "\">step " << m.step + 1 << " (turn " << m.turn << seat << ")</a>: played "
       << xml_escape(m.played) << " (" << words.value(m.played_value) << "), the " << words.judge << " prefers " << xml_escape(m.best)
       << " (" << words.value(m.best_value) << "): cost " << words.cost(m.cost()) << " ± " << words.cost(m.margin) << words.unit;
    if (after) after(os, m);
    os << "</li>";
  }
  return os.str() + "</ol>";
}

std::string review_text(const LoadedRecord& g, const std::vector<ReviewMark>& marks, int top, const ReviewSettings& how,
                        const CoopJudge* judge) {
  const ReviewUnits u{judge && judge->win_chance()};
  std::ostringstream os;
  os << "review of seed " << g.rec.seed << " game " << g.rec.game << " (" << g.rules.describe() << "), played by " << g.rec.agent
     << ": " << marks.size() << " decisions\n";
  const std::string rounds = review_rounds(how);  // "4, 8, 16"
  const std::string negligible = u.cost(how.negligible);
  const std::string level = review_number(100 * how.confidence, 1);
  if (u.win) {
    os << "value: the chance to win after the option, the share of n games won that " << judge->rollout.text << " plays on from it\n"
       << "on piles drawn at random from the tiles the team has not seen (what a fair team knows)\n"
       << "cost: in points of win chance, the judge's option's value minus the played one's (n grows " << rounds << " until the\n"
       << "interval parts from " << negligible << " points), ± the half-width of its " << level << "% interval (the k-th game of both options on\n"
       << "the same piles and numbers; paired proportions, Agresti & Min): costly when the whole interval lies above " << negligible << ",\n"
       << "as good when it lies at or below, within noise when it still straddles " << negligible << " after " << how.repeats
       << " games; n = 0: the judge plays the option played\n\n";
  } else {
    os << "value: the search's mean reward (0-1; a win counts 1, a position cut off is judged by the heuristic)\n";
    os << "cost: the preferred option's value minus the played one's, each the mean of n searches of that option alone (n\n"
       << "grows " << rounds << " until the interval parts from " << negligible << "), ± the half-width of its " << level
       << "% interval (Welch's t):\n"
       << "costly when the whole interval lies above " << negligible << " (the only decisions marked), as good when it lies at or\n"
       << "below " << negligible << ", within noise when it still straddles " << negligible << " after " << how.repeats
       << "; n = 0: the search agrees with the option played\n\n";
  }
  write_review_body(os, marks, coop_review_words(g, u), top, [&](std::ostream& out, const ReviewMark& m) {
    if (!u.win) return;
    const BetterLine line = better_line(g, m, *judge);
    out << "    the judge's line on the game's own tiles (" << line.steps.size() << " steps): ";
    const size_t shown = std::min<size_t>(line.steps.size(), 12);
    for (size_t k = 0; k < shown; ++k) out << (k ? "; " : "") << line.steps[k];
    out << (shown < line.steps.size() ? "; ..." : "") << " -> " << line.outcome << ", score " << line.score << " after " << line.turns
        << " tiles\n";
  });
  if (g.rec.outcome == "lost") {
    const std::string why = loss_words(g.rules, walk(g).turns.back().first);
    if (!why.empty()) os << "\nhow the game was lost: " << why << '\n';
  }
  return os.str();
}

namespace {

// The piles as the rules stack them (R6.1, R6.2): the pile drawn from, with what is left of the
// piles passed stacked on it, then each pile still waiting.
std::string piles_text(const Rules& R, const State& s) {
  if (R.level.piles <= 1) return std::to_string(int(s.pile_size[0])) + " tiles left";
  int active = 0;
  std::vector<std::string> passed;
  for (int k = 0; k <= s.active_end && k < R.level.piles; ++k) {
    active += s.pile_size[size_t(k)];
    if (k < s.active_end && s.pile_size[size_t(k)]) passed.push_back("pile " + std::to_string(k + 1) + "'s " + std::to_string(int(s.pile_size[size_t(k)])));
  }
  std::string out = "drawing from pile " + std::to_string(s.active_end + 1) + ": " + std::to_string(active) + " left";
  if (!passed.empty()) {
    out += " (";
    for (size_t i = 0; i < passed.size(); ++i) out += (i ? " and " : "") + passed[i];
    out += " stacked on top)";
  }
  for (int k = s.active_end + 1; k < R.level.piles; ++k)
    out += "; pile " + std::to_string(k + 1) + ": " + std::to_string(int(s.pile_size[size_t(k)])) + " waiting";
  return out;
}

// The tile drawn in a turn's steps and where it went: {svg, text}, or null when none was drawn.
json drawn_json(const Rules& R, const std::vector<std::pair<std::string, int>>& steps) {
  std::string id, place;
  for (const auto& st : steps) {
    const std::string& t = st.first;
    if (t.rfind("draw ", 0) == 0) id = t.substr(5), place.clear();
    const size_t p = t.find("place ");
    if (p != std::string::npos && (p == 0 || t[0] == '(')) place = t.substr(p + 6);
  }
  if (id.empty()) return nullptr;
  for (const TileType& tt : R.types)
    if (tt.id == id) return drawn_tile_json(*tt.spec, id, place);
  return nullptr;
}

json frame_json(const Rules& R, const State& s, int index, int highlight) {
  json f;
  f["index"] = index;
  f["turn"] = s.turn;
  f["svg"] = render_svg(R, s, SvgBoardOptions{highlight, 0, false});  // the legend in the panel
  f["position"] = "turn " + std::to_string(s.turn);
  // The numbers themselves, for programs reading the page (the table below shows them as text).
  f["score"] = progress(R, s);
  f["supply"] = s.ghost_supply;
  f["board_ghosts"] = s.ghosts_on_board;
  f["outcome"] = s.outcome == Outcome::Won ? "won" : s.outcome == Outcome::Lost ? "lost (" + std::string(loss_cause_name(s.cause)) + ")" : "";
  json info = json::array();
  auto row = [&](const char* id, const char* label, const std::string& value) { info.push_back({id, label, value}); };
  row("turn", "turn", std::to_string(s.turn));
  row("score", "score", std::to_string(progress(R, s)) + " / " + std::to_string(R.level.goal));
  if (R.level.per_colour_scores) {
    std::string c;
    for (int k = 0; k < R.n_colours; ++k) c += (k ? ", " : "") + std::string(COLOUR_NAMES[size_t(k)]) + " " + std::to_string(s.colour_score[size_t(k)]);
    row("colours", "colour scores", c);
  }
  row("supply", "ghost supply", std::to_string(int(s.ghost_supply)));
  row("board-ghosts", "ghosts on the board", std::to_string(int(s.ghosts_on_board)));
  row("piles", "piles", piles_text(R, s));
  if (R.level.hound1) {
    static constexpr const char* HS[] = {"waiting", "reached", "beside a meeple", "scored", "lost"};
    row("hounds", "hounds", std::string("1: ") + HS[int(s.hound[0])] + ", 2: " + HS[int(s.hound[1])]);
  }
  row("outcome", "game", s.outcome == Outcome::Won ? "won" : s.outcome == Outcome::Lost ? "lost (" + std::string(loss_cause_name(s.cause)) + ")" : "playing");
  if (s.outcome == Outcome::Lost) row("loss", "how it was lost", loss_words(R, s));
  f["info"] = info;
  return f;
}

}  // namespace

std::string viewer_html(const LoadedRecord& g, const std::vector<ReviewMark>* marks, const std::string& title,
                        const ReviewSettings& how, const CoopJudge* judge) {
  const bool win = judge && judge->win_chance();
  const ReviewUnits u{win};
  const Walk w = walk(g);
  std::map<int, size_t> frame_of;  // record step -> the frame whose steps list it
  for (size_t t = 0; t < w.turns.size(); ++t)
    for (const Walk::Step& s : w.turns[t].second)
      if (s.record_step >= 0) frame_of[s.record_step] = t;
  const std::vector<ReviewMark> costly = marks ? costliest(*marks) : std::vector<ReviewMark>{};
  GamePage page;
  page.title = title;
  page.legend_svg = render_svg_legend(g.rules);
  page.turn_marked.assign(w.turns.size(), false);
  for (const ReviewMark& m : costly) page.turn_marked[frame_of.at(m.step)] = true;
  json data;
  data["goal"] = g.rules.level.goal;
  json frames = json::array();
  for (size_t t = 0; t < w.turns.size(); ++t) {
    const State& s = w.turns[t].first;
    const bool placed = t > 0 && s.n_tiles > w.turns[t - 1].first.n_tiles;
    json f = frame_json(g.rules, s, int(t), placed ? int(s.last) : -1);
    json steps = json::array();
    std::vector<std::pair<std::string, int>> texts;
    for (const Walk::Step& st : w.turns[t].second) {
      steps.push_back({{"text", st.text}, {"words", coop_step_words(st.text)}, {"step", st.record_step}});
      texts.push_back({st.text, st.record_step});
    }
    f["steps"] = steps;
    f["drawn"] = drawn_json(g.rules, texts);
    frames.push_back(f);
    page.turn_labels.push_back(s.turn);
  }
  data["frames"] = frames;
  data["marks"] = marks ? marks_json(*marks) : json::object();
  if (win) data["percent"] = true, data["judge_word"] = "judge";

  std::ostringstream sum;
  sum << "level " << g.rules.level.number << (g.rules.level.name.empty() ? "" : " (" + xml_escape(g.rules.level.name) + ")") << ", "
      << g.rules.params.players << (g.rules.params.players == 1 ? " player" : " players") << " · seed " << g.rec.seed << " game " << g.rec.game << " · played by "
      << xml_escape(g.rec.agent) << " · result " << xml_escape(g.rec.outcome) << " (" << xml_escape(g.rec.cause) << "), score "
      << g.rec.score << ", " << g.rec.turns << " turns"
      << (g.rec.verdict == "open" ? " · verdict open: the solver's best line on a deal it neither won nor proved lost" : "")
      << " · the tile just placed is framed in orange";
  if (marks && win)
    sum << " · reviewed by " << xml_escape(judge->judge.text) << " in chances to win: a red step is a costly decision, one whose cost"
        << " (the win chance after the judge's option minus that after the one played, each the share of games won that "
        << xml_escape(judge->rollout.text) << " plays on from it on piles drawn from the unseen tiles) has a "
        << review_number(100 * how.confidence, 1) << "% interval wholly above " << u.cost(how.negligible)
        << " points; grey: within the games' noise; green: the judge agrees, or finds the option played as good";
  else if (marks)
    sum << " · reviewed: a red step is a costly decision, one whose cost (the search's value of the option it prefers minus its"
        << " value of the one played, each a mean over searches of that option alone) has a " << review_number(100 * how.confidence, 1)
        << "% interval wholly above " << review_number(how.negligible, 3) << "; grey: within the search's noise; green: the search agrees,"
        << " or finds the option played as good";
  page.summary_html = sum.str();
  page.rules_html = xml_escape(g.rules.describe());
  if (marks)  // each costly decision as the text names it, with the judge's line folded under it
    page.extra_panel_html = costliest_html(costly, frame_of, coop_review_words(g, u), [&](std::ostream& os, const ReviewMark& m) {
      if (!win) return;
      const BetterLine line = better_line(g, m, *judge);
      os << "<details class=\"better-line\"><summary>the judge's line: " << xml_escape(line.outcome) << ", score " << line.score
         << " after " << line.turns << " tiles</summary><ol>";
      for (const std::string& st : line.steps) os << "<li>" << xml_escape(coop_step_words(st)) << "</li>";
      os << "</ol></details>";
    });
  return game_page_html(page, data);
}

}  // namespace mists::analysis
