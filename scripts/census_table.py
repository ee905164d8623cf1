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
census.json is read strictly (a key given twice, a field of the wrong type are refused, naming the
field), and one run at a time writes a folder: it holds an flock on OUT/.lock, as mists does
(docs/analysis.md), and a second run says who holds it and exits 1.
"""
import argparse
import csv
import datetime
import fcntl
import io
import json
import os
import socket
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
    """The whole text or nothing: a temporary file beside it, then a rename; on any error the
    temporary file goes."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", newline="") as f:  # newline="": the text's line ends as given (csv writes \r\n)
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise InputError(f"cannot write {path}: {e.strerror}") from None


def read_meta(path: Path) -> dict:
    """census.json as written: an object, each key once, `runs` a list of runs with their texts."""
    def once(pairs):
        seen = {}
        for k, v in pairs:
            if k in seen:
                raise InputError(f"{path}: field {k}: given twice in one object")
            seen[k] = v
        return seen
    try:
        meta = json.loads(path.read_text(), object_pairs_hook=once)
    except OSError as e:
        raise InputError(f"{path}: cannot be read ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise InputError(f"{path}: not valid JSON ({e})") from None
    if not isinstance(meta, dict):
        raise InputError(f"{path}: not a census record (a JSON object)")
    runs = meta.get("runs", [])
    if not isinstance(runs, list):
        raise InputError(f"{path}: field runs: expected a list")
    for i, r in enumerate(runs):
        if not isinstance(r, dict) or not all(isinstance(r.get(k), str) for k in ("revision", "command")):
            raise InputError(f"{path}: field runs[{i}]: expected an object with the texts revision and command")
    if not isinstance(meta.get("level_checksums", {}), dict):
        raise InputError(f"{path}: field level_checksums: expected an object")
    return meta


def lock_folder(out: Path, command: str):
    """One run at a time: an flock on OUT/.lock (released by the kernel when the process ends, however
    it ends), holding who took it; a held lock is an InputError naming the holder."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / ".lock"
    while True:
        f = open(path, "a+")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.seek(0)
            holder = dict(line.split(" ", 1) for line in f.read().splitlines() if " " in line)
            f.close()
            who = f"process {holder.get('pid', '?')} on {holder.get('host', '?')} since {holder.get('since', '?')} UTC"
            raise InputError(f"{out} is in use: {who} ({holder.get('command', '?')}) holds its lock {path}; one run at a "
                             "time writes a folder") from None
        # The run that held it removes the file before it lets go: lock the file that is there now.
        try:
            same = os.path.samestat(os.fstat(f.fileno()), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            break
        f.close()
    f.seek(0)
    f.truncate()
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    f.write(f"pid {os.getpid()}\nhost {socket.gethostname()}\nsince {stamp}\ncommand {command}\n")
    f.flush()
    return f


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
        command = "scripts/census_table.py " + " ".join(sys.argv[1:])
        if a.out.exists() and any(p.name != ".lock" for p in a.out.iterdir()) and not a.resume:
            raise InputError(f"{a.out}: not empty; --resume keeps its deals")
        lock = lock_folder(a.out, command)  # held to the end of the process
        if any(p.name != ".lock" for p in a.out.iterdir()):
            old = read_meta(meta_path)
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
        runs.append({"revision": revision, "command": command})
        write_atomic(meta_path, json.dumps({**config, "runs": runs}, indent=2) + "\n")
        results: dict[tuple[int, int], dict[int, list]] = {}
        for level, players in cells:
            for game in range(a.games):
                path = a.out / f"L{level}-P{players}-g{game}.txt"
                if not path.exists():
                    cmd = [a.binary, "solve", "--level", str(level), "--players", str(players), "--seed", str(a.seed),
                           "--deal", str(game), "--census", str(a.turns), "--census-probes", str(a.probes)]
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
    try:
        write_atomic(a.out / "census.csv", table.getvalue())
    except InputError as e:
        print(f"census_table: {e}", file=sys.stderr)
        return 1
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
    try:
        write_atomic(a.out / "table.md", "\n".join(lines) + "\n")
    except InputError as e:
        print(f"census_table: {e}", file=sys.stderr)
        return 1
    os.unlink(a.out / ".lock")  # while still held, as mists does: a run that opened it takes the lock of a new file
    lock.close()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
