"""errorkb's own processing slips of round 24 (issue 29), each on the model's real answer, reduced: a check that
misread a true claim, and claims left standing, now false or empty, after the ones they spoke for were dropped."""

import json

from kb.analysis.facts import site_facts
from kb.analysis.verify import check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card

# django/contrib/admin/sites.py:109-120 (Django 5.2.19), the raise of card 01 and the sibling checked before it.
REGISTER = """
        for model in model_or_iterable:
            if model._meta.abstract:
                raise ImproperlyConfigured(
                    "The model %s is abstract, so it cannot be registered with admin."
                    % model.__name__
                )
            if model._meta.is_composite_pk:
                raise ImproperlyConfigured(
                    "The model %s has a composite primary key, so it cannot be "
                    "registered with admin." % model.__name__
                )
"""
COMPOSITE = "The model {model} has a composite primary key, so it cannot be registered with admin."
ABSTRACT = "The model {model} is abstract, so it cannot be registered with admin."


def register_vocabulary() -> Vocabulary:
    site = {
        "code": REGISTER,
        "conditions": [
            {"kind": "if", "code": "model._meta.is_composite_pk", "line": 116},
            {"kind": "guard", "code": "not model._meta.abstract", "line": 111},
        ],
    }
    known = Vocabulary()
    known.read_code(REGISTER + "\nAdminSite.register(self, model_or_iterable, admin_class=None, **options)\n")
    known.read_message(COMPOSITE)
    known.sites.append(site_facts(site))
    known.quote({"message": COMPOSITE, "sites": [site]})
    known.own_quoted = len(known.quoted)
    known.quote([{"why": "sibling", "message": ABSTRACT}])
    return known


# Round 24, card 01 (7d4061bf50932233): the model's trigger, as answered.
TRIGGER = (
    "`AdminSite.register(model_or_iterable, admin_class=None, **options)` turns a single model into a one-item list"
    " and, for each `model` in it:\n\n"
    "1. if `model._meta.abstract` is true, it raises `The model ... is abstract, so it cannot be registered with"
    " admin.` first;\n"
    "2. otherwise, if `model._meta.is_composite_pk` is true (the model's primary key is made of several fields), it"
    " raises this error with `model.__name__` in the message.\n\n"
    "Only after both checks does it look at whether the model is already registered."
)


def test_a_condition_said_of_another_errors_message_is_not_held_to_this_raise() -> None:
    # The "contradicts the code" check read item 1's condition as this raise's, and took the whole list with it.
    result = check_answer(json.loads(card(trigger=TRIGGER)), register_vocabulary())
    assert result.dropped == 0, result.unknown
    assert "`model._meta.is_composite_pk` is true" in result.sections["trigger"]
    # Planted: the same condition said of this error (its own message, or none quoted) is still refused.
    for planted in (
        "It raises `The model ... has a composite primary key, so it cannot be registered with admin.` when"
        " `model._meta.abstract` is true.",
        "It is raised when `model._meta.abstract` is true.",
    ):
        result = check_answer(json.loads(card(trigger=planted)), register_vocabulary())
        assert result.dropped == 1 and "trigger" not in result.sections, planted
        assert result.unknown[0].startswith("contradicts the code: `model._meta.abstract` is true"), planted


# box/from_file.py:72-76 (python-box 8.0.0), the raise of card 21.
TO_MSGPACK = """
def _to_msgpack(file, _, __, **kwargs):
    if not msgpack_available:
        raise BoxError(f'File "{file}" is msgpack but no package is available to open it. Please install "msgpack"')
    return Box.from_msgpack(filename=file, **kwargs)
"""
MSGPACK = 'File "{file}" is msgpack but no package is available to open it. Please install "msgpack"'


def msgpack_vocabulary() -> Vocabulary:
    known = Vocabulary()
    known.read_code(TO_MSGPACK)
    known.read_message(MSGPACK)
    return known


