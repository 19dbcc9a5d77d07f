"""Compiled code told from what harvests recorded (issue 30, item 3), not guessed from a type's name: a type of a
recorded extension module or imported from one is compiled code's, a harvested package's own Python module is not
(however its name reads), and only a package never harvested falls back to the guess."""

from errorkb.matching.compiled import CompiledCode, compiled_package
from errorkb.matching.index import MatchIndex
from errorkb.matching.parse import parse
from errorkb.matching.rank import match_text

RECORDED = CompiledCode.from_records(
    [
        {"packages": ["msgpack"], "modules": ["msgpack._cmsgpack"], "names": {"msgpack.Unpacker": "msgpack._cmsgpack"}},
        {"packages": ["pydantic_core"], "modules": ["pydantic_core._pydantic_core"], "names": {
            "pydantic_core.ValidationError": "pydantic_core._pydantic_core"}},
        {"packages": ["fastyaml"], "modules": [], "names": {}},
    ]
)  # fmt: skip


def told(text: str) -> str | None:
    (exception,) = parse(text).exceptions
    return compiled_package(exception, RECORDED)


def test_a_type_of_a_recorded_extension_module_is_compiled_code_whatever_its_name():
    # `_cmsgpack` is not `_msgpack`: no guess from the name would tell.
    assert told("msgpack._cmsgpack.BufferFull: full") == "msgpack"


def test_a_type_a_package_imports_from_its_extension_is_compiled_code():
    assert told("pydantic_core.ValidationError: 1 validation error for Model") == "pydantic_core"


def test_a_harvested_package_s_private_python_module_is_not_compiled_code_however_it_is_named():
    assert told("fastyaml._fastyaml.ScannerError: bad") is None
    (exception,) = parse("fastyaml._fastyaml.ScannerError: bad").exceptions
    assert compiled_package(exception) == "fastyaml"  # what the name alone would have guessed


def test_a_package_never_harvested_is_still_guessed_from_its_name():
    assert told("orjson._orjson.JSONDecodeError: unexpected character") == "orjson"
    assert told("requests.exceptions.HTTPError: 404") is None


def test_a_cython_frame_named_by_a_recorded_module_is_compiled_code():
    text = (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in <module>\n'
        '  File "stream.c", line 481, in msgpack._cmsgpack.Unpacker._unpack\n'
        "msgpack.exceptions.FormatError\n"
    )
    assert told(text) == "msgpack"


def test_the_lookup_says_so_and_offers_no_nearby_card():
    result = match_text(MatchIndex.build([]), "msgpack._cmsgpack.BufferFull: full", limit=3, compiled=RECORDED)
    assert result.compiled == "msgpack"
    assert result.matches == []


class _Counted(frozenset):
    """A module set that counts the names asked of it."""

    asked = 0

    def __contains__(self, name: object) -> bool:
        type(self).asked += 1
        return super().__contains__(name)


def test_a_frame_named_by_64_kib_of_dots_tries_a_bounded_number_of_modules():
    # Each prefix of a 32,768-part name was joined and looked up: seconds of work on one pasted frame.
    known = CompiledCode(frozenset({"msgpack"}), _Counted({"msgpack._cmsgpack"}), {})
    assert known.module_of(" ." * 32_768 + "x") is None
    assert _Counted.asked <= 16
    assert known.module_of("msgpack._cmsgpack.unpackb") == "msgpack._cmsgpack"
