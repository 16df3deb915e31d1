"""Bind generic algorithm templates (perft, search, learners) to one game's kernel.

A template is an ordinary module in ``gamecore.algorithms`` that calls the
kernel protocol as ``game.gen_moves(...)`` after the line
``from gamecore import kernel_api as game``. Binding writes a copy of the
template, with that one line pointing at a game's kernel module, into the
cache directory and imports it. The copy is a normal module, so:

* numba specialises the algorithm for the game's state types and inlines its
  kernel calls — no function pointers, no fixed state layout;
* ``cache=True`` works: the compiled code is stored next to the copy and a
  warm start loads it instead of compiling (closures made by a factory
  function can not be cached, and dispatcher arguments miss the cache);
* for a plain-Python game the copy also takes each name it imports from
  :mod:`gamecore.jit` from its plain-Python twin (``kernel`` becomes the identity),
  so the same algorithm source runs as Python.

The kernel a template sees is the game's module itself when it defines every
kernel function; otherwise :func:`complete_kernel` stands in for it, the
module's namespace plus the defaults of :mod:`gamecore.kernel_defaults` for
the optional functions it leaves out.

A template may use another: ``from gamecore.algorithms.evaluation import
linear_value`` is rewritten to import from that template's copy bound to the
same game. The evaluation is chosen at binding: with ``evaluation`` naming
another evaluation template (the neighbourhood network's), every import of
the linear one is rewritten to it, so a search bound for the network is a
copy of its own and the linear search does not pay for the choice.

Numba checks a cached function against its own source file only, not against
the functions it calls; editing a game's move generator would otherwise
leave stale machine code behind. The file names of bound copies therefore
carry a fingerprint of every source they depend on, and :func:`guard_cache`
clears a package's numba cache whenever its sources change.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import numba

from gamecore.errors import PluginError
from gamecore.kernel_api import (
    INCREMENTAL_FUNCTIONS,
    NULL_MOVE_FUNCTIONS,
    OPTIONAL_FUNCTIONS,
    REQUIRED_FUNCTIONS,
)

if TYPE_CHECKING:
    from gamecore.game import Game

API_IMPORT = "from gamecore import kernel_api as game\n"
TEMPLATE_IMPORT = re.compile(r"^from (gamecore\.algorithms\.\w+) import ", re.MULTILINE)
JIT_IMPORT = re.compile(r"^from gamecore\.jit import ([\w, ]*\bkernel\b[\w, ]*)$", re.MULTILINE)
"""A template's one import from :mod:`gamecore.jit`: ``kernel`` and any other compiled
helper ``NAME``, which a plain-Python game's copy takes from its twin ``python_NAME``."""

_bound: dict[tuple[str, str, bool, str], ModuleType] = {}
_guarded: set[str] = set()
_kernels: dict[str, tuple[ModuleType, ModuleType]] = {}  # name: (module, completed kernel)


def cache_dir() -> Path:
    """Where bound copies (and their numba caches) live: ``$GAMECORE_CACHE_DIR`` or ~/.cache."""
    root = os.environ.get("GAMECORE_CACHE_DIR")
    if root:
        return Path(root)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "gamecore"


LINEAR_EVALUATION = "gamecore.algorithms.evaluation"


def _python_jit_import(match: re.Match) -> str:
    names = [name.strip() for name in match.group(1).split(",")]
    return "from gamecore.jit import " + ", ".join(f"python_{n} as {n}" for n in names)


