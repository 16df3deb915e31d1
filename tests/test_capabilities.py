"""Capabilities mean something: algorithms read them, and refuse a game they cannot handle."""

import numpy as np
import pytest

from gamecore import FeatureSet
from gamecore.errors import Unsupported
from gamecore.learners import RootStrap, TDLeaf, TreeStrapAlphaBeta, TreeStrapMinimax
from gamecore.registry import get_game
from gamecore.search import Searcher, SearchParams
from tests.toys.extra_turn_nim import ExtraTurnNim


class FeaturelessNim(ExtraTurnNim):
    """The same game with an empty feature vector: searchable, but nothing to learn."""

    name = "featureless-nim"
    feature_set = FeatureSet("none", 1, 0)


def test_capabilities_describe_the_kernel():
    chess = get_game("chess").capabilities
    nim = ExtraTurnNim().capabilities
    count = get_game("chess").feature_set.count
    assert (chess.has_kings, chess.null_move, chess.features) == (True, True, count)
    assert (nim.has_kings, nim.null_move, nim.features) == (False, False, 64)


def test_the_tournament_search_prunes_with_null_moves_only_where_the_kernel_has_them():
    chess = get_game("chess")
    nim = ExtraTurnNim()
    with_null = Searcher(chess, np.zeros(chess.feature_set.count), SearchParams.tournament())
    without = Searcher(nim, np.zeros(64), SearchParams.tournament())
    assert with_null.params.null_move and not without.params.null_move
    assert without.params.futility  # everything else is kept


@pytest.mark.parametrize("learner", [TreeStrapAlphaBeta, TreeStrapMinimax, RootStrap, TDLeaf])
def test_a_learner_refuses_a_game_without_features_in_one_line(learner):
    with pytest.raises(Unsupported) as caught:
        learner(FeaturelessNim(), np.zeros(0))
    message = str(caught.value)
    assert "\n" not in message
    assert "featureless-nim" in message and learner.name in message and "features" in message


def test_require_names_unknown_capabilities():
    with pytest.raises(ValueError, match="unknown capability"):
        ExtraTurnNim().capabilities.require("nim", "wings", by="a test")
