#!/usr/bin/python3
"""Regression tests of scripts/plots.py (standard library + Debian's matplotlib/numpy; no pytest).

  /usr/bin/python3 tests/plots_test.py       (run by scripts/ci-browser.sh)

One test per plot defect fixed once: outcome colours fixed per cause (not by order of appearance),
legends outside the axes, heat-map labels ("0.5%", not "0%"), panels in the study's agent order,
no overlapping labels (long agent texts with parameters), and the search-budget curve only where
the playouts differ.
"""
import csv
import importlib.util
import json
import sys
import tempfile
import traceback
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
from matplotlib.colors import to_hex  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))  # plots.py imports study_stats from beside it
spec = importlib.util.spec_from_file_location("plots", ROOT / "scripts" / "plots.py")
plots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plots)
plt = plots.plt

LONG = "expert:pressure=2,supply=1.5,low_supply=9,dead_ghost=0.5"
AGENTS = ["zeta", "greedy", LONG, "alpha"]  # study order; deliberately not alphabetical


def make_rows(agents=AGENTS, levels=(1, 3, 6), players=(1, 2, 3), deltas=(-1, 0, 1), games=200):
    """Synthetic cells: agent k drops a different set of causes, one cell wins 0.5%."""
    rows = []
    for k, agent in enumerate(agents):
        for lv in levels:
            for p in players:
                for d in deltas:
                    wins = 1 if (k, lv, p, d) == (0, 1, 1, 0) else (games * (k + 1)) // (3 * lv + d + 3)
                    losses = dict.fromkeys(plots.CAUSES, 0)
                    rest = games - wins
                    causes = plots.CAUSES[k % 3:k % 3 + 2]  # agent 0: ghost_supply, pile1; 1: pile1, pile2; ...
                    losses[causes[0]] = rest // 2
                    losses[causes[-1]] += rest - rest // 2
                    r = {"cell": f"L{lv}-P{p}-{agent}-{d}", "level": lv, "players": p, "ghosts": 15 + d, "ghost_delta": d,
                         "agent": agent, "games": games, "wins": wins, "win_rate": wins / games,
                         "ci_lo": max(0.0, wins / games - 0.05), "ci_hi": min(1.0, wins / games + 0.05)}
                    r.update({"loss_" + c: n for c, n in losses.items()})
                    rows.append(r)
    return rows


