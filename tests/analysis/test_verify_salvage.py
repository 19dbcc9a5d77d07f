"""True claims errorkb's own checks used to lose (issue 29, round 20's cards 03, 04, 14, 15, 16 and 20), on the
model's real answers for Django 5.2.19 and DRF 3.18.3 errors, reduced: each is kept, and an invented name beside it
is still dropped. A URL is code text only when the request holds it verbatim; a hedge dropped takes its claim."""

import json

from kb.analysis import prompt
from kb.analysis.declarations import Declarations
from kb.analysis.salvage import without_fields
from kb.analysis.verify import QUALIFIED, UNANCHORED, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import stall_guard

# Django 5.2.19: django/conf/global_settings.py:299-301, as the request's "switches" row gives it.
GLOBAL_SETTINGS = """
# URL that handles the static files served from STATIC_ROOT.
# Example: "http://example.com/static/", "http://static.example.com/"
STATIC_URL = None
"""
STATIC_URL_HELP = (
    'URL that handles the static files served from STATIC_ROOT. Example: "http://example.com/static/",'
    ' "http://static.example.com/"'
)
# django/utils/http.py:167-178 and contrib/auth/tokens.py:58-66, 79-88 (5.2.19), reduced.
HTTP = '''
def int_to_base36(i):
    """Convert an integer to a base36 string."""
    char_set = "0123456789abcdefghijklmnopqrstuvwxyz"
    if i < 0:
        raise ValueError("Negative base36 conversion input.")
    if i < 36:
        return char_set[i]

class PasswordResetTokenGenerator:
    def check_token(self, user, token):
        if not (user and token):
            return False
        ts_b36, _ = token.split("-")
        ts = base36_to_int(ts_b36)
        return self._make_token_with_timestamp(user, ts)

    def make_token(self, user):
        return self._make_token_with_timestamp(user, self._num_seconds(self._now()))

    def _make_token_with_timestamp(self, user, timestamp, secret):
        ts_b36 = int_to_base36(timestamp)
'''
# django/db/models/base.py:117, 830 and 1301-1307, fields/__init__.py:1519-1533 (5.2.19), reduced.
NEIGHBOURS = """
class ModelBase(type):
    def __new__(cls, name, bases, attrs, **kwargs):
        for obj_name, obj in attrs.items():
            pass

class Model:
    def save(self, *args, force_insert=False, force_update=False, using=None, update_fields=None):
        pass

    def _get_next_or_previous_by_FIELD(self, field, is_next, **kwargs):
        if not self._is_pk_set():
            raise ValueError("get_next/get_previous cannot be used on unsaved objects.")
        op = "gt" if is_next else "lt"
        q = Q.create([(field.name, param), (f"pk__{op}", self.pk)], connector=Q.AND)

class DateField:
    def contribute_to_class(self, cls, name, **kwargs):
        setattr(cls, "get_next_by_%s" % self.name, partialmethod(cls._get_next_or_previous_by_FIELD, field=self))
        setattr(cls, "get_previous_by_%s" % self.name, partialmethod(cls._get_next_or_previous_by_FIELD, field=self))
"""
# django/db/models/sql/query.py:1344-1361 (5.2.19), reduced.
QUERY = """
class Query:
    def check_related_objects(self, field, value, opts):
        if field.is_relation:
            # Check that the field and the queryset use the same model in a
            # query like .filter(author=Author.objects.all()). For example, the

    def check_query_object_type(self, value, opts, field):
        if hasattr(value, "_meta"):
            if not check_rel_lookup_compatibility(value._meta.model, opts, field):
                raise ValueError('Cannot query "%s": Must be "%s" instance.' % (value, opts.object_name))

    def build_filter(self, filter_expr):
        self.check_related_objects(join_info.final_field, value, join_info.opts)
"""
# DRF 3.18.3: rest_framework/serializers.py:161-163 and 1372-1376, reduced.
SERIALIZERS = """
class BaseSerializer(Field):
    @classmethod
    def many_init(cls, *args, **kwargs):
        meta = getattr(cls, 'Meta', None)
        list_serializer_class = getattr(meta, 'list_serializer_class', ListSerializer)
        return list_serializer_class(*args, **list_kwargs)

class ListSerializer(BaseSerializer):
    def run_child_validation(self, data):
        return self.child.run_validation(data)

class ModelSerializer(Serializer):
    def build_nested_field(self, field_name, relation_info, nested_depth):
        class NestedSerializer(ModelSerializer):
            class Meta:
                model = relation_info.related_model
                depth = nested_depth - 1
                fields = '__all__'
"""


