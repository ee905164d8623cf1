"""Mists over Carcassonne from Python: games, states, the C++ agents and studies (docs/python.md).

    PYTHONPATH=build/python python3 -c "import mists"

A State has OpenSpiel's method set (legal_actions, legal_actions_mask, apply_action, child,
is_chance_node, is_player_node, is_terminal, chance_outcomes, current_player, move_number,
rewards, returns, observation_tensor, information_state_tensor, observation_string,
information_state_string, history, clone, action_to_string, string_to_action); a Game has
num_distinct_actions, max_chance_outcomes, num_players and the tensor shapes. Decisions are dense
indices; record_steps() and record() give the game record.
"""
import inspect
import types as _types

from ._mists import (BEST_FAIR_AGENT, CHANCE_PLAYER, TERMINAL_PLAYER, Agent, Game, State, VsAgent, VsGame, VsState, play, revision,
                     _run_study, _run_tournament, _StudyArgs)

__all__ = ["BEST_FAIR_AGENT", "CHANCE_PLAYER", "TERMINAL_PLAYER", "Agent", "Game", "State", "VsAgent", "VsGame", "VsState", "agent", "play_pair", "frame",
           "play", "play_cell", "revision", "study"]


def _observation_dict(self, player=None):
    """The observation tensor as views: "board" (planes x 62 x 62) and "globals" (one float each,
    named by game.observation_globals)."""
    flat = self.observation_tensor(player)
    game = self.game
    planes = len(game.observation_planes)
    cells = Game.board_size * Game.board_size
    return {"board": flat[:planes * cells].reshape(planes, Game.board_size, Game.board_size),
            "globals": flat[planes * cells:]}


def _vs_observation_dict(self, player=None):
    """The observation tensor as views: "board" (planes x W x W, W = game.window) and "globals"."""
    flat = self.observation_tensor(player)
    game = self.game
    planes, w = len(game.observation_planes), game.window
    return {"board": flat[:planes * w * w].reshape(planes, w, w), "globals": flat[planes * w * w:]}


def _get_type(self):
    """What OpenSpiel's GameType says of this game."""
    coop = isinstance(self, Game)
    return _types.SimpleNamespace(
        short_name="mists" if coop else "mists_" + self.kind,
        long_name="Mists over Carcassonne" if coop else
        {"base": "Carcassonne (base game)", "gcc": "Ghosts, Castles & Cemeteries"}[self.kind],
        dynamics="sequential", chance_mode="explicit_stochastic", information="imperfect_information",
        utility="identical" if coop else "constant_sum", reward_model="terminal",
        max_num_players=5 if coop else 6, min_num_players=1 if coop else 2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True)


State.observation_dict = _observation_dict
VsState.observation_dict = _vs_observation_dict
Game.get_type = _get_type
VsGame.get_type = _get_type


class _AgentByName:
    """A C++ agent by name, made for the game of the first state it is called on."""

    def __init__(self, text, seed, game_index, search):
        self.text, self.seed, self.game_index, self._search = text, seed, game_index, search
        self._agent = None

    def __call__(self, state):
        if self._agent is None or self._agent_game is not state.game:
            self._agent = Agent(state.game, self.text, self.seed, self.game_index, **self._search)
            self._agent_game = state.game
        return self._agent.step(state)

    def for_game(self, seed, game_index):
        """The same agent made afresh for game `game_index` of run `seed`, as a study makes it."""
        return _AgentByName(self.text, seed, game_index, self._search)


def agent(text, game=None, seed=1, game_index=0, playouts=None, c=None, rollout=None):
    """A C++ agent by name ("expert", "mcts:playouts=600", ...; `mists agents` lists them), callable
    on a state: agent(state) -> action. Seeded as a study seeds game `game_index` of run `seed`;
    playouts, c and rollout are a study's search defaults (mists.study's keywords of that name)."""
    search = dict(playouts=playouts, c=c, rollout=rollout)
    if game is not None:
        return Agent(game, text, seed, game_index, **search)
    return _AgentByName(text, seed, game_index, search)


def _for_game(choose, seed, game_index):
    if hasattr(choose, "for_game"):
        return choose.for_game(seed, game_index)
    return choose


def play_cell(game, choose, seed=1, games=100, first=0):
    """Games first..first+games-1 of run `seed` (the deals of a study cell), played by `choose`:
    an agent text, a mists agent, or any callable state -> action. An agent (or a callable with a
    for_game(seed, game_index) method) is made afresh for every game, seeded as a study seeds it,
    so a C++ agent plays each game as the study's cell does. A dict per game."""
    if isinstance(choose, str):
        choose = agent(choose)
    rows = []
    for g in range(first, first + games):
        player = _for_game(choose, seed, g)
        s = game.new_initial_state(seed=seed, game=g)
        while not s.is_terminal():
            s.apply_action(s.dealt_outcome() if s.is_chance_node() else player(s))
        row = s.summary()
        row.update(level=game.level, players=game.num_players(), ghosts=game.ghosts, game=g)
        rows.append(row)
    return rows


