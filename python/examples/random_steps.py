#!/usr/bin/python3
"""Steps a uniform random policy over observation tensors, as a learner's environment loop would,
and prints steps a second; it trains nothing (docs/python.md, "A learner's loop").

At each decision it reads the observation tensor and the legal-action mask and picks a legal action
uniformly; chance nodes are sampled from chance_outcomes(), so the states are free (no deal).

    PYTHONPATH=build/python /usr/bin/python3 python/examples/random_steps.py [DECISIONS] [LEVEL] [PLAYERS] [GAME]

GAME is coop (the default), base or gcc (then LEVEL is ignored).
"""
import sys
import time

import numpy as np

import mists


def new_game(kind, level, players):
    return mists.Game(level, players) if kind == "coop" else mists.VsGame(kind, players)


def main():
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    level = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    kind = sys.argv[4] if len(sys.argv) > 4 else "coop"
    game = new_game(kind, level, players)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    steps = games = 0
    checksum = 0.0
    start = time.perf_counter()
    for _ in range(decisions):
        while state.is_chance_node() or state.is_terminal():
            if state.is_terminal():
                games += 1
                state = game.new_initial_state()
                continue
            outcomes, probs = zip(*state.chance_outcomes())
            k = min(int(np.searchsorted(np.cumsum(probs), rng.random() * sum(probs), side="right")), len(outcomes) - 1)
            state.apply_action(outcomes[k])
            steps += 1
        obs = state.observation_tensor()       # what a policy network would read
        mask = state.legal_actions_mask()      # which of its num_distinct_actions() outputs are legal
        checksum += float(obs[-1])
        legal = np.flatnonzero(mask)
        state.apply_action(int(legal[rng.integers(len(legal))]))
        steps += 1
    seconds = time.perf_counter() - start
    print(f"{kind}{' level ' + str(level) if kind == 'coop' else ''}, {players} players: {decisions} decisions "
          f"({steps} steps with the draws, {games} games finished) in {seconds:.2f} s: {decisions / seconds:,.0f} steps/s; "
          f"observation {game.observation_tensor_size()} floats, {game.num_distinct_actions()} actions")


if __name__ == "__main__":
    main()
