"""scripts/lever_ladder.py on a small levers study played by the program (run by ctest: python_bindings)."""
import csv
import os
import re
import shutil
import subprocess
import sys

import pytest

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")
SCRIPT = os.path.join(SOURCE, "scripts", "lever_ladder.py")
SETTINGS = ["none", "coop_abbeys=per_colour", "coop_chips=on"]


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    out = tmp_path_factory.mktemp("levers") / "study"
    run = subprocess.run([BINARY, "compare", "--agents", "greedy", "--levels", "2-3", "--players", "1", "--games", "60",
                          "--levers", ",".join(SETTINGS), "--threads", "1", "--out", str(out)],
                         cwd=SOURCE, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out


def ladder(*args):
    return subprocess.run([sys.executable, SCRIPT, *map(str, args)], capture_output=True, text=True)


def table_rows(text, heading):
    block = text.split(heading, 1)[1].split("###", 1)[0]
    rows = [line.strip("|").split("|") for line in block.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows[1:]]  # without the header row


def test_changes_and_nearest_setting_follow_the_study(study):
    run = ladder("--ladder", "0.8,0.55,0.4", study)
    assert run.returncode == 0, run.stderr
    rates = {}
    with open(study / "cells.csv", newline="") as f:
        for r in csv.DictReader(f):
            rates[(r["level"], r["levers"])] = float(r["win_rate"])
    changes = table_rows(run.stdout, "What each setting does")
    assert [row[0] for row in changes] == ["2", "3"]
    for row in changes:
        for setting, cell in zip(SETTINGS[1:], row[5:]):
            change = 100 * (rates[(row[0], setting)] - rates[(row[0], "none")])
            assert cell.startswith(f"{change:+.1f} pp"), (row, setting)
    nearest = table_rows(run.stdout, "Nearest the ladder")
    targets = {"2": 0.55, "3": 0.40}
    for row in nearest:
        level = row[0]
        assert row[2] == f"{100 * targets[level]:.1f}%"
        best = min(SETTINGS, key=lambda s: abs(rates[(level, s)] - targets[level]))
        assert abs(rates[(level, row[-3].strip("`"))] - targets[level]) == abs(rates[(level, best)] - targets[level])
        assert row[-2] == f"{100 * (rates[(level, row[-3].strip('`'))] - targets[level]):+.1f} pp"


def test_a_study_without_levers_is_refused_with_file_and_line(tmp_path):
    (tmp_path / "cells.csv").write_text("cell,level,players,ghosts,agent,games,wins,win_rate,ci_lo,ci_hi\n")
    run = ladder(tmp_path)
    assert run.returncode == 1
    assert f"{tmp_path / 'cells.csv'}: line 1: missing column(s) levers" in run.stderr


def test_a_bad_number_names_file_line_and_field(study, tmp_path):
    for name in ("cells.csv", "compare.csv"):
        (tmp_path / name).write_text((study / name).read_text())
    lines = (tmp_path / "cells.csv").read_text().splitlines()
    header = lines[0].split(",")
    row = lines[2].split(",")
    row[header.index("win_rate")] = "0.5x"
    lines[2] = ",".join(row)
    (tmp_path / "cells.csv").write_text("\n".join(lines) + "\n")
    run = ladder(tmp_path)
    assert run.returncode == 1
    assert f"{tmp_path / 'cells.csv'}: line 3: field win_rate: not a number: '0.5x'" in run.stderr


@pytest.mark.parametrize("text,message", [("0.8,x", "--ladder: item 2: not a number: 'x'"),
                                          ("0.8,120", "--ladder: item 2: 120.0 is not a win rate in [0, 1]"),
                                          ("0.8,55", "--ladder: item 2: 55 is a percent; targets are fractions of games won, "
                                                     "0 to 1, as in every mists command: did you mean 0.55?")])
def test_a_bad_ladder_is_refused(study, text, message):
    run = ladder("--ladder", text, study)
    assert run.returncode == 1
    assert message in run.stderr


def test_partial_reads_the_chunks_as_the_finished_study_reads(study):
    full = ladder(study)
    partial = ladder("--partial", study)
    assert full.returncode == 0 and partial.returncode == 0, partial.stderr
    assert "(60 games)" in partial.stdout
    assert re.sub(r" \(\d+ games\)", "", partial.stdout) == full.stdout


def test_partial_compares_on_the_games_both_settings_played(study, tmp_path):
    copy = tmp_path / "study"
    shutil.copytree(study, copy)
    chunks = sorted((copy / "chunks").glob("L2-P1-*abbeys*.csv"))
    assert chunks
    lines = chunks[0].read_text().splitlines()
    chunks[0].write_text("\n".join(lines[:2 + 20]) + "\n")  # the header, the column names and 20 games
    run = ladder("--partial", copy)
    assert run.returncode == 0, run.stderr
    row = table_rows(run.stdout, "What each setting does")[0]
    assert row[3] == "60" and row[5].endswith("(20 games)")


def test_partial_refuses_a_folder_without_a_study(tmp_path):
    run = ladder("--partial", tmp_path)
    assert run.returncode == 1
    assert f"{tmp_path / 'study.json'}: no such file" in run.stderr
