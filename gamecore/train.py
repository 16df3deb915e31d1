"""Where the trainer used to live: ``from gamecore.train import Trainer`` keeps working.

The training code is in :mod:`gamecore.training`; this module re-exports what
programs imported from here before it moved.
"""

from gamecore.training.config import TrainConfig, configure
from gamecore.training.trainer import Progress, Trainer, TrainingDiverged, resume_config

__all__ = ["Progress", "TrainConfig", "Trainer", "TrainingDiverged", "configure", "resume_config"]
