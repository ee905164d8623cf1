#include "cli/games.h"

namespace mists::cli {

bool CliGame::reads(const std::string& group) const {
  if (group != COOP_GROUP && group != VS_GROUP && group != GCC_GROUP) return true;  // every game's flags
  for (const char* g : groups)
    if (g && group == g) return true;
  return false;
}

const std::vector<const CliGame*>& cli_games() {
  static const std::vector<const CliGame*> games = {&COOP_GAME, &BASE_GAME, &GCC_GAME};
  return games;
}

const CliGame* find_game(const std::string& name) {
  for (const CliGame* g : cli_games())
    if (name == g->name) return g;
  return nullptr;
}

std::vector<std::string> game_names(bool coop) {
  std::vector<std::string> names;
  for (const CliGame* g : cli_games())
    if (coop || g != &COOP_GAME) names.push_back(g->name);
  return names;
}

std::string game_name_list(bool coop) {
  const std::vector<std::string> names = game_names(coop);
  std::string list;
  for (size_t i = 0; i < names.size(); ++i) list += (i ? i + 1 == names.size() ? " or " : ", " : "") + names[i];
  return list;
}

const CliGame& game_named(const std::string& name, const std::string& flag) {
  if (const CliGame* g = find_game(name)) return *g;
  throw UsageError(flag + " " + name + ": the game is " + game_name_list());
}

const CliGame& record_game(const std::string& text) {
  for (const CliGame* g : cli_games())
    if (g != &COOP_GAME && g->holds(text)) return *g;
  return COOP_GAME;
}

}  // namespace mists::cli
