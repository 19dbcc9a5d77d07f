"""Solutions said in the user's terms (round 32's point on solutions, cards 15, 16 and 22): a parameter left at its
default that the raise needs, a type the message names where the code refuses another, and a method's argument
said as the constructor's that carries it there."""

from tests.harvest.published import harvest_published, solutions

# Django 5.2.19 django/contrib/auth/models.py:214-229 (UserManager.with_perm) and django/db/models/query.py:512-523
# (QuerySet.iterator), reduced: the raise sits under a test that holds only while the argument is left at `None`.
DEFAULTS = """
from django.contrib import auth


class UserManager:
    def with_perm(self, perm, is_active=True, include_superusers=True, backend=None, obj=None):
        if backend is None:
            backends = auth._get_backends(return_tuples=True)
            if len(backends) == 1:
                backend, _ = backends[0]
            else:
                raise ValueError(
                    "You have multiple authentication backends configured and "
                    "therefore must provide the `backend` argument."
                )
        elif not isinstance(backend, str):
            raise TypeError("backend must be a dotted import path string (got %r)." % backend)
        return backend


class QuerySet:
    def iterator(self, chunk_size=None):
        if chunk_size is None:
            if self._prefetch_related_lookups:
                raise ValueError(
                    "chunk_size must be provided when using QuerySet.iterator() after prefetch_related()."
                )
        elif chunk_size <= 0:
            raise ValueError("Chunk size must be strictly positive.")
        return self._iterator(chunk_size)

    def latest(self, *fields, field_name=None):
        if field_name is not None:
            fields = (field_name,)
            if not fields:
                raise ValueError("latest() requires a field name.")
        return fields
"""


