"""The container's HEALTHCHECK: ready means /readyz answers 200 (the process is up and the database answers).

Sent over plain HTTP from inside the container, with a Host the site accepts: the first of ALLOWED_HOSTS.
Standard library only, so that the image needs no curl.
"""

import os
import sys
import urllib.request


def main() -> int:
    hosts = [h.strip().lstrip(".") for h in os.environ.get("ALLOWED_HOSTS", "localhost").split(",")]
    host = next((h for h in hosts if h and "*" not in h), "localhost")
    port = os.environ.get("PORT", "8000")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/readyz", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=4) as response:
            return 0 if response.status == 200 else 1
    except OSError as error:
        print(f"not ready: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
