"""A situation the evidence does not tie to the raise, and a setting the code on the way never reads (issue 29, round
19's false claims 10, 11 and 20; /work/review/round19ai/REVIEW.md): with no way in recorded, a situation naming
nothing of the entry's own evidence is dropped and counted, a trailing ", or ..." naming nothing is cut; a setting
the evidence does not hold is kept only when the raising function, a recorded way in or the constructor reads it.
True neighbours are kept: the condition's own names, a name of the code said in words, a test's value quoted, a
setting a recorded caller reads."""

import json

from kb.analysis import routes, situated
from kb.analysis.verify import CONTRADICTS, UNSITUATED, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.analysis.test_verify_anchored import OPERATIONS
from tests.counted_work import python_calls, stall_guard

# Django 5.2.19, reduced: django/contrib/gis/db/backends/base/operations.py:189-199 (card 10).
AREA = OPERATIONS
# Django 5.2.19, reduced: django/db/backends/base/operations.py:339-346 (card 11).
NO_LIMIT = '''
class BaseDatabaseOperations:
    def no_limit_value(self):
        """Return the value to use for the LIMIT when we are wanting "LIMIT infinity"."""
        raise NotImplementedError("subclasses of BaseDatabaseOperations may require a no_limit_value() method")
'''
# DRF 3.18.3, reduced: rest_framework/settings.py:205-253 (card 20).
DRF_SETTINGS = """
class APISettings:
    def __init__(self, user_settings=None, defaults=None, import_strings=None):
        if user_settings:
            self._user_settings = self.__check_user_settings(user_settings)
        self.defaults = defaults or DEFAULTS
        self.import_strings = import_strings or IMPORT_STRINGS

    @property
    def user_settings(self):
        if not hasattr(self, '_user_settings'):
            self._user_settings = getattr(settings, 'REST_FRAMEWORK', {})
        return self._user_settings

    def __check_user_settings(self, user_settings):
        SETTINGS_DOC = "https://www.django-rest-framework.org/api-guide/settings/"
        for setting in REMOVED_SETTINGS:
            if setting in user_settings:
                raise RuntimeError("The '%s' setting has been removed." % (setting, SETTINGS_DOC))
        return user_settings


api_settings = APISettings(None, DEFAULTS, IMPORT_STRINGS)
"""
# Django 5.2.19, reduced: django/middleware/csrf.py:130-140, 221-252 and 318-324 (card 8's recorded caller).
CSRF = """
def _check_token_format(token):
    if len(token) not in (CSRF_TOKEN_LENGTH, CSRF_SECRET_LENGTH):
        raise InvalidTokenFormat(REASON_INCORRECT_LENGTH)
    if invalid_token_chars_re.search(token):
        raise InvalidTokenFormat(REASON_INVALID_CHARACTERS)


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
                _check_token_format(csrf_secret)
        return csrf_secret

    def _check_referer(self, request):
        server_port = request.get_port()
        good_referer = (
            settings.SESSION_COOKIE_DOMAIN
            if settings.CSRF_USE_SESSIONS
            else settings.CSRF_COOKIE_DOMAIN
        )
"""
# Django 5.2.19, reduced: django/db/migrations/optimizer.py:12-33 (round 18's card 04).
OPTIMIZER = """
class MigrationOptimizer:
    def optimize(self, operations, app_label):
        if app_label is None:
            raise TypeError("app_label must be a str.")
        self._iterations = 0
"""
# DRF 3.18.3, reduced: rest_framework/fields.py:1398-1407 and tests/test_fields.py:1872-1874 (round 18's card 17).
DURATION = """
class DurationField(Field):
    def to_internal_value(self, value):
        parsed = parse_duration(str(value))
        if parsed is not None:
            return parsed
        self.fail('invalid', format='[DD] [HH:[MM:]]ss[.uuuuuu]')
"""
DURATION_TEST = "invalid_inputs = {'3 08:32 01.123': ['Duration has wrong format.']}"


def entry(
    source: str,
    path: str,
    function: str,
    exception: str,
    *,
    evidence: dict | None = None,
    code: str = "",
    related: str = "",
    tested: str = "",
) -> Vocabulary:
    """An entry's vocabulary as `run.jobs_for` makes it: the tree behind it, its own evidence (the raising function,
    `code` from its site and tests), then its related errors' messages, which are no evidence of its own."""
    base = Vocabulary()
    base.read_code(source)
    base.functions.read(source, path)
    known = Vocabulary(reach=routes.Reach(exception=exception))
    own = f"{exception} {function} {code} {tested}"
    known.read_code(own)
    known.reach.add_site(function, evidence or {"callers": [], "entry_points": []}, path)
    known.reach.tested.update(tested.split())
    known.own = frozenset(known.names)
    known.quote([own])
    known.own_quoted = len(known.quoted)
    known.quote([related])
    known.read(related)
    return known.on(base)


