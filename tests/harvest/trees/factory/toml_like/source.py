from toml_like.exceptions import ParseError


class Source(str):
    def position(self):
        return 1, 0

    def parse_error(self, exception=ParseError, *args, **kwargs):
        line, col = self.position()
        return exception(line, col, *args, **kwargs)

    def inc(self, exception=None):
        if exception:
            raise self.parse_error(exception)
        return False
