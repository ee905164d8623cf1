#!/usr/bin/python3
"""Win rates with 95% Wilson intervals read straight from a study's sealed chunks, for a study that
is still being played (a finished study has them in cells.csv and compare.md).

    scripts/chunk_table.py results/strength-planner

Prints a Markdown table: a row per level and player count, a column per agent in the order of
study.json; a cell with fewer games than the study asks for says how many it has.
"""
import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

from study_stats import wilson

CHUNK = re.compile(r"L(\d+)-P(\d+)-G\d+(?:[+-]\d+)?-(.+)-\d+\.csv$")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    study = Path(sys.argv[1])
    try:
        config = json.loads((study / "study.json").read_text())["config"]
    except (OSError, KeyError, ValueError) as e:
        print(f"chunk_table: {study / 'study.json'}: {e}", file=sys.stderr)
        return 1
    agents, wanted = [], {}
    for c in config["cells"]:
        if c["agent"] not in agents:
            agents.append(c["agent"])
        wanted[(c["level"], c["players"], c["agent"])] = c["games"]
    wins, games = Counter(), Counter()
    for f in sorted((study / "chunks").glob("*.csv")):
        m = CHUNK.match(f.name)
        if not m:
            print(f"chunk_table: {f}: not a chunk file name", file=sys.stderr)
            return 1
        key = (int(m[1]), int(m[2]), m[3])
        rows = [line for line in f.read_text().splitlines() if not line.startswith("#")]
        for r in csv.DictReader(rows):
            games[key] += 1
            wins[key] += r["outcome"] == "won"
    print("| level | players | " + " | ".join(agents) + " |")
    print("|---|---|" + "---|" * len(agents))
    for level, players in sorted({(k[0], k[1]) for k in wanted}):
        cells = []
        for a in agents:
            n, k = games[(level, players, a)], wins[(level, players, a)]
            if n == 0:
                cells.append("not played yet")
                continue
            lo, hi = wilson(k, n)
            text = f"{100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            if n < wanted.get((level, players, a), n):
                text += f" ({n} games)"
            cells.append(text)
        print(f"| {level} | {players} | " + " | ".join(cells) + " |")
    print(f"\n{sum(games.values())} of {sum(wanted.values())} games played.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
