#!/usr/bin/python3
"""The size of a proof of loss over many deals: `mists solve --census` for each, and a summary table.

    scripts/census_table.py --out results/census --cells 3:1,5:1,6:1,6:4 --games 10 --probes 1000
    scripts/census_table.py --out results/census ... --resume     # keep the deals already done

For every cell LEVEL:PLAYERS and game 0..N-1 of the run seed (the deals of a study with that seed)
it runs `mists solve --census TURNS --census-probes PROBES` (the program named by --binary) and keeps
its output in OUT/L<level>-P<players>-g<game>.txt, written whole or not at all. It then writes
OUT/census.csv (one row a deal and turn) and OUT/table.md: per cell, the median of the deals'
estimated positions at turns 3, 6 and 9, with the smallest and largest, and the first turn in which
any probe met a decision the points bound cuts. OUT/census.json records what produced them: each
run's command and the program's revision, the parameters, the rule switches (the defaults, passed as flags),
and the checksums of the catalog and level files (as a study's provenance has them).
A folder made with other parameters is refused, and --resume is needed to reuse one at all.
"""
import argparse
import csv
import io
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from study_stats import InputError

SHOWN_TURNS = (3, 6, 9)
# The rule switches, passed to the program as flags so that census.json says what was played.
SWITCHES = {"joint-scoring": "majority", "unplaceable": "discard", "haunted-adjacency": "eight", "finish-ghosts": "none"}
HEADER = "turn  positions  cut_by_bound  games_lost  games_won"


def parse_cells(text: str) -> list[tuple[int, int]]:
    cells = []
    for item in text.split(","):
        parts = item.split(":")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise InputError(f"--cells: {item!r} is not LEVEL:PLAYERS")
        level, players = int(parts[0]), int(parts[1])
        if not 1 <= level <= 6 or not 1 <= players <= 5:
            raise InputError(f"--cells: {item!r}: levels are 1-6, players 1-5")
        cells.append((level, players))
    return cells


