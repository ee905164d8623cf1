#!/usr/bin/env bash
# CI: report.html in a real browser. Makes a small study, opens its report.html in headless Chromium
# (Debian's package, driven over the DevTools protocol by a short Python client: the standard library
# + Debian's python3-websocket) and checks: no console error or JavaScript exception, every plot
# <img> decoded (naturalWidth > 0), as many tables (and rows) as report.md has, and a click on a
# table header sorting a numeric column (ascending, then descending on a second click).
# Saves a full-page screenshot to DIR/report.png. Also runs tests/plots_test.py (scripts/plots.py).
# Installs chromium and python3-websocket if missing (only CI needs them; scripts/setup.sh does not).
#   scripts/ci-browser.sh [DIR]     DIR default ${TMPDIR:-/tmp}/mists-ci-browser (replaced)
#   MISTS=path/to/mists             the binary (default build/mists; run scripts/setup.sh first)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
start=$SECONDS
fail() { echo "ci-browser: FAIL: $*" >&2; exit 1; }

# Debian's interpreter: python3-matplotlib and python3-websocket live there (pyenv may come first).
py=/usr/bin/python3
[[ -x $py ]] || py=python3

packages=(chromium python3-websocket)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "ci-browser: installing ${missing[*]}"
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  timeout 300 $SUDO apt-get update -qq || fail "apt-get update"
  DEBIAN_FRONTEND=noninteractive timeout 900 $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]}"
fi
browser=$(command -v chromium || true)
[[ -n $browser ]] || fail "no chromium on PATH"

echo "ci-browser: plots.py regression tests"
timeout 300 "$py" tests/plots_test.py || fail "tests/plots_test.py"

mists=${MISTS:-build/mists}
[[ -x $mists ]] || fail "no $mists (build it with scripts/setup.sh)"
dir=${1:-${TMPDIR:-/tmp}/mists-ci-browser}
rm -rf "$dir"
echo "ci-browser: study in $dir"
timeout 300 "$mists" analyze --levels 1,3 --players 1,2 --agents greedy,expert --ghost-deltas -1..1 --games 40 \
  --out "$dir" -q || fail "mists analyze"
[[ -s $dir/report.html && -s $dir/report.md ]] || fail "the study wrote no report.html / report.md"
dir=$(cd "$dir" && pwd)

echo "ci-browser: $($browser --version 2>/dev/null | head -1)"
timeout 180 "$py" - "$browser" "$dir" "$repo/scripts" <<'PY' || fail "browser checks (above)"
"""Open DIR/report.html in headless Chromium over the DevTools protocol and check it."""
import os, re, sys
sys.path.insert(0, sys.argv[3])
from devtools import Browser  # scripts/devtools.py

browser, folder = sys.argv[1], sys.argv[2]
problems = []


def markdown_tables(md):
    """Body-row counts of the Markdown tables of report.md (a header line, a --- line, rows)."""
    tables, block = [], []
    for line in md.splitlines() + [""]:
        if line.startswith("|"):
            block.append(line)
        elif block:
            if len(block) >= 2 and "---" in block[1]:
                tables.append(len(block) - 2)
            block = []
    return tables


def number(text):
    """The numeric value of a cell as the page's sort sees it: its first number (None if none)."""
    m = re.search(r"[-+]?\d+(?:\.\d+)?", text)
    return float(m.group()) if m else None


