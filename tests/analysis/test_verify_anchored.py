"""A way in an answer names that the evidence does not tie to the raise (issue 29, round 19's false claims 10 and 20):
"raised when you call `Area()`" where no caller or entry point is recorded and the code does not show `Area` getting
there is dropped and counted with why; the raising function, its class, a way in the tests use and one the code
shows calling the raising function are kept. The request asks the model not to fill in a way in of its own."""

import json

from kb.analysis import anchored, routes
from kb.analysis.verify import CONTRADICTS, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import python_calls, stall_guard

# Django 5.2.19, reduced: django/contrib/gis/db/backends/base/operations.py:189-199.
OPERATIONS = """
class BaseSpatialOperations:
    def get_area_att_for_field(self, field):
        if field.geodetic(self.connection):
            if self.connection.features.supports_area_geodetic:
                return "sq_m"
            raise NotImplementedError("Area on geodetic coordinate systems not supported.")
        else:
            units_name = field.units_name(self.connection)
            if units_name:
                return AreaMeasure.unit_attname(units_name)
"""
# django/contrib/gis/db/models/functions.py:157-169 and sql/conversion.py:27-40 (5.2.19), reduced.
FUNCTIONS = """
class Area(OracleToleranceMixin, GeoFunc):
    arity = 1

    @cached_property
    def output_field(self):
        return AreaField(self.geo_field)

    def as_sql(self, compiler, connection, **extra_context):
        if not connection.features.supports_area_geodetic and self.geo_field.geodetic(connection):
            raise NotSupportedError("Area on geodetic coordinate systems not supported.")
        return super().as_sql(compiler, connection, **extra_context)
"""
CONVERSION = """
class AreaField(models.FloatField):
    def get_db_prep_value(self, value, connection, prepared=False):
        if value is None:
            return
        area_att = connection.ops.get_area_att_for_field(self.geo_field)
        return getattr(value, area_att) if area_att else value
"""
# DRF 3.18.3, reduced: rest_framework/settings.py:205-260.
SETTINGS = """
class APISettings:
    def __init__(self, user_settings=None, defaults=None, import_strings=None):
        if user_settings:
            self._user_settings = self.__check_user_settings(user_settings)
        self.defaults = defaults or DEFAULTS

    def __check_user_settings(self, user_settings):
        SETTINGS_DOC = "https://www.django-rest-framework.org/api-guide/settings/"
        for setting in REMOVED_SETTINGS:
            if setting in user_settings:
                raise RuntimeError("The '%s' setting has been removed." % (setting, SETTINGS_DOC))
        return user_settings

    def reload(self):
        for attr in self._cached_attrs:
            delattr(self, attr)
        self._cached_attrs.clear()


api_settings = APISettings(None, DEFAULTS, IMPORT_STRINGS)


def reload_api_settings(*args, **kwargs):
    setting = kwargs['setting']
    if setting == 'REST_FRAMEWORK':
        api_settings.reload()
"""
# DRF 3.18.3 tests/test_settings.py:19-27, reduced: the test that triggers it.
DRF_TEST = 'settings = APISettings({"PAGINATE_BY": 10})'

# What round 19's requests recorded (/work/review/round19ai/req-*.jsonl): no caller, and the raising function (or its
# class's constructor) as its own entry point.
AREA_EVIDENCE = {
    "callers": [],
    "entry_points": [{"function": "BaseSpatialOperations.get_area_att_for_field", "kind": "method", "via": []}],
}
SETTINGS_EVIDENCE = {"callers": [], "entry_points": [{"function": "APISettings", "kind": "constructor", "via": []}]}


def area_vocabulary(evidence: dict | None = None) -> Vocabulary:
    known = Vocabulary()
    known.read_code(OPERATIONS + FUNCTIONS + CONVERSION)
    known.functions.read(OPERATIONS, "django/contrib/gis/db/backends/base/operations.py")
    known.functions.read(FUNCTIONS, "django/contrib/gis/db/models/functions.py")
    known.functions.read(CONVERSION, "django/contrib/gis/db/models/sql/conversion.py")
    known.reach = routes.Reach(exception="NotImplementedError")
    known.reach.add_site("BaseSpatialOperations.get_area_att_for_field", evidence or AREA_EVIDENCE)
    return known


