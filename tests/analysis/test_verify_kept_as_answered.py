"""True text errorkb's processing lost from the model's answers (issue 29, round 21's AI-assisted cards 06, 11 and
12), on the real answers for Django 5.2.19 (out-django_django.jsonl), reduced: each is kept, and a false claim of the
same shape beside it is still dropped; and a constant's value (card 08) held to the one the harvest read."""

import json

from kb.analysis.constants import values
from kb.analysis.verify import CONTRADICTS, UNANCHORED, check_answer, kept_whole
from kb.analysis.vocabulary import Vocabulary, entry_vocabulary
from kb.models import ErrorEntry, RaiseSite
from tests.analysis.fake_endpoint import card
from tests.analysis.test_verify_anchored import csrf_vocabulary
from tests.analysis.test_verify_salvage import vocabulary_of

# django/dispatch/dispatcher.py:50, 84-94 (5.2.19), reduced.
DISPATCHER = """
class Signal:
    def connect(self, receiver, sender=None, weak=True, dispatch_uid=None):
        if settings.configured and settings.DEBUG:
            if not callable(receiver):
                raise TypeError("Signal receivers must be callable.")
            # Check for **kwargs
            if not func_accepts_kwargs(receiver):
                raise ValueError("Signal receivers must accept keyword arguments (**kwargs).")
"""
# django/db/backends/sqlite3/creation.py:54-72 (5.2.19), the site's code as the request gives it.
CLONE = """
    def get_test_db_clone_settings(self, suffix):
        orig_settings_dict = self.connection.settings_dict
        source_database_name = orig_settings_dict["NAME"] or ":memory:"

        if not self.is_in_memory_db(source_database_name):
            root, ext = os.path.splitext(source_database_name)
            return {**orig_settings_dict, "NAME": f"{root}_{suffix}{ext}"}

        start_method = multiprocessing.get_start_method()
        if start_method == "fork":
            return orig_settings_dict
        if start_method == "spawn":
            return {**orig_settings_dict, "NAME": f"{self.connection.alias}_{suffix}.sqlite3"}
        raise NotSupportedError(f"Cloning with start method {start_method!r} is not supported.")
"""
# django/db/models/indexes.py:236-265 (5.2.19), reduced.
INDEXES = """
class IndexExpression(Func):
    def resolve_expression(self, query=None, allow_joins=True, reuse=None, summarize=False, for_save=False):
        expressions = list(self.flatten())
        index_expressions, wrappers = partition(lambda e: isinstance(e, self.wrapper_classes), expressions)
        wrapper_types = [type(wrapper) for wrapper in wrappers]
        if len(wrapper_types) != len(set(wrapper_types)):
            raise ValueError("Multiple references to %s can't be used in an indexed expression." % names)
        if expressions[1 : len(wrappers) + 1] != wrappers:
            raise ValueError("%s must be topmost expressions in an indexed expression." % names)
"""
# django/middleware/csrf.py:44-45 and 130-137 (5.2.19), as the harvest now gives the site's definitions.
CSRF = """
def _check_token_format(token):
    if len(token) not in (CSRF_TOKEN_LENGTH, CSRF_SECRET_LENGTH):
        raise InvalidTokenFormat(REASON_INCORRECT_LENGTH)
"""
CSRF_DEFINITIONS = [
    {"name": "CSRF_TOKEN_LENGTH", "code": "2 * CSRF_SECRET_LENGTH", "line": 45},
    {"name": "CSRF_SECRET_LENGTH", "code": "32", "line": 44},
]


def site_vocabulary(exception_type: str, message: str, function: str, code: str, **evidence: object) -> Vocabulary:
    """An entry's own vocabulary, as `analyse` builds it, over one site with this code and evidence."""
    entry = ErrorEntry(exception_type=exception_type, message=message, signature=message, evidence={})
    site = RaiseSite(path="django/x.py", function=function, snippet=code, evidence=dict(evidence))
    vocabulary = entry_vocabulary(entry, [site])
    vocabulary.read_code(code)
    return vocabulary


def test_an_examples_own_function_in_a_def_header_checks_out_and_an_invented_annotation_does_not() -> None:
    # Card 12: the direct fix was dropped as if `my_receiver(` were a call of a function Django lacks.
    fix = "Add `**kwargs` to the receiver's signature, e.g. `def my_receiver(sender, **kwargs):`."
    planted = "Return a result, e.g. `def my_receiver(sender, **kwargs) -> ReceiverResult:`."
    result = check_answer(json.loads(card(solutions=[fix, planted])), vocabulary_of(DISPATCHER))
    assert result.solutions == [fix]
    assert result.unknown == ["ReceiverResult"]


