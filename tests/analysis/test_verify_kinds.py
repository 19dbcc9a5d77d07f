"""The verifier's rough edges of issue 29, each on a line of real code: flags by their destination, URL paths,
placeholders, abbreviations, class and member pairs, and conditions the code contradicts."""

import json

from kb.analysis.verify import check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card

# Lines as Django 5.2.19 and sglang 0.5.23 have them (views/generic, arg_groups/fields/disagg.py).
SOURCE = """
class ContextMixin:
    extra_context = None

class SingleObjectMixin(ContextMixin):
    slug_field = "slug"
    def get_object(self, queryset=None):
        pk = self.kwargs.get(self.pk_url_kwarg)

class MultipleObjectMixin(ContextMixin):
    allow_empty = True

class Disagg(msgspec.Struct):
    decoupled_spec_role: A[Literal["null", "verifier", "drafter"], "Role in decoupled speculative decoding"] = "null"
"""
SITE = {
    "conditions": [{"kind": "if", "code": "decode_only_spec_dec"}, {"kind": "guard", "code": "n_dst >= n_src"}],
    "definitions": [{"name": "decode_only_spec_dec", "code": "n_dst > n_src", "line": 1497}],
}


def vocabulary() -> Vocabulary:
    from kb.analysis.facts import site_facts

    known = Vocabulary()
    known.read_code(SOURCE + "\ndecode_only_spec_dec = n_dst > n_src\n")
    known.declarations.read(SOURCE)
    known.sites.append(site_facts(SITE))
    return known


def check(**sections: str):
    return check_answer(json.loads(card(**sections)), vocabulary())


def test_a_flag_is_known_by_the_field_it_is_made_from() -> None:
    assert check(trigger="`--decoupled-spec-role verifier` runs the verify half.").dropped == 0
    assert check(trigger="`--decoupled-spec-rank 2` sets it.").unknown == ["--decoupled-spec-rank"]


def test_a_url_path_and_placeholders_are_not_names_to_check() -> None:
    result = check(
        situations="Requests to `/v1/chat/completions` reach `get_object`. Rename `OLD_NAME` in `SingleObjectMixin`.",
        example_fix="```python\nfrom YOUR_APP.models import Article\nSingleObjectMixin.slug_field = <name>\n```",
    )
    assert result.dropped == 0 and "/v1/chat/completions" in result.sections["situations"]
    assert "YOUR_APP" in result.sections["example_fix"]


def test_the_readers_own_classes_in_an_example_are_placeholders_too() -> None:
    # Round 17 (AI-assisted): `MyView` in an example fix, and `<name>_ptr`, were dropped as invented.
    result = check(
        example_fix="```python\nclass MyView(SingleObjectMixin):\n    slug_field = YourModel.slug_field\n```",
        trigger="`SingleObjectMixin.get_object` reads `<name>_ptr` of `SomeModel`.",
    )
    assert result.dropped == 0 and "YourModel" in result.sections["example_fix"]
    assert check(meaning="`SingleObjectMixin.get_object` calls `Mystery.frob()`.").unknown == ["Mystery", "frob"]


def test_a_sentence_goes_on_after_e_g_and_i_e_and_etc() -> None:
    text = "It needs a lookup, e.g. `pk`, i.e. `get_object` reads `self.kwargs` etc. and then `slug_field`."
    assert check(meaning=text).sections["meaning"] == text


def test_a_class_and_a_member_it_does_not_have_are_dropped_as_a_pair() -> None:
    result = check(meaning="`SingleObjectMixin.slug_field` names the field. `SingleObjectMixin.allow_empty` is False.")
    assert result.sections["meaning"] == "`SingleObjectMixin.slug_field` names the field."
    assert result.unknown == ["SingleObjectMixin.allow_empty"]
    assert check(meaning="`SingleObjectMixin.extra_context` comes from `ContextMixin`.").dropped == 0


