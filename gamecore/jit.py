"""How kernels are compiled: one place owns the numba policy.

Every hot-path function in gamecore and in the built-in games is decorated
with :func:`kernel`. ``cache=True`` keeps warm start-up short (compiled code
is reused from disk); ``nogil=True`` lets a GUI think in a background thread;
``error_model="numpy"`` drops Python's division-by-zero checks from inner
loops. :func:`python_kernel` is the same decorator for plain-Python plugins:
it leaves the function alone, so a template bound to a Python game runs as
Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from numba import njit

F = TypeVar("F", bound=Callable)


def kernel(fn: F) -> F:
    """Compile ``fn`` with numba, cached on disk."""
    return njit(cache=True, nogil=True, error_model="numpy", _nrt=False)(fn)  # type: ignore[call-overload]


def python_kernel(fn: F) -> F:
    """Leave ``fn`` as plain Python (the decorator bound templates use for Python games)."""
    return fn
