"""gamecore games in PettingZoo and OpenSpiel, and agents from both seated in matches."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from pettingzoo.test import api_test

from gamecore.errors import BadMove, BadOption, PluginError
from gamecore.interop import MissingExtra, openspiel_game, pettingzoo_env
from gamecore.interop.actions import ActionMenu
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.registry import get_game
from gamecore.search import Limits

GAMES = [
    ("chess", {}),
    ("checkers", {}),
    ("duchess", {"players": 2}),
    ("duchess", {"players": 4}),
    ("duchess", {}),
    ("connect4", {}),
    ("othello", {}),
    ("hex", {}),
    ("breakthrough", {}),
    ("kalah", {}),
]
DOUBLE_JUMP = "W:W20,25,26,27,28,29,30,31,32:B1,3,4,5,7,8,9,12,14,21,22"
"""White to move may jump 25x18, or 26x17x10 in two hops."""
OTHELLO_PASS = "...b..../wbbb.b.b/wwbb.bbb/wwwbbbb./wbbwbbww/..bbwwww/..bbwwww/.wwwwwww b"
"""Black has no disc to place: its only move is the pass."""


def gamecore(*args: str) -> subprocess.CompletedProcess:
    """``gamecore ARGS`` in a new process (no window: SDL's dummy driver)."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    command = [sys.executable, "-m", "gamecore", *args]
    return subprocess.run(command, capture_output=True, text=True, env=environment)


def random_game(env, rng: np.random.Generator) -> list[str]:
    """Play ``env`` to its end with random legal actions; the agents in the order they acted."""
    env.reset()
    acted = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        allowed = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(allowed)))
        acted.append(agent)
    return acted


# -- actions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_legal_move_is_spelled_by_actions_that_lead_back_to_it(name, options):
    game = get_game(name, **options)
    rng = np.random.default_rng(7)
    state = game.initial_state()
    for _ in range(120):
        if state.is_terminal():
            break
        menu = ActionMenu(state)
        assert len(menu) == len(state.legal_moves())
        for move in state.legal_moves():
            path = menu.path_of(move)
            for depth, action in enumerate(path):
                assert action in menu.next_actions(path[:depth])
                assert 0 <= action < game.action_count()
            assert menu.move_of(path) == move
        moves = state.legal_moves()
        state.push_unchecked(moves[int(rng.integers(len(moves)))])


def test_a_plugin_that_spells_two_moves_alike_is_named():
    game = get_game("connect4")
    game.move_actions = lambda arrays, move: (0,)
    with pytest.raises(PluginError, match=r"connect4: moves .* are both spelled by actions"):
        ActionMenu(game.initial_state())


def test_a_plugin_action_out_of_range_is_named():
    game = get_game("connect4")
    game.move_actions = lambda arrays, move: (move + 100,)
    with pytest.raises(PluginError, match=r"outside 0\.\.6"):
        ActionMenu(game.initial_state())


# -- PettingZoo ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_pettingzoo_api_test_passes(name, options):
    api_test(pettingzoo_env(name, **options), num_cycles=200)


def test_agents_are_the_seats_and_six_player_duchess_has_six():
    env = pettingzoo_env("duchess")
    assert env.possible_agents == ["red_0", "blue_1", "yellow_2", "green_3", "magenta_4", "cyan_5"]
    assert pettingzoo_env("chess").possible_agents == ["white_0", "black_1"]


def test_a_finished_game_rewards_each_seat_by_its_team():
    env = pettingzoo_env("connect4")
    rng = np.random.default_rng(3)
    for _ in range(5):
        env.reset()
        final = {}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                final[agent] = reward
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        state = env.state_now
        assert final == dict(zip(env.possible_agents, state.returns(), strict=True))
        if state.winner_team() is not None:
            assert sorted(final.values()) == [-1.0, 1.0]


