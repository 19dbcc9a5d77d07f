"""`raise SchemaError.create_from(error)`, `raise DBAPIError.instance(...)`, `raise
ParseSyntaxException._from_exception(pe)`: a classmethod of an exception class makes one of that class (`cls`), so
the raise is of the class, not of a type named after the method (jsonschema, SQLAlchemy and pyparsing raise so)."""

from tests.harvest.test_messages import harvest_source

SOURCE = """
class DatabaseError(Exception):
    @classmethod
    def instance(cls, statement, orig):
        return cls(f"({orig}) {statement}")

    def helper(self):
        return 1


def run(statement, orig):
    raise DatabaseError.instance(statement, orig)


def other(statement):
    raise DatabaseError.helper(statement)
"""


def test_a_classmethod_of_an_exception_class_raises_that_class(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert {s.exception_type for s in found if s.function == "run"} == {"pkg.mod.DatabaseError"}


def test_a_plain_method_called_on_the_class_is_no_constructor(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert "pkg.mod.DatabaseError" not in {s.exception_type for s in found if s.function == "other"}
