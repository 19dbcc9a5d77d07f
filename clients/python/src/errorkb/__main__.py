"""`python -m errorkb lookup|explain|run ...`: the `errorkb` command (errorkb.cli)."""

import sys

from errorkb.cli import main

if __name__ == "__main__":
    sys.exit(main())
