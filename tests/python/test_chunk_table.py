"""scripts/chunk_table.py on small studies played by the program (run by ctest: python_bindings)."""
import csv
import os
import subprocess
import sys

import pytest

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")
SCRIPT = os.path.join(SOURCE, "scripts", "chunk_table.py")


def play(out, *flags):
    run = subprocess.run([BINARY, "compare", "--levels", "2-3", "--players", "1", "--games", "40", "--chunk", "20",
                          "--threads", "1", "--out", str(out), *flags], cwd=SOURCE, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out


@pytest.fixture(scope="module")
def levers(tmp_path_factory):
    return play(tmp_path_factory.mktemp("levers") / "study", "--agents", "greedy", "--levers", "none,coop_abbeys=per_colour")


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    # an agent with parameters: its cell id spells it differently from its text (':' and '=')
    return play(tmp_path_factory.mktemp("agents") / "study", "--agents", "greedy,mcts:playouts=8")


def table(study):
    run = subprocess.run([sys.executable, SCRIPT, str(study)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = [line.strip("|").split("|") for line in run.stdout.splitlines() if line.startswith("| ")]
    header = [c.strip() for c in lines[0]]
    rows = {tuple(c.strip() for c in line[:3]): dict(zip(header[3:], (c.strip() for c in line[3:]))) for line in lines[1:]}
    return header, rows, run.stdout


def cells(study):
    with open(study / "cells.csv", newline="") as f:
        return list(csv.DictReader(f))


def label(r):
    return r["agent"] if r.get("levers", "none") == "none" else f"{r['agent']} with {r['levers']}"


@pytest.mark.parametrize("which", ["levers", "agents"])
def test_rates_equal_the_finished_studys_cells(which, request):
    study = request.getfixturevalue(which)
    header, rows, text = table(study)
    seen = set()
    for r in cells(study):
        cell = rows[(r["level"], r["players"], r["ghosts"])][label(r)]
        assert cell.startswith(f"{100 * float(r['win_rate']):.1f}% [{100 * float(r['ci_lo']):.1f}, "
                               f"{100 * float(r['ci_hi']):.1f}]"), (r["cell"], cell)
        assert "games)" not in cell and "not played" not in cell
        seen.add(label(r))
    assert header[3:] == sorted(seen, key=header.index) and len(seen) == len(header) - 3
    assert f"{40 * len(cells(study))} of {40 * len(cells(study))} games played." in text


def test_an_unfinished_cell_says_how_many_games_it_has(levers, tmp_path):
    study = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(levers), str(study)], check=True)
    chunks = sorted((study / "chunks").glob("L3-P1-*abbeys*"))
    assert len(chunks) == 2
    chunks[1].unlink()
    kept = csv.DictReader(line for line in chunks[0].read_text().splitlines() if not line.startswith("#"))
    wins = sum(x["outcome"] == "won" for x in kept)
    _, rows, text = table(study)
    assert rows[("3", "1", "15")]["greedy with coop_abbeys=per_colour"].startswith(f"{100 * wins / 20:.1f}%")
    assert rows[("3", "1", "15")]["greedy with coop_abbeys=per_colour"].endswith("(20 games)")
    assert "140 of 160 games played." in text
    for chunk in (study / "chunks").glob("L3-P1-*"):
        if "abbeys" not in chunk.name:
            chunk.unlink()
    _, rows, _ = table(study)
    assert rows[("3", "1", "15")]["greedy"] == "not played yet"


def test_bad_input_names_the_file_and_exits_1(levers, tmp_path):
    study = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(levers), str(study)], check=True)
    chunk = sorted((study / "chunks").glob("*.csv"))[0]
    lines = chunk.read_text().splitlines()
    lines[2] = "x" + lines[2]
    chunk.write_text("\n".join(lines) + "\n")
    run = subprocess.run([sys.executable, SCRIPT, str(study)], capture_output=True, text=True)
    assert run.returncode == 1
    assert f"{chunk}: line 3: field game" in run.stderr
    (study / "study.json").write_text("{")
    run = subprocess.run([sys.executable, SCRIPT, str(study)], capture_output=True, text=True)
    assert run.returncode == 1 and "study.json: not a study file" in run.stderr
