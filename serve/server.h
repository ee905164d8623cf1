// mists serve: a local web server for the player's table (docs/serve.md). Each browser tab plays
// its own table (serve/table.h) by id; the page (serve/page.html) draws the board and offers only
// legal steps; every request is checked, and a refused one changes nothing.
#pragma once

#include <functional>
#include <string>

namespace mists::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback only unless the caller says otherwise
  int port = 8080;                 // 0: any free port (the one taken is printed)
  int max_tables = 64;             // games held at once; the oldest is dropped for a new one beyond
  bool quiet = false;              // no request log
};

// Serves until SIGINT or SIGTERM; prints "mists serve: http://HOST:PORT/" once listening. Returns
// the exit status (0 after a signal; 1 when the address cannot be bound).
int run_server(const ServeOptions& how);

}  // namespace mists::serve
