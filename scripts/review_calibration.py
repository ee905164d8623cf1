#!/usr/bin/python3
"""The calibration of mists review's win chances (docs/records.md, "Reviewing a game").

td plays `--games` games a level (seed --seed, 2 players); each record is reviewed by
`mists review --agent expert --repeats R`, so that about half the decisions are disputed and each
disputed option played gets a win chance: the share of R games td wins playing on from it on piles
drawn from the unseen tiles. The game itself is one more such game (td played on from the option,
on the true piles), so a calibrated chance predicts its outcome: the reliability table bins the
chances and sets each bin's mean chance beside the share of its games won, with the Brier score.

  scripts/review_calibration.py --binary build/mists --out results/review-calibration

Resumable: the records and reviews stay in OUT/games/, and a review already there is read again.
"""
import argparse
import csv
import hashlib
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S.*?)\s+(\d+\.\d)%\s")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def one_game(args, level, deal):
    base = os.path.join(args.out, "games", f"level{level}-deal{deal}")
    rec, rev = base + ".txt", base + ".review"
    if not os.path.exists(rev):
        run([args.binary, "play", "--level", str(level), "--players", "2", "--agent", "td", "--seed", str(args.seed),
             "--deal", str(deal), "--out", rec])
        text = run([args.binary, "review", rec, "--agent", "expert", "--repeats", str(args.repeats), "--threads", "1"])
        with open(rev + ".part", "w") as f:
            f.write(text)
        os.replace(rev + ".part", rev)
    won = any(line.startswith("result won") for line in open(rec))
    rows = []
    for line in open(rev):
        m = ROW.match(line)
        if m and int(m.group(3)) > 0:
            rows.append((level, deal, int(m.group(1)), int(m.group(3)), float(m.group(5)) / 100, int(won)))
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default="build/mists")
    p.add_argument("--out", default="results/review-calibration")
    p.add_argument("--levels", default="1,2,3")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--repeats", type=int, default=16)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    os.makedirs(os.path.join(args.out, "games"), exist_ok=True)
    levels = [int(x) for x in args.levels.split(",")]
    with ThreadPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(lambda ld: one_game(args, *ld), [(lv, d) for lv in levels for d in range(args.games)]))
    rows = [r for part in parts for r in part]
    with open(os.path.join(args.out, "positions.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["level", "deal", "step", "games", "chance", "won"])
        w.writerows(rows)
    revision = run([args.binary, "--version"]).split()[-1]
    out = ["# The calibration of the review's win chances", "",
           f"Made by `scripts/review_calibration.py --binary {args.binary} --out {args.out} --levels {args.levels} "
           f"--games {args.games} --seed {args.seed} --repeats {args.repeats}` with mists {revision}: td plays each "
           f"game (2 players, seed {args.seed}, deals 0-{args.games - 1}); `mists review --agent expert --repeats {args.repeats}` "
           "values each option played where the expert would have played another by the share of games td wins playing on "
           "from it on piles drawn from the unseen tiles; the game itself is one more such game. Each row: the disputed "
           "decisions whose chance fell in the bin, their mean chance, and the share of them whose game was won.", ""]
    out += ["Mean chance against the share won, with the standard error of their difference counted by game (the decisions",
            "of one game share its outcome, so the games, not the decisions, are the sample):", "",
            "| level | games | won | decisions | mean chance | won share | won − chance ± s.e. | Brier | Brier of the level's win share |",
            "|---|---|---|---|---|---|---|---|---|"]
    for lv in levels + [0]:
        sel = [r for r in rows if lv == 0 or r[0] == lv]
        if not sel:
            continue
        games = {(r[0], r[1]) for r in sel}
        won = sum(1 for g in games if any(r[5] for r in sel if (r[0], r[1]) == g))
        share = sum(r[5] for r in sel) / len(sel)
        brier = sum((r[4] - r[5]) ** 2 for r in sel) / len(sel)
        base = sum((share - r[5]) ** 2 for r in sel) / len(sel)
        mean = sum(r[4] for r in sel) / len(sel)
        by_game = {}
        for r in sel:
            by_game[(r[0], r[1])] = by_game.get((r[0], r[1]), 0.0) + (r[5] - r[4])
        se = sum(v * v for v in by_game.values()) ** 0.5 / len(sel)
        out.append(f"| {lv if lv else 'all'} | {len(games)} | {won} | {len(sel)} | {mean:.3f} | {share:.3f} | "
                   f"{100 * (share - mean):+.1f} ± {100 * se:.1f} | {brier:.4f} | {base:.4f} |")
    out += ["", "Reliability: the decisions by their chance (each a share of only " + str(args.repeats) + " games, so a bin at an end "
            "also gathers chances that came out too extreme by luck: the outer bins lean towards the middle).", "",
            "| chance | decisions | mean chance | won |", "|---|---|---|---|"]
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        sel = [r for r in rows if lo <= r[4] < hi or (b == 9 and r[4] == 1.0)]
        if sel:
            mean = sum(r[4] for r in sel) / len(sel)
            won = sum(r[5] for r in sel) / len(sel)
            out.append(f"| {lo:.1f}-{hi:.1f} | {len(sel)} | {mean:.3f} | {won:.3f} |")
    digest = hashlib.sha256(open(os.path.join(args.out, "positions.csv"), "rb").read()).hexdigest()[:16]
    out += ["", f"positions.csv sha256 {digest}", ""]
    with open(os.path.join(args.out, "calibration.md"), "w") as f:
        f.write("\n".join(out))
    print("\n".join(out))


if __name__ == "__main__":
    main()
