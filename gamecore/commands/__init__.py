"""Sub-commands of the ``gamecore`` CLI. Each module has ``add_parser(subparsers)``; the
parser it adds sets ``run``, a function of the parsed arguments returning the exit code."""
