"""Cards of the fourth reader's review (issue 29), harvested from the installed Django's and DRF's files: the
condition is said in the reader's terms where the code names it plainly (a queryset already sliced, keyword
arguments given or not), from the entry point the reader calls (`.filter()`, not `complex_filter()`)."""

from pathlib import Path

import django
import pytest
import rest_framework

from kb.models import ErrorEntry
from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent


@pytest.fixture
def django_cards(db, git_repo) -> dict[str, ErrorEntry]:
    files = ("db/models/query.py", "http/response.py")
    return harvest(git_repo, {f"django/{name}": DJANGO / name for name in files}, "django/django")


@pytest.fixture
def drf_cards(db, git_repo) -> dict[str, ErrorEntry]:
    return harvest(git_repo, {"rest_framework/fields.py": DRF / "fields.py"}, "encode/django-rest-framework")


def test_filtering_a_sliced_queryset_names_filter_or_exclude_and_says_the_queryset_is_sliced(django_cards):
    meaning = django_cards["Cannot filter a query once a slice has been taken."].generated["meaning"]
    assert meaning.startswith(
        "`QuerySet.filter()` (or `QuerySet.exclude()`) raises this (from `QuerySet._filter_or_exclude`) when "
    )
    assert "the `QuerySet`'s query is sliced" in meaning
    assert "positional arguments are given or keyword arguments are given" in meaning
    assert "complex_filter" not in meaning and "self." not in meaning


def test_a_keyword_argument_left_out_is_said_as_such_and_advised(drf_cards):
    generated = drf_cards["default is a required argument."].generated
    assert (
        generated["meaning"] == "Calling `HiddenField()` raises this when the `default` keyword argument is not given."
    )
    assert generated["solutions"] == ["Pass the `default` keyword argument to `HiddenField()`."]


def test_no_positional_argument_is_said_and_advised(db, git_repo):
    cards = harvest(git_repo, {"django/db/models/constraints.py": DJANGO / "db/models/constraints.py"}, "django/django")
    generated = cards["At least one field or expression is required to define a unique constraint."].generated
    assert generated["meaning"].startswith(
        "Calling `UniqueConstraint()` raises this when no positional arguments are given and "
        "the `fields` argument is not given (or empty), unless `UniqueConstraint.__init__` raises another error first."
    )
    assert "Pass at least one positional argument to `UniqueConstraint()`." in generated["solutions"]


def test_no_solution_names_star_arguments(django_cards, drf_cards):
    for entry in ErrorEntry.objects.all():
        assert not any("`*" in solution for solution in entry.generated.get("solutions", [])), entry.message


def test_a_redirect_scheme_outside_the_class_s_allowed_schemes_is_said_with_their_values(django_cards):
    entry = django_cards["Unsafe redirect to URL with protocol '{scheme}'"].generated
    assert entry["meaning"] == (
        "Calling `HttpResponseRedirectBase()` raises this when the `redirect_to` argument has a scheme and "
        "`HttpResponseRedirectBase.allowed_schemes` (by default `['http', 'https', 'ftp']`) does not contain the "
        "scheme of the `redirect_to` argument, unless `HttpResponseRedirectBase.__init__` raises another error "
        "first."
    )
    assert "In the message, `{scheme}` is the scheme of the `redirect_to` argument." in entry["trigger"]


@pytest.fixture
def documented_cards(db, git_repo, django_sdist: Path) -> dict[str, ErrorEntry]:
    files = (
        "django/http/response.py",
        "django/contrib/postgres/forms/hstore.py",
        "django/forms/fields.py",
        "django/contrib/gis/gdal/driver.py",
    )
    docs = (
        "docs/ref/exceptions.txt",
        "docs/howto/custom-model-fields.txt",
        "docs/ref/settings.txt",
        "docs/ref/contrib/gis/gdal.txt",
    )
    return harvest(git_repo, {name: django_sdist / name for name in (*files, *docs)}, "django/django")


def test_documentation_quotes_only_whole_lines_about_the_same_object(documented_cards):
    redirect = documented_cards["Unsafe redirect to URL with protocol '{scheme}'"].generated
    assert "(mentions `DisallowedRedirect`)" not in redirect.get("documentation", "")  # a bare list item
    hstore = documented_cards["Could not load JSON data."].generated
    # A model field's advice on `to_python()` is not about `HStoreField`, a form field.
    assert "value conversion" not in hstore["meaning"] + hstore.get("documentation", "")
    driver = documented_cards["Could not initialize GDAL/OGR Driver on input: {dr_input}"].generated
    assert "The base GDAL exception" not in driver.get("documentation", "")  # names no class, no message
    for entry in documented_cards.values():
        # Cut inside an inline role: "new default value of :attr:`URLField.assume_scheme".
        assert "of :attr:\\`URLField\\.assume\\_scheme”" not in entry.generated.get("documentation", "")


