"""A local read from the request's headers, said as the header the reader sent (issue 29, round 23's card 12 and the
CSRF and DRF cards beside it): `request.META.get('HTTP_REFERER')` is "the request's `Referer` header".

By the CGI convention WSGI keeps (PEP 3333), an HTTP header `X-Y` arrives in the request's environ as `HTTP_X_Y`,
and `Content-Type` and `Content-Length` as `CONTENT_TYPE` and `CONTENT_LENGTH`. Said only for a read of such a key
from a mapping named `META` or `environ` (never `os.environ`, the process's own variables), or from `headers` by the
header's own name; `.get()` without a default gives `None` for a request without the header, and the card says so."""

import ast

from kb.cards.parsed import expression
from kb.text.escaping import code

_MAPPINGS = frozenset({"META", "environ"})
_UNPREFIXED = frozenset({"CONTENT_TYPE", "CONTENT_LENGTH"})
MAX_CODE = 120


def request_header(written: str) -> str:
    """ "the request's `Referer` header" (with what `.get()` gives for a request without it) for code that reads a
    header from the request's environ, or ""."""
    found = _read(written)
    if found is None:
        return ""
    header, default = found
    absent = f", {code(repr(default.value))} when the request has none" if default is not None else ""
    return f"the request's {code(header)} header{absent}"


def header_or_none(written: str) -> str:
    """The header of `request.META.get('HTTP_REFERER')` (a `.get()` whose default is `None`): "Referer", the value
    `None` stands for a request without it; "" for any other code."""
    found = _read(written)
    return found[0] if found is not None and found[1] is not None and found[1].value is None else ""


def _read(written: str) -> tuple[str, ast.Constant | None] | None:
    """(the header, the default `.get()` gives for a request without it, or None for a subscript) of code that
    reads a header from the request's environ; None for any other code."""
    if len(written) > MAX_CODE:
        return None
    node = expression(written.strip())
    if node is None:
        return None
    default: ast.Constant | None = None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        if node.keywords or not 1 <= len(node.args) <= 2:
            return None
        given = node.args[1] if len(node.args) == 2 else ast.Constant(None)
        if not isinstance(given, ast.Constant):
            return None
        default, mapping, key = given, node.func.value, node.args[0]
    elif isinstance(node, ast.Subscript):
        mapping, key = node.value, node.slice
    else:
        return None
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return None
    header = _header(mapping, key.value)
    return (header, default) if header else None


def _header(mapping: ast.expr, key: str) -> str:
    name = mapping.attr if isinstance(mapping, ast.Attribute) else mapping.id if isinstance(mapping, ast.Name) else ""
    if name == "headers" and key.replace("-", "").isalnum():
        return key
    if name not in _MAPPINGS or (isinstance(mapping, ast.Attribute) and _root(mapping) == "os"):
        return ""
    if name == "environ" and isinstance(mapping, ast.Name):
        return ""  # a bare `environ` may be `from os import environ`: the process's, not the request's
    if key in _UNPREFIXED:
        variable = key
    elif key.startswith("HTTP_") and len(key) > 5:
        variable = key[5:]
    else:
        return ""
    if not variable.replace("_", "").isalnum() or not variable.isupper():
        return ""
    return "-".join(part.capitalize() for part in variable.split("_"))


def _root(node: ast.expr) -> str:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def header_test(written: str) -> str:
    """ "the request has no `Origin` header" for `"HTTP_ORIGIN" not in request.META` ("has the `Origin` header" for
    `in`), by the same reading of the mapping and key as `request_header`, of the environ's keys alone: a `headers`
    mapping may be a response's. "" for any other test."""
    if len(written) > MAX_CODE:
        return ""
    node = expression(written.strip())
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
        return ""
    key = node.left
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return ""
    mapping = node.comparators[0]
    if (mapping.attr if isinstance(mapping, ast.Attribute) else getattr(mapping, "id", "")) == "headers":
        return ""  # `"Content-Type" in self.headers` of a response (django/http/response.py:122, 5.2.19): not sent
    header = _header(mapping, key.value)
    if not header:
        return ""
    return f"the request has {'no' if isinstance(node.ops[0], ast.NotIn) else 'the'} {code(header)} header"
