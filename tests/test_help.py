"""Every command explains itself in plain text: a description, and no Sphinx markup."""

from __future__ import annotations

import argparse
import re

import pytest

from gamecore.cli import build_parser

MARKUP = re.compile(r":(mod|func|class|meth|attr|data):`|``")


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_the_top_level_help_is_plain_text():
    assert not MARKUP.search(build_parser().format_help())


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_command_has_a_plain_description(name):
    parser = commands()[name]
    assert parser.description and len(parser.description) > 40, name
    found = MARKUP.search(parser.format_help())
    assert found is None, f"{name}: {found.group(0) if found else ''}"
