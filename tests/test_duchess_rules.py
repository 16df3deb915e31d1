"""Duchess rules on hand-built positions: teleports, promotion, passes, team wins, draws, legality.

Positions are written with :func:`position`: each seat's pieces (its King defaults to its own
back-row c1 cell), lost pieces after ``|``.
"""

from __future__ import annotations

import pytest

from gamecore.errors import BadPosition
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from gamecore.registry import get_game
from games.duchess import layout
from games.duchess import rules_table as R
from games.duchess.notation import CELL_OF_NAME

FLAP = {6: "ABCDEF", 4: "ABDE", 2: "AD"}


def position(players: int = 6, turn: str = "red", quiet: int = 0, passes: int = 0, **groups) -> str:
    names = R.SEAT_NAMES[:players]
    parts = [f"players={players} turn={turn} quiet={quiet} passes={passes} moves=0"]
    for seat, name in enumerate(names):
        body = groups.get(name, f"K{FLAP[players][seat]}c1")
        parts.append(f"{name}:{body}")
    return " ".join(parts)


def state_of(text: str, players: int = 6, **options):
    return get_game("duchess", players=players, **options).state_from_text(text)


def texts(state) -> list[str]:
    return sorted(state.move_text(m) for m in state.legal_moves())


def targets(state, frm: str) -> set[str]:
    return {t.split("-")[1] for t in texts(state) if t.startswith(frm + "-")}


def tags(state, text: str) -> frozenset[str]:
    return state.game.move_tags(state.arrays, state.parse_move(text))


# -- teleports ---------------------------------------------------------------------------------


def test_teleport_next_to_own_wizard_never_takes() -> None:
    state = state_of(position(red="KAc1,WAi1,NAo2", blue="KBc1,PAo3"))
    knight = {"Ab3", "Ad3", "Aa4", "Ae4", "Bo3", "Bi1", "Fo1", "Fi1"}
    teleport = {"Ao1", "Ai2", "Fi2", "V"}  # empty cells next to Ai1; Ao3 holds a blue pawn
    assert targets(state, "Ao2") == knight | teleport
    assert tags(state, "Ao2-V") == {"teleport"}
    assert tags(state, "Ao2-Bi1") == frozenset()  # a knight jump as well: one ordinary move
    assert len([t for t in texts(state) if t.startswith("Ao2-")]) == 12


def test_teleport_through_a_partners_wizard_and_not_an_enemys() -> None:
    text = position(red="KAc1,WAe1,NCo2,PEo2", yellow="KCc1,WCi1", magenta="KEc1", blue="KBc1,WEi1")
    state = state_of(text)
    knight = {"Bo1", "Bi1", "Cb3", "Cd3", "Ca4", "Ce4", "Do3", "Di1"}
    near_yellow = {"Bi1", "Bi2", "Co1", "Co3", "Ci2", "Di1", "V"}
    near_own = {"Ad1", "Ad2", "Ae2"}
    assert targets(state, "Co2") == knight | near_yellow | near_own
    # the pawn next to the blue Wizard only steps (blue is the other team)
    assert targets(state, "Eo2") == {"Eo1", "Eo3", "Ec4"}


def test_wizard_teleports_next_to_a_partners_wizard_from_anywhere() -> None:
    text = position(red="KAc1,WAa1", yellow="KCc1,WCi1", blue="KBc1,WEi1")
    state = state_of(text)
    steps = {"Ab1", "Aa2", "Ab2"}
    near_yellow = {"Bi1", "Bi2", "Co1", "Co2", "Co3", "Ci2", "Di1", "V"}
    assert targets(state, "Aa1") == steps | near_yellow
    # a blue Wizard does not serve red: nothing next to Ei1 except by chance of yellow's
    assert not targets(state, "Aa1") & {"Eo1", "Eo2", "Eo3", "Ei2"}


