"""OpenSpiel's method set on the co-op game: dense actions and their mask, tensors that show nothing
a fair player cannot see, per-step rewards, copies and pickles, states from records, every study
option from Python in Python's words, and play_cell reproducing a study's cell game for game (run
by ctest: python_bindings)."""
import copy
import csv
import os
import pickle
import random
import subprocess
import tempfile

import numpy as np
import pytest

import mists

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")


def cli(*args):
    return subprocess.run([BINARY, *args], cwd=SOURCE, capture_output=True, text=True)


def random_walk(state, rng, steps=None, check=None):
    """Applies random legal actions (chance outcomes as the deal gives them) until the end or `steps`."""
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        if check:
            check(state)
        if state.is_chance_node():
            action = state.dealt_outcome() if state.seed is not None else rng.choice(state.legal_actions())
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        n += 1
    return state


@pytest.mark.parametrize("level,players", [(1, 1), (3, 2), (5, 3), (6, 2)])
def test_every_method_agrees_along_a_random_game(level, players):
    game = mists.Game(level, players)
    n = game.num_distinct_actions()
    state = game.new_initial_state(seed=4, game=level)
    rng = random.Random(level)
    rewards, history = [0.0] * players, []
    while not state.is_terminal():
        kinds = [state.is_chance_node(), state.is_player_node(), state.is_terminal()]
        assert sum(kinds) == 1
        assert state.move_number() == len(history) and state.history() == history
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_
        assert legal == sorted(legal) and list(np.flatnonzero(mask)) == legal
        if state.is_chance_node():
            assert state.current_player() == mists.CHANCE_PLAYER and len(mask) == game.max_chance_outcomes()
            assert sorted(t for t, _ in state.chance_outcomes()) == legal
            action = state.dealt_outcome()
        else:
            assert state.current_player() in range(players) and len(mask) == n
            assert all(0 <= a < n for a in legal)
            assert state.legal_actions(state.current_player()) == legal
            assert state.legal_actions((state.current_player() + 1) % players) == ([] if players > 1 else legal)
            obs = state.observation_tensor()
            assert obs.dtype == np.float32 and list(obs.shape) == game.observation_tensor_shape()
            info = state.information_state_tensor()
            assert list(info.shape) == game.information_state_tensor_shape()
            assert np.array_equal(info[:len(obs) - len(game.observation_globals)], obs[:len(obs) - len(game.observation_globals)])
            action = rng.choice(legal)
            assert state.string_to_action(state.action_to_string(action)) == action
            assert state.bits_to_action(state.action_bits(action)) == action
        state.apply_action(action)
        history.append(action)
        rewards = [r + x for r, x in zip(rewards, state.rewards())]
    assert state.current_player() == mists.TERMINAL_PLAYER and not state.is_player_node()
    assert state.legal_actions() == [] and not state.legal_actions_mask().any()
    assert state.returns() == rewards == [1.0 if state.summary()["outcome"] == "won" else 0.0] * players
    assert state.move_number() == len(history)


def test_rewards_come_once_at_the_winning_action():
    game = mists.Game(1, 1)
    for g in range(40):
        state = game.new_initial_state(seed=2, game=g)
        expert = mists.agent("expert", game, seed=2, game_index=g)
        seen = []
        while not state.is_terminal():
            state.apply_action(state.dealt_outcome() if state.is_chance_node() else expert(state))
            seen.append(state.rewards()[0])
        if state.summary()["outcome"] == "won":
            assert seen[-1] == 1.0 and sum(seen) == 1.0 and state.returns() == [1.0]
            return
    pytest.fail("the expert won none of 40 level-1 solo games")


