"""Matches and tournaments: colours alternate over shared openings, records are written."""

import gamecore
from gamecore.play.match import MatchSettings, PlayerSpec, make_openings, match_games, run_match
from gamecore.search import Limits
from tests.cli import run_cli


def test_each_opening_is_played_from_both_sides():
    game = gamecore.get_game("connect4")
    a, b = PlayerSpec.parse(game, "default"), PlayerSpec.parse(game, "random")
    settings = MatchSettings(games=6, limits=Limits(depth=2), openings=3, opening_plies=2)
    result, games = run_match(game, a, b, settings)
    assert result.games == 6
    assert [g.first_team for g in games] == [0, 1, 0, 1, 0, 1]
    openings = make_openings(game, 3, 2, 0)
    for index, g in enumerate(games):
        moves = [line.split()[1] for line in g.record.splitlines() if line[:1].isdigit()]
        assert moves[:2] == [str(m) for m in openings[index // 2]]
    # A depth-2 search never loses Connect Four to random moves.
    assert result.losses == 0


def test_openings_are_distinct_and_leave_the_game_going():
    game = gamecore.get_game("chess")
    openings = make_openings(game, 8, 4, seed=1)
    assert len(openings) == 8 and len({tuple(o) for o in openings}) == 8
    assert all(len(o) == 4 for o in openings)


def test_match_command_reports_elo_and_writes_records(tmp_path):
    out = tmp_path / "games.txt"
    result = run_cli(
        "match",
        "connect4",
        "default",
        "random",
        "--games",
        "4",
        "--depth",
        "2",
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert "W/D/L" in last and "Elo" in last and "95% interval" in last
    assert out.read_text().count("Event: gamecore match") == 4


def test_tournament_prints_a_rating_table(tmp_path):
    result = run_cli(
        "tournament",
        "connect4",
        "random",
        "default",
        "--games",
        "4",
        "--depth",
        "1",
        "--reference",
        "random",
        "--reference-elo",
        "250",
    )
    assert result.returncode == 0, result.stderr
    rows = [
        line for line in result.stdout.splitlines() if line.startswith("| ") and "---" not in line
    ]
    table = {row.split("|")[2].strip(): row for row in rows[1:]}
    assert set(table) == {"random", "default"}
    assert "| 250 | reference |" in table["random"]


def test_match_rejects_weights_of_another_game(tmp_path):
    from gamecore.weights import Weights

    path = tmp_path / "chess.npz"
    Weights.zeros(gamecore.get_game("chess")).save(path)
    result = run_cli("match", "connect4", str(path), "random", "--games", "2")
    assert result.returncode == 2
    assert "not 'connect4'" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_match_gives_every_player_two_hundred_moves_unless_told():
    from gamecore.cli import build_parser
    from gamecore.commands.common import game_from_args
    from gamecore.commands.match import _settings

    def max_plies(*argv: str) -> int:
        """The ply limit the match's games are played to."""
        args = build_parser().parse_args(["match", *argv])
        game = game_from_args(args)
        a, b = PlayerSpec.parse(game, args.a), PlayerSpec.parse(game, args.b)
        return match_games(game, a, b, _settings(game, args))[0].max_plies

    assert max_plies("chess", "random", "default") == 400
    assert max_plies("duchess", "random", "default") == 1200
    assert max_plies("duchess", "-o", "players=2", "random", "default") == 400
    assert max_plies("duchess", "random", "default", "--max-plies", "300") == 300


def test_a_sweep_reports_a_bound_not_an_infinite_elo():
    from gamecore.commands.match import _elo_text
    from gamecore.play.elo import MatchResult

    won, lost = _elo_text(MatchResult(100, 0, 0)), _elo_text(MatchResult(0, 0, 20))
    assert won.startswith("Elo beyond +") and "every game won" in won
    assert lost.startswith("Elo below -") and "every game lost" in lost
    assert _elo_text(MatchResult(28, 72, 0)) == "Elo +100 (95% interval +63 to +131)"


def test_a_learner_starts_each_game_with_an_empty_table():
    """A learner seated in a match forgets the last game's table, killers and history."""
    import numpy as np

    from gamecore.learners import TreeStrapAlphaBeta
    from gamecore.play.players import LearnerPlayer

    game = gamecore.get_game("connect4")
    learner = TreeStrapAlphaBeta(game, np.zeros(game.feature_set.count))
    player = LearnerPlayer(learner, Limits(depth=3))
    state = game.initial_state()
    player.new_game()
    for _ in range(4):
        state.push(player.choose(state).move)
    searcher = learner.searcher
    assert searcher.tt.keys.any() and searcher.ctx.history.any()
    player.new_game()
    assert not searcher.tt.keys.any() and not searcher.ctx.history.any()
