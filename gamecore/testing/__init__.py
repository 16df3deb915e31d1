"""The conformance kit: the checks every game plugin must pass.

Like OpenSpiel's random-play-with-undo test, it drives a game through random
legal move sequences (drawn by hypothesis, so a failure shrinks to a short
sequence) and at every position checks what algorithms silently rely on:

* make/unmake of every legal move restores position, hash and history exactly;
* the incremental hash equals one recomputed from scratch;
* no legal move leaves the mover's king attacked (games with kings);
* moves are distinct, non-zero, fit the move buffer; noisy moves are legal moves;
* no legal move means the game is over (and ``surely_has_moves`` does not claim one);
* ``status(st, -1)`` (moves not generated, as quiescence search asks) agrees
  with ``status(st, n_legal)`` whenever there are legal moves;
* position and move text round-trip;
* perft is reproducible: the bound (compiled) perft agrees with a perft driven
  through :class:`~gamecore.state.State`, and leaves the state as it found it;
* features are in range and finite; copies are independent; states grow;
* every legal move is spelled by its own actions (:mod:`gamecore.interop.actions`), and
  every seat's observation has the promised shape, float32 dtype and [0, 1] range;
* the null move (when the game defines one) is undone exactly and keeps the
  hash right; every noisy move has a positive ordering key;
* an incremental evaluation (``value_is_incremental``) equals θ·φ from the
  features after every move and null move, and after unmaking them, all game long,
  and its additive part (``value_additive``) what a refresh computes there;
* a position the game calls ``repeated`` (which the search scores as a draw)
  occurred earlier in the walk with the same seat to move.

Walks reach up to :attr:`GameConformance.max_plies` plies: half of them are
short, the others of any length up to that bound, so late positions are
checked as well as early ones.

Use it by subclassing :class:`GameConformance` in a test module::

    from gamecore.testing import GameConformance

    class TestMyGame(GameConformance):
        game_name = "mygame"
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.binding import bind, defaulted_functions
from gamecore.bounds import MAX_PERFT_DEPTH
from gamecore.errors import BadOption, PluginError
from gamecore.game import Game
from gamecore.interop.actions import ActionMenu
from gamecore.kernel_api import ONGOING
from gamecore.registry import get_game
from gamecore.state import State

SHORT_WALK = 8
"""Plies of the short walks, which stay near the start positions."""


def move_choices(max_plies: int) -> st.SearchStrategy[list[int]]:
    """Choices for :func:`random_walk`: each picks one legal move by index (modulo their number).

    The length is drawn first, half the time at most :data:`SHORT_WALK` and
    otherwise uniformly up to ``max_plies``: a plain list strategy averages a
    handful of elements whatever its bound, and would almost never reach late
    positions. Shrinking shortens the walk.
    """
    lengths = st.one_of(st.integers(0, min(SHORT_WALK, max_plies)), st.integers(0, max_plies))
    choice = st.integers(min_value=0, max_value=1 << 16)
    return lengths.flatmap(lambda n: st.lists(choice, min_size=n, max_size=n))


def random_walk(game: Game, choices: list[int], start: str | None = None) -> State:
    """The state reached from ``start`` (default: the start position) by following ``choices``.

    Stops early when the game ends.
    """
    state = game.initial_state() if start is None else game.state_from_text(start)
    for choice in choices:
        moves = state.legal_moves()
        if not moves or state.status() != ONGOING:
            break
        state.push_unchecked(moves[choice % len(moves)])
    return state


def snapshot(state: State) -> tuple:
    """What make/unmake must restore: the position, its hash and the history before it."""
    ply = state.ply
    capacity = state.capacity
    arrays = tuple(
        a[:ply].copy() if a.ndim and a.shape[0] == capacity else a.copy() for a in state.arrays
    )
    return (state.to_text(), state.hash, state.player, ply, arrays)


def same_snapshot(a: tuple, b: tuple) -> bool:
    return a[:4] == b[:4] and all(np.array_equal(x, y) for x, y in zip(a[4], b[4], strict=True))


def perft_python(state: State, depth: int) -> int:
    """Perft through the State API: the reference the bound perft is compared with."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.push_unchecked(move)
        total += perft_python(state, depth - 1)
        state.pop()
    return total


def perft_bound(state: State, depth: int) -> int:
    """Perft through the game's bound (compiled, for numba games) perft template."""
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise BadOption(f"perft depth must be 0 to {MAX_PERFT_DEPTH}, not {depth}")
    algorithms = bind(state.game, "gamecore.algorithms.perft")
    state.reserve(depth)
    moves = np.zeros((depth + 1, state.game.max_moves), dtype=np.int64)
    return int(algorithms.perft(state.arrays, np.int64(depth), moves))


