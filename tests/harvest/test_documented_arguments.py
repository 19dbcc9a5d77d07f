"""A card quotes what the documentation says of the argument its condition tests (issue 29, round 18's cards 05 and
09): the attribute's directive named as the class and the argument, its body or, at the margin, the paragraph after
it. Never a loose mention of the word, another class's attribute of that name, or prose after the directive."""

import pytest

from tests.harvest.published import harvest_published

# django/db/models/query_utils.py:487-496 (Django 5.2.19), reduced.
QUERY_UTILS = '''
class Q:
    pass


class FilteredRelation:
    """Specify custom filtering in the ON clause of SQL joins."""

    def __init__(self, relation_name, *, condition=Q()):
        self.relation_name = relation_name
        if not isinstance(condition, Q):
            raise ValueError("condition argument must be a Q() instance.")
        self.condition = condition
'''
# docs/ref/models/querysets.txt:4181-4194 (Django 5.2.19).
QUERYSETS_TXT = """
``FilteredRelation()`` objects
------------------------------

.. class:: FilteredRelation(relation_name, *, condition=Q())

    .. attribute:: FilteredRelation.relation_name

        The name of the field on which you'd like to filter the relation.

    .. attribute:: FilteredRelation.condition

        A :class:`~django.db.models.Q` object to control the filtering.

``FilteredRelation`` is used with :meth:`~.QuerySet.annotate()` to create an
``ON`` clause when a ``JOIN`` is performed.
"""
# django/db/models/constraints.py:20-39 (Django 5.2.19), reduced.
CONSTRAINTS = """
class BaseConstraint:
    def __init__(
        self, *args, name=None, violation_error_code=None, violation_error_message=None
    ):
        # RemovedInDjango60Warning.
        if name is None and not args:
            raise TypeError(
                f"{self.__class__.__name__}.__init__() missing 1 required keyword-only "
                f"argument: 'name'"
            )
        self.name = name
"""
# docs/ref/models/constraints.txt:39-59 (Django 5.2.19).
CONSTRAINTS_TXT = """
``BaseConstraint``
==================

.. class:: BaseConstraint(* name, violation_error_code=None, violation_error_message=None)

    Base class for all constraints.

All constraints have the following parameters in common:

``name``
--------

.. attribute:: BaseConstraint.name

The name of the constraint. You must always specify a unique name for the
constraint.
"""
FILTERED = "condition argument must be a Q() instance."
NAMELESS = "{class_name}.__init__() missing 1 required keyword-only argument: 'name'"


def _cards(git_repo, **docs: str) -> dict[str, str]:
    files = {"django/db/models/query_utils.py": QUERY_UTILS, "django/db/models/constraints.py": CONSTRAINTS}
    files.update({f"docs/ref/models/{name}.txt": text for name, text in docs.items()})
    return {
        message: entry.generated.get("meaning", "") for message, entry in harvest_published(git_repo, files).items()
    }


@pytest.mark.django_db
def test_the_documented_attribute_of_the_tested_argument_is_quoted(git_repo) -> None:
    cards = _cards(git_repo, querysets=QUERYSETS_TXT, constraints=CONSTRAINTS_TXT)
    assert cards[FILTERED].startswith("`FilteredRelation()` was called with a `condition` that is not an instance")
    assert "`FilteredRelation.condition` is documented ([`docs/ref/models/querysets.txt` line 10](" in cards[FILTERED]
    assert cards[FILTERED].endswith(" as: “A Q object to control the filtering\\.”")
    assert "relation_name" not in cards[FILTERED]  # the other attribute is not what the test reads
    # At the margin, the paragraph right after the directive is its description (Django's own layout).
    assert "`BaseConstraint.name` is documented (" in cards[NAMELESS]
    assert (
        "“The name of the constraint\\. You must always specify a unique name for the constraint\\.”" in cards[NAMELESS]
    )


