#!/usr/bin/python3
"""Plots of a study folder written by `mists analyze`: reads cells.csv, writes PNGs beside it.

  win_rate_heatmap.png  win rate by level x players at the official ghost budgets (one panel per agent)
  ghost_budget.png      win rate against the ghost budget, with 95% interval bands (per agent, players)
  loss_causes.png       share of games lost by each cause, per level (each agent, official budgets)
  search_budget.png     win rate against the playouts of mcts / clairvoyant agents that differ only
                        in `playouts=N` (one line per level and player count)
Uses Debian's python3-matplotlib and python3-numpy only.
"""
import csv
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

CAUSES = ["ghost_supply", "pile1_target", "pile2_target", "tiles_out", "unplaceable"]
CAUSE_LABELS = ["ghost supply", "pile 1 target", "pile 2 target", "tiles out", "unplaceable"]


def main(folder: Path) -> None:
    rows = list(csv.DictReader(open(folder / "cells.csv")))
    for r in rows:
        for k in ("level", "players", "ghosts", "ghost_delta", "games", "wins"):
            r[k] = int(r[k])
        for k in ("win_rate", "ci_lo", "ci_hi"):
            r[k] = float(r[k])
    agents = sorted({r["agent"] for r in rows})
    official = [r for r in rows if r["ghost_delta"] == 0]

    # Heat map: level x players, one panel per agent with at least 2 such cells.
    # (agents played at one player count only appear in the loss-cause panels and the report)
    grid_agents = [a for a in agents if len({r["players"] for r in official if r["agent"] == a}) >= 2]
    if grid_agents:
        levels = sorted({r["level"] for r in official})
        players = sorted({r["players"] for r in official})
        fig, axes = plt.subplots(1, len(grid_agents), figsize=(1.4 + 1.3 * len(players) * len(grid_agents), 1.2 + 0.7 * len(levels)), squeeze=False)
        for ax, agent in zip(axes[0], grid_agents):
            m = np.full((len(levels), len(players)), np.nan)
            for r in official:
                if r["agent"] == agent:
                    m[levels.index(r["level"]), players.index(r["players"])] = r["win_rate"]
            im = ax.imshow(m, vmin=0, vmax=1, cmap="viridis", aspect="auto")
            for i in range(len(levels)):
                for j in range(len(players)):
                    if not np.isnan(m[i, j]):
                        ax.text(j, i, f"{100 * m[i, j]:.0f}%", ha="center", va="center", color="white" if m[i, j] < 0.6 else "black", fontsize=9)
            ax.set_xticks(range(len(players)), [str(p) for p in players])
            ax.set_yticks(range(len(levels)), [str(lv) for lv in levels])
            ax.set_xlabel("players")
            ax.set_ylabel("level")
            ax.set_title(f"win rate — {agent}")
        fig.colorbar(im, ax=axes[0].tolist(), fraction=0.03)
        fig.savefig(folder / "win_rate_heatmap.png", dpi=110, bbox_inches="tight")
        plt.close(fig)

    # Win rate against the ghost budget, one line per level, per (agent, players) with a sweep.
    sweeps = defaultdict(list)
    for r in rows:
        sweeps[(r["agent"], r["players"])].append(r)
    sweeps = {k: v for k, v in sweeps.items() if len({r["ghost_delta"] for r in v}) > 1}
    if sweeps:
        fig, axes = plt.subplots(1, len(sweeps), figsize=(6 * len(sweeps), 4.2), squeeze=False)
        for ax, ((agent, players), cells) in zip(axes[0], sorted(sweeps.items())):
            for level in sorted({r["level"] for r in cells}):
                pts = sorted((r for r in cells if r["level"] == level), key=lambda r: r["ghost_delta"])
                x = [r["ghost_delta"] for r in pts]
                ax.plot(x, [r["win_rate"] for r in pts], marker="o", label=f"level {level}")
                ax.fill_between(x, [r["ci_lo"] for r in pts], [r["ci_hi"] for r in pts], alpha=0.2)
            ax.set_xticks(sorted({r["ghost_delta"] for r in cells}))
            ax.set_xlabel("ghost total relative to the official one")
            ax.set_ylabel("win rate")
            ax.set_ylim(-0.02, 1.02)
            ax.grid(alpha=0.3)
            ax.set_title(f"{agent}, {players} player{'s' if players > 1 else ''} (bands: 95% Wilson)")
            ax.legend(fontsize=8)
        fig.savefig(folder / "ghost_budget.png", dpi=110, bbox_inches="tight")
        plt.close(fig)

    # Loss causes per level at the official budgets, one panel per agent.
    if official:
        fig, axes = plt.subplots(1, len(agents), figsize=(4.5 * len(agents), 3.8), squeeze=False)
        for ax, agent in zip(axes[0], agents):
            by_level = defaultdict(lambda: np.zeros(len(CAUSES) + 1))
            for r in official:
                if r["agent"] == agent:
                    v = by_level[r["level"]]
                    v[0] += r["wins"]
                    for i, c in enumerate(CAUSES):
                        v[i + 1] += int(r["loss_" + c])
            levels = sorted(by_level)
            if not levels:
                continue
            totals = np.array([by_level[lv].sum() for lv in levels])
            bottom = np.zeros(len(levels))
            for i, label in enumerate(["won"] + CAUSE_LABELS):
                share = np.array([by_level[lv][i] for lv in levels]) / np.maximum(totals, 1)
                if share.any():
                    ax.bar([str(lv) for lv in levels], share, bottom=bottom, label=label)
                    bottom += share
            ax.set_xlabel("level (all player counts, official budgets)")
            ax.set_ylabel("share of games")
            ax.set_title(f"how games end — {agent}")
            ax.legend(fontsize=7, loc="lower right")
        fig.savefig(folder / "loss_causes.png", dpi=110, bbox_inches="tight")
        plt.close(fig)

    budget_plot(folder, rows)


def budget_plot(folder: Path, rows) -> None:
    """Win rate against search budget for agents written NAME:playouts=N (nothing else changed)."""
    pts = defaultdict(list)
    for r in rows:
        name, _, params = r["agent"].partition(":")
        if name in ("mcts", "clairvoyant") and params.startswith("playouts=") and "," not in params:
            pts[(name, r["level"], r["players"])].append((int(params.split("=")[1]), r))
    pts = {k: sorted(v, key=lambda x: x[0]) for k, v in pts.items() if len(v) >= 3}
    if not pts:
        return
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    for (name, level, players), v in sorted(pts.items()):
        x = [p for p, _ in v]
        ax.plot(x, [r["win_rate"] for _, r in v], marker="o", label=f"{name}, level {level}, {players}p")
        ax.fill_between(x, [r["ci_lo"] for _, r in v], [r["ci_hi"] for _, r in v], alpha=0.2)
    ax.set_xscale("log")
    ax.set_xticks(sorted({p for v in pts.values() for p, _ in v}), [str(p) for p in sorted({p for v in pts.values() for p, _ in v})])
    ax.set_xlabel("playouts per decision")
    ax.set_ylabel("win rate")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.set_title("win rate against search budget (bands: 95% Wilson)")
    ax.legend(fontsize=8)
    fig.savefig(folder / "search_budget.png", dpi=110, bbox_inches="tight")
    plt.close(fig)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: plots.py STUDY_FOLDER")
    main(Path(sys.argv[1]))
