"""The OpenAPI schema: every operation lists the problems (RFC 9457) it can answer, besides its success."""

from http import HTTPStatus

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import build_basic_type, build_object_type
from drf_spectacular.types import OpenApiTypes
from rest_framework.permissions import SAFE_METHODS

from api.authentication import TokenAuthentication
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
}

HEADERS = {
    401: {"WWW-Authenticate": {"schema": {"type": "string"}, "description": "How to authenticate: a token."}},
    429: {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds until a request is allowed again."}},
}


def problem_response(auto_schema: AutoSchema, status: int, description: str | None = None) -> dict:
    component = auto_schema.resolve_serializer(ProblemSerializer, "response")
    response = {
        "description": description or f"{HTTPStatus(status).phrase}. {WHY.get(status, '')}".strip(),
        "content": {PROBLEM_CONTENT_TYPE: {"schema": component.ref}},
    }
    if status in HEADERS:
        response["headers"] = HEADERS[status]
    return response


class ProblemAutoSchema(AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
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
        statuses = [406, 500]
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


class TokenAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = TokenAuthentication
    name = "token"

    def get_security_definition(self, auto_schema: AutoSchema) -> dict:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A curator's token, made in the admin: `Authorization: Bearer <key>` or `Token <key>`.",
        }


class MarkdownFieldSchema(OpenApiSerializerFieldExtension):
    """Out: the Markdown and its rendered HTML. In: the same object, or the Markdown alone."""

    target_class = "api.serializers.MarkdownField"

    def map_serializer_field(self, auto_schema: AutoSchema, direction: str) -> dict:
        text = build_basic_type(OpenApiTypes.STR)
        if direction == "response":
            return build_object_type(properties={"markdown": text, "html": text}, required=["markdown", "html"])
        return {"oneOf": [text, build_object_type(properties={"markdown": text}, required=["markdown"])]}