def test_the_action_blocks_partition_the_dense_index():
    plain = mists.Game(3, 2)
    blocks = plain.action_blocks()
    assert blocks[0]["offset"] == 0
    for a, b in zip(blocks, blocks[1:]):
        assert b["offset"] == a["offset"] + a["size"]
    assert blocks[-1]["offset"] + blocks[-1]["size"] == plain.num_distinct_actions()
    assert [b["name"] for b in blocks] == ["place", "meeple", "score", "bury", "cemetery_ghost", "hound", "haunt", "fewer",
                                          "ghost_area"]
    assert mists.Game(6, 4).num_distinct_actions() == plain.num_distinct_actions()  # the same index on every level
    levers = mists.Game(3, 2, levers="coop_abbeys=per_colour+coop_chips=on+coop_wagon=on")
    names = [b["name"] for b in levers.action_blocks()]
    assert names[-4:] == ["abbey", "chip", "upgrade", "wagon"] and levers.num_distinct_actions() > plain.num_distinct_actions()
    # A placement's index is its cell and rotation.
    state = plain.new_initial_state(seed=1, game=0)
    state.apply_action(state.dealt_outcome())
    for a in state.legal_actions():
        _, x, y, rot = state.action_to_string(a).split()
        cell = (int(y) + 31 - 1) * 62 + int(x) + 31 - 1
        assert a == cell * 4 + int(rot)
    with pytest.raises(ValueError, match="is not legal here"):
        state.apply_action(plain.num_distinct_actions())


def test_lever_games_step_through_the_dense_index():
    for levers in ("coop_abbeys=per_colour+coop_abbey_monk=on", "coop_tolls=per_colour", "coop_chips=on+coop_chip_points=choice",
                   "coop_wagon=on+coop_mayor=on"):
        game = mists.Game(4, 2, levers=levers)
        for g in range(3):
            random_walk(game.new_initial_state(seed=9, game=g), random.Random(g), check=lambda s: s.legal_actions_mask())


def test_the_tensors_show_nothing_of_the_deal():
    """A dealt state and a free state that saw the same draws and decisions give the same tensors and
    strings: the deal (the order of the unseen tiles, the face-down tiles) is in neither."""
    game = mists.Game(5, 2)  # face-down tiles (R7.3)
    dealt = game.new_initial_state(seed=3, game=1)
    free = game.new_initial_state()
    rng = random.Random(5)
    while not dealt.is_terminal():
        for p in range(2):
            assert np.array_equal(dealt.observation_tensor(p), free.observation_tensor(p))
            assert np.array_equal(dealt.information_state_tensor(p), free.information_state_tensor(p))
        assert dealt.observation_string() == free.observation_string()
        assert dealt.information_state_string() == free.information_state_string()
        action = dealt.dealt_outcome() if dealt.is_chance_node() else rng.choice(dealt.legal_actions())
        dealt.apply_action(action)
        free.apply_action(action)
    assert free.returns() == dealt.returns()
    # Another deal that agrees with what was seen so far gives the same tensor too.
    a = game.new_initial_state(seed=3, game=1)
    b = game.new_initial_state()
    a.apply_action(a.dealt_outcome())
    b.apply_action(a.history()[0])
    assert np.array_equal(a.observation_tensor(), b.observation_tensor())


def test_the_planes_hold_what_the_docs_say():
    game = mists.Game(3, 2)
    rng = random.Random(1)
    for g in range(20):  # a position a few turns in, at a placement
        state = game.new_initial_state(seed=6, game=g)
        while not state.is_terminal() and not (state.turn >= 6 and state.phase == "place"):
            random_walk(state, rng, steps=1)
        if not state.is_terminal():
            break
    view = state.observation_dict()
    planes, glob = game.observation_planes, dict(zip(game.observation_globals, view["globals"]))
    board = {name: view["board"][i] for i, name in enumerate(planes)}
    assert view["board"].shape == (len(planes), 62, 62)
    summary = state.summary()
    assert board["ghosts"].sum() == summary["ghosts_on_board"] == glob["ghosts_on_board"]
    assert glob["ghost_supply"] == state.ghost_supply and glob["score"] == state.score and glob["turn"] == state.turn
    assert glob["phase/" + state.phase] == 1 and sum(v for k, v in glob.items() if k.startswith("phase/")) == 1
    assert glob["to_move/%d" % state.current_player()] == 1 and glob["observer/%d" % state.current_player()] == 1
    assert sum(v for k, v in glob.items() if k.startswith("unseen/")) >= glob["tiles_left"]
    assert board["tile"][31 - 1, 31 - 1] == 1  # the start tile's first cell
    # Every face-up tile shows a terrain on each side (city, road or field) and the tile plane counts them.
    assert board["tile"].sum() + board["face_down"].sum() == state.turn + 4 - summary["discarded"] * 0  # start tile: 4 cells
    if state.phase == "place":
        assert glob["drawn/" + state.drawn_tile] == 1
    # The order plane of the information state numbers the tiles in the order they were laid.
    info = state.information_state_tensor()
    order = info[len(planes) * 62 * 62:(len(planes) + 1) * 62 * 62].reshape(62, 62)
    assert sorted(order[order > 0]) == list(range(1, int(board["tile"].sum() + board["face_down"].sum()) + 1))


