from toml_like import messages
from toml_like.exceptions import (
    DateError,
    EmptyKeyError,
    ParseError,
    SchemaError,
    UnexpectedCharError,
    UnexpectedEofError,
)
from toml_like.source import Source


class Parser:
    def __init__(self, text):
        self._src = Source(text)

    def parse_error(self, exception=ParseError, *args, **kwargs):
        return self._src.parse_error(exception, *args, **kwargs)

    def inc(self, exception=None):
        return self._src.inc(exception=exception)

    def table(self):
        self.inc(exception=UnexpectedEofError)

    def key(self, text):
        if not text:
            raise self.parse_error(EmptyKeyError)
        if text[0] == "=":
            raise self.parse_error(UnexpectedCharError, text[0])
        raise self.parse_error(ParseError, f'Invalid key "{text}"')


def parse(text):
    parser = Parser(text)
    if text.startswith(" "):
        raise parser.parse_error(UnexpectedCharError, char=" ")
    return parser.key(text)


def check(schema):
    if schema is None:
        raise SchemaError(messages.SCHEMA_MISSING)


def date(text, error):
    raise DateError(str(error) + ": %s", text)
