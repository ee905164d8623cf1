#include "serve/server.h"

#include <httplib.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <chrono>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "serve/coop_table.h"
#include "serve/vs_table.h"

namespace mists::serve {

using nlohmann::json;

namespace {

constexpr size_t MAX_BODY = 1 << 20;  // a record of the longest game is some 20 kB

// One table and its own lock: a long request (advice, review) on one game never holds another.
struct Slot {
  std::mutex m;
  std::unique_ptr<Table> table;
  long long born = 0;
  explicit Slot(std::unique_ptr<Table> t, long long n) : table(std::move(t)), born(n) {}
};

class Tables {
 public:
  explicit Tables(int most) : most_(most) {}
  std::pair<std::string, std::shared_ptr<Slot>> add(std::unique_ptr<Table> t) {
    std::lock_guard<std::mutex> g(m_);
    if (int(all_.size()) >= most_) {  // the oldest game makes room
      auto oldest = all_.begin();
      for (auto it = all_.begin(); it != all_.end(); ++it)
        if (it->second->born < oldest->second->born) oldest = it;
      all_.erase(oldest);
    }
    std::string id;
    do {
      id.clear();
      for (int i = 0; i < 4; ++i) {
        char b[9];
        std::snprintf(b, sizeof b, "%08x", unsigned(rng_()));
        id += b;
      }
    } while (all_.count(id));
    auto slot = std::make_shared<Slot>(std::move(t), ++count_);
    all_[id] = slot;
    return {id, slot};
  }
  std::shared_ptr<Slot> find(const std::string& id) {
    std::lock_guard<std::mutex> g(m_);
    auto it = all_.find(id);
    return it == all_.end() ? nullptr : it->second;
  }
  bool drop(const std::string& id) {
    std::lock_guard<std::mutex> g(m_);
    return all_.erase(id) > 0;
  }

 private:
  std::mutex m_;
  std::map<std::string, std::shared_ptr<Slot>> all_;
  std::mt19937 rng_{std::random_device{}()};
  long long count_ = 0;
  int most_;
};

// A request the server refuses, with its HTTP status.
struct Refused {
  int status;
  std::string message;
};

// A long request (advice, review) run in the background on a copy of the table, so that the page can
// show how far it has come and stop it; the game itself may go on meanwhile.
struct Job {
  std::string kind, table;
  analysis::ReviewProgress progress;
  std::mutex m;
  std::string state = "running";  // running, done, cancelled, failed
  json result;
  std::string error;
  std::thread worker;
  long long born = 0;
};

class Jobs {
 public:
  static constexpr int MOST_RUNNING = 4, MOST_KEPT = 64;
  ~Jobs() { stop_all(); }
  // Starts `work` on its own thread; a Refused (503) when MOST_RUNNING are running.
  std::string start(const std::string& kind, const std::string& table, std::function<json(analysis::ReviewProgress&)> work) {
    std::lock_guard<std::mutex> g(m_);
    int running = 0;
    for (auto& [id, j] : all_) {
      std::lock_guard<std::mutex> jg(j->m);
      running += j->state == "running";
    }
    if (running >= MOST_RUNNING)
      throw Refused{503, "busy: " + std::to_string(running) + " advice or review jobs are running; wait for one, or cancel one"};
    while (int(all_.size()) >= MOST_KEPT && drop_oldest_finished()) {
    }
    const std::string id = std::to_string(++count_);
    auto job = std::make_shared<Job>();
    job->kind = kind, job->table = table, job->born = count_;
    job->worker = std::thread([job, work = std::move(work)] {
      json out;
      std::string error, state = "done";
      try {
        out = work(job->progress);
      } catch (const analysis::ReviewCancelled&) {
        state = "cancelled";
      } catch (const std::exception& e) {
        state = "failed", error = e.what();
      }
      std::lock_guard<std::mutex> jg(job->m);
      job->result = std::move(out), job->error = std::move(error), job->state = state;
    });
    all_[id] = job;
    return id;
  }
  std::shared_ptr<Job> find(const std::string& id) {
    std::lock_guard<std::mutex> g(m_);
    auto it = all_.find(id);
    if (it == all_.end()) throw Refused{404, "no job " + id + " (it ended with the server, or was never started)"};
    return it->second;
  }
  // Every job told to stop, and waited for: the server's end.
  void stop_all() {
    std::lock_guard<std::mutex> g(m_);
    for (auto& [id, j] : all_) j->progress.cancel = true;
    for (auto& [id, j] : all_)
      if (j->worker.joinable()) j->worker.join();
    all_.clear();
  }