def vocabulary_of(*code: str, evidence: object = None) -> Vocabulary:
    vocabulary = Vocabulary()
    for text in code:
        vocabulary.read_code(text)
        vocabulary.declarations.read(text)
    if evidence is not None:
        vocabulary.quote(evidence)
    return vocabulary


def test_a_url_the_request_holds_stays_as_code_and_one_it_does_not_goes_with_its_whole_sentence() -> None:
    # Round 20's card 03: the quoted URLs became `" ` fragments and the example fix with one was dropped.
    evidence = {"sites": [{"switches": [{"name": "STATIC_URL", "kind": "setting", "help": STATIC_URL_HELP}]}]}
    known = vocabulary_of(GLOBAL_SETTINGS, evidence=evidence)
    known.add_path("django/conf/global_settings.py")
    quoted = (
        'The setting\'s help in `django/conf/global_settings.py` reads: example `"http://example.com/static/"`,'
        ' `"http://static.example.com/"`.'
    )
    fix = '```python\nSTATIC_URL = "http://static.example.com/"\n```'
    answer = card(
        documentation=f"{quoted} Its CDN is `https://cdn.example.net/`. See https://evil.example for more.",
        example_fix=f'{fix}\n\n```python\nSTATIC_URL = "https://cdn.example.net/static/"\n```',
        solutions=['Set `STATIC_URL` to a non-empty URL, e.g. `"http://example.com/static/"`.'],
    )
    result = check_answer(json.loads(answer), known)
    assert result.sections["documentation"] == quoted
    assert result.sections["example_fix"] == fix
    assert result.solutions == ['Set `STATIC_URL` to a non-empty URL, e.g. `"http://example.com/static/"`.']
    assert {"link to cdn.example.net", "link to evil.example"} <= set(result.unknown)


ROUTE = (
    "The evidence also lists `PasswordResetTokenGenerator.make_token` and `PasswordResetTokenGenerator.check_token`"
    " as calling it through `PasswordResetTokenGenerator._make_token_with_timestamp`."
)


def test_a_request_field_is_taken_out_of_its_parenthetical_and_the_hedge_stays_with_its_claim() -> None:
    # Round 20's cards 15 and 16: the hedge went with the `exits_before` jargon, the unhedged route claim stayed.
    evidence = {"sites": [{"entry_points": [{"function": "check_token", "exits_before": [59]}], "every_call": True}]}
    known = vocabulary_of(HTTP, evidence=evidence)
    hedge = (
        "It doesn't show them passing a negative number, and `check_token` has earlier checks that can end the call"
        " first (`exits_before`)."
    )
    result = check_answer(json.loads(card(trigger=f"`int_to_base36(i)` checks `i < 0`. {ROUTE} {hedge}")), known)
    assert result.sections["trigger"] == f"`int_to_base36(i)` checks `i < 0`. {ROUTE} {hedge.split(' (')[0]}."
    assert result.dropped == 0


def test_a_dropped_hedge_takes_the_claim_it_qualifies_with_it() -> None:
    known = vocabulary_of(HTTP)
    hedge = "It doesn't show them passing a negative number, as `check_token` splits it with `split_token()`."
    result = check_answer(json.loads(card(trigger=f"`int_to_base36(i)` checks `i < 0`. {ROUTE} {hedge}")), known)
    assert result.sections["trigger"] == "`int_to_base36(i)` checks `i < 0`."
    assert result.unknown == [QUALIFIED, "split_token"]


