"""A harvest's syntax trees are freed by reference counting when it ends: nothing the readers kept (the class index's
readings, whose scopes name the index) holds them in a cycle that only the collector's next full pass would free,
walking every node of them (at the process's end: a million objects for Django)."""

import ast
import gc

from kb.harvest.pipeline.scan import scan
from kb.harvest.reading import container_uses, walked

# django/test/testcases.py:191-201 (5.2.19): the raise's message is what `__init__` set `self.message` to, a reading
# the class index keeps with the scope it was read in.
SOURCE = """
class DatabaseOperationForbidden(AssertionError):
    pass


class _DatabaseFailure:
    def __init__(self, wrapped, message):
        self.wrapped = wrapped
        self.message = message

    def __call__(self):
        raise DatabaseOperationForbidden(self.message)
"""


def test_a_scanned_tree_is_freed_without_the_collector_once_the_harvest_lets_go(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "__init__.py").write_text("")
    (tmp_path / "lib" / "testcases.py").write_text(SOURCE)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        sites = scan(tmp_path, progress=False).sites
        container_uses.let_go()  # as the harvest does when it ends
        walked.let_go()
        # `type()`, not `isinstance()`: the objects include weak proxies whose referent is gone (`isinstance` of
        # one raises `ReferenceError`), left by whatever ran before in the process.
        left = [node for node in gc.get_objects() if type(node) is ast.FunctionDef and node.name == "__call__"]
    finally:
        if enabled:
            gc.enable()

    assert [site.exception_type for site in sites] == ["lib.testcases.DatabaseOperationForbidden"]
    assert left == []
