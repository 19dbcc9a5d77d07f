"""A raising helper handed its caller's text and class, that words its message in a local around the text
(`message = '{0} at line {1}.'.format(text, cur_index)`, then `error = ErrorClass(message, ...)` and `raise
error`): each call is a site of its text with the helper's words around it, at the call and at the helper's
raise, where the traceback ends. Pared down from an INI parser (configobj 5.0's `_handle_error`), and on
configobj's own source (bench/lookup_corpus.py installs it)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
SUFFIX = " (see the manual)"


class ConfigError(SyntaxError):
    def __init__(self, message="", line_number=None, line=""):
        self.line = line
        self.line_number = line_number
        SyntaxError.__init__(self, message)


class NestingError(ConfigError):
    pass


class Parser:
    def parse(self, lines):
        for index, line in enumerate(lines):
            if line.startswith("[[["):
                self._handle_error("Section too nested", NestingError, lines, index)

    def _handle_error(self, text, error_class, lines, index):
        line = lines[index]
        index += 1
        message = "{0} at line {1}.".format(text, index)
        error = error_class(message, index, line)
        raise error

    def check(self, lines):
        self._suffixed("Bad value", NestingError)

    def _suffixed(self, text, error_class):
        message = text + SUFFIX
        raise error_class(message)
"""


def test_each_call_is_a_site_of_its_text_inside_the_helpers_words(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    worded = {(s.function, s.exception_type, s.signature) for s in found}
    assert ("Parser.parse", "pkg.mod.NestingError", "Section too nested at line {index}.") in worded
    assert ("Parser._handle_error", "pkg.mod.NestingError", "Section too nested at line {index}.") in worded


def test_a_value_the_helper_computes_is_a_placeholder_the_message_fills(tmp_path):
    [at_raise] = [s for s in harvest_source(tmp_path, SOURCE).sites if s.function == "Parser._handle_error"]
    assert produces(at_raise.signature, "Section too nested at line 3.")


def test_a_local_that_reads_a_name_from_outside_the_helper_is_not_rebuilt_at_the_call(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert not [s for s in found if s.function in ("Parser.check", "Parser._suffixed")]


@installed("configobj")
def test_configobj_s_parse_errors_are_found_where_they_are_raised():
    configobj = imported("configobj")
    for lines in (["[[a]]"], ["[a]", "[a]"], ["key = 1", "key = 2"], ["key = '''a''' b"]):
        error = raised(lambda lines=lines: configobj.ConfigObj(lines, raise_errors=True))
        assert found_where_it_ends("configobj", error), str(error)


def test_the_helper_s_words_written_in_the_raise_itself_stay_its_own(tmp_path):
    source = SOURCE.replace(
        'message = "{0} at line {1}.".format(text, index)\n        error = error_class(message, index, line)',
        'error = error_class("{0} at line {1}.".format(text, index))',
    )
    found = harvest_source(tmp_path, source).sites
    assert [s.signature for s in found if s.function == "Parser.parse"] == []
