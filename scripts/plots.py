#!/usr/bin/python3
"""Plots of a study folder written by `mists analyze`: reads cells.csv, writes PNGs beside it.

  win_rate_heatmap.png  win rate by level x players at the official ghost budgets (one panel per agent)
  ghost_budget.png      win rate against the ghost budget, with 95% interval bands (per agent, players)
  loss_causes.png       share of games lost by each cause, per level (each agent, official budgets)
  search_budget.png     win rate against the playouts of mcts / clairvoyant agents that differ only
                        in `playouts=N` (one line per level and player count)
  luck.png              for studies with a fair agent and the same agent told the next K tiles
                        (`preview=K`): the win rate against the tiles told, one line per level, a panel
                        per player count (the value of foresight; the luck-and-skill table of report.md)
  solver_budget.png     for studies with a `solver` cell (games.csv): the share of deals proved won
                        within a budget of engine steps a deal, against the budget (one line per level
                        and player count); a second axis in seconds at the run's own measured rate,
                        with marks at 1, 3, 10 and 30 s
For a tournament folder written by `mists versus` (it holds tournament.json) it draws instead

  final_scores.png      each agent's final scores over all its seats, a histogram in bands of 10
                        points, one line per agent in the tournament's order (from the sealed chunks)

Panels follow the agents (each with its co-op lever setting, in a levers study) in the study's
order (cells.json, else study.json, else cells.csv); every outcome and every level has one colour in
every panel. Uses Debian's python3-matplotlib and python3-numpy only. tests/plots_test.py checks
these rules (run by scripts/ci-browser.sh).
"""
import csv
import json
import math
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from study_stats import cell_label, levers_of  # noqa: E402  (a panel per agent and lever setting)

CAUSES = ["ghost_supply", "pile1_target", "pile2_target", "tiles_out", "unplaceable"]
OUTCOMES = ["won"] + CAUSES
OUTCOME_LABELS = {"won": "won", "ghost_supply": "ghost supply", "pile1_target": "pile 1 target",
                  "pile2_target": "pile 2 target", "tiles_out": "tiles out", "unplaceable": "unplaceable"}
# One fixed colour per outcome (Okabe-Ito, colour-blind safe), the same in every panel and plot.
OUTCOME_COLOURS = {"won": "#009E73", "ghost_supply": "#CC79A7", "pile1_target": "#E69F00",
                   "pile2_target": "#D55E00", "tiles_out": "#56B4E9", "unplaceable": "#555555"}
# One fixed colour per level (1-6) in the line plots.
LEVEL_COLOURS = {1: "#0072B2", 2: "#E69F00", 3: "#009E73", 4: "#D55E00", 5: "#CC79A7", 6: "#000000"}
MAX_COLUMNS = 3  # panels per row before a grid wraps


def level_colour(level: int) -> str:
    return LEVEL_COLOURS.get(level, f"C{level % 10}")


def win_rate_label(rate: float) -> str:
    """A win rate as a heat-map label: one decimal below 10% (0.5% is not "0%"), whole percent above."""
    p = 100 * rate
    if p == 0:
        return "0%"
    if p < 0.05:
        return "<0.1%"
    if p < 9.95:
        return f"{p:.1f}%"
    if p > 99.5 and rate < 1:
        return ">99%"
    return f"{math.floor(p + 0.5)}%"


def agent_label(agent: str, width: int = 24) -> str:
    """A panel's text for a title: the agent's name, then its parameters wrapped over lines of
    <= width, then its lever setting (after " with ", one lever a line)."""
    agent, _, levers = agent.partition(" with ")
    name, _, params = agent.partition(":")
    lines = [name]
    if params:
        lines += textwrap.wrap(", ".join(params.split(",")), width, break_on_hyphens=False)
    if levers:
        lines += ["with " + levers.replace("+", " +\n")]
    return "\n".join(lines)


def read_rows(folder: Path):
    rows = list(csv.DictReader(open(folder / "cells.csv", newline="")))
    for r in rows:
        for k in ("level", "players", "ghosts", "ghost_delta", "games", "wins"):
            r[k] = int(r[k])
        for k in ("win_rate", "ci_lo", "ci_hi"):
            r[k] = float(r[k])
        for c in CAUSES:
            r["loss_" + c] = int(r["loss_" + c])
    return rows


