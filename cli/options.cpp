#include "cli/options.h"


#include <algorithm>
#include <limits>
#include <set>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/agents/params.h"
#include "cli/games.h"
#include "engine/kit/number.h"

namespace mists::cli {

namespace {
std::string g_command_line;
}

void set_command_line(int argc, char** argv) {
  g_command_line.clear();
  for (int i = 0; i < argc; ++i) {
    std::string a = i == 0 ? std::string("mists") : std::string(argv[i]);
    const bool plain = !a.empty() && a.find_first_of(" \t'\"\\$;&|<>()*?`") == std::string::npos;
    if (!plain) {
      std::string q = "'";
      for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      a = q + "'";
    }
    g_command_line += (i ? " " : "") + a;
  }
}

const std::string& command_line() { return g_command_line; }

// "did you mean ...?" for the first unknown flag (or, before any command, the unknown command)
// that lies within two edits of a known one; empty when none does.
std::string near_miss_hint(const CLI::App* app) {
  const CLI::App* sub = nullptr;
  for (const CLI::App* s : app->get_subcommands()) sub = s;  // the command that was being parsed
  const CLI::App* where = sub ? sub : app;
  for (const std::string& word : where->remaining()) {
    std::vector<std::string> names;
    if (word.starts_with("--")) {
      for (const CLI::Option* o : where->get_options())
        for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
    } else if (!sub && !word.starts_with("-")) {
      for (const CLI::App* c : app->get_subcommands([](const CLI::App*) { return true; })) names.push_back(c->get_name());
    }
    if (const std::string m = near_miss(word, names); !m.empty())
      return "did you mean " + m + " (not " + word + ")?";
  }
  return "";
}

void refuse_switch_values(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* at = &app;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") return;
    if (!a.starts_with("-")) {
      for (const CLI::App* c : at->get_subcommands([](const CLI::App*) { return true; }))
        if (c->get_name() == a) {
          at = c;
          break;
        }
      continue;
    }
    const size_t eq = a.find('=');
    if (!a.starts_with("--") || eq == std::string::npos) continue;
    const std::string name = a.substr(0, eq);
    for (const CLI::App* scope = at; scope; scope = scope->get_parent()) {
      const CLI::Option* o = scope->get_option_no_throw(name);
      if (!o) continue;
      if (o->get_items_expected_max() == 0) throw UsageError(name + " is a switch: it takes no value (give " + name + " alone, not " + a + ")");
      break;
    }
  }
}

std::string usage_failure(const CLI::App* app, const CLI::Error& e) {
  std::string text = CLI::FailureMessage::simple(app, e);
  if (const std::string hint = near_miss_hint(app); !hint.empty()) {
    const size_t line_end = text.find('\n');
    text.insert(line_end == std::string::npos ? text.size() : line_end + 1, hint + "\n");
  }
  // A single-valued flag given twice: CLI11 says "--goal: At Most 1 required but received 2".
  const std::string at_most = ": At Most 1 required but received ";
  if (const size_t at = text.find(at_most); at != std::string::npos) {
    const size_t count = at + at_most.size(), end = text.find('\n', count);
    text.replace(at, end - at, ": given " + text.substr(count, end - count) + " times; it takes one value");
  }
  // A switch given a value (--records=2): CLI11 says "records was given a disallowed flag override".
  const std::string override_text = " was given a disallowed flag override";
  if (const size_t at = text.find(override_text); at != std::string::npos) {
    const std::string name = text.substr(0, at);
    text.replace(0, at + override_text.size(), "--" + name + " is a switch: it takes no value (give --" + name + " alone)");
  }
  return "mists: error: " + text;
}

namespace {

// A parser's message, with the option's range added when the parser did not end with it ("'12abc'
// is not a whole number" gets "(allowed: 1..6)"; "9 is out of range 1..6" stays).
std::string with_range(const std::string& what, const std::string& range) {
  return what.ends_with(range) ? what : what + " (allowed: " + range + ")";
}

std::string real_range_text(double lo, double hi) {
  std::ostringstream os;
  os << lo << ".." << hi;
  return os.str();
}

}  // namespace

CLI::Validator whole_in(long long lo, long long hi) {
  const std::string range = range_text(lo, hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) {
        try {
          text = std::to_string(parse_integer(text, lo, hi));  // "010" -> "10": decimal for CLI11 too
          return std::string();
        } catch (const NumberError& e) {
          return with_range(e.what(), range);
        }
      },
      range, "whole_in");
}

