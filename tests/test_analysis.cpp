// The analyzer layer: interval and test statistics against known values, the study outputs
// (games.csv, cells.csv, cells.json) against games counted by hand, kill-and-resume, shards and
// merge, every bad argument's error message, and precision stopping.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "analysis_helpers.h"
#include "analysis/agents/agents.h"
#include "analysis/run/stats.h"
#include "analysis/study/provenance.h"
#include "analysis/study/study.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Wilson interval recomputed here from the formula (not from analysis::wilson).
std::pair<double, double> wilson_by_hand(long long k, long long n) {
  const double z = 1.959963984540054, p = double(k) / double(n), nn = double(n);
  const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
  const double margin = z / (1 + z * z / nn) * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
  return {std::max(0.0, centre - margin), std::min(1.0, centre + margin)};
}

// Quantile by linear interpolation between order statistics, recomputed here.
double quantile_by_hand(std::vector<int> v, double q) {
  std::sort(v.begin(), v.end());
  const double h = q * double(v.size() - 1);
  const auto lo = size_t(std::floor(h)), hi = size_t(std::ceil(h));
  return v[lo] + (h - double(lo)) * (v[hi] - v[lo]);
}

double num(const std::string& s) { return std::stod(s); }

// Chunk files of a study folder (final names only), with their modification times.
std::map<std::string, fs::file_time_type> chunk_files(const std::string& dir) {
  std::map<std::string, fs::file_time_type> out;
  if (!fs::exists(dir + "/chunks")) return out;
  for (const auto& e : fs::directory_iterator(dir + "/chunks"))
    if (e.path().extension() == ".csv") out[e.path().filename().string()] = e.last_write_time();
  return out;
}

// The study that the resume and shard tests reproduce: 2 cells x 20 MCTS games in chunks of 4.
std::vector<std::string> resume_study_args() {
  return {"analyze", "--levels", "1,3", "--players", "2", "--agents", "mcts:playouts=40", "--games", "20",
          "--chunk", "4", "--seed", "3", "-q"};
}
constexpr int RESUME_STUDY_CHUNKS = 10;

// That study played once, to completion, on one thread (computed on first use).
const ah::TempDir& reference_study() {
  static ah::TempDir logs("reference-logs");
  static ah::TempDir dir("reference");
  static bool done = false;
  if (!done) {
    auto args = resume_study_args();
    args.insert(args.end(), {"--threads", "1", "--out", dir.sub("A")});
    const auto r = ah::run_cli(args, logs);
    REQUIRE_MESSAGE(r.status == 0, r.err);
    done = true;
  }
  return dir;
}

// Runs the binary expecting a usage error: non-zero exit, no crash, and an error line holding
// every one of `needles`.
void expect_error(const std::vector<std::string>& args, const std::vector<std::string>& needles, const ah::TempDir& logs) {
  const auto r = ah::run_cli(args, logs);
  INFO("mists " << ah::join(args));
  INFO("stderr: " << r.err);
  CHECK(r.status != 0);
  CHECK(r.status < 128);  // an error, not a crash
  CHECK(r.err.find("error") != std::string::npos);
  for (const auto& n : needles) {
    INFO("expected in the message: " << n);
    CHECK(r.err.find(n) != std::string::npos);
  }
}

}  // namespace

// =============================================================================================
// Statistics
// =============================================================================================

TEST_CASE("analysis: Wilson intervals against known values") {
  struct Known {
    long long k, n;
    double lo, hi;
  };
  // Checked by hand from Wilson's formula with z = 1.959964.
  for (const Known& c : {Known{0, 10, 0.0, 0.2775}, Known{5, 10, 0.2366, 0.7634}, Known{81, 263, 0.2553, 0.3662},
                         Known{10, 10, 0.7225, 1.0}, Known{0, 1, 0.0, 0.7935}, Known{1, 1, 0.2065, 1.0}}) {
    CAPTURE(c.k);
    CAPTURE(c.n);
    const analysis::Interval ci = analysis::wilson(c.k, c.n);
    CHECK(std::fabs(ci.lo - c.lo) < 5e-5);
    CHECK(std::fabs(ci.hi - c.hi) < 5e-5);
    const auto [lo, hi] = wilson_by_hand(c.k, c.n);
    CHECK(std::fabs(ci.lo - lo) < 1e-12);
    CHECK(std::fabs(ci.hi - hi) < 1e-12);
    CHECK(ci.half_width() == doctest::Approx((c.hi - c.lo) / 2).epsilon(1e-3));
  }
  // Symmetry: k of n and n-k of n mirror each other.
  for (long long k = 0; k <= 17; ++k) {
    const analysis::Interval a = analysis::wilson(k, 17), b = analysis::wilson(17 - k, 17);
    CHECK(std::fabs(a.lo - (1 - b.hi)) < 1e-12);
    CHECK(std::fabs(a.hi - (1 - b.lo)) < 1e-12);
    CHECK(a.lo <= double(k) / 17);
    CHECK(a.hi >= double(k) / 17);
  }
  // No games: the whole range.
  CHECK(analysis::wilson(0, 0).lo == 0);
  CHECK(analysis::wilson(0, 0).hi == 1);
}

