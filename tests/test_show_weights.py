"""Heat maps of piece-square weights: values read from the right features, PNGs written."""

from __future__ import annotations

import numpy as np
import pytest

from gamecore.errors import BadOption
from gamecore.heatmap import cell_colors, cell_values
from gamecore.registry import get_game
from gamecore.weights import Weights
from tests.cli import run_cli


def test_cell_values_read_the_piece_square_weights():
    game = get_game("chess")
    theta = np.zeros(game.feature_set.count)
    from games.chess.features import PSQT

    theta[PSQT + 64 * 1 + 18] = 5.0  # an own knight on c3
    values = cell_values(game, theta, "N")
    assert values[18] == 5.0
    assert np.count_nonzero(values) == 1
    assert cell_values(game, theta, "B")[18] == 0.0


def test_cells_without_a_square_weight_are_blank():
    game = get_game("checkers")
    values = cell_values(game, Weights.default(game).theta, "man")
    assert np.isfinite(values[:32]).all() and np.isnan(values[32:]).all()
    colours = cell_colors(values)
    assert colours[40] == (200, 200, 200)


def test_colour_scale_is_diverging_around_zero():
    colours = cell_colors(np.array([-2.0, 0.0, 2.0, 1.0]))
    assert colours[1] == (247, 247, 247)
    assert colours[0][2] > colours[0][0]  # negative: blue
    assert colours[2][0] > colours[2][2]  # positive: red
    assert colours[3] not in (colours[1], colours[2])


def test_unknown_piece_is_refused():
    with pytest.raises(BadOption, match="no piece-square weights for 'queen'"):
        cell_values(get_game("checkers"), np.zeros(248), "queen")


def test_show_weights_writes_a_png(tmp_path):
    out = tmp_path / "rook.png"
    result = run_cli("show-weights", "chess", "--piece", "R", "--out", str(out))
    assert result.returncode == 0 and "wrote" in result.stdout
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("connect4",), "no piece-square features"),
        (("checkers", "--piece", "queen"), "no piece-square weights for 'queen'"),
        (("chess", "--weights", "missing.npz"), "missing.npz"),
        (("chess", "--out", "/nonexistent/dir/x.png"), "cannot write"),
    ],
)
def test_show_weights_errors_are_one_line(args, message):
    result = run_cli("show-weights", *args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
