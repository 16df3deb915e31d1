"""The UCI options gamecore offers: how each is declared to the GUI and how its value is read.

The engine (:class:`gamecore.interop.uci.UciEngine`) says what an option does;
here are its type, default and range, the ``option`` line that declares it,
and :func:`read_value`, which turns the text of ``setoption ... value X`` into
a value or a one-line complaint (a number out of range is clamped, and the
complaint says to what). docs/uci.md lists the options.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.bounds import MAX_THREADS
from gamecore.interop.uci_go import DEFAULT_OVERHEAD_MS
from gamecore.play.levels import ELO_MAX, ELO_MIN, LEVEL_ELO

DEFAULT_HASH_MB = 16
MAX_HASH_MB = 4096
MAX_CONTEMPT = 1000
"""In evaluation units: ten Pawns on the hand-set chess scale."""
MAX_OVERHEAD_MS = 5000
MAX_MULTIPV = 256
"""More lines than any position has moves in chess (218 at most)."""
DEFAULT_ELO = LEVEL_ELO[5]
"""A club player: the rating ``UCI_Elo`` starts at, as long as nobody sets it."""


@dataclass(frozen=True)
class Option:
    """One UCI option: ``kind`` is ``spin``, ``check`` or ``string``."""

    name: str
    kind: str
    default: int | bool | str
    low: int = 0
    high: int = 0
    unit: str = ""
    """What a spin counts, for complaints (``a whole number of MB``)."""

    def declaration(self, default: int | bool | str | None = None) -> str:
        """The ``option`` line of the answer to ``uci`` (``default`` overrides the default)."""
        value = self.default if default is None else default
        if self.kind == "spin":
            return (
                f"option name {self.name} type spin default {value} min {self.low} max {self.high}"
            )
        if self.kind == "check":
            return f"option name {self.name} type check default {str(value).lower()}"
        return f"option name {self.name} type string default {value or '<empty>'}"


HASH = Option("Hash", "spin", DEFAULT_HASH_MB, 1, MAX_HASH_MB, " of MB")
THREADS = Option("Threads", "spin", 1, 1, MAX_THREADS)
MULTIPV = Option("MultiPV", "spin", 1, 1, MAX_MULTIPV)
PONDER = Option("Ponder", "check", False)
WEIGHTS = Option("Weights", "string", "")
MOVE_OVERHEAD = Option("Move Overhead", "spin", DEFAULT_OVERHEAD_MS, 0, MAX_OVERHEAD_MS, " of ms")
CONTEMPT = Option("Contempt", "spin", 0, 0, MAX_CONTEMPT)
LIMIT_STRENGTH = Option("UCI_LimitStrength", "check", False)
ELO = Option("UCI_Elo", "spin", DEFAULT_ELO, ELO_MIN, ELO_MAX)
SHOW_WDL = Option("UCI_ShowWDL", "check", False)

OPTIONS = (
    HASH,
    THREADS,
    MULTIPV,
    PONDER,
    WEIGHTS,
    MOVE_OVERHEAD,
    CONTEMPT,
    LIMIT_STRENGTH,
    ELO,
    SHOW_WDL,
)
"""In the order the answer to ``uci`` declares them."""
BY_NAME = {option.name.lower(): option for option in OPTIONS}
"""UCI option names are not case-sensitive."""


def read_value(option: Option, text: str) -> tuple[int | bool | str | None, str | None]:
    """(value, complaint): the value to use (None: keep the old one) and what to tell the GUI."""
    if option.kind == "check":
        word = text.strip().lower()
        if word in ("true", "false"):
            return word == "true", None
        return None, f"{option.name} must be true or false, not {text[:40]!r}"
    if option.kind == "spin":
        try:
            number = int(text)
        except ValueError:
            return None, f"{option.name} must be a whole number{option.unit}, not {text[:40]!r}"
        clamped = min(max(number, option.low), option.high)
        if clamped != number:
            return clamped, (
                f"{option.name} {text[:40]} is outside {option.low} to {option.high}; "
                f"using {clamped}"
            )
        return number, None
    return text, None


def split_setoption(args: list[str]) -> tuple[str, str] | None:
    """(name, value) of ``setoption name <id> [value <x>]``; None when it is not that."""
    if not args or args[0] != "name":
        return None
    if "value" in args:
        cut = args.index("value")
        return " ".join(args[1:cut]), " ".join(args[cut + 1 :])
    return " ".join(args[1:]), ""


__all__ = ["BY_NAME", "OPTIONS", "Option", "read_value", "split_setoption"]