TEST_CASE("analysis: quantile, binomial test, paired comparison") {
  SUBCASE("quantile interpolates between order statistics") {
    CHECK(analysis::quantile({4, 1, 3, 2}, 0.0) == 1);
    CHECK(analysis::quantile({4, 1, 3, 2}, 0.25) == doctest::Approx(1.75));
    CHECK(analysis::quantile({4, 1, 3, 2}, 0.5) == doctest::Approx(2.5));
    CHECK(analysis::quantile({4, 1, 3, 2}, 0.75) == doctest::Approx(3.25));
    CHECK(analysis::quantile({4, 1, 3, 2}, 1.0) == 4);
    CHECK(analysis::quantile({7}, 0.3) == 7);
    CHECK(analysis::quantile({10, 0, 10, 0, 5}, 0.5) == 5);
    CHECK(analysis::quantile({}, 0.5) == 0);
    const std::vector<int> v = {12, 3, 40, 40, 7, 0, 25, 18, 9};
    for (double q : {0.1, 0.25, 0.5, 0.75, 0.9}) CHECK(analysis::quantile(std::vector<double>(v.begin(), v.end()), q) == doctest::Approx(quantile_by_hand(v, q)));
  }
  SUBCASE("exact two-sided binomial test with p = 1/2") {
    CHECK(analysis::binomial_two_sided(0, 10) == doctest::Approx(2.0 / 1024).epsilon(1e-9));
    CHECK(analysis::binomial_two_sided(10, 10) == doctest::Approx(2.0 / 1024).epsilon(1e-9));
    CHECK(analysis::binomial_two_sided(2, 10) == doctest::Approx(112.0 / 1024).epsilon(1e-9));  // 2 * (1 + 10 + 45) / 1024
    CHECK(analysis::binomial_two_sided(8, 10) == doctest::Approx(112.0 / 1024).epsilon(1e-9));
    CHECK(analysis::binomial_two_sided(5, 10) == 1.0);
    CHECK(analysis::binomial_two_sided(1, 5) == doctest::Approx(12.0 / 32).epsilon(1e-9));
    CHECK(analysis::binomial_two_sided(0, 0) == 1.0);
    CHECK(analysis::binomial_two_sided(0, 1) == 1.0);
  }
  SUBCASE("paired counts, difference and McNemar's exact p") {
    //                      0  1  2  3  4  5  6  7  8  9
    const std::vector<bool> a = {1, 1, 0, 0, 1, 0, 1, 1, 0, 1};
    const std::vector<bool> b = {1, 0, 0, 1, 0, 0, 0, 1, 0, 0};
    const analysis::Paired p = analysis::paired(a, b);
    CHECK(p.n == 10);
    CHECK(p.both == 2);
    CHECK(p.only_a == 4);
    CHECK(p.only_b == 1);
    CHECK(p.neither == 3);
    CHECK(p.diff == doctest::Approx(0.3));
    CHECK(p.mcnemar_p == doctest::Approx(12.0 / 32));  // 2 * P(X <= 1), X ~ Binomial(5, 1/2)
    // Paired differences d = +1 (4 games), -1 (1 game), 0 (5 games): variance of the mean
    // (E[d^2] - mean^2) / n = (0.5 - 0.09) / 10.
    const double half = 1.959963984540054 * std::sqrt(0.041);
    CHECK(p.diff_ci.lo == doctest::Approx(0.3 - half));
    CHECK(p.diff_ci.hi == doctest::Approx(0.3 + half));
    // Swapping the agents mirrors everything.
    const analysis::Paired q = analysis::paired(b, a);
    CHECK(q.only_a == 1);
    CHECK(q.only_b == 4);
    CHECK(q.diff == doctest::Approx(-0.3));
    CHECK(q.mcnemar_p == doctest::Approx(p.mcnemar_p));
    // Identical results: no discordant pair, p = 1.
    const analysis::Paired same = analysis::paired(a, a);
    CHECK(same.only_a + same.only_b == 0);
    CHECK(same.mcnemar_p == 1.0);
    CHECK(same.diff == 0);
    CHECK_THROWS_AS(analysis::paired(a, std::vector<bool>(3, true)), std::invalid_argument);
  }
  SUBCASE("paired mean of a score: difference, interval and sign test") {
    const std::vector<double> a = {10, 12, 7, 9, 20, 5};
    const std::vector<double> b = {8, 12, 9, 4, 14, 5};
    // d = 2, 0, -2, 5, 6, 0: mean 11/6; A higher in games 0, 3 and 4, B higher in game 2.
    const analysis::PairedMean m = analysis::paired_mean(a, b);
    CHECK(m.n == 6);
    CHECK(m.mean_a == doctest::Approx(63.0 / 6));
    CHECK(m.mean_b == doctest::Approx(52.0 / 6));
    CHECK(m.diff == doctest::Approx(11.0 / 6));
    CHECK(m.a_higher == 3);
    CHECK(m.b_higher == 1);
    CHECK(m.sign_p == doctest::Approx(10.0 / 16));  // 2 * P(X <= 1), X ~ Binomial(4, 1/2)
    // Sample variance of d by hand: sum d^2 = 4 + 0 + 4 + 25 + 36 + 0 = 69.
    const double var = (69 - 6 * (11.0 / 6) * (11.0 / 6)) / 5 / 6;
    const double half = 1.959963984540054 * std::sqrt(var);
    CHECK(m.diff_ci.lo == doctest::Approx(11.0 / 6 - half));
    CHECK(m.diff_ci.hi == doctest::Approx(11.0 / 6 + half));
    const analysis::PairedMean r = analysis::paired_mean(b, a);
    CHECK(r.diff == doctest::Approx(-m.diff));
    CHECK(r.a_higher == 1);
    CHECK(r.sign_p == doctest::Approx(m.sign_p));
    const analysis::PairedMean same = analysis::paired_mean(a, a);
    CHECK(same.diff == 0);
    CHECK(same.diff_ci.hi - same.diff_ci.lo == 0);
    CHECK(same.sign_p == 1.0);
    CHECK_THROWS_AS(analysis::paired_mean(a, {1.0}), std::invalid_argument);
  }
}

