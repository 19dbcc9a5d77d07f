"""The `else` of an `if`/`elif` chain of yes-or-no tests said by the one conjunction its truth table leaves (left from
session 15; round 25's card 02 said "A or B and C or D and E or F"): django/template/library.py:57-97 (5.2.19)
raises in `Library.filter` only when `name` is None and `filter_func` is not. Where the table leaves no single
conjunction, each arm is said as before."""

from tests.harvest.published import harvest_published

# Django 5.2.19 django/template/library.py:1, 57-97, the registration branch reduced to its assignment.
LIBRARY = """
class Library:
    def __init__(self):
        self.filters = {}

    def filter(self, name=None, filter_func=None, **flags):
        \"\"\"
        Register a callable as a template filter. Example:

        @register.filter
        def lower(value):
            return value.lower()
        \"\"\"
        if name is None and filter_func is None:
            # @register.filter()
            def dec(func):
                return self.filter_function(func, **flags)

            return dec
        elif name is not None and filter_func is None:
            if callable(name):
                # @register.filter
                return self.filter_function(name, **flags)
            else:
                # @register.filter('somename') or @register.filter(name='somename')
                def dec(func):
                    return self.filter(name, func, **flags)

                return dec
        elif name is not None and filter_func is not None:
            # register.filter('somename', somefunc)
            self.filters[name] = filter_func
            filter_func._filter_name = name
            return filter_func
        else:
            raise ValueError(
                "Unsupported arguments to Library.filter: (%r, %r)"
                % (name, filter_func),
            )

    def filter_function(self, func, **flags):
        return self.filter(func.__name__, func, **flags)

    def pair(self, name=None, func=None):
        if name is None and func is None:
            return None
        elif name is not None and func is not None:
            return (name, func)
        else:
            raise ValueError("Give both or neither: (%r, %r)" % (name, func))
"""


def meanings(git_repo) -> dict[str, str]:
    cards = harvest_published(git_repo, {"django/template/library.py": LIBRARY})
    return {message: str(entry.generated.get("meaning") or "") for message, entry in cards.items()}


def test_the_else_of_a_chain_is_said_by_the_conjunction_its_truth_table_leaves(db, git_repo) -> None:
    said = meanings(git_repo)
    meaning = next(text for message, text in said.items() if message.startswith("Unsupported arguments"))
    assert "the `name` argument is `None` and the `filter_func` argument is not `None`" in meaning
    assert " or " not in meaning.split("`Library.filter()` is documented as")[0]
    # Two cases left (one given without the other): no single conjunction, each arm said as before.
    pair = next(text for message, text in said.items() if message.startswith("Give both or neither"))
    assert " or " in pair