def test_kings_may_teleport() -> None:
    state = state_of(position(red="KAc1,WAb1"))
    steps = {"Ad1", "Ab2", "Ac2", "Ad2"}
    assert targets(state, "Ac1") == steps | {"Aa1", "Aa2"}
    assert tags(state, "Ac1-Aa2") == {"teleport"}


def test_a_checkmated_players_wizard_still_serves() -> None:
    # Yellow's King on Ca1 is mated by green's rooks on Ca3 and Cb3.
    groups = dict(red="KAc1,NCo2", yellow="KCa1,WCi1", green="KDc1,RCa3,RCb3")
    mated = state_of(position(turn="yellow", **groups))
    assert texts(mated) == ["pass"] and mated.in_check()
    assert mated.status() == ONGOING
    state = state_of(position(**groups))
    assert {"V", "Ci2", "Di1", "Bi2"} <= targets(state, "Co2")
    assert tags(state, "Co2-V") == {"teleport"}


# -- promotion --------------------------------------------------------------------------------


def test_one_promotion_per_distinct_lost_type() -> None:
    state = state_of(position(red="KAc1,PAi1|BBRN"))
    assert [t for t in texts(state) if t.startswith("Ai1-V")] == ["Ai1-V=B", "Ai1-V=N", "Ai1-V=R"]
    assert tags(state, "Ai1-V=R") == {"promotion"}
    state.push_text("Ai1-V=R")
    assert "PAi1" not in state.to_text() and "RV" in state.to_text()
    assert state.to_text().split()[5] == "red:KAc1,RV|BBN"  # the rook came out of the box
    state.pop()
    assert state.to_text().split()[5] == "red:KAc1,PAi1|RBBN"  # written in K Q R B N .. order


def test_nothing_lost_means_the_pawn_stays_a_pawn() -> None:
    state = state_of(position(red="KAc1,PAi1"))
    assert [t for t in texts(state) if "-V" in t] == ["Ai1-V"]
    state.push_text("Ai1-V")
    assert "PV" in state.to_text()


def test_capture_promotion_onto_the_vortex() -> None:
    state = state_of(position(red="KAc1,PAi2|Q", blue="KBc1,NV"))
    assert [t for t in texts(state) if "-V" in t] == ["Ai2-V=Q"]
    assert tags(state, "Ai2-V=Q") == {"capture", "promotion"}
    state.push_text("Ai2-V=Q")
    assert state.to_text().split()[5:7] == ["red:KAc1,QV", "blue:KBc1|N"]


def test_teleport_promotion() -> None:
    state = state_of(position(red="KAc1,WAi2,PAo1|DF"))
    assert {"V=D", "V=F"} <= {t.split("-")[1] for t in texts(state) if t.startswith("Ao1-")}
    assert tags(state, "Ao1-V=F") == {"teleport", "promotion"}
    with pytest.raises(Exception, match="promotes: add one of =D, =F"):
        state.parse_move("Ao1-V")


def test_promotion_to_a_wizard_makes_it_serve() -> None:
    state = state_of(position(red="KAc1,PAi1,NBi1|W"))
    state.push_text("Ai1-V=W")
    assert int(state.arrays[0][layout.WIZ_AT + 0]) == CELL_OF_NAME["V"]
    text = state.to_text().replace("turn=blue", "turn=red")
    assert {"Ci1", "Ai1"} <= targets(state_of(text), "Bi1")  # next to the new Wizard
    state.pop()
    assert int(state.arrays[0][layout.WIZ_AT + 0]) == -1


# -- passes and team wins ------------------------------------------------------------------------


def test_stalemate_and_checkmate_pass() -> None:
    stalemate = state_of(position(turn="yellow", yellow="KCa1", blue="KBc1,RCb3,RCe2"))
    assert texts(stalemate) == ["pass"] and not stalemate.in_check()
    stalemate.push_text("pass")
    assert stalemate.player == 3 and stalemate.status() == ONGOING
    assert stalemate.game.move_tags(stalemate.arrays, layout.PASS) == {"pass"}
    with pytest.raises(Exception, match="cannot pass"):
        state_of(position()).parse_move("pass")