def test_a_condition_every_site_contradicts_is_dropped_and_a_negated_one_is_left_alone() -> None:
    result = check(trigger="`decode_only_spec_dec` is `n_dst > n_src`. It is raised when `n_src > n_dst`.")
    assert result.sections["trigger"] == "`decode_only_spec_dec` is `n_dst > n_src`."
    assert result.unchecked[0][1] == ["contradicts the code: `n_dst < n_src` (the code needs `n_dst >= n_src`)"]
    assert check(trigger="It is not raised when `n_dst < n_src`, as `decode_only_spec_dec` is false.").dropped == 0


def test_a_claimed_default_the_code_does_not_give_is_dropped() -> None:
    known = vocabulary()
    fields = 'class Disagg(msgspec.Struct):\n    disaggregation_transfer_backend: A[str, "The backend."] = "mooncake"\n'
    known.read_code(fields)
    known.read(fields)
    known.declarations.read(fields)
    claims = "`--disaggregation-transfer-backend` defaults to `mooncake`. `allow_empty` defaults to `False`."
    result = check_answer(json.loads(card(trigger=claims)), known)
    assert result.sections["trigger"] == "`--disaggregation-transfer-backend` defaults to `mooncake`."
    assert result.unknown == ["contradicts the code: the default of `allow_empty` is True, not `False`"]


# Django 5.2.19, django/core/management/commands/runserver.py:79-96, and what the harvest records for its raise of
# "... is not a valid port number or address:port pair." (kb/harvest/reading/conditions.py: the guards above it).
RUNSERVER = """
class Command(BaseCommand):
    def handle(self, *args, **options):
        if not settings.DEBUG and not settings.ALLOWED_HOSTS:
            raise CommandError("You must set settings.ALLOWED_HOSTS if DEBUG is False.")
        self.use_ipv6 = options["use_ipv6"]
        if self.use_ipv6 and not socket.has_ipv6:
            raise CommandError("Your Python does not support IPv6.")
        if not options["addrport"]:
            self.addr = ""
        else:
            m = re.match(naiveip_re, options["addrport"])
            if m is None:
                raise CommandError('"%s" is not a valid port number or address:port pair.' % options["addrport"])
"""
ADDRPORT = {
    "conditions": [
        {"code": "m is None", "kind": "if"},
        {"code": "options['addrport']", "kind": "else"},
        {"code": "not self.use_ipv6 or socket.has_ipv6", "kind": "guard"},
        {"code": "settings.DEBUG or settings.ALLOWED_HOSTS", "kind": "guard"},
    ],
    "exits_above": [81, 85],
}


def test_a_situation_an_earlier_check_stops_first_is_dropped() -> None:
    from kb.analysis.facts import site_facts

    known = Vocabulary()
    known.read_code(RUNSERVER + "\nsettings.DEBUG, settings.ALLOWED_HOSTS, socket.has_ipv6\n")
    known.sites.append(site_facts(ADDRPORT))
    stopped = {
        "It also happens when `DEBUG` is false and `ALLOWED_HOSTS` is empty.": "`DEBUG` is false and "
        "`ALLOWED_HOSTS` is false (an earlier check needs `DEBUG or ALLOWED_HOSTS`)",
        "It happens with `self.use_ipv6 and not socket.has_ipv6`.": "`use_ipv6` is true and `socket.has_ipv6` is "
        "false (an earlier check needs `not use_ipv6 or socket.has_ipv6`)",
    }
    for text, why in stopped.items():
        result = check_answer(
            json.loads(card(situations=f"It is raised when `m is None` in `Command.handle`. {text}")), known
        )
        assert result.sections["situations"] == "It is raised when `m is None` in `Command.handle`.", text
        assert result.unknown == [f"contradicts the code: {why}"], text
    kept = [
        "It is raised when `DEBUG` is true and `m is None`.",
        "It happens when `DEBUG` is false, once `ALLOWED_HOSTS` is set.",  # one part of the guard left true
        "It is not raised when `DEBUG` is false and `ALLOWED_HOSTS` is empty.",  # negated: not a situation claimed
    ]
    for text in kept:
        assert check_answer(json.loads(card(situations=text)), known).dropped == 0, text
