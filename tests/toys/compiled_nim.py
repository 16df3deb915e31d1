"""Extra-turn Nim with its kernel compiled by numba: the same rules as
``tests.toys.extra_turn_nim``, so the compiled defaults of the optional kernel
functions are inlined into a compiled search, and its results can be compared
with the plain-Python game's.
"""

from gamecore.jit import kernel
from tests.toys import extra_turn_nim as rules

gen_moves = kernel(rules.gen_moves)
make_move = kernel(rules.make_move)
unmake_move = kernel(rules.unmake_move)
side_to_move = kernel(rules.side_to_move)
team_to_move = kernel(rules.team_to_move)
status = kernel(rules.status)
hash_of = kernel(rules.hash_of)
hash_full = hash_of
ply_of = kernel(rules.ply_of)
features = kernel(rules.features)


class CompiledExtraTurnNim(rules.ExtraTurnNim):
    """Extra-turn Nim, compiled."""

    name = "compiled-extra-turn-nim"
    kernel_module = "tests.toys.compiled_nim"