TEST_CASE("analysis: Student's t critical values against the tables, and Welch's interval by hand") {
  // Two-sided critical values (Abramowitz & Stegun Table 26.10; any statistics text).
  const struct {
    double confidence, df, t;
  } table[] = {{0.95, 1, 12.7062}, {0.95, 2, 4.3027}, {0.95, 3, 3.1824}, {0.95, 10, 2.2281}, {0.95, 30, 2.0423},
               {0.99, 3, 5.8409},  {0.99, 7, 3.4995}, {0.99, 15, 2.9467}, {0.90, 5, 2.0150}, {0.95, 1e9, 1.9600}};
  for (const auto& c : table) {
    CAPTURE(c.df);
    CHECK(analysis::student_t_critical(c.confidence, c.df) == doctest::Approx(c.t).epsilon(1e-4));
  }
  CHECK(analysis::student_t_critical(0.95, 4.9) == analysis::student_t_critical(0.95, 4));  // a fractional df rounds down
  CHECK_THROWS_AS(analysis::student_t_critical(1.0, 3), std::invalid_argument);
  CHECK_THROWS_AS(analysis::student_t_critical(0.95, 0.5), std::invalid_argument);

  // a: mean 2.5, variance 5/3; b: mean 0.5, variance 1/3. Squared standard errors 5/12 and 1/12,
  // se = sqrt(1/2); Welch-Satterthwaite df = (1/2)^2 / ((5/12)^2/3 + (1/12)^2/3) = 4.15, read as 4.
  const analysis::MeanDiff d = analysis::welch({1, 2, 3, 4}, {0, 0, 1, 1}, 0.95);
  CHECK(d.diff == doctest::Approx(2.0));
  CHECK(d.se == doctest::Approx(std::sqrt(0.5)));
  CHECK(d.df == doctest::Approx(0.25 / ((25.0 / 144 + 1.0 / 144) / 3)));
  CHECK(d.margin == doctest::Approx(2.7764 * std::sqrt(0.5)).epsilon(1e-4));
  CHECK(d.ci().lo == doctest::Approx(2.0 - d.margin));
  // No spread: the point interval.
  const analysis::MeanDiff flat = analysis::welch({1, 1}, {0.5, 0.5, 0.5}, 0.99);
  CHECK(flat.diff == 0.5);
  CHECK(flat.margin == 0);
  CHECK_THROWS_AS(analysis::welch({1}, {1, 2}, 0.95), std::invalid_argument);
}

// =============================================================================================
// Outputs against games counted by hand
// =============================================================================================

