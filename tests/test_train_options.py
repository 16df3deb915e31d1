"""`gamecore train`'s options are TrainConfig's fields: each shows in --help, reaches its field,
and a new field cannot be added without saying whether it is an option."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

import pytest

from gamecore.cli import build_parser
from gamecore.commands.train import build_config
from gamecore.training.options import (
    NOT_AN_OPTION,
    CliOption,
    cli,
    cli_option,
    option_fields,
    option_string,
)
from gamecore.training.trainer import TrainConfig, Trainer, configure
from gamecore.training.worker import games_for

GAME = "breakthrough"
NUMBERS = ("6", "0.375", "150")
"""Values tried in turn for an option with a validator: each is refused by some validators
(6 is no share of 1, 0.375 no whole number, 150 nodes the least cap)."""
OPTIONS = option_fields(TrainConfig)


def parse(*argv: str):
    return build_parser().parse_args(["train", GAME, *argv])


@pytest.fixture
def help_text(capsys) -> str:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["train", "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def _listed(help_text: str, flag: str) -> bool:
    """``flag`` starts an entry of the options list (not merely a longer option's prefix)."""
    return re.search(rf"(?m)^  {re.escape(flag)}(,| |$)", help_text) is not None


def _sample_values(name: str, option: CliOption, flag: str) -> list[tuple[list[str], object]]:
    """Command-line words setting option ``name`` away from what a plain run resolves, with
    the value each must reach the field with."""
    baseline = getattr(build_config(parse())[0], name)
    if option.boolean:
        return [([flag], True), ([f"--no-{flag[2:]}"], False)]
    if option.choices is not None:
        choice = next(c for c in option.choices if c != baseline)
        return [([flag, choice], choice)]
    if option.validator is None:
        return [([flag, "sample-7"], "sample-7")]
    for text in NUMBERS:
        try:
            value = getattr(parse(flag, text), name)
        except SystemExit:  # refused by this option's validator: try the next number
            continue
        if value != baseline:
            return [([flag, text], value)]
    raise AssertionError(f"no sample value for {flag}")


def test_every_field_is_an_option_or_says_it_is_not():
    """A field added without ``metadata=cli(...)`` or ``NOT_AN_OPTION`` fails here."""
    for each in dataclasses.fields(TrainConfig):
        option = cli_option(each)  # TypeError for a field that says neither
        assert option is None or isinstance(option, CliOption), each.name


def test_a_field_that_says_nothing_is_refused():
    @dataclass
    class Config:
        given: int = field(default=0, metadata=cli("an option"))
        hidden: int = field(default=0, metadata=NOT_AN_OPTION)
        forgotten: int = 0

    with pytest.raises(TypeError, match="'forgotten' needs metadata=cli"):
        option_fields(Config)


def test_fields_that_are_no_options_stay_off_the_command_line(help_text):
    hidden = [f.name for f in dataclasses.fields(TrainConfig) if cli_option(f) is None]
    assert hidden == ["game", "game_options", "init_scale"]
    for name in hidden:
        assert not _listed(help_text, "--" + name.replace("_", "-"))


def test_option_strings_and_destinations_are_unique():
    flags = [option_string(f, option) for f, option in OPTIONS]
    assert len(set(flags)) == len(flags) == len(OPTIONS)
    assert "--lambda" in flags and "--lam" not in flags


@pytest.mark.parametrize(("each", "option"), OPTIONS, ids=[f.name for f, _ in OPTIONS])
def test_an_option_shows_in_help_and_reaches_its_field(help_text, each, option):
    flag = option_string(each, option)
    assert _listed(help_text, flag)
    if option.boolean:
        assert f"--no-{flag[2:]}" in help_text
    # --games keeps a given schedule from being read against the game (a sample --stages).
    extra = [] if each.name == "games" else ["--games", "7"]
    for words, value in _sample_values(each.name, option, flag):
        args = parse(*words, *extra)
        assert getattr(args, each.name) == value
        config, checkpoint = build_config(args)
        assert checkpoint is None
        assert getattr(config, each.name) == value, words


def test_an_option_not_given_leaves_the_recipe_and_the_default():
    args = parse()
    assert all(getattr(args, f.name) is None for f, _ in OPTIONS)


@pytest.mark.parametrize(
    ("argv", "settings"),
    [
        ((), {}),
        (
            ("--vs", "random", "--games", "3", "--quiet-leaves", "--lambda", "0.5"),
            {"vs": "random", "games": 3, "quiet_leaves": True, "lam": 0.5},
        ),
        (("--time-per-move", "0.5", "--no-average"), {"time_per_move": 0.5, "average": False}),
    ],
)
def test_python_and_the_command_line_build_the_same_run(argv, settings):
    """`gamecore train` resolves its options through the same `configure` as Python."""
    from_python = Trainer(configure(GAME, **settings))
    config, _ = build_config(parse(*argv))
    from_cli = Trainer(config)
    assert from_cli.config == from_python.config
    assert from_cli.config == configure(GAME, **settings)


def test_a_worker_plays_the_run_the_driver_resolved():
    """A network run's worker learns the network too (its starting weights once came from
    ``zeros``, which are linear, and the worker refused the run)."""
    config = configure("duchess", evaluation="network-pairs", games=1)
    driver = Trainer(config)
    worker = games_for(config)
    assert worker.evaluation.name == driver.evaluation.name == "network-pairs"
    assert worker.learner.theta.shape == driver.learner.theta.shape
    mine = {k: v for k, v in worker._learner_options.items() if k != "evaluation"}
    assert mine == {k: v for k, v in driver._learner_options.items() if k != "evaluation"}
