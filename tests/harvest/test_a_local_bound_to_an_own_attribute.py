"""A local that is only another name for an attribute chain of the object a method runs on (`opts = self._meta`),
read through an attribute in the raise's test (`if opts.abstract:`), is said as the class's attribute chain: "the
`Model`'s `_meta.abstract` is true" (round 32's card 14, which said only "Calling `Model()` raises this"). A local
bound again, or bound to a call, is left unsaid as before."""

import textwrap

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19: django/db/models/base.py:462-469 (`Model.__init__`).
MODEL = textwrap.dedent(
    """
    class Model:
        def __init__(self, *args, **kwargs):
            # Alias some things as locals to avoid repeat global lookups
            cls = self.__class__
            opts = self._meta
            if opts.abstract:
                raise TypeError("Abstract models cannot be instantiated.")
            self.args = args
    """
)

# The same, with the local bound again in a branch: which object the test reads is not one chain.
REBOUND = textwrap.dedent(
    """
    class Model:
        def __init__(self, *args, **kwargs):
            opts = self._meta
            if kwargs:
                opts = kwargs["meta"]
            if opts.abstract:
                raise TypeError("Abstract models cannot be instantiated.")
            self.args = args
    """
)


def test_a_local_naming_an_own_attribute_is_said_as_the_class_s(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/base.py": MODEL})
    meaning = cards["Abstract models cannot be instantiated."].generated["meaning"]
    assert meaning == "Calling `Model()` raises this when the `Model`'s `_meta.abstract` is true."


def test_a_local_bound_again_is_left_unsaid(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/base.py": REBOUND})
    meaning = cards["Abstract models cannot be instantiated."].generated.get("meaning") or ""
    assert "_meta" not in meaning
