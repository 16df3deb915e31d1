"""How kernels are compiled: one place owns the numba policy.

Every hot-path function in gamecore and in the built-in games is decorated
with :func:`kernel`. ``cache=True`` keeps warm start-up short (compiled code
is reused from disk); ``nogil=True`` lets a GUI think in a background thread;
``error_model="numpy"`` drops Python's division-by-zero checks from inner
loops. :func:`python_kernel` is the same decorator for plain-Python plugins:
it leaves the function alone, so a template bound to a Python game runs as
Python.

:func:`deadline_passed` is how a search notices its time is up without another thread:
compiled kernels release the GIL, so the search driver's watchdog thread raises their stop
flag at once, and for them it is the constant ``False``; a plain-Python kernel holds the
GIL, and a watchdog would wait for the interpreter's switch interval (5 ms) before it could
run, so :func:`python_deadline_passed` reads the clock itself.
"""

from __future__ import annotations

import time
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


@kernel
def deadline_passed(deadline_ns):
    """Compiled kernels have no clock: their driver's watchdog stops them (see above)."""
    return False


def python_deadline_passed(deadline_ns: int) -> bool:
    """Whether ``time.perf_counter_ns()`` has reached ``deadline_ns`` (0: no deadline)."""
    return deadline_ns > 0 and time.perf_counter_ns() >= deadline_ns