TEST_CASE("analysis: games.csv, cells.csv and cells.json agree with games counted by hand") {
  ah::TempDir dir("outputs");
  analysis::StudyConfig cfg;
  cfg.seed = 12;
  cfg.chunk = 5;
  cfg.threads = 2;
  {
    analysis::CellSpec c;
    c.level = 1, c.players = 2, c.agent = "expert", c.games = 12;
    c.ghosts = cfg.game.level_config(1).ghosts;
    cfg.cells.push_back(c);
    c.level = 3, c.players = 1, c.agent = "greedy", c.games = 12;
    c.ghosts = cfg.game.level_config(3).ghosts - 2;
    c.ghost_delta = -2;
    cfg.cells.push_back(c);
  }
  const auto results = analysis::run_study(cfg, dir.str(), false, analysis::quiet_run());
  REQUIRE(results.size() == 2);

  // Chunks: 5 + 5 + 2 games per cell.
  const auto chunks = chunk_files(dir.str());
  CHECK(chunks.size() == 6);
  for (const auto& c : cfg.cells)
    for (int k = 0; k < 3; ++k) CHECK(chunks.count(c.id() + "-" + std::to_string(k) + ".csv") == 1);
  CHECK(fs::exists(dir.sub("report.md")));
  CHECK(fs::exists(dir.sub("study.json")));

  const ah::Csv games = ah::read_csv(dir.sub("games.csv"));
  const ah::Csv cells = ah::read_csv(dir.sub("cells.csv"));
  const json cj = json::parse(ah::slurp(dir.sub("cells.json")));
  REQUIRE(games.rows.size() == 24);
  REQUIRE(cells.rows.size() == 2);
  REQUIRE(cj.at("cells").size() == 2);

  const char* causes[] = {"ghost_supply", "pile1_target", "pile2_target", "tiles_out", "unplaceable"};
  for (size_t ci = 0; ci < cfg.cells.size(); ++ci) {
    const analysis::CellSpec& spec = cfg.cells[ci];
    CAPTURE(spec.id());
    analysis::GameOptions opts;
    opts.ghosts = spec.ghosts;
    const Rules R = opts.rules(spec.level, spec.players);
    const analysis::AgentSpec agent = analysis::parse_agent(spec.agent, cfg.mcts);
    const uint64_t seed = analysis::cell_seed(cfg.seed, spec.level, spec.players);

    // Count the cell's games from games.csv, and check each row against play_one.
    long long n = 0, wins = 0;
    std::map<std::string, long long> losses;
    std::vector<int> scores;
    double turns = 0, on_board = 0, hounds = 0, hound1 = 0, hound2 = 0;
    for (const auto& row : games.rows) {
      if (row.at("cell") != spec.id()) continue;
      CHECK(row.at("level") == std::to_string(spec.level));
      CHECK(row.at("players") == std::to_string(spec.players));
      CHECK(row.at("ghosts") == std::to_string(spec.ghosts));
      CHECK(row.at("agent") == spec.agent);
      CHECK(row.at("deal_seed") == std::to_string(seed));
      const int g = std::stoi(row.at("game"));
      CHECK(g == n);  // game order
      const GameSummary s = analysis::play_one(R, agent, seed, uint64_t(g));
      CHECK(row.at("outcome") == (s.outcome == Outcome::Won ? "won" : "lost"));
      CHECK(row.at("cause") == std::string(loss_cause_name(s.cause)));
      CHECK(std::stoi(row.at("score")) == s.score);
      CHECK(std::stoi(row.at("turns")) == s.turns);
      CHECK(std::stoi(row.at("decisions")) == s.decisions);
      CHECK(std::stoi(row.at("ghosts_on_board")) == s.ghosts_on_board);
      CHECK(std::stoi(row.at("ghost_supply")) == s.ghost_supply);
      CHECK(std::stoi(row.at("hounds")) == s.hounds_reached);
      CHECK(std::stoi(row.at("face_down")) == s.face_down);
      CHECK(std::stoi(row.at("discarded")) == s.discarded);
      ++n;
      if (row.at("outcome") == "won") {
        ++wins;
        CHECK(row.at("cause") == "none");
      } else {
        CHECK(row.at("outcome") == "lost");
        ++losses[row.at("cause")];
      }
      scores.push_back(std::stoi(row.at("score")));
      turns += std::stoi(row.at("turns"));
      on_board += std::stoi(row.at("ghosts_on_board"));
      const int h = std::stoi(row.at("hounds"));
      hounds += h, hound1 += h >= 1, hound2 += h >= 2;
    }
    REQUIRE(n == 12);
    const double nn = double(n);
    double score_mean = 0;
    for (int s : scores) score_mean += s;
    score_mean /= nn;
    const auto [lo, hi] = wilson_by_hand(wins, n);

    // cells.csv (numbers as printed: 6, 4 or 2 decimals).
    const auto& row = cells.rows[ci];
    CHECK(row.at("cell") == spec.id());
    CHECK(row.at("ghost_delta") == std::to_string(spec.ghost_delta));
    CHECK(row.at("agent") == spec.agent);
    CHECK(std::stoll(row.at("games")) == n);
    CHECK(std::stoll(row.at("wins")) == wins);
    CHECK(std::fabs(num(row.at("win_rate")) - double(wins) / nn) < 1e-6);
    CHECK(std::fabs(num(row.at("ci_lo")) - lo) < 1e-6);
    CHECK(std::fabs(num(row.at("ci_hi")) - hi) < 1e-6);
    long long lost = 0;
    for (const char* c : causes) {
      CAPTURE(c);
      const long long k = losses.count(c) ? losses.at(c) : 0;
      lost += k;
      CHECK(std::stoll(row.at(std::string("loss_") + c)) == k);
      CHECK(cj["cells"][ci]["losses"].at(c).get<long long>() == k);
    }
    CHECK(lost + wins == n);
    CHECK(std::fabs(num(row.at("score_mean")) - score_mean) < 1e-4);
    CHECK(std::fabs(num(row.at("score_q1")) - quantile_by_hand(scores, 0.25)) < 1e-2);
    CHECK(std::fabs(num(row.at("score_median")) - quantile_by_hand(scores, 0.5)) < 1e-2);
    CHECK(std::fabs(num(row.at("score_q3")) - quantile_by_hand(scores, 0.75)) < 1e-2);
    CHECK(std::fabs(num(row.at("turns_mean")) - turns / nn) < 1e-4);
    CHECK(std::fabs(num(row.at("ghosts_on_board_mean")) - on_board / nn) < 1e-4);
    CHECK(std::fabs(num(row.at("hounds_mean")) - hounds / nn) < 1e-4);
    CHECK(std::fabs(num(row.at("hound1_rate")) - hound1 / nn) < 1e-6);
    CHECK(std::fabs(num(row.at("hound2_rate")) - hound2 / nn) < 1e-6);

    // cells.json (full precision).
    const json& j = cj["cells"][ci];
    CHECK(j.at("cell") == spec.id());
    CHECK(j.at("level") == spec.level);
    CHECK(j.at("players") == spec.players);
    CHECK(j.at("ghosts") == spec.ghosts);
    CHECK(j.at("ghost_delta") == spec.ghost_delta);
    CHECK(j.at("agent") == spec.agent);
    CHECK(j.at("games").get<long long>() == n);
    CHECK(j.at("wins").get<long long>() == wins);
    CHECK(j.at("win_rate").get<double>() == doctest::Approx(double(wins) / nn));
    CHECK(j.at("ci95").at(0).get<double>() == doctest::Approx(lo));
    CHECK(j.at("ci95").at(1).get<double>() == doctest::Approx(hi));
    CHECK(j.at("score").at("mean").get<double>() == doctest::Approx(score_mean));
    CHECK(j.at("score").at("q1").get<double>() == doctest::Approx(quantile_by_hand(scores, 0.25)));
    CHECK(j.at("score").at("median").get<double>() == doctest::Approx(quantile_by_hand(scores, 0.5)));
    CHECK(j.at("score").at("q3").get<double>() == doctest::Approx(quantile_by_hand(scores, 0.75)));
    CHECK(j.at("turns_mean").get<double>() == doctest::Approx(turns / nn));
    CHECK(j.at("ghosts_on_board_mean").get<double>() == doctest::Approx(on_board / nn));
    CHECK(j.at("hounds_mean").get<double>() == doctest::Approx(hounds / nn));
    CHECK(j.at("hound1_rate").get<double>() == doctest::Approx(hound1 / nn));
    CHECK(j.at("hound2_rate").get<double>() == doctest::Approx(hound2 / nn));

    // The in-memory results agree too.
    CHECK(results[ci].wins() == wins);
    CHECK((long long)results[ci].rows.size() == n);
  }
  CHECK(cj.at("config").at("seed") == 12);
  CHECK(cj.at("config").at("cells").size() == 2);
}

// =============================================================================================
// Resume, shards and merge
// =============================================================================================