@pytest.mark.django_db
def test_loose_mentions_other_classes_and_prose_after_a_directive_are_not_quoted(git_repo) -> None:
    cards = _cards(
        git_repo,
        # The word in running text, and the same attribute name on another class.
        querysets="Pass ``condition`` to filter the join.\n\n.. attribute:: Index.condition\n\n    Rows to index.\n",
        # An indented directive with no body of its own: the prose after it is the class's, not the attribute's.
        constraints=".. class:: BaseConstraint(* name)\n\n    .. attribute:: name\n\nAll constraints share it.\n",
    )
    assert "is documented (" not in cards[FILTERED]
    assert "is documented (" not in cards[NAMELESS]


# django/contrib/sitemaps/views.py:92-104 (Django 5.2.19), reduced.
SITEMAPS_VIEWS = """
class Http404(Exception):
    pass


def sitemap(
    request,
    sitemaps,
    section=None,
    template_name="sitemap.xml",
    content_type="application/xml",
):
    req_protocol = request.scheme
    if section is not None:
        if section not in sitemaps:
            raise Http404("No sitemap available for section: %r" % section)
        maps = [sitemaps[section]]
    else:
        maps = sitemaps.values()
    return maps
"""
# docs/ref/contrib/sitemaps.txt:50-78 (Django 5.2.19), reduced.
SIGNATURE = (
    "views.sitemap(request, sitemaps, section=None, template_name='sitemap.xml', content_type='application/xml')"
)
SITEMAPS_TXT = (
    "\n.. function:: "
    + SIGNATURE
    + """

To activate sitemap generation on your Django site, add this line to your
:doc:`URLconf </topics/http/urls>`::

    from django.contrib.sitemaps.views import sitemap

    path("sitemap.xml", sitemap, {"sitemaps": sitemaps})

The sitemap view takes an extra, required argument: ``{'sitemaps': sitemaps}``.
``sitemaps`` should be a dictionary that maps a short section label (e.g.,
``blog`` or ``news``) to its :class:`~django.contrib.sitemaps.Sitemap` class
(e.g., ``BlogSitemap`` or ``NewsSitemap``).

``Sitemap`` classes
===================

A ``section`` is the label the index view links to.
"""
)


@pytest.mark.django_db
def test_a_functions_description_gives_the_sentence_that_names_the_tested_argument(git_repo) -> None:
    entries = harvest_published(
        git_repo, {"django/contrib/sitemaps/views.py": SITEMAPS_VIEWS, "docs/ref/contrib/sitemaps.txt": SITEMAPS_TXT}
    )
    meaning = entries["No sitemap available for section: {section}"].generated["meaning"]
    assert meaning.startswith("`sitemap()` was called with a `section` that is not `None`, and with a `sitemaps`")
    assert "The documentation of `sitemap()` ([`docs/ref/contrib/sitemaps.txt` line 11](" in meaning
    assert meaning.endswith(
        "says of `sitemaps`: “sitemaps should be a dictionary that maps a short section label \\(e\\.g\\., blog or "
        "news\\) to its Sitemap class \\(e\\.g\\., BlogSitemap or NewsSitemap\\)\\.”"
    )
    assert "of `section`" not in meaning  # its only literal mention is under another title, not the function's


@pytest.mark.django_db
def test_a_name_defined_in_two_modules_is_quoted_from_the_codes_own(git_repo) -> None:
    # django.forms.Field and django.db.models.Field document attributes of the same names (docs/ref/forms/fields.txt
    # and docs/ref/models/fields.txt, each under its `.. currentmodule::`): the module tells them apart.
    other = ".. currentmodule:: django.forms\n\n.. attribute:: FilteredRelation.condition\n\n    A form's own.\n"
    own = ".. currentmodule:: django.db.models\n\n" + QUERYSETS_TXT
    cards = _cards(git_repo, a_forms=other, querysets=own)
    assert "as: “A Q object to control the filtering\\.”" in cards[FILTERED]
    assert "A form's own" not in cards[FILTERED]


