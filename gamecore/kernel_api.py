"""The kernel protocol: the functions every game's kernel module provides.

A game's rules live in one importable module (``Game.kernel_module``) that
defines the functions below under exactly these names. Generic algorithms
(perft, search, learners) are written against these names and bound to one
game's functions by :mod:`gamecore.binding`; they never import a game.

``st`` is the game's state: a tuple of numpy arrays, made by
``Game.new_arrays``. What the arrays hold is the game's business; the
algorithms only pass the tuple along. Moves are positive ``int64`` values
(0 is reserved to mean "no move", e.g. an empty transposition-table slot),
hashes ``uint64``. Move buffers are 1-D ``int64`` arrays of length ``Game.max_moves``.

For a built-in game each function is ``@njit(cache=True)`` and allocates
nothing; for a plain-Python plugin the same functions are ordinary Python and
the algorithms run as Python too (slower, same results).

The functions in ``OPTIONAL_FUNCTIONS`` may be left out: a game without kings,
null moves or noisy moves then gets the defaults of
:mod:`gamecore.kernel_defaults`, which say so. The null-move functions come
together or not at all, and so do the incremental-value functions.

The stubs here document the contract and let templates import the names; they
are replaced by the game's functions when a template is bound.
"""

from __future__ import annotations

# Results reported by ``status``, always for the team to move.
ONGOING = 0
WIN = 1
LOSS = 2
DRAW = 3

#: The functions every kernel module must define.
REQUIRED_FUNCTIONS = (
    "gen_moves",
    "make_move",
    "unmake_move",
    "side_to_move",
    "team_to_move",
    "status",
    "hash_of",
    "hash_full",
    "ply_of",
    "features",
)

#: The null-move functions: a kernel defines all three or none.
NULL_MOVE_FUNCTIONS = ("null_move_ok", "make_null", "unmake_null")

#: An evaluation kept up to date in make/unmake: all four or none.
INCREMENTAL_FUNCTIONS = (
    "value_is_incremental",
    "value_refresh",
    "value_incremental",
    "value_additive",
)

#: The functions a kernel module may leave out (``gamecore.kernel_defaults`` has their defaults).
OPTIONAL_FUNCTIONS = (
    "gen_noisy",
    "order_key",
    "king_attacked",
    "move_target",
    "extends_move",
    "cell_codes",
    "repeated",
    "surely_has_moves",
    *NULL_MOVE_FUNCTIONS,
    *INCREMENTAL_FUNCTIONS,
)

#: Every function of the protocol.
KERNEL_FUNCTIONS = REQUIRED_FUNCTIONS + OPTIONAL_FUNCTIONS


def _contract() -> NotImplementedError:
    return NotImplementedError("kernel_api stubs are replaced by a game's kernel when bound")


def gen_moves(st, out):
    """Write every legal move into ``out`` and return how many.

    A player who must pass (multi-player games) gets one pass move, so a
    position with zero legal moves is terminal for its game. Multi-step moves
    (a checkers multi-jump) are one move.
    """
    raise _contract()


def gen_noisy(st, out):
    """Write the legal noisy moves (captures, promotions) into ``out``; return how many.

    They are a subset of ``gen_moves`` — quiescence search explores only these.
    Optional: the default has none (quiescence search then just evaluates). A
    kernel that defines it must define ``order_key`` too.
    """
    raise _contract()


def make_move(st, move):
    """Play ``move`` (legal in ``st``), pushing what ``unmake_move`` needs."""
    raise _contract()


def unmake_move(st, move):
    """Take back ``move``, the last move made: restores position and hash exactly."""
    raise _contract()


def side_to_move(st):
    """The seat (0 .. num_players-1) that moves next."""
    raise _contract()


def team_to_move(st):
    """The team (0 or 1) of the seat that moves next; negamax flips sign across teams."""
    raise _contract()


def king_attacked(st, player):
    """True when ``player``'s king is attacked by the other team.

    Optional: the default is always False, right for a game without kings
    (``Game.has_kings`` False); a game with kings must define it.
    """
    raise _contract()


def status(st, n_legal):
    """``ONGOING``, or ``WIN``/``LOSS``/``DRAW`` for the team to move.

    ``n_legal`` is the number ``gen_moves`` just returned for ``st``, so the
    kernel can tell checkmate from stalemate without generating again. It is
    -1 when the moves were not generated (quiescence search): then report
    what is known without them — a completed line, a draw by rule — and
    ``ONGOING`` otherwise. So when the position has legal moves, ``-1`` gives
    the same answer as their number: only a result that comes from having no
    move (checkmate, stalemate) may be missing. The conformance kit checks it.
    """
    raise _contract()


