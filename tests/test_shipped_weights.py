"""Every weights file a game ships loads for it, and every learned one says how strong it is."""

from __future__ import annotations

import pytest

import gamecore
from gamecore.cli import main
from gamecore.registry import game_names
from gamecore.weights import Weights


def shipped() -> list[tuple[str, str]]:
    return [
        (name, weights)
        for name in game_names()
        for weights in gamecore.get_game(name).named_weights()
    ]


@pytest.mark.parametrize(("game_name", "weights_name"), shipped())
def test_shipped_weights_load_and_learned_ones_state_their_strength(game_name, weights_name):
    game = gamecore.get_game(game_name)
    weights = Weights.load(str(game.named_weights()[weights_name]), game)
    assert weights.theta.size == game.feature_set.count
    if weights_name != "default":
        assert weights.metadata.get("strength"), f"{game_name} {weights_name}: no strength"


def test_duchess_ships_learned_weights_for_every_player_count(capsys):
    names = gamecore.get_game("duchess").named_weights()
    for players in (2, 4, 6):
        weights = Weights.load(str(names[f"learned-{players}p"]))
        assert weights.metadata["players"] == players
    assert main(["games"]) == 0
    assert "learned-6p: 150/98/52 over 300 games" in capsys.readouterr().out
