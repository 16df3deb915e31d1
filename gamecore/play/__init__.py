"""Playing games: players, clocks, levels, matches, tournaments and their Elo.

- :mod:`~gamecore.play.players`: anything that picks a move (searching, learning, random).
- :mod:`~gamecore.play.clock`, :mod:`~gamecore.play.levels`: Fischer clocks; engine
  strength levels for people.
- :mod:`~gamecore.play.match`: matches and tournaments; :mod:`~gamecore.play.elo`: their
  Elo differences and ratings; :mod:`~gamecore.play.openings`: opening books;
  :mod:`~gamecore.play.records`: reading game records; :mod:`~gamecore.play.game_length`:
  when a game is adjudicated drawn.

The package itself imports nothing.
"""
