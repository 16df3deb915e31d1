"""The test suites every game ships: they read, and their held-out parts stay held out."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamecore
from gamecore.suites import read_suite

GAMES = Path(gamecore.__file__).parent.parent / "games"
SHIPPED = sorted(
    (game.name, path.stem.removesuffix("-holdout"))
    for game in GAMES.iterdir()
    if (game / "suites").is_dir()
    for path in (game / "suites").glob("*.txt")
    if not path.stem.endswith("-holdout")
)


def suite_files(game: str, name: str) -> tuple[Path, Path]:
    folder = GAMES / game / "suites"
    return folder / f"{name}.txt", folder / f"{name}-holdout.txt"


def test_every_game_ships_suites_and_chess_ships_win_at_chess():
    assert {game for game, _ in SHIPPED} == {"chess", "checkers", "duchess"}
    assert ("chess", "wac") in SHIPPED and ("chess", "tactics") in SHIPPED


@pytest.mark.parametrize(("game", "name"), SHIPPED)
def test_a_shipped_suite_reads_and_its_holdout_is_apart(game, name):
    tuning, holdout = suite_files(game, name)
    rules = gamecore.get_game(game)
    seen = read_suite(rules, str(tuning))
    held = read_suite(rules, str(holdout))
    assert len(held) >= len(seen) // 4 > 0
    assert not {p.position for p in seen} & {p.position for p in held}
    assert len({p.name for p in seen + held}) == len(seen) + len(held)
    for position in seen + held:
        state = rules.state_from_text(position.position)
        assert set(position.best) <= set(state.legal_moves())


def test_win_at_chess_is_all_300_with_every_fourth_held_out():
    chess = gamecore.get_game("chess")
    tuning, holdout = (read_suite(chess, str(p)) for p in suite_files("chess", "wac"))
    assert [p.name for p in holdout] == [f"WAC.{n:03d}" for n in range(4, 301, 4)]
    assert sorted(p.name for p in tuning + holdout) == [f"WAC.{n:03d}" for n in range(1, 301)]
    alternatives = {p.name: len(p.best) for p in tuning + holdout}
    assert alternatives["WAC.022"] == 2 and alternatives["WAC.031"] == 4


def test_the_mates_of_the_test_data_are_win_at_chess_positions():
    """tests/data/mates.epd holds WAC's forced mates: the same positions and best moves."""
    chess = gamecore.get_game("chess")
    wac = {p.name: p for path in suite_files("chess", "wac") for p in read_suite(chess, str(path))}
    mates = read_suite(chess, str(Path(__file__).parent / "data" / "mates.epd"))
    assert len(mates) == 37
    for mate in mates:
        shipped = wac[mate.name]
        assert shipped.position.split()[:4] == mate.position.split()[:4]
        assert set(mate.best) <= set(shipped.best)
