"""Bit tricks for bitboard kernels, as LLVM intrinsics inside numba and plain Python outside.

Each function is ordinary Python (so kernels still run with
``NUMBA_DISABLE_JIT=1``) with an ``@overload`` that numba uses instead: one
``cttz``/``ctlz``/``ctpop`` instruction on ``uint64``.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload


def lsb(x: int) -> int:
    """Index of the lowest set bit of a non-zero ``uint64``."""
    x = int(x)
    return (x & -x).bit_length() - 1


def msb(x: int) -> int:
    """Index of the highest set bit of a non-zero ``uint64``."""
    return int(x).bit_length() - 1


def popcount(x: int) -> int:
    """Number of set bits of a ``uint64``."""
    return int(x).bit_count()


def _unary_intrinsic(emit):
    @intrinsic
    def op(typingctx, x):
        def codegen(context, builder, signature, args):
            value = builder.zext(args[0], ir.IntType(64)) if args[0].type.width < 64 else args[0]
            return emit(builder, value)

        return types.int64(types.uint64), codegen

    return op


_cttz = _unary_intrinsic(lambda b, v: b.cttz(v, ir.Constant(ir.IntType(1), 1)))
_ctlz = _unary_intrinsic(
    lambda b, v: b.sub(ir.Constant(ir.IntType(64), 63), b.ctlz(v, ir.Constant(ir.IntType(1), 1)))
)
_ctpop = _unary_intrinsic(lambda b, v: b.ctpop(v))


@overload(lsb, jit_options={"cache": True})  # type: ignore[typeddict-unknown-key]
def _lsb(x):
    if isinstance(x, types.Integer):
        return lambda x: _cttz(x)
    return None


@overload(msb, jit_options={"cache": True})  # type: ignore[typeddict-unknown-key]
def _msb(x):
    if isinstance(x, types.Integer):
        return lambda x: _ctlz(x)
    return None


@overload(popcount, jit_options={"cache": True})  # type: ignore[typeddict-unknown-key]
def _popcount(x):
    if isinstance(x, types.Integer):
        return lambda x: _ctpop(x)
    return None
