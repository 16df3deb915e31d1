"""How the fields of :class:`~gamecore.training.config.TrainConfig` appear on the command line.

Each field carries its option's help, validator, choices and metavar in its metadata
(:func:`cli`), or says it is no option (:data:`NOT_AN_OPTION`), so a setting is
described in one place and ``gamecore train``'s options, the values it hands to
:func:`~gamecore.training.config.configure` and the dataclass cannot drift apart.

Validators are named, not imported: :mod:`gamecore.commands.validate` is the CLI's,
and the library (:mod:`gamecore.training.trainer`) does not load the CLI to describe itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

KEY = "gamecore.cli"
"""The metadata key under which a field keeps its :class:`CliOption` (None: not an option)."""


@dataclass(frozen=True)
class CliOption:
    """A field's command-line option: ``--name-with-dashes`` unless ``name`` says otherwise."""

    help: str
    validator: str | None = None
    """The argparse type refusing impossible values: a name in
    :mod:`gamecore.commands.validate` (None: the text as given)."""
    validator_args: tuple[Any, ...] = ()
    """Given, ``validator`` names a factory called with them (``integer``, ``real``)."""
    metavar: str | None = None
    choices: Sequence[str] | None = None
    boolean: bool = False
    """``--x`` and ``--no-x`` (``argparse.BooleanOptionalAction``)."""
    name: str | None = None
    """The option string where it is not the field's name (``--lambda`` for ``lam``)."""


def cli(
    help: str,
    *,
    validator: str | None = None,
    validator_args: tuple[Any, ...] = (),
    metavar: str | None = None,
    choices: Sequence[str] | None = None,
    boolean: bool = False,
    name: str | None = None,
) -> Mapping[str, Any]:
    """A field's metadata making it an option of ``gamecore train``."""
    option = CliOption(help, validator, validator_args, metavar, choices, boolean, name)
    return MappingProxyType({KEY: option})


NOT_AN_OPTION: Mapping[str, Any] = MappingProxyType({KEY: None})
"""A field's metadata saying it is set otherwise (the positional GAME, ``-o``) or not at all."""


def cli_option(field: dataclasses.Field) -> CliOption | None:
    """The field's option, or None; a field that says neither is a mistake, refused here so
    that a new setting cannot silently miss the command line."""
    if KEY not in field.metadata:
        raise TypeError(f"field {field.name!r} needs metadata=cli(...) or metadata=NOT_AN_OPTION")
    option: CliOption | None = field.metadata[KEY]
    return option


def option_fields(cls: type) -> list[tuple[dataclasses.Field, CliOption]]:
    """The fields of dataclass ``cls`` that are options, with them, in the order of ``--help``."""
    pairs = [(field, cli_option(field)) for field in dataclasses.fields(cls)]
    return [(field, option) for field, option in pairs if option is not None]


def option_string(field: dataclasses.Field, option: CliOption) -> str:
    """The option naming ``field`` on the command line."""
    return option.name or "--" + field.name.replace("_", "-")
