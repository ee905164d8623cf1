#include "serve/table.h"

#include <cmath>

#include "analysis/pages/versus_svg.h"
#include "engine/versus/record.h"
#include "serve/coop_table.h"
#include "serve/vs_table.h"

namespace mists::serve {

using nlohmann::json;

json mark_json(const analysis::ReviewMark& m, const std::string& played_words, const std::string& best_words) {
  auto number = [](double x) { return std::isnan(x) ? json() : json(x); };
  return {{"step", m.step}, {"turn", m.turn}, {"player", m.seat}, {"played", m.played}, {"played_words", played_words},
          {"best", m.best}, {"best_words", best_words}, {"played_value", number(m.played_value)}, {"best_value", number(m.best_value)},
          {"cost", number(m.cost())}, {"margin", m.margin}, {"games", m.repeats}, {"verdict", analysis::verdict_name(m.verdict)}};
}

json player_reviews_json(const std::vector<analysis::PlayerReview>& players, double points) {
  json out = json::array();
  for (const analysis::PlayerReview& p : players)
    out.push_back({{"label", p.label}, {"decisions", p.decisions}, {"agrees", p.verdicts[int(analysis::ReviewVerdict::Agrees)]},
                   {"as_good", p.verdicts[int(analysis::ReviewVerdict::AsGood)]}, {"noise", p.verdicts[int(analysis::ReviewVerdict::Noise)]},
                   {"costly", p.verdicts[int(analysis::ReviewVerdict::Costly)]}, {"costly_points", points * p.costly_sum},
                   {"worst_step", p.worst ? json(p.worst->step) : json()}});
  return out;
}

json draw_choice_json(const TileSpec* spec, const std::string& id, int left) {
  return {{"id", id}, {"left", left}, {"svg", spec ? analysis::tile_design_svg(*spec, 0, 56) : ""}};
}

void set_drawn(json& view, const TileSpec* spec, const std::string& id) {
  view["drawn"] = id;
  view["drawn_svg"] = spec ? analysis::tile_design_svg(*spec, 0, 80) : "";
}

std::unique_ptr<Table> table_from_record(const std::string& text) {
  if (vs::is_vs_record(text)) return std::make_unique<VsTable>(VsTable::from_record(text));
  return std::make_unique<CoopTable>(CoopTable::from_record(text));
}

}  // namespace mists::serve
