#include "solver/versus_agents.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace mists::vs {

std::string_view objective_name(Objective o) {
  static constexpr std::string_view NAMES[] = {"own", "margin", "paranoid"};  // in Objective's order
  return size_t(o) < std::size(NAMES) ? NAMES[size_t(o)] : "?";
}

namespace {

// Score plus what final scoring would pay now, per seat.
std::array<int, VS_MAX_PLAYERS> totals(const VsRules& R, const VsState& s) {
  std::array<int, VS_MAX_PLAYERS> total{};
  const std::array<int, VS_MAX_PLAYERS> later = is_over(s) ? std::array<int, VS_MAX_PLAYERS>{} : final_points(R, s);
  for (int p = 0; p < R.players; ++p) total[size_t(p)] = std::max(0, s.score[size_t(p)] + later[size_t(p)]);
  return total;
}

template <class T>
double margin_of(const VsRules& R, const T& total, int seat) {
  double best_other = -1e18;
  for (int p = 0; p < R.players; ++p)
    if (p != seat) best_other = std::max(best_other, double(total[size_t(p)]));
  return double(total[size_t(seat)]) - best_other;
}

}  // namespace

double position_value(const VsRules& R, const VsState& s, int seat, Objective obj) {
  const auto total = totals(R, s);
  if (obj == Objective::Own) return total[size_t(seat)];
  return margin_of(R, total, seat);
}

double hand_value(const VsRules& R, const VsState& s, int p, const ExpertWeights& w) {
  const int end = R.pieces ? VS_ALL_SLOTS : s.owned[size_t(p)];
  int ghosts = 0;
  for (int i = 0; i < end; ++i) ghosts += s.meeples[size_t(p)][size_t(i)].ghosts;
  double v = (R.abbey_type >= 0 ? w.meeple_am : w.meeple) * s.supply[size_t(p)] + w.guard * s.guards[size_t(p)] -
             w.ghost * ghosts;
  if (!R.pieces && !R.modules) return v;
  const auto& m = s.meeples[size_t(p)];
  const VsSeatPieces& q = s.piece[size_t(p)];
  if (R.abbey_type >= 0) {
    v += w.abbey * (s.abbeys >> p & 1) + w.barn * (q.barn == VS_NO_NODE);
    v += w.piece * ((m[VS_SLOT_MAYOR].node == VS_NO_NODE) + (m[VS_SLOT_WAGON].node == VS_NO_NODE));
  }
  if (R.switches.abbot) {
    const uint16_t at = m[VS_SLOT_ABBOT].node;
    if (at == VS_NO_NODE) {
      v += w.piece;
    } else if (s.left > 0) {
      // An abbot on the board gains a point for each neighbour still to come: taking it back is
      // worth its value now, so it waits while the pile is long and its site far from full.
      const VsCell c = s.tiles[s.nodes[at].tile].cell;
      int ring = 0;
      for (int d : VS_RING) ring += s.grid[size_t(c + d)] != 0;
      v += w.growth * (8 - ring) * double(s.left) / double(R.tiles_in_play);
    }
  }
  if (R.has(VS_TOLLKEEPERS)) v += w.toll * (q.toll_tile == NO_TILE);
  if (R.has(VS_MAP_CHIPS)) v += w.chip * (q.chips[0] + 2 * q.chips[1]);
  return v;
}

double expert_value(const VsRules& R, const VsState& s, int seat, const ExpertWeights& w) {
  const auto base = totals(R, s);
  std::array<double, VS_MAX_PLAYERS> v{};
  for (int p = 0; p < R.players; ++p) v[size_t(p)] = base[size_t(p)] + hand_value(R, s, p, w);
  return w.margin ? margin_of(R, v, seat) : v[size_t(seat)];
}

double VsGreedyAgent::value(const VsState& s, int seat) const {
  return expert_ ? expert_value(*R_, s, seat, w_) : position_value(*R_, s, seat, obj_);
}

