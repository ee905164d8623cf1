#!/usr/bin/env bash
# CI: the game page of mists replay --html / mists review --html in a real browser. Reviews a
# committed level-5 record (tests/records/level5-2p-seed7-game3-expert.txt), opens its page in
# headless Chromium (scripts/devtools.py) and checks: no console error or JavaScript exception;
# stepping with the arrow keys, the buttons and the slider, the turn, score and ghost supply shown
# at several turns equal the status lines of `mists replay --show` for those turns; the last turn
# shows the record's result; the review's marks are on the page, and its list of costly decisions
# links each to its board (#turn-N). Then the competitive pages of `mists replay --html` on a base-game
# and a GCC record (tests/records/): keys, buttons and slider, each seat's score and the ghost supply
# at several boards equal to the board `mists replay --show` prints there, the last board the
# record's result; then the page of `mists review --html` on that base record (seat 1): a verdict on
# every reviewed step and a link per costly decision. On the co-op page and the two replay pages, at
# 1,000 and 1,600 px wide: the controls and the board's top above the fold, the panel beside the board, and the board and panel at the same place on every turn; on each page at 1024 x 700 the legend in the panel and zoom x4 drawing a tile 40 px or more (screenshot NAME-zoom-1024.png).
# Screenshots of each page at both widths (a window's height, 900 px) go to DIR: viewer-1000.png,
# viewer-1600.png, base-1000.png, ..., gcc-1600.png (and viewer.png, the whole co-op page).
#   scripts/ci-viewer.sh [DIR]      DIR default ${TMPDIR:-/tmp}/mists-ci-viewer (replaced)
#   MISTS=path/to/mists             the binary (default build/mists)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
start=$SECONDS
fail() { echo "ci-viewer: FAIL: $*" >&2; exit 1; }
py=/usr/bin/python3
[[ -x $py ]] || py=python3
for p in chromium python3-websocket; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || fail "$p is missing (scripts/ci-browser.sh installs it)"
done
mists=${MISTS:-build/mists}
[[ -x $mists ]] || fail "no $mists (build it with scripts/setup.sh)"
record=tests/records/level5-2p-seed7-game3-expert.txt
dir=${1:-${TMPDIR:-/tmp}/mists-ci-viewer}
rm -rf "$dir" && mkdir -p "$dir" && dir=$(cd "$dir" && pwd)

timeout 300 "$mists" review "$record" --agent mcts:playouts=100 --html "$dir/viewer.html" --out "$dir/review.txt" \
  || fail "mists review"
timeout 60 "$mists" replay "$record" --show > "$dir/replay.txt" || fail "mists replay --show"
# The competitive pages: a base game (3 seats) and a GCC game with Abbey & Mayor and The Tollkeepers (4 seats).
timeout 60 "$mists" replay tests/records/base-3p-seed5-deal0.txt --show --html "$dir/base.html" > "$dir/base.txt" \
  || fail "mists replay --html (base)"
timeout 60 "$mists" replay tests/records/gcc-am-tk-4p-seed5-deal0.txt --show --html "$dir/gcc.html" > "$dir/gcc.txt" \
  || fail "mists replay --html (gcc)"
# The competitive review's page: seat 1 (random) of the base game, judged by mcts, valued by the expert.
timeout 180 "$mists" review tests/records/base-3p-seed5-deal0.txt --seat 1 --html "$dir/base-review.html" \
  --out "$dir/base-review.txt" || fail "mists review (base)"

timeout 180 "$py" - "$(command -v chromium)" "$dir" "$repo/scripts" <<'PY' || fail "viewer checks (above)"
import os, re, sys, time
sys.path.insert(0, sys.argv[3])
from devtools import Browser  # scripts/devtools.py

browser, folder = sys.argv[1], sys.argv[2]
problems = []
# Expected: the status line replay --show prints after each turn, by turn.
want = {}
for line in open(os.path.join(folder, "replay.txt")):
    m = re.match(r"turn (\d+) +phase \S+ +score (\d+)/\d+ +ghosts supply (\d+) board (\d+)", line)
    if m:
        want[int(m.group(1))] = tuple(int(x) for x in m.group(2, 3, 4))
result = re.search(r"result (\w+) (\w+) score (\d+)", open(os.path.join(folder, "replay.txt")).read())
review_lines = [l for l in open(os.path.join(folder, "review.txt")) if re.match(r"\s*\d+\s+\d+\s", l)]
WIDTHS = (1000, 1600)
FOLD = 900  # a window's height


