"""The advice a message gives beyond its first imperative word is offered, and never with a raw placeholder (issue
29, round 25's cards 01, 07, 12, 18 and 19): advice after "If it is," or after "; you must", a question whether
something is installed, a rule whose subject is the value the code fills in, and the choices the message lists.
Every message here is Django 5.2.19's or DRF 3.18.3's, harvested from the installed sources where a placeholder
needs the site's evidence to be said."""

from pathlib import Path

import django
import rest_framework

from kb.cards import quoted
from kb.cards.message_advice import advice, requirement
from kb.cards.quoted import quote
from kb.cards.solutions import derive_solutions
from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent


def test_advice_after_a_question_and_if_it_is_is_offered(db, git_repo):
    # django/contrib/gis/gdal/libgdal.py:63-68 (5.2.19), round 25's card 01: no solution at all.
    files = {"django/contrib/gis/gdal/libgdal.py": (DJANGO / "contrib/gis/gdal/libgdal.py").read_text()}
    entry = next(e for m, e in harvest(git_repo, files).items() if m.startswith("Could not find the GDAL library"))
    assert entry.generated["solutions"][:2] == [
        "Check that GDAL is installed.",
        "Do what the message asks: “If it is, try setting GDAL\\_LIBRARY\\_PATH in your settings\\.”",
    ]


def test_advice_after_the_clause_that_reports_the_values_is_quoted_alone(db, git_repo):
    # django/apps/config.py:79-88 (5.2.19), round 25's card 07: the quote held "{module}" and "({paths})".
    files = {"django/apps/config.py": (DJANGO / "apps/config.py").read_text()}
    entry = next(e for m, e in harvest(git_repo, files).items() if "has multiple filesystem locations" in m)
    assert entry.generated["solutions"][0] == (
        "Do what the message asks: “you must configure this app with an AppConfig subclass with a 'path' class "
        "attribute\\.”"
    )


def test_a_placeholder_in_advice_is_said_by_what_it_stands_for(db, git_repo):
    # rest_framework/routers.py:57-62 (3.18.3), round 25's card 18: the quote held `"{viewset}"`.
    files = {"rest_framework/routers.py": (DRF / "routers.py").read_text()}
    entry = next(e for m, e in harvest(git_repo, files, "encode/django-rest-framework").items() if "unique base" in m)
    assert entry.generated["solutions"][0] == (
        "Do what the message asks: “Please provide a unique basename for viewset \\[the `viewset` argument\\]”"
    )


def test_a_rule_whose_subject_is_a_placeholder_is_met(db, git_repo):
    # rest_framework/generics.py:121-126 (3.18.3), round 25's card 19: "'{class_name}' should either include a
    # `serializer_class` attribute, or override ..." gave no solution.
    files = {"rest_framework/generics.py": (DRF / "generics.py").read_text()}
    # Since session 19 the code's own reading says the same fix concretely, and the rule is met through it (the
    # message's rule is quoted only where nothing else is said).
    entry = next(e for m, e in harvest(git_repo, files, "encode/django-rest-framework").items() if "either incl" in m)
    assert entry.generated["solutions"] == [
        "Set `serializer_class` on your subclass of `GenericAPIView`, or override `get_serializer_class()`."
    ]


def test_the_choices_a_message_lists_are_what_to_use():
    # django/db/models/sql/compiler.py:1500-1509 (5.2.19), round 25's card 12.
    message = (
        "Invalid field name(s) given in select_for_update(of=(...)): {invalid_names}. Only relational fields "
        "followed in the query are allowed. Choices are: {get_field_choices}."
    )
    assert derive_solutions([], message=message) == ["Use one of the values the message lists after “Choices are:”."]
    # django/template/defaulttags.py (5.2.19, `{% load %}`): the list on the next line.
    message = "'{name}' is not a registered tag library. Must be one of:\n{libraries}"
    assert derive_solutions([], message=message) == ["Use one of the values the message lists after “Must be one of:”."]


def test_a_question_whether_a_named_thing_is_installed_is_what_to_check():
    # django/contrib/postgres/signals.py (5.2.19); django/utils/translation/trans_real.py asks "Is it installed?"
    assert derive_solutions([], message="Error implementing psycopg2 protocol. Is psycopg2 installed?") == [
        "Check that psycopg2 is installed."
    ]
    assert advice("Unable to get gettext version. Is it installed?") == []


