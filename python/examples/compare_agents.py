"""A Python agent against the C++ expert on the same deals (docs/python.md).

    PYTHONPATH=build/python /usr/bin/python3 python/examples/compare_agents.py [LEVEL] [PLAYERS] [DEALS]

The Python agent is the expert's idea written in Python: try every legal action on a clone, finish
the turn greedily (each later decision of the turn takes the option with the best heuristic value,
state.evaluate()), and keep the action whose turn ends with the best value. Ties go to the first
option (the C++ expert breaks them at random), so the two may differ on some deals. Both play games
0..DEALS-1 of run seed 7: the same deals, so the comparison is paired.
"""
import math
import os
import sys
import tempfile
import time

import mists


def greedy(state):
    """The option with the best heuristic value one step ahead (the first among equals)."""
    best, best_value = None, None
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        value = child.evaluate()
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best


def turn_ahead(state):
    """The option whose turn, finished greedily, ends with the best heuristic value."""
    best, best_value = None, None
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        turn = child.turn  # face-up tiles placed: laying the tile counts it
        while not child.is_terminal() and not child.is_chance_node() and child.turn == turn:
            child.apply_action(greedy(child))
        value = child.evaluate()
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best


def mcnemar_p(only_a, only_b):
    """Exact two-sided McNemar test: a binomial test with p = 1/2 on the discordant pairs."""
    n, k = only_a + only_b, min(only_a, only_b)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main():
    level, players, deals = (int(a) for a in (sys.argv[1:] + ["2", "2", "200"][len(sys.argv) - 1:])[:3])
    game = mists.Game(level, players)
    start = time.perf_counter()
    mine = mists.play_cell(game, turn_ahead, seed=7, games=deals)
    seconds = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        theirs = mists.study(os.path.join(tmp, "expert"), levels=[level], players=[players], agents=["expert"],
                             games=deals, seed=7)
    won_a = [r["outcome"] == "won" for r in mine]
    won_b = [r["outcome"] == "won" for r in theirs]
    only_a = sum(a and not b for a, b in zip(won_a, won_b))
    only_b = sum(b and not a for a, b in zip(won_a, won_b))
    print(f"level {level}, {players} players, {deals} paired deals (run seed 7)")
    print(f"  python turn-ahead: {sum(won_a)} won, mean score {sum(r['score'] for r in mine) / deals:.1f} ({seconds:.1f} s)")
    print(f"  C++ expert:     {sum(won_b)} won, mean score {sum(r['score'] for r in theirs) / deals:.1f}")
    print(f"  only the Python agent won {only_a}, only expert won {only_b}: McNemar p = {mcnemar_p(only_a, only_b):.3g}")


if __name__ == "__main__":
    main()
