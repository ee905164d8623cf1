"""Mists over Carcassonne from Python: games, states, the C++ agents and studies (docs/python.md).

    PYTHONPATH=build/python python3 -c "import mists"

A State has the method names of OpenSpiel's Python State (legal_actions, apply_action,
is_chance_node, chance_outcomes, is_terminal, returns, clone, current_player, action_to_string,
string_to_action) plus history() and record() for game records.
"""
from ._mists import CHANCE_PLAYER, TERMINAL_PLAYER, Agent, Game, State, play, revision, _run_study

__all__ = ["CHANCE_PLAYER", "TERMINAL_PLAYER", "Agent", "Game", "State", "agent", "frame", "play", "play_cell",
           "revision", "study"]


class _AgentByName:
    """A C++ agent by name, made for the game of the first state it is called on."""

    def __init__(self, text, seed, game_index):
        self.text, self.seed, self.game_index = text, seed, game_index
        self._agent = None

    def __call__(self, state):
        if self._agent is None:
            self._agent = Agent(state.game, self.text, self.seed, self.game_index)
        return self._agent.step(state)


def agent(text, game=None, seed=1, game_index=0):
    """A C++ agent by name ("expert", "mcts:playouts=600", ...; `mists agents` lists them), callable
    on a state: agent(state) -> action. Seeded as a study seeds game `game_index` of run `seed`."""
    if game is not None:
        return Agent(game, text, seed, game_index)
    return _AgentByName(text, seed, game_index)


def play_cell(game, choose, seed=1, games=100, first=0):
    """Games first..first+games-1 of run `seed` (the deals of a study cell), played by `choose`
    (a callable state -> action, in Python or a mists agent); a dict per game."""
    rows = []
    for g in range(first, first + games):
        s = game.new_initial_state(seed=seed, game=g)
        while not s.is_terminal():
            s.apply_action(s.dealt_outcome() if s.is_chance_node() else choose(s))
        row = s.summary()
        row.update(level=game.level, players=game.num_players(), game=g)
        rows.append(row)
    return rows


def study(out, levels, players, agents, games=100, seed=1, ghost_deltas=(0,), threads=0, chunk=100, resume=False):
    """Runs (or, with resume=True, finishes) a study in folder `out` as mists analyze does, and
    returns a dict per game (the rows of games.csv)."""
    return _run_study(out, list(levels), list(players), list(agents), games, seed, list(ghost_deltas), threads, chunk,
                      resume)


def frame(rows):
    """The rows as a pandas DataFrame (Debian's python3-pandas)."""
    try:
        import pandas as pd
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError("mists.frame needs pandas (Debian: python3-pandas)") from e
    return pd.DataFrame(rows)
