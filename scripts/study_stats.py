"""Statistics and chunk reading shared by the scripts that read study folders (chunk_table.py,
deal_kinds.py, gap_closed.py, lever_ladder.py, plots.py): the same formulas as analysis/run/stats.cpp."""
import csv
import json
from math import comb, sqrt
from pathlib import Path

Z = 1.959963984540054  # the two-sided 95% normal quantile


class InputError(Exception):
    """Bad input, with the file, line and field in the message."""


def wilson(k: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials ((0, 1) when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    margin = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - margin), min(1.0, centre + margin)


def mcnemar(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p-value: a binomial test of only_a against only_a + only_b at 1/2."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    return min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2 ** n)


def agent_slug(text: str) -> str:
    """An agent text as it appears in a cell id (analysis/agents/agents.cpp, agent_slug)."""
    out = []
    for c in text:
        if c == ":":
            out.append("~")
        elif c == ",":
            out.append("_")
        elif c == "=":
            continue
        elif (c.isascii() and c.isalnum()) or c in ".-":
            out.append(c)
    return "".join(out)


def levers_slug(levers: str) -> str:
    """A canonical lever text (study.json's "levers") as it appears in a cell id (engine/coop/levers.cpp,
    levers_slug); "" for none."""
    if levers == "none":
        return ""
    parts = []
    for item in levers.split("+"):
        key, _, value = item.partition("=")
        parts.append(key.removeprefix("coop_") + "-" + value.replace(":", ""))
    return ".".join(parts)


def levers_of(cell: dict) -> str:
    """A cell's canonical lever text (study.json, cells.json, a row of cells.csv): "none" where the
    cell has none (a study without levers writes no such field or column)."""
    return cell.get("levers") or "none"


def cell_id(cell: dict) -> str:
    """The id of one cell of study.json's config (analysis/study/study_config.cpp, CellSpec::id): the
    name its chunks carry in their header line."""
    base = f"L{cell['level']}-P{cell['players']}-G{cell['ghosts']}-{agent_slug(cell['agent'])}"
    levers = levers_of(cell)
    return base + "-" + levers_slug(levers) if levers != "none" else base


def cell_label(cell: dict) -> str:
    """How tables name a cell's agent (analysis/study/study_config.cpp, CellSpec::label): the agent text,
    then " with " and the lever setting where one is on."""
    levers = levers_of(cell)
    return cell["agent"] if levers == "none" else f"{cell['agent']} with {levers}"


def study_config(study: Path, *keys: str) -> dict:
    """The "config" object of a study folder's study.json, which must hold each of `keys`."""
    path = study / "study.json"
    try:
        config = json.loads(path.read_text())["config"]
        for key in keys:
            config[key]  # a KeyError or TypeError names what is missing
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}") from None
    except (KeyError, TypeError, ValueError) as e:
        raise InputError(f"{path}: not a study file ({type(e).__name__}: {e})") from None
    return config


def chunk_outcomes(study: Path) -> dict[str, dict[int, bool]]:
    """Every sealed chunk of a study folder: cell id (from the chunk's header line) -> {game: won}."""
    outcomes: dict[str, dict[int, bool]] = {}
    for chunk in sorted((study / "chunks").glob("*.csv")):
        lines = chunk.read_text().splitlines()
        head = lines[0].split() if lines else []
        if head[:3] != ["#", "mists", "chunk:"] or "cell" not in head[:-1]:
            raise InputError(f"{chunk}: line 1: not a chunk header")
        games = outcomes.setdefault(head[head.index("cell") + 1], {})
        for line, r in enumerate(csv.DictReader(lines[1:]), start=3):
            if "game" not in r or "outcome" not in r:
                raise InputError(f"{chunk}: line 2: missing column(s) game, outcome")
            try:
                games[int(r["game"])] = r["outcome"] == "won"
            except (TypeError, ValueError):
                raise InputError(f"{chunk}: line {line}: field game: not a number: {r['game']!r}") from None
    return outcomes
