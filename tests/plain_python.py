"""Run kernels as plain Python (``NUMBA_DISABLE_JIT=1``) in a fresh process, for comparison.

Every kernel must also run uncompiled — that is how plugins are debugged — and
give the same answers, warning-free (``-W error`` catches uint64 overflow in
plain numpy). The subprocess keeps this process's GAMECORE_CACHE_DIR: a fresh
one would make the cache guard drop the packages' compiled kernels for everyone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

_FEATURES_SCRIPT = """
import json, sys
from gamecore.registry import get_game
game = get_game(sys.argv[1])
assert not game.capabilities.jit
out = []
for text in json.loads(sys.stdin.read()):
    idx, val = game.state_from_text(text).features()
    out.append(sorted(zip(idx.tolist(), val.tolist(), strict=True)))
print(json.dumps(out))
"""


def run_without_jit(script: str, *args: str, stdin: str | None = None) -> str:
    """Run ``script`` with numba switched off; returns its stdout, asserting it succeeded."""
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", script, *args],
        input=stdin,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def assert_features_match_plain_python(game, positions: list[str]) -> None:
    """The compiled features of every position equal those of the uncompiled kernel."""
    plain = json.loads(run_without_jit(_FEATURES_SCRIPT, game.name, stdin=json.dumps(positions)))
    assert len(plain) == len(positions)
    for text, got in zip(positions, plain, strict=True):
        idx, val = game.state_from_text(text).features()
        assert [list(p) for p in sorted(zip(idx.tolist(), val.tolist(), strict=True))] == got, text
