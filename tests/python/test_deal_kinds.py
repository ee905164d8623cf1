"""scripts/deal_kinds.py on a small study played by the program (run by ctest: python_bindings)."""
import csv
import os
import subprocess
import sys

import pytest

BINARY = os.path.abspath(os.environ.get("MISTS_BINARY", "build/mists"))
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")
SCRIPT = os.path.join(SOURCE, "scripts", "deal_kinds.py")


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    out = tmp_path_factory.mktemp("kinds") / "study"
    run = subprocess.run([BINARY, "analyze", "--agents", "greedy", "--levels", "1,6", "--players", "1", "--games", "30",
                          "--chunk", "30", "--seed", "3", "--threads", "1", "-q", "--out", str(out)],
                         cwd=SOURCE, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out


def tables(study, *flags):
    run = subprocess.run([sys.executable, SCRIPT, str(study), "--binary", BINARY, *flags], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    out, cell = {}, None
    for line in run.stdout.splitlines():
        if line and not line.startswith("|"):
            cell = line.split(":")[0]
            if "no pile" in line:
                out[cell] = None
        elif line.startswith("| ") and not line.startswith("| cemetery") and not line.startswith("| castle"):
            c = [x.strip() for x in line.strip("|").split("|")]
            out.setdefault(cell, {})[c[0]] = c[1:]
    return out


def test_every_game_is_counted_once_and_the_wins_add_up(study):
    with open(study / "cells.csv", newline="") as f:
        cells = {r["cell"]: r for r in csv.DictReader(f)}
    t = tables(study)
    assert set(t) == set(cells)
    for cell, rows in t.items():
        assert sum(int(r[0]) for r in rows.values()) == 30, cell
        assert sum(int(r[1]) for r in rows.values()) == int(cells[cell]["wins"]), cell
        for r in rows.values():
            assert int(r[3]) <= int(r[2]) <= int(r[0])  # hound 2 after hound 1, among the deals


def test_level_1_has_no_cemeteries_and_level_6_deals_have_some(study):
    t = tables(study)
    assert list(t["L1-P1-G15-greedy"]) == ["0"]  # level 1 plays without cemeteries and castles
    assert list(tables(study, "--kind", "castle")["L1-P1-G15-greedy"]) == ["0"]
    assert any(k != "0" for k in t["L6-P1-G12-greedy"])  # 5 cemeteries among 60 tiles in 3 piles of 20
    # the five cemeteries are somewhere in the three piles: summed over piles, each deal holds 5
    total = 0
    for pile in (1, 2, 3):
        rows = tables(study, "--pile", str(pile), "--max", "6")["L6-P1-G12-greedy"]
        total += sum(int(k) * int(r[0]) for k, r in rows.items())
    assert total == 5 * 30


def test_bad_input_names_what_is_wrong(study, tmp_path):
    run = subprocess.run([sys.executable, SCRIPT, str(tmp_path), "--binary", BINARY], capture_output=True, text=True)
    assert run.returncode == 1 and "study.json" in run.stderr
    run = subprocess.run([sys.executable, SCRIPT, str(study), "--binary", BINARY, "--pile", "4"], capture_output=True, text=True)
    assert run.returncode == 1 and "has a pile 4" in run.stderr
    assert tables(study, "--pile", "2")["L1-P1-G15-greedy"] is None  # level 1: one pile
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "study.json").write_text((study / "study.json").read_text())
    lines = (study / "games.csv").read_text().splitlines(keepends=True)
    head = lines[0].split(",")
    row = lines[1].split(",")
    row[head.index("game")] = "x"
    (tmp_path / "s" / "games.csv").write_text(lines[0] + ",".join(row) + "".join(lines[2:]))
    run = subprocess.run([sys.executable, SCRIPT, str(tmp_path / "s"), "--binary", BINARY], capture_output=True, text=True)
    assert run.returncode == 1 and "line 2" in run.stderr, run.stderr