def test_the_environment_plays_the_same_game_as_the_kernel():
    env = pettingzoo_env("duchess", players=4, max_plies=60)
    acted = random_game(env, np.random.default_rng(5))
    state = env.state_now
    replay = get_game("duchess", players=4).initial_state()
    for move in state.history:
        replay.push(move)
    assert replay.to_text() == state.to_text()
    assert len(acted) >= len(state.history)  # one action per move, two for a promotion
    assert env.agents == []


def test_a_game_still_going_at_max_plies_is_truncated_without_reward():
    env = pettingzoo_env("duchess", max_plies=12)
    env.reset()
    rng = np.random.default_rng(1)
    while not any(env.truncations.values()):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert len(env.state_now.history) == 12
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {0.0}


def test_a_multi_jump_is_chosen_hop_by_hop_by_the_same_agent():
    env = pettingzoo_env("checkers")
    env.reset(options={"position": DOUBLE_JUMP})
    mover = env.agent_selection
    first = np.flatnonzero(env.observe(mover)["action_mask"])
    assert sorted(first.tolist()) == [24 * 32 + 17, 25 * 32 + 16]  # 25x18, and 26x17 begun
    env.step(25 * 32 + 16)
    assert env.agent_selection == mover
    assert env.state_now.history == []  # nothing is played halfway through a jump
    assert np.flatnonzero(env.observe(mover)["action_mask"]).tolist() == [16 * 32 + 9]
    env.step(16 * 32 + 9)
    state = env.state_now
    assert env.agent_selection != mover
    probe = get_game("checkers").state_from_text(DOUBLE_JUMP)
    assert state.history == [probe.parse_move("26x17x10")]


def test_a_promotion_asks_for_the_piece_in_a_second_action():
    env = pettingzoo_env("chess")
    env.reset(options={"position": "8/P7/8/8/8/8/8/k6K w - - 0 1"})
    a7a8 = 48 * 64 + 56
    env.step(a7a8)
    promotions = np.flatnonzero(env.observe("white_0")["action_mask"]).tolist()
    assert promotions == [4096, 4097, 4098, 4099]
    env.step(4096)  # the knight
    assert env.state_now.move_text(env.state_now.history[-1]) in ("a7a8n", "a8=N")


def test_a_seat_with_no_move_is_offered_only_its_pass():
    env = pettingzoo_env("othello")
    env.reset(options={"position": OTHELLO_PASS})
    assert np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist() == [0]


def test_an_illegal_action_ends_the_game_as_pettingzoo_classic_games_do():
    """PettingZoo's convention: the game ends, the offender gets -1, the others 0."""
    env = pettingzoo_env("chess")
    env.reset()
    env.step(0)  # masked out: white has no such move
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.rewards == {"white_0": -1.0, "black_1": 0.0}
    assert env._cumulative_rewards["white_0"] == -1.0
    raw = pettingzoo_env("chess").unwrapped  # the bare environment still says why
    raw.reset()
    with pytest.raises(BadMove, match="action 0 is not legal for white_0"):
        raw.step(0)


def test_the_chess_observation_holds_castling_en_passant_and_the_fifty_move_count():
    game = get_game("chess")
    state = game.state_from_text("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQk d6 7 20")
    white, black = game.observe(state.arrays, 0), game.observe(state.arrays, 1)
    assert white.shape == game.observation_shape() == (19, 64)
    rows = slice(12, 16)  # castling: own O-O, own O-O-O, the opponent's O-O, O-O-O
    assert white[rows].max(axis=1).tolist() == [1.0, 1.0, 1.0, 0.0]
    assert black[rows].max(axis=1).tolist() == [1.0, 0.0, 1.0, 1.0]
    assert white[16].nonzero()[0].tolist() == [43]  # d6, the en passant square
    assert white[17, 0] == pytest.approx(0.07)  # seven halfmoves of a hundred
    assert white[18].all() and not black[18].any()  # the side to move stays last


def test_observations_put_the_observers_own_pieces_first():
    env = pettingzoo_env("chess")
    env.reset()
    white = env.observe("white_0")["observation"]
    black = env.observe("black_1")["observation"]
    assert white[:6].sum() == 16 and white[6:12].sum() == 16
    np.testing.assert_array_equal(white[:6], black[6:12])
    assert white[-1].all() and not black[-1].any()  # who is to move