# -- the checks, usable on their own -------------------------------------------


def check_moves_well_formed(state: State) -> None:
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)), f"duplicate legal moves in {state.to_text()!r}"
    assert all(m > 0 for m in moves), f"move 0 or negative in {state.to_text()!r}"
    assert len(moves) <= state.game.max_moves
    noisy = state.noisy_moves()
    assert set(noisy) <= set(moves), f"noisy moves {set(noisy) - set(moves)} are not legal"
    if not moves:
        assert state.status() != ONGOING, f"no legal move but game not over: {state.to_text()!r}"
        assert not state._kernel.surely_has_moves(state.arrays), (
            f"surely_has_moves, yet no legal move in {state.to_text()!r}"
        )


def check_status_without_moves(state: State) -> None:
    """``status(st, -1)``, what quiescence search asks, agrees with the full status.

    With legal moves on the board the result can not hinge on their number, so
    the two must be equal: a line or a draw by rule that ``-1`` misses would let
    quiescence search play on past the end of the game, and a result that only
    ``-1`` reports would end a game that is still going. Without legal moves
    ``-1`` may miss the result (checkmate, stalemate) or name another.
    """
    n = len(state.legal_moves())
    if n == 0:
        return
    full = state.status()
    quick = int(state._kernel.status(state.arrays, np.int64(-1)))
    assert quick == full, (
        f"status(st, -1) is {quick} but status(st, {n}) is {full} in {state.to_text()!r}"
    )


def check_make_unmake(state: State) -> None:
    """Every legal move: hash stays consistent, king safe, unmake restores everything."""
    game = state.game
    mover = state.player
    before = snapshot(state)
    moves = state.legal_moves()
    kernel = state._kernel
    # A checkmated player of a game with passes passes, and its king stays attacked.
    checkmated_pass = (
        game.has_kings
        and game.has_passes
        and len(moves) == 1
        and kernel.king_attacked(state.arrays, mover)
    )
    for move in moves:
        state.push_unchecked(move)
        assert kernel.hash_of(state.arrays) == kernel.hash_full(state.arrays), (
            f"incremental hash wrong after move {move} from {before[0]!r}"
        )
        if game.has_kings and not checkmated_pass:
            assert not kernel.king_attacked(state.arrays, mover), (
                f"move {move} from {before[0]!r} leaves the mover's king attacked"
            )
        state.pop()
        after = snapshot(state)
        assert same_snapshot(before, after), f"unmake of {move} did not restore {before[0]!r}"


def check_null_move_and_ordering(state: State) -> None:
    """The search's extras: null move made and unmade exactly, noisy moves keyed first."""
    kernel = state._kernel
    for move in state.noisy_moves():
        assert kernel.order_key(state.arrays, move) > 0, f"noisy move {move} has order key 0"
    if state.status() != ONGOING or "make_null" in defaulted_functions(state.game.kernel_module):
        return
    before = snapshot(state)
    state.reserve(1)
    kernel.make_null(state.arrays)
    assert kernel.hash_of(state.arrays) == kernel.hash_full(state.arrays), "null move hash wrong"
    kernel.unmake_null(state.arrays)
    assert same_snapshot(before, snapshot(state)), f"unmake_null did not restore {before[0]!r}"


def check_text_round_trip(state: State) -> None:
    game = state.game
    text = state.to_text()
    reloaded = game.state_from_text(text)
    assert reloaded.to_text() == text, f"position text does not round-trip: {text!r}"
    assert reloaded.hash == state.hash, f"reloading {text!r} changes the hash"
    assert sorted(reloaded.legal_moves()) == sorted(state.legal_moves())
    seen: dict[str, int] = {}
    for move in state.legal_moves():
        written = state.move_text(move)
        assert written not in seen, f"moves {seen.get(written)} and {move} both written {written!r}"
        seen[written] = move
        assert state.parse_move(written) == move, f"{written!r} reads back as another move"


def check_perft(state: State, depth: int) -> None:
    before = snapshot(state)
    bound = perft_bound(state, depth)
    assert same_snapshot(before, snapshot(state)), "bound perft did not restore the state"
    assert perft_bound(state, depth) == bound, "perft is not reproducible"
    assert perft_python(state, depth) == bound, "bound perft disagrees with State-driven perft"


def check_features(state: State) -> None:
    idx, val = state.features()
    count = state.game.feature_set.count
    assert ((idx >= 0) & (idx < count)).all(), f"feature index out of range 0..{count - 1}"
    assert np.isfinite(val).all(), "non-finite feature value"


