"""scripts/census_table.py: the census of a few level-6 deals, resumed, refused when it differs (run by
ctest: python_bindings)."""
import csv
import json
import os
import subprocess
import sys

BINARY = os.path.abspath(os.environ.get("MISTS_BINARY", "build/mists"))
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")
SCRIPT = os.path.join(SOURCE, "scripts", "census_table.py")
ARGS = ["--cells", "6:1,6:4", "--games", "2", "--probes", "20", "--turns", "6"]


def run(out, *flags):
    return subprocess.run([sys.executable, SCRIPT, "--out", str(out), "--binary", BINARY, *flags],
                          capture_output=True, text=True)


def test_outputs_resume_and_refusals(tmp_path):
    out = tmp_path / "census"
    first = run(out, *ARGS)
    assert first.returncode == 0, first.stderr
    files = sorted(p.name for p in out.glob("L*.txt"))
    assert files == ["L6-P1-g0.txt", "L6-P1-g1.txt", "L6-P4-g0.txt", "L6-P4-g1.txt"]
    # Each deal's output is the program's own, and census.csv holds every row of every output.
    direct = subprocess.run([BINARY, "solve", "--level", "6", "--players", "1", "--seed", "7", "--deal", "1", "--census", "6",
                             "--census-probes", "20"], cwd=SOURCE, capture_output=True, text=True)
    assert direct.returncode == 0, direct.stderr
    assert (out / "L6-P1-g1.txt").read_text().splitlines()[:-1] == direct.stdout.splitlines()[:-1]  # the last has the time
    with open(out / "census.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    solo1 = [r for r in rows if (r["level"], r["players"], r["game"]) == ("6", "1", "1")]
    table_rows = [line for line in direct.stdout.splitlines() if line[:1].isdigit()]
    assert len(solo1) == len(table_rows)
    assert float(solo1[1]["positions"]) == float(table_rows[1].split()[1])
    # The summary: one row a cell, the medians of two deals.
    table = (out / "table.md").read_text()
    assert "| 6, solo |" in table and "| 6, 4 players |" in table
    # Provenance: the program's revision and the checksums a study records.
    meta = json.loads((out / "census.json").read_text())
    version = subprocess.run([BINARY, "--version"], capture_output=True, text=True).stdout.split()[-1]
    assert [r["revision"] for r in meta["runs"]] == [version]
    assert meta["runs"][0]["command"].startswith("scripts/census_table.py --out ")
    validate = subprocess.run([BINARY, "tiles", "validate", "configs/tiles/mists-reconstructed.toml"], cwd=SOURCE,
                              capture_output=True, text=True)
    assert meta["catalog_checksum"] in validate.stdout
    assert meta["probes"] == 20 and meta["turns"] == 6 and meta["seed"] == 7
    assert meta["switches"] == {"joint_scoring": "majority", "unplaceable": "discard", "haunted_adjacency": "eight",
                                "finish_ghosts": "none"}

    # A second run needs --resume; with it, finished deals are kept (not run again).
    again = run(out, *ARGS)
    assert again.returncode == 1 and "--resume" in again.stderr
    stamp = (out / "L6-P1-g0.txt").stat().st_mtime_ns
    (out / "L6-P4-g1.txt").unlink()  # as if killed before the last deal
    resumed = run(out, *ARGS, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert (out / "L6-P1-g0.txt").stat().st_mtime_ns == stamp
    assert "L6-P4-g1.txt: done" in resumed.stderr and "L6-P1-g0.txt: done" not in resumed.stderr
    assert (out / "table.md").read_text() == table
    assert len(json.loads((out / "census.json").read_text())["runs"]) == 2  # the resumed run is recorded

    # Other parameters are another census: refused, naming the file and field.
    other = run(out, "--cells", "6:1", "--games", "2", "--probes", "30", "--turns", "6", "--resume")
    assert other.returncode == 1
    assert "census.json: field probes" in other.stderr

    # A damaged output names its file and line.
    path = out / "L6-P1-g1.txt"
    lines = path.read_text().splitlines()
    lines[2] = "1  many  0  0  0"
    path.write_text("\n".join(lines) + "\n")
    bad = run(out, *ARGS, "--resume")
    assert bad.returncode == 1
    assert "L6-P1-g1.txt: line 3: a field is not a number" in bad.stderr


def test_bad_flags(tmp_path):
    for flags, said in ((["--cells", "7:1"], "levels are 1-6"), (["--cells", "6"], "not LEVEL:PLAYERS"),
                        (["--games", "0"], "at least 1")):
        r = run(tmp_path / "x", *flags)
        assert r.returncode == 1, flags
        assert said in r.stderr


def test_strict_census_json_and_lock(tmp_path):
    """census.json read strictly (a key twice, runs of the wrong shape), and one run at a time."""
    import fcntl
    out = tmp_path / "census"
    first = run(out, "--cells", "6:1", "--games", "1", "--probes", "5", "--turns", "3")
    assert first.returncode == 0, first.stderr
    assert not (out / ".lock").exists()  # the run that ended took its lock file away
    meta_path = out / "census.json"
    good = meta_path.read_text()
    args = ("--cells", "6:1", "--games", "1", "--probes", "5", "--turns", "3", "--resume")
    meta_path.write_text('{"seed": 7, ' + good.lstrip()[1:])
    bad = run(out, *args)
    assert bad.returncode == 1 and "census.json: field seed: given twice" in bad.stderr, bad.stderr
    meta = json.loads(good)
    meta["runs"] = {}
    meta_path.write_text(json.dumps(meta))
    bad = run(out, *args)
    assert bad.returncode == 1 and "census.json: field runs: expected a list" in bad.stderr, bad.stderr
    assert "Traceback" not in bad.stderr
    meta_path.write_text(good)
    # Held by another process (here this test): refused, naming it.
    with open(out / ".lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        held.write(f"pid {os.getpid()}\nhost here\nsince now\ncommand the test\n")
        held.flush()
        busy = run(out, *args)
    assert busy.returncode == 1 and f"is in use: process {os.getpid()} on here" in busy.stderr, busy.stderr
    again = run(out, *args)
    assert again.returncode == 0, again.stderr
    assert len(json.loads(meta_path.read_text())["runs"]) == 2