def test_an_argument_left_at_its_default_that_the_raise_needs_is_passed(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/models.py": DEFAULTS})
    assert solutions(cards, "multiple authentication backends") == ["Pass `backend` to `UserManager.with_perm()`."]
    assert solutions(cards, "after prefetch_related()") == ["Pass `chunk_size` to `QuerySet.iterator()`."]


def test_a_branch_that_may_raise_another_error_is_no_advice(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/models.py": DEFAULTS})
    # `None` takes the first branch, which raises the other error where several backends are configured.
    assert solutions(cards, "backend must be a dotted") == ["Pass a `str` as `backend` to `UserManager.with_perm()`."]


def test_an_argument_the_raise_needs_given_is_not_advised_as_passed(db, git_repo) -> None:
    # `field_name is not None` holds only where it is passed: passing it is no way out.
    cards = harvest_published(git_repo, {"django/contrib/auth/models.py": DEFAULTS})
    assert not any("Pass `field_name`" in said for said in solutions(cards, "requires a field name"))


# Django 5.2.19 django/forms/models.py:1204-1266 (_get_foreign_key), reduced: the branch for a passed `fk_name`
# raises too, and the message names no argument.
FOREIGN_KEYS = """
def _get_foreign_key(parent_model, model, fk_name=None, can_fail=False):
    opts = model._meta
    if fk_name:
        fks_to_parent = [f for f in opts.fields if f.name == fk_name]
        if len(fks_to_parent) == 1:
            fk = fks_to_parent[0]
            if fk.remote_field.model != parent_model:
                raise ValueError("fk_name '%s' is not a ForeignKey to '%s'." % (fk_name, parent_model._meta.label))
        elif not fks_to_parent:
            raise ValueError("'%s' has no field named '%s'." % (model._meta.label, fk_name))
    else:
        fks_to_parent = [f for f in opts.fields if f.remote_field.model == parent_model]
        if len(fks_to_parent) == 1:
            fk = fks_to_parent[0]
        elif not fks_to_parent:
            if can_fail:
                return
            raise ValueError("'%s' has no ForeignKey to '%s'." % (model._meta.label, parent_model._meta.label))
    return fk


def inlineformset_factory(parent_model, model, fk_name=None):
    fk = _get_foreign_key(parent_model, model, fk_name=fk_name)
    return fk
"""


def test_an_argument_at_its_default_is_not_advised_where_the_message_does_not_name_it(db, git_repo) -> None:
    # Passing `fk_name` to a model with no foreign key to the parent fails on the other branch instead.
    cards = harvest_published(git_repo, {"django/forms/models.py": FOREIGN_KEYS})
    assert not any("fk_name" in said for said in solutions(cards, "has no ForeignKey to"))


# Django 5.2.19 django/core/mail/message.py:206-245 (EmailMessage.__init__), reduced to two recipients' lists.
MAIL = """
class EmailMessage:
    def __init__(self, subject="", body="", from_email=None, to=None, bcc=None, reply_to=None):
        \"\"\"
        Initialize a single email message (which can be sent to multiple
        recipients).
        \"\"\"
        if to:
            if isinstance(to, str):
                raise TypeError('"to" argument must be a list or tuple')
            self.to = list(to)
        else:
            self.to = []
        if reply_to:
            if isinstance(reply_to, str):
                raise TypeError('"reply_to" argument must be a list or tuple')
            self.reply_to = list(reply_to)
        else:
            self.reply_to = []
        if bcc:
            if isinstance(bcc, str):
                raise TypeError("Invalid recipients.")
            self.bcc = list(bcc)
"""


def test_a_type_the_code_refuses_is_advised_as_the_types_the_message_names(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/mail/message.py": MAIL})
    assert solutions(cards, '"reply_to" argument') == ["Pass a `list` or a `tuple` as `reply_to` to `EmailMessage()`."]
    assert solutions(cards, '"to" argument') == ["Pass a `list` or a `tuple` as `to` to `EmailMessage()`."]


def test_a_refused_type_with_a_message_naming_no_type_is_left_unadvised(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/mail/message.py": MAIL})
    assert not any("`bcc`" in said for said in solutions(cards, "Invalid recipients"))


# Django 5.2.19 django/contrib/gis/utils/layermapping.py:97-162 and 327-341 (LayerMapping.__init__, check_unique),
# reduced to the `unique` argument.
LAYERS = """
class LayerMapping:
    def __init__(self, model, data, mapping, layer=0, unique=None, using=None):
        self.mapping = mapping
        if unique:
            self.check_unique(unique)
            self.unique = unique
        else:
            self.unique = None

    def check_unique(self, unique):
        "Check the `unique` keyword parameter -- may be a sequence or string."
        if isinstance(unique, (list, tuple)):
            for attr in unique:
                if attr not in self.mapping:
                    raise ValueError
        elif isinstance(unique, str):
            if unique not in self.mapping:
                raise ValueError
        else:
            raise TypeError("Unique keyword argument must be set with a tuple, list, or string.")
"""


def test_a_method_s_argument_the_constructor_passes_on_is_said_as_the_constructor_s(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/gis/utils/layermapping.py": LAYERS})
    assert solutions(cards, "Unique keyword argument") == [
        "Pass a `list`, a `tuple` or a `str` as `unique` to `LayerMapping()`."
    ]


# Django 5.2.19 django/utils/feedgenerator.py:104-143 (SyndicationFeed.__init__), reduced to `stylesheets`: a class
# of the library's own refused, the message saying what it wants and what it got.
FEEDS = """
class Stylesheet:
    def __init__(self, url, mimetype="", media="screen"):
        self._url = url


class SyndicationFeed:
    def __init__(self, title, link, description, stylesheets=None, **kwargs):
        def to_stylesheet(s):
            return s if isinstance(s, Stylesheet) else Stylesheet(s)

        if stylesheets is not None:
            if isinstance(stylesheets, (Stylesheet, str)):
                raise TypeError(
                    f"stylesheets should be a list, not {stylesheets.__class__}"
                )
            stylesheets = [to_stylesheet(s) for s in stylesheets]
        self.stylesheets = stylesheets
"""


def test_a_refused_class_of_the_library_s_own_is_advised_as_the_type_the_message_wants(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/utils/feedgenerator.py": FEEDS})
    assert solutions(cards, "stylesheets should be") == ["Pass a `list` as `stylesheets` to `SyndicationFeed()`."]


# A sentinel class refused as traitlets refuses one (`elif isinstance(names, Sentinel): raise TypeError(...)`,
# traitlets/traitlets.py:215-216, 5.16.1), with a message whose "must be set" is the verb: no type is named.
UNSET = """
class Sentinel:
    pass


def required(name, value):
    if isinstance(value, Sentinel):
        raise TypeError("value must be set")
    return value
"""


def test_must_be_set_names_no_set_to_pass(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/utils/required.py": UNSET})
    assert not any("`set`" in said for said in solutions(cards, "value must be set"))


# An abstract number class refused (no installed library words it so; the shape of `isinstance(x, numbers.Real)`
# checks): an `int` passes it without
# subclassing it, so "must be an integer" advises nothing.
REAL = """
import numbers


def scale(value):
    if isinstance(value, numbers.Real):
        raise TypeError("value must be an integer")
    return value
"""


def test_a_refused_abstract_number_class_advises_no_builtin_it_takes_in(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/utils/scale.py": REAL})
    assert not any("`int`" in said for said in solutions(cards, "value must be an integer"))