 private:
  bool drop_oldest_finished() {
    auto oldest = all_.end();
    for (auto it = all_.begin(); it != all_.end(); ++it) {
      std::lock_guard<std::mutex> jg(it->second->m);
      if (it->second->state != "running" && (oldest == all_.end() || it->second->born < oldest->second->born)) oldest = it;
    }
    if (oldest == all_.end()) return false;
    if (oldest->second->worker.joinable()) oldest->second->worker.join();
    all_.erase(oldest);
    return true;
  }
  std::mutex m_;
  std::map<std::string, std::shared_ptr<Job>> all_;
  long long count_ = 0;
};

json job_json(const std::string& id, Job& j) {
  std::lock_guard<std::mutex> g(j.m);
  json out = {{"job", id}, {"kind", j.kind}, {"table", j.table}, {"state", j.state}, {"done", j.progress.done.load()},
              {"total", j.progress.total.load()}};
  if (j.state == "done") out["result"] = j.result;
  if (j.state == "failed") out["error"] = j.error;
  return out;
}


void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

json body_of(const httplib::Request& req) {
  if (req.body.empty()) return json::object();
  json j;
  try {
    j = json::parse(req.body);
  } catch (const json::exception& e) {
    throw Refused{400, std::string("body: not JSON (") + e.what() + ")"};
  }
  if (!j.is_object()) throw Refused{400, "body: a JSON object, such as {\"step\": \"place 1 0 2\"}"};
  return j;
}

long long whole(const json& j, const char* key, long long lo, long long hi, long long fallback) {
  if (!j.contains(key)) return fallback;
  const json& v = j.at(key);
  if (!v.is_number_integer()) throw Refused{400, std::string(key) + ": a whole number, not " + v.dump()};
  const long long x = v.get<long long>();
  if (x < lo || x > hi) throw Refused{400, std::string(key) + ": " + std::to_string(x) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi)};
  return x;
}

std::string text_of(const json& j, const char* key) {
  if (!j.contains(key)) throw Refused{400, std::string(key) + ": missing"};
  if (!j.at(key).is_string()) throw Refused{400, std::string(key) + ": a string, not " + j.at(key).dump()};
  return j.at(key).get<std::string>();
}

void only_keys(const json& j, std::initializer_list<const char*> keys) {
  for (const auto& [k, v] : j.items()) {
    bool known = false;
    for (const char* x : keys) known = known || k == x;
    if (!known) {
      std::string list;
      for (const char* x : keys) list += (list.empty() ? "" : ", ") + std::string(x);
      throw Refused{400, "'" + k + "': not a field of this request (" + list + ")"};
    }
  }
}

// Runs `f`, turning every refusal into a JSON error: 400 for a bad request (the table unchanged),
// 404 for an unknown table.
template <class F>
void guarded(httplib::Response& res, F&& f) {
  try {
    f();
  } catch (const Refused& r) {
    send_json(res, r.status, {{"error", r.message}});
  } catch (const TableError& e) {
    send_json(res, 400, {{"error", e.what()}});
  } catch (const std::exception& e) {
    send_json(res, 400, {{"error", e.what()}});
  }
}

}  // namespace

