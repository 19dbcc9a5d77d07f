"""`raise MatchError("{0!r} does not match {1!r}", target, spec)` with a class that formats its first argument with
the others when it is printed (`fmt, args = self.args[0], self.args[1:]; return fmt.format(*args)`, in `__str__`
or a method it calls), as dateutil's `ParserError` does with `%`: the message is the template filled in, each
field a placeholder, not the template's braces as text. On a small source and on glom's `MatchError`
(bench/lookup_corpus.py installs it)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import harvested, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class GlomError(Exception):
    def __str__(self):
        return self.get_message()


class MatchError(GlomError):
    def get_message(self):
        fmt, args = self.args[0], self.args[1:]
        return fmt.format(*args)


class ParseError(Exception):
    def __str__(self):
        return self.args[0] % self.args[1:]


def match(target, spec):
    if target != spec:
        raise MatchError("{0!r} does not match {1!r}", target, spec)
    raise ParseError("Unknown string format: %s", target)
"""


def test_the_template_is_filled_by_the_other_arguments(tmp_path):
    found = {s.exception_type.rpartition(".")[2]: s.signature for s in harvest_source(tmp_path, SOURCE).sites}

    assert produces(found["MatchError"], "3 does not match 4")
    assert "{{" not in found["MatchError"]
    assert produces(found["ParseError"], "Unknown string format: nope")


@installed("glom")
def test_glom_s_match_errors_are_worded_as_they_print():
    glom = imported("glom")
    error = raised(lambda: glom.glom(3, glom.Match(4)))
    message = str(error).rstrip().rsplit("\n", 1)[-1].partition(": ")[2]  # its own last line (see the lookup)
    assert message == "3 does not match 4"
    assert any(
        produces(s.signature, message) for s in harvested("glom").sites if s.exception_type.endswith(".MatchError")
    )