def states_along(game, seed, index, stops):
    """Copies of one random game at the given move numbers (a chance node, a decision, the end)."""
    state = game.new_initial_state(seed=seed, game=index)
    rng = random.Random(seed)
    out = []
    while True:
        if state.move_number() in stops or state.is_terminal():
            out.append(state.clone())
        if state.is_terminal():
            return out
        state.apply_action(state.dealt_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))


def same_state(a, b):
    assert str(a) == str(b) and a.observation_string() == b.observation_string()
    assert a.legal_actions() == b.legal_actions() and a.history() == b.history()
    assert a.record_steps() == b.record_steps() and a.move_number() == b.move_number()
    assert np.array_equal(a.observation_tensor(), b.observation_tensor())


def same_future(a, b, seed):
    ra, rb = random.Random(seed), random.Random(seed)
    random_walk(a, ra)
    random_walk(b, rb)
    assert a.returns() == b.returns() and a.history() == b.history()
    if a.seed is not None:
        assert a.record() == b.record()


@pytest.mark.parametrize("how", ["clone", "copy", "deepcopy", "pickle"])
def test_copies_and_pickles_are_the_same_game(how):
    make = {"clone": lambda s: s.clone(), "copy": copy.copy, "deepcopy": copy.deepcopy,
            "pickle": lambda s: pickle.loads(pickle.dumps(s))}[how]
    for game in (mists.Game(4, 2), mists.Game(5, 3, ghosts=20, finish_ghosts="other_areas"),
                 mists.Game(3, 2, levers="coop_chips=on")):
        for original in states_along(game, 11, 2, {0, 1, 7, 30}):
            twin = make(original)
            same_state(original, twin)
            if how == "pickle":
                assert repr(twin.game) == repr(game)
            if not original.is_terminal():
                same_future(original, twin, 3)
    free = mists.Game(2, 2).new_initial_state()
    random_walk(free, random.Random(1), steps=25)
    twin = make(free)
    same_state(free, twin)
    same_future(free, twin, 8)


def test_a_copy_is_independent():
    state = mists.Game(3, 2).new_initial_state(seed=1, game=0)
    state.apply_action(state.dealt_outcome())
    twin = copy.deepcopy(state)
    state.apply_action(state.legal_actions()[0])
    assert twin.move_number() == 1 and state.move_number() == 2
    child = twin.child(twin.legal_actions()[-1])
    assert child.history() == twin.history() + [twin.legal_actions()[-1]]


def test_a_game_pickles():
    game = mists.Game(4, 3, goal=90, hound1=20, levers="coop_abbeys=team:2")
    twin = pickle.loads(pickle.dumps(game))
    assert repr(twin) == repr(game) and twin.num_distinct_actions() == game.num_distinct_actions()
    assert twin.kwargs() == {"level": 4, "players": 3, "goal": 90, "hound1": 20, "levers": "coop_abbeys=team:2"}