def test_a_question_naming_what_to_check_is_what_to_check():
    # Django 5.2.19: django/contrib/auth/__init__.py:32, django/apps/registry.py:126 (via apps/config.py),
    # django/contrib/gis/db/backends/spatialite/operations.py:209, postgis/operations.py:398 (round 37's card 16).
    backends = "No authentication backends have been defined. Does AUTHENTICATION_BACKENDS contain anything?"
    assert derive_solutions([], message=backends) == ["Check that AUTHENTICATION\\_BACKENDS contains something."]
    apps = "{e}. Are you sure your INSTALLED_APPS setting is correct?"
    assert derive_solutions([], message=apps) == ["Check that your INSTALLED\\_APPS setting is correct."]
    loaded = "Was the SpatiaLite initialization SQL loaded on this database?"
    assert advice(f"Cannot determine the SpatiaLite version. {loaded}") == [loaded]
    assert derive_solutions([], message=f"Cannot determine the SpatiaLite version. {loaded}") == [
        "Check that the SpatiaLite initialization SQL was loaded on this database."
    ]
    assert advice("Cannot find a migration matching 'x' from app 'y'. Is it in INSTALLED_APPS?") == []


def test_a_rule_of_a_value_left_unsaid_reads_without_it():
    # django/db/models/fields/__init__.py:2130 (5.2.19, IntegerField's "invalid"); django/db/models/base.py:418.
    assert derive_solutions([], message="“{value}” value must be an integer.") == [
        "Meet what the message requires: “\\[The\\] value must be an integer\\.”"
    ]
    assert derive_solutions(
        [], message="Model {class_name} must specify a custom Manager, because it has a field named 'objects'."
    ) == [
        "Meet what the message requires: “\\[The model\\] must specify a custom Manager, because it has a field named "
        "'objects'\\.”"
    ]
    # Rules no one can read without the value: said by nothing rather than by "…".
    assert derive_solutions([], message="{name} must be a list or a tuple.") == []
    assert derive_solutions([], message="First argument in '{tokens}' must be 'as'") == []


def test_a_sentence_that_reports_what_failed_is_no_rule():
    # django/db/migrations/autodetector.py (5.2.19), django/db/models/fields/related.py.
    assert requirement("App {app_label} has no migration, cannot update last migration.") == ""
    assert derive_solutions([], message="Related model {model} cannot be resolved") == []


def test_no_solution_quotes_a_raw_placeholder():
    # rest_framework/fields.py (3.18.3), DateField's "invalid"; django/db/models/base.py (5.2.19).
    assert derive_solutions([], message="Date has wrong format. Use one of these formats instead: {format}.") == [
        "Do what the message asks: “Use one of these formats instead: …\\.”"
    ]
    # A value inside a code span stays inside it; a quote with nothing of its own left says nothing.
    # rest_framework/serializers.py (3.18.3): "Cannot both declare the field '{field_name}' and include it ...".
    assert quote("If inherited from a parent serializer, disable with `{field_name} = None`.", {}) == (
        "If inherited from a parent serializer, disable with \\`… = None\\`\\."
    )
    assert derive_solutions([], message="{alias} is not defined. Did you mean {close_matches}?") == []


def test_a_report_whose_first_word_could_be_an_imperative_is_no_advice():
    # pyrate_limiter/limiter.py:673 (4.5.1), sqlalchemy/sql/compiler.py:5424-5428 and orm/interfaces.py:166-168
    # (2.1.9), anyio/lowlevel.py:185-187 (4.16.0): "call", "select", "Use" and "Run" are nouns there, and the
    # card said "Do what the message asks" of what only reports the failure.
    assert derive_solutions([], message="Rate limit for {name} can never admit weight={weight}; call denied.") == []
    message = (
        "All selectables passed to CompoundSelect must have identical numbers of columns; select #{select_0} has "
        "{numcols} columns, select #{select_1} has {count}"
    )
    assert not any(said.startswith("Do what") for said in derive_solutions([], message=message))
    message = "Use of the {name} construct inside of an Annotated object is not yet supported."
    assert derive_solutions([], message=message) == []
    assert derive_solutions([], message='Run variable "{_name}" has no value and no default set') == []
    # pydash/helpers.py:325 (8.1.0, round 32's card 25): a warning that asks for nothing.
    assert derive_solutions([], message="Call to deprecated function {func}.") == []
    assert advice("Call get_queryset() to build the queryset.") == ["Call get_queryset() to build the queryset."]
    # An imperative that takes a clause of its own is advice still (factory/base.py:461-465, factory_boy 3.3.3).
    message = (
        "Cannot generate instances of abstract factory {f}; Ensure {f}.Meta.model is set and {f}.Meta.abstract is "
        "either not set or False."
    )
    assert advice(message) == ["Ensure {f}.Meta.model is set and {f}.Meta.abstract is either not set or False."]


