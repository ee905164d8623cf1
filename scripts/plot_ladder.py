#!/usr/bin/python3
"""Draw a ladder's plot: DIR/ladder.png from DIR/ladder.csv (written by `mists ladder`).

    scripts/plot_ladder.py results/ladder

One panel per player count: the win rate of each level with the printed numbers (before) and with
the recommended ones (after), each with its 95% Wilson interval, and the target curve. A level no
allowed setting brings to its target is drawn with a hollow marker at its last step.
"""
import csv
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLUMNS = ["level", "players", "target", "status", "before_rate", "before_lo", "before_hi",
           "after_rate", "after_lo", "after_hi"]


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: plot_ladder.py DIR", file=sys.stderr)
        return 2
    folder = Path(sys.argv[1])
    path = folder / "ladder.csv"
    if not path.exists():
        print(f"{path}: no such file", file=sys.stderr)
        return 1
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            print(f"{path}: line 1: missing column(s) {', '.join(missing)}", file=sys.stderr)
            return 1
        rows = list(reader)
    if not rows:
        print(f"{path}: no cells", file=sys.stderr)
        return 1
    players = sorted({int(r["players"]) for r in rows})
    fig, axes = plt.subplots(1, len(players), figsize=(4.2 * len(players), 3.8), sharey=True, squeeze=False)
    for ax, p in zip(axes[0], players):
        cells = sorted((r for r in rows if int(r["players"]) == p), key=lambda r: int(r["level"]))
        levels = [int(r["level"]) for r in cells]
        ax.plot(levels, [100 * float(r["target"]) for r in cells], "k_--", lw=1, ms=14, label="target")
        for key, colour, shift, label in (("before", "tab:red", -0.08, "printed numbers"),
                                          ("after", "tab:blue", 0.08, "recommended")):
            for r, lv in zip(cells, levels):
                rate = 100 * float(r[f"{key}_rate"])
                lo, hi = 100 * float(r[f"{key}_lo"]), 100 * float(r[f"{key}_hi"])
                hollow = key == "after" and r["status"] == "unreachable"
                ax.errorbar(lv + shift, rate, yerr=[[rate - lo], [hi - rate]], fmt="o", color=colour,
                            mfc="white" if hollow else colour, capsize=3,
                            label=label if lv == levels[0] else None)
        ax.set_title(f"{p} player{'s' if p > 1 else ''}")
        ax.set_xlabel("level")
        ax.set_xticks(levels)
        ax.set_xlim(min(levels) - 0.5, max(levels) + 0.5)
        ax.set_ylim(-2, 102)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("win rate (%), 95% interval")
    axes[0][-1].legend(loc="upper right", fontsize=8)
    fig.suptitle("Ladder: win rate before and after\n(hollow: no allowed setting reaches the target)", fontsize=9)
    fig.tight_layout()
    fig.savefig(folder / "ladder.png.tmp.png", dpi=110)
    (folder / "ladder.png.tmp.png").replace(folder / "ladder.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