TEST_CASE("analysis: a study killed with SIGKILL and resumed gives the same final numbers") {
  const ah::TempDir& ref = reference_study();
  const std::string A = ref.sub("A");
  REQUIRE(chunk_files(A).size() == RESUME_STUDY_CHUNKS);
  ah::TempDir dir("kill"), logs("kill-logs");
  const std::string B = dir.sub("B");

  // Start the same study, kill it once its first chunk is on disk.
  auto args = resume_study_args();
  args.insert(args.end(), {"--threads", "1", "--out", B});
  const pid_t pid = ah::spawn_cli(args, logs.sub("b.out"), logs.sub("b.err"));
  const auto start = std::chrono::steady_clock::now();
  while (chunk_files(B).empty() && std::chrono::steady_clock::now() - start < std::chrono::seconds(120))
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ::kill(pid, SIGKILL);
  const int status = ah::wait_status(pid);
  const auto before = chunk_files(B);
  REQUIRE(!before.empty());
  if (status == 128 + SIGKILL) {
    CHECK(before.size() < RESUME_STUDY_CHUNKS);
    CHECK(!fs::exists(B + "/games.csv"));
  } else {
    WARN_MESSAGE(false, "the study finished before it could be killed (status " << status << ")");
  }
  CHECK(fs::exists(B + "/study.json"));

  // Resume on two threads: the finished chunks are read, not replayed.
  const auto r = ah::run_cli({"analyze", "--resume", B, "--threads", "2", "-q"}, logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto after = chunk_files(B);
  CHECK(after.size() == RESUME_STUDY_CHUNKS);
  for (const auto& [name, time] : before) {
    CAPTURE(name);
    REQUIRE(after.count(name) == 1);
    CHECK(after.at(name) == time);
  }
  CHECK(ah::slurp(B + "/games.csv") == ah::slurp(A + "/games.csv"));
  CHECK(ah::slurp(B + "/cells.csv") == ah::slurp(A + "/cells.csv"));
  for (const auto& [name, time] : after) CHECK(ah::slurp(B + "/chunks/" + name) == ah::slurp(A + "/chunks/" + name));
  // study.json keeps both runs: the killed one never ended, the resumed one played the rest.
  const auto runs = nlohmann::json::parse(ah::slurp(B + "/study.json")).at("provenance").at("runs");
  REQUIRE(runs.size() == 2);
  if (status == 128 + SIGKILL) CHECK(!runs[0].contains("ended"));
  CHECK(runs[1].contains("ended"));
  CHECK(runs[1].at("chunks_played").get<size_t>() == RESUME_STUDY_CHUNKS - before.size());
}

TEST_CASE("analysis: resume after lost chunks and outputs replays only what is missing") {
  const ah::TempDir& ref = reference_study();
  const std::string A = ref.sub("A");
  ah::TempDir dir("lost");
  const std::string C = dir.sub("C");
  fs::copy(A, C, fs::copy_options::recursive);
  for (const char* f : {"games.csv", "cells.csv", "cells.json", "report.md"}) fs::remove(C + "/" + f);
  const auto all = chunk_files(C);
  REQUIRE(all.size() == RESUME_STUDY_CHUNKS);
  std::set<std::string> removed;
  int k = 0;
  for (const auto& [name, time] : all)
    if (k++ % 3 == 1) removed.insert(name), fs::remove(C + "/chunks/" + name);
  const auto kept = chunk_files(C);
  analysis::StudyConfig unused;
  unused.threads = 2;
  analysis::run_study(unused, C, true, analysis::quiet_run());
  const auto after = chunk_files(C);
  CHECK(after.size() == RESUME_STUDY_CHUNKS);
  for (const auto& [name, time] : kept) {
    CAPTURE(name);
    CHECK(after.at(name) == time);
  }
  for (const auto& name : removed) CHECK(ah::slurp(C + "/chunks/" + name) == ah::slurp(A + "/chunks/" + name));
  CHECK(ah::slurp(C + "/games.csv") == ah::slurp(A + "/games.csv"));
  CHECK(ah::slurp(C + "/cells.csv") == ah::slurp(A + "/cells.csv"));
  const auto runs = nlohmann::json::parse(ah::slurp(C + "/study.json")).at("provenance").at("runs");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].at("chunks_played").get<size_t>() == RESUME_STUDY_CHUNKS);
  CHECK(runs[1].at("chunks_played").get<size_t>() == removed.size());
}

TEST_CASE("analysis: the report names the revisions that played the games, not those that only rewrote it") {
  const ah::TempDir& ref = reference_study();
  ah::TempDir dir("revisions");
  const std::string D = dir.sub("D");
  fs::copy(ref.sub("A"), D, fs::copy_options::recursive);
  // A study.json from before runs were recorded, started by a revision named "0ld0ne".
  auto study = nlohmann::json::parse(ah::slurp(D + "/study.json"));
  study["provenance"].erase("runs");
  study["provenance"]["revision"] = "0ld0ne";
  ah::spit(D + "/study.json", study.dump(2));
  fs::remove(D + "/chunks/" + chunk_files(D).begin()->first);
  analysis::StudyConfig unused;
  unused.threads = 1;
  analysis::run_study(unused, D, true, analysis::quiet_run());  // plays the one missing chunk
  analysis::run_study(unused, D, true, analysis::quiet_run());  // plays nothing: rewrites the tables only
  const auto prov = nlohmann::json::parse(ah::slurp(D + "/study.json")).at("provenance");
  REQUIRE(prov.at("runs").size() == 3);
  CHECK(prov.at("runs")[0] == nlohmann::json{{"revision", "0ld0ne"}});
  CHECK(prov.at("runs")[1].at("chunks_played") == 1);
  CHECK(prov.at("runs")[2].at("chunks_played") == 0);
  const std::string now = prov.at("runs")[1].at("revision");
  CHECK(analysis::played_by(prov) == std::vector<std::string>{"0ld0ne", now});
  const std::string report = ah::slurp(D + "/report.md");
  CHECK(report.find("Games played by `mists` 0ld0ne, " + now + " (one study resumed across revisions") != std::string::npos);
  CHECK(nlohmann::json::parse(ah::slurp(D + "/cells.json")).at("played_by") == nlohmann::json{"0ld0ne", now});
}

