"""The API's JSON parser: DRF's, with the nesting bound of kb.runtime.jsonsafe (see there why and how)."""

import codecs
import json
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding  # type: ignore[attr-defined]  # DRF 3.18's, not stubbed
from rest_framework.utils import json as strict_json

from kb.runtime.jsonsafe import JSONTooDeep, loads_bounded

# DRF's decoding (NaN and Infinity refused when strict), each decoder made once: json.loads makes one per call
# when given any option.
_STRICT = json.JSONDecoder(parse_constant=strict_json.strict_constant)
_LENIENT = json.JSONDecoder()


class BoundedJSONParser(JSONParser):
    """DRF's JSONParser with the depth bound: every JSON body of the API is read through it."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        return self.parse_bytes(stream.read(), get_encoding(parser_context or {}))

    def parse_bytes(self, body: bytes, encoding: str) -> Any:
        """A body already read (api.match reads it to measure it first)."""
        try:
            text = codecs.decode(body, encoding)
            return loads_bounded(text, decoder=_STRICT if self.strict else _LENIENT)
        except JSONTooDeep as exc:
            raise ParseError(str(exc)) from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
