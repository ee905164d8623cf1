"""scripts/value_plots.py on the calibration tables of a tiny `mists train` run (run by ctest: python_bindings)."""
import os
import subprocess
import sys

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")
SCRIPT = os.path.join(SOURCE, "scripts", "value_plots.py")


def plots(*args):
    return subprocess.run([sys.executable, SCRIPT, *map(str, args)], capture_output=True, text=True)


def test_draws_the_reliability_of_a_training_run(tmp_path):
    work = tmp_path / "work"
    run = subprocess.run([BINARY, "train", "--levels", "3", "--players", "1", "--games", "10", "--chunk", "5",
                          "--agent", "expert", "--threads", "1", "--work", str(work), "--out", str(tmp_path / "v.txt"), "-q"],
                         cwd=SOURCE, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Brier, learned value" in run.stdout
    done = plots(work)
    assert done.returncode == 0, done.stderr
    png = work / "reliability.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_folder_without_tables_is_named(tmp_path):
    done = plots(tmp_path)
    assert done.returncode != 0
    assert "reliability.csv" in done.stderr
    assert "mists train" in done.stderr