MATED = dict(
    red="KAa1",
    yellow="KCa1",
    magenta="KEa1",
    blue="KBc1,RAb3,RAc4",
    green="KDc1,RCa3,RCb3",
    cyan="KFc1,REa3,REb3",
)


def test_team_wins_when_all_three_kings_are_mated_at_once() -> None:
    state = state_of(position(turn="blue", **MATED))
    assert state.status() == ONGOING
    state.push_text("Ac4-Aa4")  # mates red; yellow and magenta already are
    assert state.player == 2 and state.legal_moves() == []
    assert state.status() == LOSS and state.winner_team() == 1
    assert state.game.describe_result(state) == (
        "blue-green-cyan wins: every player of red-yellow-magenta is checkmated"
    )
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0, -1.0, 1.0]


def test_a_position_whose_waiting_team_is_already_mated_is_refused() -> None:
    """Play never reaches it: the team mated all at once is always the one to move."""
    state = state_of(position(turn="blue", **MATED))
    state.push_text("Ac4-Aa4")
    over = state.to_text()
    assert "turn=yellow" in over and state_of(over).status() == LOSS  # loads: the loser moves
    with pytest.raises(BadPosition, match="red-yellow-magenta, the team not to move, is already"):
        state_of(over.replace("turn=yellow", "turn=green"))


def test_no_win_while_one_king_of_the_team_is_free() -> None:
    state = state_of(position(turn="blue", **{**MATED, "magenta": "KEc1"}))
    state.push_text("Ac4-Aa4")
    assert texts(state) == ["pass"] and state.status() == ONGOING
    state.push_text("pass")  # yellow is mated: passes; green moves on
    assert state.player == 3


def test_two_player_checkmate_wins() -> None:
    text = position(players=2, turn="red", red="KAa1", blue="KDc1,RAa4,RAb3")
    state = state_of(text, players=2)
    assert state.legal_moves() == [] and state.status() == LOSS
    assert state.game.describe_result(state) == "blue wins: red is checkmated"


# -- draws --------------------------------------------------------------------------------------


def test_a_full_round_of_passes_draws() -> None:
    state = state_of(position(turn="yellow", passes=5, yellow="KCa1", blue="KBc1,RCb3,RCe2"))
    assert state.status() == ONGOING
    state.push_text("pass")
    assert state.status() == DRAW
    assert state.game.describe_result(state) == "draw: every player passed for a full round"
    state.pop()
    assert int(state.arrays[0][layout.PASSES]) == 5


def test_quiet_rule() -> None:
    assert R.QUIET_LIMIT == 150
    state = state_of(position(quiet=149, red="KAc1,NAb2,PAa3"))
    state.push_text("Ab2-Ac4")
    assert state.status() == DRAW
    assert "150-move rule" in state.game.describe_result(state)
    state.pop()
    state.push_text("Aa3-Aa4")  # a pawn move resets the count
    assert state.status() == ONGOING and int(state.arrays[0][layout.QUIET]) == 0


def test_threefold_repetition_same_player_to_move() -> None:
    state = state_of(position(players=2, red="KAc1,NAb2", blue="KDc1,NDb2"), players=2)
    cycle = ["Ab2-Ac4", "Db2-Dc4", "Ac4-Ab2", "Dc4-Db2"]
    for _ in range(2):
        for text in cycle:
            assert state.status() == ONGOING
            state.push_text(text)
    assert state.status() == DRAW
    assert state.game.describe_result(state) == "draw by threefold repetition"


