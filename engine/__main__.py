"""``python -m engine COMMAND``: the engine's command-line front ends (see :mod:`engine.cli`)."""

import sys

from engine.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