def test_a_state_from_a_record_is_the_game_it_records():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        run = cli("play", "--level", "5", "--players", "2", "--agent", "expert", "--seed", "7", "--deal", "3", "--out", path)
        assert run.returncode == 0, run.stderr
        text = open(path).read()
        state = mists.State.from_record(path)
        assert state.is_terminal() and state.record() == text
        assert state.game.level == 5 and state.game.num_players() == 2 and (state.seed, state.game_index) == (7, 3)
        played = mists.Game(5, 2).new_initial_state(seed=7, game=3)
        expert = mists.agent("expert", played.game, seed=7, game_index=3)
        while not played.is_terminal():
            played.apply_action(played.dealt_outcome() if played.is_chance_node() else expert(played))
        assert played.history() == state.history() and played.returns() == state.returns()
        # The first k steps: the same position as the game after its k-th record step.
        steps = state.record_steps()
        for k in (0, 1, 2, 10, len(steps) // 2):
            part = mists.State.from_record(path, steps=k)
            assert part.record_steps() == steps[:k] and not part.is_terminal()
            twin = pickle.loads(pickle.dumps(part))
            same_state(part, twin)
        with pytest.raises(ValueError, match="steps = 100000"):
            mists.State.from_record(path, steps=100000)
        lines = text.splitlines()
        bad = [ln for ln in lines if ln.startswith("place ")][3]
        with open(path, "w") as f:
            f.write(text.replace(bad, "place 40 40 0", 1))
        with pytest.raises(ValueError, match=r"game\.txt:\d+: step \d+"):
            mists.State.from_record(path)
        with pytest.raises(FileNotFoundError):
            mists.State.from_record(os.path.join(tmp, "none.txt"))


def read_games_csv(folder):
    with open(os.path.join(folder, "games.csv")) as f:
        return list(csv.DictReader(f))


ROW_KEYS = ("outcome", "cause", "score", "turns", "decisions", "ghosts_on_board", "ghost_supply", "hounds", "face_down",
            "discarded")


def agree(mine, theirs):
    return [all(str(m[k]) == t[k] for k in ROW_KEYS) for m, t in zip(mine, theirs)]


def test_play_cell_reproduces_a_study_cell_game_for_game():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "study")
        run = cli("analyze", "--levels", "3", "--players", "2", "--agents", "expert", "--games", "16", "--seed", "7",
                  "--threads", "2", "--quiet", "--out", out)
        assert run.returncode == 0, run.stderr
        study = read_games_csv(out)
    game = mists.Game(3, 2)
    assert [int(r["game"]) for r in study] == list(range(16))
    assert all(agree(mists.play_cell(game, mists.agent("expert"), seed=7, games=16), study))
    assert all(agree(mists.play_cell(game, "expert", seed=7, games=16), study))
    assert all(agree(mists.play_cell(game, mists.agent("expert", game, seed=1), seed=7, games=16), study))
    # The control: one agent across the games, not made afresh for each, drifts from the study.
    shared = mists.agent("expert", game, seed=7, game_index=0)
    assert not all(agree(mists.play_cell(game, lambda s: shared(s), seed=7, games=16), study))


def test_play_cell_with_search_defaults_and_levers_matches_the_study():
    with tempfile.TemporaryDirectory() as tmp:
        rows = mists.study(os.path.join(tmp, "s"), levels=[2], players=[1], agents=["mcts"], games=3, seed=5,
                           playouts=40, levers="coop_chips=on", threads=2)
    game = mists.Game(2, 1, levers="coop_chips=on")
    mine = mists.play_cell(game, mists.agent("mcts", playouts=40), seed=5, games=3)
    assert [r["levers"] for r in rows] == ["coop_chips=on"] * 3
    assert all(agree(mine, [{k: str(r[k]) for k in ROW_KEYS} for r in rows]))


def study_json(folder):
    import json
    with open(os.path.join(folder, "study.json")) as f:
        return json.load(f)["config"]


def test_every_study_option_reaches_the_study():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "s")
        rows = mists.study(out, levels=[3], players=[2], agents=["random"], ghosts=[14, 16], games=2, seed=9,
                           levers=["none", "coop_abbeys=per_colour"], goal=70, hound1=15, hound2=35, piles=3,
                           joint_scoring="all_colours", unplaceable="lose", haunted_adjacency="four",
                           finish_ghosts="other_areas", playouts=50, c=0.3, rollout="random", chunk=1, threads=2,
                           title="from pytest", trace=True, records=True)
        cfg = study_json(out)
        assert len(rows) == 2 * 2 * 2
        assert {r["ghosts"] for r in rows} == {14, 16} and {r["players"] for r in rows} == {2}
        assert {r["levers"] for r in rows} == {"none", "coop_abbeys=per_colour"}
        assert cfg["overrides"] == {"goal": 70, "hound1": 15, "hound2": 35, "piles": 3}
        assert cfg["switches"] == {"joint_scoring": "all_colours", "unplaceable": "lose", "haunted_adjacency": "four",
                                   "finish_ghosts": "other_areas"}
        assert cfg["mcts"]["playouts"] == 50 and cfg["mcts"]["c"] == 0.3 and cfg["mcts"]["rollout"] == "random"
        assert cfg["title"] == "from pytest" and cfg["chunk"] == 1 and cfg["trace"] and cfg["records"]
        assert os.path.exists(os.path.join(out, "traces.csv"))
        # Relative ghost budgets, and the shard and resume of a study.
        out2 = os.path.join(tmp, "d")
        part = mists.study(out2, levels=[1], players=[2], ghost_deltas=[-1, 1], games=4, chunk=2, shard="1/2", threads=1)
        assert {r["ghosts"] for r in part} == {14, 16} and len(part) == 4
        again = mists.study(out2, resume=True, threads=1)
        assert again == part