def layout(page, name, frames):
    """At each width: the bar, the board's top and the panel in the first window; the board and the
    panel side by side and at the same place at the first, a middle and the last board; a screenshot."""
    for w in WIDTHS:
        page.call("Emulation.setDeviceMetricsOverride", width=w, height=FOLD, deviceScaleFactor=1, mobile=False)
        page.js("window.scrollTo(0, 0); fit(); 0")
        places = []
        for target in (0, frames // 2, frames - 1):
            page.js(f"show({target})")
            r = page.js("(() => { const g = id => document.getElementById(id).getBoundingClientRect(); "
                        "const b = g('board'), p = g('panel'), c = g('controls'); "
                        "return [Math.round(b.left), Math.round(b.top), Math.round(p.left), Math.round(p.top), "
                        "Math.round(b.right), Math.round(c.bottom), Math.round(b.bottom)]; })()")
            places.append(r[:4])
            if r[2] < r[4] - 1:
                problems.append(f"{name} at {w} px, board {target}: the panel overlaps or falls under the board")
            if r[5] > FOLD or r[6] > FOLD:
                problems.append(f"{name} at {w} px, board {target}: the controls or the board's bottom lie below the fold")
        if any(p != places[0] for p in places):
            problems.append(f"{name} at {w} px: the board or the panel moved between turns: {places}")
        page.js(f"show({frames // 2})")
        shot = page.call("Page.captureScreenshot", format="png")
        with open(os.path.join(folder, f"{name}-{w}.png"), "wb") as f:
            f.write(__import__("base64").b64decode(shot["data"]))
    # The legend outside the board, in the panel; at 1024 x 700, + twice makes a tile 40 px or more
    # (its pieces legible), and the board then scrolls.
    page.call("Emulation.setDeviceMetricsOverride", width=1024, height=700, deviceScaleFactor=1, mobile=False)
    page.js("window.scrollTo(0, 0); fit(); show(%d); 0" % (frames - 1))
    if not page.js("!!document.querySelector('#panel #legend svg') && !document.querySelector('#board svg .legend')"):
        problems.append(f"{name}: the legend is not in the panel beside the board")
    fit_tile = page.js("document.querySelector('#board svg g.tile').getBoundingClientRect().width")
    page.js("document.getElementById('zoom-in').click(); document.getElementById('zoom-in').click(); 0")
    zoomed = page.js("[document.querySelector('#board svg g.tile').getBoundingClientRect().width, "
                     "document.getElementById('board').scrollWidth > document.getElementById('board').clientWidth, "
                     "document.getElementById('zoom-level').textContent]")
    if not (zoomed[0] >= 40 and zoomed[0] > 3.5 * fit_tile and zoomed[1] and zoomed[2] == "400%"):
        problems.append(f"{name}: zoom x4 at 1024 x 700: a tile {zoomed[0]:.1f} px (fit {fit_tile:.1f}), scrolls {zoomed[1]}, says {zoomed[2]}")
    print(f"  {name}: at 1024 x 700 a tile {fit_tile:.0f} px at fit, {zoomed[0]:.0f} px at 400 %")
    page.js("const b = document.getElementById('board'); b.scrollLeft = (b.scrollWidth - b.clientWidth) / 2; "
            "b.scrollTop = (b.scrollHeight - b.clientHeight) / 2; 0")
    shot = page.call("Page.captureScreenshot", format="png")
    with open(os.path.join(folder, f"{name}-zoom-1024.png"), "wb") as f:
        f.write(__import__("base64").b64decode(shot["data"]))
    page.js("document.getElementById('zoom-fit').click(); 0")
    if page.js("document.getElementById('zoom-level').textContent") != "100%":
        problems.append(f"{name}: 'fit' did not bring the board back whole")
    page.call("Emulation.setDeviceMetricsOverride", width=1280, height=FOLD, deviceScaleFactor=1, mobile=False)


def versus_page(name):
    """A competitive page against the boards `mists replay --show` printed for it."""
    text = open(os.path.join(folder, name + ".txt")).read()
    want = {}  # board number -> (scores, ghost supply or None)
    for m in re.finditer(r"^board (\d+) \(turn \d+\)\n(?:.*\n)*?scores((?:  seat \d+: -?\d+)+)(?:  \(ghosts in the supply (\d+)\))?$",
                         text, re.M):
        want[int(m.group(1))] = ([int(x) for x in re.findall(r"seat \d+: (-?\d+)", m.group(2))],
                                 int(m.group(3)) if m.group(3) else None)
    final = re.search(r"final scores((?: -?\d+)+) confirmed", text)
    with Browser(browser, 120) as page:
        page.open(os.path.join(folder, name + ".html"))
        frames = page.js("JSON.parse(document.getElementById('game-data').textContent).frames.length")
        if frames - 1 != len(want):
            problems.append(f"{name}: {frames} frames, replay --show printed {len(want)} boards after the set-up")
        seats = len(next(iter(want.values()))[0]) if want else 0

        def shown():
            return page.js("({scores: Array.from({length: %d}, (_, p) => +document.getElementById('score-' + p).textContent), "
                           "supply: document.getElementById('supply') ? +document.getElementById('supply').textContent : null, "
                           "outcome: document.getElementById('outcome').textContent, "
                           "position: document.getElementById('position').textContent, "
                           "svg: document.querySelectorAll('#board svg').length})" % seats)

        at, checked = 0, 0
        for target in sorted({1, 2, frames // 3, frames // 2, frames - 2, frames - 1}):
            while at < target:
                page.key("ArrowRight", 39)
                at += 1
            s = shown()
            if s["svg"] != 1:
                problems.append(f"{name}: board {at}: no board drawn")
            if at in want and (s["scores"], s["supply"]) != want[at]:
                problems.append(f"{name}: board {at}: page shows scores {s['scores']}, supply {s['supply']}; replay says {want[at]}")
            checked += 1
        page.key("End", 35)
        end = shown()
        if final and end["scores"] != [int(x) for x in final.group(1).split()]:
            problems.append(f"{name}: the last board shows {end['scores']}, the record's result is {final.group(1)}")
        if not end["outcome"].startswith("over"):
            problems.append(f"{name}: the last board says '{end['outcome']}'")
        page.key("ArrowLeft", 37)
        if f"({frames - 1} of" not in shown()["position"]:
            problems.append(f"{name}: ArrowLeft from the end did not show board {frames - 1}")
        page.js("document.getElementById('first').click()")
        if "(1 of" not in shown()["position"]:
            problems.append(f"{name}: the 'first' button did not go back to the set-up")
        page.js("document.getElementById('next').click()")
        if "(2 of" not in shown()["position"]:
            problems.append(f"{name}: the 'next' button did not move on")
        page.js("var s=document.getElementById('slider'); s.value=5; s.dispatchEvent(new Event('input'))")
        if "(6 of" not in shown()["position"] or (5 in want and shown()["scores"] != want[5][0]):
            problems.append(f"{name}: the slider did not move to board 5")
        layout(page, name, frames)
        problems.extend(name + ": " + p for p in page.console_problems())
        print(f"  {name}: {frames} frames, {checked} boards checked against replay --show, screenshots at {WIDTHS} px")
costly_lines = [l for l in review_lines if l.rstrip().endswith("costly")]

try:
    with Browser(browser, 150) as page:
        page.open(os.path.join(folder, "viewer.html"))
        frames = page.js("JSON.parse(document.getElementById('game-data').textContent).frames.length")

        def shown():
            return page.js("({turn: +document.getElementById('turn').textContent, "
                           "score: parseInt(document.getElementById('score').textContent), "
                           "supply: +document.getElementById('supply').textContent, "
                           "ghosts: +document.getElementById('board-ghosts').textContent, "
                           "outcome: document.getElementById('outcome').textContent, "
                           "svg: document.querySelectorAll('#board svg').length})")

        checked = 0
        at = 0
        for target in sorted({1, 3, frames // 2, frames - 2}):
            while at < target:
                page.key("ArrowRight", 39)
                at += 1
            s = shown()
            if s["svg"] != 1:
                problems.append(f"frame {at}: no board drawn")
            if s["turn"] not in want:
                problems.append(f"frame {at}: turn {s['turn']} has no status line in replay --show")
                continue
            if (s["score"], s["supply"], s["ghosts"]) != want[s["turn"]]:
                problems.append(f"turn {s['turn']}: page shows score {s['score']}, supply {s['supply']}, board ghosts "
                                f"{s['ghosts']}; replay says {want[s['turn']]}")
            checked += 1
        page.key("End", 35)
        end = shown()
        if result and not end["outcome"].startswith(result.group(1)):
            problems.append(f"last frame shows '{end['outcome']}', the record's result is {result.group(1)}")
        # Buttons and slider.
        page.js("document.getElementById('first').click()")
        if shown()["turn"] != 0:
            problems.append("the 'first' button did not go back to turn 0")
        page.js("var s=document.getElementById('slider'); s.value=5; s.dispatchEvent(new Event('input'))")
        if page.js("document.getElementById('position').textContent").find("(6 of") < 0:
            problems.append("the slider did not move to frame 6")
        marks = page.js("JSON.parse(document.getElementById('game-data').textContent).marks")
        if len(marks) != len(review_lines):
            problems.append(f"{len(marks)} review marks in the page, {len(review_lines)} decisions in review.txt")
        # The costliest decisions: one link per costly line of review.txt, each to its board (#turn-N),
        # which then shows that step marked.
        links = page.js("Array.from(document.querySelectorAll('#costliest a')).map(a => a.getAttribute('href'))") or []
        if len(links) != len(costly_lines):
            problems.append(f"{len(links)} costliest-decision links in the page, {len(costly_lines)} costly decisions in review.txt")
        if links:
            n = int(links[0].split("-")[-1])
            page.js("document.querySelector('#costliest a').click()")
            for _ in range(20):  # the hashchange event comes after the click
                if page.js("document.getElementById('position').textContent").find(f"({n + 1} of") >= 0:
                    break
                time.sleep(0.1)
            else:
                problems.append(f"the link {links[0]} did not show board {n + 1}")
            if not page.js("document.querySelectorAll('#steps li.cost').length"):
                problems.append(f"board {n + 1} (from {links[0]}) shows no costly step")
        problems += page.console_problems()
        page.key("End", 35)
        page.key("ArrowLeft", 37)
        page.screenshot(os.path.join(folder, "viewer.png"))
        layout(page, "viewer", frames)
        print(f"  viewer: {frames} frames, {checked} turns checked against replay --show, {len(marks)} review marks")
except Exception as e:  # noqa: BLE001 — any failure of the harness is a failed check
    problems.append(f"{type(e).__name__}: {e}")
for name in ("base", "gcc"):
    try:
        versus_page(name)
    except Exception as e:  # noqa: BLE001 — any failure of the harness is a failed check
        problems.append(f"{name}: {type(e).__name__}: {e}")


def versus_review():
    """The competitive review's page against its text: a note on every reviewed step, a link per costly one."""
    lines = [l for l in open(os.path.join(folder, "base-review.txt")) if re.match(r"\s*\d+\s+\d+\s+\d+\s+\d+\s", l)]
    costly = [l for l in lines if l.rstrip().endswith("costly")]
    with Browser(browser, 120) as page:
        page.open(os.path.join(folder, "base-review.html"))
        marks = page.js("Object.keys(JSON.parse(document.getElementById('game-data').textContent).marks).length")
        if marks != len(lines):
            problems.append(f"base-review: {marks} review marks in the page, {len(lines)} decisions in base-review.txt")
        links = page.js("Array.from(document.querySelectorAll('#costliest a')).map(a => a.getAttribute('href'))")
        if len(links) != len(costly):
            problems.append(f"base-review: {len(links)} costliest-decision links, {len(costly)} costly decisions in base-review.txt")
        notes = page.js("(() => { let n = 0; for (let i = 0; i < frames.length; ++i) { show(i); "
                        "n += document.querySelectorAll('#steps li.agree, #steps li.cost, #steps li.noise').length; } return n; })()")
        if notes != len(lines):
            problems.append(f"base-review: {notes} steps carry a verdict across the frames, {len(lines)} decisions reviewed")
        problems.extend("base-review: " + p for p in page.console_problems())
        print(f"  base-review: {len(lines)} decisions reviewed, {len(costly)} costly, each with its note and link")


try:
    versus_review()
except Exception as e:  # noqa: BLE001 — any failure of the harness is a failed check
    problems.append(f"base-review: {type(e).__name__}: {e}")
for p in problems:
    print("  problem: " + p)
sys.exit(1 if problems else 0)
PY
echo "ci-viewer: PASS ($((SECONDS - start)) s; screenshots in $dir: viewer.png and {viewer,base,gcc}-{1000,1600}.png)"
