"""The window's pictures in ``docs/images``: ``python -m gui.screenshots [--out DIR]``.

Each picture is a real window (headless, SDL's dummy driver) driven the way a
person would: moves played, an engine asked to reply so the status line shows
its search, a piece clicked so its targets are marked.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from gamecore.play.clock import TimeControl
from gamecore.registry import game_names, get_game
from gui.app import App
from gui.seats import Seat

SIZE = (1180, 800)
CHESS_GAME = (
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
    "9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 "
    "16. Bh4 c5 17. dxe5 *"
)
CHECKERS_GAME = '[SetUp "1"]\n[FEN "B:WK3,17,21,22,25,29:B1,2,5,9,13,20,K32"]\n\n*'
"""An endgame with a king on each side (found by seeded random play), black to move."""


def engine_reply(app: App, seconds: float = 1.0) -> None:
    """Let the engine seat to move search and play, so the status line shows its search."""
    app.session.time_per_move = seconds
    plies = len(app.session.state.history)
    deadline = time.monotonic() + 120
    while len(app.session.state.history) == plies and time.monotonic() < deadline:
        app.step([])
        time.sleep(0.01)


def select_busiest(app: App, prefer: str | None = None) -> None:
    """Click the piece with the most targets (with a ``prefer`` tag if any piece has one)."""
    session = app.session
    best, best_key = None, None
    for cell in session.position.by_from:
        moves = session.position.by_from[cell]
        tagged = sum(1 for m in moves if prefer and prefer in session.position.tags[m])
        key = (tagged, len(session.targets(cell)))
        if best_key is None or key > best_key:
            best, best_key = cell, key
    if best is not None:
        session.click_cell(best)


def chess_middlegame(out: Path) -> Path:
    game = get_game("chess")
    state = game.read_record(CHESS_GAME)
    seats = [Seat("human"), Seat("human")]
    seats[state.player] = Seat("engine")
    app = App(game, seats, state=state)
    engine_reply(app)
    select_busiest(app, prefer="capture")
    app.ui.mouse = (0, 0)
    return app.screenshot(out / "chess-middlegame.png")


def chess_weights(out: Path) -> Path:
    game = get_game("chess")
    app = App(game, [Seat("human"), Seat("engine")], state=game.read_record(CHESS_GAME))
    app.session.paused = True
    app.session.set_overlay("N")
    return app.screenshot(out / "chess-weights.png")


def checkers(out: Path) -> Path:
    game = get_game("checkers")
    app = App(game, [Seat("engine"), Seat("human")], state=game.read_record(CHECKERS_GAME))
    engine_reply(app)
    select_busiest(app, prefer="capture")
    app.ui.show_names = True
    app.ui.mouse = (0, 0)
    return app.screenshot(out / "checkers.png")


def duchess_start(out: Path) -> Path | None:
    if "duchess" not in game_names():
        return None
    game = get_game("duchess", players=6)
    seats = [Seat("human"), *[Seat("engine") for _ in range(5)]]
    app = App(game, seats)
    select_busiest(app)
    app.ui.mouse = (0, 0)
    return app.screenshot(out / "duchess-start.png")


def wait_until(app: App, done, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        app.step([])
        time.sleep(0.01)


def chess_players(out: Path) -> Path:
    """Clocks, the analysis mode's three best moves and the evaluation graph."""
    game = get_game("chess")
    state = game.read_record(CHESS_GAME)
    seats = [Seat("human"), Seat("engine")]
    app = App(game, seats, state=state, clocks=[TimeControl(300, 2)] * 2, level=5)
    engine_reply(app, 1.0)
    app.session.toggle_analysis()
    wait_until(app, lambda: None not in app.session.graph_points())
    wait_until(app, lambda: app.session.analysis_depth() >= 6, 60)
    assert app.session.clocks is not None
    app.session.clocks[:] = [187.4, 203.9]  # some way into the game
    app.ui.mouse = (0, 0)
    return app.screenshot(out / "chess-players.png")


def duchess_clocks(out: Path) -> Path | None:
    """Four-player Duchess on the clock, a few moves in, the first person to move."""
    if "duchess" not in game_names():
        return None
    game = get_game("duchess", players=4)
    seats = [Seat("human"), Seat("engine"), Seat("human"), Seat("engine")]
    controls = TimeControl.parse_per_seat("600+5,180+2,600+5,180+2", 4)
    app = App(game, seats, clocks=controls, seed=3)
    session = app.session
    for _ in range(12):  # a few moves, played at once
        legal = session.position.legal
        session.play(legal[int(session.rng.integers(len(legal)))])
    wait_until(app, lambda: None not in session.graph_points())
    assert session.clocks is not None
    session.clocks[:] = [571.2, 164.8, 588.0, 171.5]
    select_busiest(app)
    app.ui.mouse = (0, 0)
    return app.screenshot(out / "duchess-clocks.png")


def watching_a_run(out: Path) -> Path:
    """The window watching a short chess training run (trained here, in a scratch folder):
    11 games done, the twelfth part way (shown with the moves of the eleventh)."""
    import tempfile

    from gamecore.training.live import LivePublisher, live_path, read_live
    from gamecore.training.trainer import TrainConfig, Trainer
    from gui.watch_view import WatchApp

    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "chess-run.npz"
        config = TrainConfig(
            game="chess", games=11, depth=2, out=str(run), checkpoint_every=1, seed=2,
            eval_every=4, eval_games=2, eval_vs="random,zeros",
        )  # fmt: skip
        Trainer(config).run()
        moves = read_live(live_path(run)).moves
        publisher = LivePublisher(live_path(run), "chess", {}, 12)
        publisher.start(11)
        publisher.game(11, moves[: len(moves) * 2 // 3])  # as it looks while a game goes
        app = WatchApp(get_game("chess"), run, "chess", size=SIZE, window=True)
        app.ui.heat = list(app.game.piece_square_map()).index("N")
        return app.screenshot(out / "watch.png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--only", nargs="*", help="make only these pictures (function names)")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    parser_only = args.only
    makers = (
        duchess_start,
        chess_middlegame,
        checkers,
        chess_weights,
        chess_players,
        duchess_clocks,
        watching_a_run,
    )
    for make in makers:
        if parser_only and make.__name__ not in parser_only:
            continue
        path = make(args.out)
        print(f"wrote {path}" if path else f"skipped {make.__name__} (game not registered)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
