"""A message that calls a function of its own module (`message + _format_filepos(lineno, pos, filename)`), or joins
a text chosen by a condition (`"... manager.  " + ("rolled back: {exc}.  " if exc else "") + "Please ..."`):
each wording the function returns, or each arm gives, is a wording of the message. Pared down from a templating
library's exception classes (Mako 1.4's CompileException) and an SQL toolkit's raise (SQLAlchemy 2.1)."""

from tests.harvest.test_real_library_forms import sites_of


def test_a_function_of_the_module_is_read_for_the_text_it_returns(tmp_path):
    source = """
    def _format_filepos(lineno, pos, filename):
        if filename is None:
            return " at line: %d char: %d" % (lineno, pos)
        else:
            return " in file '%s' at line: %d char: %d" % (filename, lineno, pos)

    def check(keyword, lineno, pos, filename):
        raise ValueError("No such tag: '%s'" % keyword + _format_filepos(lineno, pos, filename))
    """

    assert sites_of(tmp_path, source, "check") == [
        (
            "ValueError",
            "No such tag: '{keyword}' at line: {lineno} char: {pos}",
            ("No such tag: '{keyword}' in file '{filename}' at line: {lineno} char: {pos}",),
        )
    ]


def test_each_arm_of_a_joined_condition_is_a_wording(tmp_path):
    source = """
    class InvalidRequestError(Exception):
        pass

    def check(trans):
        rollback_exc = trans.rollback_exception
        raise InvalidRequestError(
            "Can't operate on closed transaction.  "
            + (f"It was rolled back: {rollback_exc}.  " if rollback_exc is not None else "")
            + "Please complete the context manager."
        )
    """

    assert sites_of(tmp_path, source, "check") == [
        (
            "InvalidRequestError",
            "Can't operate on closed transaction.  It was rolled back: {rollback_exc}.  Please complete the context "
            "manager.",
            ("Can't operate on closed transaction.  Please complete the context manager.",),
        )
    ]


def test_a_local_of_the_same_name_is_not_the_module_function(tmp_path):
    source = """
    def suffix():
        return " (module)"

    def check(suffix):
        raise ValueError("Bad value" + suffix())
    """

    assert sites_of(tmp_path, source, "check") == [("ValueError", "Bad value{suffix}", ())]
