#!/usr/bin/python3
"""The trajectory plot of a study run with `mists analyze --trace`: reads traces.csv and
traces.json from the study folder and writes trajectories.png beside them.

One row of panels per player count and agent: the median score (the lowest colour score on
level 6) and the median ghost supply against the turn, one line per level and ghost budget (a
level's budgets in shades of its colour and in line styles of their own), with the
interquartile band. A game that has ended keeps its final values, so the median at turn t is over
every game of the cell. The pile targets are drawn on the score panel: a marker at the turn where
each pile runs out if no tile is discarded or put face down (pile sizes from traces.json), at the
height of the threshold that pile must reach (hound 1, hound 2, then the goal). A median line
below a marker shows when a level's games are lost. Uses Debian's python3-matplotlib only.
"""
import csv
import json
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import to_hex, to_rgb  # noqa: E402

LEVEL_COLOURS = {1: "#0072B2", 2: "#E69F00", 3: "#009E73", 4: "#D55E00", 5: "#CC79A7", 6: "#000000"}


LINE_STYLES = ["-", "--", ":", "-."]


def budget_styles(cells, meta):
    """{cell: (colour, line style)}: each level its colour; the ghost budgets of one level (a budget
    sweep) told apart by shade, from the level's colour to lighter, and by line style."""
    budgets = defaultdict(set)
    for cell in cells:
        budgets[meta[cell]["level"]].add(meta[cell]["ghosts"])
    styles = {}
    for cell in cells:
        level, ghosts = meta[cell]["level"], meta[cell]["ghosts"]
        order = sorted(budgets[level])
        k = order.index(ghosts)
        base = to_rgb(LEVEL_COLOURS.get(level, "grey"))
        mix = 0.6 * k / (len(order) - 1) if len(order) > 1 else 0.0  # towards white, up to 60%
        styles[cell] = (to_hex(tuple(c + (1 - c) * mix for c in base)), LINE_STYLES[k % len(LINE_STYLES)])
    return styles


def quantiles(values, qs):
    v = sorted(values)
    out = []
    for q in qs:
        pos = q * (len(v) - 1)
        i = int(pos)
        frac = pos - i
        out.append(v[i] if i + 1 >= len(v) else v[i] + frac * (v[i + 1] - v[i]))
    return out


def read(folder: Path):
    """{cell: {game: [(turn, score, supply)]}} in file order, and the cells' targets."""
    meta = json.loads((folder / "traces.json").read_text())
    games = defaultdict(lambda: defaultdict(list))
    with open(folder / "traces.csv", newline="") as f:
        for row in csv.DictReader(f):
            games[row["cell"]][int(row["game"])].append((int(row["turn"]), int(row["score"]), int(row["ghost_supply"])))
    return games, meta


def curves(cell_games):
    """Turns and the (q1, median, q3) of score and supply at each turn; ended games keep their last values."""
    last_turn = max(rows[-1][0] for rows in cell_games.values())
    turns = list(range(0, last_turn + 1))
    score, supply = [], []
    for t in turns:
        s_vals, g_vals = [], []
        for rows in cell_games.values():
            at = rows[0]
            for r in rows:
                if r[0] <= t:
                    at = r
            s_vals.append(at[1])
            g_vals.append(at[2])
        score.append(quantiles(s_vals, [0.25, 0.5, 0.75]))
        supply.append(quantiles(g_vals, [0.25, 0.5, 0.75]))
    return turns, score, supply


def main(folder: Path) -> int:
    if not (folder / "traces.csv").exists():
        return 0
    games, meta = read(folder)
    groups = defaultdict(list)  # (players, agent and lever setting) -> cells, in file order
    for cell in games:
        m = meta[cell]
        levers = m.get("levers", "none")  # co-op levers (docs/rules.md C), in studies that set them
        groups[(m["players"], m["agent"] if levers == "none" else f"{m['agent']} with {levers}")].append(cell)
    fig, axes = plt.subplots(len(groups), 2, figsize=(12, 3.6 * len(groups)), squeeze=False, constrained_layout=True)
    for row, ((players, agent), cells) in enumerate(groups.items()):
        ax_s, ax_g = axes[row]
        styles = budget_styles(cells, meta)
        for n, cell in enumerate(cells):
            m = meta[cell]
            colour, dash = styles[cell]
            turns, score, supply = curves(games[cell])
            label = f"level {m['level']} ({m['ghosts']} ghosts)"
            ax_s.plot(turns, [q[1] for q in score], color=colour, linestyle=dash, label=label)
            ax_s.fill_between(turns, [q[0] for q in score], [q[2] for q in score], color=colour, alpha=0.12)
            ax_g.plot(turns, [q[1] for q in supply], color=colour, linestyle=dash, label=label)
            ax_g.fill_between(turns, [q[0] for q in supply], [q[2] for q in supply], color=colour, alpha=0.12)
            targets = [m["hound1"], m["hound2"], m["goal"]] if m["hound1"] else [m["goal"]]
            end = 0
            for size, target in zip(m["pile_sizes"][-len(targets):] if len(m["pile_sizes"]) >= len(targets) else m["pile_sizes"], targets):
                end += size
                if target:  # levels with the same targets side by side, not on top of each other
                    ax_s.plot([end + 0.6 * (n - (len(cells) - 1) / 2)], [target], marker="D", color=colour, markersize=6,
                              markeredgecolor="white")
        who = f"{agent}, {players} player{'s' if players != 1 else ''}"
        ax_s.set_title(f"median score by turn — {who} (◆ pile targets)")
        ax_g.set_title(f"median ghost supply by turn — {who}")
        for ax in (ax_s, ax_g):
            ax.set_xlabel("turn (face-up tiles placed)")
            ax.grid(alpha=0.3)
        ax_s.set_ylabel("score (lowest colour on level 6)")
        ax_g.set_ylabel("ghosts in the supply")
        ax_s.legend(fontsize=8, loc="upper left")
    fig.savefig(folder / "trajectories.png", dpi=110)
    print(f"wrote {folder / 'trajectories.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