@pytest.mark.django_db
def test_a_definition_under_another_module_alone_is_not_quoted(git_repo) -> None:
    other = ".. currentmodule:: django.forms\n\n.. attribute:: FilteredRelation.condition\n\n    A form's own.\n"
    cards = _cards(git_repo, a_forms=other)
    assert "is documented (" not in cards[FILTERED]


# django/core/mail/__init__.py:122-129 (Django 5.2.19), reduced.
MAIL = '''
from django.conf import settings


def mail_admins(
    subject, message, fail_silently=False, connection=None, html_message=None
):
    """Send a message to the admins, as defined by the ADMINS setting."""
    if not settings.ADMINS:
        return
    if not all(isinstance(a, (list, tuple)) and len(a) == 2 for a in settings.ADMINS):
        raise ValueError("The ADMINS setting must be a list of 2-tuples.")
'''
# docs/ref/settings.txt:43-59 (Django 5.2.19).
SETTINGS_TXT = """
.. setting:: ADMINS

``ADMINS``
----------

Default: ``[]`` (Empty list)

A list of all the people who get code error notifications. When
:setting:`DEBUG=False <DEBUG>` and :class:`~django.utils.log.AdminEmailHandler`
is configured in :setting:`LOGGING` (done by default), Django emails these
people the details of exceptions raised in the request/response cycle.

Each item in the list should be a tuple of (Full name, email address). Example::

    [("John", "john@example.com"), ("Mary", "mary@example.com")]

.. setting:: ALLOWED_HOSTS
"""


@pytest.mark.django_db
def test_a_setting_the_condition_reads_is_quoted_from_its_entry(git_repo) -> None:
    entries = harvest_published(git_repo, {"django/core/mail/__init__.py": MAIL, "docs/ref/settings.txt": SETTINGS_TXT})
    meaning = entries["The ADMINS setting must be a list of 2-tuples."].generated["meaning"]
    assert "the setting `ADMINS`" in meaning or "the `ADMINS` setting" in meaning
    assert "The `ADMINS` setting is documented ([`docs/ref/settings.txt` line 1](" in meaning
    assert (
        "as: “A list of all the people who get code error notifications\\. When DEBUG=False and AdminEmailHandler"
        in meaning
    )
    assert "Default:" not in meaning and "``" not in meaning


# django/core/paginator.py:27-147 (Django 5.2.19), reduced.
PAGINATOR = '''
import warnings


class UnorderedObjectListWarning(RuntimeWarning):
    pass


class Paginator:
    def __init__(
        self,
        object_list,
        per_page,
        orphans=0,
        allow_empty_first_page=True,
        error_messages=None,
    ):
        self.object_list = object_list
        self._check_object_list_is_ordered()
        self.per_page = int(per_page)

    def _check_object_list_is_ordered(self):
        """
        Warn if self.object_list is unordered (typically a QuerySet).
        """
        ordered = getattr(self.object_list, "ordered", None)
        if ordered is not None and not ordered:
            obj_list_repr = "{!r}".format(self.object_list)
            warnings.warn(
                "Pagination may yield inconsistent results with an unordered "
                "object_list: {}.".format(obj_list_repr),
                UnorderedObjectListWarning,
                stacklevel=3,
            )
'''
# docs/ref/paginator.txt:11-30 (Django 5.2.19).
PAGINATOR_TXT = r"""
.. module:: django.core.paginator
   :synopsis: Classes to help you easily manage paginated data.

``Paginator`` class
===================

.. class:: Paginator(object_list, per_page, orphans=0, allow_empty_first_page=True, error_messages=None)

    A paginator acts like a sequence of :class:`Page` when using ``len()`` or
    iterating it directly.

.. attribute:: Paginator.object_list

    Required. A list, tuple, ``QuerySet``, or other sliceable object with a
    ``count()`` or ``__len__()`` method. For consistent pagination,
    ``QuerySet``\s should be ordered, e.g. with an
    :meth:`~django.db.models.query.QuerySet.order_by` clause or with a default
    :attr:`~django.db.models.Options.ordering` on the model.

    .. admonition:: Performance issues paginating large ``QuerySet``\s
"""