def incremental_value_gap(state: State, theta: np.ndarray) -> float:
    """|incremental θ·φ − θ·φ from the features| at ``state`` (0.0 for a game without one).

    The accumulator must have been refreshed at an earlier position of the same game
    (``value_refresh``) and kept up by the moves since, as in a search.
    """
    kernel = state._kernel
    if not kernel.value_is_incremental():
        return 0.0
    idx = np.zeros(state.game.feature_set.count, dtype=np.int64)
    val = np.zeros(state.game.feature_set.count, dtype=np.float64)
    incremental = kernel.value_incremental(state.arrays, theta, idx, val)
    from_features, _ = bind(state.game, "gamecore.algorithms.evaluation").linear_value(
        state.arrays, theta, idx, val
    )
    return abs(incremental - from_features) / max(1.0, abs(from_features))


def additive_value_gap(state: State, theta: np.ndarray) -> float:
    """|``value_additive`` as the moves since the last refresh left it − the same after a
    refresh here|. The refresh leaves the accumulator as a correct kernel already had it."""
    kernel = state._kernel
    kept = kernel.value_additive(state.arrays)
    kernel.value_refresh(state.arrays, theta)
    fresh = kernel.value_additive(state.arrays)
    return abs(kept - fresh) / max(1.0, abs(fresh))


def check_incremental_value(state: State) -> None:
    """After a refresh here, every legal move, null move and unmake keeps the value exact."""
    kernel = state._kernel
    if not kernel.value_is_incremental():
        return
    theta = np.random.default_rng(state.ply).normal(0, 10, state.game.feature_set.count)
    state.reserve(2)
    kernel.value_refresh(state.arrays, theta)
    assert incremental_value_gap(state, theta) < 1e-9, "value_refresh disagrees with features"
    null = state.status() == ONGOING and "make_null" not in defaulted_functions(
        state.game.kernel_module
    )
    for move in state.legal_moves():
        state.push_unchecked(move)
        gap = incremental_value_gap(state, theta)
        assert gap < 1e-9, f"incremental value off by {gap:.3g} after move {move}"
        gap = additive_value_gap(state, theta)
        assert gap < 1e-9, f"value_additive kept by move {move} is off by {gap:.3g}"
        if null and state.status() == ONGOING:
            kernel.make_null(state.arrays)
            assert incremental_value_gap(state, theta) < 1e-9, "incremental value off (null)"
            kernel.unmake_null(state.arrays)
        state.pop()
    assert incremental_value_gap(state, theta) < 1e-9, "incremental value off after unmake"


def check_actions_and_observations(state: State) -> None:
    """The moves spelled as actions (:mod:`gamecore.interop.actions`) without ambiguity, and every
    seat's observation of the promised shape, dtype and range (for :mod:`gamecore.interop`)."""
    game = state.game
    try:
        menu = ActionMenu(state)
    except PluginError as exc:
        raise AssertionError(str(exc)) from None
    for move in state.legal_moves():
        assert menu.move_of(menu.path_of(move)) == move
    for seat in range(game.num_players):
        seen = game.observe(state.arrays, seat)
        assert seen.shape == game.observation_shape(), f"observe gives shape {seen.shape}"
        assert seen.dtype == np.float32, f"observe gives {seen.dtype}, not float32"
        assert ((seen >= 0) & (seen <= 1)).all(), "observation values outside [0, 1]"


def check_repeated(state: State) -> None:
    """A position ``repeated`` names occurred before with the same seat to move: a false
    repetition would have the search score a live position as a draw."""
    if not state._kernel.repeated(state.arrays):
        return
    key = (state.hash, state.player)
    earlier = state.copy()
    seen = set()
    while earlier.history:
        earlier.pop()
        seen.add((earlier.hash, earlier.player))
    assert key in seen, f"repeated, yet new since the start: {state.to_text()!r}"


def check_terminal(state: State) -> None:
    returns = state.returns()
    assert len(returns) == state.game.num_players
    if state.status() == ONGOING:
        assert all(r == 0 for r in returns)
    else:
        assert state.game.describe_result(state)


# -- the pytest mixin -------------------------------------------------------------


_SETTINGS = settings(
    max_examples=25,
    deadline=None,
    # The same test functions run for every game's subclass, which hypothesis
    # otherwise flags as "differing executors".
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.differing_executors,
    ],
)


