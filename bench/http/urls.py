"""The site's URLs plus /bench/bare/<kind>: a view that returns the bytes of the card's JSON or page (saved by
run.py in BENCH_BARE_DIR) through the same middleware, the baseline of every ratio."""

import os
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler400, handler403, handler404, handler500  # noqa: F401
from config.urls import urlpatterns as site

CONTENT_TYPES = {"json": "application/json", "page": "text/html; charset=utf-8"}
_bodies: dict[str, bytes] = {}


def bare(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in _bodies:
        _bodies[kind] = (Path(os.environ["BENCH_BARE_DIR"]) / kind).read_bytes()
    return HttpResponse(_bodies[kind], content_type=CONTENT_TYPES[kind])


urlpatterns = [path("bench/bare/<str:kind>", bare), *site]
