"""The core's shape: no import circles, counted from the code itself.

An import inside a function still ties two modules together (it only hides the
tie from the module's head), so those count as well; imports under
``if TYPE_CHECKING:`` do not, since they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import gamecore

PACKAGE = Path(gamecore.__file__).parent


def module_files() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imported(module: str, path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Every name ``node`` imports, as dotted paths (some are modules, some are not)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        type_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in type_only:
                graph[name] |= {
                    target
                    for target in imported(name, path, node)
                    if target in modules and target != name
                }
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_core_has_no_import_circles():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_old_trainer_module_still_imports():
    """Programs that imported the trainer from its old place keep working."""
    from gamecore.train import TrainConfig, Trainer, configure
    from gamecore.training import config, trainer

    assert Trainer is trainer.Trainer
    assert TrainConfig is config.TrainConfig and configure is config.configure


def test_the_old_play_modules_still_import():
    """match, elo and clock moved to gamecore.play; their old names still import."""
    from gamecore.clock import TimeControl
    from gamecore.elo import match_elo
    from gamecore.match import run_match
    from gamecore.play import clock, elo, match

    assert TimeControl is clock.TimeControl and match_elo is elo.match_elo
    assert run_match is match.run_match


MAX_MODULE_LINES = 500
"""A module longer than this has more than one job: split it by concern."""


def test_no_module_of_the_core_is_longer_than_the_limit():
    long = {
        name: lines
        for name, path in module_files().items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_search_and_interop_live_in_their_packages():
    """The search's Python face and the adapters to outside tools each have a package."""
    modules = module_files()
    for name in ("searcher", "params", "analysis", "tuning"):
        assert f"gamecore.search.{name}" in modules
    for name in ("uci", "pettingzoo", "openspiel", "external", "actions"):
        assert f"gamecore.interop.{name}" in modules
    from gamecore.search import Limits, Searcher, SearchParams

    assert Searcher.__module__ == "gamecore.search.searcher"
    assert SearchParams.__module__ == "gamecore.search.params"
    assert Limits.__module__ == "gamecore.search.searcher"