def checksum(path: Path) -> str:
    """FNV-1a 64 of the file, in hex: the checksum the program writes in a study's provenance."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}") from None
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def read_output(path: Path) -> list[tuple]:
    """The rows (turn, positions, cut, lost, won) of one census output (None for the columns of a turn
    not walked); an error names the line."""
    lines = path.read_text().splitlines()
    if not lines or not lines[0].startswith(HEADER):
        raise InputError(f"{path}: line 1: not the output of mists solve --census --census-probes")
    rows = []
    for n, line in enumerate(lines[1:], start=2):
        if not line[:1].isdigit():
            if not line.startswith("complete"):
                raise InputError(f"{path}: line {n}: the census did not finish: {line!r}")
            return rows
        fields = line.split()
        if len(fields) != 5:
            raise InputError(f"{path}: line {n}: {len(fields)} fields, 5 expected")
        try:
            turn = int(fields[0])
            # The last turn asked for is counted, not walked: '-' for what walking it would have met.
            values = [float(fields[1])] + [None if x == "-" else float(x) for x in fields[2:]]
        except ValueError:
            raise InputError(f"{path}: line {n}: a field is not a number: {line!r}") from None
        rows.append((turn, *values))
    raise InputError(f"{path}: line {len(lines)}: no closing 'complete' line")


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", newline="") as f:  # newline="": the text's line ends as given (csv writes \r\n)
        f.write(text)
    os.replace(tmp, path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--cells", default="6:1,6:4", help="LEVEL:PLAYERS, comma-separated (default 6:1,6:4)")
    ap.add_argument("--games", type=int, default=10, help="deals a cell: games 0..N-1 (default 10)")
    ap.add_argument("--seed", type=int, default=7, help="run seed (default 7)")
    ap.add_argument("--turns", type=int, default=60, help="turns to probe, at most (default 60: to the end)")
    ap.add_argument("--probes", type=int, default=1000, help="probes a deal (default 1000)")
    ap.add_argument("--resume", action="store_true", help="keep the deals already in --out")
    ap.add_argument("--binary", default="build/mists", help="the mists program (default build/mists)")
    ap.add_argument("--source", type=Path, default=Path(__file__).resolve().parent.parent,
                    help="the repository whose configs/ the program reads (default: this one)")
    a = ap.parse_args()
    try:
        if a.games < 1 or a.probes < 1 or not 1 <= a.turns <= 60:
            raise InputError("--games and --probes are at least 1, --turns 1-60")
        cells = parse_cells(a.cells)
        version = subprocess.run([a.binary, "--version"], cwd=a.source, capture_output=True, text=True)
        if version.returncode != 0:
            raise InputError(f"{a.binary} --version: exit {version.returncode}: {version.stderr.strip()}")
        revision = version.stdout.split()[-1]
        config = {
            "seed": a.seed, "turns": a.turns, "probes": a.probes,
            "switches": {k.replace("-", "_"): v for k, v in SWITCHES.items()},
            "catalog_checksum": checksum(a.source / "configs/tiles/mists-reconstructed.toml"),
            "level_checksums": {str(lv): checksum(a.source / f"configs/levels/level{lv}.toml")
                                for lv in sorted({lv for lv, _ in cells})},
        }
        meta_path = a.out / "census.json"
        if a.out.exists() and any(a.out.iterdir()):
            if not a.resume:
                raise InputError(f"{a.out}: not empty; --resume keeps its deals")
            try:
                old = json.loads(meta_path.read_text())
            except (OSError, json.JSONDecodeError) as e:
                raise InputError(f"{meta_path}: cannot be read ({e})") from None
            for k, v in config.items():
                if k != "level_checksums" and old.get(k) != v:
                    raise InputError(f"{meta_path}: field {k}: {old.get(k)!r}, this run {v!r}: another census")
            # Levels may be added on resume; a level already there must be the same file.
            old_levels = old.get("level_checksums", {})
            clash = [lv for lv, c in config["level_checksums"].items() if old_levels.get(lv, c) != c]
            if clash:
                raise InputError(f"{meta_path}: field level_checksums: level {clash[0]} was another file")
            config["level_checksums"] = {**old_levels, **config["level_checksums"]}
            runs = old.get("runs", [])
        else:
            runs = []
        a.out.mkdir(parents=True, exist_ok=True)
        # Every run that added to the folder: its revision and command (a resumed census says so).
        runs.append({"revision": revision, "command": "scripts/census_table.py " + " ".join(sys.argv[1:])})
        write_atomic(meta_path, json.dumps({**config, "runs": runs}, indent=2) + "\n")
        results: dict[tuple[int, int], dict[int, list]] = {}
        for level, players in cells:
            for game in range(a.games):
                path = a.out / f"L{level}-P{players}-g{game}.txt"
                if not path.exists():
                    cmd = [a.binary, "solve", "--level", str(level), "--players", str(players), "--seed", str(a.seed),
                           "--game", str(game), "--census", str(a.turns), "--census-probes", str(a.probes)]
                    for k, v in SWITCHES.items():
                        cmd += [f"--{k}", v]
                    run = subprocess.run(cmd, cwd=a.source, capture_output=True, text=True)
                    if run.returncode != 0:
                        raise InputError(f"{' '.join(cmd)}: exit {run.returncode}: {run.stderr.strip()}")
                    write_atomic(path, run.stdout)
                    print(f"{path.name}: done", file=sys.stderr)
                results.setdefault((level, players), {})[game] = read_output(path)
    except InputError as e:
        print(f"census_table: {e}", file=sys.stderr)
        return 1
    table = io.StringIO(newline="")
    w = csv.writer(table)
    w.writerow(["level", "players", "game", "turn", "positions", "cut_by_bound", "games_lost", "games_won"])
    for (level, players), games in results.items():
        for game, rows in games.items():
            for turn, *values in rows:
                w.writerow([level, players, game, turn, *("" if v is None else f"{v:.6g}" for v in values)])
    write_atomic(a.out / "census.csv", table.getvalue())
    lines = [f"Estimated positions at a turn start ({a.probes} probes a deal, games 0-{a.games - 1}, seed {a.seed}): "
             "the median of the deals, with the smallest and largest.", "",
             "| level, players | " + " | ".join(f"turn {t}" for t in SHOWN_TURNS) + " | first turn in which a probe met a cut |",
             "| --- |" + " --- |" * (len(SHOWN_TURNS) + 1)]
    for (level, players), games in results.items():
        cols = []
        for t in SHOWN_TURNS:
            values = sorted(next((r[1] for r in rows if r[0] == t), 0.0) for rows in games.values())
            cols.append(f"{statistics.median(values):.2g} ({values[0]:.2g} – {values[-1]:.2g})")
        firsts = [min((r[0] for r in rows if r[2]), default=None) for rows in games.values()]
        cut = [f for f in firsts if f is not None]
        cols.append(f"turn {min(cut)}, on {len(cut)} deal{'s' if len(cut) > 1 else ''} of {len(firsts)}" if cut
                    else f"none in {len(firsts)} deals")
        lines.append(f"| {level}, {'solo' if players == 1 else f'{players} players'} | " + " | ".join(cols) + " |")
    write_atomic(a.out / "table.md", "\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
