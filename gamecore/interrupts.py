"""Ctrl-C in the ``gamecore`` command: the first one interrupts, and is never lost.

People press Ctrl-C twice. The first raises KeyboardInterrupt, which every command turns
into a clean stop; a second one would land wherever the process has got to on its way
out — an ``except`` clause, the interpreter's shutdown — and print a traceback there, so
it is ignored.

A KeyboardInterrupt can also be lost. Python runs a signal handler in the main thread
between bytecodes, including the bytecodes of a callback: the weakref callback that ends
every import, a ``__del__``. An exception raised there is not propagated but handed to
``sys.unraisablehook`` and dropped — and a process that had set Ctrl-C to be ignored
from then on could no longer be stopped by it at all (a ``gamecore analyse`` that
heard one Ctrl-C during a lazy import searched on). :func:`install` therefore also
hooks ``sys.unraisablehook``: a dropped KeyboardInterrupt is raised again in the main
thread (``_thread.interrupt_main``, from a thread of its own), outside the callback.
"""

from __future__ import annotations

import _thread
import queue
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

_raised = False
"""Whether the first Ctrl-C has raised its KeyboardInterrupt (later ones are ignored)."""
_previous_hook: Callable[[Any], object] = sys.unraisablehook


def first_interrupt_only(signum: int, frame: object) -> None:
    global _raised
    if _raised:
        return
    _raised = True
    raise KeyboardInterrupt


def _raise_dropped_interrupt_again(unraisable: Any) -> None:
    """``sys.unraisablehook``: a KeyboardInterrupt dropped in a callback is raised again;
    anything else goes to the hook that was there before."""
    global _raised
    exc_type = getattr(unraisable, "exc_type", None)
    if isinstance(exc_type, type) and issubclass(exc_type, KeyboardInterrupt):
        _raised = False
        # Called here, the handler would raise inside this hook, a callback too: a thread of
        # its own asks, and the main thread runs the handler once it has left the hook (one
        # call in C and a return). A callback that drops it again comes back here.
        _again.put(True)
        return
    _previous_hook(unraisable)


def _interrupt_main_when_asked() -> None:
    while _again.get():
        _thread.interrupt_main(signal.SIGINT)


_again: queue.SimpleQueue[bool] = queue.SimpleQueue()
"""Requests to raise a dropped KeyboardInterrupt again (a C queue: putting runs no Python)."""


def install() -> None:
    """Use :func:`first_interrupt_only` for Ctrl-C and raise dropped interrupts again,
    unless the process was started with Ctrl-C ignored (a background job), which it then
    keeps ignoring."""
    global _previous_hook
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, first_interrupt_only)
        if sys.unraisablehook is not _raise_dropped_interrupt_again:
            _previous_hook = sys.unraisablehook
            sys.unraisablehook = _raise_dropped_interrupt_again
            threading.Thread(
                target=_interrupt_main_when_asked, name="interrupt-again", daemon=True
            ).start()


def ignore_more() -> None:
    """After an interrupt was handled: ignore the ones that follow (in the command only)."""
    if signal.getsignal(signal.SIGINT) is first_interrupt_only:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def raises_keyboard_interrupt(handler: Callable[..., Any] | int | None) -> bool:
    """Whether ``handler`` (of SIGINT) interrupts by raising KeyboardInterrupt."""
    return handler is signal.default_int_handler or handler is first_interrupt_only
