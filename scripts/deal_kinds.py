#!/usr/bin/python3
"""How far each cell of a finished study got, by how many tiles of one kind a deal's pile holds.

    scripts/deal_kinds.py results/winnable-l6                       # cemeteries in pile 1
    scripts/deal_kinds.py results/winnable-l6 --kind castle --pile 2
    scripts/deal_kinds.py STUDY --binary build/mists --max 3        # counts of 3 or more in one row

For every game of the study's games.csv it asks `mists play` (the program named by --binary) for the
game's deal, with the study's seed, catalog, level folder, pile override and the cell's levers, and
counts the tiles of the kind (a tile the catalog marks `cemetery` or `castle`) in the pile (1 = the
first drawn). It prints a Markdown table per cell (a cell whose deals have fewer piles says so): for
each count, the deals, the games won, the games that passed hound 1 and hound 2, and the median and
mean score (the lowest colour's on level 6; for the solver the best progress and the most targets
passed, as games.csv has them).
"""
import argparse
import csv
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from study_stats import InputError, study_config

KINDS = ("cemetery", "castle")


def kind_ids(catalog: Path, kind: str) -> set[str]:
    """The ids of the catalog's tiles of one kind."""
    try:
        data = tomllib.loads(catalog.read_text())
    except OSError as e:
        raise InputError(f"{catalog}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{catalog}: not TOML ({e})") from None
    tiles = data.get("tile")
    if not isinstance(tiles, list):
        raise InputError(f"{catalog}: no [[tile]] tables")
    return {str(t.get("id")) for t in tiles if isinstance(t, dict) and t.get(kind)}


def deal_piles(binary: str, source: Path, config: dict, row: dict, levers: str, scratch: Path) -> list[list[str]]:
    """The piles of one game's deal, as the record `mists play` writes for it lists them."""
    out = scratch / "deal.txt"
    cmd = [binary, "play", "--level", row["level"], "--players", row["players"], "--seed", str(config["seed"]),
           "--deal", row["game"], "--agent", "random", "--catalog", config["catalog"], "--levels-dir", config["levels_dir"],
           "--out", str(out)]
    if "piles" in config.get("overrides", {}):
        cmd += ["--piles", str(config["overrides"]["piles"])]
    if levers != "none":
        cmd += ["--levers", levers]
    run = subprocess.run(cmd, cwd=source, capture_output=True, text=True)
    if run.returncode != 0:
        raise InputError(f"{' '.join(cmd)}: exit {run.returncode}: {run.stderr.strip()}")
    piles = []
    for line in out.read_text().splitlines():
        if line.startswith("pile "):
            piles.append(line.split()[2:])
    return piles


def read_games(study: Path) -> list[dict]:
    path = study / "games.csv"
    try:
        with path.open(newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise InputError(f"{path}: {e.strerror} (the study is not finished?)") from None
    need = ("cell", "level", "players", "game", "outcome", "score", "hounds")
    if rows and any(k not in rows[0] for k in need):
        raise InputError(f"{path}: line 1: missing column(s) " + ", ".join(k for k in need if k not in rows[0]))
    for line, r in enumerate(rows, start=2):
        for k in ("level", "players", "game", "score", "hounds"):
            if not r[k].lstrip("-").isdigit():
                raise InputError(f"{path}: line {line}: field {k}: not a whole number: {r[k]!r}")
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("study", type=Path)
    ap.add_argument("--kind", choices=KINDS, default="cemetery")
    ap.add_argument("--pile", type=int, default=1, help="which pile, 1 = the first drawn (default 1)")
    ap.add_argument("--max", type=int, default=3, help="counts of at least this are one row (default 3)")
    ap.add_argument("--binary", default="build/mists", help="the mists program (default build/mists)")
    ap.add_argument("--source", type=Path, default=Path(__file__).resolve().parent.parent,
                    help="where the study's catalog and level paths are read from (default: this repository)")
    a = ap.parse_args()
    if a.pile < 1 or a.max < 1:
        print("deal_kinds: --pile and --max are at least 1", file=sys.stderr)
        return 2
    try:
        config = study_config(a.study, "seed", "catalog", "levels_dir")
        ids = kind_ids(a.source / config["catalog"], a.kind)
        rows = read_games(a.study)
        groups: dict[str, dict[int, list[dict]]] = {}
        short: dict[str, int] = {}  # cells whose deals have fewer piles than --pile
        seen: dict[tuple, list[list[str]]] = {}  # a deal played by several cells is asked for once
        with tempfile.TemporaryDirectory() as tmp:
            for r in rows:
                levers = r.get("levers") or "none"
                key = (r["level"], r["players"], r["game"], levers)
                if key not in seen:
                    seen[key] = deal_piles(a.binary, a.source, config, r, levers, Path(tmp))
                piles = seen[key]
                if a.pile > len(piles):
                    short[r["cell"]] = len(piles)
                    continue
                count = min(a.max, sum(t in ids for t in piles[a.pile - 1]))
                groups.setdefault(r["cell"], {}).setdefault(count, []).append(r)
        if not groups:
            raise InputError(f"no deal of {a.study / 'games.csv'} has a pile {a.pile}")
    except InputError as e:
        print(f"deal_kinds: {e}", file=sys.stderr)
        return 1
    for cell, n in short.items():
        print(f"\n{cell}: its deals have {n} pile{'s' if n > 1 else ''}, no pile {a.pile}")
    for cell, by in groups.items():
        print(f"\n{cell}: by {a.kind} tiles in pile {a.pile}\n")
        print(f"| {a.kind} tiles | deals | won | passed hound 1 | passed hound 2 | score median | score mean |")
        print("|---|---|---|---|---|---|---|")
        for count in sorted(by):
            g = by[count]
            scores = [int(r["score"]) for r in g]
            label = f"{count} or more" if count == a.max else str(count)
            print(f"| {label} | {len(g)} | {sum(r['outcome'] == 'won' for r in g)} | {sum(int(r['hounds']) >= 1 for r in g)} | "
                  f"{sum(int(r['hounds']) >= 2 for r in g)} | {statistics.median(scores):g} | {statistics.fmean(scores):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