// The rest of `seat`'s turn from `s`: a ghost step takes the option with the best value at once,
// the meeple step the best value after the turn's scoring.
double VsGreedyAgent::after_turn(const VsState& s, int seat, int depth) {
  if (s.phase == VsPhase::ChipValue && depth < MAX_DEPTH) {  // M3.1: the chip's value by its odds
    const double n = s.chips_unseen[0] + s.chips_unseen[1];
    double v = 0;
    for (int value = 1; value <= 2; ++value) {
      if (!s.chips_unseen[size_t(value - 1)]) continue;
      VsState& t = scratch(depth);
      copy_position(t, s);
      apply_chip(*R_, t, value);
      v += s.chips_unseen[size_t(value - 1)] / n * after_turn(t, seat, depth + 1);
    }
    return v;
  }
  // The turn is over at a draw, at the end, when another seat decides, or when a seat's next turn
  // begins with the abbey's choice.
  if (is_over(s) || is_chance(s) || s.player != seat || s.phase == VsPhase::AbbeyChoice || depth >= MAX_DEPTH)
    return value(s, seat);
  VsAction opts[VS_MAX_ACTIONS];
  const int n = legal_actions(*R_, s, opts);
  if (s.phase == VsPhase::Meeple) {
    double best = -1e18;
    VsState& t = scratch(depth);
    for (int i = 0; i < n; ++i) {
      copy_position(t, s);
      apply(*R_, t, opts[i]);
      best = std::max(best, after_turn(t, seat, depth + 1));  // then its upgrades and wagon, if any
    }
    return best;
  }
  const int pick = pick_now(s, opts, n, seat, depth);
  VsState& t = scratch(depth);
  copy_position(t, s);
  apply(*R_, t, opts[pick]);
  return after_turn(t, seat, depth + 1);
}

int VsGreedyAgent::pick_now(const VsState& s, const VsAction* options, int n, int seat, int depth) {
  double best = -1e18;
  int pick = 0;
  VsState& t = scratch(depth);
  for (int i = 0; i < n; ++i) {
    copy_position(t, s);
    apply(*R_, t, options[i]);
    const double v = value(t, seat);
    if (v > best + 1e-9) best = v, pick = i;
  }
  return pick;
}

double VsGreedyAgent::turn_value(const VsState& s, VsAction a) {
  VsState& t = scratch(0);
  copy_position(t, s);
  apply(*R_, t, a);
  return after_turn(t, s.player, 1);
}

namespace {

bool turn_over(const VsState& s, int seat) {
  return is_over(s) || is_chance(s) || s.player != seat || s.phase == VsPhase::AbbeyChoice;
}

}  // namespace

const VsState* VsGreedyAgent::play_on(const VsState* cur, int seat, int& depth, VsTurn& turn, bool meeple_too) {
  VsAction opts[VS_MAX_ACTIONS];
  for (;;) {
    if (cur->phase == VsPhase::ChipValue && depth < MAX_DEPTH) {
      // M3.1: the turn is judged with the likelier value (1 on a tie); the search that plays the
      // turn draws the real one and finds the turn's later steps still legal, or plays on without them.
      VsState& u = scratch(depth++);
      copy_position(u, *cur);
      apply_chip(*R_, u, cur->chips_unseen[1] > cur->chips_unseen[0] ? 2 : 1);
      cur = &u;
      continue;
    }
    if (turn_over(*cur, seat) || (!meeple_too && cur->phase == VsPhase::Meeple) || depth >= MAX_DEPTH ||
        turn.n >= turn.step.size())
      break;
    const int m = legal_actions(*R_, *cur, opts);
    int pick = 0;
    if (m > 1 && cur->phase == VsPhase::Meeple) {  // as after_turn: each meeple step with the rest of the turn
      double best = -1e18;
      for (int i = 0; i < m; ++i) {
        VsState& u = scratch(depth);
        copy_position(u, *cur);
        apply(*R_, u, opts[i]);
        const double v = after_turn(u, seat, depth + 1);
        if (v > best + 1e-9) best = v, pick = i;
      }
    } else if (m > 1) {
      pick = pick_now(*cur, opts, m, seat, depth);
    }
    VsState& u = scratch(depth++);
    copy_position(u, *cur);
    apply(*R_, u, opts[pick]);
    turn.step[turn.n++] = opts[pick];
    cur = &u;
  }
  return cur;
}

