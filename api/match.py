"""POST /api/match (JSON or text/plain) and GET /api/match?q=: the entries behind a message or a traceback."""

import codecs
from typing import ClassVar

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError, ValidationError
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import (  # type: ignore[attr-defined]  # the separators: DRF's, not stubbed
    LONG_SEPARATORS,
    SHORT_SEPARATORS,
    BaseRenderer,
    JSONRenderer,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.validators import ProhibitSurrogateCharactersValidator
from rest_framework.views import APIView

from api.authentication import SessionAuthentication, TokenAuthentication
from api.negotiation import ContentNegotiation, anonymous_plain_json
from api.parsers import BoundedJSONParser
from api.throttling import AnonymousScopedThrottle
from kb.matching import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    MAX_TEXT_BYTES,
    RETRY_AFTER_SECONDS,
    LookupTimeout,
    answer,
    clean_text,
    log_stopped,
    lookup,
)
from kb.models import ErrorEntry, may_see_drafts
from kb.runtime.ratelimit import anonymous_wait
from kb.search.query import offered_for_lookup

# JSONRenderer's encoder for an answer without indent, made once rather than per answer (see _compact_json).
_ENCODER = JSONRenderer.encoder_class(
    ensure_ascii=JSONRenderer.ensure_ascii,
    allow_nan=not JSONRenderer.strict,
    separators=SHORT_SEPARATORS if JSONRenderer.compact else LONG_SEPARATORS,
)

# JSON escapes may take up to six bytes for one character of text; the text itself is held to 64 KiB.
MAX_JSON_BODY = 6 * MAX_TEXT_BYTES + 1024
JSON = "application/json"


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = f"The text is larger than {MAX_TEXT_BYTES} bytes (64 KiB)."
    default_code = "payload_too_large"


class LookupTooSlow(APIException):
    """503 with Retry-After (DRF sends `wait` as that header)."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "lookup_timeout"
    wait = RETRY_AFTER_SECONDS

    def __init__(self, stopped: LookupTimeout) -> None:
        super().__init__(f"{stopped} Try again in a moment, or send a shorter part of the text.")


class PlainTextParser(BaseParser):
    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None) -> dict:
        charset = (parser_context or {}).get("encoding") or "utf-8"
        try:
            codecs.lookup(charset)
        except LookupError:
            raise ParseError(f"Unknown charset {charset!r}.") from None
        return {"text": stream.read().decode(charset, errors="replace")}


class StrictTextField(serializers.CharField):
    """A string and nothing else: 42 or ["a"] is a mistake to report, not a message to look up. Pasted logs
    may hold NUL bytes or, through JSON escapes, lone surrogates: they are dropped or replaced, not refused."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # Surrogates are replaced before validation, so DRF's check for them (a Python loop over each character of
        # up to 64 KiB) can never fail here.
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitSurrogateCharactersValidator)]

    def to_internal_value(self, data) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(clean_text(data).replace("\x00", ""))