def test_a_count_of_positional_arguments_is_said_and_advised_in_the_plural(db, git_repo):
    files = {"django/db/models/functions/text.py": DJANGO / "db/models/functions/text.py"}
    cards = harvest(git_repo, files, "django/django")
    generated = cards["Concat must take at least two expressions"].generated
    assert generated["meaning"] == "Calling `Concat()` raises this when fewer than 2 positional arguments are given."
    assert generated["solutions"] == ["Pass at least 2 positional arguments to `Concat()`."]


def test_a_lone_none_among_the_positional_arguments_is_advised_against(django_cards):
    generated = django_cards["Cannot pass None as an argument to only()."].generated
    assert generated["solutions"] == ["Pass positional arguments other than just `None` to `QuerySet.only()`."]


def test_a_property_setter_is_said_as_an_assignment_not_a_call(django_cards):
    generated = django_cards["You cannot set content to a 304 (Not Modified) response"].generated
    assert generated["meaning"] == (
        "Assigning to `HttpResponseNotModified.content` raises this when the value assigned is not empty."
    )
    assert "content()" not in "\n".join(str(v) for v in generated.values())
    # No "Pass … to `content()`": nobody calls it. Only the rule the message states.
    assert generated["solutions"] == [
        "Meet what the message requires: “You cannot set content to a 304 \\(Not Modified\\) response\\.”"
    ]


def test_a_setter_s_checks_on_each_item_are_said_in_words_with_the_setter_s_own_docstring(db, git_repo):
    source = "contrib/gis/gdal/raster/source.py"
    cards = harvest(git_repo, {f"django/{source}": DJANGO / source}, "django/django")
    meaning = cards["Geotransform must consist of 6 numeric values."].generated["meaning"]
    assert meaning.startswith(
        "Assigning to `GDALRaster.geotransform` raises this when the value assigned does not have exactly 6 items "
        "or an item of the value assigned is not an instance of `int` or `float`."
    )
    assert "Set the geotransform for the data source" in meaning  # the setter's docstring, not the getter's


def test_an_attribute_of_an_argument_is_said_as_the_argument_s(db, git_repo):
    source = "db/backends/sqlite3/operations.py"
    cards = harvest(git_repo, {f"django/{source}": DJANGO / source}, "django/django")
    entry = cards["SQLite doesn't support DISTINCT on aggregate functions accepting multiple arguments."].generated
    assert (
        "when the `expression` argument is an instance of `models.Aggregate` and the `expression` argument's "
        "`distinct` is true and the `expression` argument's `source_expressions` has more than 1 item, unless "
        "`DatabaseOperations.check_expression_support` raises another error first."
    ) in entry["meaning"]


def test_a_setter_is_advised_with_an_assignment(db, git_repo):
    source = "contrib/gis/gdal/raster/source.py"
    cards = harvest(git_repo, {f"django/{source}": DJANGO / source}, "django/django")
    generated = cards["Could not create a SpatialReference from input."].generated
    # Every branch's type: a `SpatialReference` passes the chain's first test (source.py:356-361).
    assert generated["solutions"] == ["Assign a `SpatialReference`, an `int` or a `str` to `GDALRaster.srs`."]


def test_a_yes_or_no_attribute_of_a_local_is_said_by_the_local_s_name(db, git_repo):
    cards = harvest(
        git_repo, {"rest_framework/authentication.py": DRF / "authentication.py"}, "encode/django-rest-framework"
    )
    meaning = cards["User inactive or deleted."].generated["meaning"]
    assert "`BasicAuthentication.authenticate_credentials()` raises this when the user is not active, unless" in meaning
    # The second way in is named in "What it means"; its condition is said in "When it happens".
    assert "`TokenAuthentication.authenticate_credentials()` also raises this." in meaning
    assert "- the token's user is not active (line " in cards["User inactive or deleted."].generated["trigger"]
    assert "get_user_model()" not in meaning and "select_related" not in meaning


def test_an_outer_test_on_an_argument_is_said_with_the_deciding_one(documented_cards):
    warned = next(e for m, e in documented_cards.items() if m.startswith("The default scheme will be changed"))
    assert warned.generated["meaning"].startswith(
        "Calling `URLField()` issues this when the `assume_scheme` argument is `None` and the setting "
        "`FORMS_URLFIELD_ASSUME_HTTPS` is empty or false."
    )


def test_a_keyword_argument_popped_into_an_attribute_is_said_as_the_keyword_argument(db, git_repo):
    cards = harvest(git_repo, {"rest_framework/serializers.py": DRF / "serializers.py"}, "encode/django-rest-framework")
    meaning = cards["`child` is a required argument."].generated["meaning"]
    assert meaning == (
        "Calling `ListSerializer()` raises this when the `child` keyword argument (when not given, "
        "the class's `child`) is `None`."
    )
