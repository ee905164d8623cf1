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
import json as _json
import re as _re
import types as _types

from ._mists import (BEST_FAIR_AGENT, CHANCE_PLAYER, TERMINAL_PLAYER, Agent, Game, State, VsAgent, VsGame, VsState, play, revision,
                     _check_agent, _run_study, _run_tournament, _StudyArgs)

__all__ = ["BEST_FAIR_AGENT", "CHANCE_PLAYER", "TERMINAL_PLAYER", "Agent", "Game", "State", "VsAgent", "VsGame", "VsState", "agent", "play_pair", "frame",
           "load_game", "play", "play_cell", "revision", "study"]

# ---- Game strings (OpenSpiel's load_game) ---------------------------------------------------------

_GAME_NAMES = {"mists": "coop", "mists_base": "base", "mists_gcc": "gcc"}
_INT_KEYS = {"level", "players", "ghosts", "goal", "hound1", "hound2", "piles"}


def _game_string(self):
    """The game as OpenSpiel writes a game with parameters: "mists(level=4,players=2)",
    "mists_gcc(players=3,expansions=abbey_mayor)"; load_game reads it back. Inside a parameter a
    list is joined by "+" (expansions, levers) and a switch is "name:value"."""
    kw = self.kwargs()
    if isinstance(self, Game):
        name = "mists"
    else:
        name = "mists_" + kw.pop("game")
    parts = []
    for key, value in kw.items():
        if key == "switches":
            value = "+".join(f"{k}:{v}" for k, v in value.items())
        elif isinstance(value, str):
            value = value.replace(",", "+")
        parts.append(f"{key}={value}")
    return f"{name}({','.join(parts)})"


