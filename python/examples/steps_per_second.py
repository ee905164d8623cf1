#!/usr/bin/python3
"""Engine steps a second through the Python module: uniform random games, every draw and decision
applied from Python (docs/performance.md).

    PYTHONPATH=build/python /usr/bin/python3 python/examples/steps_per_second.py [LEVEL] [GAMES]
"""
import random
import sys
import time

import mists


def main():
    level = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    game = mists.Game(level, 2)
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        state = game.new_initial_state(seed=1, game=g)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.dealt_outcome())
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    seconds = time.perf_counter() - start
    print(f"level {level}, 2 players: {games} random games, {steps} steps in {seconds:.2f} s: "
          f"{steps / seconds:,.0f} steps/s, {games / seconds:,.0f} games/s")


if __name__ == "__main__":
    main()