def test_a_study_file_and_the_default_cells():
    with tempfile.TemporaryDirectory() as tmp:
        toml = os.path.join(tmp, "s.toml")
        with open(toml, "w") as f:
            f.write('title = "toml"\nseed = 3\n[[cells]]\nlevels = [1]\nplayers = [1]\nagents = ["random"]\ngames = 3\n')
        rows = mists.study(os.path.join(tmp, "t"), config=toml, threads=1)
        assert len(rows) == 3 and study_json(os.path.join(tmp, "t"))["title"] == "toml"
        with pytest.raises(ValueError, match="^config: the study file gives the cells; drop levels"):
            mists.study(os.path.join(tmp, "u"), config=toml, levels=[2])
        # What the file decides (its defaults included) is refused beside it, as mists analyze --config refuses it.
        for extra in (dict(games=5), dict(seed=4), dict(chunk=7), dict(goal=60), dict(playouts=10)):
            with pytest.raises(ValueError, match="^config: the study file decides " + next(iter(extra))):
                mists.study(os.path.join(tmp, "v"), config=toml, **extra)
        assert not os.path.exists(os.path.join(tmp, "v", "study.json"))


def test_errors_speak_python():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "s")
        os.makedirs(out)
        open(os.path.join(out, "study.json"), "w").close()  # a folder that holds a study
        cases = [
            (lambda: mists.study(out, levels=[1], players=[1], agents=["random"], games=1), "resume=True or choose another out"),
            (lambda: mists.study(os.path.join(tmp, "none"), resume=True), "resume=True: no study.json in"),
            (lambda: mists.study(out, resume=True, games=5), "drop games"),
            (lambda: mists.study(out + "2", levels=[1], ghosts=[12], ghost_deltas=[1]), "ghost_deltas and ghosts exclude each other"),
            (lambda: mists.study(out + "2", levels=[7]), "levels: level 7 is not 1-6"),
            (lambda: mists.study(out + "2", levels=[1], players=[6]), "players: 6 is not 1-5"),
            (lambda: mists.study(out + "2", levels=[1], ghost_deltas=[-20]), "ghost_deltas -20: ghost total"),
            (lambda: mists.study(out + "2", levels=[1], c=-1.0), "c = '-1'"),
            (lambda: mists.study(out + "2", levels=[1], rollout="sometimes"), "rollout = 'sometimes'"),
            (lambda: mists.study(out + "2", levels=[1], chunk=0), "chunk 0 is out of range"),
            (lambda: mists.study(out + "2", levels=[1], precision=0.1, shard="1/2"), "precision and shard cannot be combined"),
            (lambda: mists.study(out + "2", levels=[1], shard="3/2"), "shard: '3/2'"),
            (lambda: mists.study(out + "2", levels=[1], goal=0), "goal 0 is out of range"),
            (lambda: mists.study(out + "2", levels=[1], levers="coop_wizards=on"), "levers"),
            (lambda: mists.study(out + "2", levels=[1], agents=["mcts:playout=3"]), "unknown parameter"),
            (lambda: mists.study(out + "2", levels=[1], joint_scoring="most"), "joint_scoring"),
            (lambda: mists.Game(3, 2, levers="coop_chips=maybe"), "coop_chips"),
            (lambda: mists.agent("solver", mists.Game(1, 1)), "the solver is not a player"),
        ]
        for call, message in cases:
            with pytest.raises(ValueError) as err:
                call()
            text = str(err.value)
            assert message in text, (message, text)
            assert "--" not in text, text  # no command-line flag: nothing a Python user could pass
        with pytest.raises(FileNotFoundError, match="nowhere.toml"):
            mists.Game(3, 2, catalog="nowhere.toml")


