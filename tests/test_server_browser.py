"""The server's browser client in a real headless Chromium: a person plays chess against a bot.

The protocol tests (tests/test_server.py) never run the JavaScript a person uses; this
drives it the way a person does — the lobby's form, clicks on the board's cells — and
fails on any error the page logs. Chromium and chromedriver are Debian's (.ci/run
installs them); without them, or without selenium, the test skips.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gamecore.play.levels import level
from gamecore.registry import get_game
from gamecore.server.bot import BotSettings, run_bots
from tests.serving import running_server, warm_engine

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # the test skips, saying so
    webdriver = None

WAIT = 20.0
"""Seconds any one thing the page should do may take before the test fails."""
SCREENSHOTS = "GAMECORE_SCREENSHOTS"
"""Environment variable: a folder to save the page in at two sizes (for docs/images)."""
SHOTS = {
    "server-browser-chess.png": (1280, 900, False),
    "server-browser-chess-phone.png": (390, 844, True),
}
"""Screenshot files and their viewports: width, height, whether it is a phone's."""


def _chromium() -> str | None:
    """Debian calls it chromium; other systems chromium-browser or google-chrome."""
    return next(
        filter(None, map(shutil.which, ["chromium", "chromium-browser", "google-chrome"])), None
    )


class Browser:
    """A headless Chromium on a WebDriver, keeping everything its console logged."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver
        self.console: list[dict[str, Any]] = []
        self.explain: Callable[[], str] = lambda: ""
        """More to say when a wait fails (what the bots were doing)."""

    def logged(self) -> list[dict[str, Any]]:
        """Every console entry so far (the driver hands each out once, so keep them)."""
        self.console.extend(self.driver.get_log("browser"))
        return self.console

    def text(self, element_id: str) -> str:
        return self.driver.find_element(By.ID, element_id).text

    def wait(self, what: str, condition: Callable[[WebDriver], Any]) -> Any:
        """``condition``'s first true value within WAIT seconds; else fail saying ``what``
        did not happen, with the page's status line and console (a bare timeout tells
        nothing). A redrawn board makes old elements stale: asking again is the fix."""
        try:
            return WebDriverWait(
                self.driver,
                WAIT,
                poll_frequency=0.05,
                ignored_exceptions=[StaleElementReferenceException],
            ).until(condition)
        except TimeoutException:
            status = self.text("status")
            pytest.fail(
                f"{what} within {WAIT:g} s; status {status!r}; console {self.logged()}; "
                f"{self.explain()}"
            )

    def click_cell(self, cell: int) -> None:
        self.wait(f"cell {cell} clickable", lambda d: _click(d, f"cell-{cell}"))

    def board(self) -> tuple[dict[int, tuple[str, int]], dict[int, list[str]]]:
        """The board as drawn, read in one script (a redraw cannot fall between two reads):
        cell → (its piece's art address, seat), and cell → the cell's classes."""
        pieces, classes = self.driver.execute_script(
            "const board = document.getElementById('board');"
            "return [[...board.querySelectorAll('image')].map((i) =>"
            "  [Number(i.dataset.cell), i.getAttribute('href'), Number(i.dataset.player)]),"
            " [...board.querySelectorAll('polygon')].map((p) =>"
            "  [Number(p.dataset.cell), [...p.classList]])];"
        )
        return {cell: (href, seat) for cell, href, seat in pieces}, dict(classes)

    def severe(self) -> list[dict[str, Any]]:
        """The page's errors: uncaught exceptions, failed loads (a 404 is one too)."""
        return [entry for entry in self.logged() if entry["level"] == "SEVERE"]

    def screenshot(self, path: Path, width: int, height: int, phone: bool) -> None:
        """The page at a viewport of ``width`` × ``height``, once its piece art is drawn."""
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone},
        )
        self.driver.set_script_timeout(WAIT)
        self.driver.execute_async_script(  # the art loads on its own: wait for every piece
            "const done = arguments[arguments.length - 1];"
            "const hrefs = [...document.querySelectorAll('#board image')]"
            "  .map((i) => i.getAttribute('href'));"
            "Promise.all(hrefs.map((h) => { const i = new Image(); i.src = h;"
            "  return i.decode().catch(() => null); })).then(() => done(true));"
        )
        self.driver.save_screenshot(str(path))
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _click(driver: WebDriver, element_id: str) -> bool:
    """Click an element found afresh (a condition for a wait, which retries a stale one)."""
    driver.find_element(By.ID, element_id).click()
    return True


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    chromium, chromedriver = _chromium(), shutil.which("chromedriver")
    if webdriver is None:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    if chromium is None or chromedriver is None:
        pytest.skip("no chromium or chromedriver (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium  # with the driver's path: no Selenium Manager download
    for argument in [
        "--headless=new",
        "--no-sandbox",  # root on CI, where Chromium's sandbox will not start
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,900",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.set_page_load_timeout(WAIT)
    try:
        yield Browser(driver)
    finally:
        driver.quit()


class BotThread:
    """Bots on a loop of their own in a thread, as beside a server (they end with their
    games, or with the server's connections)."""

    def __init__(self, url: str, settings: BotSettings, count: int = 1) -> None:
        self.played: int | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(url, settings, count), daemon=True)
        self.thread.start()

    def _run(self, url: str, settings: BotSettings, count: int) -> None:
        try:
            self.played = asyncio.run(asyncio.wait_for(run_bots(url, settings, count), 120))
        except BaseException as exc:  # kept for the test to see, not a thread's traceback
            self.error = exc

    def join(self, timeout: float) -> int | None:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the bots did not stop"
        return self.played


def test_a_person_plays_chess_against_a_bot_in_the_browser(
    tmp_path: Path, browser: Browser
) -> None:
    warm_engine("chess")
    cells = {cell.name: cell.index for cell in get_game("chess").geometry().cells}
    with running_server(tmp_path / "games.sqlite") as server:
        bot = BotThread(server.url, BotSettings("chess", time_per_move=0.01, games=1))
        browser.explain = lambda: f"bot alive {bot.thread.is_alive()}, error {bot.error!r}"
        page = browser.driver
        page.get(server.url + "/")
        browser.wait(
            "the lobby offering chess",
            lambda d: d.find_elements(By.CSS_SELECTOR, "#new-game option[value=chess]"),
        )
        Select(page.find_element(By.ID, "new-game")).select_by_value("chess")
        page.find_element(By.ID, "new-engines").send_keys("1")  # black's seat: an engine
        page.find_element(By.ID, "name").send_keys("browser")
        page.find_element(By.ID, "create-button").click()
        # The bot sits at black and the game starts: the board is drawn, white's moves listed.
        browser.wait(
            "the board drawn with white's moves",
            lambda d: d.execute_script(
                "return document.querySelectorAll('#move-choice option').length > 0"
                f" && document.getElementById('cell-{cells['e2']}')?.dataset.name === 'e2';"
            ),
        )
        seats = browser.text("seats")
        assert "white (browser) — you" in seats and "black (gamecore bot)" in seats, seats
        browser.click_cell(cells["e2"])
        browser.wait(
            "e2 selected",
            lambda d: (
                "selected"
                in (d.find_element(By.ID, f"cell-{cells['e2']}").get_attribute("class") or "")
            ),
        )
        browser.click_cell(cells["e4"])
        moves = browser.wait(
            "the engine's reply listed",
            lambda d: (
                len(items := d.find_elements(By.CSS_SELECTOR, "#moves li")) >= 2
                and [item.text for item in items]
            ),
        )
        assert len(moves) == 2 and moves[0] == "e2e4", moves
        reply = moves[1]  # UCI, as chess writes its moves: from square, to square
        pieces, classes = browser.board()
        assert pieces[cells["e4"]][1] == 0 and "/P/0.svg" in pieces[cells["e4"]][0]
        assert cells["e2"] not in pieces and cells[reply[:2]] not in pieces
        assert pieces[cells[reply[2:4]]][1] == 1, (reply, pieces)  # black's piece moved
        assert "last" in classes[cells[reply[2:4]]], "the engine's move is not marked"
        folder = os.environ.get(SCREENSHOTS)
        if folder:
            for name, (width, height, phone) in SHOTS.items():
                browser.screenshot(Path(folder) / name, width, height, phone)
        page.find_element(By.ID, "resign").click()
        browser.wait("the game over", lambda d: "game over" in browser.text("status"))
        assert "black wins (resignation)" in browser.text("status")
        assert bot.join(WAIT) == 1, bot.error
        assert browser.severe() == [], "the page logged errors"


def test_the_browser_the_window_and_bots_play_one_game_together(
    tmp_path: Path, browser: Browser
) -> None:
    """Four-player Duchess on one server: seat 0 in the browser, seat 1 in the window (the
    pygame client, headless), seats 2 and 3 bots; two full rounds, every view agreeing."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from gui.client import ClientApp
    from gui.remote import SeatTokens, ServerLink

    warm_engine("duchess")
    pygame.display.init()
    pygame.font.init()
    with running_server(tmp_path / "games.sqlite") as server:
        page = browser.driver
        page.get(server.url + "/")
        browser.wait(
            "the lobby offering duchess",
            lambda d: d.find_elements(By.CSS_SELECTOR, "#new-game option[value=duchess]"),
        )
        Select(page.find_element(By.ID, "new-game")).select_by_value("duchess")
        page.find_element(By.ID, "new-options").send_keys("players=4")
        page.find_element(By.ID, "new-engines").send_keys("2,3")
        page.find_element(By.ID, "name").send_keys("browser")
        page.find_element(By.ID, "create-button").click()
        browser.wait("the browser seated", lambda d: "— you" in browser.text("seats"))
        window = ClientApp(
            ServerLink(server.url, "window"), tokens=SeatTokens(tmp_path / "seats.json")
        )
        deadline = _deadline()
        while window.game is None:  # the lobby lists the game: join it
            assert _before(deadline), window.lobby.message
            window.step([])
            joinable = [r.game_id for r in window.lobby.rows if r.can_join]
            if joinable and window.lobby.entering is None:
                window.lobby.act("join", joinable[0])
        settings = BotSettings("duchess", level=level(1), time_per_move=0.05, games=1)
        bots = BotThread(server.url, settings, count=2)
        browser.explain = lambda: f"bots alive {bots.thread.is_alive()}, error {bots.error!r}"
        mirror = window.session
        assert mirror is not None and mirror.my_seats.keys() == {1}
        deadline = _deadline()
        while mirror.state.ply < 8:
            assert _before(deadline), (mirror.message, browser.text("status"))
            window.step([])
            if mirror.human_to_move():  # the window's turn: click a legal move's cells
                move = next(m for m in mirror.position.legal if mirror.position.cells[m][0] >= 0)
                frm, to = mirror.position.cells[move]
                before = mirror.state.ply
                assert window.game is not None
                for cell in (frm, to):
                    window.game.handle(
                        pygame.event.Event(
                            pygame.MOUSEBUTTONDOWN, pos=window.game.layout.cell_center(cell),
                            button=1,
                        )
                    )  # fmt: skip
                    window.step([])
                sent = mirror.pending is not None or mirror.state.ply > before
                assert sent or mirror.chooser is not None, mirror.message
                if mirror.chooser is not None:
                    mirror.choose(0)
            elif mirror.server_status == "playing" and mirror.state.player == 0:
                ply = mirror.state.ply  # the browser's turn, once its page has the position
                if page.execute_script(
                    "return document.querySelectorAll('#moves li').length === arguments[0]"
                    " && document.querySelectorAll('#move-choice option').length > 0;",
                    ply,
                ):
                    page.find_element(By.ID, "play-move").click()
                    while mirror.state.ply == ply:
                        assert _before(deadline), browser.text("status")
                        window.step([])
        replay = mirror.game.initial_state()
        notations = []
        for move in mirror.state.history:
            notations.append(replay.move_text(move))
            replay.push(move)
        shown = browser.wait(
            "the page's move list up to date",
            lambda d: (
                len(items := d.find_elements(By.CSS_SELECTOR, "#moves li")) >= len(notations)
                and [item.text for item in items]
            ),
        )
        assert shown[: len(notations)] == notations
        movers = [seat % 4 for seat in range(len(notations))]
        assert mirror.movers[: len(notations)] == movers  # every seat moved in its turn
        page.find_element(By.ID, "resign").click()
        browser.wait("the game over", lambda d: "game over" in browser.text("status"))
        deadline = _deadline()
        while not mirror.over:
            assert _before(deadline), mirror.message
            window.step([])
        assert "resignation" in mirror.result_text()
        assert bots.join(WAIT) == 2, bots.error
        window.close()
        assert browser.severe() == [], "the page logged errors"


def _deadline() -> float:
    return time.monotonic() + 3 * WAIT


def _before(deadline: float) -> bool:
    time.sleep(0.01)
    return time.monotonic() < deadline
