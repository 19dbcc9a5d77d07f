"""A docstring is quoted once and its function named once: after "`AdminSite.unregister()` is documented as: ...",
what the same docstring says of the error follows as "The same docstring says of `NotRegistered`: ...", and a
docstring whose first sentence names the error is not quoted a second time."""

from tests.harvest.published import harvest_published

# django/contrib/admin/sites.py:149-160 and django/shortcuts.py:69-94, Django 5.2.19 (reduced).
SITES = '''
class NotRegistered(Exception):
    pass


class ModelBase(type):
    pass


class AdminSite:
    def __init__(self):
        self._registry = {}

    def is_registered(self, model):
        return model in self._registry

    def unregister(self, model_or_iterable):
        """
        Unregister the given model(s).

        If a model isn't already registered, raise NotRegistered.
        """
        if isinstance(model_or_iterable, ModelBase):
            model_or_iterable = [model_or_iterable]
        for model in model_or_iterable:
            if not self.is_registered(model):
                raise NotRegistered("The model %s is not registered" % model.__name__)
            del self._registry[model]
'''

SHORTCUTS = '''
class Http404(Exception):
    pass


def _get_queryset(klass):
    return klass


def get_object_or_404(klass, *args, **kwargs):
    """
    Use get() to return an object, or raise an Http404 exception if the object
    does not exist.

    klass may be a Model, Manager, or QuerySet object. All other passed
    arguments and keyword arguments are used in the get() query.
    """
    queryset = _get_queryset(klass)
    try:
        return queryset.get(*args, **kwargs)
    except queryset.model.DoesNotExist:
        raise Http404(
            "No %s matches the given query." % queryset.model._meta.object_name
        )
'''


def test_the_docstring_just_quoted_is_not_named_again(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/admin/sites.py": SITES})
    meaning = next(e for m, e in cards.items() if m.startswith("The model ")).generated["meaning"]
    assert "`AdminSite.unregister()` is documented as: “Unregister the given model\\(s\\)\\.”" in meaning
    assert "The same docstring says of `NotRegistered`: “If a model isn't already registered" in meaning
    assert meaning.count("`AdminSite.unregister()`") == 2


def test_a_docstring_sentence_is_quoted_once(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/shortcuts.py": SHORTCUTS})
    meaning = cards["No {object_name} matches the given query."].generated["meaning"]
    assert meaning.count("raise an Http404 exception if the object does not exist") == 1
