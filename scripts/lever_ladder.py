#!/usr/bin/python3
"""Read a co-op levers study for a designer: what each lever setting does to each level, and which
setting brings each level nearest a target ladder of win rates.

    scripts/lever_ladder.py results/levers
    scripts/lever_ladder.py --ladder 0.8,0.6,0.4,0.25,0.15,0.1 results/levers
    scripts/lever_ladder.py --partial results/levers     (a study still being played: its chunks so far)

The folder is one `mists compare --levers` study with a single agent (compare.csv and cells.csv). The
first setting of the study (normally `none`) is the reference. With --partial it reads study.json
and the chunks played so far instead (a study not yet finished has no compare.csv); each pair of
settings is then compared on the games both have played, with the statistics `mists compare` uses
(the paired difference's normal interval, McNemar's exact test, Wilson intervals). Prints two
Markdown tables:

- each setting against the reference, per level and player count: the paired difference of win
  rates in percentage points with its 95% interval and McNemar's exact p (from compare.csv);
- each setting's win rate with its Wilson interval, the ladder's target for the level, and the
  setting nearest the target (and whether the target lies inside that setting's interval).
"""
import argparse
import csv
import json
import sys
from math import sqrt
from pathlib import Path

from study_stats import Z, InputError, cell_id, chunk_outcomes, levers_of, mcnemar, wilson


def read_rows(path: Path, needed: list[str]) -> list[tuple[int, dict]]:
    if not path.exists():
        raise InputError(f"{path}: no such file")
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in needed if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(f"{path}: line 1: missing column(s) {', '.join(missing)}"
                             " (is this a study made with --levers?)")
        return [(line, r) for line, r in enumerate(reader, start=2)]


def number(path: Path, line: int, row: dict, field: str, kind=float):
    try:
        return kind(row[field])
    except (TypeError, ValueError):
        raise InputError(f"{path}: line {line}: field {field}: not a number: {row[field]!r}") from None


def parse_ladder(text: str) -> dict[int, float]:
    parts = text.split(",")
    ladder = {}
    for level, part in enumerate(parts, start=1):
        try:
            value = float(part)
        except ValueError:
            raise InputError(f"--ladder: item {level}: not a number: {part!r}") from None
        if 1 < value <= 100:
            raise InputError(f"--ladder: item {level}: {part} is a percent; targets are fractions of games won, "
                             f"0 to 1, as in every mists command: did you mean {value / 100:g}?")
        if not 0 <= value <= 1:
            raise InputError(f"--ladder: item {level}: {value} is not a win rate in [0, 1]")
        ladder[level] = value
    return ladder


