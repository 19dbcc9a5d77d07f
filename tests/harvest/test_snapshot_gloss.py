"""A local bound to an object's state that the code changes before the test reads it holds that state as it was:
round 33's card 22 read "the `stream` argument's `used` does not have exactly `selector_start` items
(`selector_start` is `len(stream.used)`)", a test that taken literally is never true, where `selector_start` is
the count taken once before a loop that consumes tokens. And a `while 1:` loop's test is no condition: the same
card said "`1` holds"."""

from tests.harvest.published import harvest_published

# Reduced from cssselect 1.6.0's cssselect/parser.py:627-763 (`parse_simple_selector`).
PARSER = """
class SelectorSyntaxError(Exception):
    pass


class TokenStream:
    def __init__(self, tokens):
        self.tokens = tokens
        self.used = []

    def next(self):
        token = self.tokens.pop(0)
        self.used.append(token)
        return token

    def peek(self):
        return self.tokens[0]


def parse_simple_selector(stream):
    selector_start = len(stream.used)
    result = None
    while 1:
        peek = stream.peek()
        if peek == ("EOF", None):
            break
        if peek == ("DELIM", "|"):
            # The explicit "no namespace" syntax, e.g. |div: only valid at
            # the very start of a simple selector.
            if len(stream.used) != selector_start:
                raise SelectorSyntaxError(f"Expected selector, got {peek}")
            stream.next()
            result = stream.next()
        else:
            stream.next()
    if len(stream.used) == selector_start:
        raise SelectorSyntaxError(f"Nothing parsed, got {peek}")
    return result
"""


def test_a_count_taken_before_a_loop_that_consumes_is_said_as_it_was_then(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"cssselect/parser.py": PARSER}, repo="example/cssselect")
    for message in ("Expected selector, got {peek}", "Nothing parsed, got {peek}"):
        card = "\n".join(str(value) for value in cards[message].generated.values())
        # Bound at line 20, compared with the count inside the loop (line 29) and after it (line 35).
        assert "`selector_start` is `len(stream.used)` as it was at line 20" in card
        assert "`selector_start` is `len(stream.used)`)" not in card
        assert "`selector_start` is `len(stream.used)`;" not in card
    # The loop's `while 1:` is no condition of the raise inside it.
    inside = "\n".join(str(value) for value in cards["Expected selector, got {peek}"].generated.values())
    assert "`1` holds" not in inside


# Reduced from cssselect 1.6.0's cssselect/parser.py:845-885 (`parse_attrib`).
ATTRIB = """
class SelectorSyntaxError(Exception):
    pass


def parse_attrib(selector, stream):
    op = None
    if op is None:
        next_ = stream.next()
        if next_ == ("DELIM", "]"):
            return selector
        if next_ == ("DELIM", "="):
            op = "="
        elif next_.is_delim("^", "$", "*", "~", "|", "!") and (
            stream.peek() == ("DELIM", "=")
        ):
            op = next_.value + "="
            stream.next()
        else:
            raise SelectorSyntaxError(f"Operator expected, got {next_}")
    return op
"""


def test_a_token_taken_from_a_stream_the_test_peeks_again_is_glossed_once(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"cssselect/parser.py": ATTRIB}, repo="example/cssselect")
    meaning = cards["Operator expected, got {next}"].generated["meaning"]
    # `stream.peek()` is the token after `next_`: `next_` is the one taken at line 8, said so once.
    assert meaning.count("`next_` is `stream.next()` as it was at line 8") == 1
    assert "`next_` is `stream.next()`;" not in meaning
    assert "`next_` is `stream.next()`)" not in meaning


# Reduced from Django 5.2's django/http/multipartparser.py:690-717 (`parse_boundary_stream`).
BOUNDARY = """
class MultiPartParserError(Exception):
    pass


def parse_boundary_stream(stream, max_header_size):
    headers_chunk_size = 1024
    while True:
        if headers_chunk_size > max_header_size:
            raise MultiPartParserError("Request max total header size exceeded.")
        chunk = stream.read(headers_chunk_size)
        header_end = chunk.find(b"\\r\\n\\r\\n")
        if header_end != -1:
            break
        stream.unget(chunk)
        if len(chunk) < headers_chunk_size:
            return stream
        # Double the chunk size.
        headers_chunk_size *= 2
    return chunk[:header_end]
"""


def test_a_local_doubled_further_down_the_loop_is_not_said_to_be_its_first_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/http/multipartparser.py": BOUNDARY})
    card = "\n".join(str(value) for value in cards["Request max total header size exceeded."].generated.values())
    # On the loop's second pass the test reads 2048, then 4096: "`headers_chunk_size` is `1024`" is false there.
    assert "`headers_chunk_size` is `1024`" not in card
    assert "`True` holds" not in card