def bind(game: Game, template: str, evaluation: str = LINEAR_EVALUATION) -> ModuleType:
    """The module ``template`` (dotted name) bound to ``game``'s kernel, compiled if the game
    is, with ``evaluation`` (an evaluation template) in place of the linear evaluation."""
    jit = game.capabilities.jit
    key = (game.kernel_module, template, jit, evaluation)
    if key in _bound:
        return _bound[key]
    origin, source = _module_source(template)
    if API_IMPORT not in source:
        raise RuntimeError(f"template {origin} does not import the kernel as {API_IMPORT!r}")
    if not JIT_IMPORT.search(source):
        raise RuntimeError(
            f"template {origin} does not import its decorator as 'from gamecore.jit import kernel'"
        )
    kernel_pkg = _package_dir(game.kernel_module)
    guard_kernel_caches(game.kernel_module)

    # Every replacement keeps the line count, so a traceback's line numbers in the bound
    # copy are those of the template (named in the copy's last line).
    if game.kernel is importlib.import_module(game.kernel_module):
        kernel_import = f"import {game.kernel_module} as game\n"
    else:
        kernel_import = (
            "from gamecore.binding import complete_kernel as _complete_kernel; "
            f"game = _complete_kernel({game.kernel_module!r})\n"
        )
    text = source.replace(API_IMPORT, kernel_import, 1)

    def bound_import(match: re.Match) -> str:
        used = evaluation if match.group(1) == LINEAR_EVALUATION else match.group(1)
        return f"from {bind(game, used, evaluation).__name__} import "

    text = TEMPLATE_IMPORT.sub(bound_import, text)
    if not jit:
        text = JIT_IMPORT.sub(_python_jit_import, text, count=1)
    depends = [text, _tree_digest(kernel_pkg), _numba_code_digest(_package_dir("gamecore"))]
    fingerprint = hashlib.sha256("\0".join([*depends, numba.__version__]).encode()).hexdigest()[:16]
    stem = template.rsplit(".", 1)[-1]
    if evaluation != LINEAR_EVALUATION and template != evaluation:
        stem += "_" + evaluation.rsplit(".", 1)[-1]
    prefix = f"_bound_{game.kernel_module.replace('.', '_')}_{stem}_{'jit' if jit else 'py'}_"
    name = prefix + fingerprint
    footer = (
        f"\n# {origin} bound to {game.kernel_module}, line for line: generated by "
        "gamecore.binding; do not edit.\n"
    )
    path = _write_once(cache_dir() / f"{name}.py", text + footer, stale_prefix=prefix)
    module = _import_file(name, path)
    _bound[key] = module
    return module


def kernel_of(game: Game) -> ModuleType:
    """``game``'s kernel with every function of the protocol (see :func:`complete_kernel`).

    A kernel that can not work raises a one-line :class:`PluginError` naming
    the game and what is wrong: a required function missing, only part of the
    null-move or of the incremental-value functions, kings without
    ``king_attacked``, or noisy moves without ``order_key`` to rank them (the
    search would take them for quiet).
    """
    module = importlib.import_module(game.kernel_module)
    where = f"kernel {game.kernel_module} of game {game.name!r}"
    missing = [f for f in REQUIRED_FUNCTIONS if not _defines(module, f)]
    if missing:
        raise PluginError(f"{where} lacks {', '.join(missing)}")
    for together in (NULL_MOVE_FUNCTIONS, INCREMENTAL_FUNCTIONS):
        defined = [f for f in together if _defines(module, f)]
        if 0 < len(defined) < len(together):
            absent = ", ".join(f for f in together if f not in defined)
            raise PluginError(
                f"{where} defines {', '.join(defined)} but lacks {absent} (define them all or none)"
            )
    if game.has_kings and not _defines(module, "king_attacked"):
        raise PluginError(f"{where} lacks king_attacked, which a game with kings needs")
    if _defines(module, "gen_noisy") and not _defines(module, "order_key"):
        raise PluginError(f"{where} defines gen_noisy but lacks order_key to rank noisy moves")
    return complete_kernel(game.kernel_module)


def complete_kernel(kernel_module: str) -> ModuleType:
    """The module ``kernel_module`` if it defines every kernel function, else a stand-in.

    The stand-in is a module holding the kernel's namespace plus the default
    of every optional function it leaves out (compiled for a compiled kernel).
    Numba resolves ``game.name`` in a bound template against any module
    object, so defaults are inlined like the game's own functions and the
    bound copy still caches.
    """
    module = importlib.import_module(kernel_module)
    known = _kernels.get(kernel_module)
    if known is not None and known[0] is module:  # not a module reloaded or replaced since
        return known[1]
    absent = defaulted_functions(kernel_module)
    kernel = module
    if absent:
        from gamecore import kernel_defaults

        compiled = hasattr(getattr(module, "gen_moves", None), "py_func")
        kernel = ModuleType(f"{kernel_module}+defaults", module.__doc__)
        kernel.__dict__.update((k, v) for k, v in vars(module).items() if not k.startswith("__"))
        for name in absent:
            default = getattr(kernel_defaults, name)
            setattr(kernel, name, default if compiled else getattr(default, "py_func", default))
    _kernels[kernel_module] = (module, kernel)
    return kernel


def defaulted_functions(kernel_module: str) -> tuple[str, ...]:
    """The optional kernel functions ``kernel_module`` leaves to :mod:`gamecore.kernel_defaults`."""
    module = importlib.import_module(kernel_module)
    return tuple(f for f in OPTIONAL_FUNCTIONS if not _defines(module, f))


def _defines(module: ModuleType, name: str) -> bool:
    return callable(getattr(module, name, None))


