#include "analysis/run/lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "analysis/run/files.h"

namespace mists::analysis {

namespace fs = std::filesystem;

namespace {

// Attempts to take a lock whose file keeps being replaced under us before giving up.
constexpr int LOCK_ATTEMPTS = 100;

std::string read_all(int fd) {
  std::string out;
  char buf[1024];
  ssize_t n;
  off_t at = 0;
  while ((n = ::pread(fd, buf, sizeof buf, at)) > 0 && out.size() < 65536) out.append(buf, size_t(n)), at += n;
  return out;
}

// The refusal: who holds `dir` as its lock file says ("pid N", "host H", "since T", "command C").
std::string busy_message(const std::string& dir, const std::string& path, const std::string& holder) {
  std::string pid, host, since, command;
  std::istringstream in(holder);
  std::string line;
  while (std::getline(in, line)) {
    const size_t sp = line.find(' ');
    const std::string key = line.substr(0, sp), value = sp == std::string::npos ? "" : line.substr(sp + 1);
    if (key == "pid") pid = value;
    else if (key == "host") host = value;
    else if (key == "since") since = value;
    else if (key == "command") command = value;
  }
  std::string who = pid.empty() ? std::string("a run that is just starting") : "process " + pid + (host.empty() ? "" : " on " + host);
  if (!since.empty()) who += " since " + since + " UTC";
  if (!command.empty()) who += " (" + command + ")";
  return dir + " is in use: " + who + " holds its lock " + path +
         "; one run at a time writes a folder. Wait for that run to end (or stop it" + (pid.empty() ? "" : ": kill " + pid) +
         "), then run again";
}

}  // namespace

std::string FolderLock::path_of(const std::string& dir) { return (fs::path(dir) / ".lock").string(); }

FolderLock::FolderLock(const std::string& dir, const std::string& command) : dir_(dir), path_(path_of(dir)) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) throw AnalysisError("cannot create the folder " + dir + ": " + ec.message());
    created_dir_ = true;
  } else if (!fs::is_directory(dir, ec)) {
    throw AnalysisError(dir + " is a file; a study, tournament or search writes a folder");
  }
  // 1. Open (or make) the lock file and take its lock without waiting.
  // 2. A run that held it removes the file before it lets go: when the file at the path is no longer
  //    the one we locked, that run just ended; try again with the file there now.
  for (int attempt = 0;; ++attempt) {
    const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw AnalysisError("cannot open the lock file " + path_ + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      const std::string holder = read_all(fd);
      ::close(fd);
      if (err == EWOULDBLOCK) throw FolderBusy(busy_message(dir, path_, holder));
      throw AnalysisError("cannot lock " + path_ + ": " + std::strerror(err));
    }
    struct stat held {}, there {};
    if (::fstat(fd, &held) == 0 && ::stat(path_.c_str(), &there) == 0 && held.st_dev == there.st_dev && held.st_ino == there.st_ino) {
      fd_ = fd;
      break;
    }
    ::close(fd);
    if (attempt == LOCK_ATTEMPTS) throw AnalysisError("cannot lock " + path_ + ": the file keeps being replaced");
  }
  // 3. Who holds it, for a run that finds it held.
  char host[256] = {0};
  if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "unknown");
  const std::string info = "pid " + std::to_string(::getpid()) + "\nhost " + host + "\nsince " + utc_stamp() + "\ncommand " +
                           (command.empty() ? std::string("(not recorded)") : command) + "\n";
  // A failed write leaves the lock held all the same; only the note of who holds it is missing.
  const bool noted = ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, info.data(), info.size(), 0) == ssize_t(info.size());
  (void)noted;
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) {
    ::unlink(path_.c_str());  // while still held: a run that opened this file sees it replaced and tries again
    ::close(fd_);
  }
  if (created_dir_) {
    std::error_code ec;
    fs::remove(dir_, ec);  // only when empty: a run that wrote nothing leaves no folder
  }
}

}  // namespace mists::analysis
