"""Claims about a way in that use only real names and are still false (issue 29, round 18's false claims 1 and 7): a
way in that cannot hand on the value the claim says it does, and "whenever" said of a way in that may leave first.
Each is dropped and counted with why; the true sentences around them are kept."""

import ast
import json
from typing import Any

from kb.analysis import routes, ways
from kb.analysis.verify import CONTRADICTS, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import python_calls, stall_guard

# Django 5.2.19, reduced: django/test/client.py:785, 829-904.
CLIENT = '''
class ClientMixin:
    def login(self, **credentials):
        from django.contrib.auth import authenticate

        user = authenticate(**credentials)
        if user:
            self._login(user)
            return True
        return False

    async def alogin(self, **credentials):
        """See login()."""
        from django.contrib.auth import aauthenticate

        user = await aauthenticate(**credentials)
        if user:
            await self._alogin(user)
            return True
        return False

    async def aforce_login(self, user, backend=None):
        if backend is None:
            backend = self._get_backend()
        user.backend = backend
        await self._alogin(user, backend)

    async def _alogin(self, user, backend=None):
        from django.contrib.auth import alogin

        # Create a fake request to store login details.
        request = HttpRequest()
        session = await self.asession()
        if session:
            request.session = session
        else:
            engine = import_module(settings.SESSION_ENGINE)
            request.session = engine.SessionStore()

        await alogin(request, user, backend)
        # Save the session values.
        await request.session.asave()
        self._set_login_cookies(request)
'''
# django/contrib/auth/__init__.py:200-212 (5.2.19).
AUTH = '''
async def alogin(request, user, backend=None):
    """See login()."""
    session_auth_hash = ""
    if user is None:
        warnings.warn(
            "Fallback to request.auser() when user is None will be removed.",
            RemovedInDjango61Warning,
            stacklevel=2,
        )
        user = await request.auser()
'''
# What the harvest records for that warning (django/contrib/auth/__init__.py:207).
ALOGIN = {
    "conditions": [{"kind": "if", "code": "user is None", "line": 206}],
    "parameters": ["user"],
    "callers": [
        {"function": "ClientMixin.alogin", "path": "django/test/client.py", "level": 2, "via": "ClientMixin._alogin"},
        {
            "function": "ClientMixin.aforce_login",
            "path": "django/test/client.py",
            "level": 2,
            "via": "ClientMixin._alogin",
        },
        {"function": "ClientMixin._alogin", "path": "django/test/client.py", "level": 1},
    ],
    "entry_points": [
        {"function": "alogin", "path": "django/contrib/auth/__init__.py", "via": [], "arguments": {"user": "user"}},
        {"function": "ClientMixin.alogin", "path": "django/test/client.py", "via": ["ClientMixin._alogin"]},
        {"function": "ClientMixin.aforce_login", "path": "django/test/client.py", "via": ["ClientMixin._alogin"]},
    ],
}
# Django REST framework 3.18.3, reduced: rest_framework/validators.py:46-66, 298-345, 371-383.
VALIDATORS = """
def _check_single_instance(serializer, instance, validator):
    if (
        instance is not None and
        getattr(serializer.parent, 'many', False) and
        not hasattr(instance, 'pk')
    ):
        raise RuntimeError(
            '`%s` cannot determine the current instance during a multiple '
            'update.' % validator.__class__.__name__
        )


class BaseUniqueForValidator:
    def enforce_required_fields(self, attrs):
        missing_items = {
            field_name: self.missing_message
            for field_name in [self.field, self.date_field]
            if field_name not in attrs
        }
        if missing_items:
            raise ValidationError(missing_items, code='required')

    def filter_queryset(self, attrs, queryset, field_name, date_field_name):
        raise NotImplementedError('`filter_queryset` must be implemented.')

    def __call__(self, attrs, serializer):
        field_name = serializer.fields[self.field].source_attrs[-1]
        date_field_name = serializer.fields[self.date_field].source_attrs[-1]

        _check_single_instance(serializer, serializer.instance, self)
        self.enforce_required_fields(attrs)
        queryset = self.queryset
        queryset = self.filter_queryset(attrs, queryset, field_name, date_field_name)
        queryset = self.exclude_current_instance(attrs, queryset, serializer.instance)
        if qs_exists(queryset):
            message = self.message.format(date_field=self.date_field)
            raise ValidationError({self.field: message}, code='unique')


class UniqueForDateValidator(BaseUniqueForValidator):
    def filter_queryset(self, attrs, queryset, field_name, date_field_name):
        value = attrs[self.field]
        date = attrs[self.date_field]
        filter_kwargs = {}
        filter_kwargs[field_name] = value
        return qs_filter(queryset, **filter_kwargs)
"""
# What the harvest records for that raise (rest_framework/validators.py:323).
FILTER_QUERYSET = {
    "callers": [{"function": "BaseUniqueForValidator.__call__", "path": "rest_framework/validators.py", "level": 1}],
    "entry_points": [
        {"function": "BaseUniqueForValidator.filter_queryset", "path": "rest_framework/validators.py", "via": []},
        {
            "function": "BaseUniqueForValidator.__call__",
            "path": "rest_framework/validators.py",
            "via": [],
            "exits_before": True,
        },
    ],
}