CLI::Validator unsigned_in(uint64_t lo, uint64_t hi) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) {
        try {
          const uint64_t v = parse_u64(text);
          if (v < lo || v > hi) return text + " is out of range " + range;
          text = std::to_string(v);
          return std::string();
        } catch (const NumberError&) {  // a sign, junk or too large: the range says it all
          return "'" + text + "' is not a whole number in " + range;
        }
      },
      range, "unsigned_in");
}

CLI::Validator real_in(double lo, double hi) {
  const std::string range = real_range_text(lo, hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) {
        try {
          parse_real(text, lo, hi);  // the text stays: CLI11 converts it as before
          return std::string();
        } catch (const NumberError& e) {
          return with_range(e.what(), range);
        }
      },
      range, "real_in");
}

CLI::Option* add_threads(CLI::App& cmd, int& threads, const std::string& help) {
  return add_number(cmd, "--threads", threads, 0, MAX_THREADS, help)->capture_default_str();
}

CLI::Option* add_seed(CLI::App& cmd, const std::string& name, uint64_t& seed, const std::string& help) {
  return add_number(cmd, name, seed, uint64_t(0), std::numeric_limits<uint64_t>::max(), help)->capture_default_str();
}

CLI::Validator no_empty_items(const std::string& seps) {
  return CLI::Validator(
      [seps](std::string& text) {
        if (text.empty()) return std::string("an empty value: give at least one item");
        for (size_t at = 0;;) {
          const size_t cut = std::min(text.find_first_of(seps, at), text.size());
          if (cut == at) return "an empty item in '" + text + "'";
          if (cut == text.size()) return std::string();
          at = cut + 1;
        }
      },
      "", "no_empty_items");
}

std::vector<std::pair<std::string, std::string>> switch_pairs(const std::vector<std::string>& items, const std::string& flag) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& s : items) {
    const size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError(flag + ": '" + s + "' is not name=value");
    std::string name = s.substr(0, eq);
    for (const auto& [k, v] : out)
      if (k == name) throw UsageError(flag + ": " + name + " is given twice (" + k + "=" + v + " and " + s + ")");
    out.emplace_back(std::move(name), s.substr(eq + 1));
  }
  return out;
}

// The help of --levers: every lever and its values (docs/rules.md section C).
std::string levers_help(bool list) {
  std::string h = list ? "Lever settings to compare, each played on the same deals, comma separated: none, or lever=value joined by +, e.g. "
                         "none,coop_abbeys=per_colour,coop_chips=on+coop_chip_points=choice"
                       : "Co-op levers (docs/rules.md C): none, or lever=value joined by +, e.g. coop_abbeys=team:2+coop_abbey_cost=burn";
  return h + ". Levers: coop_abbeys off|per_colour|team:N, coop_abbey_cost free|burn, coop_abbey_monk off|on, coop_wagon off|on, "
             "coop_mayor off|on, coop_tolls off|per_colour|team:N, coop_toll_tiles replace|add|none, coop_toll_mist allowed|forbidden, "
             "coop_toll_basis sights|misty_tiles, coop_toll_new collects|waits, coop_chips off|on, coop_chip_radius 5|2, coop_chip_points points|choice, "
             "coop_upgrade_effect majority_only|double_share (N 1-8)";
}

namespace {

// The range of the level override `name` (analysis/agents/game_options.h), the one study files use too.
const analysis::OverrideRange& override_range(std::string_view name) {
  for (const analysis::OverrideRange& r : analysis::OVERRIDE_RANGES)
    if (name == r.name) return r;
  throw std::logic_error("no override " + std::string(name));
}

}  // namespace

namespace {

// The groups game `game` reads: every game's (CLI11's default "Options"), and its own (its row's).
bool reads(const std::string& game, const std::string& group) { return game_named(game).reads(group); }

std::string game_of_group(const std::string& group) {
  if (group == COOP_GROUP) return "a co-op flag";
  if (group == GCC_GROUP) return "a flag of GCC alone (--game gcc)";
  return "a flag of the competitive games (--game base or gcc)";
}

}  // namespace