class MatchInputSerializer(serializers.Serializer):
    text = StrictTextField(trim_whitespace=False, allow_blank=True)
    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT)

    @classmethod
    def validated(cls, data: dict) -> dict:
        """`validated_data` for `data`, else a ValidationError. The common input (a string that is not blank once
        cleaned, and no limit or an int one in range) is taken here as is_valid() would take it; binding fields,
        running validators and their lazy messages for it cost a lookup a tenth of its time. Anything else goes
        through is_valid(), for its errors (tests/api/test_match_json_path.py holds both to the same results)."""
        text, limit = data.get("text"), data.get("limit", DEFAULT_LIMIT)
        if isinstance(text, str) and type(limit) is int and 1 <= limit <= MAX_LIMIT:
            cleaned = clean_text(text).replace("\x00", "")
            if cleaned.strip():
                return {"text": cleaned, "limit": limit}
        given = cls(data=data)
        given.is_valid(raise_exception=True)
        return given.validated_data

    def validate_text(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("The text is empty: send an error message or a traceback.")
        return value


class SourceSerializer(serializers.Serializer):
    path = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    function = serializers.CharField(allow_blank=True)
    commit = serializers.CharField()
    url = serializers.URLField()


class MessageFromSerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField()
    exception_type = serializers.CharField()
    message = serializers.CharField(allow_blank=True)


class MatchSerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField(
        allow_null=True, help_text="The entry's page (drafts are only found by curators, who may open them)."
    )
    title = serializers.CharField()
    summary = serializers.CharField(
        allow_null=True, help_text="The first sentence of what the error means (the curator's, else generated)."
    )
    first_solution = serializers.CharField(allow_null=True, help_text="The first solution, Markdown.")
    review_state = serializers.CharField(allow_blank=True, help_text="generated, ai-assisted or reviewed.")
    score = serializers.FloatField()
    exact = serializers.BooleanField()
    # The metaclass moves declared fields off the class; the stubs see this shadow BaseSerializer.partial.
    partial = serializers.BooleanField(  # type: ignore[assignment]
        help_text="The text is the start of the entry's message, cut short at a word boundary (not exact)."
    )
    similarity = serializers.FloatField(allow_null=True)
    raise_site = serializers.BooleanField(
        help_text="The innermost frame of the traceback is this entry's raise: it comes first for its exception."
    )
    nearby = serializers.CharField(
        allow_null=True,
        help_text="'function' or 'file': no entry at the innermost frame; the closest one there, not the same raise.",
    )
    class_card = serializers.BooleanField(
        help_text="This entry is the pasted type's own card: an exception class of the repository no raise of it was "
        "found for, answered by its definition and the message its __init__/__str__ words, not by a raise."
    )
    message_from = MessageFromSerializer(
        allow_null=True, help_text="The entry whose wording the message carries, when the raise is another one."
    )
    exception = serializers.IntegerField(help_text="Position of the exception in parsed.exceptions.")
    exception_type = serializers.CharField()
    message = serializers.CharField(allow_blank=True)
    status = serializers.CharField()
    params = serializers.DictField(child=serializers.CharField(allow_blank=True))
    why = serializers.ListField(child=serializers.DictField())
    sources = SourceSerializer(many=True)


class FrameSerializer(serializers.Serializer):
    path = serializers.CharField(allow_blank=True)
    line = serializers.IntegerField(allow_null=True)
    function = serializers.CharField(allow_blank=True)


class ParsedExceptionSerializer(serializers.Serializer):
    type = serializers.CharField(allow_null=True)
    message = serializers.CharField(allow_blank=True)
    origin = serializers.CharField()
    frames = FrameSerializer(many=True)


class ParsedSerializer(serializers.Serializer):
    kind = serializers.CharField()
    exceptions = ParsedExceptionSerializer(many=True, help_text="The last exception of the text first.")


class SearchHitSerializer(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()


class MatchAnswerSerializer(serializers.Serializer):
    matches = MatchSerializer(many=True)
    parsed = ParsedSerializer()
    compiled = serializers.CharField(
        allow_null=True,
        help_text='"raised inside compiled code of <package>" when a Rust or C extension raised the error: no harvest '
        "read where, so no card of another raise nearby is offered.",
    )
    search = SearchHitSerializer(
        many=True,
        help_text="When nothing matches: the best search results for the text's words (entries the caller may see).",
    )


_LIMIT = OpenApiParameter(
    "limit", int, description=f"At most this many matches (1-{MAX_LIMIT}, {DEFAULT_LIMIT} by default)."
)
_TOO_LARGE = OpenApiResponse(description=f"The text is larger than {MAX_TEXT_BYTES} bytes.")
_TOO_SLOW = OpenApiResponse(
    description="Service Unavailable. The lookup took longer than its time budget (`MATCH_TIME_BUDGET`, 1 s by "
    "default) and was stopped, to keep the server answering others: try again after the seconds in "
    "`Retry-After`, or send a shorter part of the text."
)


def _compact_json(body: dict) -> bytes:
    """JSONRenderer().render(body): the same bytes (line and paragraph separators escaped, as it does)."""
    return _ENCODER.encode(body).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode()


def _json_object(data: object) -> dict:
    if not isinstance(data, dict):
        raise ValidationError({"non_field_errors": ['Send a JSON object: {"text": "...", "limit": 5}.']})
    return data


class MatchView(APIView):
    """Retired entries are included, with their status. Drafts only for callers who may see them (a curator's
    token or session); to anyone else a draft, and a repository with nothing but drafts, does not exist."""

    parser_classes = [BoundedJSONParser, PlainTextParser]
    # The API's authentication (REST_FRAMEWORK's), with the session's skipped for a request without its cookie.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    content_negotiation_class = ContentNegotiation
    _response_headers: ClassVar[dict[str, str]]
    throttle_scope = "match"  # anonymous clients: REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["match"]

    @extend_schema(
        summary="Match a message or traceback given in the query string",
        parameters=[OpenApiParameter("q", str, required=True, description="The message or traceback."), _LIMIT],
        responses={200: MatchAnswerSerializer, 413: _TOO_LARGE, 503: _TOO_SLOW},
    )
    def get(self, request: Request) -> Response:
        data = {"text": request.query_params.get("q", "")}
        if "limit" in request.query_params:
            data["limit"] = request.query_params["limit"]
        return Response(self._answer(request, data))

    @extend_schema(
        summary="Match a message or traceback sent as the body",
        description='JSON `{"text": ..., "limit": 5}`, or the text itself as `text/plain` (then `?limit=`).',
        request={"application/json": MatchInputSerializer, "text/plain": OpenApiTypes.STR},
        parameters=[_LIMIT],
        responses={200: MatchAnswerSerializer, 413: _TOO_LARGE, 503: _TOO_SLOW},
    )
    def post(self, request: Request) -> Response:
        text_body = request.content_type.split(";")[0].strip().lower() == "text/plain"
        self._check_length(request, MAX_TEXT_BYTES if text_body else MAX_JSON_BODY)
        data = _json_object(request.data)
        if text_body and "limit" in request.query_params:
            data = {**data, "limit": request.query_params["limit"]}
        return Response(self._answer(request, data))

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        """DRF's dispatch for everything but a JSON POST, the API's common call: for that one, the same steps
        (`initial`: negotiation, authentication, permissions, throttles; the same parser, serializers and errors)
        without DRF's Request.data machinery and its TemplateResponse. Those cost a lookup more than the
        lookup itself; tests/api/test_match_json_path.py holds both ways to the same answer, headers and errors.
        An anonymous call that asks for plain JSON (no credentials, no session cookie, no Accept but JSON, no
        query string: a tool's lookup) skips DRF's Request and `initial` altogether: what they would conclude is
        known (DRF's anonymous user, the JSON renderer, anyone allowed), and the one throttle is asked directly."""
        if request.method != "POST" or request.content_type != JSON:
            return super().dispatch(request, *args, **kwargs)
        self.args, self.kwargs = args, kwargs
        self.headers = self.default_response_headers
        if self._lean_for_anonymous() and anonymous_plain_json(request):
            return self._post_anonymously(request, *args, **kwargs)
        drf_request = self.initialize_request(request, *args, **kwargs)
        self.request = drf_request
        try:
            self.initial(drf_request, *args, **kwargs)
            body = self._answer(drf_request, self._json_body(request))
        except Exception as exc:  # as DRF's dispatch: a problem response through the exception handler
            return self.finalize_response(drf_request, self.handle_exception(exc), *args, **kwargs)
        renderer = drf_request.accepted_renderer
        return self._json_response(
            renderer.render(body, drf_request.accepted_media_type, self.get_renderer_context()), renderer
        )

    @classmethod
    def _lean_for_anonymous(cls) -> bool:
        """Whether the view is as the anonymous path assumes: JSON its one renderer, anyone allowed, the API's
        scoped throttle its one throttle."""
        return (
            cls.renderer_classes == [JSONRenderer]
            and cls.permission_classes == [AllowAny]
            and cls.throttle_classes == [AnonymousScopedThrottle]
        )

    @property
    def default_response_headers(self) -> dict[str, str]:
        # DRF's (Allow, and Vary: Accept for several renderers), worked out once per class: neither changes.
        cls = type(self)
        if "_response_headers" not in cls.__dict__:
            cls._response_headers = super().default_response_headers
        return dict(cls._response_headers)

    def _post_anonymously(self, request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        # What authentication concludes without credentials (REST_FRAMEWORK's UNAUTHENTICATED_USER), for the
        # throttles and for the lookup's choice of drafts.
        request.user = AnonymousUser()
        try:
            # The view's one throttle (_lean_for_anonymous), counted as it counts an anonymous caller.
            if (wait := anonymous_wait(request, self.throttle_scope)) is not None:
                self.throttled(request, wait)  # type: ignore[arg-type]
            body = self._answer(request, self._json_body(request))
        except Exception as exc:
            # Rare (a mistake, a refusal): DRF's Request, made now, for DRF's handling of the problem, through the
            # steps of DRF's `initial` that shape it: negotiation, then authentication, which finds no credentials
            # and ends as DRF ends it then (UNAUTHENTICATED_USER, no auth). Not the throttle: it has counted.
            drf_request = self.initialize_request(request, *args, **kwargs)
            self.request, self.format_kwarg = drf_request, self.get_format_suffix(**kwargs)
            drf_request.accepted_renderer, drf_request.accepted_media_type = self.perform_content_negotiation(
                drf_request
            )
            self.perform_authentication(drf_request)
            return self.finalize_response(drf_request, self.handle_exception(exc), *args, **kwargs)
        return self._json_response(_compact_json(body), JSONRenderer)

    def _json_body(self, request: HttpRequest) -> dict:
        self._check_length(request, MAX_JSON_BODY)
        encoding = request.encoding or settings.DEFAULT_CHARSET
        # No body: no data, as DRF's Request.data has it (then "text" is missing), not a parse error.
        body = request.body
        return _json_object(BoundedJSONParser().parse_bytes(body, encoding) if body else {})

    def _json_response(self, content: str | bytes, renderer: BaseRenderer | type[BaseRenderer]) -> HttpResponse:
        # The renderer's type, as DRF's Response names it: not the accepted one, which may carry `indent=4`.
        content_type = f"{renderer.media_type}; charset={renderer.charset}" if renderer.charset else renderer.media_type
        response = HttpResponse(content, content_type=content_type)
        for name, value in self.headers.items():
            response[name] = value
        if "Vary" in self.headers:
            patch_vary_headers(response, ("Cookie",))
        else:  # the common case, told from the plain dict: a response's headers raise KeyError inside for a miss
            response.headers["Vary"] = "Cookie"
        return response

    def finalize_response(self, request: Request, response: Response, *args, **kwargs) -> Response:
        # Drafts are shown to curators: the answer depends on the session, looked at or not (see SessionAuthentication).
        patch_vary_headers(response, ("Cookie",))
        return super().finalize_response(request, response, *args, **kwargs)

    def _check_length(self, request: Request | HttpRequest, limit: int) -> None:
        # Refuse by the header before reading; a body sent without one is measured once it is read.
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if declared > limit or len(request.body) > limit:
            raise PayloadTooLarge()

    def _answer(self, request: Request | HttpRequest, data: dict) -> dict:
        if isinstance(data.get("text"), str) and len(data["text"].encode("utf-8", "replace")) > MAX_TEXT_BYTES:
            raise PayloadTooLarge()
        given = MatchInputSerializer.validated(data)
        drafts = may_see_drafts(request.user)
        try:
            # Measured above, cleaned by the serializer (StrictTextField): lookup need not do either again.
            result = lookup(given["text"], limit=given["limit"], drafts=drafts, cleaned=True)
        except LookupTimeout as stopped:
            log_stopped(given["text"], stopped)
            raise LookupTooSlow(stopped) from None
        if result.matches:
            ErrorEntry.objects.count_lookup_hit(result.matches[0].entry.key)
        body = answer(result, request.build_absolute_uri, link_drafts=drafts)
        # The queryset is only built when nothing matched: building it costs more than the lookup's answer.
        body["search"] = (
            offered_for_lookup(
                result,
                given["text"],
                ErrorEntry.objects.visible_to(request.user),
                request.build_absolute_uri,
            )
            if not result.matches
            else []
        )
        # `body` is already the answer's JSON (kb.matching.answers): MatchAnswerSerializer documents it for the schema,
        # and running it again per request cost more than the lookup (a copy of every nested field per match).
        return body
