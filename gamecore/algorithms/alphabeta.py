"""Negamax alpha-beta (principal-variation search) for any game: the bound search kernel.

Values are from the point of view of the team to move. A child's value is
negated only when the child's mover is on the other team, so consecutive
moves by partners (or a pass) come out right in multi-player team games.

The search context ``ctx`` is a tuple of preallocated arrays (see
``gamecore.search.searcher.SearchContext``); nothing is allocated per node. ``params``
is a ``gamecore.search.SearchParams`` record: training mode switches off
everything that depends on the evaluation weights (null move, futility, late
move reductions), as TreeStrap requires, tournament mode switches it on.

Mate and win scores are ``MATE - ply`` (shorter wins preferred); heuristic
values are clipped to ``±MAX_EVAL``, which lies below every mate score.
"""

import numpy as np

from gamecore import kernel_api as game
from gamecore.algorithms import tt as ttable
from gamecore.algorithms.evaluation import bounded_value, search_value
from gamecore.algorithms.ordering import next_move, order_moves, reward_quiet
from gamecore.jit import deadline_passed, kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN
from gamecore.values import INF, MATE, MAX_EVAL, MAX_PLY, ONE_PLY

EPS = 1.0e-6  # width of a null window on the (float) value scale
CONTEMPT_KEY = np.uint64(0x9E3779B97F4A7C15)  # mixed into table keys per team under contempt

# Indices of the int64 ``info`` array shared with the driver.
NODES = 0  # every node, quiescence included
QNODES = 1  # quiescence nodes
STOP = 2  # set to 1 by another thread to stop the search
NODE_LIMIT = 3  # stop after this many nodes (0: no limit)
ABORTED = 4  # set when the search stopped early
SELDEPTH = 5  # deepest ply reached
GENERATION = 6  # search number, for transposition-table replacement
ROOT_BEST = 7  # best root move of the iteration so far (0: none yet)
ROOT_TEAM = 8  # the team the search plays for, set by the caller; contempt discounts its draws
ROOT_DEPTH = 9  # plies asked of this iteration; extensions stop at twice as deep
DEADLINE = 10  # perf_counter_ns at which a plain-Python kernel stops itself (0: none)
ROOT_MOVE = 11  # the root move being searched (0: none yet), for a GUI's "currmove"
ROOT_MOVE_NUMBER = 12  # how many root moves this iteration has begun, that one included
ROOT_ORDER = 13  # 1: search the root's first move, then the others from the last (Lazy SMP)
INFO_SIZE = 14


@kernel
def terminal_value(result, ply):
    """The value of a finished game for the team to move, preferring quicker wins."""
    if result == WIN:
        return MATE - ply
    if result == LOSS:
        return -(MATE - ply)
    return 0.0


@kernel
def draw_value(st, ctx, params):
    """A draw for the team to move: ``-contempt`` when it is the team the search plays for,
    ``+contempt`` when it is the other, so the searching side steers away from draws it
    could avoid (0 with the default contempt)."""
    if params.contempt == 0.0:
        return 0.0
    if game.team_to_move(st) == ctx.info[ROOT_TEAM]:
        return -params.contempt
    return params.contempt


@kernel
def ended_value(st, ctx, params, result, ply):
    """The value of a finished game (``result`` not ONGOING) for the team to move."""
    if result == DRAW:
        return draw_value(st, ctx, params)
    return terminal_value(result, ply)


@kernel
def to_tt(value, ply):
    """Mate distances stored from the node, so the entry holds wherever the node recurs."""
    if value > MAX_EVAL:
        return value + ply
    if value < -MAX_EVAL:
        return value - ply
    return value


@kernel
def from_tt(value, ply):
    if value > MAX_EVAL:
        return value - ply
    if value < -MAX_EVAL:
        return value + ply
    return value


@kernel
def update_pv(ctx, ply, move):
    pv, pv_len = ctx.pv, ctx.pv_len
    pv[ply, ply] = move
    child_end = pv_len[ply + 1]
    for j in range(ply + 1, child_end):
        pv[ply, j] = pv[ply + 1, j]
    pv_len[ply] = max(child_end, ply + 1)


@kernel
def enter_node(ctx, ply):
    """Count the node and say whether the search must stop (limit, stop flag)."""
    info, pv_len = ctx.info, ctx.pv_len
    info[NODES] += 1
    pv_len[ply] = ply
    if ply > info[SELDEPTH]:
        info[SELDEPTH] = ply
    if (
        info[STOP] != 0
        or (info[NODE_LIMIT] > 0 and info[NODES] >= info[NODE_LIMIT])
        or deadline_passed(info[DEADLINE])
    ):
        info[ABORTED] = 1
    return info[ABORTED] != 0


