"""A helper that raises a class its callers pass, with a message they word (`self._handle_error("Duplicate section
name", DuplicateError, infile, cur_index)`): each call is an entry of the class it passes, worded as it words it,
and a site again at the helper's raise, where the traceback ends. The helper's raise is read through its callers,
not skipped as an object held in a variable, and no entry is made of the helper's words alone."""

from tests.harvest.test_messages import harvest_source

HELD = "raises an exception object held in a variable"

# configobj 5.0.9, configobj/__init__.py:203-241 (the classes), 1573-1603 (two callers of _parse) and 1720-1736
# (_handle_error).
CONFIGOBJ = """
class ConfigObjError(SyntaxError):
    def __init__(self, message='', line_number=None, line=''):
        self.line = line
        self.line_number = line_number
        SyntaxError.__init__(self, message)


class NestingError(ConfigObjError):
    \"\"\"
    This error indicates a level of nesting that doesn't match.
    \"\"\"


class DuplicateError(ConfigObjError):
    \"\"\"
    The keyword or section specified already exists.
    \"\"\"


class ConfigObj:
    def _parse(self, infile, mat, parent, cur_index):
        (indent, sect_open, sect_name, sect_close, comment) = mat.groups()
        cur_depth = sect_open.count('[')
        if cur_depth != sect_close.count(']'):
            self._handle_error("Cannot compute the section depth",
                               NestingError, infile, cur_index)
        if sect_name in parent:
            self._handle_error('Duplicate section name',
                               DuplicateError, infile, cur_index)

    def _handle_error(self, text, ErrorClass, infile, cur_index):
        line = infile[cur_index]
        cur_index += 1
        message = '{0} at line {1}.'.format(text, cur_index)
        error = ErrorClass(message, cur_index, line)
        if self.raise_errors:
            # raise the error - parsing stops here
            raise error
        # store the error
        # reraise when parsing has finished
        self._errors.append(error)
"""
RAISE_LINE = 39


def test_the_helpers_raise_is_each_callers_class_and_words(tmp_path):
    found = harvest_source(tmp_path, CONFIGOBJ)
    at_raise = {(s.exception_type.rpartition(".")[2], s.message) for s in found.sites if s.line == RAISE_LINE}
    assert at_raise == {
        ("NestingError", "Cannot compute the section depth at line {cur_index}."),
        ("DuplicateError", "Duplicate section name at line {cur_index}."),
    }
    assert HELD not in found.skipped