TEST_CASE("analysis: two shards merged equal one run") {
  const ah::TempDir& ref = reference_study();
  const std::string A = ref.sub("A");
  ah::TempDir dir("shards"), logs("shard-logs");
  for (const char* shard : {"1/2", "2/2"}) {
    auto args = resume_study_args();
    args.insert(args.end(), {"--threads", "2", "--shard", shard, "--out", dir.sub(std::string("D") + shard[0])});
    const auto r = ah::run_cli(args, logs);
    REQUIRE_MESSAGE(r.status == 0, r.err);
  }
  const auto d1 = chunk_files(dir.sub("D1")), d2 = chunk_files(dir.sub("D2"));
  CHECK(d1.size() == RESUME_STUDY_CHUNKS / 2);
  CHECK(d2.size() == RESUME_STUDY_CHUNKS / 2);
  for (const auto& [name, time] : d1) CHECK(d2.count(name) == 0);
  const auto r = ah::run_cli({"merge", dir.sub("D1"), dir.sub("D2"), "--out", dir.sub("M")}, logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(chunk_files(dir.sub("M")).size() == RESUME_STUDY_CHUNKS);
  {  // the merged provenance keeps each shard's run, tagged with its shard
    const auto runs = nlohmann::json::parse(ah::slurp(dir.sub("M") + "/study.json")).at("provenance").at("runs");
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].at("shard") == 1);
    CHECK(runs[1].at("shard") == 2);
    CHECK(runs[0].at("chunks_played") == RESUME_STUDY_CHUNKS / 2);
  }
  CHECK(ah::slurp(dir.sub("M") + "/games.csv") == ah::slurp(A + "/games.csv"));
  CHECK(ah::slurp(dir.sub("M") + "/cells.csv") == ah::slurp(A + "/cells.csv"));
  // The merged study is a whole study: it resumes to the same numbers without playing anything.
  const auto before = chunk_files(dir.sub("M"));
  const auto again = ah::run_cli({"analyze", "--resume", dir.sub("M"), "-q"}, logs);
  REQUIRE_MESSAGE(again.status == 0, again.err);
  CHECK(chunk_files(dir.sub("M")) == before);
  CHECK(ah::slurp(dir.sub("M") + "/cells.csv") == ah::slurp(A + "/cells.csv"));
}

// =============================================================================================
// compare: paired tables against games counted by hand
// =============================================================================================

TEST_CASE("analysis: compare's pair rows and summary agree with its games.csv") {
  ah::TempDir dir("compare"), logs("compare-logs");
  const auto r = ah::run_cli({"compare", "--agents", "random,expert,greedy", "--levels", "1", "--players", "2",
                              "--games", "40", "--seed", "3", "--threads", "2", "--out", dir.str(), "-q"},
                             logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  // Wins and scores per agent and game, from games.csv.
  std::map<std::string, std::vector<std::pair<bool, double>>> games;
  for (const auto& row : ah::read_csv(dir.sub("games.csv")).rows)
    games[row.at("agent")].push_back({row.at("outcome") == "won", num(row.at("score"))});
  REQUIRE(games.size() == 3);
  const ah::Csv pairs = ah::read_csv(dir.sub("compare.csv"));
  REQUIRE(pairs.rows.size() == 3);  // random-expert, random-greedy, expert-greedy
  for (const auto& row : pairs.rows) {
    const auto& a = games.at(row.at("agent_a"));
    const auto& b = games.at(row.at("agent_b"));
    REQUIRE(a.size() == 40);
    long long wins_a = 0, wins_b = 0, only_a = 0, only_b = 0, a_higher = 0, b_higher = 0;
    double diff = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      wins_a += a[i].first, wins_b += b[i].first;
      only_a += a[i].first && !b[i].first, only_b += b[i].first && !a[i].first;
      a_higher += a[i].second > b[i].second, b_higher += b[i].second > a[i].second;
      diff += (a[i].second - b[i].second) / 40.0;
    }
    CHECK(num(row.at("wins_a")) == wins_a);
    CHECK(num(row.at("wins_b")) == wins_b);
    CHECK(num(row.at("only_a")) == only_a);
    CHECK(num(row.at("only_b")) == only_b);
    CHECK(num(row.at("a_higher")) == a_higher);
    CHECK(num(row.at("b_higher")) == b_higher);
    CHECK(num(row.at("score_diff")) == doctest::Approx(diff).epsilon(1e-5));
    CHECK(num(row.at("mcnemar_p")) == doctest::Approx(analysis::binomial_two_sided(only_a, only_a + only_b)).epsilon(1e-5));
    CHECK(num(row.at("sign_p")) == doctest::Approx(analysis::binomial_two_sided(a_higher, a_higher + b_higher)).epsilon(1e-5));
  }
  // The summary compares each agent A with the one after it B in --agents order, with the sign and
  // order of the pair tables (A − B), and its verdicts follow the pair rows: "better" / "worse" (A
  // against B) at p < 0.05, else "tied"; p-values read the same in the summary and the table.
  const std::string md = ah::slurp(dir.sub("compare.md"));
  CHECK(md.find("| level | players | ghosts | random vs expert | expert vs greedy |") != std::string::npos);
  // report.html carries the comparison after the study's own sections, its tables sortable.
  const std::string html = ah::slurp(dir.sub("report.html"));
  const size_t compared = html.find("<h2>Paired comparison</h2>");
  CHECK(compared != std::string::npos);
  CHECK(html.find("<th title=\"sort\">random vs expert</th>", compared) != std::string::npos);
  CHECK(ah::slurp(dir.sub("report.md")).find("Paired comparison") == std::string::npos);
  CHECK(md.find("random vs greedy") == std::string::npos);
  CHECK(md.find("every difference is A − B") != std::string::npos);
  const size_t at = md.find("\n| 1 | 2 | 15 | ");
  REQUIRE(at != std::string::npos);
  const std::string line = md.substr(at + 1, md.find('\n', at + 1) - at - 1);
  std::vector<std::string> cells;
  std::stringstream split(line);
  for (std::string f; std::getline(split, f, '|');) cells.push_back(f);
  REQUIRE(cells.size() == 6);  // "", level, players, ghosts, two verdicts
  auto pair_row = [&](const std::string& x, const std::string& y) {
    for (const auto& row : pairs.rows)
      if (row.at("agent_a") == x && row.at("agent_b") == y) return row;
    FAIL("no pair row " << x << " " << y);
    return pairs.rows.front();
  };
  auto expected = [](double diff_a_minus_b, double p) {
    return p >= 0.05 ? std::string(" tied") : diff_a_minus_b > 0 ? std::string(" better") : std::string(" worse");
  };
  const auto re = pair_row("random", "expert"), eg = pair_row("expert", "greedy");
  CHECK(cells[4].rfind(expected(num(re.at("diff")), num(re.at("mcnemar_p"))), 0) == 0);
  CHECK(cells[5].rfind(expected(num(eg.at("diff")), num(eg.at("mcnemar_p"))), 0) == 0);
  // On level 1 with 2 players the expert wins most games and random none: never a tie.
  CHECK(cells[4].rfind(" worse -", 0) == 0);
  // The summary's difference and p are the pair table's, character for character.
  for (const auto& [cell, a, b] : {std::tuple{cells[4], "random", "expert"}, std::tuple{cells[5], "expert", "greedy"}}) {
    const std::string diff = cell.substr(cell.find_first_of("+-0"), cell.find(" pp") - cell.find_first_of("+-0"));
    const std::string p = cell.substr(cell.find("(p ") + 3, cell.find(')') - cell.find("(p ") - 3);
    const std::string row = std::string("| ") + a + " | " + b + " | " + diff + " pp | [";
    const size_t found = md.find(row, md.find("## Level 1, 2 players, 15 ghosts"));
    REQUIRE_MESSAGE(found != std::string::npos, row);
    const std::string table_line = md.substr(found, md.find('\n', found) - found);
    std::vector<std::string> fields;
    std::stringstream fs_(table_line);
    for (std::string f; std::getline(fs_, f, '|');) fields.push_back(f);
    REQUIRE(fields.size() >= 8);
    CHECK(fields[7] == " " + p + " ");  // "", A, B, diff, interval, only A, only B, McNemar p
  }
}

