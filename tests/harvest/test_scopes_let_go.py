"""A module's scopes, and the readers of its functions, are let go when the module is read: what the harvest no
longer needs is freed then, not left in cycles for the collector to walk at the harvest's end (it is off during the
harvest)."""

import gc
import textwrap

from kb.harvest.pipeline.scan import scan
from kb.harvest.reading.definitions import Definitions
from kb.harvest.reading.messages import Binding
from kb.harvest.reading.scopes import Scope
from kb.harvest.reading.site_evidence import Owner

# django/forms/forms.py:264-304 (5.2.19), `BaseForm.add_error`, its docstring left out.
SOURCE = """
class BaseForm:
    def add_error(self, field, error):
        if not isinstance(error, ValidationError):
            error = ValidationError(error)

        if hasattr(error, "error_dict"):
            if field is not None:
                raise TypeError(
                    "The argument `field` must be `None` when the `error` "
                    "argument contains errors for multiple fields."
                )
            else:
                error = error.error_dict
        else:
            error = {field or NON_FIELD_ERRORS: error.error_list}

        for field, error_list in error.items():
            if field not in self.errors:
                if field != NON_FIELD_ERRORS and field not in self.fields:
                    raise ValueError(
                        "'%s' has no field named '%s'."
                        % (self.__class__.__name__, field)
                    )
"""


def test_a_read_module_leaves_no_scope_binding_or_reader_in_a_cycle(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "__init__.py").write_text("")
    (tmp_path / "lib" / "forms.py").write_text(textwrap.dedent(SOURCE))
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        sites = scan(tmp_path, progress=False).sites
        gc.collect()
        kept = [type(found) for found in gc.garbage if isinstance(found, (Scope, Binding, Owner, Definitions))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()

    assert sorted(site.exception_type for site in sites) == ["TypeError", "ValueError"]
    assert kept == []
