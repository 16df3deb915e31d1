"""Ctrl-C in the ``gamecore`` command: the first one interrupts, later ones are ignored.

People press Ctrl-C twice. The first raises KeyboardInterrupt, which every command turns
into a clean stop; a second one would land wherever the process has got to on its way
out — an ``except`` clause, the interpreter's shutdown — and print a traceback there.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any


def first_interrupt_only(signum: int, frame: object) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def install() -> None:
    """Use :func:`first_interrupt_only` for Ctrl-C, unless the process was started with
    Ctrl-C ignored (a background job), which it then keeps ignoring."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, first_interrupt_only)


def ignore_more() -> None:
    """After an interrupt was handled: ignore the ones that follow (in the command only)."""
    if signal.getsignal(signal.SIGINT) is first_interrupt_only:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def raises_keyboard_interrupt(handler: Callable[..., Any] | int | None) -> bool:
    """Whether ``handler`` (of SIGINT) interrupts by raising KeyboardInterrupt."""
    return handler is signal.default_int_handler or handler is first_interrupt_only
