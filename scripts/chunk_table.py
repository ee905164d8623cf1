#!/usr/bin/python3
"""Win rates with 95% Wilson intervals read straight from a study's sealed chunks, for a study that
is still being played (a finished study has them in cells.csv and compare.md).

    scripts/chunk_table.py results/strength-planner

Prints a Markdown table: a row per level, player count and ghost budget, a column per agent (with
its lever setting, in a levers study) in the order of study.json; a cell with fewer games than the
study asks for says how many it has. Chunks are matched to cells by the cell id in their header line.
"""
import sys
from pathlib import Path

from study_stats import InputError, cell_id, cell_label, chunk_outcomes, study_config, wilson


def read(study: Path):
    path = study / "study.json"
    cells = study_config(study, "cells")["cells"]
    try:
        columns, rows, wanted, ids = [], [], {}, {}
        for c in cells:
            column = cell_label(c)
            row = (int(c["level"]), int(c["players"]), int(c["ghosts"]))
            if column not in columns:
                columns.append(column)
            if row not in rows:
                rows.append(row)
            wanted[(row, column)] = int(c["games"])
            ids[cell_id(c)] = (row, column)
    except (KeyError, TypeError, ValueError) as e:
        raise InputError(f"{path}: not a study file ({type(e).__name__}: {e})") from None
    outcomes = {}
    for cid, games in chunk_outcomes(study).items():
        if cid not in ids:
            raise InputError(f"{study / 'chunks'}: chunks of cell {cid}, which {path} does not name")
        outcomes[ids[cid]] = games
    return columns, sorted(rows), wanted, outcomes


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        columns, rows, wanted, outcomes = read(Path(sys.argv[1]))
    except InputError as e:
        print(f"chunk_table: {e}", file=sys.stderr)
        return 1
    print("| level | players | ghosts | " + " | ".join(columns) + " |")
    print("|---|---|---|" + "---|" * len(columns))
    for row in rows:
        cells = []
        for column in columns:
            if (row, column) not in wanted:
                cells.append("—")
                continue
            games = outcomes.get((row, column), {})
            n, k = len(games), sum(games.values())
            if n == 0:
                cells.append("not played yet")
                continue
            lo, hi = wilson(k, n)
            text = f"{100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            if n < wanted[(row, column)]:
                text += f" ({n} games)"
            cells.append(text)
        print("| " + " | ".join(str(x) for x in row) + " | " + " | ".join(cells) + " |")
    played = sum(len(g) for g in outcomes.values())
    print(f"\n{played} of {sum(wanted.values())} games played.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
