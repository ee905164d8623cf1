#include "analysis/pages/move_words.h"

#include <cctype>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "engine/kit/types.h"

namespace mists::analysis {

namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

// "city0" -> "the first city", "mist1" -> "the second mist area"; a name without a number as it is.
std::string feature_words(const std::string& name) {
  static const char* const ORDINAL[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"};
  size_t digit = name.find_first_of("0123456789");
  if (digit == std::string::npos) return "the " + name;
  const std::string kind = name.substr(0, digit);
  const int k = std::atoi(name.c_str() + digit);
  const std::string noun = kind == "mist" ? "mist area" : kind;
  return "the " + (k >= 0 && k < 8 ? std::string(ORDINAL[k]) : "no. " + std::to_string(k + 1)) + " " + noun;
}

std::string at(const std::vector<std::string>& w, size_t i) { return "(" + w[i] + ", " + w[i + 1] + ")"; }

std::string turned(const std::string& r) {
  const int k = std::atoi(r.c_str());
  return r == std::to_string(k) && k >= 0 && k < 4 ? turn_words(k) : "turned " + r;
}

std::string pay_words(const std::string& pay) {
  std::string out;
  for (char c : pay) out += c == '+' ? std::string(" + ") : std::string(1, c);
  return "paying chips " + out;
}

}  // namespace

std::string coop_step_words(const std::string& step) {
  for (const char* prefix : {"(forced) ", "(format 1: first area) "})
    if (step.rfind(prefix, 0) == 0) {
      const std::string rest = coop_step_words(step.substr(std::string(prefix).size()));
      return rest + (prefix[1] == 'f' && prefix[2] == 'o' ? " (the only option)" : " (format 1: the first area)");
    }
  const std::vector<std::string> w = words_of(step);
  if (w.empty()) return step;
  const std::string& k = w[0];
  const size_t n = w.size();
  if (k == "draw" && n == 2) return "draws tile " + w[1];
  if (k == "chip" && n == 2 && std::isdigit(static_cast<unsigned char>(w[1][0]))) return "a chip turns up: worth " + w[1];
  if (k == "place" && n == 4) return "places the tile at " + at(w, 1) + ", " + turned(w[3]);
  if ((k == "meeple" || k == "wagon" || k == "mayor") && n == 2 && w[1] == "none") return "places no meeple";
  if ((k == "meeple" || k == "wagon" || k == "mayor") && n == 3)
    return "puts a " + w[2] + " " + k + " on " + feature_words(w[1]) + " of the tile";
  if (k == "score" && n == 3 && w[2] == "points") return "takes the points of scoring " + w[1] + " (0: the first pending)";
  if (k == "score" && n == 5 && w[2] == "ghosts")
    return "takes no points for scoring " + w[1] + " (0: the first pending) and clears the ghosts of the tile at " + at(w, 3);
  if (k == "bury" && n >= 3) return "the closed cemetery buries the meeple on the tile at " + at(w, 1);
  if (k == "cemetery" && n == 3) return "the extra ghost goes to the open cemetery at " + at(w, 1);
  if (k == "hound" && n >= 3) {
    std::string out = "puts the hound beside the meeple at " + at(w, 1);
    if (n == 3) return out + " and clears no tile";
    out += " and clears the tile at " + at(w, 3);
    if (n >= 7) out += " and the tile at " + at(w, 5);
    return out;
  }
  if (k == "haunt" && n == 3) return "lays the top tile of the pile face down at " + at(w, 1);
  if (k == "fewer" && n == 2) return feature_words(w[1]) + " of the tile gets one ghost fewer";
  if (k == "ghost-area" && n == 4) return "the new cemetery's ghost goes on " + feature_words(w[3]) + " of the tile at " + at(w, 1);
  if (k == "abbey" && n == 2 && w[1] == "none") return "plays no abbey this turn";
  if (k == "abbey" && (n == 3 || n == 4)) return "places " + (n == 4 ? "the " + w[3] + " abbey" : std::string("an abbey")) + " at " + at(w, 1);
  if (k == "toll" && n == 5) return "puts the " + w[4] + " tollhouse on junction " + w[3].substr(1) + " of the tile at " + at(w, 1);
  if (k == "toll" && n == 8 && w[4] == "from")
    return "moves the tollhouse from junction " + w[7].substr(1) + " of the tile at " + at(w, 5) + " to junction " + w[3].substr(1) +
           " of the tile at " + at(w, 1);
  if (k == "chip" && n >= 2 && w[1] == "points") return "spends a chip on points" + (n == 3 ? " for " + w[2] : std::string());
  if (k == "chip" && n >= 4 && w[1] == "ghosts")
    return "spends a chip clearing ghosts of the tile at " + at(w, 2) + (n == 5 ? " for " + w[4] : std::string());
  if (k == "upgrade" && n == 2 && w[1] == "none") return "upgrades no meeple";
  if (k == "upgrade" && (n == 4 || n == 5)) return "upgrades the meeple at " + at(w, 1) + (n == 5 ? " on " + feature_words(w[3]) : "") + ", " + pay_words(w[n - 1]);
  if (k == "wagon-home" && n == 1) return "takes the wagon back";
  if (k == "wagon-to" && n == 4) return "moves the wagon to " + feature_words(w[3]) + " of the tile at " + at(w, 1);
  return step;
}

std::string versus_step_words(const std::string& step, const std::string& who) {
  const std::vector<std::string> w = words_of(step);
  if (w.empty()) return step;
  const std::string& k = w[0];
  const size_t n = w.size();
  if (k == "draw" && n == 2) return who + " draws tile " + w[1];
  if (k == "chip" && n == 2) return "the chip under the tile turns up: " + who + " scores " + w[1];
  if (k == "place" && n == 4) return who + " places the tile at " + at(w, 1) + ", " + turned(w[3]);
  if (k == "meeple" && n == 2 && w[1] == "none") return who + " places no meeple";
  if (k == "meeple" && (n == 2 || n == 3)) {
    const std::string piece = n == 3 ? w[2] : "meeple";
    return who + " puts a" + std::string(piece[0] == 'a' ? "n " : " ") + piece + " on " + feature_words(w[1]) + " of the tile";
  }
  if (k == "ghost" && n == 3) return "a ghost goes onto seat " + w[1] + "'s meeple no. " + w[2] + " (chosen by " + who + ")";
  if (k == "abbey" && n == 2 && w[1] == "none") return who + " draws instead of placing the abbey";
  if (k == "abbey" && n == 3) return who + " places the abbey at " + at(w, 1);
  if (k == "barn" && n == 3) return who + " puts the barn on the north-west corner of the tile at " + at(w, 1);
  if (k == "abbot" && n == 2 && w[1] == "back") return who + " takes the abbot back and scores it";
  if (k == "toll" && n == 4) return who + " puts the tollhouse on junction " + w[3] + " of the tile at " + at(w, 1);
  if (k == "wagon" && n == 2 && w[1] == "back") return who + " takes the wagon back";
  if (k == "wagon" && n == 4) return who + " moves the wagon to " + feature_words(w[3]) + " of the tile at " + at(w, 1);
  if (k == "upgrade" && n == 2 && w[1] == "none") return who + " upgrades no meeple";
  if (k == "upgrade" && n == 3) return who + " upgrades meeple no. " + w[1] + ", " + pay_words(w[2]);
  return step;
}

}  // namespace mists::analysis