void VsGreedyAgent::turns(const VsState& s, std::vector<VsTurn>& out) {
  out.clear();
  const int seat = s.player;
  VsAction firsts[VS_MAX_ACTIONS], opts[VS_MAX_ACTIONS];
  const int n = legal_actions(*R_, s, firsts);
  const bool turn_start = s.phase == VsPhase::Place || s.phase == VsPhase::AbbeyChoice;
  for (int i = 0; i < n; ++i) {
    VsTurn turn;
    turn.step[turn.n++] = firsts[i];
    VsState* first = &scratch(0);
    copy_position(*first, s);
    apply(*R_, *first, firsts[i]);
    int depth = 1;
    if (!turn_start) {  // a single decision of another kind: the option alone
      turn.value = value(*first, seat);
      out.push_back(turn);
      continue;
    }
    // The ghost steps as after_turn plays them.
    const VsState* cur = play_on(first, seat, depth, turn, false);
    if (turn_over(*cur, seat)) {
      turn.value = value(*cur, seat);
      out.push_back(turn);
      continue;
    }
    const int m = legal_actions(*R_, *cur, opts);
    const int meeple_depth = depth;
    for (int j = 0; j < m; ++j) {
      VsState& u = scratch(meeple_depth);
      copy_position(u, *cur);
      apply(*R_, u, opts[j]);
      VsTurn t = turn;
      t.step[t.n++] = opts[j];
      int d = meeple_depth + 1;
      const VsState* end = play_on(&u, seat, d, t, true);  // upgrades and the wagon, as this agent plays them
      t.value = value(*end, seat);
      out.push_back(t);
    }
  }
}

int VsGreedyAgent::operator()(const VsState& s, const VsAction* options, int n) {
  const int seat = s.player;
  double best = -1e18;
  int picks[VS_MAX_ACTIONS];
  int n_best = 0;
  VsState& t = scratch(0);
  for (int i = 0; i < n; ++i) {
    copy_position(t, s);
    apply(*R_, t, options[i]);
    const double v = after_turn(t, seat, 1);
    if (v > best + 1e-9) {
      best = v;
      n_best = 0;
    }
    if (v > best - 1e-9) picks[n_best++] = i;
  }
  return picks[rng_.below(uint32_t(n_best))];
}

// ---- MCTS -------------------------------------------------------------------------------------------

VsMctsAgent::VsMctsAgent(const VsRules& rules, VsMctsConfig config, uint64_t seed)
    : R_(&rules), cfg_(config), rng_(seed), judge_(rules, stream_seed(seed, 1, 0), [&] {
        ExpertWeights w = config.weights;
        w.margin = config.macro > 0 ? config.rank_margin : config.objective != Objective::Own;
        return w;
      }()) {}

std::array<double, VS_MAX_PLAYERS> VsMctsAgent::values(const VsState& s, int root_seat) const {
  const auto base = totals(*R_, s);
  std::array<double, VS_MAX_PLAYERS> total{};
  for (int p = 0; p < R_->players; ++p) {
    total[size_t(p)] = base[size_t(p)];
    if (!cfg_.expert_leaf || is_over(s)) continue;
    total[size_t(p)] += hand_value(*R_, s, p, cfg_.weights);
  }
  std::array<double, VS_MAX_PLAYERS> v{};
  switch (cfg_.objective) {
    case Objective::Own:
      for (int p = 0; p < R_->players; ++p) v[size_t(p)] = total[size_t(p)] / cfg_.scale;
      break;
    case Objective::Margin:
      for (int p = 0; p < R_->players; ++p) v[size_t(p)] = margin_of(*R_, total, p) / cfg_.scale;
      break;
    case Objective::Paranoid: {
      const double m = margin_of(*R_, total, root_seat) / cfg_.scale;
      for (int p = 0; p < R_->players; ++p) v[size_t(p)] = p == root_seat ? m : -m;
      break;
    }
  }
  return v;
}