def test_the_random_steps_example_runs():
    script = os.path.join(SOURCE, "python", "examples", "random_steps.py")
    run = subprocess.run(["/usr/bin/python3", script, "300"], capture_output=True, text=True, env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    assert "300 decisions" in run.stdout and "steps/s" in run.stdout


# ---- The competitive games ----------------------------------------------------------------------

@pytest.mark.parametrize("kind,players,expansions", [("base", 2, None), ("gcc", 3, None),
                                                     ("base", 2, "abbey_mayor,tollkeepers"), ("base", 3, "map_chips")])
def test_the_competitive_method_set_along_a_random_game(kind, players, expansions):
    game = mists.VsGame(kind, players, expansions=expansions, switches={"abbot": "on"} if expansions == "abbey_mayor,tollkeepers" else None)
    n = game.num_distinct_actions()
    state = game.new_initial_state(seed=2, deal=1)
    rng = random.Random(players)
    history, total = [], [0.0] * players
    while not state.is_terminal():
        assert [state.is_chance_node(), state.is_player_node()].count(True) == 1
        legal, mask = state.legal_actions(), state.legal_actions_mask()
        assert legal == sorted(legal) and list(np.flatnonzero(mask)) == legal
        if state.is_chance_node():
            assert state.current_player() == mists.CHANCE_PLAYER and len(mask) == game.max_chance_outcomes()
            action = state.dealt_outcome()
        else:
            assert len(mask) == n and state.current_player() in range(players)
            if state.move_number() % 7 == 0:
                obs = state.observation_tensor()
                assert list(obs.shape) == game.observation_tensor_shape() and obs.dtype == np.float32
                glob = dict(zip(game.observation_globals, state.observation_dict()["globals"]))
                assert glob["observer/%d" % state.current_player()] == 1 and glob["to_move/0"] == 1
                assert glob["score/0"] == state.scores()[state.current_player()]
                assert list(state.information_state_tensor().shape) == game.information_state_tensor_shape()
            action = rng.choice(legal)
            assert state.string_to_action(state.action_to_string(action)) == action
        state.apply_action(action)
        history.append(action)
        total = [t + r for t, r in zip(total, state.rewards())]
    assert state.history() == history and state.move_number() == len(history)
    assert state.returns() == total and abs(sum(total) - 1.0) < 1e-9
    best = max(state.scores())
    assert all((s == best) == (r > 0) for s, r in zip(state.scores(), state.returns()))
    # The board as the game pages draw it: the game named in its title, a seat's score in its legend.
    picture = state.svg()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert ("Ghosts, Castles &amp; Cemeteries" if kind == "gcc" else "Carcassonne (base game)") + f", {players} players" in picture


# The methods python/state.h binds once for both games (bind_openspiel_state).
OPENSPIEL_STATE = ["current_player", "is_terminal", "is_chance_node", "is_player_node", "is_simultaneous_node",
                   "move_number", "num_players", "get_game", "legal_actions", "legal_actions_mask", "apply_action",
                   "child", "history", "history_str", "record_steps", "action_to_string", "action_bits",
                   "bits_to_action", "legal_action_bits", "clone"]


def test_both_games_states_have_the_one_method_set_and_it_means_the_same():
    for state in (mists.Game(3, 2).new_initial_state(seed=1, game=2), mists.VsGame("gcc", 3).new_initial_state(seed=1, deal=2)):
        assert all(hasattr(state, name) for name in OPENSPIEL_STATE), type(state).__name__
        assert state.get_game() is state.game
        rng = random.Random(5)
        while not state.is_terminal() and state.move_number() < 40:
            if state.is_chance_node():
                assert state.legal_action_bits() == []
                state.apply_action(state.dealt_outcome())
                continue
            legal = state.legal_actions()
            bits = state.legal_action_bits()
            assert [state.action_bits(a) for a in legal] == bits
            assert [state.bits_to_action(b) for b in bits] == legal
            assert state.legal_actions(state.current_player() + 1) == []  # another player's
            a = rng.choice(legal)
            child = state.child(a)
            assert child.history() == state.history() + [a] and state.move_number() + 1 == child.move_number()
            assert child.history_str() == ", ".join(map(str, child.history()))
            state.apply_action(a)
        assert len(state.record_steps()) >= 1
        with pytest.raises(ValueError, match="action bits 4294967295 are not legal here"):
            state.bits_to_action(0xFFFFFFFF)


def test_a_competitive_game_through_the_bindings_has_the_record_of_mists_play():
    game = mists.VsGame("gcc", 2)
    state = game.new_initial_state(seed=5, deal=2)
    seats = [mists.VsAgent(game, "expert", seed=5, deal=2, seat=0), mists.VsAgent(game, "greedy", seed=5, deal=2, seat=1)]
    while not state.is_terminal():
        state.apply_action(state.dealt_outcome() if state.is_chance_node() else seats[state.current_player()](state))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        run = cli("play", "--game", "gcc", "--players", "2", "--agents", "expert,greedy", "--seed", "5", "--deal", "2", "--out", path)
        assert run.returncode == 0, run.stderr
        assert state.record(["expert", "greedy"]) == open(path).read()
        # Stopped part-way, the record is an unfinished one: it says so, replays, and gives back the state.
        part = game.new_initial_state(seed=5, deal=2)
        for _ in range(40):
            part.apply_action(part.dealt_outcome() if part.is_chance_node() else seats[part.current_player()](part))
        text = part.record(["expert", "greedy"])
        assert text.splitlines()[-1] == "result unfinished " + " ".join(str(x) for x in part.scores())
        with open(path, "w") as f:
            f.write(text)
        run = cli("replay", path)
        assert run.returncode == 0 and "the game is unfinished" in run.stdout, run.stderr
        back = mists.VsState.from_record(path)
        assert str(back) == str(part) and back.scores() == part.scores() and back.legal_actions() == part.legal_actions()


def test_competitive_tensors_hide_the_pile_and_states_copy():
    game = mists.VsGame("gcc", 2)
    dealt, free = game.new_initial_state(seed=3, deal=0), game.new_initial_state()
    rng = random.Random(3)
    for _ in range(60):
        action = dealt.dealt_outcome() if dealt.is_chance_node() else rng.choice(dealt.legal_actions())
        dealt.apply_action(action)
        free.apply_action(action)
    assert np.array_equal(dealt.observation_tensor(), free.observation_tensor())
    assert dealt.observation_string() == free.observation_string()
    for make in (lambda s: s.clone(), copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))):
        for original in (dealt, free):
            twin = make(original)
            assert str(twin) == str(original) and twin.legal_actions() == original.legal_actions()
            assert np.array_equal(twin.observation_tensor(), original.observation_tensor())
            finals = []
            for s in (original.clone(), twin):  # the same future from the same actions
                r = random.Random(1)
                while not s.is_terminal():
                    s.apply_action(s.dealt_outcome() if s.is_chance_node() and s.seed is not None else r.choice(s.legal_actions()))
                finals.append((s.scores(), s.history()))
            assert finals[0] == finals[1]
    assert repr(pickle.loads(pickle.dumps(game))) == repr(game)