@kernel
def quiesce(st, ctx, params, ply, qply, alpha, beta):
    """Search noisy moves only until the position is quiet or ``params.quiescence_plies``
    deep; all moves when in check, in the first ``params.check_evasion_plies`` plies of
    quiescence (``qply`` counts them)."""
    if enter_node(ctx, ply):
        return 0.0
    info = ctx.info
    info[QNODES] += 1
    moves = ctx.moves
    evading = qply < params.check_evasion_plies and qply < params.quiescence_plies
    in_check = evading and game.king_attacked(st, game.side_to_move(st))
    if in_check:
        n = game.gen_moves(st, moves[ply])
        result = game.status(st, n)
        if result != ONGOING:
            return ended_value(st, ctx, params, result, ply)
        best = -INF
    else:
        result = game.status(st, -1)
        if result != ONGOING:
            return ended_value(st, ctx, params, result, ply)
        stand_pat = bounded_value(st, ctx, params.lazy_margin, alpha, beta)
        if stand_pat >= beta or ply >= MAX_PLY - 1 or qply >= params.quiescence_plies:
            return stand_pat
        best = stand_pat
        alpha = max(alpha, stand_pat)
        n = game.gen_noisy(st, moves[ply])
    if ply >= MAX_PLY - 1:
        return search_value(st, ctx)
    order_moves(st, ctx, ply, n, 0, False, False)
    team = game.team_to_move(st)
    for i in range(n):
        move = next_move(ctx, ply, i, n)
        game.make_move(st, move)
        low, high, sign = child_window(game.team_to_move(st) == team, alpha, beta)
        value = sign * quiesce(st, ctx, params, ply + 1, qply + 1, low, high)
        game.unmake_move(st, move)
        if info[ABORTED]:
            return 0.0
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                update_pv(ctx, ply, move)
                if alpha >= beta:
                    break
    return best


@kernel
def child_window(same_team, alpha, beta):
    """The child's window and the sign that turns its value into the parent's.

    Across teams, negamax negates; between partners (or after a pass to a
    partner) the value carries over unchanged.
    """
    if same_team:
        return alpha, beta, 1.0
    return -beta, -alpha, -1.0


@kernel
def plies_left(depth):
    """Whole plies in a depth of quarter plies, rounded up (3 units still search a ply)."""
    return (depth + ONE_PLY - 1) // ONE_PLY


@kernel
def futility_margin(params, plies):
    if plies == 1:
        return params.futility_margin_1
    if plies == 2:
        return params.futility_margin_2
    return params.futility_margin_3


@kernel
def null_move_reduction(params, depth):
    """R in quarter plies: one ply less near the leaves when adaptive (Heinz)."""
    r = params.null_reduction
    if params.null_adaptive and plies_left(depth) <= params.null_adaptive_depth and r > 0:
        r -= 1
    return r * ONE_PLY


@kernel
def may_extend(ctx, ply):
    """Whether a node at ``ply`` may still be extended: below twice the iteration's depth.

    Without a bound, a line of checks that each gain a full ply never reaches the horizon,
    and the tree of such lines grows without end until the ply limit."""
    return ply < 2 * ctx.info[ROOT_DEPTH]


@kernel
def extension(st, ctx, params, ply, move, n):
    """Quarter plies to add to ``move`` (made at ``ply``, not yet on the board) for all but
    the check extension (known only after the move): the sum that applies, at most a ply."""
    units = 0
    if n == 1:
        units += params.one_reply_extension
    if params.recapture_extension > 0 and ply > 0:
        target = ctx.targets[ply - 1]
        if target >= 0 and game.move_target(st, move) == target:
            units += params.recapture_extension
    if params.game_extension > 0 and game.extends_move(st, move):
        units += params.game_extension
    return min(units, ONE_PLY)


@kernel
def root_move_allowed(ctx, move):
    """Whether the root may play ``move``: ``ctx.root_moves`` holds a count, then the moves
    a caller restricted the root to (``go searchmoves``); a count of 0 allows every move."""
    allowed = ctx.root_moves
    count = allowed[0]
    found = count == 0
    j = 1
    while not found and j <= count:
        found = allowed[j] == move
        j += 1
    return found


