"""A base's method (or property) whose whole body raises, which the repository's own subclasses define again, is
not raised "every time": a sampled Django card said "Reading `BaseEngine.app_dirname` raises this, every time", where
each of Django's three template engines sets `app_dirname` as a class attribute and never reaches the raise. Like
a method left to subclasses (`NotImplementedError`), the card says it is raised on objects whose class does not
define its own, and which subclasses do; a raise no subclass replaces stays "every time"."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/template/backends/base.py:9-35 and dummy.py:11-13 (`TemplateStrings`).
ENGINES = """
class ImproperlyConfigured(Exception):
    pass


class BaseEngine:
    def __init__(self, params):
        self.name = params.pop("NAME")
        self.app_dirs = params.pop("APP_DIRS")

    @property
    def app_dirname(self):
        raise ImproperlyConfigured(
            "{} doesn't support loading templates from installed "
            "applications.".format(self.__class__.__name__)
        )

    def from_string(self, template_code):
        raise NotImplementedError("subclasses of BaseEngine must provide a from_string() method")

    def close(self):
        raise ImproperlyConfigured("An engine cannot be closed.")


class TemplateStrings(BaseEngine):
    app_dirname = "template_strings"

    def from_string(self, template_code):
        return template_code
"""


def test_a_property_a_subclass_sets_is_read_on_objects_whose_class_does_not(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"template/backends.py": ENGINES}, repo="example/engines")
    [entry] = [
        e for m, e in cards.items() if m.endswith("doesn't support loading templates from installed applications.")
    ]
    meaning = entry.generated["meaning"]
    assert "every time" not in meaning
    assert meaning.startswith(
        "Reading `BaseEngine.app_dirname` raises this unless the object's class defines its own `app_dirname`"
    )
    assert "Of the library's own subclasses, `TemplateStrings` defines it." in meaning
    # A raise no subclass replaces is the base's refusal: every time.
    assert "every time it is called" in cards["An engine cannot be closed."].generated["meaning"]