def test_a_tournament_from_python():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "t")
        rows = mists.study(out, game="base", players=2, agents=["greedy", "random"], games=4, chunk=2, seed=3, threads=2)
        assert len(rows) == 4 and [r["seating"] for r in rows] == [0, 1, 0, 1]
        assert all(abs(sum(r["share"]) - 1) < 1e-9 for r in rows)
        assert os.path.exists(os.path.join(out, "report.md"))
        assert mists.study(out, game="base", resume=True) == rows
        with pytest.raises(ValueError, match="resume=True or choose another out") as err:
            mists.study(out, game="base", players=2, agents=["greedy", "random"], games=4, chunk=2)
        assert "--" not in str(err.value)
        # records=True writes the record of every game played, as mists versus --records does.
        played = mists.study(out + "r", game="base", players=2, agents=["greedy", "random"], games=4, chunk=2, seed=3,
                             records=True)
        assert played == rows
        assert sorted(os.listdir(os.path.join(out + "r", "records"))) == [f"pair0-g{g}.txt" for g in range(4)]
        with pytest.raises(ValueError, match="records = 2: True or False"):
            mists.study(out + "n", game="base", players=2, agents=["greedy", "random"], games=4, records=2)
        with pytest.raises(ValueError, match="must be even"):
            mists.study(out + "2", game="gcc", agents=["greedy", "random"], games=3)
        with pytest.raises(ValueError, match="levels: not an option of the competitive games"):
            mists.study(out + "2", game="gcc", agents=["greedy", "random"], levels=[1])
        with pytest.raises(ValueError, match="expansions: options of the competitive games"):
            mists.study(out + "2", levels=[1], expansions="tollkeepers")


