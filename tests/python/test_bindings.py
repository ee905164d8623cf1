"""The Python module against the C++ program: the same seeds give the same records, a Python agent
plays a whole study cell, and bad input raises Python exceptions (run by ctest: python_bindings)."""
import os
import subprocess
import tempfile

import pytest

import mists

BINARY = os.environ.get("MISTS_BINARY", "build/mists")
SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")


def cli(*args):
    return subprocess.run([BINARY, *args], cwd=SOURCE, capture_output=True, text=True)


def play_through_bindings(game, text, seed, index):
    state = game.new_initial_state(seed=seed, game=index)
    agent = mists.agent(text, game, seed=seed, game_index=index)
    while not state.is_terminal():
        state.apply_action(state.dealt_outcome() if state.is_chance_node() else agent(state))
    return state


@pytest.mark.parametrize("level,players,text", [(1, 1, "random"), (3, 2, "random"), (5, 4, "expert"), (6, 2, "greedy"),
                                                 (4, 1, "planner:samples=2,width=2"), (2, 1, mists.BEST_FAIR_AGENT)])
def test_a_game_through_the_bindings_has_the_record_of_mists_play(level, players, text):
    game = mists.Game(level, players)
    state = play_through_bindings(game, text, 7, 3)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        run = cli("play", "--level", str(level), "--players", str(players), "--agent", text, "--seed", "7", "--deal", "3",
                  "--out", path)
        assert run.returncode == 0, run.stderr
        with open(path) as f:
            assert state.record(agent=text) == f.read()
    assert mists.play(game, text, seed=7, game_index=3)["record"] == state.record(agent=text)


def test_a_python_agent_plays_a_whole_cell_the_same_as_the_study():
    game = mists.Game(3, 1)
    rows = []
    for g in range(8):
        expert = mists.agent("expert", game, seed=11, game_index=g)  # seeded per game, as a study seeds it

        def python_agent(state, expert=expert):  # a Python callable deciding through the C++ expert
            return expert(state)

        rows += mists.play_cell(game, python_agent, seed=11, games=1, first=g)
    with tempfile.TemporaryDirectory() as tmp:
        study = mists.study(os.path.join(tmp, "s"), levels=[3], players=[1], agents=["expert"], games=8, seed=11, threads=1)
    assert [r["game"] for r in rows] == list(range(8))
    for mine, theirs in zip(rows, study):
        for key in ("outcome", "cause", "score", "turns", "decisions", "ghost_supply", "hounds"):
            assert mine[key] == theirs[key], (key, mine, theirs)


def test_a_hand_written_python_agent_plays_a_cell():
    game = mists.Game(2, 2)

    def first_option(state):
        return state.legal_actions()[0]

    rows = mists.play_cell(game, first_option, seed=3, games=5)
    assert len(rows) == 5 and all(r["outcome"] in ("won", "lost") for r in rows)


def test_openspiel_names_and_chance():
    game = mists.Game(4, 3)
    state = game.new_initial_state()  # free: the caller draws
    assert state.is_chance_node() and state.current_player() == mists.CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert sorted(t for t, _ in outcomes) == sorted(state.legal_actions())
    state.apply_action(outcomes[-1][0])
    assert not state.is_chance_node() and state.current_player() in range(3)
    copy = state.clone()
    action = state.legal_actions()[0]
    text = state.action_to_string(action)
    assert state.string_to_action(text) == action
    state.apply_action(action)
    assert copy.legal_actions()[0] == action  # the clone did not move
    assert state.returns() == [0.0, 0.0, 0.0]


def test_bad_input_raises_python_exceptions():
    game = mists.Game(3, 2)
    state = game.new_initial_state(seed=1, game=0)
    dealt = state.dealt_outcome()
    assert state.chance_outcomes() == [(dealt, 1.0)]  # a dealt state offers its deal alone
    other = next(t for t, _ in state.possible_outcomes() if t != dealt)
    with pytest.raises(ValueError, match="the deal gives"):
        state.apply_action(other)
    state.apply_action(dealt)
    with pytest.raises(ValueError, match="action 123456789 is not legal here"):
        state.apply_action(123456789)
    with pytest.raises(ValueError, match="not a legal action"):
        state.string_to_action("place 99 99 0")
    assert state.record().splitlines()[-1].startswith("result unfinished none")  # an unfinished game is a record too
    with pytest.raises(ValueError, match="a free state has no deal"):
        game.new_initial_state().record()
    with pytest.raises(ValueError, match="levels are 1 to 6"):
        mists.Game(7, 2)
    with pytest.raises(ValueError, match="finish_ghosts"):
        mists.Game(3, 2, finish_ghosts="sometimes")
    with pytest.raises(ValueError, match="unknown"):
        mists.agent("wizard", game)
    with pytest.raises(ValueError, match="unknown parameter"):
        mists.agent("mcts:playout=5", game)


def test_switches_and_overrides_reach_the_rules():
    game = mists.Game(3, 2, ghosts=12, goal=80, finish_ghosts="other_areas")
    assert game.ghosts == 12 and game.goal == 80
    assert "finish_ghosts='other_areas'" in repr(game)


def test_study_rows_and_frame():
    pandas = pytest.importorskip("pandas")
    with tempfile.TemporaryDirectory() as tmp:
        rows = mists.study(os.path.join(tmp, "s"), levels=[1, 2], players=[2], agents=["greedy", "solver:nodes=20000"],
                           games=4, seed=5, threads=2)
    assert len(rows) == 16
    solver = [r for r in rows if r["agent"].startswith("solver")]
    assert len(solver) == 8 and all(r["verdict"] in ("won", "lost", "open") for r in solver)
    frame = mists.frame(rows)
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 16
    assert set(frame["level"]) == {1, 2}


def test_views_and_heuristic():
    game = mists.Game(5, 2)
    state = game.new_initial_state(seed=2, game=1)
    state.apply_action(state.dealt_outcome())
    assert state.drawn_tile in game.tile_ids
    values = set()
    for action in state.legal_actions()[:10]:
        child = state.clone()
        child.apply_action(action)
        values.add(round(child.evaluate(), 9))
    assert len(values) > 1  # placements differ in value
    assert state.svg().startswith("<svg") and "turn" in str(state)
    assert state.legend.startswith("legend: ") and "C city" in state.legend and "cemetery" in state.legend