void set_group(CLI::App& cmd, const std::string& group, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    CLI::Option* o = cmd.get_option_no_throw(n);
    if (!o) throw std::logic_error("set_group: " + cmd.get_name() + " has no flag " + n);
    o->group(group.empty() ? "Options" : group);
  }
}

std::string flag_list(const CLI::App& cmd, const std::function<bool(const CLI::Option&)>& keep) {
  std::vector<std::string> names;
  for (const CLI::Option* o : cmd.get_options())
    if (!o->get_lnames().empty() && o->get_lnames().front() != "help" && keep(*o)) names.push_back("--" + o->get_lnames().front());
  std::string list;
  for (size_t i = 0; i < names.size(); ++i) list += (i ? i + 1 == names.size() ? " and " : ", " : "") + names[i];
  return list;
}

void refuse_other_games(const CLI::App& cmd, const std::string& game) {
  for (const CLI::Option* o : cmd.get_options()) {
    if (!o->count() || o->get_lnames().empty() || reads(game, o->get_group())) continue;
    const std::string takes = flag_list(cmd, [&](const CLI::Option& x) { return reads(game, x.get_group()); });
    throw UsageError("--" + o->get_lnames().front() + " is " + game_of_group(o->get_group()) + "; mists " + cmd.get_name() +
                     " --game " + game + " takes " + takes);
  }
}

void GameFlags::add(CLI::App& cmd, GameOptions& g, bool level_and_players, bool with_ghosts, bool one_lever_setting) {
  const size_t before = cmd.get_options().size();
  cmd.add_option("--catalog", g.catalog, "Tile catalog (TOML, docs/tiles.md)")->capture_default_str();
  cmd.add_option("--abbey-catalog", g.abbey_catalog, "Catalog holding the abbey tile, read with coop_abbeys")->capture_default_str();
  cmd.add_option("--toll-catalog", g.toll_catalog, "Catalog of the Tollkeepers tiles, read with coop_tolls (tiles replace or add)")
      ->capture_default_str();
  if (one_lever_setting) cmd.add_option("--levers", levers, levers_help(false))->check(no_empty_items("+"));
  cmd.add_option("--levels-dir", g.levels_dir, "Folder of the level files level1.toml .. level6.toml")->capture_default_str();
  if (level_and_players) {
    add_number(cmd, "--level", g.level, 1, 6, "Level 1-6")->capture_default_str();
    add_number(cmd, "--players", g.players, 1, max_players, max_players == 5 ? "Players 1-5" : "Players")->capture_default_str();
  }
  if (with_ghosts)
    cmd.add_option("--ghosts", ghosts, "Override the level's ghost total, start-tile ghosts included (3-250)")->check(no_empty_items(","));
  const auto& goal = override_range("goal");
  const auto& hound1 = override_range("hound1");
  const auto& hound2 = override_range("hound2");
  const auto& piles = override_range("piles");
  add_number(cmd, "--goal", g.goal, goal.lo, goal.hi, "Override the level's goal (per colour on level 6)");
  add_number(cmd, "--hound1", g.hound1, hound1.lo, hound1.hi, "Override hound 1's threshold (0 = no hound)");
  add_number(cmd, "--hound2", g.hound2, hound2.lo, hound2.hi, "Override hound 2's threshold (0 = no hound)");
  add_number(cmd, "--piles", g.piles, piles.lo, piles.hi, "Override the number of draw piles (1-3)");
  cmd.add_option("--joint-scoring", joint_scoring, "Rule switch R4.2: majority (default) or all_colours")
      ->check(CLI::IsMember({"majority", "all_colours"}));
  cmd.add_option("--unplaceable", unplaceable, "Rule switch R2.2: discard (default) or lose")->check(CLI::IsMember({"discard", "lose"}));
  cmd.add_option("--haunted-adjacency", haunted_adjacency, "Rule switch R7.3: eight (default) or four")
      ->check(CLI::IsMember({"eight", "four"}));
  cmd.add_option("--finish-ghosts", finish_ghosts,
                 "Rule switch R3.2: none (default: a tile that finishes a mist bank gets no ghosts) or other_areas")
      ->check(CLI::IsMember({"none", "other_areas"}));
  const std::vector<CLI::Option*> all = cmd.get_options();
  for (size_t i = before; i < all.size(); ++i) names.push_back(all[i]->get_name());
}