def test_a_lead_in_whose_block_was_dropped_goes_with_it() -> None:
    # Round 24, card 21 (b0800841d3a4c428): the example fix as answered; its `pip install` block was dropped, and
    # the card's example fix ended in a colon leading into nothing.
    fix = "Install the package the message names, in the environment that runs your code:\n\n```sh\n{}\n```"
    result = check_answer(json.loads(card(example_fix=fix.format("pip install msgpack"))), msgpack_vocabulary())
    assert "example_fix" not in result.sections
    assert "a lead-in whose block was dropped" in result.unknown
    # A block that stays keeps its lead-in; a planted one naming what the code does not have still goes.
    kept = fix.format("Box.from_msgpack(filename=file)")
    assert check_answer(json.loads(card(example_fix=kept)), msgpack_vocabulary()).sections["example_fix"] == kept
    planted = check_answer(
        json.loads(card(example_fix=fix.format("Box.from_msgpack_turbo(file)"))), msgpack_vocabulary()
    )
    assert "example_fix" not in planted.sections and "Box.from_msgpack_turbo" in planted.unknown


# django/template/loader_tags.py:318-345 and django/templatetags/i18n.py:498-508 (Django 5.2.19), card 09's raises.
OPTIONS = """
@register.tag("include")
def do_include(parser, token):
    bits = token.split_contents()
    options = {}
    remaining_bits = bits[2:]
    while remaining_bits:
        option = remaining_bits.pop(0)
        if option in options:
            raise TemplateSyntaxError("The %r option was specified more than once." % option)
        if option == "with":
            value = token_kwargs(remaining_bits, parser, support_legacy=False)
        elif option == "only":
            value = True

@register.tag("blocktranslate")
def do_block_translate(parser, token):
    bits = token.split_contents()
    options = {}
    remaining_bits = bits[1:]
    while remaining_bits:
        option = remaining_bits.pop(0)
        if option in options:
            raise TemplateSyntaxError("The %r option was specified more than once." % option)
"""


def options_vocabulary() -> Vocabulary:
    known = Vocabulary()
    # The repository's own names, as the real run reads the tree: django/urls/conf.py:12, templatetags/i18n.py.
    known.read_code(OPTIONS + "\ndef include(arg, namespace=None): ...\ni18n\nload\n")
    known.read_message("The {option} option was specified more than once.")
    return known


# Round 24, card 09 (181efd105ceb360a): the model's how to trigger, as answered, with a first example to put in.
HOW_TO_TRIGGER = (
    "Compiling either of these templates raises the error:\n\n```django\n{first}\n```\n\n"
    "```django\n{{% load i18n %}}\n{{% blocktranslate with a=b with c=d %}}\n```\n\n"
    "They give `The 'only' option was specified more than once.` and `The 'with' option was specified more than once.`"
)
EXAMPLE_FIX = (
    '```django\n{# before #}\n{% include "item.html" with title=title with count=count only %}\n\n'
    '{# after: one with clause holding all keyword arguments #}\n{% include "item.html" with title=title count=count'
    " only %}\n```"
)


def test_a_file_name_quoted_in_an_example_is_the_examples_own() -> None:
    # The `{% include "item.html" ... %}` examples were dropped for naming `item.html`: a template name the example
    # hands on, as a string in a Python example is never checked as a path.
    answer = card(how_to_trigger=HOW_TO_TRIGGER.format(first='{% include "item.html" only only %}'))
    answer = json.dumps({**json.loads(answer), "example_fix": EXAMPLE_FIX})
    result = check_answer(json.loads(answer), options_vocabulary())
    assert result.dropped == 0, result.unknown
    assert '{% include "item.html" only only %}' in result.sections["how_to_trigger"]
    assert result.sections["example_fix"] == EXAMPLE_FIX
    # Planted: a path into a tree, quoted or not, and a file name claimed by itself are still checked.
    for planted in ('{% include "admin/shop/item.html" %}', "{% include admin/shop/item.html %}"):
        assert check_answer(json.loads(card(example_fix=f"```django\n{planted}\n```")), options_vocabulary()).dropped
    assert check_answer(json.loads(card(trigger="`do_include` reads `item.html`.")), options_vocabulary()).dropped


def test_sentences_speaking_for_several_examples_go_with_a_dropped_one() -> None:
    # With the first example dropped (here a planted path the tree does not have), "either of these" and "They
    # give `The 'only' option ...`" would speak of the one template left, which gives only the 'with' message.
    answer = card(how_to_trigger=HOW_TO_TRIGGER.format(first='{% include "admin/shop/item.html" only only %}'))
    result = check_answer(json.loads(answer), options_vocabulary())
    assert result.sections["how_to_trigger"] == (
        "```django\n{% load i18n %}\n{% blocktranslate with a=b with c=d %}\n```"
    )
    assert "a sentence speaking for several examples, one of them dropped" in result.unknown
