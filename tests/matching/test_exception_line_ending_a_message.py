"""glom's errors print a trace and then their own exception line (`... details below.\\n - Spec: ...\\nglom.core.
BadSpec: Limit() only valid in Group mode`): pasted alone, that text is read for the last line's type and message,
which are what the harvest found at the raise. On glom's own errors (bench/lookup_corpus.py installs it)."""

from errorkb.matching.parse import Reading, parse
from tests.harvest.corpus_libs import imported, installed, raised


@installed("glom")
def test_glom_s_message_is_read_from_the_exception_line_it_ends_with():
    glom = imported("glom")
    limit = imported("glom.grouping").Limit
    error = raised(lambda: glom.glom([1, 2, 3], limit(3)))
    text = f"{type(error).__module__}.{type(error).__qualname__}: {error}"
    [exception] = parse(text).exceptions

    assert "\n" in str(error)
    assert Reading("glom.core.BadSpec", "Limit() only valid in Group mode") in exception.readings