void GameFlags::apply(GameOptions& g) const {
  const std::pair<const char*, const std::string*> sw[] = {{"joint_scoring", &joint_scoring},
                                                           {"unplaceable", &unplaceable},
                                                           {"haunted_adjacency", &haunted_adjacency},
                                                           {"finish_ghosts", &finish_ghosts}};
  for (const auto& [key, value] : sw)
    if (!value->empty()) set_switch(g.switches, key, *value, "--" + std::string(key));
  if (!levers.empty()) g.levers = parse_levers(levers, "--levers");
  if (!ghosts.empty()) {
    const auto v = analysis::int_list(ghosts, "--ghosts");
    if (v.size() != 1) throw UsageError("--ghosts: this command plays one ghost total; a list is for analyze and compare");
    if (v[0] < 0 || v[0] > 250) throw UsageError("--ghosts " + std::to_string(v[0]) + " is out of range 0..250");
    g.ghosts = v[0];
  }
}

double parse_target(const std::string& text, const std::string& flag, double lo, double hi) {
  double v = 0;
  try {
    v = parse_real(text, -1e300, 1e300);
  } catch (const NumberError& e) {
    throw UsageError(flag + ": '" + text + "' is not a win rate (a fraction of games won, e.g. 0.25): " + e.what() + "; allowed: " +
                     analysis::format_number(lo) + ".." + analysis::format_number(hi));
  }
  if (v > 1 && v <= 100)
    throw UsageError(flag + " " + text + ": a target is a fraction of games won, 0 to 1, in every command: did you mean " +
                     analysis::format_number(v / 100) + "?");
  if (!(v >= lo && v <= hi))
    throw UsageError(flag + " " + text + ": a target win rate is a fraction in " + analysis::format_number(lo) + ".." + analysis::format_number(hi));
  return v;
}

CLI::Option* add_target(CLI::App& cmd, const std::string& name, double& target, const std::string& help, double lo, double hi) {
  return cmd.add_option_function<std::string>(
      name, [&target, name, lo, hi](const std::string& v) { target = parse_target(v, name, lo, hi); }, help);
}