def load_game(text, **params):
    """A game by its OpenSpiel-style string: "mists(level=4,players=2)" (the co-op game, with any
    keyword of mists.Game), "mists_base(players=3)" or "mists_gcc(players=2,expansions=abbey_mayor)"
    (the competitive games, with any keyword of mists.VsGame). Keyword arguments add parameters, as
    OpenSpiel's load_game(name, params) does. ValueError names what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"load_game: {text!r} is not a game string such as 'mists(level=4,players=2)'")
    m = _re.fullmatch(r"\s*([a-z_]+)\s*(?:\((.*)\))?\s*", text)
    if not m:
        raise ValueError(f"load_game: '{text}' is not NAME or NAME(key=value,...)")
    name, body = m.group(1), m.group(2)
    if name not in _GAME_NAMES:
        raise ValueError(f"load_game: unknown game '{name}' (mists, mists_base, mists_gcc)")
    kw = {}
    for item in (body.split(",") if body and body.strip() else []):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise ValueError(f"load_game: '{item.strip()}' in '{text}' is not key=value")
        if key in kw:
            raise ValueError(f"load_game: '{key}' is given twice in '{text}'")
        kw[key] = value
    for key, value in params.items():
        if key in kw:
            raise ValueError(f"load_game: '{key}' is given in the string and as a keyword")
        kw[key] = str(value)
    for key in list(kw):
        if key in _INT_KEYS:
            try:
                kw[key] = int(kw[key])
            except ValueError:
                raise ValueError(f"load_game: {key}={kw[key]}: a whole number") from None
    kind = _GAME_NAMES[name]
    if kind == "coop":
        if "levers" in kw:
            kw["levers"] = kw["levers"].replace("+", ",")
        try:
            return Game(**kw)
        except TypeError:
            known = set(inspect.signature(_game_keywords).parameters)
            wrong = sorted(set(kw) - known)
            raise ValueError(f"load_game: {', '.join(wrong)}: not a parameter of mists (it takes {', '.join(sorted(known))})") from None
    if "expansions" in kw:
        kw["expansions"] = kw["expansions"].replace("+", ",")
    if "switches" in kw:
        pairs = [x.partition(":") for x in kw["switches"].split("+")]
        if any(not sep for _, sep, _ in pairs):
            raise ValueError(f"load_game: switches={kw['switches']}: each switch as name:value, joined by +")
        kw["switches"] = {k: v for k, _, v in pairs}
    known = {"players", "expansions", "switches", "base_catalog", "gcc_catalog", "abbey_catalog", "toll_catalog", "map"}
    wrong = sorted(set(kw) - known)
    if wrong:
        raise ValueError(f"load_game: {', '.join(wrong)}: not a parameter of {name} (it takes {', '.join(sorted(known))})")
    return VsGame(kind, **kw)


def _game_keywords(level=None, players=None, ghosts=None, goal=None, hound1=None, hound2=None, piles=None, catalog=None,
                   levels_dir=None, joint_scoring=None, unplaceable=None, haunted_adjacency=None, finish_ghosts=None,
                   levers=None, abbey_catalog=None, toll_catalog=None):
    """The keywords of mists.Game (for load_game's messages)."""


# ---- Serialization (OpenSpiel's serialize / deserialize_state) -----------------------------------

def _serialize(self):
    """The state as text (JSON of its game, deal, seed and every action as the engine has it);
    game.deserialize_state(text) makes it again, history included."""
    return _json.dumps(self.__getstate__(), separators=(",", ":"))


def _deserialize_state(self, text):
    """The state that state.serialize() wrote, for this game (ValueError for another game's)."""
    try:
        data = _json.loads(text)
    except (TypeError, ValueError) as e:
        raise ValueError(f"deserialize_state: not a serialized state ({e})") from None
    if not isinstance(data, list) or len(data) < 2 or not isinstance(data[1], dict):
        raise ValueError("deserialize_state: not a serialized state of mists")
    if data[1] != self.kwargs():
        raise ValueError(f"deserialize_state: the state belongs to {data[1]}, not to this game {self.kwargs()}")
    cls = State if isinstance(self, Game) else VsState
    state = cls.__new__(cls)
    state.__setstate__(tuple(tuple(x) if isinstance(x, list) and i == 2 else x for i, x in enumerate(data)))
    return state


def _observation_shapes(self):
    """The observation tensor's parts with their shapes: {"board": [planes, W, W], "globals": [n]};
    observation_tensor() is the board, row by row, then the globals (observation_dict() gives both
    as numpy views of those shapes)."""
    planes = len(self.observation_planes)
    w = Game.board_size if isinstance(self, Game) else self.window
    return {"board": [planes, w, w], "globals": [len(self.observation_globals)]}


def _legal_action_table(self):
    """The legal decisions only, factored by the dense index's blocks: a dict per legal action with
    its index, its block (game.action_blocks()), its index within the block and its text. [] at a
    chance node or at the end."""
    if not self.is_player_node():
        return []
    blocks = self.game.action_blocks()
    rows = []
    for a in self.legal_actions():
        block = next(b for b in blocks if b["offset"] <= a < b["offset"] + b["size"])
        rows.append({"action": a, "block": block["name"], "index": a - block["offset"], "text": self.action_to_string(a)})
    return rows


for _cls in (Game, VsGame):
    _cls.game_string = _game_string
    _cls.__str__ = _game_string
    _cls.deserialize_state = _deserialize_state
    _cls.observation_tensor_shapes = _observation_shapes
for _cls in (State, VsState):
    _cls.serialize = _serialize
    _cls.legal_action_table = _legal_action_table


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
    """A C++ agent by name, made for the game (and by default the seed and game) of the state it is
    called on, and made again when a state of another game or deal comes."""

    def __init__(self, text, seed, game_index, search):
        self.text, self.seed, self.game_index, self._search = text, seed, game_index, search
        self._agent, self._key = None, None

    def _seat(self, state):
        # The state's own seed and game unless the agent was given them (a free state: seed 1, game 0).
        seed = self.seed if self.seed is not None else (state.seed if state.seed is not None else 1)
        game_index = self.game_index if self.game_index is not None else (state.game_index if state.seed is not None else 0)
        return seed, game_index

    def __call__(self, state):
        seed, game_index = self._seat(state)
        key = (id(state.game), seed, game_index)
        if self._agent is None or self._key != key or self._agent_game is not state.game:
            self._agent = Agent(state.game, self.text, seed, game_index, **self._search)
            self._agent_game, self._key = state.game, key
        return self._agent.step(state)

    def for_game(self, seed, game_index):
        """The same agent made afresh for game `game_index` of run `seed`, as a study makes it."""
        return _AgentByName(self.text, seed, game_index, self._search)

    def __repr__(self):
        seat = "" if self.seed is None and self.game_index is None else f", seed={self.seed}, game_index={self.game_index}"
        return f"mists.agent({self.text!r}{seat})"


def agent(text, game=None, seed=None, game_index=None, playouts=None, c=None, rollout=None):
    """A C++ agent by name ("expert", "mcts:playouts=600", ...; `mists agents` lists them), callable
    on a state: agent(state) -> action. The text is checked here (ValueError naming an unknown agent
    or parameter). Seeded as a study seeds game `game_index` of run `seed`; by default the seed and
    game of the state it plays (a dealt state's own, so agent("expert") plays a state of seed 7,
    game 12 as mists play --seed 7 --deal 12 does; a free state: seed 1, game 0). playouts, c and
    rollout are a study's search defaults (mists.study's keywords of that name)."""
    if not isinstance(text, str):
        raise ValueError(f"agent: {text!r} is not an agent text such as 'expert' or 'mcts:playouts=600'")
    search = dict(playouts=playouts, c=c, rollout=rollout)
    _check_agent(text, **search)
    if game is not None and (seed is not None or game_index is not None):
        return Agent(game, text, 1 if seed is None else seed, 0 if game_index is None else game_index, **search)
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
    if game not in ("coop", "base", "gcc"):
        raise ValueError(f"game = {game!r}: 'coop' (the co-operative levels, the default), 'base' or 'gcc'")
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