def area() -> Vocabulary:
    code = "field.geodetic(self.connection) self.connection.features.supports_area_geodetic units_name"
    operations = "django/contrib/gis/db/backends/base/operations.py"
    return entry(AREA, operations, "BaseSpatialOperations.get_area_att_for_field", "NotImplementedError", code=code)


def no_limit() -> Vocabulary:
    path = "django/db/backends/base/operations.py"
    return entry(NO_LIMIT, path, "BaseDatabaseOperations.no_limit_value", "NotImplementedError")


def drf_settings() -> Vocabulary:
    # What round 19's request recorded: the class's constructor as its only entry point; `REST_FRAMEWORK` only in a
    # related error's message.
    constructor = {"function": "APISettings", "path": "rest_framework/settings.py", "kind": "constructor", "via": []}
    return entry(
        DRF_SETTINGS,
        "rest_framework/settings.py",
        "APISettings.__check_user_settings",
        "RuntimeError",
        evidence={"callers": [], "entry_points": [constructor]},
        code="setting in user_settings REMOVED_SETTINGS = ['PAGINATE_BY', 'PAGINATE_BY_PARAM', 'MAX_PAGINATE_BY']",
        related='Set `REST_FRAMEWORK["LIST_SERIALIZER_ERRORS_AS_DICT"]` to `True`.',
    )


def csrf() -> Vocabulary:
    caller = {"function": "CsrfViewMiddleware._get_secret", "path": "django/middleware/csrf.py", "level": 1}
    return entry(
        CSRF,
        "django/middleware/csrf.py",
        "_check_token_format",
        "InvalidTokenFormat",
        evidence={"callers": [caller]},
        code="len(token) not in (CSRF_TOKEN_LENGTH, CSRF_SECRET_LENGTH) invalid_token_chars_re.search(token)",
    )


def check(vocabulary: Vocabulary, **sections: str):
    return check_answer(json.loads(card(**sections)), vocabulary)


def test_a_situation_naming_nothing_of_the_evidence_is_dropped_when_no_way_in_is_recorded() -> None:
    # Round 19, card 10: `Area.as_sql` raises `NotSupportedError` first; the situation names nothing of the raise.
    false = (
        "Asking for the area of geometries stored in a geodetic (latitude/longitude) coordinate system on a spatial "
        "backend that cannot compute geodetic areas."
    )
    true = "Calling `get_area_att_for_field()` for a geodetic `field` on a backend without `supports_area_geodetic`."
    result = check(area(), situations=f"{false} {true}")
    assert result.sections["situations"] == true
    assert result.dropped == 1 and result.unknown == [UNSITUATED]
    assert result.unchecked == []  # not sent back: nothing to fix it from
    # With a recorded caller the sentence may speak of it in words: not this check's to drop.
    caller = {"callers": [{"function": "AreaField.get_db_prep_value", "level": 1}]}
    operations = "django/contrib/gis/db/backends/base/operations.py"
    with_caller = entry(AREA, operations, "BaseSpatialOperations.get_area_att_for_field", "x", evidence=caller)
    assert check(with_caller, situations=false).dropped == 0


def test_an_alternative_naming_nothing_is_cut_and_the_anchored_one_kept() -> None:
    # Round 19, card 11: a query on the dummy backend fails in `quote_name` first.
    head = (
        "Writing or using a custom database backend that subclasses `BaseDatabaseOperations` without implementing "
        "`no_limit_value()`"
    )
    result = check(no_limit(), situations=f"{head}, or running queries against the dummy backend.")
    assert result.sections["situations"] == f"{head}."
    assert result.dropped == 1 and result.unknown == [UNSITUATED]
    # A list item keeps its bullet; a sentence whose first alternative names nothing goes whole.
    result = check(no_limit(), situations=f"- {head}; or the dummy backend.\n- Running queries, or `no_limit_value()`.")
    assert result.sections["situations"] == f"- {head}."
    assert result.dropped == 2


