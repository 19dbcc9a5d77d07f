"""Documentation and docstrings are quoted as their reader sees them built: a Sphinx role's name in a code span, a
cross-reference by its title, a ``literal`` as code (round 35's card 14 quoted ":doc:`Form and Field Validation
&lt;/ref/forms/validation>`" as written)."""

from kb.text.escaping import as_built
from tests.adversarial_inputs import LARGE
from tests.harvest.published import harvest_published


def test_a_role_s_name_is_code_and_a_reference_is_its_title() -> None:
    text = (
        "The :exc:`ValidationError` exception is raised; see :doc:`Form and Field Validation </ref/forms/validation>`."
    )
    assert as_built(text) == "The `ValidationError` exception is raised; see Form and Field Validation\\."


def test_a_tilde_shows_the_last_name_and_a_method_reads_as_a_call() -> None:
    assert as_built(":meth:`~django.db.models.Model.full_clean` and :func:`a.b`") == "`full_clean()` and `a.b()`"


def test_literals_peps_and_titled_code_roles() -> None:
    assert as_built("``None`` (:pep:`8`), :class:`the form <django.forms.Form>`") == "`None` \\(PEP 8\\), `the form`"


def test_the_text_around_the_roles_stays_plain() -> None:
    assert as_built("*not* a role: `x` or :exc: or ` `") == "\\*not\\* a role: `x` or :exc: or \\` \\`"


def test_a_role_that_never_closes_stays_text_on_a_64_kib_input() -> None:
    text = ":exc:`" + "a" * (LARGE - 6)
    assert as_built(text, LARGE) == ":exc:\\`" + "a" * (LARGE - 6)


# django/contrib/gis/forms/fields.py:80-100 and docs/ref/exceptions.txt:153-163, Django 5.2.19 (reduced).
FIELDS = '''
class ValidationError(Exception):
    pass


class GeometryField:
    geom_type = "GEOMETRY"

    def clean(self, value):
        """
        Validate that the input value can be converted to a Geometry object
        and return it. Raise a :exc:`ValidationError` if the value cannot be
        instantiated as a ``Geometry``.
        """
        if str(value.geom_type).upper() != self.geom_type and self.geom_type != "GEOMETRY":
            raise ValidationError("Invalid geometry type.", code="invalid_geom_type")
        return value
'''

DOCS = """
``ValidationError``
-------------------

.. exception:: ValidationError

    The :exc:`ValidationError` exception is raised when data fails form or
    model field validation. For more information about validation, see
    :doc:`Form and Field Validation </ref/forms/validation>`,
    :ref:`Model Field Validation <validating-objects>` and the
    :doc:`Validator Reference </ref/validators>`.
"""


def test_a_card_quotes_its_docstring_and_documentation_as_built(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/gis/forms/fields.py": FIELDS, "docs/ref/exceptions.txt": DOCS})
    card = cards["Invalid geometry type."].generated
    assert "Raise a `ValidationError` if the value cannot be instantiated as a `Geometry`\\." in card["meaning"]
    assert ":exc:" not in card["meaning"] and "``" not in card["meaning"]
    assert card["meaning"].count("Raise a `ValidationError`") == 1  # the docstring's sentence is quoted once
    assert (
        "“The `ValidationError` exception is raised when data fails form or model field validation\\. For more "
        "information about validation, see Form and Field Validation, Model Field Validation and the Validator "
        "Reference\\.”" in card["documentation"]
    )
