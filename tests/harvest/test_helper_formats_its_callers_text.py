"""A raising helper that formats its caller's text with values it builds itself (`raise GrammarError(
msg.format(**args))`, `args` filled in a loop): each call is a site of the caller's text, every field the helper
fills a placeholder. Pared down from a parser generator (lark 1.3's `GrammarBuilder._grammar_error`)."""

from tests.harvest.test_messages import harvest_source

SOURCE = """
class GrammarError(Exception):
    pass


class GrammarBuilder:
    def _grammar_error(self, is_term, msg, *names):
        args = {}
        for i, name in enumerate(names, start=1):
            postfix = '' if i == 1 else str(i)
            args['name' + postfix] = name
            args['type' + postfix] = ("rule", "terminal")[is_term]
        raise GrammarError(msg.format(**args))

    def _define(self, name, is_term):
        if name in self._definitions:
            self._grammar_error(is_term, "{type} '{name}' defined more than once", name)

    def validate(self, sym, name, d):
        self._grammar_error(d.is_term, "{type} '{name}' used but not defined (in {type2} {name2})", sym, name)
"""


def test_each_call_is_a_site_of_its_text_at_the_helpers_raise(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    at_raise = {s.signature for s in found if s.function == "GrammarBuilder._grammar_error"}
    assert {
        "{type} '{name}' defined more than once",
        "{type} '{name}' used but not defined (in {type2} {name2})",
    } <= at_raise


def test_the_text_is_also_recorded_where_the_caller_words_it(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert ("GrammarBuilder._define", "{type} '{name}' defined more than once") in {
        (s.function, s.signature) for s in found
    }