def play_pair(game, agents, seed=1, games=2, pair=0, first=0):
    """Games first..first+games-1 of pair number `pair` of a competitive tournament (mists versus, or
    mists.study(game="base"|"gcc")) run with seed `seed`, played by the two agent texts `agents`
    (the pair's first agent and its second): game g deals tile order g // 2 from seating g % 2, and
    every seat's agent is seeded as the tournament seeds it, so the rows equal the tournament's rows
    of that pair game for game (`pair` is the pair's number in the tournament's order: with agents
    A, B, C the pairs are A-B, A-C, B-C). A dict per game, with the keys of mists.study's rows."""
    if isinstance(agents, str) or len(agents) != 2:
        raise ValueError("agents: the two agent texts of the pair, e.g. ['expert', 'greedy']")
    if games < 0 or first < 0:
        raise ValueError("games and first: 0 or more")
    players = game.num_players()
    rows = []
    for g in range(first, first + games):
        deal, seating = g // 2, g % 2
        # seat p takes the pair's first agent when (p + seating) is even (TournamentConfig::first_sits)
        seats = [agents[0] if (p + seating) % 2 == 0 else agents[1] for p in range(players)]
        players_of = [VsAgent(game, text, seed, deal, p, seating, pair) for p, text in enumerate(seats)]
        s = game.new_initial_state(seed=seed, deal=deal)
        while not s.is_terminal():
            s.apply_action(s.dealt_outcome() if s.is_chance_node() else players_of[s.current_player()](s))
        row = s.summary()
        row.update(pair=pair, game=g, deal=deal, seating=seating, agents=seats)
        del row["width"], row["height"]
        rows.append(row)
    return rows


_STUDY_CELLS = ("levels", "players", "agents", "ghost_deltas", "ghosts", "levers")


def _changed(values, names):
    """The keywords among `names` that `values` (study()'s locals) set to something other than their default."""
    defaults = inspect.signature(study).parameters
    return [name for name in names
            if (values[name] is not None if defaults[name].default is None else values[name] != defaults[name].default)]