int run_server(const ServeOptions& how) {
  const std::string page = [] {
    const std::string path = analysis::resolve_input("serve/page.html");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open file (the page mists serve sends)");
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
  }();
  Tables tables(how.max_tables);
  httplib::Server svr;
  svr.set_payload_max_length(MAX_BODY);
  auto table_of = [&](const httplib::Request& req) {
    const std::string id = req.matches[1];
    auto slot = tables.find(id);
    if (!slot) throw Refused{404, "no game " + id + " (it ended with the server, or was never made)"};
    return std::make_pair(id, slot);
  };
  auto answer = [](httplib::Response& res, int status, const std::string& id, const Table& t) {
    send_json(res, status, {{"id", id}, {"view", t.view()}});
  };
  svr.Get("/", [&](const httplib::Request&, httplib::Response& res) { res.set_content(page, "text/html; charset=utf-8"); });
  svr.Post("/api/tables", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const json b = body_of(req);
      if (b.contains("record")) {
        only_keys(b, {"record"});
        auto [id, slot] = tables.add(table_from_record(text_of(b, "record")));
        std::lock_guard<std::mutex> g(slot->m);
        return answer(res, 201, id, *slot->table);
      }
      const std::string kind = b.contains("kind") ? text_of(b, "kind") : "coop";
      const std::string mode = b.contains("mode") ? text_of(b, "mode") : "dealt";
      if (mode != "dealt" && mode != "entered") throw Refused{400, "mode: 'dealt' (a study's or tournament's deal) or 'entered' (the draws of a game at the table), not '" + mode + "'"};
      if (kind == "coop") {
        only_keys(b, {"kind", "level", "players", "seed", "game", "mode"});
        NewCoopTable n;
        n.level = int(whole(b, "level", 1, 6, 1));
        n.players = int(whole(b, "players", 1, 5, 2));
        n.seed = uint64_t(whole(b, "seed", 0, (1LL << 53), 1));
        n.game = uint64_t(whole(b, "game", 0, 1000000000, 0));
        n.physical = mode == "entered";
        auto [id, slot] = tables.add(std::make_unique<CoopTable>(n));
        std::lock_guard<std::mutex> g(slot->m);
        return answer(res, 201, id, *slot->table);
      }
      if (kind != "base" && kind != "gcc") throw Refused{400, "kind: 'coop' (Mists over Carcassonne), 'base' or 'gcc', not '" + kind + "'"};
      only_keys(b, {"kind", "players", "seats", "seed", "deal", "mode", "expansions", "switches"});
      NewVsTable n;
      n.game = kind;
      n.players = int(whole(b, "players", 2, vs::VS_MAX_PLAYERS, 2));
      n.seed = uint64_t(whole(b, "seed", 0, (1LL << 53), 1));
      n.deal = uint64_t(whole(b, "deal", 0, 1000000000, 0));
      n.physical = mode == "entered";
      if (b.contains("expansions")) n.expansions = text_of(b, "expansions");
      if (!b.contains("seats")) throw Refused{400, "seats: missing; one a seat, each 'human' or a competitive agent, such as [\"human\", \"mcts\"]"};
      const json& seats = b.at("seats");
      if (!seats.is_array()) throw Refused{400, "seats: a list of strings, not " + seats.dump()};
      for (const json& x : seats) {
        if (!x.is_string()) throw Refused{400, "seats: each a string ('human' or an agent), not " + x.dump()};
        n.seats.push_back(x.get<std::string>());
      }
      if (b.contains("switches")) {
        const json& sw = b.at("switches");
        if (!sw.is_object()) throw Refused{400, "switches: an object of name: value strings, such as {\"score_floor\": \"each_scoring\"}, not " + sw.dump()};
        for (const auto& [k, v] : sw.items()) {
          if (!v.is_string()) throw Refused{400, "switches: " + k + ": a string value, not " + v.dump()};
          n.switches.emplace_back(k, v.get<std::string>());
        }
      }
      auto [id, slot] = tables.add(std::make_unique<VsTable>(n));
      std::lock_guard<std::mutex> g(slot->m);
      answer(res, 201, id, *slot->table);
    });
  });
  svr.Get(R"(/api/tables/([0-9a-f]+))", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      std::lock_guard<std::mutex> g(slot->m);
      answer(res, 200, id, *slot->table);
    });
  });
  svr.Delete(R"(/api/tables/([0-9a-f]+))", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      if (!tables.drop(req.matches[1])) throw Refused{404, "no game " + std::string(req.matches[1])};
      send_json(res, 200, {{"dropped", std::string(req.matches[1])}});
    });
  });
  svr.Post(R"(/api/tables/([0-9a-f]+)/step)", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      const json b = body_of(req);
      only_keys(b, {"step"});
      const std::string step = text_of(b, "step");
      std::lock_guard<std::mutex> g(slot->m);
      slot->table->step(step);
      answer(res, 200, id, *slot->table);
    });
  });
  svr.Post(R"(/api/tables/([0-9a-f]+)/undo)", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      only_keys(body_of(req), {});
      std::lock_guard<std::mutex> g(slot->m);
      slot->table->undo();
      answer(res, 200, id, *slot->table);
    });
  });
  svr.Get(R"(/api/tables/([0-9a-f]+)/record)", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      std::lock_guard<std::mutex> g(slot->m);
      res.set_content(slot->table->record(), "text/plain; charset=utf-8");
    });
  });
  svr.Post(R"(/api/tables/([0-9a-f]+)/advice)", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      const json b = body_of(req);
      only_keys(b, {"top"});
      const int top = int(whole(b, "top", 1, 100, 6));
      std::lock_guard<std::mutex> g(slot->m);
      send_json(res, 200, slot->table->advice(top));
    });
  });
  svr.Post(R"(/api/tables/([0-9a-f]+)/review)", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      only_keys(body_of(req), {});
      std::lock_guard<std::mutex> g(slot->m);
      send_json(res, 200, slot->table->review());
    });
  });
  // The same two as background jobs: started, asked how far they have come, cancelled.
  Jobs jobs;
  svr.Post(R"(/api/tables/([0-9a-f]+)/jobs)", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto [id, slot] = table_of(req);
      const json b = body_of(req);
      only_keys(b, {"kind", "top"});
      const std::string kind = text_of(b, "kind");
      if (kind != "advice" && kind != "review") throw Refused{400, "kind: 'advice' or 'review', not '" + kind + "'"};
      if (kind == "review" && b.contains("top")) throw Refused{400, "'top': not a field of a review job (kind)"};
      const int top = int(whole(b, "top", 1, 100, 6));
      std::shared_ptr<const Table> copy;
      {
        std::lock_guard<std::mutex> g(slot->m);
        if (kind == "advice" && !slot->table->deciding()) throw Refused{400, "advice: the game waits for no decision of the table's"};
        copy = slot->table->copy();
      }
      const std::string jid = jobs.start(kind, id, [copy, kind, top](analysis::ReviewProgress& p) {
        return kind == "advice" ? copy->advice(top, &p) : copy->review(&p);
      });
      send_json(res, 202, job_json(jid, *jobs.find(jid)));
    });
  });
  svr.Get(R"(/api/jobs/([0-9]+))", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, 200, job_json(req.matches[1], *jobs.find(req.matches[1]))); });
  });
  svr.Delete(R"(/api/jobs/([0-9]+))", [&](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      auto j = jobs.find(req.matches[1]);
      j->progress.cancel = true;
      send_json(res, 200, job_json(req.matches[1], *j));
    });
  });
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.body.empty())
      send_json(res, res.status, {{"error", res.status == 404 ? "no such page or request: " + req.method + " " + req.path
                                 : res.status == 400 ? "the request could not be read (a POST needs a body: a JSON object, {} at least)"
                                 : res.status == 413 ? "the body is larger than " + std::to_string(MAX_BODY) + " bytes"
                                                     : "request refused (HTTP " + std::to_string(res.status) + ")"}});
  });
  svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unexpected error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_json(res, 500, {{"error", what}});
  });
  if (!how.quiet)
    svr.set_logger([](const httplib::Request& req, const httplib::Response& res) {
      std::cerr << "mists serve: " << req.method << ' ' << req.path << ' ' << res.status << '\n';
    });

  int port = how.port;
  if (port == 0) {
    port = svr.bind_to_any_port(how.host);
    if (port < 0) {
      std::cerr << "mists: error: cannot listen on " << how.host << " (any port)\n";
      return 1;
    }
  } else if (!svr.bind_to_port(how.host, port)) {
    std::cerr << "mists: error: cannot listen on " << how.host << ":" << port << " (in use, or not this machine's address)\n";
    return 1;
  }
  std::cout << "mists serve: http://" << how.host << ":" << port << "/" << std::endl;
  // SIGINT and SIGTERM stop the server; the games in memory end with it.
  analysis::InterruptGuard guard;
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done && !analysis::interrupt_signal()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    svr.stop();
  });
  svr.listen_after_bind();
  done = true;
  watcher.join();
  jobs.stop_all();
  if (!how.quiet) std::cerr << "mists serve: stopped\n";
  return 0;
}

}  // namespace mists::serve
