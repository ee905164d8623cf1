"""mists serve under bad requests (issue 46): 1,000 malformed or illegal requests against the
running server, each refused with a clear JSON error, none crashing it, the games in progress
unchanged; a game per client that another never sees; and a whole game played through the API
whose record `mists replay` accepts. Loopback only, bounded in count and time; the test starts the
server and stops it (run by ctest: python_bindings)."""
import http.client
import json
import os
import random
import re
import signal
import subprocess
import time

import pytest

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen([BINARY, "serve", "--port", "0", "-q"], cwd=SOURCE, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("mists serve: http://127.0.0.1:"), line
    port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
    yield proc, port
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=10) == 0


def request(port, method, path, body=None, raw=None, timeout=30):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = raw if raw is not None else (None if body is None else json.dumps(body))
    headers = {"Content-Type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    text = r.read().decode("utf-8", "replace")
    conn.close()
    return r.status, text


def new_game(port, **kw):
    status, text = request(port, "POST", "/api/tables", kw)
    assert status == 201, text
    return json.loads(text)


def play_first(port, game, limit=2000):
    """Plays the first legal option at every decision (entered draws: the first unseen tile)."""
    v = game["view"]
    for _ in range(limit):
        if v["over"]:
            break
        step = v["options"][0]["text"] if v["input"] == "decision" else "draw " + v["draws"][0]["id"]
        status, text = request(port, "POST", f"/api/tables/{game['id']}/step", {"step": step})
        assert status == 200, text
        v = json.loads(text)["view"]
    return v


def test_a_game_through_the_api_and_its_record_replays(server, tmp_path):
    proc, port = server
    game = new_game(port, level=1, players=2, seed=3, game=1)
    assert game["view"]["input"] == "decision" and game["view"]["phase"] == "place"
    assert all("x" in o for o in game["view"]["options"])
    v = play_first(port, game)
    assert v["over"] and v["outcome"] in ("won", "lost")
    status, record = request(port, "GET", f"/api/tables/{game['id']}/record")
    assert status == 200 and record.splitlines()[-1].startswith("result " + v["outcome"])
    path = tmp_path / "game.txt"
    path.write_text(record)
    r = subprocess.run([BINARY, "replay", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # The record loads back as a game at the same position.
    status, text = request(port, "POST", "/api/tables", {"record": record})
    assert status == 201, text
    assert json.loads(text)["view"]["steps"] == v["steps"]


def test_an_entered_game_undo_advice_and_review(server, tmp_path):
    proc, port = server
    game = new_game(port, level=3, players=2, mode="entered")
    gid, v = game["id"], game["view"]
    assert v["input"] == "draw" and len(v["draws"]) > 10 and v["draws"][0]["svg"].startswith("<svg")
    for _ in range(4):  # a few turns: a draw, then the decisions of the turn
        step = "draw " + v["draws"][-1]["id"] if v["input"] == "draw" else v["options"][0]["text"]
        status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": step})
        assert status == 200, text
        v = json.loads(text)["view"]
    while v["input"] != "decision":
        status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": "draw " + v["draws"][0]["id"]})
        v = json.loads(text)["view"]
    before = v
    status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": v["options"][0]["text"]})
    assert status == 200
    status, text = request(port, "POST", f"/api/tables/{gid}/undo", {})
    assert status == 200 and json.loads(text)["view"] == before
    # Advice and a review asked for at once wait for the whole search: the job's limit, not a step's.
    status, text = request(port, "POST", f"/api/tables/{gid}/advice", {"top": 3}, timeout=120)
    advice = json.loads(text)
    assert status == 200 and advice["choice"] in [o["text"] for o in v["options"]]
    assert len(advice["options"]) == min(3, len(v["options"])) and all(0 <= o["win"] <= 1 for o in advice["options"])
    status, text = request(port, "POST", f"/api/tables/{gid}/review", {}, timeout=120)
    review = json.loads(text)
    assert status == 200 and review["win_chance"] and len(review["curve"]) == len(review["marks"])
    assert review["judge"] == "planner:value=blend,blend=10,samples=12" and review["rollout"] == "td"
    assert sum(p["decisions"] for p in review["players"]) == len(review["marks"]) and len(review["players"]) == 2
    for m in review["marks"]:
        assert (m["played_value"] is None) == (m["verdict"] == "agrees")
        assert m["verdict"] != "costly" or (m["line"]["steps"][0]["text"] == m["best"] and m["cost"] - m["margin"] > review["negligible"])
    status, record = request(port, "GET", f"/api/tables/{gid}/record")
    path = tmp_path / "entered.txt"
    path.write_text(record)
    r = subprocess.run([BINARY, "replay", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # The page and mists review give the same marks on this record.
    r = subprocess.run([BINARY, "review", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # mark for mark: the page's review is the text mists review prints for the saved record
    assert review["text"] == r.stdout
    verdicts = next(line for line in r.stdout.splitlines() if line.startswith("verdicts:"))
    for name in ("agrees", "as good", "within noise", "costly"):
        m = re.search(name + r" (\d+)", verdicts)
        assert (int(m.group(1)) if m else 0) == sum(1 for m in review["marks"] if m["verdict"] == name), (name, verdicts)


def test_a_competitive_game_against_an_agent(server, tmp_path):
    proc, port = server
    game = new_game(port, kind="gcc", players=2, seats=["human", "greedy"], seed=2, deal=1)
    gid, v = game["id"], game["view"]
    assert v["kind"] == "versus" and v["input"] == "decision" and v["player"] == 0 and v["phase"] == "place"
    assert [s["human"] for s in v["seats"]] == [True, False] and v["seats"][1]["agent"] == "greedy"
    assert all("x" in o and "cell" in o for o in v["options"]) and v["svg"].startswith("<svg")
    # One step of the table's brings the greedy seat's moves after it; undo takes them back with it.
    status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": v["options"][0]["text"]})
    assert status == 200, text
    v1 = json.loads(text)["view"]
    while v1["player"] == 0 and v1["phase"] != "place":  # the rest of seat 0's turn
        status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": v1["options"][0]["text"]})
        v1 = json.loads(text)["view"]
    assert any("seat 1 (greedy)" in w for w in v1["step_words"]), v1["step_words"]
    status, text = request(port, "POST", f"/api/tables/{gid}/undo", {})
    assert status == 200 and len(json.loads(text)["view"]["steps"]) < len(v1["steps"])
    status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": json.loads(text)["view"]["options"][0]["text"]})
    assert status == 200, text
    # Unfinished: the record says so, replays, and loads back at the same position.
    status, record = request(port, "GET", f"/api/tables/{gid}/record")
    assert status == 200 and record.splitlines()[-1].startswith("result unfinished ")
    path = tmp_path / "part.txt"
    path.write_text(record)
    r = subprocess.run([BINARY, "replay", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0 and "the game is unfinished" in r.stdout, r.stdout + r.stderr
    status, text = request(port, "POST", f"/api/tables", {"record": record})
    assert status == 201, text
    assert json.loads(text)["view"] == json.loads(request(port, "GET", f"/api/tables/{gid}")[1])["view"]
    # To the end: the final record replays with the scores the page shows.
    v = play_first(port, json.loads(request(port, "GET", f"/api/tables/{gid}")[1]))
    assert v["over"] and v["input"] == "none" and sum(s["share"] for s in v["seats"]) == pytest.approx(1)
    status, record = request(port, "GET", f"/api/tables/{gid}/record")
    assert record.splitlines()[-1] == "result " + " ".join(str(s["score"]) for s in v["seats"])
    path.write_text(record)
    r = subprocess.run([BINARY, "replay", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    status, text = request(port, "POST", f"/api/tables/{gid}/advice", {})
    assert status == 400 and "waits for no decision" in json.loads(text)["error"]
    # Every module, on the map: the chips turned up and the abbeys come in the steps; the record replays.
    game = new_game(port, kind="base", players=2, seats=["human", "greedy"], seed=5, expansions="abbey_mayor,tollkeepers,map_chips")
    v = play_first(port, game)
    assert v["over"] and any(s.startswith("chip ") for s in v["steps"])
    path.write_text(request(port, "GET", f"/api/tables/{game['id']}/record")[1])
    r = subprocess.run([BINARY, "replay", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_a_competitive_entered_game_advice_and_review(server, tmp_path):
    proc, port = server
    game = new_game(port, kind="base", players=2, seats=["human", "expert"], mode="entered")
    gid, v = game["id"], game["view"]
    assert v["input"] == "draw" and all(d["step"] == "draw " + d["id"] for d in v["draws"])
    status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": "chip 1"})
    assert status == 400 and "waits for a draw" in json.loads(text)["error"]
    draws = 0
    while draws < 10 or v["input"] != "decision":  # ten draws: the table's seat then has a costly decision
        step = v["draws"][draws % len(v["draws"])]["step"] if v["input"] == "draw" else v["options"][-1]["text"]
        draws += v["input"] == "draw"
        status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": step})
        assert status == 200, text
        v = json.loads(text)["view"]
    # Advice and a review asked for at once wait for the whole search: the job's limit, not a step's.
    status, text = request(port, "POST", f"/api/tables/{gid}/advice", {"top": 3}, timeout=120)
    advice = json.loads(text)
    assert status == 200 and advice["choice"] in [o["text"] for o in v["options"]] and advice["agent"] == "mcts"
    assert len(advice["options"]) == min(3, len(v["options"])) and all(0 <= o["win"] <= 1 for o in advice["options"])
    assert [o["win"] for o in advice["options"]] == sorted((o["win"] for o in advice["options"]), reverse=True)
    status, text = request(port, "POST", f"/api/tables/{gid}/jobs", {"kind": "review"})
    assert status == 202, text
    j = wait_job(port, json.loads(text)["job"])
    review = j["result"]
    assert j["state"] == "done" and j["done"] == j["total"] == len(review["marks"]) and review["kind"] == "versus"
    assert sum(p["decisions"] for p in review["players"]) == len(review["marks"]) and len(review["players"]) == 2
    drawn = sum(1 for st in v["steps"] if st.startswith("draw "))
    assert any(m["verdict"] == "costly" for m in review["marks"])
    for m in review["marks"]:
        if m["verdict"] != "costly":
            assert "line" not in m
            continue
        # The better line: the judge's option first, no more draws than the table entered after the decision.
        line = m["line"]
        assert line["steps"][0]["text"] == m["best"] and len(line["scores"]) == 2
        after = sum(1 for st in v["steps"][m["step"]:] if st.startswith("draw "))
        assert sum(1 for st in line["steps"] if st["text"].startswith("draw ")) <= after <= drawn
    status, record = request(port, "GET", f"/api/tables/{gid}/record")
    assert "\nagents entered expert\n" in record
    path = tmp_path / "entered-base.txt"
    path.write_text(record)
    # mark for mark: the page's review is the text mists review prints for the saved record
    r = subprocess.run([BINARY, "review", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert review["text"] == r.stdout
    # The record loads back as an entered game waiting where it was.
    status, text = request(port, "POST", "/api/tables", {"record": record})
    assert status == 201 and json.loads(text)["view"]["mode"] == "entered" and json.loads(text)["view"]["steps"] == v["steps"]


def wait_job(port, jid, limit_s=120):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        status, text = request(port, "GET", f"/api/jobs/{jid}")
        assert status == 200, text
        j = json.loads(text)
        assert 0 <= j["done"] <= max(j["total"], 0) or j["total"] == 0
        if j["state"] != "running":
            return j
        time.sleep(0.2)
    raise AssertionError(f"job {jid} still running after {limit_s} s")


def test_advice_and_review_as_jobs_with_progress_and_cancel(server):
    proc, port = server
    # A short entered game: the review job gives what the request gives, with its decisions counted.
    game = new_game(port, level=2, players=2, mode="entered")
    gid, v = game["id"], game["view"]
    for _ in range(12):
        step = "draw " + v["draws"][0]["id"] if v["input"] == "draw" else v["options"][-1]["text"]
        status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": step})
        assert status == 200, text
        v = json.loads(text)["view"]
    status, text = request(port, "POST", f"/api/tables/{gid}/jobs", {"kind": "review"})
    assert status == 202, text
    j = wait_job(port, json.loads(text)["job"])
    assert j["state"] == "done" and j["done"] == j["total"] == len(j["result"]["marks"]) and j["table"] == gid
    # The same review asked for at once: the request waits for the whole review (as long as the job
    # took, longer on a loaded machine), so it is given the job's limit.
    status, text = request(port, "POST", f"/api/tables/{gid}/review", {}, timeout=120)
    assert status == 200 and json.loads(text) == j["result"]
    # Advice as a job: two stages; refused where the game waits for a draw.
    while v["input"] != "decision":
        status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": "draw " + v["draws"][0]["id"]})
        v = json.loads(text)["view"]
    status, text = request(port, "POST", f"/api/tables/{gid}/jobs", {"kind": "advice", "top": 2})
    assert status == 202, text
    j = wait_job(port, json.loads(text)["job"])
    assert j["state"] == "done" and j["done"] == j["total"] == 2 and len(j["result"]["options"]) <= 2
    # A long review cancelled at once ends cancelled, long before it would have finished; the game goes on.
    long = new_game(port, level=3, players=2, seed=5, game=2)
    lv = play_first(port, long)
    status, text = request(port, "POST", f"/api/tables/{long['id']}/jobs", {"kind": "review"})
    assert status == 202, text
    jid = json.loads(text)["job"]
    t0 = time.time()
    status, text = request(port, "DELETE", f"/api/jobs/{jid}")
    assert status == 200, text
    j = wait_job(port, jid, limit_s=60)
    assert j["state"] == "cancelled" and j["done"] < j["total"] and "result" not in j, j
    assert time.time() - t0 < 30
    status, text = request(port, "GET", f"/api/tables/{long['id']}")
    assert status == 200 and json.loads(text)["view"] == lv
    # Bad job requests: refused by name.
    for body, needle in (({"kind": "solve"}, "kind: 'advice' or 'review'"), ({}, "kind: missing"),
                         ({"kind": "review", "top": 3}, "'top': not a field of a review job"),
                         ({"kind": "advice", "top": 0}, "top: 0 is outside 1..100"), ({"kind": "advice", "x": 1}, "'x': not a field")):
        status, text = request(port, "POST", f"/api/tables/{gid}/jobs", body)
        assert status == 400 and needle in json.loads(text)["error"], (body, text)
    status, text = request(port, "POST", f"/api/tables/{long['id']}/jobs", {"kind": "advice"})
    assert status == 400 and "waits for no decision" in json.loads(text)["error"]
    for method in ("GET", "DELETE"):
        status, text = request(port, method, "/api/jobs/987654")
        assert status == 404 and "no job 987654" in json.loads(text)["error"]


def bad_requests(gid, rng, vid=None):
    """A stream of malformed or illegal requests, each (method, path, json body or None, raw bytes or None)."""
    junk = ["", "{", "[]", "null", "42", '"text"', '{"step": 3}', '{"step": null}', '{"step": ["place"]}', "\x00\xff\xfe",
            '{"step": "place 99 99 0"}', '{"step": "draw 14a"}', '{"step": "meeple city0 pink"}', '{"step": ""}',
            '{"step": "place 0 -1"}', '{"bogus": 1}', '{"step": "place 0 -1 2", "extra": true}', "x" * 5000]
    news = [{"level": 9}, {"level": 0}, {"level": "3"}, {"players": 7}, {"players": 2.5}, {"seed": -1}, {"seed": 2 ** 60},
            {"game": -3}, {"mode": "chess"}, {"mode": 3}, {"colour": "red"}, {"record": "not a record"},
            {"record": "format mists-record/2\nsteps\n"}, {"record": 5}, {"record": "x", "level": 2},
            {"kind": "chess"}, {"kind": "gcc"}, {"kind": "gcc", "seats": "human"}, {"kind": "gcc", "seats": [1, 2]},
            {"kind": "gcc", "seats": ["human", "nonsense"]}, {"kind": "base", "players": 3, "seats": ["human", "greedy"]},
            {"kind": "gcc", "seats": ["greedy", "greedy"], "mode": "entered"}, {"kind": "gcc", "seats": ["human", "mcts:playout=3"]},
            {"kind": "gcc", "seats": ["human", "greedy"], "expansions": "chess"}, {"kind": "gcc", "seats": ["human", "greedy"], "level": 2},
            {"kind": "gcc", "seats": ["human", "greedy"], "switches": {"score_floor": "maybe"}},
            {"kind": "gcc", "seats": ["human", "greedy"], "switches": ["score_floor"]}, {"kind": "base", "players": 9, "seats": []},
            {"kind": "gcc", "seats": ["human", "greedy"], "expansions": "map_chips", "mode": "entered"}]
    paths = ["/api/tables/ffffffffffffffff", "/api/tables/ffffffffffffffff/step", "/api/nothing", "/api/tables/XYZ/step",
             "/../etc/passwd", f"/api/tables/{gid}/nothing", "/api/tables/" + "a" * 300]
    while True:
        kind = rng.randrange(7)
        if kind == 0:
            yield "POST", f"/api/tables/{rng.choice([gid, vid or gid])}/step", None, rng.choice(junk + ['{"step": "ghost 1 3"}', '{"step": "chip 2"}'])
        elif kind == 1:
            yield "POST", "/api/tables", rng.choice(news), None
        elif kind == 2:
            yield rng.choice(["GET", "POST", "DELETE", "PUT"]), rng.choice(paths), None, "{}"
        elif kind == 3:
            yield "POST", "/api/tables", None, rng.choice(junk[1:10] + ["x" * 3000])  # an empty body is a default game
        elif kind == 4:
            yield "POST", f"/api/tables/{gid}/advice", rng.choice([{"top": 0}, {"top": "3"}, {"top": 10 ** 9}, {"depth": 2}]), None
        elif kind == 5:
            yield "POST", f"/api/tables/{gid}/undo", rng.choice([{"x": 1}, {"step": "u"}]), None
        else:
            yield "POST", f"/api/tables/{gid}/review", {"judge": "expert"}, None


def test_a_thousand_bad_requests_are_refused_and_change_nothing(server):
    proc, port = server
    game = new_game(port, level=2, players=3, seed=5)
    gid = game["id"]
    status, text = request(port, "POST", f"/api/tables/{gid}/step", {"step": game["view"]["options"][0]["text"]})
    other = new_game(port, level=1, players=1, mode="entered")
    versus = new_game(port, kind="gcc", players=3, seats=["greedy", "human", "random"], seed=4)
    snapshot = {g: request(port, "GET", f"/api/tables/{g}")[1] for g in (gid, other["id"], versus["id"])}
    rng = random.Random(46)
    start, refused = time.time(), 0
    for n, (method, path, body, raw) in zip(range(1000), bad_requests(gid, rng, versus["id"])):
        status, text = request(port, method, path, body, raw)
        assert 400 <= status < 500, (method, path, body, raw, status, text)
        try:
            message = json.loads(text)["error"]
        except (ValueError, KeyError):
            pytest.fail(f"request {n} ({method} {path}) got no JSON error: {text[:200]}")
        assert isinstance(message, str) and len(message) > 10, message
        refused += 1
        assert proc.poll() is None, f"the server died at request {n}"
        assert time.time() - start < 120, "1,000 requests took over two minutes"
    assert refused == 1000
    # An oversized body is refused too.
    status, text = request(port, "POST", f"/api/tables/{gid}/step", raw='{"step": "' + "x" * (2 << 20) + '"}')
    assert status == 413 and "larger than" in json.loads(text)["error"]
    for g, before in snapshot.items():
        assert request(port, "GET", f"/api/tables/{g}")[1] == before, "a refused request changed a game"


def test_each_client_has_its_own_game(server):
    proc, port = server
    a = new_game(port, level=1, players=2, seed=1)
    b = new_game(port, level=1, players=2, seed=1)
    assert a["id"] != b["id"] and a["view"] == b["view"]
    request(port, "POST", f"/api/tables/{a['id']}/step", {"step": a["view"]["options"][0]["text"]})
    assert json.loads(request(port, "GET", f"/api/tables/{b['id']}")[1])["view"] == b["view"]
    status, _ = request(port, "DELETE", f"/api/tables/{a['id']}")
    assert status == 200
    assert request(port, "GET", f"/api/tables/{a['id']}")[0] == 404


def test_the_page_is_served(server):
    proc, port = server
    status, text = request(port, "GET", "/")
    assert status == 200 and "<title>mists — the table</title>" in text
