"""Searching a position: iterative deepening, its parameters, multi-PV analysis, tuning.

The compiled search itself is a template in :mod:`gamecore.algorithms`, bound to
each game's kernel; this package is its Python face. The five names below are
what callers need; ``from gamecore.search import Searcher, Limits`` is the usual
start.

- :mod:`.searcher` — :class:`Searcher` (iterative deepening, time control, stop);
- :mod:`.params` — :class:`SearchParams` (extensions, reductions, quiescence)
  as files, checked and named per game;
- :mod:`.analysis` — every root move scored (multi-PV);
- :mod:`.tuning` — genetic tuning of the selective search (seed 004).
"""

from gamecore.search.params import SearchParams
from gamecore.search.searcher import Limits, Score, Searcher, SearchInfo

__all__ = ["Limits", "Score", "SearchInfo", "SearchParams", "Searcher"]