def study(out, levels=None, players=None, agents=None, games=100, seed=1, ghost_deltas=None, ghosts=None, levers=None,
          goal=None, hound1=None, hound2=None, piles=None, joint_scoring=None, unplaceable=None,
          haunted_adjacency=None, finish_ghosts=None, catalog=None, levels_dir=None, abbey_catalog=None,
          toll_catalog=None, playouts=None, c=None, rollout=None, precision=0.0, min_games=200, chunk=100,
          threads=0, shard=None, title=None, trace=False, records=False, config=None, default=False,
          bound_games=200, resume=False, game="coop", expansions=None, switches=None, base_catalog=None,
          gcc_catalog=None, map=None):
    """Runs (or, with resume=True, finishes) a study in folder `out` as mists analyze does, and
    returns a dict per game (the rows of games.csv). Every option of mists analyze has a keyword:

    cells: levels, players (lists; default 1-6 and 2), agents (agent texts; default expert),
      ghost_deltas or ghosts (ghost totals relative to each level's, or absolute), levers (a lever
      setting such as "coop_chips=on", or a list of them: each on the same deals), games per cell;
      default=True plays the default study's cells instead (bound_games for its search cells);
      config= a TOML study file instead of all of these;
    the game: goal, hound1, hound2, piles (level overrides), joint_scoring, unplaceable,
      haunted_adjacency, finish_ghosts (rule switches), catalog, levels_dir, abbey_catalog, toll_catalog;
    the search defaults: playouts, c, rollout;
    the run: seed, precision, min_games, chunk, threads, shard ("K/N"), title, trace, records.

    game="base" or "gcc": the competitive round robin of mists versus (mists analyze --game): players
    (one count), agents (two or more competitive agent texts), games per pair and chunk (even), seed,
    expansions, switches (a dict or "name=value" texts), base_catalog, gcc_catalog, abbey_catalog,
    toll_catalog, map, threads, records (the record of every game this call plays), resume. A
    dict per game: its pair, game, deal, seating, each seat's agent, score and win share.
    """
    if not isinstance(records, bool):  # a count (as mists versus once took) would silently mean all of them
        raise ValueError(f"records = {records!r}: True or False (True writes the record of every won game of a "
                         "co-op study, of every game of a tournament)")
    if game != "coop":
        return _tournament(locals())
    competitive = dict(expansions=expansions, switches=switches, base_catalog=base_catalog, gcc_catalog=gcc_catalog,
                       map=map)
    given = [k for k, v in competitive.items() if v is not None]
    if given:
        raise ValueError(", ".join(given) + ": options of the competitive games (game='base' or 'gcc')")
    args = _StudyArgs()
    if resume:
        given = _changed(locals(), _STUDY_CELLS + (
            "goal", "hound1", "hound2", "piles", "joint_scoring", "unplaceable", "haunted_adjacency", "finish_ghosts",
            "catalog", "levels_dir", "abbey_catalog", "toll_catalog", "playouts", "c", "rollout", "shard", "title", "config",
            "games", "seed", "precision", "min_games", "chunk", "trace", "records", "default", "bound_games"))
        if given:
            raise ValueError("resume=True takes the whole study from its study.json; drop " + ", ".join(given) +
                             " (threads may stay)")
        args.threads = threads
        return _run_study(str(out), args, True)
    if config is not None:
        # The study file decides the whole study, its defaults included (as mists analyze --config).
        given = _changed(locals(), (
            "goal", "hound1", "hound2", "piles", "joint_scoring", "unplaceable", "haunted_adjacency", "finish_ghosts",
            "catalog", "levels_dir", "abbey_catalog", "toll_catalog", "playouts", "c", "rollout", "games", "seed",
            "precision", "min_games", "chunk", "bound_games"))
        if given:
            raise ValueError("config: the study file decides " + ", ".join(given) + "; set it in the file, or drop it "
                             "(out, threads, shard, title, trace and records may stay)")
    for name in ("levels", "players", "ghost_deltas", "ghosts"):
        value = locals()[name]
        if value is not None:
            if isinstance(value, int):
                value = [value]
            setattr(args, name, list(value))
    if agents is not None:
        args.agents = [agents] if isinstance(agents, str) else list(agents)
    args.levers = levers
    for name in ("games", "seed", "goal", "hound1", "hound2", "piles", "joint_scoring", "unplaceable",
                 "haunted_adjacency", "finish_ghosts", "catalog", "levels_dir", "abbey_catalog", "toll_catalog",
                 "playouts", "c", "rollout", "precision", "min_games", "chunk", "threads", "shard", "title", "config",
                 "trace", "records", "bound_games"):
        value = locals()[name]
        if value is not None:
            setattr(args, name, value)
    args.default_study = default
    return _run_study(str(out), args, False)


def _tournament(a):
    """mists.study with game="base" or "gcc": a tournament of mists versus."""
    coop_only = [k for k in ("levels", "ghost_deltas", "ghosts", "levers", "goal", "hound1", "hound2", "piles",
                             "joint_scoring", "unplaceable", "haunted_adjacency", "finish_ghosts", "catalog",
                             "levels_dir", "playouts", "c", "rollout", "shard", "title", "config")
                 if a[k] is not None]
    coop_only += [k for k, d in (("precision", 0.0), ("min_games", 200), ("trace", False), ("default", False),
                                 ("bound_games", 200)) if a[k] != d]
    if coop_only:
        raise ValueError(", ".join(coop_only) + ": not an option of the competitive games (game=%r)" % a["game"])
    if a["resume"]:
        given = [k for k in ("players", "agents", "expansions", "switches", "base_catalog", "gcc_catalog",
                             "abbey_catalog", "toll_catalog", "map") if a[k] is not None]
        given += [k for k, d in (("games", 100), ("seed", 1), ("chunk", 100)) if a[k] != d]
        if given:
            raise ValueError("resume=True takes the whole tournament from its tournament.json; drop " + ", ".join(given) +
                             " (threads and records may stay)")
    players = a["players"]
    if players is None:
        players = 2
    elif not isinstance(players, int):
        players = list(players)
        if len(players) != 1:
            raise ValueError("players: a tournament plays one player count")
        players = players[0]
    agents = a["agents"]
    agents = [] if agents is None else [agents] if isinstance(agents, str) else list(agents)
    if not a["resume"] and len(agents) < 2:
        raise ValueError("agents: a tournament needs at least two agents")
    return _run_tournament(str(a["out"]), a["game"], players, agents, a["games"], a["chunk"], a["seed"], a["expansions"],
                           a["switches"], a["base_catalog"], a["gcc_catalog"], a["abbey_catalog"], a["toll_catalog"],
                           a["map"], a["threads"], bool(a["records"]), a["resume"])


def frame(rows):
    """The rows as a pandas DataFrame (Debian's python3-pandas)."""
    try:
        import pandas as pd
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError("mists.frame needs pandas (Debian: python3-pandas)") from e
    return pd.DataFrame(rows)
