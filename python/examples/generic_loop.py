#!/usr/bin/python3
"""A generic OpenSpiel-style loop over any mists game, written against the method set only.

    PYTHONPATH=build/python python3 python/examples/generic_loop.py "mists(level=1,players=2)"
    PYTHONPATH=build/python python3 python/examples/generic_loop.py "mists_gcc(players=2)" --agents random,mcts

Nothing here knows which game it plays: it loads a game string, makes a seeded state and asks
current_player, is_chance_node, chance_outcomes, legal_actions, apply_action, clone, returns and
resample_from_infostate. Two agents:

- random: a legal action uniformly;
- mcts: UCT (Kocsis and Szepesvari 2006) over determinizations. Each iteration starts from
  resample_from_infostate(player), so the search never sees the deal (a seeded state's
  chance_outcomes is the dealt draw alone: a search that expanded it would peek); chance nodes are
  sampled from chance_outcomes of the resampled state, decisions chosen by UCB1 on the return of the
  player to move, rollouts random up to --rollout decisions (an unfinished rollout scores 0).
"""
import argparse
import math
import random
import sys
import time

import mists


def random_agent(state, rng, _args):
    return rng.choice(state.legal_actions())


class Node:
    __slots__ = ("visits", "total", "children")

    def __init__(self):
        self.visits, self.total, self.children = 0, 0.0, {}


def sample_chance(state, rng):
    outcomes, probs = zip(*state.chance_outcomes())
    return rng.choices(outcomes, probs)[0]


def rollout(state, rng, limit):
    decisions = 0
    while not state.is_terminal() and decisions < limit:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return state.returns() if state.is_terminal() else [0.0] * state.num_players()


def mcts_agent(state, rng, args):
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.current_player()
    root = Node()
    for _ in range(args.iterations):
        s = state.resample_from_infostate(me, rng.random)
        node, path = root, []
        # Selection and expansion: one new decision node per iteration; chance nodes are sampled.
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                continue
            player = s.current_player()
            options = s.legal_actions()
            untried = [a for a in options if a not in node.children]
            if untried:
                a = rng.choice(untried)
                node.children[a] = Node()
                path.append((node.children[a], player))
                s.apply_action(a)
                break
            log_n = math.log(node.visits + 1)
            a = max(options, key=lambda x: node.children[x].total / node.children[x].visits +
                    args.c * math.sqrt(log_n / node.children[x].visits))
            path.append((node.children[a], player))
            node = node.children[a]
            s.apply_action(a)
        values = rollout(s, rng, args.rollout)
        root.visits += 1
        for child, player in path:
            child.visits += 1
            child.total += values[player]
    return max(root.children, key=lambda a: root.children[a].visits)


AGENTS = {"random": random_agent, "mcts": mcts_agent}


def play(game, agents, seed, game_index, rng, args):
    state = game.new_initial_state(seed=seed, game=game_index) if isinstance(game, mists.Game) else \
        game.new_initial_state(seed=seed, deal=game_index)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))  # a seeded state: the dealt draw alone
        else:
            player = state.current_player()
            state.apply_action(AGENTS[agents[player % len(agents)]](state, rng, args))
            decisions += 1
    return state.returns(), decisions


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", help='a game string: "mists(level=1,players=2)", "mists_base(players=2)", "mists_gcc(players=3)"')
    p.add_argument("--agents", default="random", help="agents by seat, comma-separated (random, mcts); repeated over the seats")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=32, help="mcts iterations a decision")
    p.add_argument("--rollout", type=int, default=1000, help="mcts rollout length in decisions (the default plays to the end)")
    p.add_argument("--c", type=float, default=1.0, help="mcts exploration constant")
    args = p.parse_args(argv)
    agents = args.agents.split(",")
    unknown = [a for a in agents if a not in AGENTS]
    if unknown:
        p.error(f"--agents: unknown agent(s) {', '.join(unknown)} (random, mcts)")
    if args.games < 1 or args.iterations < 1 or args.rollout < 0:
        p.error("--games and --iterations: 1 or more; --rollout: 0 or more")
    try:
        game = mists.load_game(args.game)
    except ValueError as e:
        p.error(str(e))
    rng = random.Random(args.seed)
    for g in range(args.games):
        t0 = time.perf_counter()
        returns, decisions = play(game, agents, args.seed, g, rng, args)
        print(f"{game} game {g}: returns {[round(r, 3) for r in returns]} after {decisions} decisions "
              f"({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
