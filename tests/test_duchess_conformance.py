"""Duchess passes the gamecore conformance kit with 2, 4 and 6 players, from the start and from
positions where teleports, promotions, passes and mates come at once."""

from typing import Any, ClassVar

from gamecore.testing import GameConformance

TRICKY_6 = (
    # Wizards in the middle: teleports for both teams, a red pawn next to the vortex with lost
    # pieces to promote to, a checked blue King.
    "players=6 turn=red quiet=0 passes=0 moves=0 "
    "red:KAc1,WAi1,PAo2,QAo3|NBRDF blue:KBc1,WBi1,RBo2 yellow:KCc1,WCi2,PCi1|D "
    "green:KDc1,BDo1 magenta:KEc1,NEi1 cyan:KFc1,WFi2,PFo1|NFDQ",
    # Few pieces: Kings and Wizards shuffle (repetitions, the quiet rule, passes).
    "players=6 turn=blue quiet=140 passes=0 moves=0 red:KAc1,WAa1 blue:KBc1 yellow:KCc1,RCa2 "
    "green:KDc1 magenta:KEc1,QEc3 cyan:KFc1,WFe1",
)
TRICKY_4 = (
    "players=4 turn=yellow quiet=0 passes=0 moves=0 red:KAc1,WAi1,PAi2|QN blue:KBc1,WBi1,NBo3 "
    "yellow:KDc1,WDi1,PDo1|R green:KEc1,FEo2,WEi2",
)
TRICKY_2 = (
    "players=2 turn=blue quiet=0 passes=0 moves=0 red:KAc1,WAi1,PAi2,RAo1|QDF "
    "blue:KDc1,WDi1,PDi2,QDo3|R",
)


class TestDuchessSix(GameConformance):
    game_name = "duchess"
    max_plies = 80
    perft_depth = 2
    start_positions = TRICKY_6


class TestDuchessFour(GameConformance):
    game_name = "duchess"
    game_options: ClassVar[dict[str, Any]] = {"players": 4}
    max_plies = 80
    perft_depth = 2
    start_positions = TRICKY_4


class TestDuchessTwo(GameConformance):
    game_name = "duchess"
    game_options: ClassVar[dict[str, Any]] = {"players": 2}
    max_plies = 80
    perft_depth = 2
    start_positions = TRICKY_2