def django(*, with_code: bool = True) -> Vocabulary:
    known = Vocabulary()
    known.read_code(CLIENT + AUTH + "aauthenticate")
    if with_code:
        known.functions.read(CLIENT, "django/test/client.py")
        known.functions.read(AUTH, "django/contrib/auth/__init__.py")
    known.reach = routes.Reach(exception="RemovedInDjango61Warning")
    known.reach.add_site("alogin", ALOGIN, "django/contrib/auth/__init__.py")
    return known


def drf(*, with_code: bool = True, evidence: dict | None = None) -> Vocabulary:
    known = Vocabulary()
    known.read_code(VALIDATORS)
    if with_code:
        known.functions.read(VALIDATORS, "rest_framework/validators.py")
    known.reach = routes.Reach(exception="NotImplementedError")
    known.reach.add_site("BaseUniqueForValidator.filter_queryset", evidence or FILTER_QUERYSET, "validators.py")
    return known


def check(vocabulary: Vocabulary, section: str, text: str, lead: str = "A real sentence about `alogin`."):
    sections: dict[str, Any] = {section: f"{lead} {text}"}
    return check_answer(json.loads(card(**sections)), vocabulary)


def check_drf(vocabulary: Vocabulary, text: str):
    return check(vocabulary, "trigger", text, lead=LEAD)


LEAD = "A real sentence about `filter_queryset`."


def test_a_way_in_that_cannot_hand_on_none_is_dropped_with_why() -> None:
    dropped = {
        # Round 18's card 02, "situations", as the model wrote it.
        "The test client's `ClientMixin.alogin()` and `ClientMixin.aforce_login()` both go through "
        "`ClientMixin._alogin()`, which calls `alogin()`; the warning is reached from there only if the user they "
        "pass on is `None`.": "`ClientMixin.alogin` calls `ClientMixin._alogin` only under `if user:`",
        "`ClientMixin.aforce_login()` reaches the warning when its `user` is `None`.": "`ClientMixin.aforce_login` "
        "calls `ClientMixin._alogin` only after `user.backend = ...`",
        "It is raised from `ClientMixin.alogin()` with an empty `user`.": "`ClientMixin.alogin` calls "
        "`ClientMixin._alogin` only under `if user:`",
    }
    for text, why in dropped.items():
        result = check(django(), "situations", text)
        assert result.sections["situations"] == "A real sentence about `alogin`.", text
        assert result.dropped == 1 and result.unknown == [f"{CONTRADICTS} {why}"], text
        assert result.unchecked == [(text, [f"{CONTRADICTS} {why}"])]  # sent back once in the repair request


def test_true_sentences_about_the_ways_in_and_none_are_kept() -> None:
    kept = [
        "Calling `alogin(request, None)` directly warns.",
        "The test client's `ClientMixin.alogin()` and `ClientMixin.aforce_login()` both go through "
        "`ClientMixin._alogin()`, which calls `alogin()`.",
        # `_alogin` hands on the `user` it is given, unchecked.
        "`ClientMixin._alogin()` calls `alogin()` with its `user`, so it warns when that `user` is `None`.",
        # Hedged or negated: what stops the value is said.
        "`ClientMixin.aforce_login()` sets `user.backend` first, so a `None` user fails before `alogin()`.",
        "`ClientMixin.alogin()` never passes `None` on: it calls `ClientMixin._alogin()` only for a user "
        "`aauthenticate()` returned.",
        # Gives no parameter of `alogin` a state: nothing to follow.
        "`ClientMixin.alogin()` returns `False` when the credentials are wrong.",
        "`ClientMixin.alogin()` returns `False` when the `user` is not found.",
        "`ClientMixin.alogin()` returns `False` when the `user` it authenticates is wrong.",
    ]
    for text in kept:
        result = check(django(), "situations", text)
        assert result.dropped == 0 and text in result.sections["situations"], text
    # Without the code nothing says otherwise; in a solution the claim is about the state after a fix.
    claim = "`ClientMixin.aforce_login()` reaches the warning when its `user` is `None`."
    assert check(django(with_code=False), "situations", claim).dropped == 0
    assert check(django(), "example_fix", claim).dropped == 0


