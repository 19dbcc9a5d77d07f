"""JSON from clients and files, read with its nesting bounded (the API's bodies, import files, `lookup --jsonl`).

Python's json decoder recurses once per level of nesting: a body of 1,000 `[` raises RecursionError, and
anything that walks the result afterwards (serializers, error details) recurses as deep again. Real entries
and lookups nest three or four levels; MAX_JSON_DEPTH refuses the absurd before the decoder is asked.

The check runs in linear time by construction: strings are cut out in one pass (a possessive pattern whose
closing quote is optional, so an unterminated string is consumed once, not retried from every quote), the
rest is reduced to its brackets by bytes.translate, a pass or two peels the innermost pairs (which is all
of most bodies), and a running sum over what is left, chunk by chunk, stops at the first level too deep.
"""

import json
import re
from itertools import accumulate
from typing import Any

MAX_JSON_DEPTH = 32


class JSONTooDeep(ValueError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"The JSON is nested more than {limit} deep.")
        self.limit = limit


_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
# Brackets are ASCII and no byte of a multi-byte UTF-8 character is: deleting every other byte keeps them all.
_NOT_BRACKET_BYTES = bytes(byte for byte in range(256) if byte not in b"[]{}")
_INNERMOST_PAIR = re.compile(rb"[\[{][\]}]")
_STEP = tuple(1 if byte in b"[{" else -1 if byte in b"]}" else 0 for byte in range(256))
_PEEL_PASSES = 2
_CHUNK = 4096


def check_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    """Raises JSONTooDeep when decoding `text` would go more than `limit` levels deep. Brackets that never
    close count as levels too: the decoder descends into each of them before it finds out."""
    # Most bodies hold fewer brackets in all, strings included, than levels allowed: no need to cut strings out.
    if text.count("[") + text.count("{") <= limit:
        return
    skeleton = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    brackets = skeleton.translate(None, _NOT_BRACKET_BYTES)
    if brackets.count(b"[") + brackets.count(b"{") <= limit:
        return
    peeled = 0
    while peeled < _PEEL_PASSES and brackets:
        brackets, pairs = _INNERMOST_PAIR.subn(b"", brackets)
        if not pairs:
            break
        peeled += 1
    depth = peeled  # every level left sits on top of the ones peeled
    for start in range(0, len(brackets), _CHUNK):
        levels = list(accumulate(map(_STEP.__getitem__, brackets[start : start + _CHUNK]), initial=depth))
        if max(levels) > limit:
            raise JSONTooDeep(limit)
        depth = levels[-1]


def loads_bounded(
    text: str, *, limit: int = MAX_JSON_DEPTH, decoder: json.JSONDecoder | None = None, **kwargs: Any
) -> Any:
    """json.loads, refusing nesting deeper than `limit` first (JSONTooDeep, a ValueError). `decoder`: one made
    once by the caller, used as json.loads would use one made for `kwargs`."""
    check_depth(text, limit)
    if decoder is None:
        return json.loads(text, **kwargs)
    if text.startswith("\ufeff"):  # as json.loads refuses it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return decoder.decode(text)
