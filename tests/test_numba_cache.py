"""Compiled code is cached on disk and a fresh process reloads it without recompiling.

Numba's cache is known to break on reload for recursive functions compiled for
several argument types (numba issues 6061/6713): the second process would
segfault or fail with an unresolved symbol. These tests run the real command
twice in new processes against one cache directory.
"""

import os
from pathlib import Path

from tests.cli import run_cli


def _cache_files(root: Path) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in root.rglob("*.nb[ic]")}


def test_warm_cache_reload_in_a_fresh_process(tmp_path):
    env = {"GAMECORE_CACHE_DIR": str(tmp_path)}
    if "NUMBA_CACHE_DIR" in os.environ:  # numba's own setting sends every cache file there
        env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba")
    first = run_cli("perft", "chess", "--depth", "3", env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[-1] == "nodes 8902"
    written = _cache_files(tmp_path)
    assert written, "the bound perft left no numba cache files"

    second = run_cli("perft", "chess", "--depth", "3", env=env)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[-1] == "nodes 8902"
    assert _cache_files(tmp_path) == written, "the second process recompiled instead of loading"


def test_stale_numba_cache_is_cleared_when_sources_change(tmp_path):
    """Numba checks a cached function against its own file only; the guard checks the package."""
    from gamecore import binding

    package = tmp_path / "pkg"
    (package / "__pycache__").mkdir(parents=True)
    (package / "movegen.py").write_text("X = 1\n")
    (package / "helpers.py").write_text("Y = 1\n")
    cached = package / "__pycache__" / "movegen.gen_moves-10.py311.nbi"

    def run_guard() -> None:
        binding.guard_cache(package)

    run_guard()  # first sight: nothing known about these files yet
    cached.write_text("index")
    run_guard()
    assert cached.exists(), "unchanged sources must keep their cache"

    (package / "helpers.py").write_text("Y = 2\n")  # a file the cached code may have inlined
    run_guard()
    assert not cached.exists(), "a changed dependency must clear the package's cache"


def test_plain_python_plugins_get_no_cache_stamp():
    """Only compiled kernels have a numba cache to guard; an installed Python plugin stays as pip
    left it (a stray file in its __pycache__ would outlive an uninstall and shadow a reinstall)."""
    import gamecore_connect4

    from gamecore import get_game

    get_game("connect4").kernel  # noqa: B018 - first use runs the guard
    pycache = Path(gamecore_connect4.__file__).parent / "__pycache__"
    assert not (pycache / "gamecore-guard").exists()