@kernel
def negamax(st, ctx, params, depth, ply, alpha, beta, null_ok):
    """Fail-soft PVS to ``depth`` quarter plies. Returns the value for the team to move;
    stores its bounds in the TT (depth in quarter plies)."""
    if enter_node(ctx, ply):
        return 0.0
    moves, info, tt = ctx.moves, ctx.info, ctx.tt
    if params.recapture_extension > 0:
        ctx.targets[ply] = -1  # no recapture after a null move or a multi-cut trial
    if ply > 0 and game.repeated(st):
        # Before the table: a value stored when the position was new would hide the draw.
        return draw_value(st, ctx, params)
    # At a leaf the moves only matter for the result: skip them where there surely are some.
    leaf_with_moves = depth <= 0 and game.surely_has_moves(st)
    n = np.int64(-1) if leaf_with_moves else game.gen_moves(st, moves[ply])
    result = game.status(st, n)
    # A root already over by rule (a repetition nobody claimed) is still searched
    # when it has moves: the caller asked for a move, and decides about the draw.
    if result != ONGOING and (ply > 0 or n == 0):
        return ended_value(st, ctx, params, result, ply)
    if ply >= MAX_PLY - 1:
        return search_value(st, ctx)
    if depth <= 0:
        if params.quiescence:
            return quiesce(st, ctx, params, ply, np.int64(0), alpha, beta)
        return search_value(st, ctx)

    key = game.hash_of(st)
    if params.contempt != 0.0:
        # Draws below are scored for the team the search plays for: a searcher that plays
        # for each team in turn (analysis of both sides) keeps their entries apart.
        key ^= CONTEMPT_KEY * np.uint64(info[ROOT_TEAM] + 1)
    tt_move = 0
    cut_before = False
    found, stored_low, stored_high, stored_move, stored_depth = ttable.read(tt, key)
    if found:
        tt_move = stored_move
        if params.multi_cut:
            cut_before = from_tt(stored_low, ply) >= beta
        if ply > 0 and stored_depth >= depth:
            low = from_tt(stored_low, ply)
            high = from_tt(stored_high, ply)
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low

    team = game.team_to_move(st)
    in_check = game.king_attacked(st, game.side_to_move(st))
    pruning = not in_check and ply > 0 and beta - alpha <= 2 * EPS
    plies = plies_left(depth)
    futile = params.futility and pruning and plies <= params.futility_depth
    margin = futility_margin(params, plies)
    static = 0.0
    if pruning and (params.null_move or params.futility):
        # Only "static >= beta" (null move) and "static + margin <= alpha" (futility) are
        # asked: a lazy bound answers both where it lies far enough outside.
        asked_low = alpha - margin if futile else -INF
        asked_high = beta if params.null_move else INF
        static = bounded_value(st, ctx, params.lazy_margin, asked_low, asked_high)

    null_reduce = null_move_reduction(params, depth) if params.null_move else 0
    if (
        params.null_move
        and pruning
        and null_ok
        and depth > null_reduce
        and static >= beta
        and game.null_move_ok(st)
    ):
        game.make_null(st)
        low, high, sign = child_window(game.team_to_move(st) == team, beta - EPS, beta)
        reduced = depth - ONE_PLY - null_reduce
        value = sign * negamax(st, ctx, params, reduced, ply + 1, low, high, np.int64(0))
        game.unmake_null(st)
        if info[ABORTED]:
            return 0.0
        if value >= beta and n <= params.null_verify_moves:
            # Verified null move: passing was good enough; are the real moves? In zugzwang
            # they are not, and the node is searched in full below.
            verify_depth = depth - null_reduce
            value = negamax(st, ctx, params, verify_depth, ply, beta - EPS, beta, np.int64(0))
            if info[ABORTED]:
                return 0.0
        if value >= beta:
            return min(value, MAX_EVAL)
        if value < -MAX_EVAL and may_extend(ctx, ply):
            depth += params.mate_threat_extension  # passing gets us mated: look deeper

    order_moves(st, ctx, ply, n, tt_move, params.killers, params.history)
    # Multi-cut (Björnsson & Marsland): where the table says this node cut off before, try
    # the first moves shallower; enough cut-offs among them prune the node. Written out here
    # rather than as a function: numba's disk cache cannot load mutually recursive functions.
    # At reduction 0 the trial searches are the full search itself, which cuts at its first
    # fail-high anyway: they could only repeat it, and nested at every cut node they multiplied
    # the tree (24 times the nodes of a depth-5 middlegame), so multi-cut needs reduction >= 1.
    if (
        params.multi_cut
        and params.multi_cut_reduction > 0
        and pruning
        and cut_before
        and depth >= params.multi_cut_depth * ONE_PLY
    ):
        cuts = 0
        reduced = depth - ONE_PLY - params.multi_cut_reduction * ONE_PLY
        for i in range(min(n, params.multi_cut_moves)):
            move = next_move(ctx, ply, i, n)
            game.make_move(st, move)
            low, high, sign = child_window(game.team_to_move(st) == team, beta - EPS, beta)
            value = sign * negamax(st, ctx, params, reduced, ply + 1, low, high, np.int64(1))
            game.unmake_move(st, move)
            if info[ABORTED]:
                return 0.0
            if value >= beta:
                cuts += 1
                if cuts >= params.multi_cut_cuts:
                    return beta

    futile = futile and static + margin <= alpha
    alpha0 = alpha
    best = -INF
    best_move = 0
    searched = 0
    # Whether the next seat was in check before the move: in multi-player games a seat can
    # stay in check across other seats' moves (a mated player passes), and a move that leaves
    # such a check standing does not give it, so it must not be extended.
    next_seat = np.int64(-1)
    next_was_checked = False
    extending = may_extend(ctx, ply)
    extends_moves = params.one_reply_extension + params.recapture_extension + params.game_extension
    # A Lazy SMP helper takes the root's moves after the first from the other end, so that it
    # and the main thread meet in the middle, each cutting on the bounds the other stored.
    backwards = info[ROOT_ORDER] != 0 and (ply == 0 or beta - alpha > 2 * EPS)
    if backwards:
        for i in range(n):
            next_move(ctx, ply, i, n)  # every move in key order, in place
    for i in range(n):
        move = moves[ply, 0 if i == 0 else n - i] if backwards else next_move(ctx, ply, i, n)
        if ply == 0:
            if not root_move_allowed(ctx, move):
                continue
            info[ROOT_MOVE] = move
            info[ROOT_MOVE_NUMBER] += 1
        noisy = game.order_key(st, move) > 0
        quiet = not noisy
        extend = 0
        if extending and extends_moves > 0:
            extend = extension(st, ctx, params, ply, move, n)
        if params.recapture_extension > 0:
            ctx.targets[ply] = game.move_target(st, move) if noisy else -1
        game.make_move(st, move)
        seat = game.side_to_move(st)
        if seat != next_seat:
            game.unmake_move(st, move)
            next_seat = seat
            next_was_checked = game.king_attacked(st, seat)
            game.make_move(st, move)
        gives_check = game.king_attacked(st, seat) and not next_was_checked
        same = game.team_to_move(st) == team
        if futile and searched > 0 and quiet and not gives_check:
            game.unmake_move(st, move)
            best = max(best, static + margin)
            continue
        if gives_check and extending:
            extend = min(extend + params.check_extension, ONE_PLY)
        new_depth = depth - ONE_PLY + extend
        if searched == 0 or not params.pvs:
            low, high, sign = child_window(same, alpha, beta)
            value = sign * negamax(st, ctx, params, new_depth, ply + 1, low, high, np.int64(1))
        else:
            reduce = 0
            if (
                params.lmr
                and quiet
                and not in_check
                and not gives_check
                and depth >= params.lmr_min_depth * ONE_PLY
                and searched >= params.lmr_min_moves
            ):
                reduce = params.lmr_reduction * ONE_PLY
            low, high, sign = child_window(same, alpha, alpha + EPS)
            d = new_depth - reduce
            value = sign * negamax(st, ctx, params, d, ply + 1, low, high, np.int64(1))
            if value > alpha and reduce > 0 and not info[ABORTED]:
                d = new_depth
                value = sign * negamax(st, ctx, params, d, ply + 1, low, high, np.int64(1))
            if alpha < value < beta and not info[ABORTED]:
                low, high, sign = child_window(same, alpha, beta)
                value = sign * negamax(st, ctx, params, new_depth, ply + 1, low, high, np.int64(1))
        game.unmake_move(st, move)
        if info[ABORTED]:
            return 0.0
        searched += 1
        if value > best:
            best = value
            best_move = move
            if value > alpha:
                alpha = value
                update_pv(ctx, ply, move)
                if ply == 0:
                    info[ROOT_BEST] = move
                if alpha >= beta:
                    if quiet:
                        reward_quiet(st, ctx, ply, move, plies)
                    break
    if ply == 0 and ctx.root_moves[0] != 0:
        return best  # the best of some moves only: no bound on the position's value
    ttable.store(
        tt,
        key,
        depth,
        to_tt(best, ply),
        to_tt(alpha0, ply),
        to_tt(beta, ply),
        best_move,
        info[GENERATION],
    )
    return best


@kernel
def search_root(st, ctx, params, depth, alpha, beta):
    """One iteration of iterative deepening from the root (ply 0), ``depth`` plies deep."""
    info = ctx.info
    info[ROOT_BEST] = 0
    info[SELDEPTH] = 0
    info[ROOT_DEPTH] = depth
    info[ROOT_MOVE] = 0
    info[ROOT_MOVE_NUMBER] = 0
    return negamax(st, ctx, params, depth * ONE_PLY, np.int64(0), alpha, beta, np.int64(1))