class GameConformance:
    """Subclass in a ``Test*`` class and set :attr:`game_name` to run the kit on a game."""

    game_name: ClassVar[str]
    game_options: ClassVar[dict[str, Any]] = {}
    max_plies: ClassVar[int] = 80
    """Longest random walk (a walk also ends with the game); raise it for long games."""
    perft_depth: ClassVar[int] = 2
    """Depth of the perft agreement check (keep it cheap for big branching factors)."""
    start_positions: ClassVar[tuple[str, ...]] = ()
    """Extra starting position strings besides the standard start (e.g. tricky rule cases)."""

    def game(self) -> Game:
        return get_game(self.game_name, **self.game_options)

    def walk(self, choices: list[int], start_index: int) -> State:
        starts = (None, *self.start_positions)
        return random_walk(self.game(), choices, starts[start_index % len(starts)])

    def draw_walk(self, data: st.DataObject) -> State:
        """A random walk of up to :attr:`max_plies` plies from one of the start positions.

        Drawn inside the test, since the bound is the subclass's and decorators
        are evaluated once, for this class.
        """
        start = data.draw(st.integers(0, 15), label="start")
        return self.walk(data.draw(move_choices(self.max_plies), label="choices"), start)

    @_SETTINGS
    @given(data=st.data())
    def test_make_unmake_restores_everything(self, data: st.DataObject) -> None:
        state = self.draw_walk(data)
        check_moves_well_formed(state)
        check_status_without_moves(state)
        check_make_unmake(state)
        check_null_move_and_ordering(state)
        check_incremental_value(state)
        check_actions_and_observations(state)
        check_repeated(state)
        check_terminal(state)

    @_SETTINGS
    @given(data=st.data())
    def test_text_round_trips(self, data: st.DataObject) -> None:
        check_text_round_trip(self.draw_walk(data))

    @settings(_SETTINGS, max_examples=10)
    @given(data=st.data())
    def test_perft_reproducible(self, data: st.DataObject) -> None:
        check_perft(self.draw_walk(data), self.perft_depth)

    @_SETTINGS
    @given(data=st.data())
    def test_features_in_range(self, data: st.DataObject) -> None:
        check_features(self.draw_walk(data))

    def test_every_walk_step_consistent(self) -> None:
        """One long seeded game played out move by move, checked at every ply (the
        incremental value, if any, kept up from the start: no drift)."""
        rng = np.random.default_rng(7)
        state = self.game().initial_state()
        theta = rng.normal(0, 10, state.game.feature_set.count)
        state.reserve(4 * self.max_plies)
        state._kernel.value_refresh(state.arrays, theta)
        for _ in range(4 * self.max_plies):
            check_moves_well_formed(state)
            check_status_without_moves(state)
            moves = state.legal_moves()
            if not moves or state.status() != ONGOING:
                break
            state.push_unchecked(moves[rng.integers(len(moves))])
            assert state.hash == int(state._kernel.hash_full(state.arrays))
            check_repeated(state)
            gap = incremental_value_gap(state, theta)
            assert gap < 1e-9, f"incremental value off by {gap:.3g} at ply {state.ply}"
        check_terminal(state)

    def test_copy_is_independent(self) -> None:
        state = self.game().initial_state()
        text = state.to_text()
        other = state.copy()
        other.push_unchecked(other.legal_moves()[0])
        assert state.to_text() == text and state.ply == 0

    def test_state_grows_past_its_capacity(self) -> None:
        game = self.game()
        arrays = game.new_arrays(4)
        game.load_text(arrays, game.start_text())
        small = State(game, arrays)
        reference = game.initial_state()
        rng = np.random.default_rng(3)
        for _ in range(40):
            moves = reference.legal_moves()
            if not moves or reference.status() != ONGOING:
                break
            move = moves[rng.integers(len(moves))]
            reference.push_unchecked(move)
            small.push_unchecked(move)
        assert small.to_text() == reference.to_text() and small.hash == reference.hash
        while small.history:
            small.pop()
        assert small.to_text() == game.start_text()


class LearningConformance:
    """Subclass in a ``Test*`` class and set :attr:`game_name` to check that learning works on
    a game: the game's default training run from zero weights, then matches against the zero
    weights and random movers (:func:`gamecore.training.check.check_learning`; the same as
    ``gamecore check-learning GAME``). A few minutes on two cores: mark it slow, or shorten it
    with :attr:`settings` (``{"games": 150}``)."""

    game_name: ClassVar[str]
    game_options: ClassVar[dict[str, Any]] = {}
    settings: ClassVar[dict[str, Any]] = {}
    """Changes to the game's training defaults, e.g. ``{"games": 150, "depth": 3}``."""
    time_budget: ClassVar[float | None] = 180.0
    match_games: ClassVar[int] = 40
    workers: ClassVar[int] = 1
    """One worker: the run, and so the verdict, is the same every time."""

    def test_learned_weights_beat_zeros_and_random(self) -> None:
        from gamecore.training.check import check_learning

        verdict = check_learning(
            self.game_name,
            self.game_options,
            time_budget=self.time_budget,
            match_games=self.match_games,
            workers=self.workers,
            **self.settings,
        )
        assert verdict.passed, "; ".join(verdict.failures())