def test_whenever_said_of_a_way_in_that_may_leave_first_is_dropped_with_why() -> None:
    # Round 18's card 18, "trigger", as the model wrote it.
    text = (
        "It is called by `BaseUniqueForValidator.__call__()`, i.e. whenever such a validator runs during serializer "
        "validation, or directly as in the repository's test."
    )
    why = (
        "`BaseUniqueForValidator.__call__` first calls `_check_single_instance(serializer, serializer.instance, "
        "self)`, which may raise, before it calls `filter_queryset`"
    )
    result = check_drf(drf(), text)
    assert result.sections["trigger"] == LEAD
    assert result.dropped == 1 and result.unknown == [f"{CONTRADICTS} {why}"]
    # A call on the way made only under an `if`: the way in does not get there on every call either.
    result = check(
        django(), "trigger", "Reached whenever `ClientMixin.alogin()` runs: it calls `ClientMixin._alogin()`."
    )
    assert result.unknown == [f"{CONTRADICTS} `ClientMixin.alogin` calls `_alogin` only under `if user:`"]
    # The harvest's own record of an exit on the way is enough when the code is not read.
    result = check_drf(drf(with_code=False), "`BaseUniqueForValidator.__call__()` always calls it.")
    assert result.unknown == [
        f"{CONTRADICTS} `BaseUniqueForValidator.__call__` may exit before it reaches "
        "`BaseUniqueForValidator.filter_queryset`"
    ]


def test_true_sentences_about_a_way_in_that_may_leave_first_are_kept() -> None:
    kept = [
        "It is called by `BaseUniqueForValidator.__call__()`.",
        "`BaseUniqueForValidator.__call__()` calls it after `enforce_required_fields()` passes.",
        "`filter_queryset()` always raises; it is called by `BaseUniqueForValidator.__call__()`.",
        "Every call of `filter_queryset(attrs, queryset, field_name, date_field_name)` on an object whose class "
        "does not override it.",
    ]
    for text in kept:
        result = check_drf(drf(), text)
        assert result.dropped == 0 and text in result.sections["trigger"], text
    # A way in with no exit above its call: `ClientMixin._alogin` always calls `alogin`.
    text = "The warning is checked whenever `ClientMixin._alogin()` runs."
    assert check(django(), "trigger", text).dropped == 0
    # Without the code or the harvest's record, nothing says otherwise.
    quiet = {**FILTER_QUERYSET, "entry_points": [{"function": "BaseUniqueForValidator.__call__", "via": []}]}
    text = "It is reached whenever `BaseUniqueForValidator.__call__()` runs."
    assert check_drf(drf(with_code=False, evidence=quiet), text).dropped == 0


def test_the_way_reader_runs_in_linear_time_on_a_hostile_answer() -> None:
    units = [
        "`ClientMixin.alogin()` and `ClientMixin._alogin()` when `user` is `None`, ",
        "`x.ClientMixin.aforce_login() -> ClientMixin._alogin` with an empty user; ",
        "whenever `BaseUniqueForValidator.__call__()` runs `alogin` ",
        "`a` `b.c` `None` whenever ; ",
    ]
    known = django()
    known.reach.add_site("BaseUniqueForValidator.filter_queryset", FILTER_QUERYSET, "validators.py")
    known.functions.read(VALIDATORS, "rest_framework/validators.py")
    for unit in units:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        calls = [python_calls(ways.contradiction, text, known.reach, known.functions) for text in (small, large)]
        assert calls[1] <= 10 * calls[0], unit
        with stall_guard():
            check_answer(json.loads(card(trigger=large, situations=large)), known)


def test_a_hostile_caller_is_read_in_bounded_time() -> None:
    # Thousands of calls on the way, each under its own test (more than are read: nothing is refused for them),
    # and one under a nest of `if`s deeper than is read.
    calls = "".join("        if user:\n            self._alogin(user)\n" for _ in range(3_000))
    nest = "".join("    " * (2 + depth) + f"if flag{depth}:\n" for depth in range(80))
    alogin = f"    async def alogin(self, user, flag0=0):\n{calls}{nest}{'    ' * 82}await self._alogin(user)\n"
    hostile = f"class ClientMixin:\n{alogin}    async def _alogin" + CLIENT.split("    async def _alogin", 1)[1]
    ast.parse(hostile)  # a tree that parses: what is read of it is bounded
    known = django(with_code=False)
    known.functions.read(hostile, "django/test/client.py")
    known.functions.read(AUTH, "django/contrib/auth/__init__.py")
    with stall_guard():
        assert check(known, "situations", "`ClientMixin.alogin()` reaches it when `user` is `None`.").dropped == 0
        result = check(known, "trigger", "It is reached whenever `ClientMixin.alogin()` runs.")
    assert result.unknown == [f"{CONTRADICTS} `ClientMixin.alogin` calls `_alogin` only under `if user:`"]