def settings_vocabulary() -> Vocabulary:
    known = Vocabulary()
    known.read_code(SETTINGS + DRF_TEST)
    known.functions.read(SETTINGS, "rest_framework/settings.py")
    known.reach = routes.Reach(exception="RuntimeError")
    known.reach.add_site("APISettings.__check_user_settings", SETTINGS_EVIDENCE)
    known.reach.tested.update(["settings", "APISettings"])  # as `entry_vocabulary` reads the test's code
    return known


def check(text: str, vocabulary: Vocabulary):
    return check_answer(json.loads(card(situations=text)), vocabulary)


def test_a_way_in_the_evidence_does_not_record_is_dropped_with_why() -> None:
    anchors = {
        "NotImplementedError": "`get_area_att_for_field()` raises it for a geodetic `field`.",
        "RuntimeError": "`APISettings` checks its `user_settings`.",
    }
    dropped = {
        # Round 19, card 10: `Area.as_sql` raises `NotSupportedError` first; nothing records `Area` as a way in.
        "It is raised when you call `Area()` on such a field.": (area_vocabulary(), "`Area`"),
        "It is reached through `Area.as_sql()` on such a backend.": (area_vocabulary(), "`Area.as_sql`"),
        # Round 19, card 20: the project's settings are read by `reload_api_settings`, which never checks them.
        "It is raised by calling `reload_api_settings()` after changing `REST_FRAMEWORK`.": (
            settings_vocabulary(),
            "`reload_api_settings`",
        ),
    }
    for text, (vocabulary, name) in dropped.items():
        anchor = anchors[vocabulary.reach.exception]
        result = check(f"{anchor} {text}", vocabulary)
        assert result.sections["situations"] == anchor, text
        why = f"{CONTRADICTS} {name} is no way in the evidence records"
        assert result.dropped == 1 and result.unknown == [why], text
        assert result.unchecked == [(text, [why])]  # sent back once in the repair request


def test_the_raising_function_its_class_the_tests_and_the_code_anchor_a_way_in() -> None:
    kept = {
        "It is reached from `AreaField.get_db_prep_value()` when the field is geodetic.": area_vocabulary(),
        "It is raised when you call `get_area_att_for_field()` with a geodetic `field`.": area_vocabulary(),
        "It is raised when you call `APISettings()` with a removed setting.": settings_vocabulary(),
        "It is raised through `APISettings.__check_user_settings()` for `PAGINATE_BY`.": settings_vocabulary(),
        # An exception class, then a value: not ways in.
        "It is raised through `NotImplementedError` in `get_area_att_for_field()`.": area_vocabulary(),
        "It is met through `units_name` otherwise.": area_vocabulary(),
    }
    for text, vocabulary in kept.items():
        result = check(text, vocabulary)
        assert result.dropped == 0 and result.sections["situations"] == text, text


def test_with_recorded_ways_in_an_unrecorded_name_is_kept_unless_the_code_rules_it_out() -> None:
    recorded = {"callers": [{"function": "AreaField.get_db_prep_value", "level": 1}]}
    # The code cannot tell where a class's construction leads: kept, as `routes` keeps a real pair.
    assert check("It is raised when you call `Area()` on such a field.", area_vocabulary(recorded)).dropped == 0
    vocabulary = area_vocabulary(recorded)
    result = check("It is reached through `AreaField.get_db_prep_value()`.", vocabulary)
    assert result.dropped == 0
    # `Area.as_sql` is read whole and never names the raising function.
    result = check("It is reached through `Area.as_sql()`.", area_vocabulary(recorded))
    assert result.dropped == 1


def test_the_way_in_reader_runs_in_linear_time_on_a_hostile_answer() -> None:
    units = ["when you call `Area()` ", "through `a.b()` ", "called from `X` via `Y()` ", "`when you call` "]
    reach = area_vocabulary().reach
    functions = area_vocabulary().functions
    for unit in units:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        assert python_calls(anchored.unrecorded, large, reach, functions) <= 10 * python_calls(
            anchored.unrecorded, small, reach, functions
        ), unit
        with stall_guard():
            check_answer(json.loads(card(situations=large, solutions=[large])), area_vocabulary())


