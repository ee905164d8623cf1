#!/usr/bin/python3
"""The player's table in a real browser (CI: scripts/ci-serve.sh). Starts `mists serve` on a free
loopback port, opens its page in headless Chromium (scripts/devtools.py) and, by clicks only:

1. plays a whole level-1 game dealt from seed 1 (2 players): a highlighted cell, then a turn of the
   tile, then every other decision, always the first offered, until the game is over;
2. starts a game whose draws are entered (a real table): picks three drawn tiles from the unseen
   ones and plays each turn;
3. asks for advice (the strongest fair agent's choice) and reviews the unfinished game;
4. saves its record, which `mists replay` must accept;
5. starts a GCC game, seat 0 at the table against greedy, plays ten of its decisions by clicks (the
   greedy seat's moves follow by themselves), asks for advice, reviews it and saves its unfinished
   record, which `mists replay` must accept;
6. checks the page threw no error, and takes screenshots at 1024x700 and 1600x1000.

    scripts/serve_browser.py MISTS_BINARY OUT_DIR [--seconds 300]

Exits non-zero with what failed. The server is stopped at the end whatever happens.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser  # noqa: E402


def fail(msg):
    raise SystemExit("serve-browser: FAIL: " + msg)


class Table:
    def __init__(self, page):
        self.page = page

    def seq(self):
        return self.page.js("window.mistsTable.seq")

    def view(self):
        return self.page.js("window.mistsTable.view")

    def click(self, selector):
        """A real mouse click at the middle of the first element `selector` finds (scrolled into view)."""
        box = self.page.js(f"""(() => {{ const e = document.querySelector({selector!r}); if (!e) return null;
            e.scrollIntoView({{block: "center", inline: "center"}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if box is None:
            fail(f"nothing to click: {selector}")
        self.page.click(box[0], box[1])

    def click_and_wait(self, selector, what):
        before = self.seq()
        self.click(selector)
        for _ in range(400):
            if self.seq() != before:
                err = self.page.js("document.getElementById('error').textContent")
                if err:
                    fail(f"{what}: the page says: {err}")
                return self.view()
            time.sleep(0.025)
        fail(f"{what}: no answer from the server")

    def wait_for(self, expr, what, seconds=120):
        end = time.time() + seconds
        while time.time() < end:
            if self.page.js(expr):
                return
            time.sleep(0.1)
        fail(f"{what}: not done within {seconds} s")

    def advice_and_review(self, reviewed, what):
        """Asks for advice (its step comes back), then the review, until the review shows `reviewed`."""
        self.click("#advise")
        self.wait_for("document.getElementById('advised') !== null", what + "advice")
        advice = self.page.js("document.getElementById('advised').dataset.step")
        self.click("#review")
        self.wait_for(f"document.getElementById('reviewed').textContent.includes({reviewed!r})", "the " + what + "review")
        return advice

    def saved_record_replays(self, mists, path):
        """The game's record, as Save record fetches it, written to `path`; `mists replay` must accept it (its last line)."""
        record = self.page.js("fetch(`/api/tables/${window.mistsTable.id}/record`).then(r => r.text())")
        with open(path, "w") as f:
            f.write(record)
        r = subprocess.run([mists, "replay", path], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"mists replay refused the saved record {path}: " + r.stderr)
        return r.stdout.strip().splitlines()[-1]

    def play_turn(self):
        """One decision by clicks: a cell and a turn when placing, else the first option."""
        v = self.view()
        if v["phase"] == "place":
            self.click(".spot")
            self.wait_for("document.querySelector('#choices button[data-step]') !== null", "the turns of a cell")
        return self.click_and_wait("#choices button[data-step]", f"a {v['phase']} decision")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mists")
    ap.add_argument("out")
    ap.add_argument("--seconds", type=float, default=300)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    browser = shutil.which("chromium") or fail("no chromium on PATH")
    server = subprocess.Popen([a.mists, "serve", "--port", "0", "-q"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        if not line.startswith("mists serve: http://127.0.0.1:"):
            fail(f"the server said {line!r}")
        url = line.split(" ", 2)[2].strip()
        t0 = time.time()
        with Browser(browser, a.seconds, width=1024, height=700) as page:
            page.call("Page.navigate", url=url)
            page.wait_event("Page.loadEventFired")
            t = Table(page)
            # 1. A whole dealt level-1 game.
            page.js("document.getElementById('level').value = '1'; document.getElementById('players').value = '2';"
                    "document.getElementById('mode').value = 'dealt'; document.getElementById('seed').value = '1'")
            v = t.click_and_wait("#new", "a new game")
            decisions = 0
            while not v["over"]:
                if v["input"] != "decision":
                    fail(f"a dealt game waits for {v['input']}")
                v = t.play_turn()
                decisions += 1
                if decisions == 6:
                    page.screenshot(os.path.join(a.out, "serve-1024.png"), width=1024, max_height=700)
                if decisions > 400:
                    fail("the game did not end within 400 decisions")
            print(f"serve-browser: a dealt level-1 game played by clicks to its end: {v['outcome']} ({v['cause']}), "
                  f"{decisions} decisions, {len(v['steps'])} record steps")
            # 2. A game at a real table: three draws entered.
            page.js("document.getElementById('mode').value = 'entered'")
            v = t.click_and_wait("#new", "a new entered game")
            for n in range(3):
                if v["input"] != "draw":
                    fail(f"an entered game waits for {v['input']} before draw {n + 1}")
                v = t.click_and_wait("#draws button[data-step]", f"entered draw {n + 1}")
                while v["input"] == "decision" and (n < 2 or v["phase"] != "place"):
                    v = t.play_turn()
                    if v["input"] == "draw":
                        break
            if v["input"] != "decision":
                fail("after three entered draws the game waits for no decision")
            # 3. Advice, then the review of the unfinished game.
            advice = t.advice_and_review("decisions judged", "")
            print(f"serve-browser: three draws entered; advice '{advice}'; the unfinished game reviewed")
            # 4. Its record, as Save record fetches it, replays.
            t.click("#save")
            print("serve-browser: the saved record replays: " + t.saved_record_replays(a.mists, os.path.join(a.out, "entered.txt")))
            # 5. A competitive game against an agent.
            page.screenshot(os.path.join(a.out, "serve-1024-entered.png"), width=1024, max_height=700)
            page.js("const k = document.getElementById('kind'); k.value = 'gcc'; k.onchange();"
                    "document.getElementById('players').value = '2'; document.getElementById('seats').value = 'human,greedy';"
                    "document.getElementById('mode').value = 'dealt'; document.getElementById('seed').value = '1';"
                    "document.getElementById('game').value = '0'")
            v = t.click_and_wait("#new", "a new GCC game")
            if v.get("kind") != "versus" or not v["seats"][0]["human"] or v["seats"][1]["agent"] != "greedy":
                fail(f"the GCC game's seats are {v.get('seats')}")
            for n in range(10):
                if v["input"] != "decision" or v["player"] != 0:
                    fail(f"the GCC game waits for {v['input']} of seat {v.get('player')} before decision {n + 1}")
                v = t.play_turn()
            greedy = sum(1 for w in v["step_words"] if "seat 1 (greedy)" in w)
            if greedy == 0:
                fail("the greedy seat made no move")
            advice = t.advice_and_review("seat 1 (greedy)", "competitive ")
            replayed = t.saved_record_replays(a.mists, os.path.join(a.out, "gcc.txt"))
            print(f"serve-browser: a GCC game against greedy: ten decisions by clicks, {greedy} greedy steps, advice '{advice}',"
                  " reviewed; its record replays: " + replayed)
            page.screenshot(os.path.join(a.out, "serve-gcc-1024.png"), width=1024, max_height=700)
            # 6. No page error; the larger window.
            problems = page.console_problems()
            if problems:
                fail("the page reported: " + "; ".join(problems))
            page.call("Emulation.setDeviceMetricsOverride", width=1600, height=1000, deviceScaleFactor=1, mobile=False)
            page.screenshot(os.path.join(a.out, "serve-1600.png"), width=1600, max_height=1000)
        print(f"serve-browser: ok in {time.time() - t0:.0f} s")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
