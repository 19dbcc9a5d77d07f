"""The in-memory index and ranking, without a database: retrieval and evidence (changes: test_overlay.py)."""

from errorkb.matching.index import Entry, MatchIndex, Site, choose_keys
from errorkb.matching.rank import match_text, type_agreement
from errorkb.matching.template import compile_template


def entry(
    key: int, signature: str, *, type_: str = "ValueError", sites=(), variants=(), message: str | None = None
) -> Entry:
    """A published entry of one repository (the message is the signature unless given); other modules' helpers
    build theirs with it."""
    return Entry(
        key=key,
        public_id=f"{key:016x}",
        exception_type=type_,
        message=signature if message is None else message,
        status="published",
        repository_url="https://github.com/o/r",
        signature=signature,
        variants=variants,
        sites=tuple(sites),
    )


def best(index: MatchIndex, text: str):
    matches = match_text(index, text, limit=5).matches
    return matches[0] if matches else None


def exact(index: MatchIndex, text: str):
    """The best exact match: similar wordings also come back, flagged approximate, after none fits."""
    return next((m for m in match_text(index, text, limit=5).matches if m.exact), None)


def test_a_message_with_runtime_values_finds_its_signature_among_many():
    entries = [entry(i, f"Widget {i} failed: '{{name}}' is not one of {{choices}}") for i in range(500)]
    index = MatchIndex.build(entries)
    found = best(index, "Widget 321 failed: 'knob' is not one of a, b")
    assert (found.entry.key, found.params) == (321, {"name": "knob", "choices": "a, b"})


def test_a_signature_is_keyed_by_its_rarest_window_and_filed_by_its_rarest_words():
    shapes = ("Gear {n} stuck in the mud", "Gear {n} stuck in the sand", "Pump {n} stuck in the mud", "{x}: {y}")
    # Of two windows held by as many templates, the longer; a template with no literal long enough has no key.
    assert choose_keys([compile_template(shape) for shape in shapes]) == [
        (" stuck in the mud", ["Gear", "stuck"]),
        (" stuck in the sand", ["sand", "Gear"]),
        ("Pump ", ["Pump", "stuck"]),
        (None, []),
    ]


def test_more_literal_text_beats_a_looser_template():
    index = MatchIndex.build([entry(1, "'{name}' is undefined"), entry(2, "{what} is undefined")])
    assert [m.entry.key for m in match_text(index, "'x' is undefined", limit=5).matches] == [1, 2]


def test_a_template_of_placeholders_alone_needs_an_agreeing_type():
    index = MatchIndex.build([entry(1, "{template_name}", type_="django.template.exceptions.TemplateDoesNotExist")])
    assert best(index, "base.html") is None
    assert best(index, "TemplateDoesNotExist: base.html").params == {"template_name": "base.html"}


def test_type_agreement_matches_dotted_suffixes_only():
    assert type_agreement("FieldError", "django.core.exceptions.FieldError") == 1
    assert type_agreement("django.core.exceptions.FieldError", "FieldError") == 1
    assert type_agreement("jinja2.exceptions.TemplateNotFound", "django.template.TemplateNotFound") == -1
    assert type_agreement(None, "ValueError") == 0


def test_the_frame_that_raised_breaks_a_tie_between_equal_messages():
    here = Site("src/pkg/a.py", 10, "A.run", "abc")
    there = Site("src/pkg/b.py", 20, "B.run", "abc")
    index = MatchIndex.build([entry(1, "boom {x}", sites=[here]), entry(2, "boom {x}", sites=[there])])
    text = (
        'Traceback (most recent call last):\n  File "/venv/site-packages/pkg/b.py", line 25, in run\nValueError: boom 1'
    )
    found = best(index, text)
    assert found.entry.key == 2
    assert found.why[-1]["kind"] == "frame" and found.why[-1]["same_line"] is False


