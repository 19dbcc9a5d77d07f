"""A type named by the public package that re-exports it from a private module (issue 30): a traceback says
`bidict.ValueDuplicationError`, the harvest found `bidict._exc.ValueDuplicationError`; one class."""

from errorkb.matching.rank import type_agreement


def test_a_type_re_exported_from_a_private_module_agrees_with_its_public_name():
    assert type_agreement("bidict.ValueDuplicationError", "bidict._exc.ValueDuplicationError") == 1
    assert type_agreement("dateutil.parser.ParserError", "dateutil.parser._parser.ParserError") == 1


def test_another_class_of_the_same_private_module_still_disagrees():
    assert type_agreement("bidict.ValueDuplicationError", "bidict._exc.KeyDuplicationError") == -1


def test_a_public_module_between_them_is_another_class():
    assert type_agreement("pkg.Error", "pkg.public.Error") == -1
