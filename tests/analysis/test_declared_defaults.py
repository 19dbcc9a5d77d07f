"""A claimed default is checked against the files that declare it, whatever else was parsed first: the claims of
one answer are checked in threads, in no fixed order, and the answer must not depend on it."""

from kb.analysis.declarations import Declarations

FIELDS = 'class Disagg(Struct):\n    backend: A[\n        str,\n        Arg(help="The backend."),\n    ] = "mooncake"\n'
ELSEWHERE = "class Other:\n    def set(self):\n        pass\n\nbackend = choose()\n"


def declarations() -> Declarations:
    files = {"fields.py": FIELDS, "other.py": ELSEWHERE}
    found = Declarations(reader=files.__getitem__)
    for path, code in files.items():
        found.index(path, code)
    return found


def test_a_default_after_a_multi_line_annotation_is_found():
    assert declarations().default_values("backend") == {"'mooncake'"}


def test_a_file_parsed_for_another_claim_first_does_not_change_the_default():
    found = declarations()
    assert found.pair_holds("Other", "set") is True  # parses other.py, which binds `backend` at module level
    assert found.default_values("backend") == {"'mooncake'"}