def write_study(folder: Path, rows, json_order=None, study_order=None):
    with open(folder / "cells.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(sorted(rows, key=lambda r: r["agent"]))  # csv order alphabetical: must not decide the panels
    if json_order:
        json.dump({"cells": [{"agent": a, "level": 1} for a in json_order]}, open(folder / "cells.json", "w"))
    if study_order:
        json.dump({"config": {"cells": [{"agent": a} for a in study_order]}}, open(folder / "study.json", "w"))


def drawn(fig):
    fig.draw_without_rendering()
    return fig.canvas.get_renderer()


def titles(fig):
    return [ax.get_title() for ax in fig.axes if ax.get_visible() and ax.get_title()]


# --- the tests ---------------------------------------------------------------------------------

def test_outcome_colours_fixed():
    assert set(plots.OUTCOME_COLOURS) == set(plots.OUTCOMES), "a colour for every outcome"
    assert len({to_hex(c) for c in plots.OUTCOME_COLOURS.values()}) == len(plots.OUTCOMES), "distinct colours"
    fig = plots.loss_causes_figure(make_rows(), AGENTS)
    by_label = {plots.OUTCOME_LABELS[o]: to_hex(plots.OUTCOME_COLOURS[o]) for o in plots.OUTCOMES}
    seen = set()
    for ax in fig.axes:
        for bars in ax.containers:
            label = bars.get_label()
            for patch in bars.patches:
                got = to_hex(patch.get_facecolor())
                assert got == by_label[label], f"{ax.get_title()!r}: {label} drawn {got}, fixed colour {by_label[label]}"
            seen.add(label)
    assert len(seen) >= 4, f"the synthetic panels should use several causes: {seen}"
    for leg in fig.legends:
        for handle, text in zip(leg.legend_handles if hasattr(leg, "legend_handles") else leg.legendHandles, leg.get_texts()):
            assert to_hex(handle.get_facecolor()) == by_label[text.get_text()], f"legend {text.get_text()}"
    plt.close(fig)


def test_legends_outside_axes():
    rows = make_rows()
    figs = [plots.loss_causes_figure(rows, AGENTS), plots.ghost_budget_figure(rows, AGENTS),
            plots.search_budget_figure(make_rows([f"mcts:playouts={n}" for n in (10, 100, 1000)]))]
    for fig in figs:
        r = drawn(fig)
        legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
        assert legends, "a legend"
        for leg in legends:
            lb = leg.get_window_extent(r)
            for ax in fig.axes:
                if ax.get_visible():
                    ab = ax.get_window_extent(r)
                    assert not overlap(lb, ab), f"legend over the axes {ax.get_title()!r}: {lb} vs {ab}"
        plt.close(fig)


def test_heatmap_labels():
    cases = {0.0: "0%", 0.005: "0.5%", 0.0625: "6.2%", 0.099: "9.9%", 0.0996: "10%", 0.125: "13%",
             0.5: "50%", 0.87: "87%", 1.0: "100%", 0.0004: "<0.1%", 0.998: ">99%"}
    for rate, want in cases.items():
        got = plots.win_rate_label(rate)
        assert got == want or (rate == 0.0625 and got == "6.3%"), f"win_rate_label({rate}) = {got!r}, want {want!r}"
    fig = plots.heatmap_figure(make_rows(), AGENTS)
    labels = [t.get_text() for ax in fig.axes for t in ax.texts]
    assert "0.5%" in labels, f"the 0.5% cell drawn as one of {sorted(set(labels))}"
    assert "0%" not in labels, "no cell of the synthetic study is 0 wins"
    plt.close(fig)


def test_panel_order_follows_study():
    rows = make_rows()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_study(folder, rows, json_order=AGENTS, study_order=list(reversed(AGENTS)))
        assert plots.study_agents(folder, rows) == AGENTS, "cells.json order"
        (folder / "cells.json").unlink()
        assert plots.study_agents(folder, rows) == list(reversed(AGENTS)), "study.json order without cells.json"
        (folder / "study.json").unlink()
        assert plots.study_agents(folder, plots.read_rows(folder)) == sorted(AGENTS), "cells.csv order without both"
        write_study(folder, rows, json_order=AGENTS)
        seen = {}
        originals = {n: getattr(plots, n) for n in ("heatmap_figure", "ghost_budget_figure", "loss_causes_figure")}
        for n, f in originals.items():
            setattr(plots, n, lambda rows, agents, f=f, n=n: seen.setdefault(n, agents) and f(rows, agents))
        try:
            plots.main(folder)  # the whole script on a folder: every plot written, panels in study order
        finally:
            for n, f in originals.items():
                setattr(plots, n, f)
        assert seen == dict.fromkeys(originals, AGENTS), f"main() passed the agents as {seen}"
        for name in ("win_rate_heatmap", "ghost_budget", "loss_causes"):
            assert (folder / f"{name}.png").stat().st_size > 1000, name
        assert not (folder / "search_budget.png").exists(), "no playouts sweep in this study"
    want = [plots.agent_label(a) for a in AGENTS]
    for make in (plots.heatmap_figure, plots.loss_causes_figure):
        fig = make(rows, AGENTS)
        assert titles(fig) == want, f"{make.__name__}: panels {titles(fig)}, study order {want}"
        plt.close(fig)
    fig = plots.ghost_budget_figure(rows, AGENTS)
    firsts = list(dict.fromkeys(t.rsplit(",", 1)[0] for t in titles(fig)))
    want = [plots.agent_label(a, 30) for a in AGENTS]
    assert firsts == want, f"ghost_budget: panels {firsts}, study order {want}"
    plt.close(fig)


def test_no_overlapping_text():
    rows = make_rows(players=(1, 2, 3, 4, 5))
    figs = {"heatmap": plots.heatmap_figure(rows, AGENTS), "ghost_budget": plots.ghost_budget_figure(rows, AGENTS),
            "loss_causes": plots.loss_causes_figure(rows, AGENTS),
            "search_budget": plots.search_budget_figure(make_rows([f"mcts:playouts={n}" for n in (10, 100, 1000, 10000)]))}
    for name, fig in figs.items():
        r = drawn(fig)
        texts = []  # (owner axes or None, label, bbox)
        for ax in fig.axes:
            if not ax.get_visible():
                continue
            for t in [ax.title, ax.xaxis.label, ax.yaxis.label] + shown_ticklabels(ax) + ax.texts:
                if t.get_visible() and t.get_text().strip():
                    texts.append((ax, t.get_text(), t.get_window_extent(r)))
        for t in [getattr(fig, a, None) for a in ("_suptitle", "_supxlabel", "_supylabel")]:
            if t is not None and t.get_visible() and t.get_text():
                texts.append((None, t.get_text(), t.get_window_extent(r)))
        for i, (oa, la, ba) in enumerate(texts):
            for ob, lb, bb in texts[i + 1:]:
                assert not overlap(ba, bb), f"{name}: {la!r} overlaps {lb!r}"
            for ax in fig.axes:
                if ax.get_visible() and ax is not oa and oa is not None:
                    assert not overlap(ba, ax.get_window_extent(r)), f"{name}: {la!r} over the panel {ax.get_title()!r}"
        plt.close(fig)


def test_search_budget_needs_distinct_playouts():
    # One mcts agent swept over ghost budgets is no search-budget curve.
    assert plots.search_budget_figure(make_rows(["mcts:playouts=8"])) is None
    fig = plots.search_budget_figure(make_rows(["mcts:playouts=8", "mcts:playouts=16", "mcts:playouts=32"]))
    assert fig is not None
    plt.close(fig)


def shown_ticklabels(ax):
    """The tick labels drawn: those of ticks inside the view limits (the others keep stale places)."""
    out = []
    for locs, labels, lim in ((ax.get_xticks(), ax.get_xticklabels(), ax.get_xlim()),
                              (ax.get_yticks(), ax.get_yticklabels(), ax.get_ylim())):
        lo, hi = min(lim), max(lim)
        out += [t for v, t in zip(locs, labels) if lo - 1e-9 * abs(hi - lo) <= v <= hi + 1e-9 * abs(hi - lo)]
    return out


def overlap(a, b, tolerance=1.0):
    """True if two display boxes share more than a pixel strip."""
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > tolerance) and (min(a.y1, b.y1) - max(a.y0, b.y0) > tolerance)