def read_partial(study: Path):
    """Win rates and paired changes from study.json and the chunks played so far."""
    path = study / "study.json"
    if not path.exists():
        raise InputError(f"{path}: no such file")
    try:
        cells = json.loads(path.read_text())["config"]["cells"]
    except (ValueError, KeyError, TypeError) as e:
        raise InputError(f"{path}: not a study file ({e})") from None
    outcomes = chunk_outcomes(study)
    settings, agents, rate, diff, won = [], set(), {}, {}, {}
    for c in cells:
        levers = levers_of(c)
        agents.add(c["agent"])
        if levers not in settings:
            settings.append(levers)
        key = (int(c["level"]), int(c["players"]), int(c["ghosts"]), levers)
        won[key] = outcomes.get(cell_id(c), {})
        games, wins = len(won[key]), sum(won[key].values())
        if games:
            rate[key] = (games, wins / games, *wilson(wins, games))
    for key, games in won.items():
        ref = won.get(key[:3] + (settings[0],), {})
        common = [g for g in games if g in ref]
        if key[3] == settings[0] or not common:
            continue
        only_b = sum(1 for g in common if games[g] and not ref[g])  # the setting won, the reference did not
        only_a = sum(1 for g in common if ref[g] and not games[g])
        n = len(common)
        d = (only_b - only_a) / n
        half = Z * sqrt(max(0.0, ((only_a + only_b) / n - d * d) / n))
        diff[key] = (d, d - half, d + half, mcnemar(only_a, only_b), n)
    return settings, agents, rate, diff


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ladder", default="0.8,0.6,0.4,0.25,0.15,0.1",
                    help="target win rates, fractions, for levels 1, 2, ... (default 0.8,0.6,0.4,0.25,0.15,0.1)")
    ap.add_argument("--partial", action="store_true",
                    help="read study.json and the chunks played so far (a study not finished yet)")
    ap.add_argument("study", type=Path, help="a mists compare --levers results folder")
    args = ap.parse_args()
    try:
        ladder = parse_ladder(args.ladder)
        if args.partial:
            settings, agents, rate, diff = read_partial(args.study)
            if len(agents) != 1 or len(settings) < 2:
                raise InputError(f"{args.study / 'study.json'}: a lever table needs one agent and two settings or more")
            return print_tables(args, ladder, settings, rate, diff)
        cells_path = args.study / "cells.csv"
        cells = read_rows(cells_path, ["level", "players", "ghosts", "agent", "levers", "games",
                                       "wins", "win_rate", "ci_lo", "ci_hi"])
        compare_path = args.study / "compare.csv"
        pairs = read_rows(compare_path, ["level", "players", "ghosts", "agent_a", "agent_b", "levers_a",
                                         "levers_b", "games", "diff", "diff_lo", "diff_hi", "only_a",
                                         "only_b", "mcnemar_p"])
        settings: list[str] = []  # in the study's order
        agents = set()
        rate = {}  # (level, players, ghosts, setting) -> (games, rate, lo, hi)
        for line, r in cells:
            key = (number(cells_path, line, r, "level", int), number(cells_path, line, r, "players", int),
                   number(cells_path, line, r, "ghosts", int), r["levers"])
            agents.add(r["agent"])
            if r["levers"] not in settings:
                settings.append(r["levers"])
            rate[key] = (number(cells_path, line, r, "games", int), number(cells_path, line, r, "win_rate"),
                         number(cells_path, line, r, "ci_lo"), number(cells_path, line, r, "ci_hi"))
        if len(agents) != 1:
            raise InputError(f"{cells_path}: the study has {len(agents)} agents ({', '.join(sorted(agents))});"
                             " a lever table needs exactly one")
        if len(settings) < 2:
            raise InputError(f"{cells_path}: the study has {len(settings)} lever setting(s); at least two are needed")
        reference = settings[0]
        diff = {}  # (level, players, ghosts, setting) -> (diff, lo, hi, p) of setting minus reference
        for line, r in pairs:
            if r["agent_a"] != r["agent_b"] or r["levers_a"] != reference:
                continue
            key = (number(compare_path, line, r, "level", int), number(compare_path, line, r, "players", int),
                   number(compare_path, line, r, "ghosts", int), r["levers_b"])
            # compare.csv gives A minus B with A the reference; a lever's effect is B minus A.
            diff[key] = (0.0 - number(compare_path, line, r, "diff"), 0.0 - number(compare_path, line, r, "diff_hi"),
                         0.0 - number(compare_path, line, r, "diff_lo"), number(compare_path, line, r, "mcnemar_p"),
                         number(compare_path, line, r, "games", int))
    except InputError as e:
        print(f"lever_ladder.py: {e}", file=sys.stderr)
        return 1
    return print_tables(args, ladder, settings, rate, diff)


def print_tables(args, ladder, settings, rate, diff) -> int:
    reference = settings[0]

    cell_keys = sorted({k[:3] for k in rate})
    others = settings[1:]
    print(f"### What each setting does (win rate against `{reference}`, paired on the same deals)\n")
    print("| level | players | ghosts | games | " + f"`{reference}` | "
          + " | ".join(f"`{s}`: change [95%], McNemar p" for s in others) + " |")
    print("|---" * (5 + len(others)) + "|")
    for cell in cell_keys:
        base = rate.get(cell + (reference,))
        row = [str(cell[0]), str(cell[1]), str(cell[2]), str(base[0]) if base else "–",
               pct(base[1]) if base else "–"]
        for s in others:
            d = diff.get(cell + (s,))
            text = f"{100 * d[0]:+.1f} pp [{100 * d[1]:+.1f}, {100 * d[2]:+.1f}], p {d[3]:.2g}" if d else "–"
            if d and base and d[4] != base[0]:
                text += f" ({d[4]} games)"  # a study still being played (--partial)
            row.append(text)
        print("| " + " | ".join(row) + " |")

    print(f"\n### Nearest the ladder ({' / '.join(f'{100 * ladder[k]:g}%' for k in sorted(ladder))} for levels 1–{len(ladder)})\n")
    print("| level | players | target | " + " | ".join(f"`{s}`" for s in settings)
          + " | nearest | its distance | target inside its interval |")
    print("|---" * (6 + len(settings)) + "|")
    for cell in cell_keys:
        target = ladder.get(cell[0])
        row = [str(cell[0]), str(cell[1]), pct(target) if target is not None else "–"]
        best = None
        for s in settings:
            v = rate.get(cell + (s,))
            text = f"{pct(v[1])} [{100 * v[2]:.1f}, {100 * v[3]:.1f}]" if v else "–"
            if v and args.partial:
                text += f" ({v[0]} games)"
            row.append(text)
            if v and target is not None and (best is None or abs(v[1] - target) < abs(best[1][1] - target)):
                best = (s, v)
        if best:
            inside = best[1][2] <= target <= best[1][3]
            row += [f"`{best[0]}`", f"{100 * (best[1][1] - target):+.1f} pp", "yes" if inside else "no"]
        else:
            row += ["–", "–", "–"]
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