def test_a_competitive_state_from_a_record_is_the_game_it_records():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        run = cli("play", "--game", "gcc", "--players", "2", "--agents", "expert,greedy", "--seed", "5", "--deal", "2", "--out", path)
        assert run.returncode == 0, run.stderr
        text = open(path).read()
        state = mists.VsState.from_record(path)
        assert state.is_terminal() and state.record(["expert", "greedy"]) == text
        assert state.get_game().kind == "gcc" and state.num_players() == 2
        game = mists.VsGame("gcc", 2)
        played = game.new_initial_state(seed=5, deal=2)
        seats = [mists.VsAgent(game, "expert", seed=5, deal=2, seat=0), mists.VsAgent(game, "greedy", seed=5, deal=2, seat=1)]
        while not played.is_terminal():
            played.apply_action(played.dealt_outcome() if played.is_chance_node() else seats[played.current_player()](played))
        assert played.history() == state.history() and played.returns() == state.returns()
        steps = state.record_steps()
        for k in (0, 1, 5, len(steps) // 2):
            part = mists.VsState.from_record(path, steps=k)
            assert part.record_steps() == steps[:k] and not part.is_terminal()
            assert part.history() == played.history()[:k]
            twin = pickle.loads(pickle.dumps(part))
            assert str(twin) == str(part) and twin.legal_actions() == part.legal_actions()
        with pytest.raises(ValueError, match="steps = 100000"):
            mists.VsState.from_record(path, steps=100000)
        lines = text.splitlines()
        bad = [ln for ln in lines if ln.startswith("place ")][3]
        with open(path, "w") as f:
            f.write(text.replace(bad, "place 40 40 0", 1))
        with pytest.raises(ValueError, match=r"game\.txt:\d+: steps"):
            mists.VsState.from_record(path)
        coop = os.path.join(tmp, "coop.txt")
        assert cli("play", "--level", "1", "--players", "1", "--seed", "1", "--out", coop).returncode == 0
        with pytest.raises(ValueError, match="not a competitive record"):
            mists.VsState.from_record(coop)


def test_play_pair_reproduces_a_tournament_game_for_game():
    with tempfile.TemporaryDirectory() as tmp:
        rows = mists.study(os.path.join(tmp, "t"), game="base", players=2, agents=["expert", "greedy", "random"], games=4, chunk=2,
                           seed=3, threads=2)
        game = mists.VsGame("base", 2)
        for pair, agents in enumerate([["expert", "greedy"], ["expert", "random"], ["greedy", "random"]]):
            theirs = [r for r in rows if r["pair"] == pair]
            mine = mists.play_pair(game, agents, seed=3, games=4, pair=pair)
            assert mine == theirs, pair
        assert mists.play_pair(game, ["expert", "greedy"], seed=3, games=1, first=3) == [r for r in rows if r["pair"] == 0][3:]
        with pytest.raises(ValueError, match="two agent texts"):
            mists.play_pair(game, ["expert"], seed=3)
        with pytest.raises(ValueError, match="seating = 2"):
            mists.VsAgent(game, "expert", seating=2)


def test_play_cell_gives_the_deal_to_every_agent_that_reads_it():
    # The clairvoyant and planner:deals=true play with the true deal, as in a study cell.
    game = mists.Game(2, 1)
    for text in ("clairvoyant:playouts=20", "planner:deals=true,samples=1,horizon=0"):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "study")
            run = cli("analyze", "--levels", "2", "--players", "1", "--agents", text, "--games", "2", "--seed", "5",
                      "--threads", "1", "--quiet", "--out", out)
            assert run.returncode == 0, run.stderr
            study = read_games_csv(out)
        assert all(agree(mists.play_cell(game, text, seed=5, games=2), study)), text