TEST_CASE("p-values: plain three decimals down to 0.001, never across 0.05; scientific below") {
  CHECK(analysis::format_p(1.0) == "1.000");
  CHECK(analysis::format_p(0.29) == "0.290");
  CHECK(analysis::format_p(0.0499) == "0.049");  // rounding would print 0.050 beside a "better"
  CHECK(analysis::format_p(0.05) == "0.050");
  CHECK(analysis::format_p(0.001) == "0.001");
  CHECK(analysis::format_p(0.00031) == "3.1e-04");
  CHECK(analysis::format_p(3.14e-10) == "3.1e-10");
}

// =============================================================================================
// Bad arguments
// =============================================================================================

TEST_CASE("analysis: every bad argument gets a clear error naming the option and the value") {
  ah::TempDir dir("errors"), logs("error-logs");
  const std::string out = dir.sub("out");
  // A small finished study, and one shard each of two different small studies.
  const std::vector<std::string> tiny = {"analyze", "--levels", "1", "--players", "2", "--agents", "expert",
                                         "--games", "4", "--chunk", "2", "-q"};
  auto with = [](std::vector<std::string> base, const std::vector<std::string>& more) {
    base.insert(base.end(), more.begin(), more.end());
    return base;
  };
  REQUIRE(ah::run_cli(with(tiny, {"--out", dir.sub("done")}), logs).status == 0);
  REQUIRE(ah::run_cli(with(tiny, {"--seed", "5", "--shard", "1/2", "--out", dir.sub("s1")}), logs).status == 0);
  REQUIRE(ah::run_cli(with(tiny, {"--seed", "6", "--shard", "2/2", "--out", dir.sub("s2")}), logs).status == 0);

  {  // analyze: levels, players, ghost budget
    expect_error({"analyze", "--levels", "7", "--out", out}, {"--levels", "7"}, logs);
    expect_error({"analyze", "--levels", "0-2", "--out", out}, {"--levels", "0"}, logs);
    expect_error({"analyze", "--players", "0", "--out", out}, {"--players", "0"}, logs);
    expect_error({"analyze", "--players", "2,6", "--out", out}, {"--players", "6"}, logs);
    expect_error({"analyze", "--levels", "x", "--out", out}, {"--levels", "x"}, logs);
    // A delta that takes the ghost total below the start tile's 3.
    expect_error({"analyze", "--levels", "1", "--ghost-deltas", "-20", "--out", out}, {"--ghost-deltas", "-20"}, logs);
    CHECK(!fs::exists(out + "/study.json"));
  }
  {  // analyze: agents
    expect_error({"analyze", "--agents", "nosuch", "--out", out}, {"agent", "nosuch"}, logs);
    expect_error({"analyze", "--agents", "expert:nosuch=1", "--out", out}, {"agent", "nosuch"}, logs);
    expect_error({"analyze", "--agents", "mcts:playouts=abc", "--out", out}, {"playouts", "abc"}, logs);
    expect_error({"analyze", "--agents", "mcts:parallel=both", "--out", out}, {"parallel", "both"}, logs);
    CHECK(!fs::exists(out + "/study.json"));
  }
  {  // analyze: shards, precision, resume, out
    expect_error({"analyze", "--levels", "1", "--shard", "3/2", "--out", out}, {"--shard", "3/2"}, logs);
    expect_error({"analyze", "--levels", "1", "--shard", "x", "--out", out}, {"--shard", "x"}, logs);
    expect_error({"analyze", "--levels", "1", "--games", "2", "--precision", "0.1", "--shard", "1/2", "--out", out},
                 {"--precision", "--shard"}, logs);
    // A refused study leaves nothing that would block the corrected command.
    CHECK(!fs::exists(out + "/study.json"));
    fs::create_directories(dir.sub("empty"));
    expect_error({"analyze", "--resume", dir.sub("empty")}, {dir.sub("empty"), "study.json"}, logs);
    expect_error(with(tiny, {"--out", dir.sub("done")}), {dir.sub("done"), "already holds a study", "--resume"}, logs);
  }
  {  // compare and balance
    expect_error({"compare", "--agents", "expert", "--out", out}, {"--agents", "two"}, logs);
    expect_error({"balance", "--param", "goal", "--lo", "50", "--hi", "40", "--out", out}, {"--lo", "50", "--hi", "40"}, logs);
    CHECK(!fs::exists(out + "/balance.json"));
  }
  {  // merge
    expect_error({"merge", dir.sub("s1"), "--out", out}, {"shard", "1 of 2"}, logs);
    expect_error({"merge", dir.sub("s1"), dir.sub("s2"), "--out", out}, {dir.sub("s2"), "not a shard of the same study"}, logs);
    expect_error({"merge", dir.sub("s1"), dir.sub("nothing"), "--out", out}, {dir.sub("nothing"), "study.json"}, logs);
    expect_error({"merge", dir.sub("s1"), dir.sub("s1"), "--out", out}, {"shard 1", "twice"}, logs);
  }
  {  // a corrupt chunk file on resume: the file and the line
    const std::string done = dir.sub("done");
    const std::string chunk = done + "/chunks/L1-P2-G15-expert-1.csv";
    REQUIRE(fs::exists(chunk));
    std::string text = ah::slurp(chunk);
    // Line 3 (the second game): its score is no number.
    const size_t line3 = text.find('\n', text.find('\n') + 1) + 1;
    auto fields = ah::csv_split(text.substr(line3, text.find('\n', line3) - line3));
    REQUIRE(fields.size() == 12);
    fields[3] = "x";
    std::string bad;
    for (const auto& f : fields) bad += (bad.empty() ? "" : ",") + f;
    text = text.substr(0, line3) + bad + text.substr(text.find('\n', line3));
    ah::spit(chunk, text);
    fs::remove(done + "/games.csv");
    expect_error({"analyze", "--resume", done, "-q"}, {"L1-P2-G15-expert-1.csv:3"}, logs);
    // A truncated chunk (a game missing) names the file too.
    const std::string chunk0 = done + "/chunks/L1-P2-G15-expert-0.csv";
    std::string t0 = ah::slurp(chunk0);
    t0 = t0.substr(0, t0.rfind('\n', t0.size() - 2) + 1);
    ah::spit(chunk0, t0);
    expect_error({"analyze", "--resume", done, "-q"}, {"L1-P2-G15-expert-0.csv", "expected 2"}, logs);
  }
  {  // a doctored study.json: every broken field is named, nothing aborts
    const std::string done = dir.sub("done");
    const std::string path = done + "/study.json";
    const auto good = nlohmann::json::parse(ah::slurp(path));
    auto doctored = [&](const std::function<void(nlohmann::json&)>& edit, const std::vector<std::string>& needles) {
      nlohmann::json j = good;
      edit(j);
      ah::spit(path, j.dump(2));
      std::vector<std::string> all = {path};
      all.insert(all.end(), needles.begin(), needles.end());
      expect_error({"analyze", "--resume", done, "-q"}, all, logs);
      expect_error({"merge", done, "--out", dir.sub("merged")}, all, logs);
    };
    doctored([](nlohmann::json& j) { j.erase("provenance"); }, {"provenance", "missing"});
    doctored([](nlohmann::json& j) { j["provenance"]["runs"] = "x"; }, {"provenance.runs", "array"});
    doctored([](nlohmann::json& j) { j["provenance"]["runs"] = {{{"revision", 3}}}; }, {"provenance.runs[0].revision"});
    doctored([](nlohmann::json& j) { j["provenance"]["runs"] = {{{"revision", "r"}, {"chunks_played", -1}}}; },
             {"provenance.runs[0].chunks_played"});
    doctored([](nlohmann::json& j) { j["provenance"]["catalog_checksum"] = 7; }, {"provenance.catalog_checksum"});
    doctored([](nlohmann::json& j) { j = nlohmann::json::array(); }, {"not a study"});
    // Restored, and without the chunks doctored above, the study resumes.
    ah::spit(path, good.dump(2));
    fs::remove(done + "/chunks/L1-P2-G15-expert-0.csv");
    fs::remove(done + "/chunks/L1-P2-G15-expert-1.csv");
    const auto r = ah::run_cli({"analyze", "--resume", done, "-q"}, logs);
    CHECK_MESSAGE(r.status == 0, r.err);
  }
}

