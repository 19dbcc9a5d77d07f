"""The OpenAPI schema: every operation lists the problems (RFC 9457) it can answer, besides its success.

Also what the views do around their operations: the card's conditional GET (ETag, Last-Modified, 304), its
conditional writes (If-Match, 412; If-Unmodified-Since refused, 428) and the DELETE that /api/errors/<id> refuses
with 405 (entries are retired, never deleted)."""

import copy
from http import HTTPStatus

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import build_basic_type, build_object_type
from drf_spectacular.types import OpenApiTypes
from rest_framework.permissions import SAFE_METHODS

from api.authentication import SessionAuthentication, TokenAuthentication
from api.problems import PROBLEM_CONTENT_TYPE, ProblemSerializer
from api.throttling import AnonymousScopedThrottle, SearchThrottle, WriteThrottle

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}

WHY = {
    400: "The request is not valid: a body or parameter is wrong; `errors` says which.",
    401: "No valid token: missing (for a write), unknown, revoked or expired.",
    403: "The token's curator lacks the permission this needs.",
    404: "No such entry, repository or page (drafts are 404 to all but curators).",
    406: "The Accept header asks for a type other than JSON.",
    409: "The request conflicts with the entry's current state.",
    413: "The request body is larger than the server accepts.",
    415: "The body is not `application/json`.",
    429: "Too many requests; wait for the seconds in `Retry-After`.",
    500: "The server failed; the error has been logged.",
    503: (
        "The server cannot answer now (the database is not answering, or a lookup ran past its time budget); "
        "try again after the seconds in `Retry-After`."
    ),
}

