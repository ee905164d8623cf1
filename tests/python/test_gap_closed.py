"""scripts/gap_closed.py on small studies played by the program (run by ctest: python_bindings): a
study still being played (no games.csv, only its sealed chunks) reads as the finished one, its deal
seeds computed as the program writes them, and --bound-all takes the bound over its own deals."""
import os
import shutil
import subprocess
import sys

import pytest

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")
SCRIPT = os.path.join(SOURCE, "scripts", "gap_closed.py")


def play(out, games, *agents):
    run = subprocess.run([BINARY, "analyze", "--levels", "2", "--players", "1,2", "--games", str(games), "--chunk", "10",
                          "--seed", "3", "--threads", "1", "--agents", ";".join(agents), "--out", str(out)],
                         cwd=SOURCE, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    root = tmp_path_factory.mktemp("gap")
    pair = play(root / "pair", 30, "greedy", "expert")
    bound = play(root / "bound", 10, "mcts:playouts=20")
    return pair, bound


def gap(*args):
    run = subprocess.run([sys.executable, SCRIPT, *map(str, args)], capture_output=True, text=True)
    return run.returncode, run.stdout, run.stderr


def rows(text):
    return [line for line in text.splitlines() if line.startswith("| ") and not line.startswith(("| level", "| ---"))]


def test_unfinished_study_reads_from_its_chunks_as_the_finished_one(studies, tmp_path):
    pair, _ = studies
    code, finished, _ = gap("--old", "greedy", "--new", "expert", pair)
    assert code == 0 and len(rows(finished)) == 2
    partial = tmp_path / "partial"
    shutil.copytree(pair, partial)
    (partial / "games.csv").unlink()
    code, text, err = gap("--old", "greedy", "--new", "expert", partial)
    assert code == 0, err
    assert "no games.csv yet; reading its sealed chunks" in err
    assert rows(text) == rows(finished)
    # paired with a finished study of the same seed: the computed deal seeds match games.csv's
    code, text, err = gap("--old", f"greedy@{partial}", "--new", f"expert@{pair}", partial, pair)
    assert code == 0, err
    assert [r.split("|")[3] for r in rows(text)] == [" 30 "] * 2


def test_bound_all_takes_the_bound_over_its_own_deals(studies):
    pair, bound = studies
    code, common, _ = gap("--old", "greedy", "--new", "expert", "--bound", "mcts:playouts=20", pair, bound)
    assert code == 0 and all(r.split("|")[3].strip() == "10" for r in rows(common))
    code, apart, err = gap("--old", "greedy", "--new", "expert", "--bound", "mcts:playouts=20", "--bound-all", pair, bound)
    assert code == 0, err
    assert all(r.split("|")[3].strip() == "30 (bound 10)" for r in rows(apart))


def test_a_chunk_of_a_cell_the_study_does_not_name_is_refused(studies, tmp_path):
    pair, _ = studies
    partial = tmp_path / "stray"
    shutil.copytree(pair, partial)
    (partial / "games.csv").unlink()
    chunk = sorted((partial / "chunks").glob("*.csv"))[0]
    shutil.copy(chunk, partial / "chunks" / "stray.csv")
    text = (partial / "chunks" / "stray.csv").read_text().replace("cell L2-", "cell L9-", 1)
    (partial / "chunks" / "stray.csv").write_text(text)
    code, _, err = gap("--old", "greedy", "--new", "expert", partial)
    assert code == 1
    assert "does not name" in err