def study_agents(folder: Path, rows) -> list:
    """The panels (agents, with their lever settings) in the order the study lists them (cells.json,
    else study.json, else cells.csv)."""
    present = list(dict.fromkeys(cell_label(r) for r in rows))
    for name, cells in (("cells.json", lambda d: d["cells"]), ("study.json", lambda d: d["config"]["cells"])):
        try:
            order = list(dict.fromkeys(cell_label(c) for c in cells(json.load(open(folder / name)))))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if set(present) <= set(order):
            return [a for a in order if a in present]
    return present


def panel_grid(n: int, panel_w: float, panel_h: float, columns: int = MAX_COLUMNS, **kw):
    """A figure of n panels, at most `columns` a row; the unused axes of the last row hidden."""
    cols = min(n, columns)
    rows = math.ceil(n / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(panel_w * cols, panel_h * rows), squeeze=False,
                             layout="constrained", **kw)
    flat = list(axes.flat)
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def heatmap_figure(rows, agents):
    """Level x players at the official budgets, one panel per agent with at least 2 player counts."""
    official = [r for r in rows if r["ghost_delta"] == 0]
    # (agents played at one player count only appear in the loss-cause panels and the report)
    grid_agents = [a for a in agents if len({r["players"] for r in official if cell_label(r) == a}) >= 2]
    if not grid_agents:
        return None
    levels = sorted({r["level"] for r in official})
    players = sorted({r["players"] for r in official})
    fig, axes = panel_grid(len(grid_agents), 1.0 + 0.75 * len(players), 1.5 + 0.5 * len(levels))
    for k, (ax, agent) in enumerate(zip(axes, grid_agents)):
        m = np.full((len(levels), len(players)), np.nan)
        for r in official:
            if cell_label(r) == agent:
                m[levels.index(r["level"]), players.index(r["players"])] = r["win_rate"]
        im = ax.imshow(m, vmin=0, vmax=1, cmap="viridis", aspect="auto")
        for i in range(len(levels)):
            for j in range(len(players)):
                if not np.isnan(m[i, j]):
                    ax.text(j, i, win_rate_label(m[i, j]), ha="center", va="center",
                            color="white" if m[i, j] < 0.6 else "black", fontsize=8)
        ax.set_xticks(range(len(players)), [str(p) for p in players])
        ax.set_yticks(range(len(levels)), [str(lv) for lv in levels])
        ax.set_xlabel("players")
        if k % MAX_COLUMNS == 0:
            ax.set_ylabel("level")
        ax.set_title(agent_label(agent), fontsize=9)
    fig.suptitle("win rate at the official ghost budgets", fontsize=10)
    fig.colorbar(im, ax=axes, fraction=0.04, shrink=0.9, label="win rate")
    return fig


def ghost_budget_figure(rows, agents):
    """Win rate against the ghost budget, one line per level, per (agent, players) with a sweep."""
    sweeps = defaultdict(list)
    for r in rows:
        sweeps[(cell_label(r), r["players"])].append(r)
    keys = [k for k, v in sweeps.items() if len({r["ghost_delta"] for r in v}) > 1]
    if not keys:
        return None
    keys.sort(key=lambda k: (agents.index(k[0]), k[1]))
    # A row per agent when every agent swept the same few player counts, else rows of MAX_COLUMNS.
    per_agent = {a: tuple(p for b, p in keys if b == a) for a, _ in keys}
    same = len(set(per_agent.values())) == 1 and len(next(iter(per_agent.values()))) <= 4
    fig, axes = panel_grid(len(keys), 3.6, 2.9, columns=len(next(iter(per_agent.values()))) if same else MAX_COLUMNS,
                           sharex=True, sharey=True)
    levels_seen = set()
    for ax, key in zip(axes, keys):
        agent, players = key
        cells = sweeps[key]
        for level in sorted({r["level"] for r in cells}):
            pts = sorted((r for r in cells if r["level"] == level), key=lambda r: r["ghost_delta"])
            x = [r["ghost_delta"] for r in pts]
            colour = level_colour(level)
            ax.plot(x, [r["win_rate"] for r in pts], marker="o", markersize=4, color=colour)
            ax.fill_between(x, [r["ci_lo"] for r in pts], [r["ci_hi"] for r in pts], color=colour, alpha=0.18, linewidth=0)
            levels_seen.add(level)
        deltas = sorted({r["ghost_delta"] for r in cells})
        ax.set_xticks(deltas, [f"{d:+d}" if d else "0" for d in deltas])
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
        ax.set_title(f"{agent_label(agent, 30)}, {players} player{'s' if players > 1 else ''}", fontsize=9)
    fig.supxlabel("ghost total relative to the official one", fontsize=9)
    fig.supylabel("win rate (bands: 95% Wilson)", fontsize=9)
    handles = [plt.Line2D([], [], color=level_colour(lv), marker="o", markersize=4, label=f"level {lv}")
               for lv in sorted(levels_seen)]
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0), ncol=min(len(handles), 6),
               fontsize=8, frameon=False)
    return fig