def test_an_entry_without_a_signature_is_found_by_its_innermost_frame_and_type():
    site = Site("lib/tool/run.py", 5, "Runner.go", "abc")
    index = MatchIndex.build([entry(1, "", type_="tool.errors.Fatal", sites=[site])])
    text = 'Traceback (most recent call last):\n  File "/x/tool/run.py", line 5, in go\ntool.errors.Fatal: whatever'
    found = best(index, text)
    assert (found.entry.key, found.exact) == (1, False)
    # Another type is not this raise; the frame still stands in a harvested function: its entry, flagged so.
    nearby = best(index, text.replace("tool.errors.Fatal", "KeyError"))
    assert (nearby.entry.key, nearby.nearby) == (1, "function")


def test_the_raise_at_the_innermost_frame_leads_with_the_exact_match_of_the_wording_attached():
    site = Site("lib/tool/run.py", 5, "Runner.go", "abc")
    signed = entry(1, "tool failed: {why}", type_="tool.errors.Fatal", sites=[Site("lib/tool/other.py", 9, "f", "abc")])
    index = MatchIndex.build([signed, entry(2, "", type_="tool.errors.Fatal", sites=[site])])
    text = (
        'Traceback (most recent call last):\n  File "/x/tool/run.py", line 5, in go\ntool.errors.Fatal: tool failed: x'
    )
    found = match_text(index, text, limit=5).matches
    assert [(m.entry.key, m.exact) for m in found] == [(2, False), (1, True)]
    assert found[0].message_from is found[1]
    # Without a traceback, the wording's entry alone.
    assert [m.entry.key for m in match_text(index, "tool.errors.Fatal: tool failed: x", limit=5).matches] == [1]


def test_an_older_wording_matches_as_a_variant():
    index = MatchIndex.build([entry(1, "new wording {x}", variants=[("old wording 1", "old wording {x}")])])
    found = best(index, "old wording 9")
    assert (found.entry.key, found.why[0]["kind"]) == (1, "variant")


def test_a_reworded_message_is_found_approximately_through_its_rare_words():
    index = MatchIndex.build([entry(1, "Flux capacitor overheated while warping to {year}")])
    found = best(index, "Flux capacitor overheating while warping to 1985")
    assert (found.entry.key, found.exact) == (1, False)
    assert found.similarity >= 0.65


def test_a_validation_errors_printed_list_finds_the_message_inside_it():
    index = MatchIndex.build(
        [entry(1, "Ensure this value has at least {limit_value} characters (it has {show_value}).")]
    )
    text = "django.core.exceptions.ValidationError: ['Ensure this value has at least 3 characters (it has 2).']"
    found = exact(index, text)
    assert found.entry.key == 1
    assert found.params == {"limit_value": "3", "show_value": "2"}


def test_a_bare_line_of_a_runtime_value_finds_the_unsigned_entries_of_its_specific_type():
    site = Site("django/template/loader.py", 19, "get_template", "abc")
    index = MatchIndex.build(
        [
            entry(1, "", type_="django.template.exceptions.TemplateDoesNotExist", sites=[site]),
            entry(2, "", type_="KeyError", sites=[Site("pkg/a.py", 3, "f", "abc")]),
            entry(3, "no such thing: {name}", type_="django.template.exceptions.TemplateDoesNotExist"),
        ]
    )
    line = "django.template.exceptions.TemplateDoesNotExist: nope/missing.html"
    (found,) = match_text(index, line, limit=5).matches
    assert (found.entry.key, found.exact) == (1, False)
    assert "only the type" in found.why[0]["detail"]
    assert match_text(index, "KeyError: 'b'", limit=5).matches == []  # a builtin type points at no library
    assert match_text(index, "other.OtherError: nope", limit=5).matches == []
    # A bare class name is often prose ("Error: connection refused"): it points at nothing by itself.
    assert match_text(index, "TemplateDoesNotExist: nope/missing.html", limit=5).matches == []