def test_a_placeholder_after_plain_words_is_their_noun_phrase():
    assert quoted._words_alone("Generic detail view ")
    assert not quoted._words_alone("Generic  detail view ")
    assert not quoted._words_alone("a b c d e f ")
    assert not quoted._words_alone("Model")


def test_a_deprecation_says_to_use_what_replaces_what_it_deprecates():
    # django/db/models/enums.py:115-118 (5.2.19), round 27's card 10: no solution, though the message names it.
    assert derive_solutions([], message="ChoicesMeta is deprecated in favor of ChoicesType.") == [
        "Use `ChoicesType` instead of `ChoicesMeta`."
    ]
    # django/db/backends/base/operations.py:224-228: no stop between the two clauses.
    message = "DatabaseOperations.field_cast_sql() is deprecated use DatabaseOperations.lookup_cast() instead."
    assert derive_solutions([], message=message) == [
        "Use `DatabaseOperations.lookup_cast()` instead of `DatabaseOperations.field_cast_sql()`."
    ]
    # django/contrib/postgres/aggregates/mixins.py:13-15; django/db/models/lookups.py:240 ("Implement").
    assert derive_solutions([], message="The ordering argument is deprecated. Use order_by instead.") == [
        "Use `order_by` instead of the `ordering` argument."
    ]
    message = "The usage of log_action() is deprecated. Implement log_actions() instead."
    assert derive_solutions([], message=message) == ["Implement `log_actions()` instead of `log_action()`."]
    # What names no code to write, or a private name, stays the message's own words, or nothing.
    message = "The Jinja2DivFormRenderer transitional form renderer is deprecated. Use Jinja2 instead."
    assert derive_solutions([], message=message) == ["Do what the message asks: “Use Jinja2 instead\\.”"]
    assert derive_solutions([], message="Frob is deprecated. Use _frob instead.") == []


def test_a_deprecation_of_what_a_pronoun_or_a_bare_word_names_is_no_replacement():
    # anyio/_core/_sockets.py:705 (4.16.0): "This" is no name; the card said "instead of the `This` function".
    message = "This function is deprecated; use `wait_readable` instead"
    assert not any("instead of" in said for said in derive_solutions([], message=message))
    # django/db/backends/oracle/oracledb_any.py:13 (5.2.19): "oracledb" may be a name or a word; the message says it.
    assert derive_solutions([], message="cx_Oracle is deprecated. Use oracledb instead.") == [
        "Do what the message asks: “Use oracledb instead\\.”"
    ]
    # Made up from the shapes above: an English noun where the name would be.
    assert derive_solutions([], message="The function is deprecated. Use frob() instead.") == [
        "Do what the message asks: “Use frob\\(\\) instead\\.”"
    ]


def test_the_hint_a_message_gives_is_its_advice():
    # django/core/management/commands/flush.py:73-80 (5.2.19), round 27's card 07: no solution, though the message
    # says to look at `sqlflush`.
    message = (
        "Database {NAME} couldn't be flushed. Possible reasons:\n"
        "  * The database isn't running or isn't configured correctly.\n"
        "  * At least one of the expected database tables doesn't exist.\n"
        "  * The SQL was invalid.\n"
        "Hint: Look at the output of 'django-admin sqlflush'. That's the SQL this command wasn't able to run."
    )
    assert derive_solutions([], message=message) == [
        "Do what the message asks: “Look at the output of 'django\\-admin sqlflush'\\.”"
    ]