def loss_causes_figure(rows, agents):
    """Share of games by outcome per level at the official budgets, one panel per agent."""
    official = [r for r in rows if r["ghost_delta"] == 0]
    panels = [a for a in agents if any(cell_label(r) == a for r in official)]
    if not panels:
        return None
    fig, axes = panel_grid(len(panels), 3.2, 3.0, sharey=True)
    used = set()
    for k, (ax, agent) in enumerate(zip(axes, panels)):
        by_level = defaultdict(lambda: np.zeros(len(OUTCOMES)))
        for r in official:
            if cell_label(r) == agent:
                v = by_level[r["level"]]
                v[0] += r["wins"]
                for i, c in enumerate(CAUSES):
                    v[i + 1] += r["loss_" + c]
        levels = sorted(by_level)
        totals = np.array([by_level[lv].sum() for lv in levels])
        bottom = np.zeros(len(levels))
        for i, outcome in enumerate(OUTCOMES):
            share = np.array([by_level[lv][i] for lv in levels]) / np.maximum(totals, 1)
            if share.any():
                ax.bar([str(lv) for lv in levels], share, bottom=bottom, label=OUTCOME_LABELS[outcome],
                       color=OUTCOME_COLOURS[outcome], width=0.7)
                bottom += share
                used.add(outcome)
        ax.set_xlabel("level")
        if k % MAX_COLUMNS == 0:
            ax.set_ylabel("share of games")
        ax.set_ylim(0, 1)
        ax.set_title(agent_label(agent), fontsize=9)
    fig.suptitle("how games end (all player counts, official ghost budgets)", fontsize=10)
    # One legend for every panel, outside the axes (right of them): it never covers a bar.
    handles = [plt.Rectangle((0, 0), 1, 1, color=OUTCOME_COLOURS[o], label=OUTCOME_LABELS[o])
               for o in reversed(OUTCOMES) if o in used]  # top to bottom as stacked
    fig.legend(handles=handles, loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8, frameon=False)
    return fig


BUDGET_KEYS = {"mcts": "playouts", "clairvoyant": "playouts", "planner": "width"}  # an agent's budget parameter