void StudyFlags::add(CLI::App& cmd, int default_games, bool default_study) {
  cmd.add_option("--game", kind,
                 "coop: the co-op levels (the default). base or gcc: the competitive games (the base game, Ghosts, "
                 "Castles & Cemeteries): the round robin of competitive agents with seat rotation that mists versus plays "
                 "(the same tournament, folder and report.md), from the flags every game reads and the competitive "
                 "games' group below; see mists versus --help")
      ->capture_default_str()->check(CLI::IsMember(game_names()));
  games = default_games;
  game_flags.add(cmd, game, false, false, false);
  versus.add_game_flags(cmd);  // after the co-op catalogs, so that --abbey-catalog and --toll-catalog set both
  cmd.add_option("--levers", levers, levers_help(true))->check(no_empty_items(",+"));
  cmd.add_option("--config", config, "A study file (TOML, docs/analysis.md) instead of the cell options below");
  cmd.add_option("--levels", levels, "Levels, e.g. 1-6 or 1,3,6")->check(no_empty_items(","));
  const TournamentFlags vs_defaults;  // what --game base|gcc plays when a shared flag is not given
  cmd.add_option("--players", players, "Player counts, e.g. 1-5 or 2 (--game base|gcc: one count, 2-" + std::to_string(vs::VS_MAX_PLAYERS) +
                                           ", default " + std::to_string(vs_defaults.cfg.players) + ")")
      ->check(no_empty_items(","));
  cmd.add_option("--agents,--agent", agents,
                 "Agents, e.g. expert,mcts:playouts=1000,solver (random, greedy, expert, mcts, clairvoyant, planner, td, solver; `mists agents`); "
                 "--game base|gcc: two or more competitive agents, as in mists versus (default " + vs_defaults.agents + ")")
      ->check(no_empty_items(",;"));
  cmd.add_option("--ghost-deltas", deltas, "Ghost totals relative to each level's official one, e.g. -3..3")->check(no_empty_items(","));
  cmd.add_option("--ghosts", ghosts, "Absolute ghost totals, e.g. 12,15 or 13 (instead of --ghost-deltas)")->check(no_empty_items(","));
  add_number(cmd, "--games", games, 1, 100000000, std::string(default_study ? "Games per cell (the default study: per cell of the casual player, the expert)" : "Games per cell") +
                 "; --game base|gcc: games a pair of agents, even (default " + std::to_string(vs_defaults.cfg.games) + ")")
      ->capture_default_str();
  if (default_study)
    add_number(cmd, "--bound-games", bound_games, 1, 100000000, "Default study: games per cell of the strongest fair agent (the first table and the budget sweep) and of the foresight agents (the luck table)")->capture_default_str();
  add_number(cmd, "--precision", precision, 0.0, 0.5, "Stop a cell (--game base|gcc: a pair of agents) once its 95% interval half-width is below this (e.g. 0.01)");
  add_number(cmd, "--min-games", min_games, 1, 100000000, "With --precision: games before a cell may stop")->capture_default_str();
  add_target(cmd, "--target", target,
             "The win rate the report's ghost-budget fit gives the ghost total for, a fraction (default 0.5)", 0.001, 0.999);
  add_number(cmd, "--chunk", chunk, 1, 100000, "Games per saved chunk (--game base|gcc: even)")->capture_default_str();
  add_threads(cmd, threads, "Worker threads (0 = all cores); results do not depend on it");
  add_seed(cmd, "--seed", seed, "Run seed");
  add_number(cmd, "--playouts", playouts, 1, 10000000, "Search default: MCTS playouts per decision (mcts, clairvoyant)");
  add_number(cmd, "--c", c, 0.0, 100.0, "Search default: MCTS exploration constant");
  cmd.add_option("--rollout", rollout, "Search default: MCTS leaf judgement")->check(CLI::IsMember({"none", "turn", "random", "greedy"}));
  cmd.add_option("--out", out,
                 "Output folder, relative to the working directory (default results/<kind>-<UTC time>); one run at a time: "
                 "a run on a folder another run holds is refused (exit 1)");
  cmd.add_option("--resume", resume,
                 "Finish a killed study in this folder (its study.json decides everything but --threads; a tournament's "
                 "tournament.json, its game too); refused (exit 1) "
                 "while another run holds the folder");
  cmd.add_option("--shard", shard, "Play only slice K of N of the study's chunks, e.g. 2/4 (combine with mists merge)");
  cmd.add_option("--title", title, "Report title");
  cmd.add_flag("--trace", trace, "Also write traces.csv (a row per turn of every game) and the trajectory plot");
  cmd.add_flag("--records", records, "Also write the record of every won game into OUT/records/ (for the solver: each winning "
                                      "line; --game base|gcc: of every game)");
  cmd.add_flag("--verbose,-v", verbose, "Print each cell's result as it finishes");
  cmd.add_flag("--quiet,-q", quiet, "No progress output");
  // What the co-op study alone reads (refuse_other_games refuses it with --game base|gcc); the
  // catalogs of the levers are the competitive modules' too.
  std::vector<std::string> coop_only;
  for (const std::string& n : game_flags.names)
    if (n != "--abbey-catalog" && n != "--toll-catalog") coop_only.push_back(n);
  for (const char* n : {"--levers", "--config", "--levels", "--ghost-deltas", "--ghosts", "--target", "--playouts", "--c",
                        "--rollout", "--title", "--trace", "--verbose"})
    coop_only.push_back(n);
  if (default_study) coop_only.push_back("--bound-games");
  set_group(cmd, COOP_GROUP, coop_only);
}

std::string StudyFlags::game_played(const CLI::App& cmd) const {
  if (resume.empty() || !analysis::holds_tournament(resume)) {
    if (!resume.empty() && game_named(kind).tournament)
      throw UsageError("--resume " + resume + ": --game " + kind + " resumes a tournament, and " + resume +
                       " holds none (no tournament.json; a co-op study resumes without --game)");
    return kind;
  }
  const std::string held = analysis::tournament_game(resume);
  if (cmd.count("--game") && kind != held)
    throw UsageError("--game " + kind + ": " + resume + " holds a tournament of --game " + held + " (the folder decides; drop --game)");
  return held;
}