def test_solver_budget_counts_deals_won_within_each_budget():
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        assert plots.solver_budget_figure(folder) is None  # no games.csv
        head = "cell,level,players,ghosts,agent,deal_seed,game,outcome,cause,verdict,solve_nodes,solve_ms"
        lines = [head,
                 "a,4,1,13,expert,1,0,won,none,,,",                  # not the solver: ignored
                 "b,4,1,13,solver,1,0,won,none,won,1000000,500",       # won within 1 M steps
                 "b,4,1,13,solver,1,1,won,none,won,5000000,2500",      # within 5 M
                 "b,4,1,13,solver,1,2,lost,none,open,60000000,30000",
                 "b,4,1,13,solver,1,3,lost,none,lost,4000000,2000"]
        (folder / "games.csv").write_text("\n".join(lines) + "\n")
        data, rate, most = plots.solver_times(folder)
        assert most == 60000000
        assert list(data) == [(4, 1)], data
        steps, deals = data[(4, 1)]
        assert deals == 4 and steps == [1000000, 5000000], data
        assert rate == 70e6 / 35.0, rate  # all solver steps over all their measured seconds
        assert [plots.won_within(steps, deals, b) for b in (1e5, 1e6, 4e6, 5e6, 1e9)] == [0, 0.25, 0.25, 0.5, 0.5]
        fig = plots.solver_budget_figure(folder)
        assert fig is not None and fig.axes[0].get_legend() is not None
        plt.close(fig)


def test_tournament_final_scores_from_chunks():
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "chunks").mkdir()
        (folder / "tournament.json").write_text(json.dumps({"config": {"agents": ["mcts", "expert"]}}))
        (folder / "chunks" / "pair0-a0-a1-0.csv").write_text(
            "game,agents,score,share60\n0,0/1,95/40,60/0\n1,1/0,12/101,0/60\n# mists tournament chunk: seal\n")
        agents, scores = plots.tournament_scores(folder)
        assert agents == ["mcts", "expert"] and scores == [[95, 101], [40, 12]], scores
        plots.main(folder)
        assert (folder / "final_scores.png").exists()
        fig = plots.final_scores_figure(agents, scores)
        assert [t.get_text().split(" (")[0] for t in fig.axes[0].get_legend().get_texts()] == agents
        plt.close(fig)


