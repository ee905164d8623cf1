// The plots of a run's folder, drawn by scripts/plots.py (python3 + matplotlib, installed by scripts/setup.sh).
#include "analysis/run/plots.h"

#include <cstdlib>
#include <filesystem>

#include "analysis/run/files.h"

namespace mists::analysis {

namespace {
std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}
}  // namespace

bool draw_plots(const std::string& dir) {
  const std::string script = resolve_input("scripts/plots.py");
  // Debian's interpreter, where python3-matplotlib lives (another python3 may come first on PATH).
  const std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string cmd = python + " " + shell_quote(script) + " " + shell_quote(dir) + " > " + shell_quote(dir + "/plots.log") + " 2>&1";
  bool ok = std::system(cmd.c_str()) == 0;
  if (std::filesystem::exists(dir + "/traces.csv")) {
    const std::string traces = python + " " + shell_quote(resolve_input("scripts/plot_traces.py")) + " " + shell_quote(dir) +
                               " >> " + shell_quote(dir + "/plots.log") + " 2>&1";
    ok = std::system(traces.c_str()) == 0 && ok;
  }
  return ok;
}

}  // namespace mists::analysis
