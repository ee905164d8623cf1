#!/usr/bin/python3
"""The reliability plot of a learned value: reads WORK/reliability.csv and WORK/calibration.csv
written by `mists train --work WORK`, writes WORK/reliability.png beside them.

  reliability.png  for each level, the held-out positions grouped by the decile of their learned
                   value V: the mean V (x) against the share of those positions whose game was won
                   (y), the diagonal where they agree, each point's size by its positions; the
                   legend gives each level's Brier score beside the heuristic's.

Usage: scripts/value_plots.py WORK
Uses Debian's python3-matplotlib only.
"""
import csv
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_rows(path):
    """The rows of a CSV file as dicts; a missing file or column names the file."""
    if not path.is_file():
        sys.exit(f"value_plots.py: {path}: no such file (run mists train --work {path.parent} first)")
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: scripts/value_plots.py WORK")
    work = Path(argv[1])
    rel = read_rows(work / "reliability.csv")
    cal = {row["level"]: row for row in read_rows(work / "calibration.csv")}
    levels = sorted({row["level"] for row in rel}, key=int)
    fig, ax = plt.subplots(figsize=(6.4, 6.0))
    ax.plot([0, 1], [0, 1], color="#999999", linestyle="--", linewidth=1, label="perfect calibration")
    for i, level in enumerate(levels):
        rows = [r for r in rel if r["level"] == level]
        try:
            x = [float(r["predicted"]) for r in rows]
            y = [float(r["observed"]) for r in rows]
            n = [int(r["positions"]) for r in rows]
        except (KeyError, ValueError) as e:
            sys.exit(f"value_plots.py: {work / 'reliability.csv'}: level {level}: {e}")
        c = cal.get(level, {})
        label = f"level {level}"
        if c:
            label += f" (Brier {float(c['brier_value']):.4f}, heuristic {float(c['brier_heuristic']):.4f})"
        colour = plt.cm.viridis(i / max(1, len(levels) - 1))
        ax.plot(x, y, color=colour, linewidth=1)
        ax.scatter(x, y, s=[max(8.0, 300.0 * k / max(n)) for k in n], color=colour, label=label, zorder=3)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("learned value V (mean over the decile's held-out positions)")
    ax.set_ylabel("share of those positions whose game was won")
    ax.set_title("Reliability of the learned value on held-out games")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    out = work / "reliability.png"
    fig.savefig(out, dpi=100)
    print(f"value_plots.py: wrote {out}")


if __name__ == "__main__":
    main(sys.argv)