def test_a_request_field_outside_parentheses_is_not_cut_out_of_the_sentence() -> None:
    assert without_fields("It is reached only when `exits_before` passes.", {"exits_before"}) == ""
    assert (
        without_fields("Lines (`exits_above` 697, 703 and 706) end it first.", {"exits_above"}) == "Lines end it first."
    )


def test_a_reason_in_plain_words_stays_after_the_claim_it_explains_and_an_aside_still_goes() -> None:
    # Round 20's cards 15 and 16: the sentence saying why the library refuses it was dropped for naming nothing.
    meaning = (
        "`ValueError` raised by `int_to_base36()` when it is asked to convert a negative integer."
        " It only handles non-negative numbers, so a negative input is refused. Our sponsors make this possible."
    )
    result = check_answer(json.loads(card(meaning=meaning)), vocabulary_of(HTTP))
    assert result.sections["meaning"] == meaning.rsplit(" Our", 1)[0]
    assert result.unknown == [UNANCHORED]


def test_an_example_variable_a_template_name_and_a_lookup_of_known_names_check_out_and_invented_ones_do_not() -> None:
    # Round 20's cards 04 and 14: `some_author`, `get_next_by_<field>()` and `pk__gt` dropped true sentences.
    known = vocabulary_of(NEIGHBOURS, QUERY)
    kept = [
        "Pass an instance of the model the relation targets, e.g. `filter(author=some_author)`.",
        "Save the instance (`obj.save()`) before calling `get_next_by_<field>()` / `get_previous_by_<field>()`.",
    ]
    meaning = "It compares the field's value and then the primary key (`pk__gt` / `pk__lt`)."
    invented = [
        "Call `get_newest_by_<field>()` instead.",
        "Use `filter(author=some_author_cache())`.",
        "Use `pk__near`.",
    ]
    result = check_answer(json.loads(card(meaning=meaning, solutions=[*kept, *invented])), known)
    assert (result.sections["meaning"], result.solutions) == (meaning, kept)
    assert result.unknown == ["get_newest_by__placeholder_", "some_author_cache", "pk__near"]


def test_an_option_the_code_reads_by_name_is_a_member_of_meta_and_another_is_not() -> None:
    # Round 20's card 20: its solution naming `Meta.list_serializer_class` was dropped as a wrong pair.
    known = vocabulary_of(SERIALIZERS)
    kept = "Use a custom `ListSerializer` (via `Meta.list_serializer_class`) that overrides `run_child_validation()`."
    result = check_answer(json.loads(card(solutions=[kept, "Set `Meta.run_child_validation`."])), known)
    assert result.solutions == [kept]
    assert result.unknown == ["Meta.run_child_validation"]


def test_a_member_read_with_getattr_and_a_default_is_optional_to_the_declarations() -> None:
    declarations = Declarations()
    declarations.read(SERIALIZERS)
    assert declarations.pair_holds("Meta", "list_serializer_class") is None
    assert declarations.pair_holds("Meta", "model") is True and declarations.pair_holds("Meta", "klass") is False


def test_a_hostile_sentence_full_of_request_fields_and_parentheses_is_checked_in_time() -> None:
    known = vocabulary_of(HTTP, evidence={"sites": [{"exits_before": [1], "every_call": True}]})
    for unit in ("(`exits_before`; ", "(`every_call`) (", "((`exits_before`), a) "):
        text = "`int_to_base36` raises it " + unit * (60_000 // len(unit)) + "."
        with stall_guard():  # a guard against a runaway only
            check_answer(json.loads(card(meaning=text, trigger=f"{text} They are not shown. It is so.")), known)


def test_the_request_asks_the_model_not_to_speak_of_the_evidence_or_name_its_fields() -> None:
    # Round 20's cards 15, 16 and 23: "The evidence also lists ...", "(`exits_before`)": the reader sees neither.
    assert 'do not write "the evidence", nor its field names ("exits_above",' in " ".join(prompt.SYSTEM.split())
