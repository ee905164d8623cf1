"""The researcher's module in OpenSpiel's shape (issue 46): game strings, serialize and
deserialize_state, resample_from_infostate, the observation's shapes, a legal-only factored action
view, agent texts checked when the agent is made, a seeded state's chance outcomes a generic loop
can sample, agents that take the state's seed and game, the corrected messages, and the generic
loop example over the co-op and a competitive game (run by ctest: python_bindings)."""
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import mists

SOURCE = os.environ.get("MISTS_SOURCE_DIR", ".")


def walk(state, rng, steps):
    """Random decisions, chance as the state offers it, for `steps` actions or to the end."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def new_state(game, seed, index):
    if isinstance(game, mists.Game):
        return game.new_initial_state(seed=seed, game=index)
    return game.new_initial_state(seed=seed, deal=index)


GAMES = ["mists(level=4,players=2)", "mists(level=1,players=1,levers=coop_chips=on)", "mists_base(players=3)",
         "mists_gcc(players=2,expansions=abbey_mayor)"]


@pytest.mark.parametrize("text", GAMES)
def test_game_strings_read_back(text):
    game = mists.load_game(text)
    assert str(game) == text and game.game_string() == text
    again = mists.load_game(str(game))
    assert again.kwargs() == game.kwargs()


def test_game_string_parameters_and_errors():
    assert mists.load_game("mists", level=5, players=3).kwargs() == mists.Game(5, 3).kwargs()
    assert mists.load_game("mists_gcc(players=2,expansions=abbey_mayor,switches=abbot:on)").kwargs()["switches"] == {"abbot": "on"}
    for text, message in [("chess(players=2)", "unknown game 'chess'"), ("mists(level=4,colour=red)", "colour: not a parameter of mists"),
                          ("mists(level=x)", "level=x: a whole number"), ("mists(level=4,level=5)", "'level' is given twice"),
                          ("mists(level)", "'level' in 'mists(level)' is not key=value"), ("mists_gcc(level=3)", "level: not a parameter of mists_gcc"),
                          ("mists(level=9)", "the levels are 1 to 6")]:
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            mists.load_game(text)


@pytest.mark.parametrize("text", GAMES)
def test_serialize_and_deserialize_state(text):
    game = mists.load_game(text)
    state = walk(new_state(game, 3, 1), random.Random(5), 40)
    line = state.serialize()
    assert isinstance(line, str)
    back = game.deserialize_state(line)
    assert back.history() == state.history() and str(back) == str(state)
    assert back.legal_actions() == state.legal_actions()
    assert back.serialize() == line
    other = mists.load_game("mists(level=2,players=2)")
    with pytest.raises(ValueError, match="the state belongs to"):
        other.deserialize_state(line)
    with pytest.raises(ValueError, match="not a serialized state"):
        game.deserialize_state("{not json")


@pytest.mark.parametrize("text", ["mists(level=4,players=2)", "mists(level=1,players=1,levers=coop_chips=on)", "mists_gcc(players=3)"])
def test_resample_from_infostate_keeps_what_was_seen_and_draws_the_rest_afresh(text):
    game = mists.load_game(text)
    state = walk(new_state(game, 2, 0), random.Random(1), 8)
    assert not state.is_terminal()
    while not state.is_chance_node() and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    rng = random.Random(9)
    nexts = set()
    for _ in range(12):
        r = state.resample_from_infostate(0, rng.random)
        assert r.history() == state.history()
        assert str(r) == str(r.game.deserialize_state(r.serialize()))  # its deal replays the history
        assert np.array_equal(r.observation_tensor(0), state.observation_tensor(0))
        assert sorted(r.possible_outcomes()) == sorted(state.possible_outcomes())
        nexts.add(r.chance_outcomes()[0][0])
        walk(r, rng, 10_000)  # a resampled state plays to its end
        assert r.is_terminal()
    assert len(nexts) > 1  # the next draw is not the deal's every time
    # Seeded the same: the same resample.
    a = state.resample_from_infostate(1 % state.num_players(), lambda: 0.25)
    b = state.resample_from_infostate(1 % state.num_players(), lambda: 0.25)
    assert a.serialize() == b.serialize()
    with pytest.raises(ValueError, match="player_id = 7"):
        state.resample_from_infostate(7)
    with pytest.raises(ValueError, match=r"probability_sampler\(\) returned"):
        state.resample_from_infostate(0, lambda: 1.5)
    free = game.new_initial_state()
    assert free.resample_from_infostate(0).history() == []


@pytest.mark.parametrize("text", GAMES)
def test_a_generic_loop_samples_a_seeded_states_chance_outcomes(text):
    game = mists.load_game(text)
    dealt = new_state(game, 4, 2)
    sampled = walk(new_state(game, 4, 2), random.Random(3), 0)
    rng_a, rng_b = random.Random(8), random.Random(8)
    while not dealt.is_terminal():
        if dealt.is_chance_node():
            assert dealt.chance_outcomes() == [(dealt.dealt_outcome(), 1.0)]
            assert dealt.legal_actions() == [dealt.dealt_outcome()]
            assert len(dealt.possible_outcomes()) >= 1
            dealt.apply_action(dealt.dealt_outcome())
            outcomes, probs = zip(*sampled.chance_outcomes())
            sampled.apply_action(rng_a.choices(outcomes, probs)[0])
        else:
            a = rng_b.choice(dealt.legal_actions())
            dealt.apply_action(a)
            sampled.apply_action(a)
    assert sampled.is_terminal() and sampled.history() == dealt.history()


@pytest.mark.parametrize("text", GAMES)
def test_observation_shapes_and_the_legal_action_table(text):
    game = mists.load_game(text)
    shapes = game.observation_tensor_shapes()
    assert int(np.prod(shapes["board"])) + shapes["globals"][0] == game.observation_tensor_size()
    state = walk(new_state(game, 1, 0), random.Random(2), 7)
    while not state.is_player_node():
        state.apply_action(state.chance_outcomes()[0][0])
    views = state.observation_dict()
    assert list(views["board"].shape) == shapes["board"] and list(views["globals"].shape) == shapes["globals"]
    table = state.legal_action_table()
    assert [row["action"] for row in table] == state.legal_actions()
    blocks = {b["name"]: b for b in game.action_blocks()}
    for row in table:
        assert blocks[row["block"]]["offset"] + row["index"] == row["action"]
        assert row["text"] == state.action_to_string(row["action"])
    assert len(table) < game.num_distinct_actions() / 100  # the legal few, not the whole index


def test_agent_texts_are_checked_when_the_agent_is_made():
    for text, message in [("nonsense", "agent 'nonsense' is unknown"), ("mcts:playout=3", "unknown parameter 'playout'"),
                          ("solver", "the solver is not a player")]:
        with pytest.raises(ValueError, match=message):
            mists.agent(text)
    with pytest.raises(ValueError, match="not an agent text"):
        mists.agent(3)
    assert repr(mists.agent("expert")) == "mists.agent('expert')"
    assert repr(mists.agent("td", seed=2, game_index=5)) == "mists.agent('td', seed=2, game_index=5)"
    made = mists.Agent(mists.Game(1, 2), "greedy", 3, 4)
    assert repr(made) == "mists.Agent(mists.Game(level=1, players=2), 'greedy', seed=3, game_index=4)"
    assert repr(mists.VsAgent(mists.VsGame("gcc", 2), "greedy")) == "mists.VsAgent('greedy')"


def test_an_agent_takes_the_states_own_seed_and_game():
    game = mists.Game(3, 2)
    choose = mists.agent("expert")
    for seed, index in [(7, 12), (2, 3)]:
        state = game.new_initial_state(seed=seed, game=index)
        while not state.is_terminal():
            state.apply_action(state.dealt_outcome() if state.is_chance_node() else choose(state))
        played = mists.play(game, "expert", seed=seed, game_index=index)
        assert state.summary()["score"] == played["score"] and state.summary()["outcome"] == played["outcome"]
        assert "\n".join(state.record_steps()) in played["record"]


def test_a_study_of_an_unknown_game_names_the_game(tmp_path):
    with pytest.raises(ValueError, match="game = 'chess': 'coop'"):
        mists.study(str(tmp_path / "s"), levels=[1], game="chess")


@pytest.mark.parametrize("text,agents", [("mists(level=1,players=2)", "random"), ("mists(level=1,players=1)", "mcts"),
                                         ("mists_gcc(players=2)", "mcts,random"), ("mists_base(players=3)", "random")])
def test_the_generic_loop_example_runs(text, agents):
    example = os.path.join(SOURCE, "python", "examples", "generic_loop.py")
    r = subprocess.run([sys.executable, example, text, "--agents", agents, "--iterations", "4", "--rollout", "20"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(text + " game 0: returns [")


def test_an_unfinished_game_is_a_record_that_loads_back(tmp_path):
    game = mists.Game(3, 2)
    state = walk(game.new_initial_state(seed=7, game=2), random.Random(4), 25)
    assert not state.is_terminal()
    path = tmp_path / "unfinished.txt"
    path.write_text(state.record(agent="a table of two"))
    assert path.read_text().splitlines()[-1].startswith("result unfinished none score ")
    back = mists.State.from_record(str(path))
    assert str(back) == str(state) and back.legal_actions() == state.legal_actions()
    binary = os.environ.get("MISTS_BINARY", "build/mists")
    r = subprocess.run([binary, "replay", str(path)], cwd=SOURCE, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
