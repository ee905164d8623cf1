#!/usr/bin/python3
"""How much of the gap between a fair agent and the clairvoyant bound a new agent closes, on the
same deals, from the games.csv of one or more studies (the deals of a study depend only on the run
seed, the level, the player count and the game index, so studies with the same seed pair up).

    scripts/gap_closed.py --old mcts --new planner --bound clairvoyant results/planner results/planner-clairvoyant

An agent text may name the study it is read from, AGENT@FOLDER, when two studies hold agents of the
same text (an agent before and after a change of its defaults):

    scripts/gap_closed.py --old mcts --new planner@results/planner-v2 --bound clairvoyant \
        results/strength-planner results/planner-v2

Prints a Markdown table per level and player count: the three win rates, the share of the gap
(bound - old) that new closes, the rate new needs to close half of it, and McNemar's exact test of
new against old (two-sided, on the deals only one of the two won).

A study still being played has no games.csv: its sealed chunks so far are read instead (named by
its study.json, the deal seed computed as the program writes it). With --bound-all the bound's rate
is taken over every deal it played and the two agents' over every deal they share, for a bound
played on fewer deals (the deal solver's 200 of the 1,000 a cell):

    scripts/gap_closed.py --old planner --new planner:value=blend,blend=10,samples=12 --bound solver \
        --bound-all results/planner-v2 results/strength-v3 results/winnable
"""
import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

from study_stats import InputError, cell_id, chunk_outcomes, levers_of, mcnemar, study_config

MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """solver/rng.h's splitmix64."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def cell_seed(run_seed: int, level: int, players: int) -> int:
    """analysis/study/study.cpp's cell_seed: the deal seed games.csv writes for a cell."""
    return splitmix64(splitmix64(run_seed) ^ (level * 16 + players))


def chunk_rows(folder: Path):
    """(level, players, deal_seed, agent, game, won) of every sealed chunk of a study that has no
    games.csv yet (one still being played), its cells named by study.json."""
    config = study_config(folder, "cells", "seed")
    cells = {}
    for c in config["cells"]:
        if levers_of(c) != "none":
            raise InputError(f"{folder / 'study.json'}: a levers study: read it once it is finished (games.csv)")
        cells[cell_id(c)] = (int(c["level"]), int(c["players"]), c["agent"])
    for cid, games in chunk_outcomes(folder).items():
        if cid not in cells:
            raise InputError(f"{folder / 'chunks'}: chunks of cell {cid}, which {folder / 'study.json'} does not name")
        level, players, agent = cells[cid]
        seed = str(cell_seed(int(config["seed"]), level, players))
        for game, w in games.items():
            yield level, players, seed, agent, game, w


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, help="agent text of the agent to improve on (e.g. mcts)")
    ap.add_argument("--new", required=True, help="agent text of the new agent (e.g. planner)")
    ap.add_argument("--bound", help="agent text of the bound (e.g. clairvoyant); without it, the old and new agents alone")
    ap.add_argument("--bound-all", action="store_true",
                    help="the bound's rate over every deal it played, the two agents' over every deal they share "
                         "(for a bound played on fewer deals, as the deal solver's 200 of 1,000); McNemar's test stays on the shared deals")
    ap.add_argument("--games", metavar="FIRST-LAST", help="only games FIRST to LAST (indices, both included), e.g. 100-299")
    ap.add_argument("studies", nargs="+", type=Path, help="study folders holding games.csv")
    args = ap.parse_args()
    first, last = 0, None
    if args.games:
        try:
            first, last = (int(x) for x in args.games.split("-"))
            if first < 0 or last < first:
                raise ValueError
        except ValueError:
            print(f"gap_closed.py: --games {args.games}: want FIRST-LAST, 0 <= FIRST <= LAST", file=sys.stderr)
            return 2
    won = defaultdict(dict)  # (level, players, deal_seed, agent) -> {game: won}
    roles = [args.old, args.new] + ([args.bound] if args.bound else [])
    for role in roles:
        if "@" in role and Path(role.split("@", 1)[1]) not in args.studies:
            print(f"gap_closed.py: {role}: {role.split('@', 1)[1]} is not one of the study folders", file=sys.stderr)
            return 1
    for folder in args.studies:
        path = folder / "games.csv"
        if not path.exists() and (folder / "chunks").is_dir() and (folder / "study.json").exists():
            # A study still being played: its sealed chunks so far.
            print(f"gap_closed.py: {folder}: no games.csv yet; reading its sealed chunks", file=sys.stderr)
            try:
                for level, players, seed, agent, game, w in chunk_rows(folder):
                    for name in (agent, f"{agent}@{folder}"):
                        won[(level, players, seed, name)][game] = w
            except InputError as e:
                print(f"gap_closed.py: {e}", file=sys.stderr)
                return 1
            continue
        if not path.exists():
            print(f"gap_closed.py: {path}: no such file", file=sys.stderr)
            return 1
        with open(path, newline="") as f:
            for line, r in enumerate(csv.DictReader(f), start=2):
                try:
                    for agent in (r["agent"], f"{r['agent']}@{folder}"):  # AGENT@FOLDER reads one study only
                        key = (int(r["level"]), int(r["players"]), r["deal_seed"], agent)
                        won[key][int(r["game"])] = r["outcome"] == "won"
                except (KeyError, ValueError) as e:
                    print(f"gap_closed.py: {path}:{line}: {e}", file=sys.stderr)
                    return 1
    cells = sorted({(k[0], k[1], k[2]) for k in won})
    print(f"| level | players | deals | {args.old} | {args.new} | {args.bound or 'bound'} | gap closed | {args.new} needs (half) | "
          f"{args.new} vs {args.old}: only {args.new} / only {args.old}, McNemar p |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    found = 0
    for level, players, seed in cells:
        rows = [won.get((level, players, seed, a)) for a in roles]
        if any(r is None for r in rows):
            continue
        in_range = lambda g: g >= first and (last is None or g <= last)  # noqa: E731
        shared = rows[:2] if args.bound_all else rows
        games = sorted(g for g in set.intersection(*(set(r) for r in shared)) if in_range(g))
        if not games:
            continue
        found += 1
        n = len(games)
        rate = [sum(r[g] for g in games) / n for r in rows[:2]]
        deals = str(n)
        if args.bound:
            bound_games = [g for g in rows[2] if in_range(g)] if args.bound_all else games
            if not bound_games:
                continue
            rate.append(sum(rows[2][g] for g in bound_games) / len(bound_games))
            if args.bound_all:
                deals = f"{n} (bound {len(bound_games)})"
            gap = rate[2] - rate[0]
            closed, bound, needs = f"{(rate[1] - rate[0]) / gap:.0%}" if gap > 0 else "no gap", f"{rate[2]:.1%}", f"{rate[0] + gap / 2:.1%}"
        else:
            closed = bound = needs = "—"
        only_new = sum(rows[1][g] and not rows[0][g] for g in games)
        only_old = sum(rows[0][g] and not rows[1][g] for g in games)
        print(f"| {level} | {players} | {deals} | {rate[0]:.1%} | {rate[1]:.1%} | {bound} | {closed} | "
              f"{needs} | {only_new} / {only_old}, {mcnemar(only_new, only_old):.1e} |")
    if not found:
        print("gap_closed.py: no level and player count has every agent asked on common deals", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