def repeated(st):
    """True when the position occurred before with the same seat to move, since the last
    move that cannot be undone (in the game or in the search's own line).

    Optional: the default is always False, right for a game whose positions never recur.
    The search scores such a position as a draw below its root, before it trusts the
    transposition table: a score stored when the position was new says nothing of a
    repetition, and a side a queen ahead would walk into a threefold draw on it.
    """
    raise _contract()


def surely_has_moves(st):
    """True only when ``gen_moves`` would return at least one move here; False when unsure.

    Optional: the default is always False. The search asks it at its leaves, where
    it needs the number of moves only to see whether the game ended: a True answer
    lets it ask ``status(st, -1)`` instead of generating every move (Duchess: a
    player not in check always has a move or a pass, so its leaves skip the whole
    generation). A wrong True would miss a checkmate; the conformance kit checks it.
    """
    raise _contract()


def hash_of(st):
    """The incrementally maintained Zobrist hash (``uint64``) of the position."""
    raise _contract()


def hash_full(st):
    """The same hash recomputed from scratch: the conformance kit compares the two."""
    raise _contract()


def ply_of(st):
    """Moves made since the state's arrays were set up (the depth of the undo stack)."""
    raise _contract()


def order_key(st, move):
    """How urgently the search should try ``move`` (legal in ``st``): 0 for a quiet move,
    more than 0 for a noisy one (capture, promotion), larger first — e.g. MVV-LVA.

    Killer and history ordering apply to the quiet moves; futility pruning and
    late-move reductions never touch a noisy move. Optional: the default keys
    every move 0 (no preference; all quiet).
    """
    raise _contract()


def move_target(st, move):
    """The cell ``move`` (legal in ``st``) lands on, or -1. The search extends a noisy move
    landing where the previous noisy move landed (a recapture). Optional: the default, -1,
    never extends one.
    """
    raise _contract()


def extends_move(st, move):
    """Whether ``move`` (legal in ``st``) deserves the game's own search extension
    (``SearchParams.game_extension``), e.g. chess's pawn to the seventh rank. Optional: the
    default is False.
    """
    raise _contract()


def cell_codes(st, out):
    """Write every cell's occupant as the team to move sees it into ``out`` (int64, one
    per cell of ``Game.neighbourhood_relations``): 0 empty, 1..K a piece kind of the
    mover's team, K+1..2K of the others, -1 a cell this board lacks. Cells are in the
    mover's frame (chess flips the board for Black), so one set of neighbourhood weights
    serves every side. Optional: games without neighbourhoods leave it out."""
    raise _contract()


def null_move_ok(st):
    """Whether null-move pruning may be tried here.

    False where passing could be better than every move (zugzwang is common:
    chess endings without pieces, Connect Four always). Optional, together with
    ``make_null`` and ``unmake_null``: without them the default is always False,
    so the search never tries a null move.
    """
    raise _contract()


def make_null(st):
    """Hand the turn to the next seat without moving (the null move of null-move pruning)."""
    raise _contract()


def unmake_null(st):
    """Take back ``make_null``."""
    raise _contract()


def features(st, idx, val):
    """Write the sparse feature vector φ(st), from the point of view of the team to move.

    Active feature ``k`` has index ``idx[k]`` (int64, < ``Game.feature_count``)
    and value ``val[k]`` (float64); returns how many are active. The linear
    evaluation is ``sum(theta[idx[k]] * val[k])``.
    """
    raise _contract()


def value_is_incremental():
    """Whether this kernel keeps θ·φ up to date in ``make_move`` (a constant).

    Optional, together with ``value_refresh``, ``value_incremental`` and
    ``value_additive``: a game
    whose evaluation is mostly a sum over pieces (material, piece squares) can
    keep that sum in its state as an accumulator, updated by every move and
    restored for free on unmake, so the search evaluates only what is not
    additive. Without them (the default, False) the search computes θ·φ from
    ``features`` at every node. Learning always reads φ from ``features``; the
    conformance kit checks both ways agree.
    """
    raise _contract()


def value_refresh(st, theta):
    """Take θ's additive part into the state and set the accumulator of the current
    position from scratch. The search calls it before each search, so θ may change between
    searches (as learning does)."""
    raise _contract()


def value_incremental(st, theta, idx, val):
    """θ·φ(st) for the team to move, from the accumulator plus the terms that are not
    additive; ``idx``/``val`` are scratch buffers of ``features``' size. Exact: equal to
    the sum over ``features`` up to rounding, in any position reached by moves (and null
    moves) made since the last ``value_refresh``."""
    raise _contract()


def value_additive(st):
    """The accumulator alone, for the team to move: ``value_incremental`` without the terms
    that are not additive, at the cost of a read. The search's lazy evaluation
    (``SearchParams.lazy_margin``) decides from it where the rest cannot matter."""
    raise _contract()