def test_bad_environment_options_are_named():
    with pytest.raises(BadOption, match="max_plies"):
        pettingzoo_env("chess", max_plies=0)
    with pytest.raises(BadOption, match="render_mode"):
        pettingzoo_env("chess", render_mode="rgb")


# -- OpenSpiel ---------------------------------------------------------------------------------


def mcts_bot(game, simulations: int, seed: int):
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)


@pytest.mark.parametrize(
    ("name", "options"), [("checkers", {"max_plies": 400}), ("duchess", {"max_plies": 60})]
)
def test_openspiel_mcts_plays_complete_games(name, options):
    game = openspiel_game(name, **options)
    bot = mcts_bot(game, 4, seed=1)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    returns = state.returns()
    assert len(returns) == game.num_players() and sum(returns) == 0
    core = state.core
    assert core.is_terminal() or len(core.history) == options["max_plies"]
    assert returns == core.returns()


def test_openspiel_loads_gamecore_games_by_name_with_their_options():
    import pyspiel

    import gamecore.interop.openspiel  # noqa: F401 - importing it registers every game

    game = pyspiel.load_game("python_gamecore_duchess(players=4,max_plies=30)")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == get_game("duchess").action_count()
    state = game.new_initial_state()
    expected = get_game("duchess", players=4).observe(state.core.arrays, 1)
    np.testing.assert_array_equal(np.asarray(state.observation_tensor(1)), expected.ravel())
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.core.history == [] and len(clone.core.history) == 1


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_openspiel_own_checks_pass(name, options):
    """OpenSpiel's own checks of a Python game, as its users run them: random games with
    every state serialized and restored, clone, child, pickle, history."""
    import pickle

    import pyspiel

    game = openspiel_game(name, max_plies=40, **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    for copy in (state.clone(), pickle.loads(pickle.dumps(state)),
                 game.deserialize_state(state.serialize())):  # fmt: skip
        assert copy.history() == state.history() and str(copy) == str(state)
        assert copy.move_number() == state.move_number() == 3
        assert copy.history_str() == state.history_str()
    child = state.child(state.legal_actions()[0])
    assert child.history()[:3] == state.history() and len(state.history()) == 3


# -- players from other libraries ---------------------------------------------------------------


def test_agents_from_both_libraries_play_a_match(tmp_path, monkeypatch):
    (tmp_path / "my_policies.py").write_text(
        "import numpy as np\n"
        "def first_legal(observation, agent):\n"
        "    return int(np.flatnonzero(observation['action_mask'])[0])\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    game = get_game("checkers")
    policy = PlayerSpec.parse(game, "pettingzoo:my_policies.first_legal")
    mcts = PlayerSpec.parse(game, "openspiel:mcts:simulations=8,seed=3")
    assert (policy.name, mcts.name) == ("pettingzoo-my_policies.first_legal", "openspiel-mcts")
    settings = MatchSettings(games=2, limits=Limits(depth=1), openings=1, max_plies=120)
    result, games = run_match(game, mcts, policy, settings)
    assert result.wins + result.draws + result.losses == 2
    assert all(g.plies > 4 for g in games)


def test_a_time_limited_mcts_fills_the_time_per_move():
    """It ran a simulation count worked out from its speed on earlier moves, and fell about
    7% short; it now searches until the move's deadline."""
    import time

    game = get_game("connect4")
    player = PlayerSpec.parse(game, "openspiel:mcts").make(game, Limits(time=0.1), seed=0)
    state = game.initial_state()
    for _ in range(4):
        started = time.perf_counter()
        player.choose(state)
        assert 0.1 <= time.perf_counter() - started < 0.4


def test_an_mcts_asked_to_stop_answers_at_once():
    """Whether it fills a time or runs a simulation count, a stop from another thread (the
    window's "Move now") ends the search with the most visited move so far."""
    import threading
    import time

    game = get_game("connect4")
    state = game.initial_state()
    for spec in ("openspiel:mcts", "openspiel:mcts:simulations=100000000"):
        player = PlayerSpec.parse(game, spec).make(game, Limits(time=3600.0), seed=0)
        chosen: list = []
        thinking = threading.Thread(target=lambda p=player, out=chosen: out.append(p.choose(state)))
        thinking.start()
        time.sleep(0.2)
        player.stop()
        thinking.join(10)
        assert not thinking.is_alive(), spec
        assert chosen[0].move in state.legal_moves()


def test_a_slow_first_search_does_not_shorten_the_moves_after_it(monkeypatch):
    """The first search pays one-off costs (a cold import took most of a second): when the
    time-filling MCTS ran a count worked out from its measured speed, that made the next
    move a fifth of its time. It now searches until each move's deadline."""
    import time

    from open_spiel.python.algorithms import mcts

    step = mcts.MCTSBot.step
    calls = []

    def slow_at_first(bot, state):
        if not calls:
            time.sleep(1.5)
        calls.append(1)
        return step(bot, state)

    monkeypatch.setattr(mcts.MCTSBot, "step", slow_at_first)
    game = get_game("connect4")
    player = PlayerSpec.parse(game, "openspiel:mcts").make(game, Limits(time=0.2), seed=0)
    state = game.initial_state()
    player.choose(state)
    started = time.perf_counter()
    player.choose(state)
    # A speed measured with the 1.5 s would make the next move about 0.02 s.
    assert 0.2 <= time.perf_counter() - started < 0.6


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("openspiel:mcts:sims=3", "unknown option 'sims=3'"),
        ("openspiel:mcts:simulations=1", "simulations must be at least 2"),
        ("openspiel:mcts:uct=-1", "uct must be above 0"),
        ("openspiel:mcts:uct=x", "uct must be a number"),
        ("openspiel:alphago", "neither built in nor MODULE.CALLABLE"),
        ("pettingzoo:os.nothere", "cannot load os.nothere"),
        ("pettingzoo:random:simulations=3", "only openspiel:mcts takes options"),
    ],
)
def test_bad_external_players_are_refused_in_one_line(spec, message):
    out = gamecore("match", "connect4", spec, "random", "--games", "1")
    assert out.returncode == 2
    assert message in out.stderr and out.stderr.count("\n") == 1