@pytest.mark.django_db
def test_an_argument_the_constructor_kept_is_quoted_where_the_condition_reads_it(git_repo) -> None:
    entries = harvest_published(
        git_repo, {"django/core/paginator.py": PAGINATOR, "docs/ref/paginator.txt": PAGINATOR_TXT}
    )
    [entry] = [e for message, e in entries.items() if message.startswith("Pagination may yield")]
    meaning = entry.generated["meaning"]
    assert "`self.object_list` is the `object_list` argument of `Paginator()`" in meaning
    assert "`Paginator.object_list` is documented ([`docs/ref/paginator.txt` line 12](" in meaning
    assert "For consistent pagination, QuerySets should be ordered, e\\.g\\. with an order\\_by clause" in meaning


# django/views/generic/base.py:184-219 (Django 5.2.19), reduced.
VIEWS_BASE = '''
class ImproperlyConfigured(Exception):
    pass


class TemplateResponseMixin:
    """A mixin that can be used to render a template."""

    template_name = None
    template_engine = None

    def get_template_names(self):
        """
        Return a list of template names to be used for the request. Must return
        a list. May not be called if render_to_response() is overridden.
        """
        if self.template_name is None:
            raise ImproperlyConfigured(
                "TemplateResponseMixin requires either a definition of "
                "'template_name' or an implementation of 'get_template_names()'"
            )
        else:
            return [self.template_name]
'''
# docs/ref/class-based-views/mixins-simple.txt:46-70 (Django 5.2.19), reduced: the class named with its module.
MIXINS_TXT = """
``TemplateResponseMixin``
=========================

.. class:: django.views.generic.base.TemplateResponseMixin

    Provides a mechanism to construct a
    :class:`~django.template.response.TemplateResponse`, given
    suitable context.

    **Attributes**

    .. attribute:: template_name

        The full name of a template to use as defined by a string. Not defining
        a ``template_name`` will raise a
        :class:`django.core.exceptions.ImproperlyConfigured` exception.

    .. attribute:: template_engine

        The :setting:`NAME <TEMPLATES-NAME>` of a template engine to use.
"""
# The same name under another module (a made-up page): never quoted for the code's class.
OTHER_MIXINS_TXT = """
.. class:: django.contrib.other.TemplateResponseMixin

    .. attribute:: template_name

        Another class's template.
"""


@pytest.mark.django_db
def test_an_attribute_a_subclass_sets_is_quoted_where_the_condition_reads_it(git_repo) -> None:
    files = {
        "django/views/generic/base.py": VIEWS_BASE,
        "docs/ref/class-based-views/a_other.txt": OTHER_MIXINS_TXT,
        "docs/ref/class-based-views/mixins-simple.txt": MIXINS_TXT,
    }
    [entry] = [e for message, e in harvest_published(git_repo, files).items() if message.startswith("TemplateResp")]
    meaning = entry.generated["meaning"]
    assert meaning.startswith(
        "The class in use (`TemplateResponseMixin` or a subclass of it) leaves `template_name` at "
        "`TemplateResponseMixin`'s default, `None`: `TemplateResponseMixin.get_template_names()` raises this."
    )
    assert "`TemplateResponseMixin.template_name` is documented ([`docs/ref/class-based-views/mixins-simple.txt`" in (
        meaning
    )
    assert "Not defining a template\\_name will raise a django\\.core\\.exceptions\\.ImproperlyConfigured" in meaning
    assert "Another class's" not in meaning and "template_engine" not in meaning