def test_lever_settings_are_panels_of_their_own():
    # A levers study plays one agent under several settings: a panel each, never one panel where the
    # last setting's cells overwrite the others (the heat map) or all settings add up (loss causes).
    settings = ["none", "coop_abbeys=per_colour", "coop_abbeys=team:2+coop_abbey_cost=burn"]
    rows = []
    for k, levers in enumerate(settings):
        for r in make_rows(["planner"], levels=(3, 4), players=(1, 4), deltas=(0,)):
            r["wins"] = 20 * (k + 1) * r["level"] + r["players"]
            r["win_rate"] = r["wins"] / r["games"]
            r["loss_ghost_supply"], r["loss_pile1_target"] = r["games"] - r["wins"], 0
            r["loss_pile2_target"] = 0
            r["levers"] = levers
            rows.append(r)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_study(folder, rows)
        json.dump({"cells": [{"agent": "planner", "levers": s} for s in settings]}, open(folder / "cells.json", "w"))
        panels = plots.study_agents(folder, plots.read_rows(folder))
    assert panels == ["planner"] + [f"planner with {s}" for s in settings[1:]], panels
    fig = plots.heatmap_figure(rows, panels)
    shown = [ax for ax in fig.axes if ax.get_visible() and ax.get_title()]
    assert [ax.get_title() for ax in shown] == [plots.agent_label(a) for a in panels], titles(fig)
    assert "with coop_abbeys=team:2 +\ncoop_abbey_cost=burn" in shown[2].get_title(), shown[2].get_title()
    for ax, levers in zip(shown, settings):
        want = sorted(plots.win_rate_label(r["win_rate"]) for r in rows if r["levers"] == levers)
        assert sorted(t.get_text() for t in ax.texts) == want, (levers, [t.get_text() for t in ax.texts], want)
    plt.close(fig)
    fig = plots.loss_causes_figure(rows, panels)
    for ax, levers in zip([ax for ax in fig.axes if ax.get_visible() and ax.get_title()], settings):
        won = [b for b in ax.containers if b.get_label() == "won"][0]
        want = [sum(r["wins"] for r in rows if r["levers"] == levers and r["level"] == lv) / 400 for lv in (3, 4)]
        assert [round(p.get_height(), 9) for p in won.patches] == [round(w, 9) for w in want], (levers, want)
    plt.close(fig)


def test_trajectories_tell_ghost_budgets_apart():
    # A budget sweep traces one level at several ghost budgets: each budget its own shade and line
    # style, never one colour for all of a level's lines; other levels keep their own colours.
    spec_t = importlib.util.spec_from_file_location("plot_traces", ROOT / "scripts" / "plot_traces.py")
    traces = importlib.util.module_from_spec(spec_t)
    spec_t.loader.exec_module(traces)
    meta = {"a": {"level": 4, "ghosts": 11}, "b": {"level": 4, "ghosts": 13}, "c": {"level": 4, "ghosts": 15},
            "d": {"level": 5, "ghosts": 13}}
    styles = traces.budget_styles(list(meta), meta)
    level4 = [styles[c] for c in "abc"]
    assert len(set(level4)) == 3 and len({c for c, _ in level4}) == 3, styles
    assert styles["a"][0] == to_hex(traces.LEVEL_COLOURS[4]) and styles["d"][0] == to_hex(traces.LEVEL_COLOURS[5]), styles


def test_luck_plot_reads_the_told_family():
    """luck.png: the fair agent and the same agent told K tiles, K on the x axis, a panel per player count;
    no plot without such a family."""
    family = ["td:depth=2", "td:depth=2,preview=1", "td:depth=2,preview=4", "expert"]
    assert plots.told_of("td:depth=2,preview=4") == ("td:depth=2", 4)
    assert plots.told_of("td:preview=1,top=3") == ("td:top=3", 1)
    assert plots.told_of("expert") == ("expert", 0)
    fig = plots.luck_figure(make_rows(agents=family, players=(1, 4), deltas=(0,)))
    assert fig is not None
    axes = [a for a in fig.axes if a.get_visible()]
    assert [a.get_title() for a in axes] == ["1 player", "4 players"], [a.get_title() for a in axes]
    for ax in axes:
        for line in ax.get_lines():
            assert list(line.get_xdata()) == [0, 1, 4], line.get_xdata()
    plt.close(fig)
    assert plots.luck_figure(make_rows(agents=["expert", "greedy"], deltas=(0,))) is None


if __name__ == "__main__":
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_") and callable(f)]
    failed = 0
    for name, test in tests:
        try:
            test()
            print(f"  ok   {name}")
        except Exception:  # noqa: BLE001
            failed += 1
            print(f"  FAIL {name}\n" + traceback.format_exc())
    print(f"plots_test: {'FAIL' if failed else 'PASS'} ({len(tests) - failed}/{len(tests)} passed)")
    sys.exit(1 if failed else 0)