def test_a_missing_library_names_the_extra_to_install(monkeypatch):
    import gamecore.interop

    def missing(name):
        raise ImportError(name)

    monkeypatch.setattr(gamecore.interop, "import_module", missing)
    with pytest.raises(MissingExtra, match=r'pip install "gamecore\[envs\]"'):
        pettingzoo_env("chess")


def test_a_time_filling_mcts_in_a_match_without_time_is_refused_before_play():
    out = gamecore("match", "connect4", "openspiel:mcts", "random", "--depth", "2")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "fills the time per move" in out.stderr


# -- the window ---------------------------------------------------------------------------------


def test_agents_take_seats_in_the_window_and_play_there():
    import pygame

    from gui.app import App
    from gui.seats import parse_seats
    from tests.gui_support import start_pygame, wait_for_plies

    start_pygame()
    try:
        game = get_game("connect4")
        seats = parse_seats("openspiel:mcts:simulations=5@0.5,pettingzoo:random", 2)
        assert [seat.label for seat in seats] == ["openspiel-mcts (0.5 s)", "pettingzoo-random"]
        app = App(game, seats, random_delay=0.0, window=True, seed=1)
        wait_for_plies(app, 6)
        replay = game.initial_state()
        for move in app.session.state.history:
            replay.push(move)  # every move the agents made was legal
        assert seats[0].next_kind().kind == "human"
    finally:
        pygame.display.quit()


def test_a_bad_agent_seat_is_one_line():
    out = gamecore("gui", "connect4", "--players", "openspiel:nope,human", "--quit-after", "1")
    assert out.returncode == 2
    assert "neither built in nor MODULE.CALLABLE" in out.stderr and out.stderr.count("\n") == 1