def search_budget_figure(rows):
    """Win rate against search budget for agents written NAME:KEY=N with nothing else changed:
    mcts and clairvoyant by playouts per decision, the planner by beam width."""
    pts = defaultdict(list)
    for r in rows:
        name, _, params = r["agent"].partition(":")
        key = BUDGET_KEYS.get(name)
        if key and params.startswith(key + "=") and "," not in params and r["ghost_delta"] == 0:
            pts[(name, levers_of(r), r["level"], r["players"])].append((int(params.split("=")[1]), r))
    # (official budgets only: a ghost sweep of one agent is not a search-budget curve)
    pts = {k: sorted(v, key=lambda x: x[0]) for k, v in pts.items() if len({p for p, _ in v}) >= 3}
    if not pts:
        return None
    fig, ax = plt.subplots(figsize=(6.5, 4.2), layout="constrained")
    player_counts = sorted({k[3] for k in pts})
    styles = ["-", "--", ":", "-."]
    markers = {"mcts": "o", "clairvoyant": "s", "planner": "^"}
    for (name, levers, level, players), v in sorted(pts.items()):
        x = [p for p, _ in v]
        colour = level_colour(level)
        ax.plot(x, [r["win_rate"] for _, r in v], marker=markers[name], color=colour,
                linestyle=styles[player_counts.index(players) % len(styles)], label=f"{name}{'' if levers == 'none' else ' with ' + levers}, level {level}, {players}p")
        ax.fill_between(x, [r["ci_lo"] for _, r in v], [r["ci_hi"] for _, r in v], color=colour, alpha=0.15, linewidth=0)
    ax.set_xscale("log")
    budgets = sorted({p for v in pts.values() for p, _ in v})
    ax.set_xticks(budgets, [str(p) for p in budgets])
    ax.minorticks_off()
    kinds = sorted({BUDGET_KEYS[k[0]] for k in pts})
    ax.set_xlabel(" / ".join({"playouts": "playouts per decision (mcts)", "width": "beam width (planner)"}[k] for k in kinds))
    ax.set_ylabel("win rate")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.set_title("win rate against search budget (bands: 95% Wilson)", fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
    return fig


SOLVER_MARKS = [1, 3, 10, 30]  # seconds a deal: the budgets a reader compares


def solver_times(folder: Path):
    """(level, players) -> (engine steps to the verdict of every deal proved won, the deal count),
    the run's own rate in engine steps a second (all solver deals: steps over measured time), and
    the most steps any deal used (the budget, when a deal stayed open)."""
    path = folder / "games.csv"
    if not path.exists():
        return {}, 0.0, 0
    won, deals = defaultdict(list), defaultdict(int)
    steps = ms = most = 0
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["agent"].partition(":")[0] != "solver" or "verdict" not in r:
                continue
            key = (int(r["level"]), int(r["players"]))
            deals[key] += 1
            steps += int(r["solve_nodes"])
            most = max(most, int(r["solve_nodes"]))
            ms += int(r["solve_ms"])
            if r["verdict"] == "won":
                won[key].append(int(r["solve_nodes"]))
    rate = steps / (ms / 1000.0) if ms > 0 else 0.0
    return {k: (sorted(won[k]), n) for k, n in deals.items()}, rate, most


def won_within(steps, deals, budget):
    """Share of the deals proved won within `budget` engine steps a deal (the search does the same
    steps in the same order whatever its budget, so a smaller budget finds exactly these)."""
    return sum(1 for x in steps if x <= budget) / deals if deals else 0.0


def solver_budget_figure(folder: Path):
    data, rate, most = solver_times(folder)
    if not data:
        return None
    fig, ax = plt.subplots(figsize=(6.5, 4.2), layout="constrained")
    player_counts = sorted({k[1] for k in data})
    styles = ["-", "--", ":", "-."]
    longest = max(most, 1000)
    grid = np.logspace(2, math.log10(longest), 200)
    for (level, players), (steps, deals) in sorted(data.items()):
        colour = level_colour(level)
        style = styles[player_counts.index(players) % len(styles)]
        ax.plot(grid, [won_within(steps, deals, b) for b in grid], color=colour, linestyle=style,
                label=f"level {level}, {players}p ({deals} deals)")
        if rate > 0:
            marks = [t * rate for t in SOLVER_MARKS if t * rate <= longest * 1.01]
            ax.plot(marks, [won_within(steps, deals, b) for b in marks], "o", color=colour, markersize=4)
    ax.set_xscale("log")
    ax.set_xlabel("engine steps a deal (the budget; a deal won within it stays won)")
    ax.set_ylabel("share of deals proved won")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    title = "deal solver: won share against the budget a deal"
    if rate > 0:
        secondary = ax.secondary_xaxis("top", functions=(lambda x: x / rate, lambda t: t * rate))
        secondary.set_xlabel(f"seconds a deal at this run's {rate / 1e6:.2f} M steps/s (marks: 1, 3, 10, 30 s)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
    return fig


def told_of(agent: str):
    """(the fair agent, K) for an agent told the next K tiles ("td:depth=2,preview=4"); K = 0 otherwise."""
    name, _, params = agent.partition(":")
    items = [x for x in params.split(",") if x] if params else []
    told = [x for x in items if x.startswith("preview=") and x[8:].isdigit()]
    if not told:
        return agent, 0
    rest = [x for x in items if x != told[0]]
    return name + (":" + ",".join(rest) if rest else ""), int(told[0][8:])


def luck_figure(rows):
    """Win rate against the tiles told in advance (0: the fair agent), official budgets, no levers."""
    told = defaultdict(dict)  # (fair agent, level, players) -> {K: row}
    for r in rows:
        if r["ghost_delta"] != 0 or levers_of(r) not in ("", "none"):
            continue
        base, k = told_of(r["agent"])
        told[(base, r["level"], r["players"])][k] = r
    families = {base for (base, _, _), ks in told.items() if 0 in ks and len(ks) >= 2}
    if not families:
        return None
    fair = sorted(families)[0]
    players = sorted({p for (b, _, p), ks in told.items() if b == fair and 0 in ks and len(ks) >= 2})
    fig, axes = panel_grid(len(players), 4.2, 3.4, sharey=True)
    for ax, p in zip(axes, players):
        for level in sorted({lv for (b, lv, pp) in told if b == fair and pp == p}):
            ks = told.get((fair, level, p), {})
            if 0 not in ks or len(ks) < 2:
                continue
            xs = sorted(ks)
            ys = [100 * ks[k]["win_rate"] for k in xs]
            lo = [100 * ks[k]["ci_lo"] for k in xs]
            hi = [100 * ks[k]["ci_hi"] for k in xs]
            ax.plot(xs, ys, marker="o", color=level_colour(level), label=f"level {level}")
            ax.fill_between(xs, lo, hi, color=level_colour(level), alpha=0.12, linewidth=0)
        ax.set_title(f"{p} player{'s' if p > 1 else ''}")
        ax.set_xlabel("tiles told in advance (0: the fair agent)")
        ax.set_ylim(0, 100)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("win rate (%)")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8, frameon=False)
    fig.suptitle(textwrap.fill(f"What foresight is worth: {fair} told the next tiles", 70))
    return fig


def save(fig, path: Path) -> None:
    if fig is not None:
        fig.savefig(path, dpi=110, bbox_inches="tight")
        plt.close(fig)


# One colour per agent of a tournament, in its order (Okabe-Ito).
AGENT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]


