"""An exception a helper keeps on the instance (`self._errors.append(error)`) and another method raises later
(`error = self._errors[0]; ...; raise error`): the traceback ends at that later raise, so it is a site of each
exception kept, worded as the helper's callers word it; and a raise of a name bound to a class's call in one arm
and to a kept one in the other is a site of that call too. Pared down from an INI parser (configobj 5.0's
`_handle_error` and `_load`), and on configobj's own source (bench/lookup_corpus.py installs it)."""

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class ConfigError(SyntaxError):
    pass


class NestingError(ConfigError):
    pass


class Parser:
    def load(self, lines):
        self._errors = []
        self.parse(lines)
        if self._errors:
            if len(self._errors) > 1:
                error = ConfigError("Parsing failed with several errors.")
            else:
                error = self._errors[0]
            raise error

    def parse(self, lines):
        for index, line in enumerate(lines):
            if line.startswith("[[["):
                self._handle_error("Section too nested", NestingError, index)

    def _handle_error(self, text, error_class, index):
        message = "{0} at line {1}.".format(text, index + 1)
        error = error_class(message)
        self._errors.append(error)
"""


def test_the_later_raise_is_a_site_of_each_kept_exception(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    at_load = {(s.exception_type, s.signature) for s in found if s.function == "Parser.load"}
    assert ("pkg.mod.NestingError", "Section too nested at line {index}.") in at_load


def test_a_name_bound_to_a_class_s_call_in_one_arm_is_raised_as_that_class(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    at_load = {(s.exception_type, s.signature) for s in found if s.function == "Parser.load"}
    assert ("pkg.mod.ConfigError", "Parsing failed with several errors.") in at_load


def test_an_exception_kept_and_never_raised_again_is_no_site(tmp_path):
    source = SOURCE.replace("            raise error\n", "            return error\n")
    found = harvest_source(tmp_path, source).sites
    assert not [s for s in found if s.function in ("Parser.load", "Parser._handle_error")]


@installed("configobj")
def test_configobj_s_parse_errors_are_found_where_loading_raises_them():
    configobj = imported("configobj")
    for lines in (["[[a]]"], ["[a]", "[a]"], ["key = 1", "key = 2"], ["just a line"], ["x = '''a", "b"]):
        error = raised(lambda lines=lines: configobj.ConfigObj(lines))
        assert found_where_it_ends("configobj", error), str(error)


def test_a_message_held_in_a_local_of_the_arm_is_read_where_the_class_is_called(tmp_path):
    # configobj 5.0.9 `ConfigObj._load` (configobj/__init__.py:1301-1313): `msg` and `error = ConfigObjError(msg)`
    # in one arm, `raise error` after the `if`: the message is read at the call, in its arm, not at the raise.
    source = SOURCE.replace(
        '                error = ConfigError("Parsing failed with several errors.")\n',
        '                msg = "Parsing failed with several errors."\n                error = ConfigError(msg)\n',
    )
    found = harvest_source(tmp_path, source).sites
    at_load = {(s.exception_type, s.signature) for s in found if s.function == "Parser.load"}
    assert ("pkg.mod.ConfigError", "Parsing failed with several errors.") in at_load
