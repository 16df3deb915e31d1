"""Training: the driver and its workers, its configuration, and what measures a run.

- :mod:`~gamecore.training.games`: :class:`~gamecore.training.games.TrainingGames`, which
  plays and learns from one game (in the driver and in each worker).
- :mod:`~gamecore.training.trainer`: :class:`~gamecore.training.trainer.Trainer`, which runs
  the games, checkpoints (:mod:`~gamecore.training.resume` continues) and keeps the log
  (:mod:`~gamecore.training.run_log`).
- :mod:`~gamecore.training.config`: :class:`~gamecore.training.config.TrainConfig`, every
  setting in one place, and :func:`~gamecore.training.config.configure`, which applies a
  game's recipe; :mod:`~gamecore.training.options` turns the settings into options and
  :mod:`~gamecore.training.validation` checks them.
- :mod:`~gamecore.training.worker`: what a worker is sent, plays and returns.
- :mod:`~gamecore.training.sparring`, :mod:`~gamecore.training.stages`,
  :mod:`~gamecore.training.retuning`: partners for self-play, staged feature groups,
  re-tuning the search during a run.
- :mod:`~gamecore.training.yardsticks`, :mod:`~gamecore.training.verdict`,
  :mod:`~gamecore.training.check`: measuring the weights during, after and for a plugin.
- :mod:`~gamecore.training.live`, :mod:`~gamecore.training.compile_helper`: the game being
  played, for a watching window; compiling the learners beside the search.

The package itself imports nothing, so a window that only watches a run loads no trainer.
"""