try:
    with Browser(browser, 150) as page:
        page.open(os.path.join(folder, "report.html"))
        # Every image decoded (data URIs decode asynchronously after load in some builds: await decode()).
        images = page.js("""Promise.all(Array.from(document.images).map(function(im){
            return im.decode().then(function(){return true;}, function(){return false;}).then(function(ok){
              return {alt: im.alt, ok: ok, w: im.naturalWidth, h: im.naturalHeight};});}))""")

        # 1. Plots: one decoded <img> per PNG the study drew.
        pngs = sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".png") and f != "report.png")
        if not pngs:
            problems.append("the study drew no plot (see plots.log)")
        alts = {im["alt"]: im for im in images}
        for name in pngs:
            if name not in alts:
                problems.append(f"plot {name}.png has no <img> in the page")
        for im in images:
            if not im["ok"] or im["w"] <= 0:
                problems.append(f"image {im['alt']!r} not decoded (naturalWidth {im['w']})")
        print(f"  plots: {len(images)} <img>, {sum(im['ok'] and im['w'] > 0 for im in images)} decoded; "
              f"PNG files: {', '.join(pngs)}")

        # 2. Tables: as many as report.md has, with the same number of body rows each.
        want = markdown_tables(open(os.path.join(folder, "report.md"), encoding="utf-8").read())
        have = page.js("Array.from(document.querySelectorAll('table')).map(function(t){"
                       "return t.tBodies.length ? t.tBodies[0].rows.length : -1;})")
        if len(have) != len(want):
            problems.append(f"{len(have)} tables in the page, {len(want)} in report.md")
        elif have != want:
            problems.append(f"table body rows {have} in the page, {want} in report.md")
        print(f"  tables: {len(have)} in the page, {len(want)} in report.md")

        # 3. Sorting: the table with the most rows, its numeric column with the most distinct values;
        #    a real mouse click on the header sorts ascending, a second one descending, rows intact.
        cells = page.js("Array.from(document.querySelectorAll('table')).map(function(t){"
                        "return Array.from(t.tBodies[0].rows).map(function(r){"
                        "return Array.from(r.cells).map(function(c){return c.textContent;});});})")
        heads = page.js("Array.from(document.querySelectorAll('table')).map(function(t){"
                        "return Array.from(t.tHead.rows[0].cells).map(function(c){return c.textContent;});})")
        best = None
        for ti, rows in enumerate(cells):
            if len(rows) < 3:
                continue
            for ci in range(len(heads[ti])):
                vals = [number(r[ci]) if ci < len(r) else None for r in rows]
                if None in vals or vals == sorted(vals):
                    continue
                score = (len(rows), len(set(vals)))
                if best is None or score > best[0]:
                    best = (score, ti, ci)
        if best is None:
            problems.append("no table with an unsorted numeric column to test sorting on")
        else:
            _, ti, ci = best
            before_rows = sorted("\t".join(r) for r in cells[ti])

            def column_after_click():
                rect = page.js(f"""(function(){{var th=document.querySelectorAll('table')[{ti}].tHead.rows[0].cells[{ci}];
                    th.scrollIntoView({{block:'center'}});var r=th.getBoundingClientRect();
                    return {{x:r.left+r.width/2, y:r.top+r.height/2}};}})()""")
                page.click(rect["x"], rect["y"])
                rows = page.js(f"Array.from(document.querySelectorAll('table')[{ti}].tBodies[0].rows).map(function(r){{"
                               "return Array.from(r.cells).map(function(c){return c.textContent;});})")
                cls = page.js(f"document.querySelectorAll('table')[{ti}].tHead.rows[0].cells[{ci}].className")
                return rows, [number(r[ci]) for r in rows], cls

            label = f"table {ti + 1} column {heads[ti][ci]!r}"
            rows1, asc, cls1 = column_after_click()
            rows2, desc, cls2 = column_after_click()
            if asc != sorted(asc):
                problems.append(f"{label}: one click did not sort ascending: {asc}")
            if desc != sorted(desc, reverse=True):
                problems.append(f"{label}: a second click did not sort descending: {desc}")
            if sorted("\t".join(r) for r in rows1) != before_rows or sorted("\t".join(r) for r in rows2) != before_rows:
                problems.append(f"{label}: sorting changed the rows themselves")
            if "asc" not in cls1.split() or "desc" not in cls2.split():
                problems.append(f"{label}: header marks {cls1!r} then {cls2!r}, expected asc then desc")
            print(f"  sorting: {label}, {len(asc)} rows: "
                  f"{[number(r[ci]) for r in cells[ti]][:6]}... -> {asc[:6]}... -> {desc[:6]}...")
            page.js("window.scrollTo(0,0)")

        # 4. Console errors and exceptions (collected from the load on).
        console = page.console_problems()
        problems += console
        print(f"  console: {len(console)} errors or exceptions")

        # 5. Full-page screenshot.
        height = page.screenshot(os.path.join(folder, "report.png"))
        print(f"  screenshot: {os.path.join(folder, 'report.png')} (1280 x {height})")
except Exception as e:  # noqa: BLE001 — any failure of the harness is a failed check
    problems.append(f"{type(e).__name__}: {e}")

for p in problems:
    print("  problem: " + p)
sys.exit(1 if problems else 0)
PY
echo "ci-browser: PASS ($((SECONDS - start)) s; screenshot $dir/report.png)"
