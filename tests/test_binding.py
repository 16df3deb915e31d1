"""Binding templates to games: bound copies keep their template's line numbers, and a
template that breaks the contract is refused naming its file."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

import gamecore
from gamecore import binding


@pytest.mark.parametrize("game_name", ["chess", "connect4"])  # own kernel; one with defaults
@pytest.mark.parametrize("template", ["alphabeta", "ordering", "learning", "evaluation", "perft"])
def test_a_bound_copy_keeps_the_template_line_for_line(game_name, template):
    """A traceback into the bound copy then points at the same line of the template."""
    dotted = f"gamecore.algorithms.{template}"
    bound = binding.bind(gamecore.get_game(game_name), dotted)
    original = Path(importlib.import_module(dotted).__file__).read_text().splitlines()
    copy = Path(bound.__file__).read_text().splitlines()
    assert len(copy) == len(original) + 2  # a blank line and the footer naming the template
    assert dotted.replace(".", "/") + ".py bound to" in copy[-1]
    for number, line in enumerate(original):
        if line.startswith("def ") or line.startswith("@kernel"):
            assert copy[number] == line, f"line {number + 1} moved"


def test_a_template_without_the_kernel_import_is_refused_by_file(tmp_path, monkeypatch):
    (tmp_path / "broken_template.py").write_text(
        "from gamecore.jit import kernel\nimport gamecore.kernel_api as game\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("broken_template", None)
    with pytest.raises(RuntimeError, match=r"broken_template\.py does not import the kernel"):
        binding.bind(gamecore.get_game("chess"), "broken_template")


def test_two_checkouts_keep_each_others_bound_copies(tmp_path):
    """Bound copies of another fingerprint (another checkout's code) stay while in use;
    only one unused for STALE_SECONDS goes, with its compiled cache."""
    import os
    import time

    from gamecore import binding

    prefix = "_bound_game_search_jit_"
    mine = binding._write_once(tmp_path / f"{prefix}aaaa.py", "mine = 1\n", prefix)
    theirs = binding._write_once(tmp_path / f"{prefix}bbbb.py", "theirs = 1\n", prefix)
    binding._write_once(mine, "mine = 1\n", prefix)  # the first checkout runs again
    assert mine.exists() and theirs.exists()
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / f"{theirs.stem}.search-1.py311.nbi").write_text("index")
    long_ago = time.time() - binding.STALE_SECONDS - 60
    os.utime(theirs, (long_ago, long_ago))
    binding._write_once(mine, "mine = 1\n", prefix)
    assert mine.exists() and not theirs.exists() and not any(cache.iterdir())