TournamentFlags StudyFlags::tournament(const CLI::App& cmd, const std::string& played) const {
  refuse_other_games(cmd, played);
  TournamentFlags t = versus;  // the competitive games' own flags, as given
  t.cfg.game = played;
  if (cmd.count("--players")) {
    const std::vector<int> counts = analysis::int_list(players, "--players");
    if (counts.size() != 1 || counts[0] < 2 || counts[0] > vs::VS_MAX_PLAYERS)
      throw UsageError("--players " + players + ": a tournament of --game " + played + " plays one player count, 2 to " +
                       std::to_string(vs::VS_MAX_PLAYERS) + " (one tournament a count)");
    t.cfg.players = counts[0];
  }
  if (cmd.count("--agents")) t.agents = agents;
  if (cmd.count("--games")) t.cfg.games = games;
  if (cmd.count("--chunk")) t.cfg.chunk = chunk;
  if (cmd.count("--precision")) t.cfg.precision = precision;
  if (cmd.count("--min-games")) t.cfg.min_games = min_games;
  t.seed = seed, t.threads = threads;
  t.out = out, t.resume = resume, t.shard = shard;
  t.quiet = quiet, t.records = records;
  return t;
}

void StudyFlags::check_given(const CLI::App& cmd) const {
  if (resume.empty() && config.empty()) return;
  // A resumed study takes everything from its study.json but how many threads play and what is
  // printed; a study file cannot say where the study goes, how it runs, what it prints and the
  // extras it writes.
  static const std::set<std::string> with_resume = {"--resume", "--threads", "--verbose", "--quiet", "--help"};
  static const std::set<std::string> with_config = {"--config", "--out",  "--threads", "--title",   "--trace", "--records",
                                                    "--verbose", "--quiet", "--shard",   "--help",    "--game"};
  const std::set<std::string>& allowed = resume.empty() ? with_config : with_resume;
  for (const CLI::Option* o : cmd.get_options()) {
    const std::string name = o->get_name();
    if (o->count() == 0 || allowed.count(name)) continue;
    if (!resume.empty())
      throw UsageError("--resume takes the whole study from its study.json; " + name +
                       " would change it (start a new study with --out, or drop " + name + ")");
    throw UsageError("--config: the study file decides " + name +
                     " (its default when the file does not set it); set it in the file, or drop " + name);
  }
}

analysis::StudyConfig StudyFlags::study(bool default_cells, const std::string& default_title) const {
  analysis::StudyConfig cfg;
  if (!config.empty()) {
    cfg = analysis::study_from_toml(config);  // check_given has refused every flag the file decides
  } else {
    const bool cell_flags = !(levels.empty() && players.empty() && agents.empty() && deltas.empty() && ghosts.empty() && levers.empty());
    GameOptions g = game;
    game_flags.apply(g);
    analysis::StudyRequest r;  // the same reading as mists.study's (analysis/study/study_config.h)
    r.game = g;
    r.default_study = !cell_flags && default_cells;
    r.bound_games = bound_games;
    r.levels = levels.empty() ? std::vector<int>{} : analysis::int_list(levels, "--levels");
    r.players = players.empty() ? std::vector<int>{} : analysis::int_list(players, "--players");
    if (!agents.empty()) {
      r.agents = analysis::agent_list(agents);
      if (r.agents.empty()) throw UsageError("--agents: '" + agents + "' names no agent");
    }
    if (!deltas.empty()) r.ghost_deltas = analysis::int_list(deltas, "--ghost-deltas");
    if (!ghosts.empty()) r.ghosts = analysis::int_list(ghosts, "--ghosts");
    if (!levers.empty()) r.levers = analysis::lever_list(levers, "--levers");
    r.games = games, r.seed = seed, r.precision = precision, r.min_games = min_games, r.chunk = chunk, r.target = target;
    if (playouts > 0) r.playouts = playouts;
    if (c >= 0) r.c = c;
    r.rollout = rollout;
    cfg = analysis::study_request_config(r);
    if (!default_title.empty() && !default_cells) cfg.title = default_title;
  }
  if (!title.empty()) cfg.title = title;
  if (trace) cfg.trace = true;
  if (records) cfg.records = true;
  cfg.threads = threads;
  if (!shard.empty()) {
    try {
      analysis::parse_shard(shard, cfg);
    } catch (const NumberError& e) {
      throw UsageError("--shard: '" + shard + "' is not K/N with 1 <= K <= N (" + e.what() + ")");
    }
  }
  return cfg;
}

}  // namespace mists::cli
