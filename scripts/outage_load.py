"""Load for scripts/outage-drill: PHASE SECONDS. Four clients; prints how each kind of request was answered."""

import collections
import json
import sys
import threading
import time
import urllib.error
import urllib.request

BASE = "http://127.0.0.1:8765"
CARD = "b774bfdff5235dcd"
MESSAGE = "NIXL PD transfer does not support HiSparse combined with decode-only speculative decoding."
PATHS = {"page": f"/errors/{CARD}/", "api": f"/api/errors/{CARD}", "readyz": "/readyz", "healthz": "/healthz"}
KINDS = ["page", "api", "match", "match", "readyz", "healthz"]


def request(kind: str) -> str:
    if kind == "match":
        body = json.dumps({"text": MESSAGE}).encode()
        req = urllib.request.Request(BASE + "/api/match", data=body, headers={"Content-Type": "application/json"})
    else:
        req = urllib.request.Request(BASE + PATHS[kind])
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            status, content = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, content = error.code, error.read()
    except OSError as error:
        return f"{kind} {type(error).__name__}"
    if kind == "match" and status == 200:
        return f"{kind} 200 " + ("found" if json.loads(content)["matches"][0]["id"] == CARD else "missed")
    return f"{kind} {status}"


def main() -> None:
    phase, seconds = sys.argv[1], float(sys.argv[2])
    answers: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        turn = 0
        while time.monotonic() < stop:
            answer = request(KINDS[turn % len(KINDS)])
            turn += 1
            with lock:
                answers[answer] += 1

    threads = [threading.Thread(target=client) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"{phase:>6}: " + ", ".join(f"{key}: {count}" for key, count in sorted(answers.items())))


if __name__ == "__main__":
    main()
