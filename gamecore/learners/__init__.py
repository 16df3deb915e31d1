"""The learners, one algorithm per module, by their command-line names."""

from gamecore.learners.base import Learner
from gamecore.learners.rootstrap import RootStrap
from gamecore.learners.td0 import TD0
from gamecore.learners.tdleaf import TDLeaf
from gamecore.learners.treestrap_ab import TreeStrapAlphaBeta
from gamecore.learners.treestrap_mm import TreeStrapMinimax

LEARNERS: dict[str, type[Learner]] = {
    cls.name: cls for cls in (TreeStrapAlphaBeta, TreeStrapMinimax, RootStrap, TDLeaf, TD0)
}

__all__ = [
    "LEARNERS",
    "TD0",
    "Learner",
    "RootStrap",
    "TDLeaf",
    "TreeStrapAlphaBeta",
    "TreeStrapMinimax",
]