uint32_t VsMctsAgent::draw(uint32_t cur, VsState& s) {
  // A draw: a tile by its copies among the unseen ones; its child made on first sight. With
  // `chance_width`, a draw node keeps at most ceil(width * sqrt(visits + 1)) outcomes (double
  // progressive widening, Couetoux et al. 2011); once full, the draw is among its outcomes, by
  // their copies, so the tree reaches the next seats' decisions.
  int n_kids = 0, kid_copies = 0;
  for (uint32_t c = tree_[cur].first; c; c = tree_[c].next) ++n_kids, kid_copies += s.unseen[tree_[c].label];
  int type = 0;
  const bool full = cfg_.chance_width > 0 && kid_copies > 0 &&
                    n_kids >= int(std::ceil(cfg_.chance_width * std::sqrt(double(tree_[cur].visits) + 1.0)));
  if (full) {
    uint32_t k = rng_.below(uint32_t(kid_copies));
    for (uint32_t c = tree_[cur].first; c; c = tree_[c].next) {
      const uint32_t w = s.unseen[tree_[c].label];
      if (k < w) {
        type = int(tree_[c].label);
        break;
      }
      k -= w;
    }
  } else {
    uint32_t k = rng_.below(uint32_t(s.left));
    while (k >= s.unseen[size_t(type)]) k -= s.unseen[size_t(type)], ++type;
  }
  apply_draw(*R_, s, type);
  uint32_t c = tree_[cur].first;
  while (c && tree_[c].label != uint32_t(type)) c = tree_[c].next;
  if (!c) {
    Node nd;
    nd.label = uint32_t(type);
    nd.next = tree_[cur].first;
    tree_.push_back(nd);
    c = tree_[cur].first = uint32_t(tree_.size() - 1);
  }
  return c;
}

uint32_t VsMctsAgent::select(uint32_t cur, int mover, int width) const {
  // UCT by the mover's component (plus the progressive bias of a turn's prior); an unvisited
  // child first (the first in order).
  const double log_n = std::log(double(tree_[cur].visits) + 1.0);
  uint32_t best = 0;
  double best_v = -1e300;
  int seen = 0;
  for (uint32_t c = tree_[cur].first; c && seen < width; c = tree_[c].next, ++seen) {
    const Node& nd = tree_[c];
    if (nd.visits == 0) return c;
    const double v = nd.sum[size_t(mover)] / double(nd.visits) + cfg_.c * std::sqrt(log_n / double(nd.visits)) +
                     cfg_.bias * nd.prior / double(nd.visits + 1);
    if (v > best_v) best_v = v, best = c;
  }
  return best;
}

void VsMctsAgent::backup(const std::vector<uint32_t>& path, const std::array<double, VS_MAX_PLAYERS>& v) {
  for (uint32_t x : path) {
    Node& nd = tree_[x];
    ++nd.visits;
    for (int p = 0; p < R_->players; ++p) nd.sum[size_t(p)] += float(v[size_t(p)]);
  }
  ++playouts_;
}

void VsMctsAgent::chip(VsState& s) {
  const uint32_t n = s.chips_unseen[0] + s.chips_unseen[1];
  apply_chip(*R_, s, rng_.below(n) < s.chips_unseen[0] ? 1 : 2);
}

