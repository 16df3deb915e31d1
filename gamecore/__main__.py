"""``python -m gamecore`` is the ``gamecore`` command."""

import sys

from gamecore.cli import main

sys.exit(main())
