"""The matching core's own tests: no Django, no database, runnable where only `errorkb[offline]` and pytest are
installed (`make test-client` builds such a virtualenv).

They share the server suite's Django-free helpers, tests/counted_work.py (work counted, never a duration) and
tests/adversarial_inputs.py (texts built to stall a backtracking parser), read from the repository, not copied:
its root goes on the path, whatever directory pytest was started from."""

import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[3]
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))