def test_repeated_marks_every_recurrence_for_the_search() -> None:
    """The search scores a repeated position as a draw: the first recurrence already counts."""
    state = state_of(position(players=2, red="KAc1,NAb2", blue="KDc1,NDb2"), players=2)
    kernel = state.game.kernel
    for text in ["Ab2-Ac4", "Db2-Dc4", "Ac4-Ab2"]:
        state.push_text(text)
        assert not kernel.repeated(state.arrays)
    state.push_text("Dc4-Db2")
    assert kernel.repeated(state.arrays) and state.status() == ONGOING
    state.push_text("Ab2-Ac4")  # the position after the first move, again
    assert kernel.repeated(state.arrays)


def test_threefold_repetition_six_players() -> None:
    state = state_of(position())
    cycle = [f"{f}c1-{f}c2" for f in "ABCDEF"] + [f"{f}c2-{f}c1" for f in "ABCDEF"]
    for lap in range(2):
        for i, text in enumerate(cycle):
            assert state.status() == ONGOING, (lap, i)
            state.push_text(text)
    assert state.status() == DRAW


def test_move_limit_option() -> None:
    state = state_of(position(), move_limit=4)
    for text in ["Ac1-Ac2", "Bc1-Bc2", "Cc1-Cc2"]:
        state.push_text(text)
        assert state.status() == ONGOING
    state.push_text("Dc1-Dc2")
    assert state.status() == DRAW
    assert "move limit of 4 plies" in state.game.describe_result(state)
    assert state_of(position(), move_limit=0).arrays[0][layout.LIMIT] == 0


# -- legality --------------------------------------------------------------------------------------


def test_pinned_piece_and_king_steps() -> None:
    # The red knight on Ac2 shields its King from the blue rook on Ac4: it may not move.
    state = state_of(position(red="KAc1,NAc2", blue="KBc1,RAc4"))
    assert targets(state, "Ac2") == set()
    # the King may not step onto a cell the rook attacks, nor next to an enemy King
    state = state_of(position(red="KAc1", blue="KAe1,RAb4"))
    assert targets(state, "Ac1") == {"Ac2"}


def test_only_the_movers_own_king_matters() -> None:
    # Red's knight may leave yellow's King in check: only the mover's King counts.
    state = state_of(position(red="KAc1,NCc2", yellow="KCc1", blue="KBc1,RCc4"))
    assert targets(state, "Cc2")
    assert not state.in_check()


def test_kings_are_never_taken_and_never_entered() -> None:
    state = state_of(position(red="KAc1,QAc3", blue="KAc4"))
    assert "Ac4" not in targets(state, "Ac3")  # the queen attacks the blue King but cannot take it
    state = state_of(position(red="KAc1,QAc3", yellow="KAc4"))
    assert "Ac4" not in targets(state, "Ac3")


def test_pawns_move_orthogonally_and_take_diagonally_any_way() -> None:
    state = state_of(position(red="KAc1,PBc3", blue="KBe1,NBb2,PBd4", yellow="KCc1,NBb4"))
    # steps to the four empty orthogonal cells; takes blue on Bb2 and Bd4, not yellow on Bb4
    assert targets(state, "Bc3") == {"Bb3", "Bd3", "Bc4", "Bc2", "Bb2", "Bd4"}


def test_a_checkmated_player_passes_and_the_kit_accepts_it() -> None:
    """Green is in check with no move: its one legal move, a pass, leaves its king attacked."""
    from gamecore.testing import check_make_unmake

    game = get_game("duchess", players=6)
    state = game.state_from_text(
        "players=6 turn=green quiet=2 passes=0 moves=63 red:KAb1,QAa2,WDc3|RBNPDF "
        "blue:KBa1,RBo2|W yellow:KCb1,PCi1,WDb2|D green:KDb1,BEa2 magenta:NCb2,KEa1 "
        "cyan:WAd1,KFc1,QV|NDF"
    )
    assert [game.move_to_text(state.arrays, m) for m in state.legal_moves()] == ["pass"]
    assert state._kernel.king_attacked(state.arrays, state.player)
    check_make_unmake(state)