HEADERS = {
    401: {"WWW-Authenticate": {"schema": {"type": "string"}, "description": "How to authenticate: a token."}},
    405: {"Allow": {"schema": {"type": "string"}, "required": True, "description": "The methods this path answers."}},
    429: {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds until a request is allowed again."}},
    503: {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait before trying again."}},
}


def _sent_header(description: str) -> dict:
    return {"schema": {"type": "string"}, "required": True, "description": description}


# The card (kb.cards.responses): its validators on every 200 and 304, and the conditional requests they answer.
CONDITIONAL_PATHS = {"/api/errors/{public_id}/"}
CARD_HEADERS = {
    "ETag": _sent_header(
        "The card's version as this reader sees it (the public's, or a curator's): send it back "
        "in `If-None-Match`. It changes whenever the entry, or an entry it links to, changes."
    ),
    "Last-Modified": _sent_header("When the card last changed, as an HTTP date: send it back in `If-Modified-Since`."),
    "Cache-Control": _sent_header(
        "`public, max-age=300` for a published or retired card served to the public; "
        "`private, no-store` for drafts and whatever a curator (token or session) is served."
    ),
}


def _optional_header(name: str, description: str) -> dict:
    return {"in": "header", "name": name, "required": False, "schema": {"type": "string"}, "description": description}


CONDITIONAL_PARAMETERS = [
    _optional_header(
        "If-None-Match",
        "ETags of copies the client holds (or `*`): 304 with no body when the card is one of them.",
    ),
    _optional_header(
        "If-Modified-Since",
        "An HTTP date (a `Last-Modified` this gave): 304 with no body when the card has not "
        "changed since. Ignored when `If-None-Match` is sent.",
    ),
    _optional_header(
        "If-Match",
        "ETags (or `*`): 412 when the card is none of them, i.e. it changed since that copy.",
    ),
    _optional_header(
        "If-Unmodified-Since",
        "An HTTP date: 412 when the card changed after it. Ignored when `If-Match` is sent.",
    ),
]
# Writes answer the card they wrote with its validators; those that change an entry take its ETag back.
WRITES = {("/api/errors/", "POST"), ("/api/errors/{public_id}/", "PUT"), ("/api/errors/{public_id}/", "PATCH")}
CONDITIONAL_WRITES = WRITES - {("/api/errors/", "POST")} | {("/api/errors/{public_id}/retire/", "POST")}
WRITTEN_HEADERS = {
    "ETag": _sent_header("The version of the card as written: send it in `If-Match` with the next write."),
    "Last-Modified": _sent_header("When the card last changed, as an HTTP date."),
}
WRITE_PARAMETERS = [
    _optional_header(
        "If-Match",
        "The card's ETag (from a GET of it, with or without a token, or from the last write), or `*`: the write "
        "is done only when the card is still that version, else 412 and nothing is written. Send it, so as not "
        "to overwrite a change you have not seen.",
    ),
    _optional_header(
        "If-Unmodified-Since",
        "Not accepted on writes: alone, the write is refused with 428 and nothing is written (an HTTP date counts "
        "whole seconds, so a change made in the same second as your copy would go unseen); send `If-Match`. "
        "Ignored when `If-Match` is sent.",
    ),
]
WRITE_PRECONDITION_REQUIRED = (
    "Precondition Required. `If-Unmodified-Since` was sent without `If-Match`: it counts whole seconds, so it cannot "
    "name a copy of the card; nothing is written. Send `If-Match` with the card's ETag."
)
WRITE_PRECONDITION_FAILED = (
    "Precondition Failed. The card changed since the copy named by `If-Match`, and nothing is written: read it "
    "again and apply the change to what it is now."
)
PRECONDITION_FAILED = (
    "Precondition Failed. The card changed since the copy named by `If-Match` or `If-Unmodified-Since`."
)
NOT_MODIFIED = {
    "description": "Not Modified. The copy named by `If-None-Match` (or, without it, `If-Modified-Since`) is "
    "current: no body; the validators are sent again.",
    "headers": CARD_HEADERS,
}

# Methods a path refuses with 405 that a client of it may well try: said in the schema, so that nobody has to.
REFUSED = {
    ("/api/errors/{public_id}/", "delete"): {
        "operationId": "errors_destroy",
        "summary": "Not allowed: entries are never deleted",
        "description": "Every DELETE is answered 405, whoever sends it and whether or not the entry exists: an "
        "entry is retired (`POST /api/errors/{public_id}/retire`), so that its page, its links and lookups keep "
        "working. `Allow` lists the methods this path answers (GET, PUT, PATCH, HEAD, OPTIONS).",
    },
}
# The 405, and what is answered before the method is looked at: a path that cannot be an id, a token that is
# not valid, the Accept header, the write throttle (every unsafe request counts, refused ones too), a failure.
REFUSED_RESPONSES = {
    401: "Unauthorized. A token was sent that is unknown, revoked or expired.",
    404: "Not Found. The path names no entry: an id is 16 lowercase hexadecimal digits.",
    405: "Method Not Allowed. Entries are never deleted: retire one instead.",
    406: None,
    429: None,
    500: None,
    503: None,
}


def _problem(status: int, description: str | None, schema: dict) -> dict:
    response: dict[str, object] = {
        "description": description or f"{HTTPStatus(status).phrase}. {WHY.get(status, '')}".strip(),
        "content": {PROBLEM_CONTENT_TYPE: {"schema": schema}},
    }
    if status in HEADERS:
        response["headers"] = HEADERS[status]
    return response


def problem_response(auto_schema: AutoSchema, status: int, description: str | None = None) -> dict:
    return _problem(status, description, auto_schema.resolve_serializer(ProblemSerializer, "response").ref)


class ProblemAutoSchema(AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        if path in CONDITIONAL_PATHS and method == "GET":
            operation.setdefault("parameters", []).extend(copy.deepcopy(CONDITIONAL_PARAMETERS))
            responses["200"]["headers"] = copy.deepcopy(CARD_HEADERS)
            responses["304"] = copy.deepcopy(NOT_MODIFIED)
            responses["412"] = problem_response(self, 412, PRECONDITION_FAILED)
        if (path, method) in CONDITIONAL_WRITES:
            operation.setdefault("parameters", []).extend(copy.deepcopy(WRITE_PARAMETERS))
            responses["412"] = problem_response(self, 412, WRITE_PRECONDITION_FAILED)
            responses["428"] = problem_response(self, 428, WRITE_PRECONDITION_REQUIRED)
        if (path, method) in WRITES | CONDITIONAL_WRITES:
            for code in ("200", "201"):
                if code in responses:
                    responses[code]["headers"] = copy.deepcopy(WRITTEN_HEADERS)
        for status in self._problem_statuses(operation):
            responses.setdefault(str(status), problem_response(self, status))
        for code, response in responses.items():
            if code.isdigit() and int(code) >= 400:
                # Whatever a view declared for an error, its body is a problem: say so, in the problem's type.
                described = problem_response(self, int(code), response.get("description") or None)
                responses[code] = {**response, **described}
        return operation

    def get_auth(self) -> list[dict]:
        auths = super().get_auth()
        public = all(getattr(p, "reads_are_public", False) for p in self.view.get_permissions())
        if public and self.method in SAFE_METHODS and {} not in auths:
            auths.append({})  # a token is optional: it shows drafts to curators
        return auths

    def _problem_statuses(self, operation: dict) -> list[int]:
        view = self.view
        parameters = operation.get("parameters", [])
        has_body = "requestBody" in operation
        unsafe = self.method in UNSAFE_METHODS
        throttles = set(getattr(view, "throttle_classes", ()))
        statuses = [406, 500, 503]
        if has_body or any(p["in"] == "query" for p in parameters):
            statuses.append(400)
        if TokenAuthentication in getattr(view, "authentication_classes", ()):
            statuses.append(401)
        if unsafe:
            statuses.append(403)
        if any(p["in"] == "path" for p in parameters) or self._is_list_view():
            statuses.append(404)
        if has_body:
            statuses += [413, 415]
        if (
            (unsafe and WriteThrottle in throttles)
            or (SearchThrottle in throttles and any(p["name"] == "search" for p in parameters))
            or (AnonymousScopedThrottle in throttles and getattr(view, "throttle_scope", None))
        ):
            statuses.append(429)
        return sorted(statuses)


def document_refused_methods(result: dict, generator, request=None, public: bool = True) -> dict:
    """Postprocessing hook: an operation for each method in REFUSED, answering only its 405 and the problems
    that come before it. (drf-spectacular documents only the methods a view has.)"""
    problem = {"$ref": "#/components/schemas/Problem"}
    for (path, method), described in REFUSED.items():
        item = result["paths"].get(path)
        if item is None or method in item:
            continue
        sibling = next(op for name, op in item.items() if name in ("get", "put", "patch", "post"))
        item[method] = {
            **described,
            "parameters": [copy.deepcopy(p) for p in sibling.get("parameters", []) if p["in"] == "path"],
            "tags": list(sibling.get("tags", [])),
            "security": [{"token": []}, {"cookieAuth": []}, {}],  # refused with a token or without
            "responses": {str(status): _problem(status, why, problem) for status, why in REFUSED_RESPONSES.items()},
        }
    return result


class TokenAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = TokenAuthentication
    name = "token"

    def get_security_definition(self, auto_schema: AutoSchema) -> dict:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A curator's token, made in the admin: `Authorization: Bearer <key>` or `Token <key>`.",
        }


class CookieSessionScheme(OpenApiAuthenticationExtension):
    """The lookup's session authentication is DRF's (it only skips asking without a cookie): it requires the
    same `cookieAuth` scheme, which DRF's class defines for every other view. It defines none of its own:
    drf-spectacular refuses two schemes of one name from two classes."""

    target_class = SessionAuthentication
    name: list[str] = []

    def get_security_requirement(self, auto_schema: AutoSchema) -> dict:
        return {SessionScheme.name: []}

    def get_security_definition(self, auto_schema: AutoSchema) -> list:
        return []


class MarkdownFieldSchema(OpenApiSerializerFieldExtension):
    """Out: the Markdown and its rendered HTML. In: the same object, or the Markdown alone."""

    target_class = "api.serializers.MarkdownField"

    def map_serializer_field(self, auto_schema: AutoSchema, direction: str) -> dict:
        text = build_basic_type(OpenApiTypes.STR)
        if direction == "response":
            return build_object_type(properties={"markdown": text, "html": text}, required=["markdown", "html"])
        text = {**(text or {}), "maxLength": self.target.max_length}
        return {"oneOf": [text, build_object_type(properties={"markdown": text}, required=["markdown"])]}
