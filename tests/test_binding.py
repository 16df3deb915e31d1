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