# Django 5.2.19, reduced: django/middleware/csrf.py:221-251 (`_get_secret`), 349-362 (`_check_token`) and 414-440
# (`process_view`, which calls `_check_token` under its checks).
CSRF = """
class CsrfViewMiddleware(MiddlewareMixin):
    def _get_secret(self, request):
        if settings.CSRF_USE_SESSIONS:
            csrf_secret = request.session.get(CSRF_SESSION_KEY)
        else:
            try:
                csrf_secret = request.COOKIES[settings.CSRF_COOKIE_NAME]
            except KeyError:
                csrf_secret = None
            else:
                # This can raise InvalidTokenFormat.
                _check_token_format(csrf_secret)
        if csrf_secret is None:
            return None
        return csrf_secret

    def _origin_verified(self, request):
        request_origin = request.META["HTTP_ORIGIN"]
        return request_origin in self.allowed_origins_exact

    def _check_token(self, request):
        # Access csrf_secret via self._get_secret() as rotate_token() may have
        # been called by an authentication middleware during the
        # process_request() phase.
        try:
            csrf_secret = self._get_secret(request)
        except InvalidTokenFormat as exc:
            raise RejectRequest(f"CSRF cookie {exc.reason}.")

        if csrf_secret is None:
            raise RejectRequest(REASON_NO_CSRF_COOKIE)

    def process_view(self, request, callback, callback_args, callback_kwargs):
        if getattr(callback, "csrf_exempt", False):
            return None
        try:
            self._check_token(request)
        except RejectRequest as exc:
            return self._reject(request, exc.reason)
"""
CSRF_EVIDENCE = {
    "callers": [{"function": "CsrfViewMiddleware.process_view", "path": "django/middleware/csrf.py", "level": 1}],
    "entry_points": [],
}


def csrf_vocabulary() -> Vocabulary:
    known = Vocabulary()
    known.read_code(CSRF)
    known.functions.read(CSRF, "django/middleware/csrf.py")
    known.reach = routes.Reach(exception="RejectRequest")
    known.reach.add_site("CsrfViewMiddleware._check_token", CSRF_EVIDENCE, "django/middleware/csrf.py")
    return known


def test_a_callee_the_raising_function_works_through_is_no_way_in_to_hold_it_to() -> None:
    # Round 26: dropped as "`_get_secret` is no way in the evidence records", and the next sentence, "When that
    # reports ...", kept without what "that" was.
    means = [
        "`CsrfViewMiddleware._check_token()` reads the CSRF secret through `self._get_secret(request)`.",
        "`_check_token()` gets the secret via `self._get_secret(request)` before it compares the tokens.",
    ]
    for text in means:
        result = check(text, csrf_vocabulary())
        assert result.dropped == 0 and result.sections["situations"] == text, text


def test_through_a_function_the_code_does_not_show_stays_dropped() -> None:
    dropped = {
        # `_check_token` never names `_origin_verified`: not the means it works through.
        "`_check_token()` reads the CSRF secret through `self._origin_verified(request)`.": "`_origin_verified`",
        # `process_view` reaches the raise, but the secret is not read there through `_get_secret`.
        "`process_view()` reads the CSRF secret through `self._get_secret(request)`.": "`_get_secret`",
        # Passive: `_get_secret` said to lead to `_check_token`, a way in the evidence does not record.
        "`_check_token()` is reached through `self._get_secret(request)`.": "`_get_secret`",
        "It is raised through `self._get_secret(request)`.": "`_get_secret`",
    }
    for text, name in dropped.items():
        result = check(text, csrf_vocabulary())
        assert result.dropped == 1 and "situations" not in result.sections, text
        assert result.unknown[0].startswith(CONTRADICTS), text
        assert name in result.unknown[0], text


def test_a_sentence_referring_back_to_a_dropped_one_goes_with_it() -> None:
    then = "When that reports a malformed cookie, `_check_token()` raises it."
    planted = f"`_check_token()` reads the CSRF secret through `self._origin_verified(request)`. {then}"
    result = check(planted, csrf_vocabulary())
    assert "situations" not in result.sections and result.dropped == 2
    true = f"`_check_token()` reads the CSRF secret through `self._get_secret(request)`. {then}"
    assert check(true, csrf_vocabulary()).sections["situations"] == true
    after_dropped = "`_check_token()` reads the CSRF secret through `self._origin_verified(request)`. {}"
    for referring in ("It then raises `RejectRequest` in `_check_token()`.", "That check runs in `_check_token()`."):
        assert "situations" not in check(after_dropped.format(referring), csrf_vocabulary()).sections, referring
    # Of the card's own error, "This error" and "It is raised" refer to nothing dropped.
    for own in ("This error is raised by `_check_token()`.", "It is raised when `csrf_secret is None`."):
        assert check(after_dropped.format(own), csrf_vocabulary()).sections["situations"] == own, own