def guard_kernel_caches(kernel_module: str) -> None:
    """Clear stale numba caches of gamecore and of ``kernel_module``'s package (once per process).

    A game's compiled kernels inline gamecore's own numba code (``bits.py``,
    ``jit.py``, ...), so the game's cache is also stale when that code changes.
    Must run before the first call of any of their kernels in this process:
    numba reads its cache index lazily, at the first call.
    """
    if kernel_module in _guarded:
        return
    _guarded.add(kernel_module)
    gamecore_dir = _package_dir("gamecore")
    gamecore_numba = _numba_code_digest(gamecore_dir)
    guard_cache(gamecore_dir, gamecore_numba)  # only its numba code matters, not the CLI
    module = importlib.import_module(kernel_module)  # importing loads no numba cache
    if hasattr(getattr(module, "gen_moves", None), "py_func"):
        # Only compiled kernels have a cache to guard; a plain-Python plugin's
        # installed package is left untouched.
        package = _package_dir(kernel_module)
        guard_cache(package, _tree_digest(package) + gamecore_numba)


def guard_cache(package_dir: Path, digest: str | None = None) -> None:
    """Drop the numba cache files of ``package_dir`` (a directory or one file) when
    ``digest`` (default: of all its sources) differs from the one last seen.

    The stamp recording what was seen lives in the same ``__pycache__`` as
    numba's files, so it always describes the cache it guards.
    """
    if digest is None:
        digest = _tree_digest(package_dir)
    root = package_dir if package_dir.is_dir() else package_dir.parent
    name = "gamecore-guard" if package_dir.is_dir() else f"{package_dir.stem}.gamecore-guard"
    stamp = root / "__pycache__" / name
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    for source in _sources(package_dir):
        for pattern in (f"{source.stem}.*.nbi", f"{source.stem}.*.nbc"):
            for f in (source.parent / "__pycache__").glob(pattern):
                f.unlink(missing_ok=True)
    with contextlib.suppress(OSError):  # a read-only install: numba cannot cache there either
        _write_atomic(stamp, digest)


def _numba_code_digest(root: Path) -> str:
    """Digest of the files under ``root`` that define numba code a game kernel may inline."""
    h = hashlib.sha256()
    for f in _sources(root):
        text = f.read_bytes()
        if "algorithms" not in f.parts and any(
            marker in text for marker in (b"@kernel", b"@overload", b"@intrinsic", b"@njit")
        ):
            h.update(f.name.encode())
            h.update(text)
    return h.hexdigest()


def _module_source(dotted: str) -> tuple[str, str]:
    """The file of module ``dotted`` and its source."""
    spec = importlib.util.find_spec(dotted)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(dotted)
    return spec.origin, Path(spec.origin).read_text()


def _package_dir(dotted: str) -> Path:
    """The sources module ``dotted`` depends on: its package's directory, or the file itself."""
    module = importlib.import_module(dotted)
    origin = Path(module.__file__ or "")
    if module.__package__:
        return Path(sys.modules[module.__package__].__file__ or origin).parent
    return origin


def _sources(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    return sorted(f for f in root.rglob("*.py") if "__pycache__" not in f.parts)


def _tree_digest(root: Path) -> str:
    h = hashlib.sha256()
    for f in _sources(root):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


STALE_SECONDS = 14 * 24 * 3600
"""A bound copy of another fingerprint unused this long is deleted (with its numba cache)."""


def _write_once(path: Path, text: str, stale_prefix: str) -> Path:
    """``path`` holding ``text``, marked as used now.

    Bound copies of other fingerprints (another version of the code: another checkout
    on the same machine, or this one before a change) are left alone unless unused for
    :data:`STALE_SECONDS`: deleting them at once made two checkouts delete each other's
    copies, and their compiled caches, on every run — and one of them could be importing
    the copy being deleted.
    """
    if path.exists() and path.read_text() == text:
        with contextlib.suppress(OSError):
            os.utime(path)  # in use: not stale
    else:
        _write_atomic(path, text)
    now = time.time()
    for old in path.parent.glob(f"{stale_prefix}*.py"):
        with contextlib.suppress(OSError):
            if old != path and now - old.stat().st_mtime > STALE_SECONDS:
                old.unlink()
                for cached in (old.parent / "__pycache__").glob(f"{old.stem}.*"):
                    cached.unlink(missing_ok=True)
    return path


def _write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and rename, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _import_file(name: str, path: Path) -> ModuleType:
    # The module must be in sys.modules before it runs: numba resolves a
    # recursive kernel's call to itself through its module.
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
