class ParseError(ValueError):
    def __init__(self, line, col, message=None):
        if message is None:
            message = "parse error"
        super().__init__(f"{message} at line {line} col {col}")


class UnexpectedCharError(ParseError):
    def __init__(self, line, col, char):
        super().__init__(line, col, message=f"Unexpected character: {char!r}")


class EmptyKeyError(ParseError):
    def __init__(self, line, col):
        super().__init__(line, col, message="Empty key")


class UnexpectedEofError(ParseError):
    def __init__(self, line, col):
        super().__init__(line, col, message="Unexpected end of file")


class SchemaError(Exception):
    pass


class DateError(ValueError):
    def __str__(self):
        return self.args[0] % self.args[1:]


class MixedArrayTypesError(ParseError):
    def __init__(self, line, col):
        super().__init__(line, col, message="Mixed types found in array")