def test_the_same_line_only_breaks_a_tie_between_equal_scores():
    near = Site("pkg/a.py", 10, "A.run", "abc")
    index = MatchIndex.build(
        [
            entry(1, "disk {name} is full {when}", sites=[near]),
            entry(2, "disk {name} is full now", sites=[Site("pkg/a.py", 99, "A.run", "abc")]),
        ]
    )
    text = (
        'Traceback (most recent call last):\n  File "/v/pkg/a.py", line 10, in run\n'
        "ValueError: disk data-volume-one is full now"
    )
    # Both fit; entry 2 with more literal text leads, though the frame is on entry 1's very line.
    assert [m.entry.key for m in match_text(index, text, limit=5).matches] == [2, 1]
    tied = MatchIndex.build(
        [
            entry(1, "disk {name} is full", sites=[Site("pkg/a.py", 99, "A.run", "abc")]),
            entry(2, "disk {name} is full", sites=[near]),
        ]
    )
    found = match_text(tied, text.replace(" now", ""), limit=5).matches
    assert [m.entry.key for m in found] == [2, 1] and found[0].score == found[1].score


DJANGO_SETTINGS_SIGNATURE = (
    "Requested setting {name}, but settings are not configured. You must either define the environment variable "
    "DJANGO_SETTINGS_MODULE or call settings.configure() before accessing settings."
)


def test_a_message_cut_short_after_its_first_sentence_is_a_partial_match_with_its_values():
    index = MatchIndex.build([entry(1, DJANGO_SETTINGS_SIGNATURE, type_="django.core.exceptions.ImproperlyConfigured")])
    text = "django.core.exceptions.ImproperlyConfigured: Requested setting DEBUG, but settings are not configured."
    found = best(index, text)
    assert (found.entry.key, found.exact, found.partial, found.params) == (1, False, True, {"name": "DEBUG"})
    assert found.why[0]["kind"] == "partial_message"


def test_a_text_cut_inside_a_word_or_a_value_or_too_short_is_no_partial_match():
    index = MatchIndex.build([entry(1, DJANGO_SETTINGS_SIGNATURE)])
    for text in (
        "Requested setting DEBUG, but settings are not conf",  # inside a word
        "Requested setting DEBUG",  # inside a value
        "Requested setting X,",  # 20 characters, but only 19 of literal text
        "Requested setting DEBUG, but settings are not configured. Nonsense follows",
    ):
        assert not any(m.partial for m in match_text(index, text, limit=5).matches), text
    assert best(index, "Requested setting DEBUG, but settings").partial


def test_an_exact_fit_comes_before_a_partial_one():
    index = MatchIndex.build(
        [entry(1, DJANGO_SETTINGS_SIGNATURE), entry(2, "Requested setting {x}, but settings are {y}.")]
    )
    matches = match_text(index, "Requested setting DEBUG, but settings are not configured.", limit=5).matches
    assert (matches[0].entry.key, matches[0].exact) == (2, True)
    assert not any(m.partial for m in matches[: [m.exact for m in matches].count(True)])


def test_a_partial_match_is_found_among_many_signatures_that_share_the_start_of_its_first_words():
    entries = [entry(i, f"Requested {{name}}, but settings are not configured for shard {i}.") for i in range(300)]
    index = MatchIndex.build([*entries, entry(999, DJANGO_SETTINGS_SIGNATURE)])
    text = "Requested setting DEBUG, but settings are not configured. You must either define"
    assert [m.entry.key for m in match_text(index, text, limit=5).matches if m.partial] == [999]


def test_repr_quotes_are_taken_off_values_but_not_off_a_list_of_quoted_values():
    index = MatchIndex.build([entry(1, "Invalid colour {value}: choose one of {choices}")])
    found = best(index, "Invalid colour 'notacolour': choose one of 'red', 'green'")
    assert found.params == {"value": "notacolour", "choices": "'red', 'green'"}


def test_an_approximate_match_has_values_too():
    index = MatchIndex.build([entry(1, "Cannot resolve keyword {name} into field. Choices are: {choices}")])
    found = best(index, "Cannot resolve keyword 'titel' into field; the choices are: id, title")
    assert (found.exact, found.similarity is not None) == (False, True)
    assert found.params == {"name": "titel", "choices": "id, title"}
