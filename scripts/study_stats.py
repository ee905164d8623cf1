"""Statistics and chunk reading shared by the scripts that read study folders (chunk_table.py,
gap_closed.py, lever_ladder.py): the same formulas as analysis/stats.cpp."""
import csv
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