def test_a_solution_in_plain_words_of_the_errors_message_and_code_stays_and_an_aside_still_goes() -> None:
    # Card 06: the second solution named no code, but it speaks of the cloning and the in-memory database.
    known = site_vocabulary(
        "django.db.utils.NotSupportedError",
        "Cloning with start method {start_method} is not supported.",
        "DatabaseCreation.get_test_db_clone_settings",
        CLONE,
    )
    kept = "Avoid cloning the in-memory SQLite database, e.g. by running the tests without parallel processes."
    aside = "Avoid such failures, e.g. by buying more memory for the build machine from our partner."
    result = check_answer(json.loads(card(solutions=[kept, aside])), known)
    assert result.solutions == [kept]
    assert result.unknown == [UNANCHORED]


def test_a_lead_in_before_a_list_stays_with_its_list_and_goes_with_a_list_that_goes() -> None:
    # Card 11: "It raises when:" was dropped, leaving the paragraph before the conditions hanging.
    trigger = (
        "`resolve_expression()` flattens the index expression into `expressions` (`list(self.flatten())`) and"
        " collects the wrapper expressions it contains in `wrappers`. It raises when:\n\n"
        "- `expressions[1 : len(wrappers) + 1] != wrappers`: the wrappers are not the expressions right at the top."
    )
    invented = "`resolve_expression()` reads the index. It raises when:\n\n- `self.topmost_only` is true."
    known = vocabulary_of(INDEXES)
    assert check_answer(json.loads(card(trigger=trigger)), known).sections["trigger"] == trigger
    result = check_answer(json.loads(card(trigger=invented)), known)
    assert result.sections["trigger"] == "`resolve_expression()` reads the index."
    assert result.unknown == [UNANCHORED, "topmost_only"]


def test_a_constant_said_with_its_value_is_held_to_the_value_the_code_gives_it() -> None:
    # Card 08: the request lacked `CSRF_TOKEN_LENGTH`; with it, its value (64) is checked as 32 is.
    known = site_vocabulary(
        "django.middleware.csrf.InvalidTokenFormat",
        "has incorrect length",
        "_check_token_format",
        CSRF,
        definitions=CSRF_DEFINITIONS,
    )
    true = (
        "A valid token is `CSRF_TOKEN_LENGTH` (64) or `CSRF_SECRET_LENGTH` (`32`) characters long, so a token of any"
        " other length is rejected."
    )
    planted = "`CSRF_TOKEN_LENGTH` is `32`, so a 64-character token is rejected."
    result = check_answer(json.loads(card(meaning=f"{true} {planted}")), known)
    assert result.sections["meaning"] == true
    assert result.unknown == [f"{CONTRADICTS} `CSRF_TOKEN_LENGTH` is `64`, not `32`"]


def test_a_constants_value_is_folded_from_small_literals_only_never_run() -> None:
    rows = [
        {"name": "HUGE", "code": "10 ** 10 ** 10"},  # not folded: a power is never computed
        {"name": "WIDE", "code": "18446744073709551616 * 18446744073709551616"},  # past 2 ** 64
        {"name": "LOOP_A", "code": "LOOP_B + 1"},  # a cycle comes to nothing
        {"name": "LOOP_B", "code": "LOOP_A + 1"},
        {"name": "TWICE", "code": "1"},  # two codes for one name: no single value
        {"name": "TWICE", "code": "2"},
        {"name": "local_name", "code": "3"},  # a local, not a constant
        {"name": "SIZE", "code": "4 * 1024 - 1"},
    ]
    assert values(rows) == {"SIZE": 4095}


def test_a_repair_keeps_each_section_the_first_answer_gave_wholly_verified() -> None:
    # Round 26: a model's true meaning, rewritten by the repair with a name that does not check out, left the card
    # the generated meaning. On Django 5.2.19's CSRF check (`csrf_vocabulary`: django/middleware/csrf.py, reduced).
    vocabulary = csrf_vocabulary()
    meaning = "`CsrfViewMiddleware._check_token()` raises it when `csrf_secret is None`."
    first = check_answer(
        json.loads(card(meaning=meaning, situations="`_check_token()` reads it through `self._origin_verified()`.")),
        vocabulary,
    )
    assert first.whole("meaning") and not first.whole("situations") and first.unchecked
    fixed = "`process_view()` calls `_check_token()`."
    repaired = check_answer(
        json.loads(card(meaning="`_check_token()` raises it from `make_csrf_secret()`.", situations=fixed)), vocabulary
    )
    assert "meaning" not in repaired.sections and repaired.dropped == 1
    merged = kept_whole(first, repaired)
    assert merged.sections == {"meaning": meaning, "situations": fixed}
    assert merged.dropped == 0 and "meaning" not in merged.left_empty