# django/template/loader.py:52-61 (Django 5.2.19), with a check on the name added (the real function hands it to
# `get_template()`): a definition list's term and the definition indented under it.
LOADER = '''
class TemplateDoesNotExist(Exception):
    pass


def render_to_string(template_name, context=None, request=None, using=None):
    """
    Load a template and render it with a context. Return a string.

    template_name may be a string or a list of strings.
    """
    if not template_name:
        raise TemplateDoesNotExist("No template names provided")
    return template_name
'''
# docs/topics/templates.txt:433-446 (Django 5.2.19), then the table of docs/ref/contrib/gis/layermapping.txt:160-170.
TEMPLATES_TXT = """
.. function:: render_to_string(template_name, context=None, request=None, using=None)

    ``render_to_string()`` loads a template like :func:`get_template` and
    calls its ``render()`` method immediately. It takes the following
    arguments.

    ``template_name``
        The name of the template to load and render. If it's a list of template
        names, Django uses :func:`select_template` instead of
        :func:`get_template` to find the template.

    ``context``
        A :class:`dict` to be used as the template's context for rendering.
"""
TABLE_TXT = """
.. function:: render_to_string(template_name, context=None)

===========================  =================================================
Keyword Arguments            Description
===========================  =================================================
``template_name``            May be set with a slice or tuple of

``context``                  When this keyword is set, status information
"""


@pytest.mark.django_db
def test_a_definition_list_gives_its_definition_and_a_tables_cells_give_nothing(git_repo) -> None:
    files = {"django/template/loader.py": LOADER, "docs/topics/templates.txt": TEMPLATES_TXT}
    meaning = harvest_published(git_repo, files)["No template names provided"].generated["meaning"]
    assert meaning.startswith("`render_to_string()` was called with a `template_name` that is empty.")
    assert "says of `template_name`: “template\\_name: The name of the template to load and render\\.”" in meaning
    git_repo.write("docs/topics/templates.txt", TABLE_TXT)
    meaning = harvest_published(git_repo, {})["No template names provided"].generated["meaning"]
    assert "The documentation of" not in meaning and "====" not in meaning


# django/db/models/query.py:1419-1427 (Django 5.2.19), reduced.
QUERY = '''
class QuerySet:
    def dates(self, field_name, kind, order="ASC"):
        """
        Return a list of date objects representing all available dates for
        the given field_name, scoped to 'kind'.
        """
        if kind not in ("year", "month", "week", "day"):
            raise ValueError("'kind' must be one of 'year', 'month', 'week', or 'day'.")
        if order not in ("ASC", "DESC"):
            raise ValueError("'order' must be either 'ASC' or 'DESC'.")
        return self
'''
# docs/ref/models/querysets.txt:5, 156-160 and 855-875 (Django 5.2.19): the method at the margin, the class above.
QUERYSET_API_TXT = """
.. currentmodule:: django.db.models.query

.. class:: QuerySet(model=None, query=None, using=None, hints=None)

    Usually when you'll interact with a ``QuerySet`` you'll use it by
    :ref:`chaining filters <chaining-filters>`.

``dates()``
~~~~~~~~~~~

.. method:: dates(field, kind, order='ASC')

Returns a ``QuerySet`` that evaluates to a list of :class:`datetime.date`
objects representing all available dates of a particular kind within the
contents of the ``QuerySet``.

.. code-block:: pycon

    >>> Entry.objects.dates("pub_date", "year")

``field`` should be the name of a ``DateField`` of your model.
``kind`` should be either ``"year"``, ``"month"``, ``"week"``, or ``"day"``.

``order``, which defaults to ``'ASC'``, should be either ``'ASC'`` or
``'DESC'``. This specifies how to order the results.
"""


@pytest.mark.django_db
def test_a_method_at_the_margin_is_its_classs_and_an_example_does_not_end_its_description(git_repo) -> None:
    files = {"django/db/models/query.py": QUERY, "docs/ref/models/querysets.txt": QUERYSET_API_TXT}
    entries = harvest_published(git_repo, files)
    kind = entries["'kind' must be one of 'year', 'month', 'week', or 'day'."].generated["meaning"]
    assert "The documentation of `QuerySet.dates()` ([`docs/ref/models/querysets.txt` line 22](" in kind
    assert 'says of `kind`: “kind should be either "year", "month", "week", or "day"\\.”' in kind
    order = entries["'order' must be either 'ASC' or 'DESC'."].generated["meaning"]
    assert "says of `order`: “order, which defaults to 'ASC', should be either 'ASC' or 'DESC'\\.”" in order
