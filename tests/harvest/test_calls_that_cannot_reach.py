"""A call whose arguments the callee's signature refuses raises TypeError before the callee's body runs: it is no
caller and no way in to the callee's raises (issue 29, round 24's card 02)."""

from tests.harvest.reach_sources import scanned, ways_in

# django/forms/utils.py:61-80 (Django 5.2.19): the base `as_hidden(self)` takes no keyword, so `__str__`'s
# `self.as_hidden(only_initial=True)` raises TypeError before it; `self.as_widget()` does reach its raise.
FORMS_UTILS = '''
class RenderableFieldMixin:
    def as_hidden(self):
        raise NotImplementedError(
            "Subclasses of RenderableFieldMixin must provide an as_hidden() method."
        )

    def as_widget(self):
        raise NotImplementedError(
            "Subclasses of RenderableFieldMixin must provide an as_widget() method."
        )

    def __str__(self):
        """Render this field as an HTML widget."""
        if self.field.show_hidden_initial:
            return self.as_widget() + self.as_hidden(only_initial=True)
        return self.as_widget()
'''

# django/template/base.py:674-776 (Django 5.2.19), reduced: `args_check` is made a staticmethod by a later
# assignment, so `self.args_check(name, func, args)` hands it three arguments, as it takes.
TEMPLATE_BASE = """
class TemplateSyntaxError(Exception):
    pass


class FilterExpression:
    def __init__(self, token, parser):
        filter_name, args = token, []
        filter_func = parser.find_filter(filter_name)
        self.args_check(filter_name, filter_func, args)

    def args_check(name, func, provided):
        plen = len(provided) + 1
        alen = func.arity
        if plen > alen:
            raise TemplateSyntaxError(
                "%s requires %d arguments, %d provided" % (name, alen, plen)
            )
        return True

    args_check = staticmethod(args_check)
"""


def test_a_keyword_the_base_method_cannot_take_is_no_way_in(tmp_path):
    sites = scanned(tmp_path, {"forms/utils.py": FORMS_UTILS}, "django")
    callers, entry_points = ways_in(sites, "must provide an as_hidden() method")
    assert "RenderableFieldMixin.__str__" not in callers
    assert "RenderableFieldMixin.__str__" not in entry_points
    callers, entry_points = ways_in(sites, "must provide an as_widget() method")
    assert "RenderableFieldMixin.__str__" in callers  # `self.as_widget()` fits: it reaches the raise


def test_a_method_bound_again_in_its_class_keeps_its_callers(tmp_path):
    sites = scanned(tmp_path, {"template/base.py": TEMPLATE_BASE}, "django")
    _, entry_points = ways_in(sites, "requires")
    assert "FilterExpression" in entry_points  # the constructor: `FilterExpression(token, parser)`