void VsMctsAgent::rollout(VsState& s) {
  if (cfg_.rollout_turns == 0) return;
  VsAction opts[VS_MAX_ACTIONS];
  const int stop = cfg_.rollout_turns >= 0 ? s.turn + cfg_.rollout_turns : 1 << 30;
  while (!is_over(s) && !(is_chance(s) && s.turn >= stop)) {
    if (s.phase == VsPhase::ChipValue) {
      chip(s);
      continue;
    }
    if (is_chance(s)) {
      uint32_t k = rng_.below(uint32_t(s.left));
      int type = 0;
      while (k >= s.unseen[size_t(type)]) k -= s.unseen[size_t(type)], ++type;
      apply_draw(*R_, s, type);
      continue;
    }
    const int m = legal_actions(*R_, s, opts);
    apply(*R_, s, opts[m > 1 ? rng_.below(uint32_t(m)) : 0]);
  }
}

// Playouts from `root` into the tree: down the tree (draws by draw(), decisions by select()),
// one new node judged (after the rollout, if any), the values backed up. `macro`: the decision
// nodes' children are turns (expand_turns), else single decisions in the order of the options.
void VsMctsAgent::playouts(const VsState& root, bool macro) {
  const int root_seat = root.player;
  std::vector<uint32_t> path;
  VsAction opts[VS_MAX_ACTIONS];
  VsState& s = play_[0];
  for (int it = 0; it < cfg_.playouts; ++it) {
    copy_position(s, root);
    uint32_t cur = 0;
    path.assign(1, 0);
    for (;;) {
      if (is_over(s)) break;
      if (s.phase == VsPhase::ChipValue) {  // M3.1: sampled by the odds, no node of its own
        chip(s);
        continue;
      }
      if (is_chance(s)) {
        cur = draw(cur, s);
        path.push_back(cur);
        continue;
      }
      if (!tree_[cur].expanded && macro) expand_turns(cur, s);
      if (!tree_[cur].expanded) {
        const int m = legal_actions(*R_, s, opts);
        for (int i = m - 1; i >= 0; --i) {
          Node nd;
          nd.label = opts[i].bits;
          nd.next = tree_[cur].first;
          tree_.push_back(nd);
          tree_[cur].first = uint32_t(tree_.size() - 1);
        }
        tree_[cur].expanded = true;
      }
      // Turns: the best is tried first; below the root, `widen` limits the turns in play.
      const int width = !macro || cur == 0 || cfg_.widen <= 0
                            ? 1 << 30
                            : std::max(1, int(std::ceil(cfg_.widen * std::sqrt(double(tree_[cur].visits) + 1.0))));
      const uint32_t best = select(cur, s.player, width);
      const bool fresh = tree_[best].visits == 0;
      if (macro) {
        // A turn's steps; a chip turned up on the way may leave a later step illegal (another
        // upgrade): the turn stops there and the tree goes on from the position it reached.
        const VsTurn& turn = turns_[tree_[best].label];
        for (int k = 0; k < turn.n; ++k) {
          if (s.phase == VsPhase::ChipValue) chip(s);
          if (k > 0 && R_->on_map) {
            const int m = legal_actions(*R_, s, opts);
            if (std::find(opts, opts + m, turn.step[size_t(k)]) == opts + m) break;
          }
          apply(*R_, s, turn.step[size_t(k)]);
        }
      } else {
        apply(*R_, s, VsAction{tree_[best].label});
      }
      cur = best;
      path.push_back(cur);
      if (fresh) break;
    }
    rollout(s);
    backup(path, values(s, root_seat));
  }
}