def test_a_meaning_sentence_about_the_readers_situation_needs_an_anchor_too() -> None:
    # `api_settings` is real, but no way the evidence records: the project's settings object is built with None.
    said = "`APISettings` refuses a removed setting such as `PAGINATE_BY`."
    reader = "Your project's settings are checked through `api_settings`."
    result = check(drf_settings(), meaning=f"{said} {reader}")
    assert result.sections["meaning"] == said and result.unknown == [UNSITUATED]
    # A sentence about the code, not the reader's situation, is left to the other checks.
    code = "The loop walks `REMOVED_SETTINGS` in order."
    assert check(drf_settings(), meaning=code).sections["meaning"] == code


def test_a_setting_the_code_on_the_way_never_reads_is_no_cause() -> None:
    # Round 19, card 20: the project's settings object is built with None; only the `user_settings` property reads
    # `REST_FRAMEWORK`, never the constructor or the check. `REST_FRAMEWORK` is in a related error's message only.
    false = (
        "Upgrading a project from an older REST framework version whose `REST_FRAMEWORK` settings still set "
        "`PAGINATE_BY`."
    )
    fix = '```python\nREST_FRAMEWORK = {\n    "PAGINATE_BY": 10,\n}\n```'
    true = "`APISettings({'PAGINATE_BY': 10})` raises it for `PAGINATE_BY`."
    result = check(drf_settings(), situations=f"{false} {true}", example_fix=fix)
    assert result.sections["situations"] == true and "example_fix" not in result.sections
    why = f"{CONTRADICTS} `REST_FRAMEWORK` is not read on the way to the raise"
    assert result.dropped == 2 and result.unknown == [why]
    assert [text for text, _ in result.unchecked] == [false, fix]  # sent back in the repair request
    result = check(drf_settings(), solutions=["Take `PAGINATE_BY` out of `settings.REST_FRAMEWORK`."])
    assert result.solutions == [] and result.unknown == [why]
    # The constructor, on the recorded way in, reads `DEFAULTS`: a setting-shaped name it reads is kept.
    read = "`APISettings()` given no `defaults` falls back to `DEFAULTS`."
    assert check(drf_settings(), trigger=read).dropped == 0


def test_a_setting_a_recorded_caller_reads_is_kept_one_read_elsewhere_in_the_class_is_not() -> None:
    kept = "With `CSRF_USE_SESSIONS` false, `_get_secret()` checks the cookie named by `CSRF_COOKIE_NAME`."
    result = check(csrf(), trigger=kept)
    assert result.dropped == 0 and result.sections["trigger"] == kept
    # `_check_referer` reads it, and is no way to `_check_token_format`.
    false = "A `SESSION_COOKIE_DOMAIN` that does not match the request's host raises it."
    result = check(csrf(), trigger=false)
    assert result.unknown == [f"{CONTRADICTS} `SESSION_COOKIE_DOMAIN` is not read on the way to the raise"]


def test_a_code_name_said_in_words_and_a_tests_value_quoted_anchor_a_situation() -> None:
    # Round 18's cards 04 and 17, true situations with no way in recorded.
    path, function = "django/db/migrations/optimizer.py", "MigrationOptimizer.optimize"
    condition = {"conditions": [{"kind": "if", "code": "app_label is None"}]}
    optimizer = entry(OPTIMIZER, path, function, "TypeError", evidence=condition, code="app_label is None operations")
    said = (
        "- Code that runs the migration optimizer on its operations directly and forgets to pass the app label, or "
        "passes a value that ended up `None`."  # the condition's own `None`
    )
    assert check(optimizer, situations=said).sections["situations"] == said
    duration = entry(
        DURATION,
        "rest_framework/fields.py",
        "DurationField.to_internal_value",
        "ValidationError",
        tested=DURATION_TEST,
    )
    quoted = "- Strings with a wrong separator, e.g. `'3 08:32 01.123'`."
    assert check(duration, situations=quoted).sections["situations"] == quoted
    # The words of a related error's message are not the entry's own.
    assert check(drf_settings(), situations="Settings named as in `LIST_SERIALIZER_ERRORS_AS_DICT`.").dropped == 1


def test_the_situation_and_setting_readers_run_in_linear_time_on_a_hostile_answer() -> None:
    units = [", or `x` ", "; or running ", "MAX_A_B ", "`REST_FRAMEWORK` your project ", "a_b c d e "]
    for unit in units:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        for read in (situated.kept_part, situated.unread_setting):
            assert python_calls(read, large, drf_settings()) <= 10 * python_calls(read, small, drf_settings()), unit
        with stall_guard():
            check_answer(json.loads(card(situations=large, meaning=large, solutions=[large])), drf_settings())
