#!/usr/bin/python3
"""Random search over the expert's heuristic weights, by self-play with `mists analyze`.

  scripts/tune_weights.py --trials 60 --games 150 --levels 1-4 --seed 7 > tune.log

Each trial draws weights, plays the same deals (seed fixed) on every level for 2 players and
prints the total wins and the weights as an agent text for `--agents`. Tune on one seed, then
confirm the winner on another (`mists compare`), since the best of many trials is biased upwards.
"""
import argparse
import csv
import random
import subprocess
import tempfile
from pathlib import Path

RANGES = {
    "supply": (0.3, 2.5), "low_supply": (0.0, 10.0), "safe_supply": (1, 6), "dead_ghost": (0.0, 3.0),
    "live_open": (0.0, 0.5), "recover": (0.0, 2.0), "meeple": (0.0, 2.0), "meeple_value": (0.2, 1.2),
    "pressure": (0.0, 8.0),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mists", default=str(Path(__file__).resolve().parent.parent / "build" / "mists"))
    ap.add_argument("--trials", type=int, default=40)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--levels", default="1-4")
    ap.add_argument("--players", default="2")
    ap.add_argument("--seed", type=int, default=7, help="random search seed")
    ap.add_argument("--run-seed", type=int, default=1000, help="deal seed of the games")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--around", help="search near these weights (an agent text) instead of the whole ranges")
    ap.add_argument("--spread", type=float, default=0.25, help="with --around: relative change of each weight")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    centre = {}
    if args.around:
        for kv in args.around.split(":", 1)[1].split(","):
            k, v = kv.split("=")
            centre[k] = float(v)
    for trial in range(args.trials):
        w = {}
        for k, (lo, hi) in RANGES.items():
            if k in centre:
                v = centre[k] * (1 + rng.uniform(-args.spread, args.spread)) if trial else centre[k]
                w[k] = max(lo, min(hi, round(v))) if isinstance(lo, int) else round(max(lo, min(hi, v)), 2)
            else:
                w[k] = rng.randint(lo, hi) if isinstance(lo, int) else round(rng.uniform(lo, hi), 2)
        agent = "expert:" + ",".join(f"{k}={v}" for k, v in w.items())
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([args.mists, "analyze", "--levels", args.levels, "--players", args.players,
                            "--agents", agent, "--games", str(args.games), "--seed", str(args.run_seed),
                            "--threads", str(args.threads), "--out", tmp + "/s", "-q"], check=True,
                           stdout=subprocess.DEVNULL)
            cells = list(csv.DictReader(open(tmp + "/s/cells.csv")))
        wins = [int(c["wins"]) for c in cells]
        print(sum(wins), wins, agent, flush=True)


if __name__ == "__main__":
    main()
