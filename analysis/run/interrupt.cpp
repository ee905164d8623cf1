#include "analysis/run/interrupt.h"

#include <csignal>
#include <sstream>

namespace mists::analysis {

namespace {

volatile std::sig_atomic_t g_signal = 0;
struct sigaction g_old_int, g_old_term;

void record_signal(int sig) { g_signal = sig; }

}  // namespace

std::string shell_word(const std::string& s) {
  if (!s.empty() && s.find_first_of(" \t'\"\\$;&|<>()*?`!#~") == std::string::npos) return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

InterruptGuard::InterruptGuard() {
  g_signal = 0;
  struct sigaction a = {};
  a.sa_handler = record_signal;
  sigemptyset(&a.sa_mask);
  a.sa_flags = SA_RESETHAND | SA_RESTART;  // a second signal takes the default action: the user insists
  sigaction(SIGINT, &a, &g_old_int);
  sigaction(SIGTERM, &a, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

int interrupt_signal() { return int(g_signal); }

Interrupted interrupted(int signal, long long kept, const std::string& dir, const std::string& continue_with, const std::string& unit) {
  std::ostringstream os;
  os << "mists: stopped by " << (signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal") << ": " << kept << ' '
     << (kept == 1 ? unit : unit + (unit.back() == 'h' ? "es" : "s")) << " kept in " << dir << "; continue with: " << continue_with;
  return Interrupted(os.str(), SIGNAL_EXIT_BASE + signal);
}

std::string command_word(const std::string& command_line, const std::string& fallback) {
  std::istringstream in(command_line);
  std::string program, word;
  if (in >> program >> word && !word.empty() && word[0] != '-') return word;
  return fallback;
}

}  // namespace mists::analysis