int VsMctsAgent::operator()(const VsState& root, const VsAction* options, int n) {
  if (n < 2) return 0;
  if (cfg_.macro > 0) {
    if (root.phase == VsPhase::Place || root.phase == VsPhase::AbbeyChoice) return macro_search(root, options, n);
    // A ghost, meeple, upgrade or wagon step of the turn being played: the planned step.
    if (plan_turn_ == int(root.n_tiles) && plan_seat_ == int(root.player))
      for (int k = plan_next_; k < plan_.n; ++k)
        for (int i = 0; i < n; ++i)
          if (options[i] == plan_.step[size_t(k)]) {
            plan_next_ = k + 1;
            return i;
          }
    return judge_(root, options, n);
  }
  tree_.clear();
  tree_.reserve(size_t(cfg_.playouts) * 8 + 64);
  tree_.push_back(Node{});
  // The root's children in the order of `options`; with `prune`, only the placements the expert's
  // turn search values most.
  std::vector<int> kept;
  if (cfg_.prune > 0 && root.phase == VsPhase::Place && n > cfg_.prune) {
    std::vector<std::pair<double, int>> ranked;
    for (int i = 0; i < n; ++i) ranked.emplace_back(-judge_.turn_value(root, options[i]), i);
    std::stable_sort(ranked.begin(), ranked.end());
    for (int k = 0; k < cfg_.prune; ++k) kept.push_back(ranked[size_t(k)].second);
    std::sort(kept.begin(), kept.end());
  } else {
    for (int i = 0; i < n; ++i) kept.push_back(i);
  }
  tree_[0].expanded = true;
  for (size_t k = kept.size(); k-- > 0;) {
    Node c;
    c.label = options[kept[k]].bits;
    c.next = tree_[0].first;
    tree_.push_back(c);
    tree_[0].first = uint32_t(tree_.size() - 1);
  }
  playouts(root, false);
  // The most visited option (ties to the first).
  int pick = kept.front(), i = 0;
  uint32_t most = 0;
  for (uint32_t c = tree_[0].first; c; c = tree_[c].next, ++i)
    if (tree_[c].visits > most) most = tree_[c].visits, pick = kept[size_t(i)];
  return pick;
}

void VsMctsAgent::expand_turns(uint32_t node, const VsState& s) {
  judge_.turns(s, scratch_turns_);
  std::vector<VsTurn>& all = scratch_turns_;
  // The best `macro` turns, best first; equal values keep the order of the options.
  const size_t k = std::min(all.size(), size_t(cfg_.macro));
  std::stable_sort(all.begin(), all.end(), [](const VsTurn& a, const VsTurn& b) { return a.value > b.value; });
  const double top = all.empty() ? 0 : all.front().value;
  for (size_t i = k; i-- > 0;) {
    Node nd;
    nd.label = uint32_t(turns_.size());
    nd.prior = float((all[i].value - top) / cfg_.scale);
    turns_.push_back(all[i]);
    nd.next = tree_[node].first;
    tree_.push_back(nd);
    tree_[node].first = uint32_t(tree_.size() - 1);
  }
  tree_[node].expanded = true;
}

// The search over whole turns (`macro`): every decision node is a placement decision whose
// children are turns; a playout applies a child's every step.
int VsMctsAgent::macro_search(const VsState& root, const VsAction* options, int n) {
  tree_.clear();
  turns_.clear();
  tree_.reserve(size_t(cfg_.playouts) * 4 + 64);
  tree_.push_back(Node{});
  expand_turns(0, root);
  if (tree_[0].first && tree_[tree_[0].first].next) playouts(root, true);
  // The most visited turn (ties to the better prior, which comes first).
  uint32_t pick = tree_[0].first, most = 0;
  for (uint32_t c = tree_[0].first; c; c = tree_[c].next)
    if (tree_[c].visits > most) most = tree_[c].visits, pick = c;
  plan_ = turns_[tree_[pick].label];
  plan_next_ = 1;
  VsState& after = play_[0];  // the tiles on the board once the turn's first step is played
  copy_position(after, root);
  apply(*R_, after, plan_.step[0]);
  plan_turn_ = int(after.n_tiles);
  plan_seat_ = root.player;
  for (int i = 0; i < n; ++i)
    if (options[i] == plan_.step[0]) return i;
  return 0;  // unreachable: the turn's placement is one of the options
}

}  // namespace mists::vs