// =============================================================================================
// Precision stopping
// =============================================================================================

TEST_CASE("analysis: a precision target stops a cell early, the same way on 1 and 2 threads") {
  ah::TempDir dir("precision"), logs("precision-logs");
  const int games = 60, chunk = 5, min_games = 10;
  const double precision = 0.2;
  for (const char* threads : {"1", "2"}) {
    const auto r = ah::run_cli({"analyze", "--levels", "1,4", "--players", "2", "--agents", "expert,random", "--games",
                                std::to_string(games), "--chunk", std::to_string(chunk), "--precision", "0.2",
                                "--min-games", std::to_string(min_games), "--seed", "2", "--threads", threads, "-q",
                                "--out", dir.sub(std::string("T") + threads)},
                               logs);
    REQUIRE_MESSAGE(r.status == 0, r.err);
  }
  CHECK(ah::slurp(dir.sub("T1") + "/games.csv") == ah::slurp(dir.sub("T2") + "/games.csv"));
  CHECK(ah::slurp(dir.sub("T1") + "/cells.csv") == ah::slurp(dir.sub("T2") + "/cells.csv"));

  const ah::Csv cells = ah::read_csv(dir.sub("T1") + "/cells.csv");
  const ah::Csv rows = ah::read_csv(dir.sub("T1") + "/games.csv");
  REQUIRE(cells.rows.size() == 4);
  int early = 0;
  for (const auto& c : cells.rows) {
    CAPTURE(c.at("cell"));
    const int n = std::stoi(c.at("games"));
    const double half = (num(c.at("ci_hi")) - num(c.at("ci_lo"))) / 2;
    CHECK(n >= min_games);
    CHECK(n <= games);
    CHECK((n % chunk == 0 || n == games));
    if (n < games) {
      ++early;
      CHECK(half < precision);
    }
    // It stopped at the first chunk boundary (from min_games on) where the interval was narrow enough.
    std::vector<bool> won;
    for (const auto& g : rows.rows)
      if (g.at("cell") == c.at("cell")) won.push_back(g.at("outcome") == "won");
    REQUIRE(int(won.size()) == n);
    int expected = games;
    long long w = 0;
    for (int k = 1; k <= games / chunk; ++k) {
      const int m = k * chunk;
      if (m > n) break;
      w = std::count(won.begin(), won.begin() + m, true);
      const auto [lo, hi] = wilson_by_hand(w, m);
      if (m >= min_games && (hi - lo) / 2 < precision) {
        expected = m;
        break;
      }
    }
    CHECK(n == expected);
  }
  CHECK(early >= 1);
}