def tournament_scores(folder: Path):
    """Each agent's final scores over its seats, from the chunks of a `mists versus` folder."""
    agents = json.loads((folder / "tournament.json").read_text())["config"]["agents"]
    scores = [[] for _ in agents]
    for chunk in sorted((folder / "chunks").glob("*.csv")):
        lines = [ln for ln in chunk.read_text().splitlines() if ln and not ln.startswith("#")]
        for row in csv.DictReader(lines):
            for a, x in zip(row["agents"].split("/"), row["score"].split("/")):
                scores[int(a)].append(int(x))
    return agents, scores


def final_scores_figure(agents, scores, width=10):
    if not any(scores):
        return None
    top = max(max(v) for v in scores if v)
    edges = np.arange(0, top + width + 1, width)
    fig, ax = plt.subplots(figsize=(8, 4))
    for k, (agent, v) in enumerate(zip(agents, scores)):
        if not v:
            continue
        share, _ = np.histogram(v, bins=edges)
        ax.stairs(share / len(v), edges, color=AGENT_COLOURS[k % len(AGENT_COLOURS)], linewidth=1.6,
                  label=f"{agent_label(agent)} (mean {np.mean(v):.1f}, {len(v)} seats)")
    ax.set_xlabel(f"final score (bands of {width} points)")
    ax.set_ylabel("share of the agent's seats")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
    ax.set_title("Final scores by agent", fontsize=10)
    return fig


def main(folder: Path) -> None:
    if (folder / "tournament.json").exists():
        agents, scores = tournament_scores(folder)
        save(final_scores_figure(agents, scores), folder / "final_scores.png")
        return
    rows = read_rows(folder)
    agents = study_agents(folder, rows)
    save(heatmap_figure(rows, agents), folder / "win_rate_heatmap.png")
    save(ghost_budget_figure(rows, agents), folder / "ghost_budget.png")
    save(loss_causes_figure(rows, agents), folder / "loss_causes.png")
    save(search_budget_figure(rows), folder / "search_budget.png")
    save(luck_figure(rows), folder / "luck.png")
    save(solver_budget_figure(folder), folder / "solver_budget.png")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: plots.py STUDY_OR_TOURNAMENT_FOLDER")
    main(Path(sys.argv[1]))
