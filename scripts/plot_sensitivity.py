#!/usr/bin/python3
"""Draw a sensitivity view's tornado plot: DIR/sensitivity.png from DIR/sensitivity.csv
(written by `mists sensitivity`).

    scripts/plot_sensitivity.py results/sensitivity

One panel per level and player count: a bar per level number, the largest swing on top, from 0 to
the change of the win rate one step down (left colour) and one step up (right colour), each with its
95% paired interval. A side the rules do not allow has no bar.
"""
import csv
import math
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLUMNS = ["level", "players", "agent", "rank", "number", "printed", "step", "side", "value", "games",
           "win_rate", "diff", "diff_lo", "diff_hi"]
WORDS = {"hound1": "hound 1", "hound2": "hound 2"}
COLOURS = {"down": "#0072B2", "up": "#D55E00"}  # Okabe-Ito


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: plot_sensitivity.py DIR", file=sys.stderr)
        return 2
    folder = Path(sys.argv[1])
    path = folder / "sensitivity.csv"
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
    cells = sorted({(int(r["level"]), int(r["players"])) for r in rows})
    if not cells:
        print(f"{path}: no cells", file=sys.stderr)
        return 1
    columns = min(3, len(cells))
    lines = math.ceil(len(cells) / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(4.6 * columns, 2.6 * lines), squeeze=False)
    for ax in axes.flat[len(cells):]:
        ax.set_visible(False)
    for ax, (level, players) in zip(axes.flat, cells):
        mine = [r for r in rows if int(r["level"]) == level and int(r["players"]) == players]
        printed = next(r for r in mine if r["side"] == "printed")
        ranked = sorted({(int(r["rank"]), r["number"]) for r in mine if r["side"] != "printed"})
        labels, seen = [], set()
        for y, (_, number) in enumerate(reversed(ranked)):
            sides = {r["side"]: r for r in mine if r["number"] == number}
            words = []
            for side in ("down", "up"):
                r = sides.get(side)
                if r is None:
                    words.append("—")
                    continue
                d, lo, hi = (100 * float(r[k]) for k in ("diff", "diff_lo", "diff_hi"))
                at = y + (0.19 if side == "down" else -0.19)
                ax.barh(at, d, color=COLOURS[side], height=0.36, label=None if side in seen else f"one step {side}")
                seen.add(side)
                ax.errorbar(d, at, xerr=[[d - lo], [hi - d]], fmt="none", ecolor="black", elinewidth=0.8, capsize=2)
                words.append(r["value"])
            any_row = next(iter(sides.values()))
            labels.append(f"{WORDS.get(number, number)} {any_row['printed']}\n({' / '.join(words)})")
        ax.set_yticks(range(len(labels)))
        ax.set_yticklabels(labels, fontsize=7)
        ax.axvline(0, color="black", linewidth=0.8)
        if all(float(r["diff_lo"]) == float(r["diff_hi"]) == 0 for r in mine):
            ax.set_xlim(-5, 5)  # no change anywhere (a level every setting always loses or wins)
        ax.set_title(f"level {level}, {players} player{'s' if players > 1 else ''}: "
                     f"{100 * float(printed['win_rate']):.1f}% printed", fontsize=9)
        ax.grid(axis="x", alpha=0.3)
        ax.tick_params(axis="x", labelsize=7)
    for ax in axes[-1]:
        ax.set_xlabel("change of the win rate (points), 95% paired interval", fontsize=8)
    handles, names = [], []
    for ax in axes.flat:
        for h, n in zip(*ax.get_legend_handles_labels()):
            if n not in names:
                handles.append(h)
                names.append(n)
    if handles:
        fig.legend(handles, names, loc="lower center", ncol=len(handles), fontsize=8, frameon=False)
    agent = rows[0]["agent"]
    fig.suptitle(f"Which number moves each level most ({agent}, {rows[0]['games']} games a setting, same deals)", fontsize=9)
    fig.tight_layout(rect=(0, 0.04, 1, 0.95))
    tmp = folder / "sensitivity.png.tmp.png"
    fig.savefig(tmp, dpi=110)
    tmp.replace(folder / "sensitivity.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
